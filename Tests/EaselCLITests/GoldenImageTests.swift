import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselScene
import EaselViews
import EaselSession
import EaselTestSupport
import Foundation
import Testing

/// The example scenes, `Examples/<name>.json`, each with its reviewed reference image `Examples/<name>.png`.
enum Examples {
    static var folder: URL { Fixtures.packageRoot.appendingPathComponent("Examples", isDirectory: true) }

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Renders an example through the session's scene renderer, as `easel render` does
    /// (sample plugins loaded in this process, steps applied, the scene's scale).
    static func render(_ name: String) throws -> RasterImage {
        let warnings = ReportedLines()
        let session = Session(plugins: PluginEnvironment(folders: [try Fixtures.samplePluginsDirectory().path]),
                              report: warnings.append)
        let outcome = try session.render(scene: folder.appendingPathComponent("\(name).json").path, options: RenderOptions())
        #expect(warnings.lines == [])
        #expect(outcome.diagnostics == [])
        let canvas = try #require(outcome.canvas)
        return try canvas.rasterImage()
    }
}

/// A per-pixel comparison with a reference image.
struct ImageComparison {
    let differing: Int
    let worst: Int
    let diff: RasterImage

    /// Compares every channel; a pixel differs when a channel is off by more than `tolerance`.
    /// The diff image shows differing pixels in red over a faded copy of the reference.
    init(_ actual: RasterImage, _ reference: RasterImage, tolerance: Int) {
        var differing = 0, worst = 0
        var pixels: [RGBA] = []
        pixels.reserveCapacity(reference.pixels.count)
        for (a, r) in zip(actual.pixels, reference.pixels) {
            let delta = max(abs(Int(a.r) - Int(r.r)), abs(Int(a.g) - Int(r.g)), abs(Int(a.b) - Int(r.b)), abs(Int(a.a) - Int(r.a)))
            worst = max(worst, delta)
            if delta > tolerance {
                differing += 1
                pixels.append(RGBA(r: 255, g: 0, b: 0))
            } else {
                let gray = UInt8((Int(r.r) + Int(r.g) + Int(r.b)) / 3 / 4 + 191)
                pixels.append(RGBA(r: gray, g: gray, b: gray))
            }
        }
        self.differing = differing
        self.worst = worst
        diff = RasterImage(width: reference.width, height: reference.height, pixels: pixels)
    }
}

@Suite("Golden images: every example scene against its reviewed reference")
struct GoldenImageTests {
    /// Channel difference allowed per pixel (antialiasing and text rasterisation may differ by a few units).
    static let tolerance = 24

    @Test("there are examples, each with a reference image")
    func examplesHaveReferences() {
        #expect(!Examples.names.isEmpty)
        for name in Examples.names {
            #expect(FileManager.default.fileExists(atPath: Examples.folder.appendingPathComponent("\(name).png").path),
                    "Examples/\(name).json has no reference Examples/\(name).png")
        }
    }

    @Test("the example renders as its reference", arguments: Examples.names)
    func example(_ name: String) throws {
        try Self.check(try Examples.render(name), against: name)
    }

    /// Compares a rendering with `Examples/<reference>.png`; a difference is recorded with the
    /// actual picture and a diff written out to look at.
    static func check(_ actual: RasterImage, against name: String) throws {
        let referencePath = Examples.folder.appendingPathComponent("\(name).png").path
        let reference = try RasterImage(contentsOfPNG: referencePath)
        guard actual.width == reference.width, actual.height == reference.height else {
            Issue.record("Examples/\(name): rendered \(actual.width)x\(actual.height) pixels, the reference is \(reference.width)x\(reference.height)")
            return
        }
        let comparison = ImageComparison(actual, reference, tolerance: Self.tolerance)
        if comparison.differing > 0 {
            let folder = try Fixtures.makeTemporaryDirectory("golden-\(name)")
            let actualPath = folder.appendingPathComponent("\(name)-actual.png").path
            let diffPath = folder.appendingPathComponent("\(name)-diff.png").path
            try actual.write(to: actualPath)
            try comparison.diff.write(to: diffPath)
            Issue.record("""
                Examples/\(name): \(comparison.differing) pixels differ from the reference by more than \(Self.tolerance) \
                (worst \(comparison.worst)). Reference: \(referencePath); actual: \(actualPath); diff (red = differs): \(diffPath). \
                Look at both; replace the reference only if the new picture is right.
                """)
        }
    }

    @Test("a mismatch is detected and written out next to a diff")
    func mismatchIsReported() throws {
        let reference = RasterImage(width: 2, height: 1, pixels: [RGBA(r: 0, g: 0, b: 0), RGBA(r: 10, g: 10, b: 10)])
        let actual = RasterImage(width: 2, height: 1, pixels: [RGBA(r: 0, g: 0, b: 0), RGBA(r: 200, g: 10, b: 10)])
        let comparison = ImageComparison(actual, reference, tolerance: Self.tolerance)
        #expect(comparison.differing == 1 && comparison.worst == 190)
        #expect(comparison.diff.pixel(x: 1, y: 0) == RGBA(r: 255, g: 0, b: 0))
        #expect(comparison.diff.pixel(x: 0, y: 0) == RGBA(r: 191, g: 191, b: 191))
    }
}

