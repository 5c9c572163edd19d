/// A value to encode by a type encoding: what JSON and the CLI's text forms reduce to.
///
/// Scene files give values as JSON (``number(_:)``, ``string(_:)``, ``bool(_:)``,
/// ``null``, ``list(_:)`` and ``object(_:)``); `easel invoke` gives each
/// argument as ``text(_:)``, which ``ValueCodec`` reads by the type it is
/// encoded as (`42`, `0x2a`, `yes`, `1,2`, `#ff8000`). The codec never makes
/// an object: a JSON object is there so that a front end can build one itself
/// and so that a misplaced one is named in messages ("got an object").
public enum Value: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// JSON `true` or `false`.
    case bool(Bool)
    /// A JSON number (every JSON number is read as a double).
    case number(Double)
    /// A JSON string.
    case string(String)
    /// Text as a person typed it on a command line, read by the type it is encoded as.
    case text(String)
    /// A JSON array.
    case list([Value])
    /// A JSON object; the codec encodes none, front ends read their own.
    case object([String: Value])

    /// How the value reads in a message: "a number", "a string", "an array", ….
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .text: "text"
        case .list: "an array"
        case .object: "an object"
        }
    }
}

extension Value: Decodable {
    /// Decodes a JSON value, telling booleans from numbers.
    ///
    /// - Parameter decoder: A decoder of JSON (Foundation's `JSONDecoder`).
    /// - Throws: `DecodingError` when the data is no JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null; return }
        if let value = try? container.decode(Bool.self) { self = .bool(value); return }
        if let value = try? container.decode(Double.self) { self = .number(value); return }
        if let value = try? container.decode(String.self) { self = .string(value); return }
        if let value = try? container.decode([Value].self) { self = .list(value); return }
        self = .object(try container.decode([String: Value].self))
    }
}

extension Value {
    /// Whether the value is an array or an object (not one scalar).
    var isComposite: Bool {
        switch self {
        case .list, .object: true
        default: false
        }
    }
}
