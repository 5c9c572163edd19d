/// `easel invoke`'s text form of composite values, read into a ``Value``.
///
/// What `easel invoke` prints, it reads back: a struct is its fields in
/// braces, `{3, 0.25}`, or in brackets, `[3, 0.25]`, nested as the C struct
/// nests (`{{10, 20}, {100, 50}}`); a field may carry its name, as a struct
/// with known field names prints (`{x: 10, y: 20}`). A C string inside a
/// struct may be quoted (`"a, b"`, with `\"` and `\\`). Without brackets
/// the text is the leaves, comma-separated (`3,0.25`, `10,10,180,100`).
///
/// The result keeps every scalar as ``Value/text(_:)`` (read exactly by its
/// type later), quoted strings as ``Value/string(_:)``, brackets as
/// ``Value/list(_:)`` and named fields as ``Value/object(_:)``. JSON objects
/// are not read here: the front end gives those to ``JSONReader``.
enum ArgumentSyntax {
    /// The deepest nesting read (as deep as a parsed encoding may nest).
    static let maximumDepth = 64

    /// Reads `text` as a composite value: bracketed, or the comma-separated leaves.
    ///
    /// - Returns: A ``Value/list(_:)`` or ``Value/object(_:)``.
    /// - Throws: A message saying what is wrong and where (a byte offset).
    static func parse(_ text: String) throws(SyntaxError) -> Value {
        var reader = Reader(bytes: Array(text.utf8))
        reader.skipSpaces()
        let value: Value
        if let first = reader.peek(), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            value = try reader.composite(depth: 0)
            reader.skipSpaces()
            if !reader.atEnd { throw SyntaxError(message: "unexpected text after the closing bracket at offset \(reader.index)") }
        } else {
            value = .list(try reader.items(until: nil, depth: 0).map(\.value))
        }
        return value
    }

    /// Why a text does not read.
    struct SyntaxError: Error {
        let message: String
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index >= bytes.count }
        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
        mutating func skipSpaces() { while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 } }

        /// `{…}` or `[…]`.
        mutating func composite(depth: Int) throws(SyntaxError) -> Value {
            guard depth < ArgumentSyntax.maximumDepth else { throw SyntaxError(message: "brackets nested deeper than \(ArgumentSyntax.maximumDepth)") }
            let open = bytes[index]
            let close = open == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            index += 1
            skipSpaces()
            if peek() == close {
                index += 1
                return .list([])
            }
            let items = try self.items(until: close, depth: depth + 1)
            let named = items.filter { $0.name != nil }
            guard !named.isEmpty else { return .list(items.map(\.value)) }
            guard named.count == items.count else {
                throw SyntaxError(message: "either every field is named (x: 1) or none is")
            }
            var members: [String: Value] = [:]
            for item in items {
                guard let name = item.name, members[name] == nil else {
                    throw SyntaxError(message: "the field '\(item.name ?? "")' is given twice")
                }
                members[name] = item.value
            }
            return .object(members)
        }

        /// Comma-separated items up to `close` (consumed), or to the end of the text when `close` is nil.
        mutating func items(until close: UInt8?, depth: Int) throws(SyntaxError) -> [(name: String?, value: Value)] {
            var items: [(name: String?, value: Value)] = []
            while true {
                skipSpaces()
                let name = fieldName()
                if name != nil { skipSpaces() }
                items.append((name, try item(close: close, depth: depth)))
                skipSpaces()
                guard let byte = peek() else {
                    if let close { throw SyntaxError(message: "missing '\(Character(UnicodeScalar(close)))' at the end") }
                    return items
                }
                if byte == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if let close, byte == close {
                    index += 1
                    return items
                }
                throw SyntaxError(message: "expected ',' or '\(Character(UnicodeScalar(close ?? UInt8(ascii: ","))))' at offset \(index)")
            }
        }

        /// `name:` before a field's value (a letter or `_` first, then letters, digits and `_`, and
        /// a space or a value's first character after the colon, so that `drawRect:` stays a value).
        mutating func fieldName() -> String? {
            var end = index
            while end < bytes.count, Self.isNameByte(bytes[end], first: end == index) { end += 1 }
            guard end > index, end + 1 < bytes.count, bytes[end] == UInt8(ascii: ":") else { return nil }
            // `drawRect:`, `a:b:` and `x:` before a separator are selectors, not names.
            let after = bytes[end + 1]
            if Self.isNameByte(after, first: true) || ":,}]".utf8.contains(after) { return nil }
            let name = String(decoding: bytes[index..<end], as: UTF8.self)
            index = end + 1
            return name
        }

        static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || byte == UInt8(ascii: "_") || (!first && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }

        /// One value: a bracketed composite, a quoted string, or the text up to the next separator.
        mutating func item(close: UInt8?, depth: Int) throws(SyntaxError) -> Value {
            guard let byte = peek() else { return .text("") }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { return try composite(depth: depth) }
            if byte == UInt8(ascii: "\"") { return .string(try quoted()) }
            let start = index
            var nesting = 0
            while let byte = peek() {
                if byte == UInt8(ascii: "{") { nesting += 1 }
                if byte == UInt8(ascii: "}") {
                    if nesting == 0 { break }
                    nesting -= 1
                }
                if nesting == 0 && (byte == UInt8(ascii: ",") || byte == close) { break }
                index += 1
            }
            var end = index
            while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            return .text(String(decoding: bytes[start..<end], as: UTF8.self))
        }

        /// `"…"` with `\"` and `\\`.
        mutating func quoted() throws(SyntaxError) -> String {
            let open = index
            index += 1
            var text: [UInt8] = []
            while let byte = peek() {
                index += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: text, as: UTF8.self) }
                if byte == UInt8(ascii: "\\"), let next = peek() {
                    index += 1
                    text.append(next)
                } else {
                    text.append(byte)
                }
            }
            throw SyntaxError(message: "the string opened at offset \(open) has no closing '\"'")
        }
    }
}
