/// The one strict parser behind `TypeEncoding(parsing:)` and
/// `MethodSignature(parsing:)`.
///
/// A recursive-descent parser over the UTF-8 bytes of the encoding. It keeps
/// the byte offset of everything it reads so that each error can name the
/// exact position, and it enforces the module's limits as it goes: length
/// (before anything else), nesting depth and type size.
struct Parser {
    /// The longest encoding accepted, in UTF-8 bytes.
    static let maximumLength = 4096
    /// The deepest nesting of pointers, structures and arrays accepted.
    static let maximumDepth = 64
    /// Every parsed type must be smaller than this many bytes (a type behind a
    /// pointer may be this large: it is never copied).
    static let maximumSize = Int(Int32.max)
    /// The most bytes a value passed, returned or stored by value may take,
    /// and the most a method's arguments may take together.
    static let maximumValueSize = 64 * 1024
    /// How much of a long name or fragment an error message quotes.
    static let quoteLimit = 64

    /// Where a type appears; decides which types are allowed there.
    enum Role {
        /// The type passed to `TypeEncoding(parsing:)`.
        case single
        /// A method's return type: `void` allowed.
        case returnValue
        /// A method argument.
        case argument
        /// A structure field.
        case field
        /// An array element.
        case element
        /// Behind a pointer: `void`, `?` and field-less structures allowed.
        case pointee
    }

    let text: String
    let bytes: [UInt8]
    private(set) var index = 0
    private var depth = 0

    /// Prepares to parse `text`, rejecting empty and over-long encodings.
    init(_ text: String) throws(EncodingError) {
        let length = text.utf8.count
        if length > Self.maximumLength {
            throw EncodingError(
                encoding: String(text.prefix(Self.quoteLimit)) + "…",
                position: Self.maximumLength,
                reason: "encoding is \(length) bytes; the limit is \(Self.maximumLength)")
        }
        if length == 0 {
            throw EncodingError(encoding: text, position: 0, reason: "empty encoding")
        }
        self.text = text
        self.bytes = Array(text.utf8)
    }

    // MARK: Entry points

    /// Parses the whole text as exactly one value type plus optional offset.
    mutating func parseSingleType() throws(EncodingError) -> TypeEncoding {
        let start = index
        let type = try parseType(.single, ifMissing: "expected a type")
        try checkValueSize(type.size, at: start, what: "the type is")
        try skipOffset()
        if !atEnd {
            throw error("trailing characters after the type", at: index)
        }
        return type
    }

    /// Parses the whole text as a method encoding: return type, receiver,
    /// selector, then any declared arguments, each with an optional offset.
    mutating func parseMethod() throws(EncodingError) -> (returnType: TypeEncoding, arguments: [TypeEncoding]) {
        let returnStart = index
        let returnType = try parseType(.returnValue, ifMissing: "expected a return type")
        try checkValueSize(returnType.size, at: returnStart, what: "the return type is")
        try skipOffset()

        var arguments: [TypeEncoding] = []
        skipQualifiers()
        guard let receiver = peek(), receiver == UInt8(ascii: "@") || receiver == UInt8(ascii: "#") else {
            throw error("expected '@' or '#' for the receiver (argument 0)", at: index)
        }
        arguments.append(try parseType(.argument, ifMissing: "expected the receiver (argument 0)"))
        try skipOffset()

        skipQualifiers()
        guard peek() == UInt8(ascii: ":") else {
            throw error("expected ':' for the selector (argument 1)", at: index)
        }
        arguments.append(try parseType(.argument, ifMissing: "expected the selector (argument 1)"))
        try skipOffset()

        // The declared arguments, each and together, are limited by value.
        var total = 0
        while !atEnd {
            let start = index
            let argument = try parseType(.argument, ifMissing: "expected an argument type")
            try checkValueSize(argument.size, at: start, what: "argument \(arguments.count) is")
            total += argument.size
            try checkValueSize(total, at: start, what: "arguments 2 to \(arguments.count) take")
            arguments.append(argument)
            try skipOffset()
        }
        return (returnType, arguments)
    }

    // MARK: Types

