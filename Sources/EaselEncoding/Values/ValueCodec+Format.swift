extension ValueCodec {
    /// Formats a value of `type` from its bytes, as `easel invoke` prints a result.
    ///
    /// Integers in decimal, reals without a needless fraction (``formatReal(_:)``),
    /// `BOOL` as `true` or `false`, a C string quoted, other pointers in
    /// hexadecimal (`NULL` for none), arrays in brackets and structs in braces
    /// the way Foundation prints geometry: `{{0, 0}, {100, 50}}` for a rect.
    ///
    /// - Parameters:
    ///   - bytes: At least `type.size` bytes.
    ///   - type: The value's type.
    /// - Returns: Text such as `42`, `0.5`, `true`, `{60, 60}` or `{{0, 0}, {10, 20}}`.
    public static func format(_ bytes: UnsafeRawBufferPointer, as type: TypeEncoding) -> String {
        func load<T: BitwiseCopyable>(_: T.Type) -> T { bytes.loadUnaligned(as: T.self) }
        func integer<T: FixedWidthInteger & BitwiseCopyable>(_: T.Type) -> String { String(load(T.self)) }
        switch type {
        case .void: return ""
        case .char, .unsignedChar, .short, .unsignedShort, .int, .long, .unsignedInt, .unsignedLong, .longLong, .unsignedLongLong:
            return type.integerType.map { integer($0) } ?? ""
        case .float: return formatReal(Double(load(Float.self)))
        case .double: return formatReal(load(Double.self))
        case .bool: return load(UInt8.self) != 0 ? "true" : "false"
        case .cString:
            guard let pointer = load(UnsafePointer<CChar>?.self) else { return "NULL" }
            return "\"\(String(cString: pointer))\""
        case .object, .class, .selector, .pointer, .unknown:
            guard let pointer = load(UnsafeRawPointer?.self) else { return "NULL" }
            return "0x" + String(UInt(bitPattern: pointer), radix: 16)
        case .array(let count, let element):
            return "[" + (0..<count).map { index in
                format(UnsafeRawBufferPointer(rebasing: bytes[(index * element.size)...]), as: element)
            }.joined(separator: ", ") + "]"
        case .structure(_, let fields):
            var offset = 0
            var parts: [String] = []
            for field in fields {
                let alignment = max(field.alignment, 1)
                offset = (offset + alignment - 1) / alignment * alignment
                parts.append(format(UnsafeRawBufferPointer(rebasing: bytes[offset...]), as: field))
                offset += field.size
            }
            return "{" + parts.joined(separator: ", ") + "}"
        }
    }

    /// A real number without a needless fraction: `60`, `0.5`, `-3.25`.
    ///
    /// - Parameter value: The number.
    /// - Returns: An integral value below 10^15 as an integer, any other as Swift prints it.
    public static func formatReal(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
