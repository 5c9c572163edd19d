/// Owns the memory behind encoded pointers: C strings and the arrays of
/// `EaselPointArray` and `EaselStringArray`.
///
/// ``ValueCodec/encode(_:as:storage:)`` copies such data into a storage and
/// writes its address into the value's bytes; the storage keeps it alive as
/// long as it lives. The registry keeps one for property values (easel.h
/// promises plugins that the host owns them for the registry's life);
/// `easel invoke` keeps one for the duration of a call.
public protocol ValueStorage: AnyObject {
    /// Keeps a copy of `bytes` and returns its address.
    ///
    /// - Parameters:
    ///   - bytes: The data to copy; may be empty (the address is still not NULL).
    ///   - alignment: The alignment the copy needs, a power of two.
    /// - Returns: The copy, valid while the storage lives.
    func keep(_ bytes: [UInt8], alignment: Int) -> UnsafeRawPointer
}

/// A ``ValueStorage`` that frees everything it keeps when it is freed.
public final class ValueArena: ValueStorage {
    private var blocks: [UnsafeMutableRawPointer] = []

    /// Creates an empty arena.
    public init() {}

    /// Keeps a copy of `bytes` until the arena is freed (at least one byte, so never NULL).
    ///
    /// - Parameters:
    ///   - bytes: The data to copy.
    ///   - alignment: The alignment the copy needs, a power of two.
    /// - Returns: The copy's address.
    public func keep(_ bytes: [UInt8], alignment: Int) -> UnsafeRawPointer {
        let block = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: max(alignment, 8))
        bytes.withUnsafeBytes { block.copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(block), byteCount: bytes.count) }
        blocks.append(block)
        return UnsafeRawPointer(block)
    }

    deinit {
        blocks.forEach { $0.deallocate() }
    }
}