    /// Parses one type (with leading qualifiers) in the given role.
    ///
    /// `missing` is the reason reported when the text ends where the type
    /// should start.
    private mutating func parseType(_ role: Role, ifMissing missing: String) throws(EncodingError) -> TypeEncoding {
        if let qualifier = skipQualifiers(), atEnd {
            throw error("expected a type after qualifier '\(Character(UnicodeScalar(qualifier)))'", at: index)
        }
        guard let code = peek() else { throw error(missing, at: index) }
        let start = index

        func scalar(_ type: TypeEncoding) -> TypeEncoding {
            index += 1
            return type
        }

        switch code {
        case UInt8(ascii: "v"):
            guard role == .returnValue || role == .pointee else {
                throw error("'v' is only allowed as a return type or behind a pointer", at: start)
            }
            return scalar(.void)
        case UInt8(ascii: "?"):
            guard role == .pointee else {
                throw error("'?' is only allowed behind a pointer", at: start)
            }
            return scalar(.unknown)
        case UInt8(ascii: "c"): return scalar(.char)
        case UInt8(ascii: "C"): return scalar(.unsignedChar)
        case UInt8(ascii: "s"): return scalar(.short)
        case UInt8(ascii: "S"): return scalar(.unsignedShort)
        case UInt8(ascii: "i"): return scalar(.int)
        case UInt8(ascii: "I"): return scalar(.unsignedInt)
        case UInt8(ascii: "l"): return scalar(.long)
        case UInt8(ascii: "L"): return scalar(.unsignedLong)
        case UInt8(ascii: "q"): return scalar(.longLong)
        case UInt8(ascii: "Q"): return scalar(.unsignedLongLong)
        case UInt8(ascii: "f"): return scalar(.float)
        case UInt8(ascii: "d"): return scalar(.double)
        case UInt8(ascii: "D"): return scalar(.longDouble)
        case UInt8(ascii: "j"): return try parseComplex()
        case UInt8(ascii: "B"): return scalar(.bool)
        case UInt8(ascii: "*"): return scalar(.cString)
        case UInt8(ascii: "#"): return scalar(.class)
        case UInt8(ascii: ":"): return scalar(.selector)
        case UInt8(ascii: "@"): return try parseObject()
        case UInt8(ascii: "^"): return try parsePointer()
        case UInt8(ascii: "{"): return try parseStructure(role)
        case UInt8(ascii: "["): return try parseArray()
        default:
            if let what = Self.unsupported[code] {
                throw error("unsupported type code \(Self.quote(code)) (\(what) are not supported)", at: start)
            }
            if code == UInt8(ascii: "}") || code == UInt8(ascii: "]") || code == UInt8(ascii: ")") {
                throw error("unexpected \(Self.quote(code)) where a type was expected", at: start)
            }
            throw error("unknown type code \(Self.quote(code))", at: start)
        }
    }

    /// Type codes of the full grammar that the host cannot call with.
    private static let unsupported: [UInt8: String] = [
        UInt8(ascii: "("): "unions",
        UInt8(ascii: "b"): "bitfields",
        UInt8(ascii: "t"): "128-bit integers",
        UInt8(ascii: "T"): "128-bit integers",
        UInt8(ascii: "A"): "atomic types",
        UInt8(ascii: "!"): "vector types",
    ]

    /// `jf`, `jd`, `jD`: the complex floating types libffi passes; complex integers are rejected.
    private mutating func parseComplex() throws(EncodingError) -> TypeEncoding {
        let start = index
        index += 1
        switch peek() {
        case UInt8(ascii: "f"): index += 1; return .complexFloat
        case UInt8(ascii: "d"): index += 1; return .complexDouble
        case UInt8(ascii: "D"): index += 1; return .complexLongDouble
        case nil: throw error("expected 'f', 'd' or 'D' after 'j' (a complex type)", at: index)
        case let code?:
            throw error("unsupported type code 'j\(Character(UnicodeScalar(code)))' (only complex float, double and long double are supported)", at: start)
        }
    }

    /// `@`, `@"ClassName"`; `@?` (a block) is rejected.
    private mutating func parseObject() throws(EncodingError) -> TypeEncoding {
        let start = index
        index += 1
        if peek() == UInt8(ascii: "?") {
            throw error("unsupported type code '@?' (blocks are not supported)", at: start)
        }
        if peek() == UInt8(ascii: "\"") {
            index += 1
            while let byte = peek(), byte != UInt8(ascii: "\"") { index += 1 }
            if atEnd {
                throw error("unterminated class name after '@\"'; expected '\"'", at: index)
            }
            index += 1
        }
        return .object
    }

    /// `^T`.
    private mutating func parsePointer() throws(EncodingError) -> TypeEncoding {
        try enter(at: index)
        index += 1
        let pointee = try parseType(.pointee, ifMissing: "expected a type after '^'")
        leave()
        return .pointer(pointee)
    }

    /// `{name=fields}`, `{name}`, `{name=}`, optionally with quoted field names.
    private mutating func parseStructure(_ role: Role) throws(EncodingError) -> TypeEncoding {
        let start = index
        try enter(at: start)
        index += 1

        let nameStart = index
        while true {
            guard let byte = peek() else {
                throw error("unterminated struct '{\(quotedName(from: nameStart))'; expected '=' or '}'", at: index)
            }
            if byte == UInt8(ascii: "=") || byte == UInt8(ascii: "}") { break }
            guard Self.isNameByte(byte) else {
                throw error("unexpected \(Self.quote(byte)) in the name of struct '{\(quotedName(from: nameStart))'", at: index)
            }
            index += 1
        }
        let rawName = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        let displayName = quotedName(from: nameStart)
        let unterminated = "unterminated struct '{\(displayName)'; expected a field type or '}'"

        var fields: [TypeEncoding] = []
        if peek() == UInt8(ascii: "=") {
            index += 1
            while true {
                guard let byte = peek() else { throw error(unterminated, at: index) }
                if byte == UInt8(ascii: "}") { break }
                if byte == UInt8(ascii: "\"") {
                    let nameOpen = index
                    index += 1
                    while let byte = peek(), byte != UInt8(ascii: "\"") { index += 1 }
                    if atEnd {
                        throw error("unterminated field name in struct '{\(displayName)'; expected '\"'", at: index)
                    }
                    index += 1
                    if peek() == UInt8(ascii: "}") {
                        throw error("expected a field type after the field name at position \(nameOpen)", at: index)
                    }
                }
                fields.append(try parseType(.field, ifMissing: unterminated))
            }
        }
        index += 1  // '}'
        leave()

        let name: String? = rawName.isEmpty || rawName == "?" ? nil : rawName
        if fields.isEmpty && role != .pointee {
            throw error("struct '\(displayName.isEmpty ? "?" : displayName)' has no fields; it is only allowed behind a pointer", at: start)
        }
        let type = TypeEncoding.structure(name: name, fields: fields)
        try checkSize(of: type, at: start)
        return type
    }

