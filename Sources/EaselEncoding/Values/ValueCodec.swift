// The value codec: one way from a value to the bytes of a C type.
//
// Design
// ------
// Two front ends give the host typed values: scene files (JSON, for properties,
// frames and steps) and `easel invoke` (text, for a method's arguments). Both
// reduce what they read to a `Value` and hand it to `ValueCodec.encode(_:as:storage:)`
// with the type encoding it is for, so that every rule lives once:
//
// * Integers are checked against the type's range: a JSON number must be
//   integral and fit (`T(exactly:)`); text is read exactly, in decimal or
//   `0x` hexadecimal, so that 64-bit values survive.
// * Reals: a JSON number, or text Swift reads as a `Double` (or `Float`).
// * `BOOL`: JSON `true`/`false`, or the text `true`, `false`, `yes`, `no`,
//   `1`, `0` in any case.
// * C strings (`*`): the string is copied into a `ValueStorage`, which owns it
//   (the registry's for properties, as easel.h promises; one per call for
//   `invoke`), and the value is its address.
// * Structs are filled field by field at their C offsets, nested structs and
//   arrays flattened into one list of leaves: text as comma-separated values
//   (`1,2` for a CGPoint), JSON as a flat array of numbers. CGPoint, CGSize,
//   CGRect, CGAffineTransform and EaselColor are named in messages by their
//   usual forms (`a point [x, y]`, `a CGRect (x,y,w,h)`); a colour is also
//   `#rrggbb` or `#rrggbbaa` (one parser for both front ends), and as JSON
//   three numbers (alpha 1) or four.
// * `EaselPointArray` and `EaselStringArray` ({^T, Q}) come from a JSON array
//   of their elements, copied into the storage.
// * Objects, classes, selectors and other pointers have no value form: the
//   front ends make them (a scene's `{"class": …}`, invoke's `self`).
//
// Errors are `ValueError`s with the list path inside the value and the
// message in words; the front ends put their own location in front (a JSON
// path, an argument number) and, for scenes, what the value was for.
// `format(_:as:)` goes the other way for invoke's results, and `textForm` is
// the form a type's text takes, for usage lines. Nothing here uses Foundation.

