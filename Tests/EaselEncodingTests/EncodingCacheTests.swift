import EaselEncoding
import EaselInvocation
import Testing

/// A value with an identity, to tell a stored value from an equal new one.
private final class Made: Sendable {
    let key: String
    init(_ key: String) { self.key = key }
}

private struct Refused: Error {}

@Suite("EncodingCache: the one policy for parsed encodings")
struct EncodingCacheTests {
    @Test("a hit returns the stored value itself, made once")
    func hits() {
        let cache = EncodingCache<Made>()
        let first = cache.value(for: "v@:") { Made($0) }
        let second = cache.value(for: "v@:") { Made($0) }
        #expect(first === second)
        #expect(first.key == "v@:")
        #expect(cache.missCount == 1)
        #expect(cache.count == 1)
    }

    @Test("at the bound, stored values stay and new keys are made on every call", arguments: [1, 3])
    func bound(capacity: Int) {
        let cache = EncodingCache<Made>(capacity: capacity)
        let stored = (0..<capacity).map { index in cache.value(for: "k\(index)") { Made($0) } }
        let extraA = cache.value(for: "extra") { Made($0) }
        let extraB = cache.value(for: "extra") { Made($0) }
        #expect(extraA !== extraB)
        #expect(cache.count == capacity)
        #expect(cache.missCount == capacity + 2)
        for (index, value) in stored.enumerated() {
            #expect(cache.value(for: "k\(index)") { Made($0) } === value)
        }
        #expect(cache.missCount == capacity + 2)
    }

    @Test("failures are not stored: each call tries again")
    func failures() {
        let cache = EncodingCache<Made>(capacity: 2)
        for _ in 0..<3 {
            #expect(throws: Refused.self) { try cache.value(for: "bad") { (_) throws(Refused) -> Made in throw Refused() } }
        }
        #expect(cache.count == 0)
        #expect(cache.missCount == 3)
        // The same key succeeds once it can be made, and is stored then.
        let made = cache.value(for: "bad") { Made($0) }
        #expect(cache.value(for: "bad") { Made($0) } === made)
        #expect(cache.count == 1)
    }

    @Test("concurrent callers of one key share one value, made once")
    func concurrent() async {
        let cache = EncodingCache<Made>()
        let values = await withTaskGroup(of: Made.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    cache.value(for: "v@:@") { Made($0) }
                }
            }
            var all: [Made] = []
            for await value in group { all.append(value) }
            return all
        }
        #expect(values.count == 64)
        #expect(values.allSatisfy { $0 === values[0] })
        #expect(cache.missCount == 1)
    }

    @Test("signatures and call frames go through it: the same objects come back")
    func users() throws {
        let encoding = "v@:{EncodingCacheTests=dd}q"
        let signature = try MethodSignature.cached(encoding)
        #expect(try MethodSignature.cached(encoding) == signature)
        #expect(SignatureCache.shared.count >= 1)
        let frame = try CallFrame.cached(for: signature)
        #expect(try CallFrame.cached(for: signature) === frame)
    }
}
