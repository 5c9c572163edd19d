import EaselTestSupport
import Foundation
import Testing

/// The repository's C sample plugins and the README's C examples build as strict C99.
@Suite("C sources build with -std=c99 -pedantic-errors -Wall -Wextra -Werror")
struct C99BuildTests {
    static let flags = ["-std=c99", "-pedantic-errors", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC"]

    /// Compiles `source` with the flags (and `includes`) into a fresh folder; the compiler's result.
    func compile(_ source: URL, includes: [URL] = []) throws -> ProcessResult {
        let folder = try Fixtures.makeTemporaryDirectory("c99")
        defer { try? FileManager.default.removeItem(at: folder) }
        let compiler = try Fixtures.executable(named: ProcessInfo.processInfo.environment["CC"] ?? "cc")
        let includeFlags = ([Fixtures.abiIncludeDirectory] + includes).flatMap { ["-I", $0.path] }
        return try Fixtures.run(compiler, Self.flags + includeFlags + [source.path, "-o", folder.appendingPathComponent("out.so").path])
    }

    /// Every `Plugins/<Name>/<Name>.c`.
    static var samplePlugins: [String] {
        let plugins = Fixtures.packageRoot.appendingPathComponent("Plugins")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: plugins.path)) ?? []
        return names.sorted().filter { FileManager.default.fileExists(atPath: plugins.appendingPathComponent("\($0)/\($0).c").path) }
    }

    @Test("every sample plugin written in C")
    func samplePlugins() throws {
        let names = Self.samplePlugins
        #expect(names.contains("Shapes") && names.contains("MiniPicker") && names.count >= 3, "\(names)")
        for name in names {
            let folder = Fixtures.packageRoot.appendingPathComponent("Plugins/\(name)")
            let result = try compile(folder.appendingPathComponent("\(name).c"), includes: [folder.appendingPathComponent("include")])
            #expect(result.status == 0 && result.stderr == "", "\(name).c:\n\(result.stderr)")
        }
    }

    @Test("the README's C examples", arguments: ["hello.c", "sunset.c", "tapper.c", "metadata.c", "property-metadata.c"])
    func readmeExamples(name: String) throws {
        let folder = try Fixtures.makeTemporaryDirectory("c99-readme")
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = try readmeExample(name)
        // The metadata fragments are file-scope declarations of a plugin: complete them into one.
        if !text.contains("EASEL_PLUGIN_ENTRY") {
            text = "#include \"easel.h\"\n#include \"easel_util.h\"\n" + text
        }
        let source = folder.appendingPathComponent(name)
        try text.write(to: source, atomically: true, encoding: .utf8)
        let result = try compile(source)
        #expect(result.status == 0 && result.stderr == "", "\(name):\n\(result.stderr)")
    }

    /// The C fragments of the articles, each completed with what it takes from its surroundings (the host
    /// table, `self`, the context and the values it draws), compile as C99 against easel.h: a slot or
    /// constant renamed in the header breaks this test, not the reader's copy.
    @Test("the articles' C fragments compile as C99 against easel.h", arguments: [
        ("animation-slide.c", "static const easel_host_api *g_host;\n", ""),
        ("images-load.c", "static void fragment(const easel_host_api *host, easel_object *self, easel_context *ctx) {\n", "}\n"),
        ("text-truncate.c", "static void fragment(const easel_host_api *host, easel_context *ctx, const char *caption, easel_rect box) {\n", "}\n"),
    ])
    func articleFragments(name: String, before: String, after: String) throws {
        let folder = try Fixtures.makeTemporaryDirectory("c99-fragment")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent(name)
        try ("#include \"easel.h\"\n" + before + (try readmeExample(name)) + after).write(to: source, atomically: true, encoding: .utf8)
        let compiler = try Fixtures.executable(named: ProcessInfo.processInfo.environment["CC"] ?? "cc")
        // Fragments leave parameters and functions unused: strict C99, without -Wall's unused warnings as errors.
        let result = try Fixtures.run(compiler, ["-std=c99", "-pedantic-errors", "-c", "-I", Fixtures.abiIncludeDirectory.path,
                                                 source.path, "-o", folder.appendingPathComponent("out.o").path])
        #expect(result.status == 0 && result.stderr == "", "\(name):\n\(result.stderr)")
    }
}
