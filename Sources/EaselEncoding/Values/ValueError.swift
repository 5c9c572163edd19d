/// Why a value could not be encoded as a type, and where inside the value.
///
/// ``path`` is relative to the value given to ``ValueCodec/encode(_:as:storage:)``:
/// the indices of the list elements leading to the problem, outermost first,
/// so that a scene can put its JSON path in front (`frame[1]`) and
/// `easel invoke` its argument number. ``message`` says what is wrong without
/// saying what the value was for; ``message(for:)`` adds that.
///
/// ```swift
/// do {
///     _ = try ValueCodec.encode(.list([.number(1), .string("x")]), as: .point, storage: ValueArena())
/// } catch {
///     error.path     // [1]
///     error.message  // expected a number, got a string (in a point [x, y])
/// }
/// ```
public struct ValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Sendable, Hashable {
        /// A value of the wrong kind or shape: `expected` is the form wanted
        /// ("a number", "a point [x, y]"), `got` the kind given ("a string").
        case expected(String, got: String)
        /// Text that does not read as the type: the text, and the form it should take.
        case unreadable(String, form: String)
        /// A number that is not an integer in the type's range.
        case notAnInteger(Double, TypeEncoding)
        /// A string that is not `#rrggbb` or `#rrggbbaa`.
        case notAColour(String)
        /// A type no value can be written for (an object, a pointer, `void`).
        case unsupported(TypeEncoding)
        /// A value the caller refused after decoding it (`"a size must not be negative"`).
        case invalid(String)
    }

    /// What was wrong.
    public let reason: Reason
    /// The list indices leading to the problem, outermost first; empty for the value itself.
    public var path: [Int]
    /// The form of the list the problem is in, when it is an element: "a point [x, y]".
    public var enclosingForm: String?

    /// Creates an error about the value itself.
    ///
    /// - Parameters:
    ///   - reason: What was wrong.
    ///   - path: The list indices leading to the problem, outermost first.
    ///   - enclosingForm: The form of the list the problem is in, if any.
    public init(_ reason: Reason, path: [Int] = [], in enclosingForm: String? = nil) {
        self.reason = reason
        self.path = path
        self.enclosingForm = enclosingForm
    }

    /// The path as JSON indices: `[1][0]`, or empty.
    public var pathText: String { path.map { "[\($0)]" }.joined() }

    /// What was wrong, in words: `expected a number, got a string (in a point [x, y])`.
    public var message: String {
        let base: String
        switch reason {
        case .expected(let form, let got): base = "expected \(form), got \(got)"
        case .unreadable(let text, let form): base = "'\(text)' is not \(form)"
        case .notAnInteger(let number, let type): base = "expected \(Self.integerForm(type)), not \(number)"
        case .notAColour(let text):
            base = "expected a colour (\"#rrggbb\", \"#rgb\", \"#rrggbbaa\", a CSS name such as \"red\", \"rgb(…)\", \"rgba(…)\" or \"hsl(…)\"), got \"\(text)\""
        case .unsupported(let type): base = "no value can be given for the type \(type.readableName) (\(type.encoding))"
        case .invalid(let text): base = text
        }
        return enclosingForm.map { "\(base) (in \($0))" } ?? base
    }

    /// The message with what the value was for:
    /// `expected a number, got a string for property 'radius' (double)`, or
    /// `property 'count' (int32_t) takes an integer from -2147483648 to 2147483647, not 2.5`.
    ///
    /// - Parameter subject: What the value was for.
    public func message(for subject: String) -> String {
        switch reason {
        case .notAnInteger(let number, let type) where enclosingForm == nil:
            "\(subject) takes \(Self.integerForm(type)), not \(number)"
        default:
            "\(message) for \(subject)"
        }
    }

    /// `path: message`, or the message alone for the value itself.
    public var description: String { path.isEmpty ? message : "\(pathText): \(message)" }

    /// "an integer from -128 to 127", for an integer type.
    static func integerForm(_ type: TypeEncoding) -> String {
        guard let range = type.integerRange else { return "an integer" }
        return "an integer from \(range.min) to \(range.max)"
    }

    /// The same error one list level down: at `index` of a list whose form is `form`.
    func inside(_ index: Int, of form: String?) -> ValueError {
        var copy = self
        copy.path.insert(index, at: 0)
        if copy.enclosingForm == nil { copy.enclosingForm = form }
        return copy
    }
}
