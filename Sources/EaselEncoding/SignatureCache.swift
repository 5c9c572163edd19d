import Synchronization

/// A thread-safe, bounded cache of parsed method signatures keyed by the
/// exact encoding string.
///
/// `MethodSignature.cached(_:)` uses the process-wide ``shared`` instance;
/// tests create their own to observe parsing without interference.
///
/// Policy:
/// * Parsing happens while the lock is held, so a string is parsed at most
///   once per cache even when many threads ask for it at the same time.
///   Encodings are at most 4096 bytes, so the critical section is short.
/// * Only successes are stored. A malformed encoding is reparsed (and throws)
///   on every call; plugins with bad encodings are refused at load, so there
///   is nothing to gain from remembering failures, and not storing them means
///   hostile input cannot grow the cache.
/// * At most ``capacity`` signatures are stored; once full, new strings are
///   parsed on every call and existing entries stay.
package final class SignatureCache: Sendable {
    /// The cache behind `MethodSignature.cached(_:)`.
    package static let shared = SignatureCache()

    /// The number of signatures a cache stores at most.
    package let capacity: Int

    private struct State {
        var entries: [String: MethodSignature] = [:]
        var parses = 0
    }

    private let state = Mutex(State())

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - capacity: The most signatures to store; 1024 by default.
    package init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    /// The cached signature for `encoding`, parsing it on a miss.
    ///
    /// - Parameters:
    ///   - encoding: The method encoding.
    /// - Throws: `EncodingError` if the encoding is malformed.
    package func signature(for encoding: String) throws(EncodingError) -> MethodSignature {
        try state.withLock { (state) throws(EncodingError) -> MethodSignature in
            if let hit = state.entries[encoding] { return hit }
            state.parses += 1
            let signature = try MethodSignature(parsing: encoding)
            if state.entries.count < capacity {
                state.entries[encoding] = signature
            }
            return signature
        }
    }

    /// How many times this cache has parsed (hits do not count).
    package var parseCount: Int { state.withLock { $0.parses } }

    /// How many signatures this cache holds.
    package var count: Int { state.withLock { $0.entries.count } }
}
