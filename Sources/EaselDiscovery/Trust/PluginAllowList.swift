#if canImport(Glibc)
import Glibc
#endif
import EaselRuntime

/// A list of the SHA-256 digests of the plugin files that may be loaded.
///
/// The file has the format `sha256sum` writes, one plugin a line:
///
/// ```
/// # plugins we ship
/// 9f2c…e1  /opt/easel/plugins/libShapes.so
/// 41d0…7a  libCharts.so
/// ```
///
/// Each line is a digest (64 hexadecimal digits, either case), then
/// whitespace (`sha256sum` writes two spaces, or a space and `*` in binary
/// mode) and a name, which is for people: only the digest decides whether a
/// file may be loaded, wherever the file is and whatever it is called. A
/// line may also be a digest alone, or in `sha256sum --tag` form
/// (`SHA256 (name) = digest`). Blank lines and lines starting with `#` are
/// ignored. An allow-list with no digest allows nothing.
public struct PluginAllowList: Sendable, Equatable, Codable {
    /// The file the list was read from (used in messages), or a label.
    public let path: String
    /// The names listed with each digest (lowercase hexadecimal), in file order.
    public let entries: [String: [String]]

    /// Reads an allow-list file.
    ///
    /// - Parameter path: The file.
    /// - Throws: ``PluginAllowListError`` when the file cannot be read or a
    ///   line is not a SHA-256 digest line (naming the file and the line).
    public init(contentsOfFile path: String) throws(PluginAllowListError) {
        guard let file = fopen(path, "rb") else {
            throw PluginAllowListError(path: path, line: nil, message: "cannot read the allow-list: \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            bytes += chunk[..<count]
            if count < chunk.count { break }
        }
        if ferror(file) != 0 {
            throw PluginAllowListError(path: path, line: nil, message: "cannot read the allow-list: \(String(cString: strerror(errno)))")
        }
        try self.init(parsing: String(decoding: bytes, as: UTF8.self), path: path)
    }

    /// Parses the text of an allow-list.
    ///
    /// - Parameters:
    ///   - text: The list, in `sha256sum`'s format.
    ///   - path: Where it came from, for messages.
    /// - Throws: ``PluginAllowListError`` naming the first malformed line.
    public init(parsing text: String, path: String) throws(PluginAllowListError) {
        var entries: [String: [String]] = [:]
        // "\r\n" is one Character: split on both line ends.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            switch Self.parseLine(trimmed) {
            case .success(let (digest, name)): entries[digest, default: []].append(name)
            case .failure(let problem):
                throw PluginAllowListError(path: path, line: index + 1, message: problem.message)
            }
        }
        self.path = path
        self.entries = entries
    }

    /// Whether a digest (hexadecimal, either case) is listed.
    public func contains(digest: String) -> Bool { entries[digest.lowercased()] != nil }

    /// One line: `(digest, name)`, or what is wrong with it.
    private static func parseLine(_ line: Substring) -> Result<(String, String), LineProblem> {
        let expected = "expected a SHA-256 digest (64 hexadecimal digits), two spaces and a file name, as sha256sum prints them"
        // sha256sum --tag: "SHA256 (name) = digest"; other algorithms are named.
        if let open = line.firstIndex(of: " "), line[line.index(after: open)...].hasPrefix("("),
           let equals = line.ranges(of: ") = ").last {
            let algorithm = line[..<open]
            let name = String(line[line.index(open, offsetBy: 2)..<equals.lowerBound])
            let digest = line[equals.upperBound...].trimmingTrailingSpaces()
            guard algorithm == "SHA256" else {
                return .failure(LineProblem(message: "'\(algorithm)' digests cannot be checked; an allow-list holds SHA-256 digests (sha256sum)"))
            }
            return checkDigest(digest, expected: expected).map { ($0, name) }
        }
        // sha256sum: "digest  name" or "digest *name"; a leading backslash
        // means the name has escapes (\\, \n).
        var rest = line
        let escaped = rest.hasPrefix("\\")
        if escaped { rest = rest.dropFirst() }
        let digestEnd = rest.firstIndex(where: { $0 == " " || $0 == "\t" }) ?? rest.endIndex
        let digest = rest[..<digestEnd]
        var name = rest[digestEnd...].drop(while: { $0 == " " || $0 == "\t" })
        if name.hasPrefix("*") { name = name.dropFirst() }
        return checkDigest(digest, expected: expected).map { ($0, escaped ? unescaped(name) : String(name)) }
    }

    /// A name as sha256sum escapes it: `\\` for a backslash, `\n` for a newline.
    private static func unescaped(_ name: Substring) -> String {
        var result = "", pending = false
        for character in name {
            if pending {
                result.append(character == "n" ? "\n" : character)
                pending = false
            } else if character == "\\" {
                pending = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The digest in lowercase, or what is wrong with it.
    private static func checkDigest(_ digest: Substring, expected: String) -> Result<String, LineProblem> {
        let isHex = !digest.isEmpty && digest.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
        if isHex && digest.count == 64 { return .success(digest.lowercased()) }
        let shown = digest.count > 72 ? digest.prefix(72) + "…" : digest
        if isHex {
            let algorithm = [32: "an MD5", 40: "a SHA-1", 56: "a SHA-224", 96: "a SHA-384", 128: "a SHA-512"][digest.count]
            let guess = algorithm.map { " (\($0) digest?)" } ?? ""
            return .failure(LineProblem(message: "'\(shown)' has \(digest.count) hexadecimal digits, a SHA-256 digest has 64\(guess)"))
        }
        return .failure(LineProblem(message: "\(expected); found '\(shown)'"))
    }
}

/// An allow-list file that cannot be read or has a malformed line.
public struct PluginAllowListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The allow-list file.
    public let path: String
    /// The 1-based line at fault, or `nil` when the file cannot be read.
    public let line: Int?
    /// What is wrong (without the path and line).
    public let message: String

    /// Creates an error.
    public init(path: String, line: Int?, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    /// `<path>:<line>: <message>`, or `<path>: <message>` without a line.
    public var description: String {
        line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)"
    }
}

/// What is wrong with one line of an allow-list.
private struct LineProblem: Error {
    let message: String
}

private extension Substring {
    func trimmingTrailingSpaces() -> Substring {
        var result = self
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
