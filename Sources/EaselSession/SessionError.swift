import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselScene

/// A failure of a session operation, with the context a user needs to fix it.
///
/// The ``message`` is the whole sentence a front end prints after `error: `;
/// the other fields repeat its context for programs: the file involved (a
/// scene, an allow-list, an output), the class and selector of a message,
/// the JSON path in a scene. A usage error (a wrong argument count or form)
/// carries the expected form in ``usage``.
public struct SessionError: Error, CustomStringConvertible, Sendable {
    /// The sentence to show, without `error: `.
    public var message: String
    /// The expected form of the command, for a usage error.
    public var usage: String?
    /// Whether the user's input was wrong (a usage error) rather than the run.
    public var isUsageError: Bool
    /// The file involved: a scene, an allow-list, an output.
    public var file: String?
    /// The class involved, for a message or a view.
    public var className: String?
    /// The selector involved, for a message.
    public var selector: String?
    /// Where in a scene file: a JSON path, or `line L, column C`.
    public var jsonPath: String?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - message: The sentence to show, without `error: `.
    ///   - file: The file involved, if any.
    ///   - className: The class involved, if any.
    ///   - selector: The selector involved, if any.
    ///   - jsonPath: The place in a scene file, if any.
    ///   - usage: The expected form, for a usage error.
    ///   - isUsageError: Whether the user's input was wrong.
    public init(_ message: String, file: String? = nil, className: String? = nil, selector: String? = nil,
                jsonPath: String? = nil, usage: String? = nil, isUsageError: Bool = false) {
        self.message = message
        self.file = file
        self.className = className
        self.selector = selector
        self.jsonPath = jsonPath
        self.usage = usage
        self.isUsageError = isUsageError
    }

    /// The message.
    public var description: String { message }
}

extension SessionError {
    /// A scene that cannot be read or built: its file and JSON path. It is
    /// the user's input refused before any drawing (exit status 2).
    init(_ error: SceneError) {
        self.init("\(error)", file: error.file, jsonPath: error.location.isEmpty ? nil : error.location,
                  isUsageError: true)
    }

    /// A message that cannot be sent: its class and selector, and the usage line for a usage error.
    init(_ error: InvokeError, className: String, selector: String) {
        self.init(error.message, className: className, selector: selector, usage: error.usage,
                  isUsageError: error.isUsageError)
    }

    /// Any other failure, described by its own text.
    init(describing error: any Error, file: String? = nil) {
        self.init("\(error)", file: file)
    }
}
