#if canImport(Glibc)
import Glibc
#endif
import EaselEncoding

/// Reading typed values from text and writing them back, by type encoding.
///
/// The text forms are the ones the CLI documents: integers, reals, booleans
/// (`true`/`false`/`yes`/`no`/`1`/`0`), strings, a struct of doubles as
/// comma-separated numbers (a rect `x,y,w,h`, a point `x,y`, a size `w,h`,
/// a transform `a,b,c,d,tx,ty`), and colours as `#rrggbb` or `#rrggbbaa`.
/// Values are formatted the way Foundation prints geometry:
/// `{{0, 0}, {100, 50}}` for a rect, `{60, 60}` for a size.
public enum ValueText {
    /// Resolves the text of an argument that is a pointer (`@`, `^v`, …) into a pointer value.
    public typealias PointerResolver = (_ text: String, _ type: TypeEncoding) throws(RuntimeError) -> UnsafeMutableRawPointer?

    /// Parses `text` as a value of `type`.
    ///
    /// - Parameters:
    ///   - text: The argument as the user typed it.
    ///   - type: The declared type.
    ///   - strings: Keeps C strings made for `*` arguments alive; free it after the call.
    ///   - resolvePointer: Turns text into a pointer for `@`, `#`, `^T` arguments.
    /// - Returns: The value's bytes, exactly `type.size` of them.
    /// - Throws: ``RuntimeError`` naming the expected form when `text` does not parse.
    public static func parse(_ text: String, as type: TypeEncoding, strings: StringArena,
                             resolvePointer: PointerResolver) throws(RuntimeError) -> [UInt8] {
        func bad(_ expected: String) -> RuntimeError {
            RuntimeError(.badArgument, "'\(text)' is not \(expected)")
        }
        func integer<T: FixedWidthInteger>(_: T.Type) throws(RuntimeError) -> [UInt8] {
            let trimmed = text.trimmingSpaces
            let value: T?
            if trimmed.lowercased().hasPrefix("0x") { value = T(trimmed.dropFirst(2), radix: 16) } else { value = T(trimmed) }
            guard let value else { throw bad("\(type.readableName) (an integer from \(T.min) to \(T.max))") }
            return withUnsafeBytes(of: value, Array.init)
        }
        switch type {
        case .char: return try integer(Int8.self)
        case .unsignedChar: return try integer(UInt8.self)
        case .short: return try integer(Int16.self)
        case .unsignedShort: return try integer(UInt16.self)
        case .int, .long: return try integer(Int32.self)
        case .unsignedInt, .unsignedLong: return try integer(UInt32.self)
        case .longLong: return try integer(Int64.self)
        case .unsignedLongLong: return try integer(UInt64.self)
        case .float:
            guard let value = Float(text.trimmingSpaces) else { throw bad("a float") }
            return withUnsafeBytes(of: value, Array.init)
        case .double:
            guard let value = Double(text.trimmingSpaces) else { throw bad("a double") }
            return withUnsafeBytes(of: value, Array.init)
        case .bool:
            switch text.trimmingSpaces.lowercased() {
            case "true", "yes", "1": return [1]
            case "false", "no", "0": return [0]
            default: throw bad("a boolean (true or false)")
            }
        case .cString:
            let pointer = strings.make(text)
            return withUnsafeBytes(of: UnsafeMutableRawPointer(pointer), Array.init)
        case .object, .class, .selector, .pointer:
            let pointer = try resolvePointer(text, type)
            return withUnsafeBytes(of: pointer, Array.init)
        case .structure(let name, _):
            if name == "EaselColor", text.hasPrefix("#") {
                guard let color = parseColor(text) else { throw bad("a colour (#rrggbb or #rrggbbaa)") }
                return color.withUnsafeBytes(Array.init)
            }
            let leaves = type.doubleLeafCount
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingSpaces) }
            guard let leaves, parts.count == leaves, parts.allSatisfy({ $0 != nil }) else {
                throw bad(structForm(type))
            }
            return parts.map { $0! }.withUnsafeBytes(Array.init)
        case .void, .unknown, .array:
            throw RuntimeError(.badArgument, "arguments of type \(type.readableName) cannot be given as text")
        }
    }

    /// The text form a struct argument takes, for error messages.
    public static func structForm(_ type: TypeEncoding) -> String {
        guard case .structure(let name, _) = type else { return type.readableName }
        switch name {
        case "CGRect": return "a CGRect (x,y,w,h)"
        case "CGPoint": return "a CGPoint (x,y)"
        case "CGSize": return "a CGSize (w,h)"
        case "CGAffineTransform": return "a CGAffineTransform (a,b,c,d,tx,ty)"
        case "EaselColor": return "a colour (#rrggbb, #rrggbbaa or r,g,b,a)"
        default:
            if let count = type.doubleLeafCount { return "a \(type.readableName) (\(count) comma-separated numbers)" }
            return "a \(type.readableName)"
        }
    }

    /// Parses `#rrggbb` or `#rrggbbaa` into four doubles in 0...1 (red, green, blue, alpha).
    public static func parseColor(_ text: String) -> [Double]? {
        let hex = text.dropFirst()
        guard text.hasPrefix("#"), hex.count == 6 || hex.count == 8, let value = UInt32(hex, radix: 16) else { return nil }
        let full = hex.count == 6 ? (value << 8) | 0xFF : value
        return [24, 16, 8, 0].map { Double((full >> UInt32($0)) & 0xFF) / 255 }
    }

    /// Formats a value of `type` from its bytes.
    ///
    /// - Parameters:
    ///   - bytes: At least `type.size` bytes.
    ///   - type: The value's type.
    /// - Returns: Text such as `42`, `0.5`, `true`, `{60, 60}` or `{{0, 0}, {10, 20}}`.
    public static func format(_ bytes: UnsafeRawBufferPointer, as type: TypeEncoding) -> String {
        func load<T: BitwiseCopyable>(_: T.Type) -> T { bytes.loadUnaligned(as: T.self) }
        switch type {
        case .void: return ""
        case .char: return String(load(Int8.self))
        case .unsignedChar: return String(load(UInt8.self))
        case .short: return String(load(Int16.self))
        case .unsignedShort: return String(load(UInt16.self))
        case .int, .long: return String(load(Int32.self))
        case .unsignedInt, .unsignedLong: return String(load(UInt32.self))
        case .longLong: return String(load(Int64.self))
        case .unsignedLongLong: return String(load(UInt64.self))
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
    public static func formatReal(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

/// C strings made for `*` arguments, freed together.
public final class StringArena {
    private var strings: [UnsafeMutablePointer<CChar>] = []
    private var buffers: [UnsafeMutableRawPointer] = []
    /// Creates an empty arena.
    public init() {}
    /// A NUL-terminated copy of `text`, valid until the arena is freed.
    public func make(_ text: String) -> UnsafeMutablePointer<CChar> {
        let copy = strdup(text)!
        strings.append(copy)
        return copy
    }
    /// A copy of an array of plain values, valid until the arena is freed (NULL-free: at least one byte).
    public func copy<T: BitwiseCopyable>(_ values: [T]) -> UnsafePointer<T> {
        let buffer = UnsafeMutableRawPointer.allocate(
            byteCount: max(MemoryLayout<T>.stride * values.count, 1), alignment: max(MemoryLayout<T>.alignment, 8))
        buffers.append(buffer)
        let typed = buffer.bindMemory(to: T.self, capacity: values.count)
        typed.initialize(from: values, count: values.count)
        return UnsafePointer(typed)
    }
    deinit {
        strings.forEach { free($0) }
        buffers.forEach { $0.deallocate() }
    }
}

extension TypeEncoding {
    /// For a struct made only of doubles (at any depth), how many there are.
    package var doubleLeafCount: Int? {
        switch self {
        case .double: return 1
        case .structure(_, let fields):
            var total = 0
            for field in fields {
                guard let count = field.doubleLeafCount else { return nil }
                total += count
            }
            return total > 0 ? total : nil
        default: return nil
        }
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
