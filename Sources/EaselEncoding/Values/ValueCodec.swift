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
// * Reals (`float`, `double`, `long double`): a JSON number, or text read at
//   the type's own precision (RealFormat.swift); a number too large for the
//   type is an error, not infinity (`inf` and `nan` are read as such).
//   Complex numbers (`jf`, `jd`, `jD`): `1.5+2i`, or their two parts.
// * `BOOL`: JSON `true`/`false`, or the text `true`, `false`, `yes`, `no`,
//   `1`, `0` in any case.
// * C strings (`*`): the string is copied into a `ValueStorage`, which owns it
//   (the registry's for properties, as easel.h promises; one per call for
//   `invoke`), and the value is its address.
// * Structs and arrays, of any fields and nesting: a list of their fields
//   (each read by its own type, so nested structs are nested lists), or a
//   flat list of all their leaves; a struct whose field names are known
//   (`TypeEncoding.fieldNames`: the geometry structs, EaselColor) also an
//   object by name. Text is invoke's syntax (ArgumentSyntax.swift: `{3, 0.25}`,
//   `[3, 0.25]`, `{x: 3, y: 4}`, or the leaves comma-separated, `3,0.25`).
//   A colour is also `#rrggbb` or `#rrggbbaa` (one parser for both front
//   ends), and as JSON three numbers (alpha 1) or four.
// * `EaselPointArray` and `EaselStringArray` ({^T, Q}) come from a JSON array
//   of their elements, copied into the storage.
// * Objects, classes, selectors and other pointers are read by the front
//   end, when it gives `References` (invoke: class and selector names, `nil`,
//   `self`, `context`); without it they are refused (a scene makes its
//   objects itself from `{"class": …}`).
//
// Errors are `ValueError`s with the list path inside the value and the
// message in words; the front ends put their own location in front (a JSON
// path, an argument number) and, for scenes, what the value was for.
// `format(_:as:names:)` goes the other way for invoke's results (with the
// front end's names for objects, classes and selectors), and `textForm` and
// `writtenForms` are the forms a type's text takes, for usage lines and errors.
// Nothing here uses Foundation: JSON text is read by the front ends.