/// `Examples/settings.json`: a screen laid out by constraints alone, at two window sizes.
@Suite("Golden images: the settings screen, laid out by constraints, at two window sizes")
struct SettingsExampleTests {
    /// Renders the settings example with its canvas (the window) resized, if asked, as
    /// `easel render` does, and returns the picture and the laid-out frames by id.
    static func render(size: easel_size?) throws -> (image: RasterImage, frames: [String: easel_rect]) {
        let warnings = ReportedLines()
        let registry = try PluginEnvironment(folders: [try Fixtures.samplePluginsDirectory().path]).loadRegistry(warn: warnings.append)
        var scene = try Scene.load(contentsOf: Examples.folder.appendingPathComponent("settings.json").path)
        if let size { scene = try scene.resizingCanvas(to: size) }
        var options = RenderOptions()
        options.dumpTree = true
        let outcome = try SceneRenderer(registry: registry).render(scene, options: options)
        #expect(warnings.lines == [] && outcome.diagnostics == [])
        var frames: [String: easel_rect] = [:]
        var pending = outcome.dumpedTree.map { [$0] } ?? []
        while let node = pending.popLast() {
            if let id = node.id { frames[id] = easel_rect(x: node.frame.x, y: node.frame.y, width: node.frame.width, height: node.frame.height) }
            pending += node.subviews
        }
        return (try #require(outcome.canvas).rasterImage(), frames)
    }

    @Test("360 x 640 (its canvas): the cards take the width inside the 16-point margins; settings.png")
    func phone() throws {
        let (image, frames) = try Self.render(size: nil)
        try GoldenImageTests.check(image, against: "settings")
        // The window's margins are 16 on each side: the cards are 360 - 32 = 328 wide at x = 16 (less than 480).
        #expect(frames["profile"]?.origin.x == 16 && frames["profile"]?.size == easel_size(width: 328, height: 84))
        #expect(frames["group"]?.origin.x == 16 && frames["group"]?.size == easel_size(width: 328, height: 6 * 48 + 5))
        #expect(frames["heading"]?.origin.x == 20)
        // Inside the profile card and a row (its own coordinates).
        #expect(frames["avatar"] == easel_rect(x: 14, y: 14, width: 56, height: 56))
        #expect(frames["wifiItems"]?.origin.x == 14 && frames["wifiItems"]?.size.width == 328 - 14 - 12)
        // The footer sits on the bottom margin: 640 - 24.
        #expect(frames["footer"]?.maxY == 616)
    }

    @Test("800 x 600: the cards stop at 480 and centre; the same file, settings-wide.png")
    func wide() throws {
        let (image, frames) = try Self.render(size: easel_size(width: 800, height: 600))
        try GoldenImageTests.check(image, against: "settings-wide")
        // The 750 wish for 800 - 32 = 768 yields to the required 480; centred: x = (800 - 480) / 2.
        #expect(frames["profile"]?.origin.x == 160 && frames["profile"]?.size == easel_size(width: 480, height: 84))
        #expect(frames["group"]?.origin.x == 160 && frames["group"]?.size.width == 480)
        #expect(frames["heading"]?.origin.x == 164)
        #expect(frames["wifiItems"]?.origin.x == 14 && frames["wifiItems"]?.size.width == 480 - 14 - 12)
        #expect(frames["footer"]?.maxY == 576)
        #expect(frames["screen"] == easel_rect(x: 0, y: 0, width: 800, height: 600))
    }

    @Test("a canvas size outside 1...32767 points is refused, naming canvas.size")
    func badSize() throws {
        let scene = try Scene.load(contentsOf: Examples.folder.appendingPathComponent("settings.json").path)
        let error = #expect(throws: SceneError.self) { try scene.resizingCanvas(to: easel_size(width: 0, height: 10)) }
        #expect(error?.description.hasSuffix("settings.json: canvas.size: the canvas size must be between 1 and 32767 points a side, not 0 x 10") == true)
    }
}
