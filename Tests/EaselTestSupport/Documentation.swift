// The documentation's code blocks, as the tests that compile and run them read them: the fenced
// blocks of README.md and of the DocC articles, with the marker before each, and the regions of
// test and example sources that a documented fragment is copied from.

import Foundation

/// What the line before a fenced block says about it.
public enum DocumentationMarker: Equatable, Sendable {
    /// `<!-- example: NAME -->`: a test compiles (and runs) the block by this name.
    case example(String)
    /// `<!-- not-run: REASON -->`: no test runs the block, for the reason given.
    case notRun(String)
}

/// A fenced code block of the README or an article.
public struct DocumentationBlock: Sendable {
    /// The Markdown file.
    public let file: URL
    /// The line of the opening fence, counted from 1.
    public let line: Int
    /// The language after the opening fence ("" when there is none).
    public let language: String
    /// The lines between the fences, without the fence's indentation, each ending in a newline.
    public let text: String
    /// The marker on the line just before the opening fence, if any.
    public let marker: DocumentationMarker?

    /// `path:line`, the path relative to the package root.
    public var location: String { "\(Documentation.relativePath(file)):\(line)" }
}

/// A region of a source file between `// doc-snippet: NAME` and `// doc-snippet-end`: the
/// compiled original of the documented fragment `NAME`.
public struct DocumentationSnippet: Sendable {
    public let name: String
    public let file: URL
    /// The line of the `// doc-snippet:` comment, counted from 1.
    public let line: Int
    /// The lines of the region with their common indentation removed, each ending in a newline.
    public let text: String

    public var location: String { "\(Documentation.relativePath(file)):\(line)" }
}

public enum Documentation {
    /// The Markdown files that hold documented examples: the README and the articles of the DocC catalog.
    public static func files() throws -> [URL] {
        let root = Fixtures.packageRoot
        var files = [root.appendingPathComponent("README.md")]
        let folder = root.appendingPathComponent("Sources/Easel/Easel.docc", isDirectory: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        files += names.map { folder.appendingPathComponent($0) }
        return files
    }

    /// `url`'s path relative to the package root.
    public static func relativePath(_ url: URL) -> String {
        let root = Fixtures.packageRoot.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    /// Every fenced block of `file`, in order.
    ///
    /// - Throws: ``FixtureError`` for a fence that is never closed (naming the file and line).
    public static func blocks(in file: URL) throws -> [DocumentationBlock] {
        let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        var blocks: [DocumentationBlock] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let indent = line.prefix { $0 == " " }.count
            let rest = line.dropFirst(indent)
            guard rest.hasPrefix("```") else { index += 1; continue }
            let language = rest.dropFirst(3).trimmingCharacters(in: .whitespaces)
            var body: [String] = []
            var close = index + 1
            while close < lines.count, lines[close].trimmingCharacters(in: .whitespaces) != "```" {
                let content = lines[close]
                let removable = min(indent, content.prefix { $0 == " " }.count)
                body.append(String(content.dropFirst(removable)))
                close += 1
            }
            guard close < lines.count else {
                throw FixtureError("\(relativePath(file)):\(index + 1): the code block is never closed")
            }
            let previous = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
            blocks.append(DocumentationBlock(file: file, line: index + 1, language: language,
                                             text: body.map { $0 + "\n" }.joined(), marker: marker(previous)))
            index = close + 1
        }
        return blocks
    }

    /// Every fenced block of ``files()``.
    public static func allBlocks() throws -> [DocumentationBlock] {
        try files().flatMap { try blocks(in: $0) }
    }

    /// The marker a line holds: `<!-- example: NAME -->` or `<!-- not-run: REASON -->`.
    static func marker(_ line: String) -> DocumentationMarker? {
        guard line.hasPrefix("<!--"), line.hasSuffix("-->") else { return nil }
        let inside = line.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        if inside.hasPrefix("example:") {
            return .example(inside.dropFirst("example:".count).trimmingCharacters(in: .whitespaces))
        }
        if inside.hasPrefix("not-run:") {
            return .notRun(inside.dropFirst("not-run:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// The `// doc-snippet: NAME` … `// doc-snippet-end` regions of the Swift sources under
    /// `Tests/` and `Examples/`.
    ///
    /// - Throws: ``FixtureError`` for a region that is never closed.
    public static func snippets() throws -> [DocumentationSnippet] {
        var found: [DocumentationSnippet] = []
        for folder in ["Tests", "Examples"] {
            let root = Fixtures.packageRoot.appendingPathComponent(folder, isDirectory: true)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker {
                if [".build", "target"].contains(url.lastPathComponent) { walker.skipDescendants(); continue }
                guard url.pathExtension == "swift" else { continue }
                let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
                var index = 0
                while index < lines.count {
                    let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
                    guard trimmed.hasPrefix("// doc-snippet:") else { index += 1; continue }
                    let name = trimmed.dropFirst("// doc-snippet:".count).trimmingCharacters(in: .whitespaces)
                    guard let end = lines[(index + 1)...].firstIndex(where: {
                        $0.trimmingCharacters(in: .whitespaces) == "// doc-snippet-end"
                    }) else {
                        throw FixtureError("\(relativePath(url)):\(index + 1): doc-snippet \(name) has no // doc-snippet-end")
                    }
                    found.append(DocumentationSnippet(name: name, file: url, line: index + 1,
                                                      text: dedent(Array(lines[(index + 1)..<end]))))
                    index = end + 1
                }
            }
        }
        return found
    }

    /// `lines` without their common indentation (blank lines do not count), each ending in a newline.
    public static func dedent(_ lines: [String]) -> String {
        let indents = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }
        let common = indents.min() ?? 0
        return lines.map { String($0.dropFirst(min(common, $0.prefix { $0 == " " }.count))) + "\n" }.joined()
    }
}
