import EaselGraphicsCore
import EaselTestSupport
import Foundation
import Testing

/// Examples/Languages: one widget per language, built as its comments say and rendered with its scene.
enum LanguageExamples {
    static var folder: URL { Fixtures.packageRoot.appendingPathComponent("Examples/Languages", isDirectory: true) }

    /// `cargo` on PATH or in ~/.cargo/bin; nil when Rust is not installed.
    static let cargo: URL? = {
        if let found = try? Fixtures.executable(named: "cargo") { return found }
        let home = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cargo/bin/cargo")
        return FileManager.default.isExecutableFile(atPath: home.path) ? home : nil
    }()

    /// Whether the separate-package Swift test runs: it builds a package with SwiftPM (about 20 s of
    /// CPU), so only when `EASEL_TEST_SWIFT_PACKAGE=1` (CI sets it in .ci/run).
    static var buildsSwiftPackage: Bool { ProcessInfo.processInfo.environment["EASEL_TEST_SWIFT_PACKAGE"] == "1" }

    /// Copies `relativePaths` of the repository into a fresh folder at the same relative places (so
    /// that relative paths between them hold) and returns the folder.
    static func copyOfRepository(_ label: String, _ relativePaths: [String]) throws -> URL {
        let root = try Fixtures.makeTemporaryDirectory(label)
        for path in relativePaths {
            let target = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent(path), to: target)
        }
        return root
    }

    /// The scenes of the examples, one per language: each is validated against `easel schema` by the
    /// test that renders it (``render(_:plugins:)``).
    static let scenes = ["cpp/meter.json", "rust/badge.json", "swift/star.json"]

    /// Validates `scene` against the JSON Schema `easel schema` prints for the plugins in `plugins`
    /// (Python's `jsonschema`, draft 2020-12): "ok", or the JSON path and message of the first error.
    static func validate(_ scene: URL, plugins: URL) throws -> String {
        let schema = try easel(["schema", "--plugins", plugins.path])
        #expect(schema.status == 0, "\(schema.stderr)")
        let file = plugins.deletingLastPathComponent().appendingPathComponent("scene.schema.json")
        try Data(schema.stdout.utf8).write(to: file)
        let program = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            errors = list(jsonschema.Draft202012Validator(schema).iter_errors(json.load(open(sys.argv[2]))))
            print("ok" if not errors else "/".join(map(str, errors[0].absolute_path)) + ": " + errors[0].message)
            """
        let result = try Fixtures.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", program, file.path, scene.path])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    /// Renders `scene` with the plugins in `plugins` through the built `easel`; the image, with the
    /// run's status and standard error checked, after validating the scene against the plugins' schema.
    static func render(_ scene: URL, plugins: URL) throws -> RasterImage {
        #expect(try validate(scene, plugins: plugins) == "ok", "\(scene.lastPathComponent) against easel schema")
        let output = plugins.deletingLastPathComponent().appendingPathComponent("out.png")
        let result = try easel(["render", scene.path, "--plugins", plugins.path, "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        return try RasterImage(contentsOfPNG: output.path)
    }
}

@Suite("Every language's example widget builds and renders its scene")
struct LanguageExampleTests {
    @Test("every scene of Examples/Languages is one the language tests validate against easel schema and render")
    func everySceneIsChecked() throws {
        var found: [String] = []
        for language in try FileManager.default.contentsOfDirectory(atPath: LanguageExamples.folder.path) {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: LanguageExamples.folder.appendingPathComponent(language).path)) ?? []
            found += files.filter { $0.hasSuffix(".json") }.map { "\(language)/\($0)" }
        }
        #expect(found.sorted() == LanguageExamples.scenes)
    }

    @Test("a scene of an example that breaks its plugin's schema is caught (a property the class lacks, a wrong type)")
    func schemaCatchesBadScenes() throws {
        let work = try Fixtures.makeTemporaryDirectory("lang-schema-bad")
        defer { try? FileManager.default.removeItem(at: work) }
        let plugins = work.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let build = try Fixtures.run(try Fixtures.executable(named: ProcessInfo.processInfo.environment["CXX"] ?? "g++"),
            ["-std=c++17", "-shared", "-fPIC", "-I", Fixtures.abiIncludeDirectory.path,
             LanguageExamples.folder.appendingPathComponent("cpp/meter.cpp").path, "-o", plugins.appendingPathComponent("libCppMeter.so").path])
        try #require(build.status == 0, "\(build.stderr)")
        let scene = work.appendingPathComponent("bad.json")
        try Data(#"{"canvas": {"size": [10, 10]}, "root": {"subviews": [{"class": "CppMeter", "properties": {"value": "full"}}]}}"#.utf8)
            .write(to: scene)
        #expect(try LanguageExamples.validate(scene, plugins: plugins).hasPrefix("root/subviews/0/properties/value: "))
    }

    @Test("C++17: the article's commands build Examples/Languages/cpp/meter.cpp (g++ -std=c++17 -pedantic-errors -Werror) and render its meters")
    func cxxMeter() throws {
        // WritingPluginsInCpp.md's commands, as written, in a copy of the example laid out as in the repository.
        let workspace = try DocumentationWorkspace("lang-cpp")
        defer { try? FileManager.default.removeItem(at: workspace.root) }
        try workspace.copyFromRepository(["Examples/Languages/cpp/meter.cpp", "Examples/Languages/cpp/meter.json"])
        let block = try readmeExample("cpp-build.sh")
        let run = try workspace.run(block)
        #expect(run.status == 0 && run.stderr == "", "\(run.stdout)\n\(run.stderr)")
        // The same command as meter.cpp's header comment.
        let comment = try String(contentsOf: LanguageExamples.folder.appendingPathComponent("cpp/meter.cpp"), encoding: .utf8)
        let command = "g++ -std=c++17 -shared -fPIC -Wall -Wextra -Werror -pedantic-errors -I ../../../Sources/EaselABI/include meter.cpp -o plugins/libCppMeter.so"
        #expect(comment.contains(command) && block.contains(command))

        let example = workspace.url("Examples/Languages/cpp")
        let plugins = example.appendingPathComponent("plugins")
        #expect(try LanguageExamples.validate(example.appendingPathComponent("meter.json"), plugins: plugins) == "ok")
        let image = try RasterImage(contentsOfPNG: example.appendingPathComponent("meter.png").path)
        // Meter 1 (defaults): value 0.6 of 200 points from x = 10, a gradient #3366cc -> (51, 179, 230), track #e6e6e6.
        #expect(image.pixel(x: 14, y: 20).isClose(to: RGBA(r: 51, g: 103, b: 205), tolerance: 4))
        #expect(image.pixel(x: 125, y: 20).isClose(to: RGBA(r: 51, g: 177, b: 229), tolerance: 4))
        #expect(image.pixel(x: 160, y: 20) == RGBA(r: 230, g: 230, b: 230))
        #expect(image.pixel(x: 10, y: 10) == RGBA(r: 255, g: 255, b: 255))   // outside the rounded corner
        // Meter 2: value 0.25 (x 10...60) in #cc3333 on a #333333 track, square corners.
        #expect(image.pixel(x: 11, y: 51) == RGBA(r: 204, g: 51, b: 51))
        #expect(image.pixel(x: 58, y: 60) == RGBA(r: 204, g: 51, b: 51))
        #expect(image.pixel(x: 62, y: 60) == RGBA(r: 51, g: 51, b: 51))

        // Its metadata (easel.metadata.v1).
        let inspect = try easel(["inspect", "CppMeter", "--plugins", plugins.path])
        #expect(inspect.stdout.hasPrefix("""
            class CppMeter : View : Object
              A horizontal meter: a gradient bar over a track
              plugin CppMeter, \(plugins.path)/libCppMeter.so
                description: A meter widget in C++17
                version: 1.0.0
                license: MIT
              preview: {"value": 0.75, "startColor": "#2e7d32", "endColor": "#9ccc65"}

            """), "\(inspect.stdout)")
    }

    @Test("Rust: bindings/rust/easel-abi agrees with easel.h (its cargo test compiles a C program against the header)",
          .enabled(if: LanguageExamples.cargo != nil, "cargo is not installed (Debian: apt-get install cargo)"))
    func rustBindingsMatchHeader() throws {
        let cargo = try #require(LanguageExamples.cargo)
        let root = try LanguageExamples.copyOfRepository("lang-rust-abi", ["bindings/rust/easel-abi"])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try Fixtures.run(cargo, ["test", "--offline", "--manifest-path",
                                              root.appendingPathComponent("bindings/rust/easel-abi/Cargo.toml").path],
                                      environment: ["EASEL_INCLUDE": Fixtures.abiIncludeDirectory.path,
                                                    "CARGO_TARGET_DIR": root.appendingPathComponent("target").path],
                                      timeout: 300)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("test every_size_offset_and_constant_matches_easel_h ... ok"))
        // The check catches a moved slot, an appended slot and a new constant in altered copies of the header.
        #expect(result.stdout.contains("test a_tampered_header_fails ... ok"))
        // Metadata's C form: property descriptions and value names.
        #expect(result.stdout.contains("test property_descriptions_and_value_names ... ok"))
    }

    @Test("Rust: the article's commands build the RustBadge cdylib with cargo --offline against the crate and render its badges",
          .enabled(if: LanguageExamples.cargo != nil, "cargo is not installed (Debian: apt-get install cargo)"))
    func rustBadge() throws {
        let cargo = try #require(LanguageExamples.cargo)
        // WritingPluginsInRust.md's commands, as written, in a copy of the crates laid out as in the repository.
        let workspace = try DocumentationWorkspace("lang-rust")
        defer { try? FileManager.default.removeItem(at: workspace.root) }
        try workspace.copyFromRepository(["bindings/rust/easel-abi", "Examples/Languages/rust"])
        for generated in ["bindings/rust/easel-abi/target", "Examples/Languages/rust/target", "Examples/Languages/rust/plugins"] {
            try? FileManager.default.removeItem(at: workspace.url(generated))
        }
        var environment = try workspace.environment()
        environment["PATH"] = cargo.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        let run = try Fixtures.run(URL(fileURLWithPath: "/bin/bash"),
            ["-e", "-o", "pipefail", "-c", "cd \"$1\"\nunset CARGO_TARGET_DIR\n" + (try readmeExample("rust-build.sh")), "bash", workspace.root.path],
            environment: environment, timeout: 600)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let crate = workspace.url("Examples/Languages/rust")
        let plugins = crate.appendingPathComponent("plugins")
        #expect(try LanguageExamples.validate(crate.appendingPathComponent("badge.json"), plugins: plugins) == "ok")
        let image = try RasterImage(contentsOfPNG: crate.appendingPathComponent("badge.png").path)
        let background = RGBA(r: 0x20, g: 0x28, b: 0x30)
        #expect(image.pixel(x: 50, y: 50).isClose(to: RGBA(r: 230, g: 77, b: 26), tolerance: 1))   // badge 1: the default colour (0.9, 0.3, 0.1)
        #expect(image.pixel(x: 50, y: 12) == RGBA(r: 255, g: 255, b: 255))  // its white ring, 4 points wide
        #expect(image.pixel(x: 12, y: 12) == background)                     // outside the circle
        #expect(image.pixel(x: 130, y: 50) == RGBA(r: 0x33, g: 0x66, b: 0xcc))  // badge 2: the scene's colours
        #expect(image.pixel(x: 130, y: 23) == RGBA(r: 0xff, g: 0xcc, b: 0x00))
        #expect(image.pixel(x: 170, y: 50) == background)

        // Its metadata, from the crate's easel_plugin_metadata!.
        let inspect = try easel(["inspect", "RustBadge", "--plugins", plugins.path])
        #expect(inspect.stdout.hasPrefix("""
            class RustBadge : View : Object
              A filled circle with a ring inside its edge
              plugin RustBadge, \(plugins.path)/librust_badge.so
                description: A badge: a filled circle with a ring, written in Rust
                version: 0.1.0
                license: MIT
              preview: {"color": "#3366cc", "ringColor": "#ffcc00", "ringWidth": 6}

            """), "\(inspect.stdout)")
    }

    @Test("Swift: a widget in a package of its own builds against Kit/ (no swift-argument-parser) and draws its stars",
          .enabled(if: LanguageExamples.buildsSwiftPackage, "set EASEL_TEST_SWIFT_PACKAGE=1 to build the separate Swift package (about 20 s of CPU)"))
    func swiftPackage() throws {
        let work = try Fixtures.makeTemporaryDirectory("lang-swift")
        defer { try? FileManager.default.removeItem(at: work) }
        let package = work.appendingPathComponent("SwiftStar")
        try FileManager.default.copyItem(at: LanguageExamples.folder.appendingPathComponent("swift"), to: package)
        try? FileManager.default.removeItem(at: package.appendingPathComponent(".build"))
        let manifest = package.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        #expect(text.contains(#".package(path: "../../../Kit")"#))
        try text.replacingOccurrences(of: #".package(path: "../../../Kit")"#,
                                      with: ".package(path: \"\(Fixtures.packageRoot.appendingPathComponent("Kit").path)\")")
            .write(to: manifest, atomically: true, encoding: .utf8)

        let build = try Fixtures.run(URL(fileURLWithPath: "/usr/bin/env"), ["swift", "build", "--package-path", package.path],
                                     timeout: 600)
        #expect(build.status == 0, "\(build.stdout)\n\(build.stderr)")
        #expect(!build.stdout.contains("ArgumentParser"))
        let checkouts = (try? FileManager.default.contentsOfDirectory(atPath: package.appendingPathComponent(".build/checkouts").path)) ?? []
        #expect(checkouts == [], "the kit pulled in \(checkouts)")
        let plugins = work.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: package.appendingPathComponent(".build/debug/libSwiftStar.so"),
                                         to: plugins.appendingPathComponent("libSwiftStar.so"))

        let image = try LanguageExamples.render(package.appendingPathComponent("star.json"), plugins: plugins)
        #expect(image.pixel(x: 50, y: 50) == RGBA(r: 255, g: 204, b: 0))      // star 1's centre, default colour
        #expect(image.pixel(x: 50, y: 14) == RGBA(r: 255, g: 204, b: 0))      // its top point
        #expect(image.pixel(x: 14, y: 14) == RGBA(r: 0x1d, g: 0x2b, b: 0x53)) // between the points
        #expect(image.pixel(x: 150, y: 50) == RGBA(r: 0xff, g: 0x00, b: 0x4d)) // star 2, the scene's colour

        // Its metadata, from the kit's Plugin.metadata.
        let inspect = try easel(["inspect", "SwiftStar", "--plugins", plugins.path])
        #expect(inspect.stdout.hasPrefix("""
            class SwiftStar : View : Object
              A five-pointed star
              plugin SwiftStar, \(plugins.path)/libSwiftStar.so
                description: A star widget in its own Swift package
                version: 1.0.0
                license: MIT
              preview: {"innerRatio": 0.4}

            """), "\(inspect.stdout)")
    }
}
