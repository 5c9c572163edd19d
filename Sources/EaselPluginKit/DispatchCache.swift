// The dispatch cache: resolved Swift closures by (receiver class, selector,
// super-send start), read on every call without a lock.

import Synchronization

/// What a call is resolved by: the receiver's class, the selector, and for a
/// super-send the class it was sent from; host handles as addresses.
struct DispatchKey: Equatable {
    /// The receiver's class handle (`object_class`).
    var cls: UInt
    /// The interned selector (`_cmd`).
    var selector: UInt
    /// For `[super selector]` sent by a kit class, that class's handle; 0 for a plain send.
    var above: UInt

    /// A cheap mix of the three addresses (they are distinct interned
    /// pointers, so multiplying by odd constants spreads them well enough).
    @inline(__always) var hash: Int {
        var mixed = cls &* 0x9E37_79B9_7F4A_7C15
        mixed ^= selector &* 0xC2B2_AE3D_27D4_EB4F
        mixed ^= above &* 0x1656_67B1_9E37_79F9
        return Int(bitPattern: mixed ^ (mixed >> 29))
    }
}

/// Resolved methods by ``DispatchKey``: an open-addressing table that calls
/// read without locking or allocating, and that a miss fills under a lock.
/// A value is the address of the method's handler box (``MethodShape``),
/// which lives as long as the process.
///
/// Entries are only ever added, never changed or removed (a class's methods
/// never change). A writer stores a slot's key and value, then sets the
/// slot's ready flag with release ordering; a reader that sees the flag with
/// acquire ordering sees both. A reader that finds an empty slot has missed
/// (linear probing: no entry of its key lies beyond) and resolves the call
/// itself. The table is at most half full; when it would be fuller, a copy of
/// twice the size is published instead. Superseded tables are kept (a reader
/// may still be inside one), which costs at most as much as the current one.
///
/// A noncopyable struct, so that it lives inside its ``MethodShape``: a call
/// reaches the current table in one load from the shape.
struct DispatchCache: ~Copyable {
    /// The current table's address.
    private let current: Atomic<UnsafeRawPointer?>
    /// Every table published, the current one last; they are never freed.
    private let tables: Mutex<[CacheTable]>

    init() {
        let first = CacheTable(capacity: 64)
        current = Atomic(UnsafeRawPointer(Unmanaged.passUnretained(first).toOpaque()))
        tables = Mutex([first])
    }

    /// The value cached for `key`, or nil.
    @inline(__always) func lookup(_ key: DispatchKey) -> UInt? {
        let table = Unmanaged<CacheTable>.fromOpaque(current.load(ordering: .acquiring).unsafelyUnwrapped)
        return table._withUnsafeGuaranteedRef { $0.find(key) }
    }

    /// Caches `value` for `key` (nothing changes when another thread cached it first).
    func insert(_ key: DispatchKey, _ value: UInt) {
        tables.withLock { tables in
            var table = tables[tables.count - 1]
            guard table.find(key) == nil else { return }
            if (table.count + 1) * 2 > table.capacity {
                let larger = CacheTable(capacity: table.capacity * 2)
                table.forEachEntry { larger.add($0, $1) }
                tables.append(larger)
                current.store(UnsafeRawPointer(Unmanaged.passUnretained(larger).toOpaque()), ordering: .releasing)
                table = larger
            }
            table.add(key, value)
        }
    }
}

/// One table of a ``DispatchCache``: slots of a ready flag, a key and a value.
final class CacheTable: @unchecked Sendable {
    let mask: Int
    let ready: UnsafeMutablePointer<Atomic<Int>>
    let keys: UnsafeMutablePointer<DispatchKey>
    let values: UnsafeMutablePointer<UInt>
    /// Written under the cache's lock only.
    var count = 0

    init(capacity: Int) {
        mask = capacity - 1
        ready = .allocate(capacity: capacity)
        for index in 0..<capacity { (ready + index).initialize(to: Atomic(0)) }
        keys = .allocate(capacity: capacity)
        values = .allocate(capacity: capacity)
    }

    var capacity: Int { mask + 1 }

    @inline(__always) func find(_ key: DispatchKey) -> UInt? {
        var index = key.hash & mask
        while ready[index].load(ordering: .acquiring) != 0 {
            if keys[index] == key { return values[index] }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Adds an entry that is not there yet; the caller holds the lock and keeps the table under half full.
    func add(_ key: DispatchKey, _ value: UInt) {
        var index = key.hash & mask
        while ready[index].load(ordering: .relaxed) != 0 { index = (index + 1) & mask }
        keys[index] = key
        values[index] = value
        ready[index].store(1, ordering: .releasing)
        count += 1
    }

    /// Every entry, for copying into a larger table (under the lock).
    func forEachEntry(_ body: (DispatchKey, UInt) -> Void) {
        for index in 0...mask where ready[index].load(ordering: .relaxed) != 0 {
            body(keys[index], values[index])
        }
    }
}
