import EaselGraphicsCore
import EaselTestSupport
import Foundation
import Testing

@Suite("easel new writes a widget project that builds, renders and golden-tests with the commands it prints")
struct NewCommandTests {
    /// Runs `easel new Gauge --language <language> --dir <fresh folder>/Gauge`, checks what it printed,
    /// then runs the printed commands unchanged (twice the golden test: recording, then comparing) and
    /// checks the rendered pixels.
    func createBuildAndRender(_ language: String, files: [String], timeout: Double = 120) throws {
        let work = try Fixtures.makeTemporaryDirectory("new-\(language)")
        defer { try? FileManager.default.removeItem(at: work) }
        let folder = work.appendingPathComponent("Gauge").path
        let result = try easel(["new", "Gauge", "--language", language, "--dir", folder])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let name = ["c": "C", "cpp": "C++", "rust": "Rust", "swift": "Swift"][language] ?? language
        let easelPath = try Fixtures.samplePluginsDirectory().appendingPathComponent("easel").resolvingSymlinksInPath().path
        #expect(lines == ["wrote a \(name) widget plugin, class Gauge, into \(folder):"]
                + (files + ["build.sh", "scene.json", "golden-test.sh", "README.md", ".gitignore"]).map { "  \(folder)/\($0)" }
                + ["build it, render its scene and run its golden test:", "  cd \(folder)", "  ./build.sh",
                   "  \(easelPath) render scene.json --plugins plugins -o scene.png", "  ./golden-test.sh", ""])
        #expect(FileManager.default.isExecutableFile(atPath: folder + "/build.sh"))

        let commands = lines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("  \(folder)/") }.map { String($0.dropFirst(2)) }
        let environment = ["EASEL_PLUGIN_PATH": "", "XDG_CACHE_HOME": work.appendingPathComponent("cache").path]
        let run = try Fixtures.run(URL(fileURLWithPath: "/bin/sh"), ["-c", (commands + ["./golden-test.sh"]).joined(separator: " && ")],
                                   environment: environment, timeout: timeout)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.hasSuffix("""
            recorded expected.png: look at it, then commit it
            same: 200x120 pixels, none differs by more than 2 (largest difference 0)

            """), "\(run.stdout)")

        // The view at (20, 20, 160, 80) filled with #3366cc, a white ellipse in its middle half.
        let image = try RasterImage(contentsOfPNG: folder + "/scene.png")
        let blue = RGBA(r: 0x33, g: 0x66, b: 0xcc), white = RGBA(r: 255, g: 255, b: 255)
        #expect(image.pixel(x: 100, y: 60) == white)
        #expect(image.pixel(x: 24, y: 24) == blue)
        #expect(image.pixel(x: 175, y: 95) == blue)
        #expect(image.pixel(x: 62, y: 42) == blue)       // in the corner of the ellipse's box (60, 40, 80, 40)
        #expect(image.pixel(x: 10, y: 10) == white)      // outside the view
        #expect(image.pixel(x: 190, y: 110) == white)
    }

    @Test("C: Gauge.c, built with cc -std=c99 -Wall -Wextra -Werror")
    func c() throws { try createBuildAndRender("c", files: ["Gauge.c"]) }

    @Test("C++: Gauge.cpp, built with c++ -std=c++17 -Wall -Wextra -Werror")
    func cxx() throws { try createBuildAndRender("cpp", files: ["Gauge.cpp"]) }

    @Test("Rust: a cdylib crate on bindings/rust/easel-abi, built with cargo --offline",
          .enabled(if: LanguageExamples.cargo != nil, "cargo is not installed (Debian: apt-get install cargo)"))
    func rust() throws {
        try createBuildAndRender("rust", files: ["Cargo.toml", "src/lib.rs"], timeout: 300)
    }

    @Test("Swift: a package on Kit/, built with swift build",
          .enabled(if: LanguageExamples.buildsSwiftPackage, "set EASEL_TEST_SWIFT_PACKAGE=1 to build Swift packages (a minute or more)"))
    func swift() throws {
        try createBuildAndRender("swift", files: ["Package.swift", "Sources/Gauge/Gauge.swift"], timeout: 600)
    }

    @Test("refused before writing anything (status 2): a bad name, a built-in class, a folder in use, no easel.h")
    func refusals() throws {
        let work = try Fixtures.makeTemporaryDirectory("new-refused")
        defer { try? FileManager.default.removeItem(at: work) }
        let badName = try easel(["new", "gauge", "--language", "c", "--dir", work.appendingPathComponent("a").path])
        #expect(badName.status == 2)
        #expect(badName.stderr == """
            error: 'gauge' cannot name a widget: use a capital letter, then letters and digits (at most 64), e.g. 'Gauge'
            usage: easel new <Name> --language c|cpp|swift|rust [--dir <folder>]

            """)
        let builtIn = try easel(["new", "View", "--language", "c", "--dir", work.appendingPathComponent("b").path])
        #expect(builtIn.status == 2)
        #expect(builtIn.stderr == "error: 'View' is taken (a built-in class): choose another name\n")
        let reserved = try easel(["new", "Test", "--language", "rust", "--dir", work.appendingPathComponent("b").path])
        #expect(reserved.status == 2)
        #expect(reserved.stderr == "error: 'Test' is taken (a reserved name in Swift or Rust): choose another name\n")

        let used = work.appendingPathComponent("used")
        try FileManager.default.createDirectory(at: used, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: used.appendingPathComponent("notes.txt"))
        let inUse = try easel(["new", "Gauge", "--language", "c", "--dir", used.path])
        #expect(inUse.status == 2)
        #expect(inUse.stderr == "error: '\(used.path)' exists and is not empty (notes.txt): choose a new folder with --dir\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: used.path) == ["notes.txt"])

        let noRoot = try easel(["new", "Gauge", "--language", "c", "--dir", work.appendingPathComponent("c").path,
                                "--easel-root", work.path])
        #expect(noRoot.status == 2)
        #expect(noRoot.stderr == "error: --easel-root '\(work.path)' holds no Sources/EaselABI/include/easel.h\n")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("a").path))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("b").path))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("c").path))
    }
}
