extension ValueCodec {
    /// Names an object, class or selector a result holds: the front end that
    /// knows them (`easel invoke`: `<Chart: 0x…; lineWidth = 2>`, `Chart`,
    /// `drawRect:`). Returns `nil` for a pointer it does not know, which then
    /// prints in hexadecimal.
    public typealias Names = (UnsafeRawPointer, TypeEncoding) -> String?

    /// Formats a value of `type` from its bytes, as `easel invoke` prints a result.
    ///
    /// Integers in decimal; reals as the shortest text that reads back to the
    /// same value at the type's own precision (`0.05` for a `float`, never the
    /// widened double), without a needless fraction; complex numbers as
    /// `1.5+2i`; `BOOL` as `true` or `false`; a C string quoted; objects,
    /// classes and selectors as `names` gives them, other pointers in
    /// hexadecimal (`NULL`, or `nil` for an object or class, for none); arrays
    /// in brackets; structs in braces, with their field names when they are
    /// known (``TypeEncoding/fieldNames``): `{x: 10, y: 20}`,
    /// `{origin: {x: 0, y: 0}, size: {width: 10, height: 20}}`, `{3, 0.25}`.
    /// `easel invoke` reads every such text back, except pointers.
    ///
    /// - Parameters:
    ///   - bytes: At least `type.size` bytes.
    ///   - type: The value's type.
    ///   - names: Names objects, classes and selectors; without it they print in hexadecimal.
    /// - Returns: Text such as `42`, `0.5`, `true`, `{width: 60, height: 60}` or `{3, 0.25}`.
    public static func format(_ bytes: UnsafeRawBufferPointer, as type: TypeEncoding, names: Names? = nil) -> String {
        func load<T: BitwiseCopyable>(_: T.Type) -> T { bytes.loadUnaligned(as: T.self) }
        func integer<T: FixedWidthInteger & BitwiseCopyable>(_: T.Type) -> String { String(load(T.self)) }
        switch type {
        case .void: return ""
        case .char, .unsignedChar, .short, .unsignedShort, .int, .long, .unsignedInt, .unsignedLong, .longLong, .unsignedLongLong:
            return type.integerType.map { integer($0) } ?? ""
        case .float, .double, .longDouble: return RealFormat.format(bytes, as: type)
        case .complexFloat, .complexDouble, .complexLongDouble:
            guard let part = type.complexPart else { return "" }
            let real = RealFormat.format(bytes, as: part)
            let imaginary = RealFormat.format(UnsafeRawBufferPointer(rebasing: bytes[part.size...]), as: part)
            return real + (imaginary.hasPrefix("-") ? "" : "+") + imaginary + "i"
        case .bool: return load(UInt8.self) != 0 ? "true" : "false"
        case .cString:
            guard let pointer = load(UnsafePointer<CChar>?.self) else { return "NULL" }
            return "\"\(String(cString: pointer))\""
        case .object, .class, .selector, .pointer, .unknown:
            guard let pointer = load(UnsafeRawPointer?.self) else { return type == .object || type == .class ? "nil" : "NULL" }
            if let name = names?(pointer, type) { return name }
            return "0x" + String(UInt(bitPattern: pointer), radix: 16)
        case .array(let count, let element):
            return "[" + (0..<count).map { index in
                format(UnsafeRawBufferPointer(rebasing: bytes[(index * element.size)...]), as: element, names: names)
            }.joined(separator: ", ") + "]"
        case .structure:
            let fieldNames = type.fieldNames
            let parts = (type.members ?? []).enumerated().map { index, member in
                let text = format(UnsafeRawBufferPointer(rebasing: bytes[member.offset...]), as: member.type, names: names)
                return fieldNames.map { "\($0[index]): \(text)" } ?? text
            }
            return "{" + parts.joined(separator: ", ") + "}"
        }
    }

    /// A real number without a needless fraction: `60`, `0.5`, `-3.25`.
    ///
    /// - Parameter value: The number.
    /// - Returns: An integral value below 10^15 as an integer, any other as Swift prints it.
    public static func formatReal(_ value: Double) -> String {
        RealFormat.shortest(value)
    }
}
