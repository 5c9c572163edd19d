/// The error thrown for a malformed, unsupported or oversized type encoding.
///
/// Every parser in this module reports the first problem it finds and stops:
/// ``position`` is the 0-based UTF-8 byte offset of that problem in
/// ``encoding`` (encodings are ASCII, so this is also the character offset),
/// and ``reason`` says in words what was wrong or what was expected there. A
/// truncated encoding reports `position == encoding.utf8.count`.
///
/// ```swift
/// do {
///     _ = try MethodSignature(parsing: "v@:{CGRect={CGPoint=dd}")
/// } catch {
///     print(error)
///     // malformed type encoding "v@:{CGRect={CGPoint=dd}" at position 23:
///     // unterminated struct '{CGRect'; expected a field type or '}'
/// }
/// ```
public struct EncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The offending encoding.
    ///
    /// The encoding exactly as given, except for one that exceeds the length
    /// limit: that is shortened to its first 64 characters followed by "…",
    /// so that an error never carries an arbitrarily large string around.
    public let encoding: String

    /// The 0-based offset where the problem was found.
    ///
    /// Counted in UTF-8 bytes from the start of the original encoding. Type
    /// encodings are ASCII, so for any well-intended input this is also the
    /// character offset. A truncated encoding reports its own length here.
    public let position: Int

    /// What was wrong, in words.
    ///
    /// For example "unterminated struct '{CGRect'; expected a field type or
    /// '}'", "unknown type code 'x'" or "encoding is 5000 bytes; the limit is
    /// 4096". The wording is meant for people; match it with substrings only.
    public let reason: String

    /// Creates an error for `encoding` at `position`.
    ///
    /// Other modules of the package use this to report problems they find in
    /// an encoding after it parsed (for example a type libffi cannot pass).
    ///
    /// - Parameters:
    ///   - encoding: The offending encoding, as it should be quoted.
    ///   - position: The 0-based UTF-8 offset of the problem.
    ///   - reason: A human-readable description of the problem.
    package init(encoding: String, position: Int, reason: String) {
        self.encoding = encoding
        self.position = position
        self.reason = reason
    }

    /// A one-line message that quotes the encoding and names the position.
    ///
    /// The encoding is quoted with Swift string-literal escaping, so quotes
    /// inside it (as in `@"NSString"`) and control characters stay readable:
    /// `malformed type encoding "v@:x" at position 3: unknown type code 'x'`.
    public var description: String {
        "malformed type encoding \(encoding.debugDescription) at position \(position): \(reason)"
    }
}
