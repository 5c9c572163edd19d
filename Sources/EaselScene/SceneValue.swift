import EaselEncoding

/// A JSON value of a scene file and where it is: `root.subviews[2].properties.tailWidth`.
///
/// The value is the value codec's ``Value``, read by Jansson (`JSONReader`),
/// which reports a syntax error's line and column (see ``Scene/parse(_:file:)``).
struct Node {
    let value: Value
    let path: String

    func child(_ key: String) -> Node? {
        guard case .object(let members) = value, let member = members[key] else { return nil }
        return Node(value: member, path: path.isEmpty ? key : "\(path).\(key)")
    }

    func error(_ message: String) -> SceneError { SceneError(path: path, message) }

    func expect(_ what: String) -> SceneError { error("expected \(what), got \(value.kind)") }

    /// A codec error inside this value, at its own path: `frame[1]: expected a number, …`.
    func error(_ error: ValueError) -> SceneError { SceneError(path: path + error.pathText, error.message) }

    var object: [String: Value]? {
        if case .object(let members) = value { return members }
        return nil
    }

    func requireObject() throws(SceneError) -> [String: Value] {
        guard let object else { throw expect("an object") }
        return object
    }

    func elements() throws(SceneError) -> [Node] {
        guard case .list(let items) = value else { throw expect("an array") }
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

    /// Exactly `count` numbers (``ValueCodec/numbers(_:count:form:)``).
    func numbers(_ count: Int, _ what: String) throws(SceneError) -> [Double] {
        do { return try ValueCodec.numbers(value, count: count, form: what) } catch { throw self.error(error) }
    }

    /// Rejects members other than `allowed`, naming the first unknown one.
    func checkKeys(_ allowed: Set<String>) throws(SceneError) {
        guard let object else { return }
        for key in object.keys.sorted() where !allowed.contains(key) {
            let known = allowed.sorted()
            let hint = NameSuggestion.closest(to: key, among: known).map { "did you mean '\($0)'?" }
                ?? "expected one of: \(known.joined(separator: ", "))"
            throw SceneError(path: path.isEmpty ? key : "\(path).\(key)", "unknown key '\(key)'; \(hint)")
        }
    }
}
