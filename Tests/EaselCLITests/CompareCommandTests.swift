import EaselGraphicsCore
import EaselTestSupport
import Foundation
import Testing

/// A 40x30 white picture with a 10x10 square of `colour` at (x, y).
private func picture(square colour: RGBA, at x: Int, _ y: Int) -> RasterImage {
    var pixels = [RGBA](repeating: white, count: 40 * 30)
    for row in y..<(y + 10) { for column in x..<(x + 10) { pixels[row * 40 + column] = colour } }
    return RasterImage(width: 40, height: 30, pixels: pixels)
}

@Suite("easel compare and easel --version")
struct CompareCommandTests {
    let folder: URL
    init() throws { folder = try Fixtures.makeTemporaryDirectory("compare") }

    func file(_ name: String, _ image: RasterImage) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try image.write(to: path)
        return path
    }

    @Test("identical images: status 0 and 'same'")
    func identical() throws {
        let a = try file("a.png", picture(square: blue, at: 5, 5)), b = try file("b.png", picture(square: blue, at: 5, 5))
        let result = try easel(["compare", a, b])
        #expect(result.status == 0)
        #expect(result.stdout == "same: 40x30 pixels, none differs by more than 0 (largest difference 0)\n")
    }

    @Test("a square moved by 3 pixels: status 1, the count and the box of the differing pixels, and a diff picture")
    func shifted() throws {
        let a = try file("a.png", picture(square: blue, at: 5, 5)), b = try file("b.png", picture(square: blue, at: 8, 5))
        let diff = folder.appendingPathComponent("diff.png").path
        let result = try easel(["compare", a, b, "--diff", diff])
        #expect(result.status == 1)
        // Columns 5-7 were blue and are white; columns 15-17 were white and are blue: 2 x 3 x 10 pixels.
        #expect(result.stdout == "differ: 60 of 1200 pixels differ by more than 0 (largest difference 255), "
                + "within x 5–17, y 5–14 (13x10 pixels)\n")
        let picture = try RasterImage(contentsOfPNG: diff)
        expectPixel(picture, 6, 6, red)          // differs
        expectPixel(picture, 16, 14, red)        // differs
        expectPixel(picture, 10, 10, RGBA(r: 200, g: 200, b: 200), tolerance: 8)   // same blue, faded grey
        expectPixel(picture, 30, 25, white)      // same white stays white
    }

    @Test("a recoloured square passes under a tolerance above its difference and fails under one below it")
    func tolerance() throws {
        let a = try file("a.png", picture(square: RGBA(r: 100, g: 100, b: 100), at: 0, 0))
        let b = try file("b.png", picture(square: RGBA(r: 104, g: 100, b: 100), at: 0, 0))
        let within = try easel(["compare", a, b, "--tolerance", "4"])
        #expect(within.status == 0)
        #expect(within.stdout == "same: 40x30 pixels, none differs by more than 4 (largest difference 4)\n")
        let beyond = try easel(["compare", a, b, "--tolerance", "3"])
        #expect(beyond.status == 1)
        #expect(beyond.stdout == "differ: 100 of 1200 pixels differ by more than 3 (largest difference 4), "
                + "within x 0–9, y 0–9 (10x10 pixels)\n")
    }

    @Test("different sizes differ (status 1); an unreadable file or a bad option is status 2 with the reason")
    func sizesAndErrors() throws {
        let a = try file("a.png", picture(square: blue, at: 0, 0))
        let small = try file("small.png", RasterImage(width: 4, height: 4, pixels: [RGBA](repeating: white, count: 16)))
        let sizes = try easel(["compare", a, small])
        #expect(sizes.status == 1)
        #expect(sizes.stdout == "differ: the sizes differ: 40x30 pixels (\(a)) vs 4x4 pixels (\(small))\n")

        let missing = folder.appendingPathComponent("missing.png").path
        let unreadable = try easel(["compare", a, missing])
        #expect(unreadable.status == 2)
        #expect(unreadable.stderr == "error: cannot read \(missing): No such file or directory\n")

        let text = folder.appendingPathComponent("notes.png")
        try Data("not an image".utf8).write(to: text)
        let notImage = try easel(["compare", text.path, a])
        #expect(notImage.status == 2)
        #expect(notImage.stderr == "error: cannot read \(text.path): not a PNG, JPEG, WebP, GIF or SVG image\n")

        let badTolerance = try easel(["compare", a, a, "--tolerance", "256"])
        #expect(badTolerance.status == 2)
        #expect(badTolerance.stderr.hasPrefix("Error: --tolerance must be between 0 and 255; got 256\n"))
        let badDiff = try easel(["compare", a, a, "--diff", "out.jpg"])
        #expect(badDiff.status == 2)
        #expect(badDiff.stderr.hasPrefix("Error: --diff writes a PNG: give it a name ending in .png, not 'out.jpg'\n"))
    }

    @Test("--version prints Easel's version, the plugin ABI and the libraries' versions as loaded")
    func version() throws {
        let result = try easel(["--version"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines.first?.hasPrefix("easel ") == true)
        #expect(lines.dropFirst().first == "plugin ABI 2.0 (plugins export easel_plugin_entry_v2)")
        #expect(lines.contains { $0.range(of: #"^cairo 1\.\d+\.\d+$"#, options: .regularExpression) != nil })
        #expect(lines.contains { $0.range(of: #"^pango 1\.\d+\.\d+$"#, options: .regularExpression) != nil })
        #expect(lines.contains { $0.hasPrefix("libffi libffi.so.") })
    }
}