    /// `[countT]` with a decimal count greater than 0.
    private mutating func parseArray() throws(EncodingError) -> TypeEncoding {
        let start = index
        try enter(at: start)
        index += 1

        let countStart = index
        guard let first = peek() else {
            throw error("unterminated array; expected an element count after '['", at: index)
        }
        guard Self.isDigit(first) else {
            throw error("expected an array count (a decimal number greater than 0) after '['", at: index)
        }
        var count = 0
        while let byte = peek(), Self.isDigit(byte) {
            count = count * 10 + Int(byte - UInt8(ascii: "0"))
            if count > Self.maximumSize {
                throw error("array count is too large (the limit is \(Self.maximumSize))", at: countStart)
            }
            index += 1
        }
        if count == 0 {
            throw error("array count must be greater than 0", at: countStart)
        }

        let element = try parseType(.element, ifMissing: "unterminated array '\(fragment(from: start))'; expected an element type")
        guard let close = peek() else {
            throw error("unterminated array '\(fragment(from: start))'; expected ']'", at: index)
        }
        guard close == UInt8(ascii: "]") else {
            throw error("expected ']' after the element type of array '\(fragment(from: start))'", at: index)
        }
        index += 1
        leave()

        let type = TypeEncoding.array(count: count, element: element)
        try checkSize(of: type, at: start)
        return type
    }

    // MARK: Pieces

    /// Skips method qualifiers; returns the last one skipped, if any.
    @discardableResult
    private mutating func skipQualifiers() -> UInt8? {
        var last: UInt8?
        while let byte = peek(), Self.qualifiers.contains(byte) {
            last = byte
            index += 1
        }
        return last
    }

    private static let qualifiers: Set<UInt8> = Set("rnNoORV".utf8)

    /// Skips a frame offset: an optional `+` or `-` followed by digits.
    private mutating func skipOffset() throws(EncodingError) {
        if let sign = peek(), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            index += 1
            guard let digit = peek(), Self.isDigit(digit) else {
                throw error("expected frame-offset digits after \(Self.quote(sign))", at: index)
            }
        }
        while let byte = peek(), Self.isDigit(byte) { index += 1 }
    }

    private mutating func enter(at position: Int) throws(EncodingError) {
        if depth >= Self.maximumDepth {
            throw error("nesting deeper than \(Self.maximumDepth)", at: position)
        }
        depth += 1
    }

    private mutating func leave() {
        depth -= 1
    }

    /// Refuses a value (or the arguments together) larger than ``maximumValueSize``.
    ///
    /// `what` starts the message: "argument 2 is" 107374180 bytes; by value
    /// the limit is 65536 bytes (64 KiB).
    private func checkValueSize(_ size: Int, at position: Int, what: String) throws(EncodingError) {
        guard size > Self.maximumValueSize else { return }
        throw error(
            "\(what) \(size) bytes; by value the limit is \(Self.maximumValueSize) bytes (64 KiB)", at: position)
    }

    private func checkSize(of type: TypeEncoding, at position: Int) throws(EncodingError) {
        guard let layout = type.checkedLayout, layout.size < Self.maximumSize else {
            throw error("type is too large (the limit is \(Self.maximumSize) bytes)", at: position)
        }
    }

    private var atEnd: Bool { index >= bytes.count }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private func error(_ reason: String, at position: Int) -> EncodingError {
        EncodingError(encoding: text, position: position, reason: reason)
    }

    /// The struct name read so far, shortened for messages.
    private func quotedName(from start: Int) -> String {
        fragment(from: start)
    }

    /// The text from `start` up to the current index, shortened for messages.
    private func fragment(from start: Int) -> String {
        let end = min(index, start + Self.quoteLimit)
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        return end < index ? text + "…" : text
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Struct names: printable ASCII except the grammar's own punctuation.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        guard byte > 0x20 && byte < 0x7F else { return false }
        return !"{}[]()\"^".utf8.contains(byte)
    }

    /// `'x'` for printable ASCII, `byte 0xC3` otherwise.
    private static func quote(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F {
            return "'\(Character(UnicodeScalar(byte)))'"
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }
}