/// Encodes values by type encoding, and formats bytes back as text.
///
/// ```swift
/// let storage = ValueArena()
/// let rect = try ValueCodec.encode(.text("0,0,10,20"), as: .rect, storage: storage)
/// rect.withUnsafeBytes { ValueCodec.format($0, as: .rect) }   // "{origin: {x: 0, y: 0}, size: {width: 10, height: 20}}"
/// ```
public enum ValueCodec {
    /// Encodes `value` as a value of `type`.
    ///
    /// - Parameters:
    ///   - value: A JSON value, or ``Value/text(_:)`` as a person typed it.
    ///   - type: The type to encode as.
    ///   - storage: Keeps the C strings and arrays the bytes point to.
    ///   - references: Reads objects, classes, selectors and pointers; without
    ///     it a value of such a type is refused (``ValueError/Reason/unsupported(_:)``).
    /// - Returns: Exactly `type.size` bytes.
    /// - Throws: ``ValueError`` with the path inside `value` and what was expected there.
    public static func encode(_ value: Value, as type: TypeEncoding, storage: some ValueStorage,
                              references: References? = nil) throws(ValueError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: type.size)
        try write(value, as: type, into: &bytes, at: 0, storage: storage, references: references)
        return bytes
    }

    /// Reads an object (`@`), class (`#`), selector (`:`) or other pointer
    /// from a value: the front end's own forms (`easel invoke` reads class and
    /// selector names, `nil`, `self`, `context`). Returns the pointer to store
    /// (`nil` for NULL), or throws what is wrong with the value.
    public typealias References = (Value, TypeEncoding) throws(ValueError) -> UnsafeRawPointer?

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
                      storage: some ValueStorage, references: References?) throws(ValueError) {
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

        switch type {
        case .char, .unsignedChar, .short, .unsignedShort, .int, .long, .unsignedInt, .unsignedLong, .longLong, .unsignedLongLong:
            if let integerType = type.integerType { try integer(integerType) }
        case .float, .double, .longDouble:
            try writeReal(value, as: type, into: &bytes, at: offset)
        case .complexFloat, .complexDouble, .complexLongDouble:
            try writeComplex(value, as: type, into: &bytes, at: offset)
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
            case .null where references != nil: put(UnsafeRawPointer?.none)
            default: throw ValueError(.expected("a string", got: value.kind))
            }
        case .structure, .array:
            try writeComposite(value, as: type, into: &bytes, at: offset, storage: storage, references: references)
        case .object, .class, .selector, .pointer:
            guard let references else { throw ValueError(.unsupported(type)) }
            put(try references(value, type))
        case .void, .unknown:
            throw ValueError(.unsupported(type))
        }
    }

    /// `float`, `double` and `long double`: in range (text that overflows to infinity is refused, `inf` is not).
    static func writeReal(_ value: Value, as type: TypeEncoding, into bytes: inout [UInt8], at offset: Int) throws(ValueError) {
        let form = "a \(type.readableName)"
        switch value {
        case .number(let number):
            guard RealFormat.fits(number, type) else { throw ValueError(.outOfRange(formatReal(number), type)) }
            RealFormat.store(number, as: type, into: &bytes, at: offset)
        case .text(let text):
            let trimmed = text.trimmingSpaces
            guard let written = RealFormat.store(text: trimmed, as: type, into: &bytes, at: offset) else {
                throw ValueError(.unreadable(text, form: form))
            }
            guard written else { throw ValueError(.outOfRange(trimmed, type)) }
        default:
            throw ValueError(.expected("a number", got: value.kind))
        }
    }

    /// A complex number: `1.5+2i`, `-2i`, `3`, or its two parts `{1.5, 2}` / `[1.5, 2]`.
    static func writeComplex(_ value: Value, as type: TypeEncoding, into bytes: inout [UInt8], at offset: Int) throws(ValueError) {
        guard let part = type.complexPart else { throw ValueError(.unsupported(type)) }
        let parts: [Value]
        switch value {
        case .number: parts = [value, .number(0)]
        case .list(let items) where items.count == 2: parts = items
        case .text(let text):
            let trimmed = text.trimmingSpaces
            if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") {
                guard case .list(let items)? = try? ArgumentSyntax.parse(trimmed), items.count == 2 else {
                    throw ValueError(.unreadable(text, form: "a \(type.readableName) (\(type.writtenForms.joined(separator: " or ")))"))
                }
                parts = items
            } else {
                guard let (real, imaginary) = complexParts(trimmed) else {
                    throw ValueError(.unreadable(text, form: "a \(type.readableName) (\(type.writtenForms.joined(separator: " or ")))"))
                }
                parts = [.text(real), .text(imaginary)]
            }
        default:
            throw ValueError(.expected("a \(type.readableName) (\(type.writtenForms.joined(separator: " or ")))", got: value.kind))
        }
        for (index, item) in parts.enumerated() {
            do { try writeReal(item, as: part, into: &bytes, at: offset + index * part.size) } catch {
                throw error.inside(index, of: "a \(type.readableName) [real, imaginary]")
            }
        }
    }

    /// `a+bi`, `a-bi`, `bi`, `i` or `a` as the texts of the real and imaginary parts.
    static func complexParts(_ text: String) -> (String, String)? {
        let compact = String(text.filter { $0 != " " })
        guard !compact.isEmpty else { return nil }
        guard compact.hasSuffix("i") else { return (compact, "0") }
        let body = Array(compact.dropLast())
        // The sign that starts the imaginary part: the last + or - not at the start and not in an exponent.
        var split: Int?
        for index in stride(from: body.count - 1, to: 0, by: -1) where body[index] == "+" || body[index] == "-" {
            if body[index - 1] == "e" || body[index - 1] == "E" { continue }
            split = index
            break
        }
        func unit(_ part: String) -> String { part == "" || part == "+" ? "1" : part == "-" ? "-1" : part }
        guard let split else { return ("0", unit(String(body))) }
        return (String(body[..<split]), unit(String(body[split...])))
    }

    /// Structs and arrays: colours, counted arrays, then field by field or leaf by leaf.
    private static func writeComposite(_ value: Value, as type: TypeEncoding, into bytes: inout [UInt8], at offset: Int,
                                       storage: some ValueStorage, references: References?) throws(ValueError) {
        let form = type.jsonForm
        if type.isColour {
            var components: [Double]?
            switch value {
            case .string(let text):
                guard let parsed = CSSColour.parse(text) else { throw ValueError(.notAColour(text)) }
                components = parsed
            case .text(let text) where text.trimmingSpaces.hasPrefix("#"):
                guard let parsed = CSSColour.parse(text) else {
                    throw ValueError(.unreadable(text, form: "a colour (#rrggbb or #rrggbbaa)"))
                }
                components = parsed
            case .text(let text) where CSSColour.parse(text) != nil:
                // invoke also reads the colours scenes take: red, rgb(255, 0, 0), hsl(0, 100%, 50%).
                components = CSSColour.parse(text)
            case .list(let items):
                // invoke's {1, 0.5, 0} gives text: each number read as a double.
                let read = items.map { item -> Value in
                    if case .text(let text) = item, let number = Double(text.trimmingSpaces) { return .number(number) }
                    return item
                }
                components = try numbers(.list(read), counts: [3, 4], form: form,
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
                if case .text(let text) = value { throw ValueError(.unreadable(text, form: type.unreadableForm)) }
                throw ValueError(.expected("an array", got: value.kind))
            }
            var elements = [UInt8](repeating: 0, count: element.size * items.count)
            for (index, item) in items.enumerated() {
                do {
                    try write(item, as: element, into: &elements, at: index * element.size, storage: storage, references: references)
                } catch {
                    throw error.inside(index, of: nil)
                }
            }
            let address = storage.keep(elements, alignment: element.alignment)
            store(address, into: &bytes, at: offset)
            store(UInt64(items.count), into: &bytes, at: offset + 8)
            return
        }
        guard let leaves = type.leaves, let members = type.members,
              references != nil || !leaves.contains(where: { $0.type.isReference }) else {
            if case .text(let text) = value { throw ValueError(.unreadable(text, form: type.unreadableForm)) }
            throw ValueError(.unsupported(type))
        }
        switch value {
        case .text(let text):
            let parsed: Value
            do { parsed = try ArgumentSyntax.parse(text) } catch {
                throw ValueError(.malformed(text, form: type.unreadableForm, detail: error.message))
            }
            do { try writeComposite(parsed, as: type, into: &bytes, at: offset, storage: storage, references: references) } catch {
                // Text that does not read as the whole is reported as the whole; a field's own error keeps its place.
                if error.path.isEmpty, case .expected = error.reason { throw ValueError(.unreadable(text, form: type.unreadableForm)) }
                throw error
            }
        case .list(let items) where items.count == members.count:
            for (index, (member, item)) in zip(members, items).enumerated() {
                do {
                    try write(item, as: member.type, into: &bytes, at: offset + member.offset, storage: storage, references: references)
                } catch {
                    throw error.inside(index, of: form)
                }
            }
        case .list(let items) where items.count == leaves.count && items.allSatisfy({ !$0.isComposite }):
            for (index, (leaf, item)) in zip(leaves, items).enumerated() {
                do {
                    try write(item, as: leaf.type, into: &bytes, at: offset + leaf.offset, storage: storage, references: references)
                } catch {
                    throw error.inside(index, of: form)
                }
            }
        case .object(let given):
            guard let names = type.fieldNames, !given.isEmpty else { throw ValueError(.expected(form, got: value.kind)) }
            // A CGRect also reads from its four leaves by name: {"x", "y", "width", "height"}.
            if type == .rect, Set(given.keys) == ["x", "y", "width", "height"] {
                let flat = ["x", "y", "width", "height"].map { given[$0] ?? .null }
                try writeComposite(.list(flat), as: type, into: &bytes, at: offset, storage: storage, references: references)
                return
            }
            for key in given.keys.sorted() where !names.contains(key) {
                throw ValueError(.invalid("\(type.readableName) has no field '\(key)' (its fields: \(names.joined(separator: ", ")))"))
            }
            for (index, (name, member)) in zip(names, members).enumerated() {
                guard let item = given[name] else {
                    throw ValueError(.invalid("the field '\(name)' of \(type.readableName) is missing (its fields: \(names.joined(separator: ", ")))"))
                }
                do {
                    try write(item, as: member.type, into: &bytes, at: offset + member.offset, storage: storage, references: references)
                } catch {
                    throw error.inside(index, of: "the field '\(name)' of \(type.readableName)")
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
    public var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
