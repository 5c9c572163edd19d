// The host table, interned selectors, and memory that outlives every call.

import EaselABI
import Synchronization

/// The host's function tables, kept from the first call to the entry point.
///
/// The host hands the same table to every entry-point call and keeps it for
/// the life of the process (easel.h: "The host table"). Calls come on the
/// host's main thread (easel.h: "Threads"); a process may still run several
/// registries, each on its own thread (the test suite does), so the kit's
/// caches, shared by all of them, are guarded by locks, and the table is
/// written once, under the entry point's lock, before any method can run.
@usableFromInline
enum Host {
    /// Unchecked exclusivity: written once, under the entry point's lock,
    /// before any method can run, then only read; a checked global costs
    /// every call into the host a dynamic access check (`swift_beginAccess`,
    /// ~75 instructions and a thread-local lookup).
    @exclusivity(unchecked)
    @usableFromInline nonisolated(unsafe) static var table: UnsafePointer<easel_host_api>?

    /// The host's function table; only valid once the entry point has run.
    @inlinable static var api: easel_host_api { table.unsafelyUnwrapped.pointee }

    /// The host's drawing functions.
    @inlinable static var graphics: easel_graphics_api { api.graphics.unsafelyUnwrapped.pointee }

    /// The host's view functions.
    @inlinable static var views: easel_view_api { api.views.unsafelyUnwrapped.pointee }

    /// Interned selectors and class handles by name (as addresses). Both are
    /// the host's interned names, the same in every registry of the
    /// process, so a found one is kept.
    private static let selectors = Mutex<[String: UInt]>([:])
    private static let classes = Mutex<[String: UInt]>([:])
    /// The first class names looked up, searched before `classes` without
    /// hashing: a plugin asks for a few names over and over (`isKind(of:)`
    /// in drawing code), and comparing a short name is two words.
    private static let recentClasses = Mutex<[(name: String, address: UInt)]>([])
    private static let recentClassLimit = 16

    /// The host's selector for `name`.
    static func selector(_ name: String) -> OpaquePointer? {
        if let known = selectors.withLock({ $0[name] }) { return OpaquePointer(bitPattern: known) }
        guard table != nil, let interned = api.sel_register(name) else { return nil }
        let address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(interned)))
        selectors.withLock { $0[name] = address }
        return interned
    }

    /// A class handle by name, or nil (class_named works only once the classes are registered).
    static func classNamed(_ name: String) -> OpaquePointer? {
        let recent = recentClasses.withLock { entries -> UInt? in
            for entry in entries where entry.name == name { return entry.address }
            return nil
        }
        if let recent { return OpaquePointer(bitPattern: recent) }
        if let known = classes.withLock({ $0[name] }) { return OpaquePointer(bitPattern: known) }
        guard table != nil, let found = api.class_named(name) else { return nil }
        let address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(found)))
        classes.withLock { $0[name] = address }
        recentClasses.withLock { entries in
            if entries.count < recentClassLimit, !entries.contains(where: { $0.name == name }) {
                entries.append((name, address))
            }
        }
        return found
    }
}

/// The packed ABI version this kit was compiled against.
let abiVersion = UInt32(EASEL_ABI_VERSION)

// MARK: - Memory

/// Memory the kit hands to the host for the rest of the process: descriptors,
/// their strings and default values (easel.h: "Ownership").
enum Permanent {
    /// A NUL-terminated UTF-8 copy of `string` that is never freed.
    static func cString(_ string: String) -> UnsafePointer<CChar> {
        let bytes = string.utf8CString
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { copy.initialize(from: $0.baseAddress!, count: bytes.count) }
        return UnsafePointer(copy)
    }

    /// A copy of `elements` that is never freed (nil when empty).
    static func array<Element>(_ elements: [Element]) -> UnsafePointer<Element>? {
        guard !elements.isEmpty else { return nil }
        let copy = UnsafeMutablePointer<Element>.allocate(capacity: elements.count)
        copy.initialize(from: elements, count: elements.count)
        return UnsafePointer(copy)
    }

    /// A copy of `value` that is never freed.
    static func value<Value>(_ value: Value) -> UnsafePointer<Value> {
        let copy = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        copy.initialize(to: value)
        return UnsafePointer(copy)
    }
}

/// Buffers the kit allocated for string and array values it stored in
/// objects. When a value is replaced, its buffer is freed only if it is in
/// this set: values the host stored (from a scene file) and defaults belong
/// to someone else (easel.h: easel_point_array).
enum OwnedBuffers {
    /// The addresses of the buffers the kit owns.
    private static let buffers = Mutex<Set<UInt>>([])
    /// Set while default values are made, on the thread building the plugin's description.
    nonisolated(unsafe) private static var permanent = false

    /// Allocates `byteCount` bytes that the kit owns until ``release(_:)``
    /// (inside ``withPermanentAllocations(_:)``: for good).
    static func allocate(byteCount: Int) -> UnsafeMutableRawPointer {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 1), alignment: 16)
        if !permanent {
            let address = UInt(bitPattern: Int(bitPattern: buffer))
            buffers.withLock { _ = $0.insert(address) }
        }
        return buffer
    }

    /// Runs `body` with allocations that are never freed (default values);
    /// only while the plugin's description is built, under the entry point's lock.
    static func withPermanentAllocations<Result>(_ body: () -> Result) -> Result {
        permanent = true
        defer { permanent = false }
        return body()
    }

    /// Frees `buffer` if the kit allocated it and has not freed it yet.
    static func release(_ buffer: UnsafeRawPointer?) {
        guard let buffer else { return }
        let address = UInt(bitPattern: Int(bitPattern: buffer))
        guard buffers.withLock({ $0.remove(address) != nil }) else { return }
        UnsafeMutableRawPointer(mutating: buffer).deallocate()
    }
}
