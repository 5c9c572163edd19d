import Foundation

/// A JSON value of a scene file, with the path it was found at.
///
/// Decoded with Foundation's `JSONDecoder`, which tells booleans from
/// numbers; syntax errors are located with `JSONSerialization` (see
/// ``Scene/parse(_:file:)``).
enum JSONValue: Decodable, Equatable {
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null; return }
        if let value = try? container.decode(Bool.self) { self = .bool(value); return }
        if let value = try? container.decode(Double.self) { self = .number(value); return }
        if let value = try? container.decode(String.self) { self = .string(value); return }
        if let value = try? container.decode([JSONValue].self) { self = .array(value); return }
        self = .object(try container.decode([String: JSONValue].self))
    }

    /// How the value reads in an error message: "a number", "a string", ….
    var kind: String {
        switch self {
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        case .null: "null"
        }
    }
}

/// A JSON value and where it is: `root.subviews[2].properties.tailWidth`.
struct Node {
    let value: JSONValue
    let path: String

    func child(_ key: String) -> Node? {
        guard case .object(let members) = value, let member = members[key] else { return nil }
        return Node(value: member, path: path.isEmpty ? key : "\(path).\(key)")
    }

    func error(_ message: String) -> SceneError { SceneError(path: path, message) }

    func expect(_ what: String) -> SceneError { error("expected \(what), got \(value.kind)") }

    var object: [String: JSONValue]? {
        if case .object(let members) = value { return members }
        return nil
    }

    func requireObject() throws(SceneError) -> [String: JSONValue] {
        guard let object else { throw expect("an object") }
        return object
    }

    func elements() throws(SceneError) -> [Node] {
        guard case .array(let items) = value else { throw expect("an array") }
        return items.enumerated().map { Node(value: $1, path: "\(path)[\($0)]") }
    }

    func number() throws(SceneError) -> Double {
        guard case .number(let number) = value else { throw expect("a number") }
        return number
    }

    func string() throws(SceneError) -> String {
        guard case .string(let text) = value else { throw expect("a string") }
        return text
    }

    func bool() throws(SceneError) -> Bool {
        guard case .bool(let flag) = value else { throw expect("a boolean (true or false)") }
        return flag
    }

    /// Exactly `count` numbers.
    func numbers(_ count: Int, _ what: String) throws(SceneError) -> [Double] {
        guard case .array(let items) = value, items.count == count else { throw expect(what) }
        var result: [Double] = []
        for (index, item) in items.enumerated() {
            guard case .number(let number) = item, number.isFinite else {
                throw SceneError(path: "\(path)[\(index)]", "expected a number, got \(item.kind) (in \(what))")
            }
            result.append(number)
        }
        return result
    }

    /// Rejects members other than `allowed`, naming the first unknown one.
    func checkKeys(_ allowed: Set<String>) throws(SceneError) {
        guard let object else { return }
        for key in object.keys.sorted() where !allowed.contains(key) {
            throw SceneError(path: path.isEmpty ? key : "\(path).\(key)",
                             "unknown key '\(key)'; expected one of: \(allowed.sorted().joined(separator: ", "))")
        }
    }
}
