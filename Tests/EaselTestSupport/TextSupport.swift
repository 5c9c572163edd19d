// Font descriptors for the text tests (easel.text.v1), as a plugin builds them.

import EaselABI

/// Calls `body` with an easel_font_desc for Pango's string form `description`, plus optional fields.
public func withFont<R>(
    _ description: String?, family: String? = nil, size: Double = 0, weight: Int32 = 0, style: Int32 = 0,
    _ body: (UnsafePointer<easel_font_desc>) throws -> R
) rethrows -> R {
    func make(_ d: UnsafePointer<CChar>?, _ f: UnsafePointer<CChar>?) throws -> R {
        var desc = easel_font_desc()
        desc.abi_version = UInt32(EASEL_ABI_VERSION_MAJOR) << 16 | UInt32(EASEL_ABI_VERSION_MINOR)
        desc.struct_size = UInt32(MemoryLayout<easel_font_desc>.size)
        desc.description = d
        desc.family = f
        desc.size = size
        desc.weight = weight
        desc.style = style
        return try body(&desc)
    }
    return try withOptionalCString(description) { d in try withOptionalCString(family) { f in try make(d, f) } }
}

public func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) throws -> R) rethrows -> R {
    guard let string else { return try body(nil) }
    return try string.withCString { try body($0) }
}

