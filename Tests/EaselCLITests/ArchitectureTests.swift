import EaselTestSupport
import Foundation
import Testing

/// The module map of the Architecture article (Sources/Easel/Easel.docc/Architecture.md), checked against the manifest and
/// the import lines: each module depends only on modules below it.
@Suite("Architecture: every module depends only on the layers below it")
struct ArchitectureTests {
    /// Each target's layer; a target may depend on targets of lower layers only.
    /// A target missing here fails the test: place it in the map first.
    static let layers: [String: Int] = [
        // C: the plugin ABI and the system libraries.
        "EaselABI": 0, "CFFI": 0, "CCairo": 0, "CPango": 0, "CGLib": 0, "CLinkOrder": 0, "CSeccomp": 0, "CEaselSupport": 0, "CMallocCounter": 0,
        "CSpng": 0, "CTurboJPEG": 0, "CWebP": 0, "CGif": 0, "CJansson": 0,
        // Pure Swift with no dependencies: the Cassowary constraint solver, and the
        // user guides' documentation catalog (Easel.docc), which has no code.
        "EaselConstraintSolver": 0, "Easel": 0,
        "CEaselTestFunctions": 1, "CImageCodec": 1,
        // The plugin side: the Swift kit and the sample plugins know only the ABI.
        "EaselPluginKit": 2,
        "Shapes": 3, "MiniPicker": 3, "CalendarPicker": 3, "ListView": 3, "Charts": 3, "Graph": 3, "GraphControl": 3, "Bubble": 3,
        "PhotoCard": 3, "PhotoCardWidget": 3,
        // The host, bottom up.
        "EaselGeometry": 1,
        "EaselEncoding": 2, "EaselGraphicsCore": 2,
        "EaselInvocation": 3,
        "EaselCanvas": 4, "EaselProbe": 4,
        "EaselDrawingExtensions": 5, "EaselCanvasOutput": 5,
        "EaselRuntime": 6,
        "EaselDiscovery": 7,
        "EaselViews": 8,
        "EaselScene": 9,
        "EaselIsolation": 10,
        "EaselSession": 11,
        "EaselPreview": 12,
        "EaselCLI": 13, "EaselScanner": 13, "EaselBenchmarks": 13, "EaselPreviewServer": 13,
        "EaselTestSupport": 14,
    ]

    /// Modules from outside the package, allowed anywhere above the C layer.
    static let external: Set<String> = ["ArgumentParser", "Hummingbird", "HummingbirdWebSocket", "HTTPTypes", "Logging", "NIOCore"]

    /// Modules of the toolchain and the system, which are not targets of the package.
    static let system: Set<String> = [
        "Glibc", "Musl", "Foundation", "FoundationEssentials", "Dispatch", "Synchronization", "Testing", "XCTest",
        "_Concurrency", "Swift",
    ]

    struct Target: Decodable {
        let name: String
        let type: String
        let path: String?
        let dependencies: [[String: [String?]]]?
        var dependencyNames: [String] { (dependencies ?? []).compactMap { $0.values.first?.first ?? nil } }
    }

    struct Manifest: Decodable {
        let targets: [Target]
    }

    /// The manifest as `swift package dump-package` reads it (with a scratch
    /// path of its own: the package's is locked while `swift test` runs).
    static func manifest() throws -> Manifest {
        let swift = try Fixtures.executable(named: "swift")
        let scratch = try Fixtures.makeTemporaryDirectory("dump-package")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try Fixtures.run(swift, [
            "package", "--package-path", Fixtures.packageRoot.path, "--scratch-path", scratch.path, "dump-package",
        ])
        guard result.status == 0 else { throw FixtureError("swift package dump-package failed: \(result.stderr)") }
        return try JSONDecoder().decode(Manifest.self, from: Data(result.stdout.utf8))
    }

    @Test("each target of the manifest depends only on targets of lower layers")
    func manifestLayers() throws {
        for target in try Self.manifest().targets where target.type != "test" {
            let layer = try #require(Self.layers[target.name], "\(target.name) is not in the module map")
            for dependency in target.dependencyNames where !Self.external.contains(dependency) {
                let below = try #require(Self.layers[dependency], "\(dependency) is not in the module map")
                #expect(below < layer, "\(target.name) (layer \(layer)) depends on \(dependency) (layer \(below))")
            }
        }
    }

    @Test("every module a source file imports is one its target declares (so the manifest check covers the code)")
    func importsAreDeclared() throws {
        let manifest = try Self.manifest()
        var checked = 0
        for target in manifest.targets where target.type != "test" && target.type != "system" {
            let folder = Fixtures.packageRoot.appendingPathComponent(target.path ?? "Sources/\(target.name)")
            let declared = Set(target.dependencyNames)
            guard let files = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ").map(String.init)
                    guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                          words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { continue }
                    let module = words[index + 1].split(separator: ".").first.map(String.init) ?? ""
                    guard !Self.system.contains(module), module != target.name else { continue }
                    checked += 1
                    #expect(declared.contains(module), "\(target.name)/\(file) imports \(module), which \(target.name) does not declare")
                }
            }
        }
        #expect(checked > 50)
    }

    @Test("easel loads neither Foundation, with ICU, nor the preview's server: they cost every render its start-up")
    func easelStartsLight() throws {
        // The libraries easel's loader maps, as ldd lists them.
        let easel = try Fixtures.samplePluginsDirectory().appendingPathComponent("easel")
        let ldd = try Fixtures.run(try Fixtures.executable(named: "ldd"), [easel.path])
        #expect(ldd.status == 0, "\(ldd.stderr)")
        let libraries = ldd.stdout.split(separator: "\n").compactMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) }
        #expect(libraries.contains("libFoundationEssentials.so"), "\(libraries)")
        #expect(libraries.contains("libjansson.so.4"), "\(libraries)")
        for heavy in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            #expect(!libraries.contains(heavy), "easel loads \(heavy)")
        }
        // No target easel is built from depends on the server (Hummingbird is linked statically,
        // so the manifest is where this shows).
        let manifest = try Self.manifest()
        let targets = Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var reached: Set<String> = [], pending = ["EaselCLI"]
        while let name = pending.popLast() {
            guard reached.insert(name).inserted else { continue }
            pending += targets[name]?.dependencyNames ?? []
        }
        #expect(!reached.contains("EaselPreview") && !reached.contains("Hummingbird"), "\(reached.sorted())")
        #expect(reached.contains("EaselSession"))
    }
}