/// The CI step of the command-line article (`<!-- example: ci-golden.sh -->`), run as written by bash
/// in a folder laid out as it expects: `scenes/`, `golden/` and `build/` (the sample plugins).
@Suite("The command-line article's CI step: render many scenes, compare each with its golden image")
struct GoldenCIStepTests {
    let examples = Fixtures.packageRoot.appendingPathComponent("Examples")

    /// A folder with two example scenes, their reference pictures as golden images, `build/`
    /// (a link to the sample plugins) and `mutate` applied to the golden picture of `minipicker`;
    /// the result of running the article's step there with `easel` on PATH.
    func runStep(label: String, mutate: (RasterImage) -> RasterImage = { $0 }) throws -> (ProcessResult, URL) {
        let work = try Fixtures.makeTemporaryDirectory(label)
        let manager = FileManager.default
        for folder in ["scenes", "golden"] {
            try manager.createDirectory(at: work.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for name in ["bubble", "minipicker"] {
            try manager.copyItem(at: examples.appendingPathComponent("\(name).json"),
                                 to: work.appendingPathComponent("scenes/\(name).json"))
            let reference = try RasterImage(contentsOfPNG: examples.appendingPathComponent("\(name).png").path)
            try (name == "minipicker" ? mutate(reference) : reference).write(to: work.appendingPathComponent("golden/\(name).png").path)
        }
        let plugins = try Fixtures.samplePluginsDirectory()
        try manager.createSymbolicLink(at: work.appendingPathComponent("build"), withDestinationURL: plugins)
        let step = try readmeExample("ci-golden.sh")
        let result = try Fixtures.run(URL(fileURLWithPath: "/bin/bash"), ["-c", "cd \"$WORK\" || exit 99\n" + step],
            environment: ["WORK": work.path, "PATH": plugins.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                          "EASEL_PLUGIN_PATH": "", "XDG_CACHE_HOME": work.appendingPathComponent("cache").path,
                          "EASEL_ALLOW_WRITABLE_PLUGINS": "", "EASEL_ALLOW_LIST": ""],
            timeout: 180)
        return (result, work)
    }

    @Test("scenes that draw their golden images: status 0, each rendered into out/ and compared 'same'")
    func passes() throws {
        let (result, work) = try runStep(label: "ci-step-same")
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("scenes/") && $0.contains(" -> out/") }.count == 2, "\(result.stdout)")
        #expect(lines.filter { $0.hasPrefix("same: ") }.count == 2, "\(result.stdout)")
        #expect(lines.count == 4, "\(result.stdout)")
        let out = work.appendingPathComponent("out")
        for name in ["bubble", "minipicker"] {
            let reference = try RasterImage(contentsOfPNG: examples.appendingPathComponent("\(name).png").path)
            expectSameImage(try RasterImage(contentsOfPNG: out.appendingPathComponent("\(name).png").path), reference)
        }
    }

    @Test("a golden image with a recoloured block: status 1, the block's count and box, a diff picture red there")
    func fails() throws {
        // A 12 x 8 block at (20, 30) of the minipicker golden image turned magenta (no scene draws pure magenta).
        let (result, work) = try runStep(label: "ci-step-differ") { image in
            var pixels = image.pixels
            for y in 30..<38 { for x in 20..<32 { pixels[y * image.width + x] = RGBA(r: 255, g: 0, b: 255) } }
            return RasterImage(width: image.width, height: image.height, pixels: pixels)
        }
        #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("same: ") }.count == 1, "\(result.stdout)")
        let differ = try #require(lines.first { $0.hasPrefix("differ: ") }, "\(result.stdout)")
        #expect(differ.hasPrefix("differ: 96 of "), "\(differ)")
        #expect(differ.hasSuffix("within x 20–31, y 30–37 (12x8 pixels)"), "\(differ)")
        let out = work.appendingPathComponent("out")
        let diff = try RasterImage(contentsOfPNG: out.appendingPathComponent("diff-minipicker.png").path)
        expectPixel(diff, 25, 33, red)
        #expect(diff.pixel(x: 33, y: 33) != red)   // just right of the block: the same in both
        // The other scene's diff picture has no red: nothing of it differs.
        let same = try RasterImage(contentsOfPNG: out.appendingPathComponent("diff-bubble.png").path)
        #expect(!same.pixels.contains(red))
    }
}
