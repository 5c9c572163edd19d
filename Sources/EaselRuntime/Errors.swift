/// An error from using loaded classes: creating objects, sending messages,
/// reading and writing properties.
public struct RuntimeError: Error, Sendable, CustomStringConvertible, Equatable {
    /// A kind of runtime error (an open set).
    public struct Kind: RawRepresentable, Hashable, Sendable {
        /// A short stable identifier.
        public let rawValue: String
        /// Wraps an identifier.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// No class of that name is registered.
        public static let unknownClass = Kind(rawValue: "unknown-class")
        /// The receiver's class does not respond to the selector.
        public static let doesNotRespond = Kind(rawValue: "does-not-respond")
        /// No declared property of that name.
        public static let unknownProperty = Kind(rawValue: "unknown-property")
        /// A value's type or size does not match the declaration.
        public static let typeMismatch = Kind(rawValue: "type-mismatch")
        /// A textual argument could not be parsed.
        public static let badArgument = Kind(rawValue: "bad-argument")
        /// Wrong number of arguments for a selector.
        public static let argumentCount = Kind(rawValue: "argument-count")
    }

    /// The kind of error.
    public let kind: Kind
    /// The full message, naming the class, selector or property involved.
    public let message: String

    /// Creates a runtime error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }

    package static func doesNotRespond(_ cls: ObjectClass, _ selector: Selector) -> RuntimeError {
        RuntimeError(.doesNotRespond, "an instance of '\(cls.name)' does not respond to selector '\(selector.name)'")
    }
}

/// Something reported while plugin code ran: a message a plugin logged, or a
/// message it sent that could not be delivered.
public struct Diagnostic: Sendable, CustomStringConvertible, Equatable {
    /// How serious it is.
    public enum Severity: String, Sendable { case note, error }
    /// How serious it is.
    public let severity: Severity
    /// The message, naming the plugin, class and selector involved.
    public let message: String
    /// `error: <message>` or `note: <message>`.
    public var description: String { "\(severity.rawValue): \(message)" }
}
