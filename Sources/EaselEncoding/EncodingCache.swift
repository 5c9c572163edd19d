import Synchronization

/// A thread-safe, bounded cache of values made from encoding strings: the
/// one cache policy for everything Easel parses or prepares from an `@encode`.
///
/// Method signatures (``MethodSignature/cached(_:)``), call frames
/// (`CallFrame.cached(for:)`) and the property types a plugin probe reads all
/// go through an `EncodingCache`, keyed by the exact encoding string. The
/// policy, as GNUstep's NSMethodSignature cache and GStreamer's registry keep
/// theirs, is deliberately simple:
///
/// * **Thread safety.** One `Synchronization.Mutex` guards the entries. A
///   miss makes the value while holding the lock, so a key is made at most
///   once per cache even when many threads ask for it at the same time. Making
///   a value (parsing an encoding of at most 4096 bytes, preparing a libffi
///   call interface) is short; it must not use the same cache.
/// * **Bound.** At most ``capacity`` values are stored (1024 by default: a
///   scan of every sample plugin sees a few dozen distinct encodings).
/// * **At the bound** nothing is evicted: the stored values stay, so a value
///   handed out for a key is the value for that key for the life of the
///   cache, and new keys are made on every call and returned without being
///   stored.
/// * **Failures are not cached.** A key whose value cannot be made throws on
///   every call, so a stream of distinct malformed strings cannot fill the
///   cache, and nothing remembers input that was refused.
package final class EncodingCache<Value: Sendable>: Sendable {
    /// The number of values a cache stores at most.
    package let capacity: Int

    private struct State {
        var entries: [String: Value] = [:]
        var misses = 0
    }

    private let state = Mutex(State())

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - capacity: The most values to store; 1024 by default.
    package init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    /// The stored value for `key`, or the one `make` makes from it on a miss.
    ///
    /// `make` runs under the cache's lock; its value is stored when it
    /// succeeds and the cache is not full. An error it throws is rethrown
    /// and nothing is stored.
    ///
    /// - Parameters:
    ///   - key: The encoding string.
    ///   - make: Makes the value for `key`.
    /// - Throws: Whatever `make` throws.
    package func value<Failure: Error>(
        for key: String, orMake make: (String) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        try state.withLock { (state) throws(Failure) -> Value in
            if let hit = state.entries[key] { return hit }
            state.misses += 1
            let value = try make(key)
            if state.entries.count < capacity {
                state.entries[key] = value
            }
            return value
        }
    }

    /// How many times this cache has called `make` (hits do not count; failures do).
    package var missCount: Int { state.withLock { $0.misses } }

    /// How many values this cache holds.
    package var count: Int { state.withLock { $0.entries.count } }
}
