/// A problem with a scene file, pointing at the place: the file, then the JSON
/// path (`root.subviews[2].properties.tailWidth`) or, for a syntax error, the
/// line and column.
public struct SceneError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The scene file, when the scene came from one.
    public internal(set) var file: String?
    /// Where in the document: a JSON path, or `line L, column C` for a syntax error; empty for the whole file.
    public let location: String
    /// What is wrong.
    public let message: String

    init(path: String, _ message: String) {
        location = path
        self.message = message
    }

    /// `file: location: message`.
    public var description: String {
        [file, location.isEmpty ? nil : location, message].compactMap { $0 }.joined(separator: ": ")
    }
}