/// Encodes values by type encoding, and formats bytes back as text.
///
/// ```swift
/// let storage = ValueArena()
/// let rect = try ValueCodec.encode(.text("0,0,10,20"), as: .rect, storage: storage)
/// rect.withUnsafeBytes { ValueCodec.format($0, as: .rect) }   // "{{0, 0}, {10, 20}}"
/// ```
public enum ValueCodec {
    /// Encodes `value` as a value of `type`.
    ///
    /// - Parameters:
    ///   - value: A JSON value, or ``Value/text(_:)`` as a person typed it.
    ///   - type: The type to encode as.
    ///   - storage: Keeps the C strings and arrays the bytes point to.
    /// - Returns: Exactly `type.size` bytes.
    /// - Throws: ``ValueError`` with the path inside `value` and what was expected there.
    public static func encode(_ value: Value, as type: TypeEncoding,
                              storage: some ValueStorage) throws(ValueError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: type.size)
        try write(value, as: type, into: &bytes, at: 0, storage: storage)
        return bytes
    }

    /// Reads exactly `count` finite numbers from a JSON array.
    ///
    /// - Parameters:
    ///   - value: The array.
    ///   - count: How many numbers it must hold.
    ///   - form: How the array reads in messages: "a point [x, y]".
    /// - Returns: The numbers.
    /// - Throws: ``ValueError``: `expected FORM, got KIND` for another value or
    ///   count, `expected a number, got KIND (in FORM)` at the first element that is not one.
    public static func numbers(_ value: Value, count: Int, form: String) throws(ValueError) -> [Double] {
        try numbers(value, counts: [count], form: form)
    }

    /// Parses `#rrggbb` or `#rrggbbaa` into red, green, blue and alpha in 0...1.
    ///
    /// - Parameter text: The colour, `#` first.
    /// - Returns: The four components, or `nil` when `text` is not such a colour.
    public static func colour(hex text: String) -> [Double]? {
        let hex = text.dropFirst()
        guard text.hasPrefix("#"), hex.count == 6 || hex.count == 8, let value = UInt32(hex, radix: 16) else { return nil }
        let full = hex.count == 6 ? (value << 8) | 0xFF : value
        return [24, 16, 8, 0].map { Double((full >> UInt32($0)) & 0xFF) / 255 }
    }

    // MARK: Writing

    static func write(_ value: Value, as type: TypeEncoding, into bytes: inout [UInt8], at offset: Int,
                      storage: some ValueStorage) throws(ValueError) {
        func put<T: BitwiseCopyable>(_ scalar: T) { store(scalar, into: &bytes, at: offset) }
        func integer<T: FixedWidthInteger & BitwiseCopyable>(_: T.Type) throws(ValueError) {
            switch value {
            case .number(let number):
                guard number == number.rounded(), let integer = T(exactly: number) else {
                    throw ValueError(.notAnInteger(number, type))
                }
                put(integer)
            case .text(let text):
                let trimmed = text.trimmingSpaces
                let integer = trimmed.lowercased().hasPrefix("0x") ? T(trimmed.dropFirst(2), radix: 16) : T(trimmed)
                guard let integer else {
                    throw ValueError(.unreadable(text, form: "\(type.readableName) (\(ValueError.integerForm(type)))"))
                }
                put(integer)
            default:
                throw ValueError(.expected("a number", got: value.kind))
            }
        }
        func real() throws(ValueError) -> Double {
            switch value {
            case .number(let number): return number
            case .text(let text):
                // A float is read as a float, not as a double narrowed afterwards.
                let trimmed = text.trimmingSpaces
                let real = type == .float ? Float(trimmed).map(Double.init) : Double(trimmed)
                guard let real else { throw ValueError(.unreadable(text, form: type == .float ? "a float" : "a double")) }
                return real
            default: throw ValueError(.expected("a number", got: value.kind))
            }
        }

        switch type {
        case .char, .unsignedChar, .short, .unsignedShort, .int, .long, .unsignedInt, .unsignedLong, .longLong, .unsignedLongLong:
            if let integerType = type.integerType { try integer(integerType) }
        case .float: put(Float(try real()))
        case .double: put(try real())
        case .bool:
            switch value {
            case .bool(let flag): put(UInt8(flag ? 1 : 0))
            case .text(let text):
                switch text.trimmingSpaces.lowercased() {
                case "true", "yes", "1": put(UInt8(1))
                case "false", "no", "0": put(UInt8(0))
                default: throw ValueError(.unreadable(text, form: "a boolean (true or false)"))
                }
            default: throw ValueError(.expected("a boolean (true or false)", got: value.kind))
            }
        case .cString:
            switch value {
            case .string(let text), .text(let text): put(cString(text, storage))
            default: throw ValueError(.expected("a string", got: value.kind))
            }
        case .structure, .array:
            try writeComposite(value, as: type, into: &bytes, at: offset, storage: storage)
        case .void, .unknown, .object, .class, .selector, .pointer:
            throw ValueError(.unsupported(type))
        }
    }

    /// Structs and arrays: colours, counted arrays, then leaf by leaf.
    private static func writeComposite(_ value: Value, as type: TypeEncoding, into bytes: inout [UInt8], at offset: Int,
                                       storage: some ValueStorage) throws(ValueError) {
        let form = type.jsonForm
        if type.isColour {
            var components: [Double]?
            switch value {
            case .string(let text):
                guard let parsed = CSSColour.parse(text) else { throw ValueError(.notAColour(text)) }
                components = parsed
            case .text(let text) where text.hasPrefix("#"):
                guard let parsed = colour(hex: text) else {
                    throw ValueError(.unreadable(text, form: "a colour (#rrggbb or #rrggbbaa)"))
                }
                components = parsed
            case .list:
                components = try numbers(value, counts: [3, 4], form: form,
                                         elementForm: "a colour [r, g, b, a] with components in 0...1")
            default:
                break
            }
            if let components {
                let rgba = components.count == 3 ? components + [1] : components
                for (index, component) in rgba.enumerated() { store(component, into: &bytes, at: offset + 8 * index) }
                return
            }
        }
        if let element = type.countedArrayElement {
            guard case .list(let items) = value else {
                if case .text(let text) = value { throw ValueError(.unreadable(text, form: type.textForm)) }
                throw ValueError(.expected("an array", got: value.kind))
            }
            var elements = [UInt8](repeating: 0, count: element.size * items.count)
            for (index, item) in items.enumerated() {
                do { try write(item, as: element, into: &elements, at: index * element.size, storage: storage) } catch {
                    throw error.inside(index, of: nil)
                }
            }
            let address = storage.keep(elements, alignment: element.alignment)
            store(address, into: &bytes, at: offset)
            store(UInt64(items.count), into: &bytes, at: offset + 8)
            return
        }
        guard let leaves = type.leaves else {
            if case .text(let text) = value { throw ValueError(.unreadable(text, form: type.textForm)) }
            throw ValueError(.unsupported(type))
        }
        switch value {
        case .text(let text):
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == leaves.count else { throw ValueError(.unreadable(text, form: type.textForm)) }
            for (leaf, part) in zip(leaves, parts) {
                do { try write(.text(String(part)), as: leaf.type, into: &bytes, at: offset + leaf.offset, storage: storage) } catch {
                    throw ValueError(.unreadable(text, form: type.textForm))
                }
            }
        case .list(let items) where items.count == leaves.count:
            for (index, (leaf, item)) in zip(leaves, items).enumerated() {
                do { try write(item, as: leaf.type, into: &bytes, at: offset + leaf.offset, storage: storage) } catch {
                    throw error.inside(index, of: form)
                }
            }
        default:
            throw ValueError(.expected(form, got: value.kind))
        }
    }

    /// Copies the bytes of `scalar` into `bytes` at `offset`.
    private static func store<T: BitwiseCopyable>(_ scalar: T, into bytes: inout [UInt8], at offset: Int) {
        withUnsafeBytes(of: scalar) { bytes.replaceSubrange(offset..<(offset + $0.count), with: $0) }
    }

    private static func cString(_ text: String, _ storage: some ValueStorage) -> UnsafeRawPointer {
        storage.keep(Array(text.utf8) + [0], alignment: 1)
    }

    private static func numbers(_ value: Value, counts: [Int], form: String,
                                elementForm: String? = nil) throws(ValueError) -> [Double] {
        guard case .list(let items) = value, counts.contains(items.count) else {
            throw ValueError(.expected(form, got: value.kind))
        }
        var result: [Double] = []
        for (index, item) in items.enumerated() {
            guard case .number(let number) = item, number.isFinite else {
                throw ValueError(.expected("a number", got: item.kind), path: [index], in: elementForm ?? form)
            }
            result.append(number)
        }
        return result
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces (only U+0020).
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
