import CJansson

/// Why JSON text could not be read: Jansson's reason and where it stopped.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    /// Jansson's reason, e.g. `string or '}' expected near ','` or `real number overflow near '1e400'`.
    public let reason: String
    /// The line where reading stopped, from 1.
    public let line: Int
    /// The column on that line, in characters, from 1 (0 when the text is empty).
    public let column: Int
    /// The byte offset where reading stopped.
    public let offset: Int

    /// Creates an error.
    public init(reason: String, line: Int, column: Int, offset: Int) {
        self.reason = reason
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// A number too large for a double (`1e400`): Jansson names it, but not its JSON path.
    public var isNumberOverflow: Bool { reason.hasPrefix("real number overflow") }
    /// A `\u` escape that is half of a UTF-16 pair without its other half.
    public var isLoneSurrogate: Bool { reason.hasPrefix("invalid Unicode '\\uD") }
}

/// Reads JSON text into a ``Value`` with Jansson.
///
/// Any value may be at the top level (a scene's file is an object, an
/// argument may be a number). Every number is a double (``Value/number(_:)``)
/// unless `integersAsText` keeps integers exactly as ``Value/text(_:)``;
/// strings may contain `\u0000` (keys may not: Jansson refuses them); of
/// a key given twice the last counts.
/// Nesting is bounded: by Jansson (2,048 levels) while it reads, and then to
/// ``maximumDepth`` levels of arrays and objects, as Foundation's
/// `JSONSerialization` did, which bounds the recursion of every reader of a
/// value (a scene's views nest two levels each).
public enum JSONReader {
    /// The deepest nesting of arrays and objects read.
    public static let maximumDepth = 512

    /// Reads `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 JSON text.
    ///   - integersAsText: Keep integers (written without a fraction or
    ///     exponent) as their decimal text, so that a 64-bit value keeps
    ///     every digit; an integer beyond 64 bits is then an error.
    /// - Throws: ``JSONSyntaxError`` with Jansson's reason, line and column.
    public static func read(_ bytes: UnsafeRawBufferPointer, integersAsText: Bool = false) throws(JSONSyntaxError) -> Value {
        // A UTF-8 byte order mark, as some editors save, is skipped (RFC 8259 allows it; Jansson does not).
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            do { return try read(UnsafeRawBufferPointer(rebasing: bytes[3...]), integersAsText: integersAsText) } catch {
                throw JSONSyntaxError(reason: error.reason, line: error.line, column: error.column, offset: error.offset + 3)
            }
        }
        var error = json_error_t()
        let flags = JSON_DECODE_ANY | JSON_ALLOW_NUL | (integersAsText ? 0 : JSON_DECODE_INT_AS_REAL)
        // An empty buffer may have no base address; Jansson reads none of it then.
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) ?? UnsafePointer<CChar>(bitPattern: 1)
        guard let root = json_loadb(base, bytes.count, Int(flags), &error) else {
            let reason = withUnsafeBytes(of: &error.text) { text in
                String(decoding: text.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            throw JSONSyntaxError(reason: reason, line: Int(error.line), column: Int(error.column), offset: Int(error.position))
        }
        defer { json_decref(root) }
        guard let value = value(of: root, depth: 1) else { throw tooDeep(bytes) }
        return value
    }

    /// The error for text nested deeper than ``maximumDepth``, at the bracket
    /// that opens the level too many (the text is valid JSON: Jansson read it).
    private static func tooDeep(_ bytes: UnsafeRawBufferPointer) -> JSONSyntaxError {
        var depth = 0, line = 1, column = 0, inString = false, escaped = false
        for (offset, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 0
            } else if byte & 0xC0 != 0x80 {
                column += 1  // a character starts here
            }
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maximumDepth {
                    return JSONSyntaxError(reason: "more than \(maximumDepth) levels of nested arrays and objects",
                                           line: line, column: column, offset: offset)
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return JSONSyntaxError(reason: "more than \(maximumDepth) levels of nested arrays and objects", line: 1, column: 1, offset: 0)
    }

    /// Reads `text`.
    public static func read(_ text: String, integersAsText: Bool = false) throws(JSONSyntaxError) -> Value {
        var text = text
        return try text.withUTF8 { bytes in
            Result { () throws(JSONSyntaxError) in try read(UnsafeRawBufferPointer(bytes), integersAsText: integersAsText) }
        }.get()
    }

    /// Reads `bytes`.
    public static func read(_ bytes: [UInt8], integersAsText: Bool = false) throws(JSONSyntaxError) -> Value {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) in try read(buffer, integersAsText: integersAsText) }
        }.get()
    }

    /// The value of a node Jansson made, `depth` levels deep; `nil` when it nests deeper than ``maximumDepth``.
    private static func value(of node: UnsafeMutablePointer<json_t>, depth: Int) -> Value? {
        let type = node.pointee.type
        if (type == JSON_OBJECT || type == JSON_ARRAY) && depth > maximumDepth { return nil }
        switch type {
        case JSON_OBJECT:
            var members: [String: Value] = [:]
            members.reserveCapacity(json_object_size(node))
            var iterator = json_object_iter(node)
            while let current = iterator {
                if let key = json_object_iter_key(current), let element = json_object_iter_value(current) {
                    let length = json_object_iter_key_len(current)
                    let name = String(decoding: UnsafeRawBufferPointer(start: key, count: length), as: UTF8.self)
                    guard let member = value(of: element, depth: depth + 1) else { return nil }
                    members[name] = member
                }
                iterator = json_object_iter_next(node, current)
            }
            return .object(members)
        case JSON_ARRAY:
            let count = json_array_size(node)
            var values: [Value] = []
            values.reserveCapacity(count)
            for index in 0..<count {
                guard let element = json_array_get(node, index) else { continue }
                guard let member = value(of: element, depth: depth + 1) else { return nil }
                values.append(member)
            }
            return .list(values)
        case JSON_STRING:
            let length = json_string_length(node)
            guard let characters = json_string_value(node) else { return .string("") }
            return .string(String(decoding: UnsafeRawBufferPointer(start: characters, count: length), as: UTF8.self))
        case JSON_INTEGER:
            return .text(String(json_integer_value(node)))
        case JSON_REAL:
            return .number(json_real_value(node))
        case JSON_TRUE:
            return .bool(true)
        case JSON_FALSE:
            return .bool(false)
        default:
            return .null
        }
    }
}
