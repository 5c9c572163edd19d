import Glibc

// What the host's modules would otherwise take from Foundation's `NSString`
// (easel links FoundationEssentials only, which has none of these).

extension StringProtocol {
    /// The text without spaces and tabs (Unicode white space other than line
    /// breaks) at either end, as `trimmingCharacters(in: .whitespaces)`.
    public func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }

    /// The text padded with spaces at the end, or cut, to `length` characters.
    public func padded(to length: Int) -> String {
        count >= length ? String(prefix(length)) : String(self) + String(repeating: " ", count: length - count)
    }
}

extension String {
    /// Text made by C's `snprintf` from `format` (a printf format of numbers only:
    /// `%9.3f`, `%03d`, `%02x`), as Foundation's `String(format:)`.
    public init(printf format: String, _ arguments: any CVarArg...) {
        var buffer = [CChar](repeating: 0, count: 64)
        let needed = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        if needed >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(needed) + 1)
            _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        }
        self = needed < 0 ? "" : String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// File paths as text, as `NSString`'s `deletingLastPathComponent` and `appendingPathComponent`.
public enum PathText {
    /// The path without its last component: `a/b/c` → `a/b`, `/c` → `/`, `c` → "".
    public static func folder(of path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        var folder = path[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return String(folder)
    }

    /// `name` inside `folder`: `a` + `b` → `a/b`, `a/` + `b` → `a/b`, "" + `b` → `b`.
    public static func joining(_ folder: String, _ name: String) -> String {
        guard !folder.isEmpty else { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
