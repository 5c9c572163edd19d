import EaselTestSupport
import Foundation
import Testing

/// Every code block of the README and the articles is either compiled and run by a test or says
/// why not: a new example cannot slip in untested.
@Suite("Every documented example is marked, and every marked example is tested")
struct DocumentationCoverageTests {
    /// The languages whose blocks must all be compiled (`<!-- example: NAME -->`).
    static let compiled: Set<String> = ["c", "cpp", "swift", "rust", "json"]

    /// A documented fragment whose compiled original differs from it in named places: the
    /// original's text, then the documentation's.
    static let substitutions: [String: [(String, String)]] = [
        // Examples/Languages/swift sits three folders below Kit/; a package of the reader's beside a checkout.
        "swift-kit-dependency.swift": [(#".package(path: "../../../Kit")"#, #".package(path: "../easel/Kit")"#)],
    ]

    /// The text of every Swift test source but this one (whose names are not uses).
    static func testSources() throws -> String {
        var text = ""
        let root = Fixtures.packageRoot.appendingPathComponent("Tests", isDirectory: true)
        let walker = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        for case let url as URL in walker where url.pathExtension == "swift" && url.lastPathComponent != "DocumentationCoverageTests.swift" {
            text += try String(contentsOf: url, encoding: .utf8)
        }
        return text
    }

    /// What is wrong with the markers of `blocks`: one line per block, naming its file and line.
    static func markerProblems(_ blocks: [DocumentationBlock]) -> [String] {
        var problems: [String] = []
        for block in blocks {
            switch (block.language, block.marker) {
            case ("", _), (_, .example(_)):
                continue
            case ("sh", .notRun(let reason)):
                if reason.split(separator: " ").count < 4 {
                    problems.append("\(block.location): the not-run reason '\(reason)' says too little")
                }
            case ("sh", _):
                problems.append("\(block.location): an sh block that no test runs: mark it <!-- example: NAME --> and run it in a test, or <!-- not-run: reason -->")
            case (let language, _) where compiled.contains(language):
                problems.append("\(block.location): a \(language) block without <!-- example: NAME -->: compile and run it in a test")
            case (let language, _):
                problems.append("\(block.location): a block in '\(language)', which the documentation tests do not know: use c, cpp, swift, rust, json, sh or no language")
            }
        }
        return problems
    }

    @Test("every c, cpp, swift, rust and json block is marked <!-- example: NAME -->; every sh block is an example or <!-- not-run: reason -->")
    func everyBlockIsMarked() throws {
        let blocks = try Documentation.allBlocks()
        #expect(blocks.count >= 50, "\(blocks.count) blocks")
        let problems = Self.markerProblems(blocks)
        #expect(problems == [], "\(problems.joined(separator: "\n"))")
    }

    @Test("an unmarked example, an sh block without a marker, a thin reason and an unknown language are each named with file and line")
    func unmarkedBlocksAreNamed() throws {
        let folder = try Fixtures.makeTemporaryDirectory("doc-unmarked")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("New.md")
        try Data("""
            # New

            ```swift
            let x = 1
            ```

            <!-- not-run: slow -->
            ```sh
            make
            ```

            ```sh
            easel list
            ```

            ```python
            print(1)
            ```

            <!-- example: fine.c -->
            ```c
            int y;
            ```

            """.utf8).write(to: file)
        let problems = Self.markerProblems(try Documentation.blocks(in: file))
        let path = file.standardizedFileURL.path
        #expect(problems == [
            "\(path):3: a swift block without <!-- example: NAME -->: compile and run it in a test",
            "\(path):8: the not-run reason 'slow' says too little",
            "\(path):12: an sh block that no test runs: mark it <!-- example: NAME --> and run it in a test, or <!-- not-run: reason -->",
            "\(path):16: a block in 'python', which the documentation tests do not know: use c, cpp, swift, rust, json, sh or no language",
        ])
    }

    @Test("each example name is marked once, and a test uses it (readmeExample(\"NAME\") or a // doc-snippet: NAME region)")
    func everyExampleIsUsed() throws {
        let blocks = try Documentation.allBlocks()
        var names: [String: [String]] = [:]
        for block in blocks {
            if case .example(let name) = block.marker { names[name, default: []].append(block.location) }
        }
        #expect(names.count >= 30, "\(names.keys.sorted())")
        let duplicates = names.filter { $0.value.count > 1 }
        #expect(duplicates.isEmpty, "examples marked more than once: \(duplicates)")
        let sources = try Self.testSources()
        let snippets = Set(try Documentation.snippets().map(\.name))
        let unused = names.keys.sorted().filter { !sources.contains("\"\($0)\"") && !snippets.contains($0) }
        #expect(unused == [], "examples no test reads: \(unused.map { "\($0) (\(names[$0]!.joined(separator: ", ")))" })")
    }

    @Test("every // doc-snippet region equals the documentation's block of that name")
    func snippetsMatchTheirBlocks() throws {
        let snippets = try Documentation.snippets()
        #expect(Set(snippets.map(\.name)).isSuperset(of: ["animate.swift", "host-tree.swift", "swift-kit-dependency.swift"]),
                "\(snippets.map(\.name))")
        #expect(Set(snippets.map(\.name)).count == snippets.count, "a name is used by two regions: \(snippets.map(\.location))")
        for snippet in snippets {
            var expected = snippet.text
            for (original, documented) in Self.substitutions[snippet.name] ?? [] {
                #expect(expected.contains(original), "\(snippet.location) no longer holds \(original)")
                expected = expected.replacingOccurrences(of: original, with: documented)
            }
            let documented = Documentation.dedent(Array(try readmeExample(snippet.name).components(separatedBy: "\n").dropLast()))
            #expect(documented == expected, """
                \(snippet.location): the region differs from the documented example \(snippet.name); copy one to the other.
                documented:
                \(documented)
                region:
                \(expected)
                """)
        }
    }

    @Test("the parser: fences with indentation, markers on the line before, a block never closed is an error naming its line")
    func parser() throws {
        let folder = try Fixtures.makeTemporaryDirectory("doc-parser")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.md")
        try Data("""
            Text.

            <!-- example: one.c -->
            ```c
            int x;
            ```

            - item:

              <!-- not-run: it starts a server -->
              ```sh
              easel preview
                indented more
              ```

            ```
            plain
            ```

            """.utf8).write(to: file)
        let blocks = try Documentation.blocks(in: file)
        #expect(blocks.map(\.line) == [4, 11, 16])
        #expect(blocks.map(\.language) == ["c", "sh", ""])
        #expect(blocks.map(\.marker) == [.example("one.c"), .notRun("it starts a server"), nil])
        #expect(blocks.map(\.text) == ["int x;\n", "easel preview\n  indented more\n", "plain\n"])
        try Data("# Title\n\n```swift\nlet x = 1\n".utf8).write(to: file)
        #expect(throws: FixtureError.self) { try Documentation.blocks(in: file) }
        do {
            _ = try Documentation.blocks(in: file)
        } catch let error as FixtureError {
            #expect(error.description.hasSuffix("a.md:3: the code block is never closed"))
        }
    }
}
