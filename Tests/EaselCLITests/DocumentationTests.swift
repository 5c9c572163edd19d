import EaselGraphicsCore
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

/// The Markdown files that hold documented examples: the README and the
/// articles of the DocC catalogs.
func documentationFiles() throws -> [URL] {
    let root = Fixtures.packageRoot
    var files = [root.appendingPathComponent("README.md")]
    for catalog in ["Sources/Easel/Easel.docc"] {
        let folder = root.appendingPathComponent(catalog, isDirectory: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        files += names.map { folder.appendingPathComponent($0) }
    }
    return files
}

/// The code block that follows `<!-- example: NAME -->` in the README or a
/// documentation article; each name is marked exactly once across them.
func readmeExample(_ name: String) throws -> String {
    var found: [String] = []
    for file in try documentationFiles() {
        let text = try String(contentsOf: file, encoding: .utf8)
        guard let marker = text.range(of: "<!-- example: \(name) -->\n") else { continue }
        let rest = text[marker.upperBound...]
        let open = try #require(rest.range(of: "\n"))   // the ```lang line
        let close = try #require(rest.range(of: "\n```\n", range: open.upperBound..<rest.endIndex))
        found.append(String(rest[open.upperBound..<close.lowerBound]) + "\n")
    }
    #expect(found.count == 1, "example \(name) is marked \(found.count) times in the documentation")
    return try #require(found.first, "the documentation has no example \(name)")
}

/// Loads a freshly built example plugin, draws its `drawRect:` and returns the image.
func renderExample(_ library: URL, className: String) throws -> (Registry, RasterImage) {
    let registry = try sampleRegistry()
    let plugin = registry.loadPlugin(at: library.path)
    #expect(plugin != nil, "\(registry.failures.map(\.description))")
    let canvas = try Canvas(width: 100, height: 50)
    let result = try registry.invoke(className: className, selector: "drawRect:", arguments: ["10,10,80,30"], canvas: canvas)
    #expect(result.diagnostics == [])
    return (registry, try RasterImage(pngData: canvas.pngData()))
}

@Suite("The README's plugin examples compile, load and draw")
struct DocumentationTests {
    @Test("the README is a front door: at most 250 lines, the set-up commands, the tutorial, links to every article")
    func readmeFitsOnAScreen() throws {
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 250, "README.md has \(lines) lines")
        #expect(readme.contains("## Five minutes: a widget of your own"))
        #expect(readme.contains("swift build && .build/debug/easel render Examples/demo.json -o demo.png"))
        // Every article of the catalog is linked from the README (the front door leads everywhere).
        let catalog = Fixtures.packageRoot.appendingPathComponent("Sources/Easel/Easel.docc")
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path)
            .filter { $0.hasSuffix(".md") && $0 != "Easel.md" }.sorted()
        #expect(articles.count >= 20)
        let unlinked = articles.filter { !readme.contains("(Sources/Easel/Easel.docc/\($0))") }
        #expect(unlinked == [], "articles the README does not link: \(unlinked)")
    }

    @Test("the README's five-minute tutorial: dot.c builds as C99, easel list shows it, dot.json renders two discs")
    func tutorial() throws {
        let folder = try Fixtures.makeTemporaryDirectory("readme-tutorial")
        let plugins = folder.appendingPathComponent("plugins", isDirectory: true)
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("dot.c")
        try readmeExample("dot.c").write(to: source, atomically: true, encoding: .utf8)
        let scene = folder.appendingPathComponent("dot.json")
        try readmeExample("dot.json").write(to: scene, atomically: true, encoding: .utf8)
        let build = try Fixtures.run(URL(fileURLWithPath: "/usr/bin/env"),
            ["cc", "-std=c99", "-pedantic-errors", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC",
             "-I", Fixtures.abiIncludeDirectory.path, source.path, "-o", plugins.appendingPathComponent("libDot.so").path])
        #expect(build.status == 0, "\(build.stderr)")

        let list = try easel(["list", "--plugins", plugins.path])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("""
              plugin Dot, ABI 2.0
              class Dot : View
                property color: EaselColor  {EaselColor=dddd}
                -[Dot init]  v@:
                -[Dot drawRect:(CGRect)]  v@:{CGRect={CGPoint=dd}{CGSize=dd}}
            """), "\(list.stdout)")

        let output = folder.appendingPathComponent("dot.png")
        let render = try easel(["render", scene.path, "--plugins", plugins.path, "-o", output.path])
        #expect(render.status == 0, "\(render.stderr)")
        let image = try RasterImage(contentsOfPNG: output.path)
        #expect(image.width == 400 && image.height == 240)                                    // 200x120 points at scale 2
        #expect(image.pixel(x: 120, y: 120) == RGBA(r: 0xff, g: 0x63, b: 0x47))               // the tomato disc's centre
        #expect(image.pixel(x: 280, y: 120).isClose(to: RGBA(r: 51, g: 102, b: 204), tolerance: 1))  // the blue default
        #expect(image.pixel(x: 44, y: 44) == RGBA(r: 255, g: 255, b: 255))                   // a corner of the first Dot: not opaque
        #expect(image.pixel(x: 244, y: 84) == RGBA(r: 255, g: 255, b: 255))                  // and of the second
    }

    @Test("the C example")
    func cExample() throws {
        let folder = try Fixtures.makeTemporaryDirectory("readme-c")
        let source = folder.appendingPathComponent("hello.c")
        try readmeExample("hello.c").write(to: source, atomically: true, encoding: .utf8)
        let library = folder.appendingPathComponent("libHello.so")
        let build = try Fixtures.run(URL(fileURLWithPath: "/usr/bin/env"),
            ["cc", "-shared", "-fPIC", "-Wall", "-Werror", "-I", Fixtures.abiIncludeDirectory.path,
             source.path, "-o", library.path])
        #expect(build.status == 0, "\(build.stderr)")
        let (registry, image) = try renderExample(library, className: "Hello")
        #expect(registry.objectClass(named: "Hello")?.properties.map(\.name) == ["color"])
        #expect(image.pixel(x: 50, y: 25).isClose(to: RGBA(r: 0, g: 153, b: 0), tolerance: 2))
        #expect(image.pixel(x: 5, y: 5).a == 0)
    }

    @Test("the Swift example")
    func swiftExample() throws {
        let folder = try Fixtures.makeTemporaryDirectory("readme-swift")
        let source = folder.appendingPathComponent("HelloSwift.swift")
        try readmeExample("HelloSwift.swift").write(to: source, atomically: true, encoding: .utf8)
        let library = folder.appendingPathComponent("libHelloSwift.so")
        let build = try Fixtures.run(URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc", "-emit-library", "-parse-as-library", "-module-name", "HelloSwift",
             "-I", Fixtures.abiIncludeDirectory.path, source.path, "-o", library.path],
            timeout: 300)
        #expect(build.status == 0, "\(build.stderr)")
        let (_, image) = try renderExample(library, className: "HelloSwift")
        #expect(image.pixel(x: 50, y: 25).isClose(to: RGBA(r: 230, g: 128, b: 0), tolerance: 2))
        #expect(image.pixel(x: 95, y: 45).a == 0)
    }
}

@Suite("The README's widget walkthrough compiles, loads and renders its scene")
struct WalkthroughTests {
    @Test("the C widget: property, overlay over a subview, touch handler")
    func cWidget() throws {
        let folder = try Fixtures.makeTemporaryDirectory("readme-tapper")
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("tapper.c")
        try readmeExample("tapper.c").write(to: source, atomically: true, encoding: .utf8)
        let scene = folder.appendingPathComponent("tapper.json")
        try readmeExample("tapper.json").write(to: scene, atomically: true, encoding: .utf8)
        let build = try Fixtures.run(URL(fileURLWithPath: "/usr/bin/env"),
            ["cc", "-shared", "-fPIC", "-Wall", "-Werror", "-I", Fixtures.abiIncludeDirectory.path,
             source.path, "-o", plugins.appendingPathComponent("libTapper.so").path])
        #expect(build.status == 0, "\(build.stderr)")
        let output = folder.appendingPathComponent("tapper.png")
        let result = try easel(["render", scene.path, "--plugins", plugins.path, "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let image = try RasterImage(contentsOfPNG: output.path)   // scale 2
        let blue = RGBA(r: 0x33, g: 0x66, b: 0xcc), white = RGBA(r: 255, g: 255, b: 255)
        #expect(image.pixel(x: 2 * 36, y: 2 * 36) == white)        // dot 1 (from the scene) at (30, 30)…(42, 42)
        #expect(image.pixel(x: 2 * 56, y: 2 * 36) == white)        // dot 2 (from the tap)
        #expect(image.pixel(x: 2 * 76, y: 2 * 36) == blue)         // no third dot
        #expect(image.pixel(x: 2 * 110, y: 2 * 60) == RGBA(r: 0xcc, g: 0xcc, b: 0xcc))   // the gray subview
        #expect(image.pixel(x: 2 * 137, y: 2 * 77).isClose(to: RGBA(r: 255, g: 140, b: 0), tolerance: 2))  // the badge, over it
        #expect(image.pixel(x: 2 * 10, y: 2 * 10) == white)        // outside the card
    }
}

@Suite("The README's Swift widget, written with the kit")
struct SwiftWalkthroughTests {
    @Test("compiles against the kit and draws exactly what the C widget draws")
    func swiftWidget() throws {
        let folder = try Fixtures.makeTemporaryDirectory("readme-swift-tapper")
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("TapperSwift.swift")
        try readmeExample("TapperSwift.swift").write(to: source, atomically: true, encoding: .utf8)
        try KitFixtures.buildSwiftPlugin(source: source, moduleName: "TapperSwift", into: plugins)
        let cSource = folder.appendingPathComponent("tapper.c")
        try readmeExample("tapper.c").write(to: cSource, atomically: true, encoding: .utf8)
        let build = try Fixtures.run(URL(fileURLWithPath: "/usr/bin/env"),
            ["cc", "-shared", "-fPIC", "-I", Fixtures.abiIncludeDirectory.path, cSource.path,
             "-o", plugins.appendingPathComponent("libTapper.so").path])
        #expect(build.status == 0, "\(build.stderr)")
        let scene = try readmeExample("tapper.json")
        var images: [RasterImage] = []
        for (name, text) in [("c", scene), ("swift", scene.replacingOccurrences(of: "\"Tapper\"", with: "\"SwiftTapper\""))] {
            let file = folder.appendingPathComponent("\(name).json"), output = folder.appendingPathComponent("\(name).png")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let result = try easel(["render", file.path, "--plugins", plugins.path, "-o", output.path])
            #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
            images.append(try RasterImage(contentsOfPNG: output.path))
        }
        #expect(images[0] == images[1])
        #expect(images[1].pixel(x: 2 * 56, y: 2 * 36) == RGBA(r: 255, g: 255, b: 255))   // the tap's dot
    }
}

@Suite("The README's painting example")
struct PaintingDocumentationTests {
    @Test("the C gradient example compiles, finds easel.paint.v1 and draws the gradient clipped to its rounded rect")
    func gradientExample() throws {
        let folder = try Fixtures.makeTemporaryDirectory("readme-paint")
        let source = folder.appendingPathComponent("sunset.c")
        try readmeExample("sunset.c").write(to: source, atomically: true, encoding: .utf8)
        let library = folder.appendingPathComponent("libSunset.so")
        let build = try Fixtures.run(URL(fileURLWithPath: "/usr/bin/env"),
            ["cc", "-shared", "-fPIC", "-Wall", "-Wextra", "-Werror", "-I", Fixtures.abiIncludeDirectory.path,
             source.path, "-o", library.path])
        #expect(build.status == 0, "\(build.stderr)")
        let (_, image) = try renderExample(library, className: "Sunset")
        // drawRect: 10,10,80,30: the gradient runs from y = 10 to 40; row 25's centre is at t = 15.5 / 30.
        let t = 15.5 / 30
        let expected = RGBA(r: UInt8(((1 - 0.9 * t) * 255).rounded()), g: UInt8(((0.6 - 0.5 * t) * 255).rounded()),
                            b: UInt8(((0.5 * t) * 255).rounded()))
        #expect(image.pixel(x: 50, y: 25).isClose(to: expected, tolerance: 2), "\(image.pixel(x: 50, y: 25))")
        #expect(image.pixel(x: 10, y: 10).a == 0)   // the rounded corner
        #expect(image.pixel(x: 5, y: 5).a == 0)
    }
}

@Suite("The README's postcard: text, an image and a gradient from a Swift plugin")
struct PostcardDocumentationTests {
    @Test("builds against the kit, finds its stamp in Postcard.resources, and `easel invoke` draws sky, stamp and greeting")
    func postcard() throws {
        let folder = try Fixtures.makeTemporaryDirectory("readme-postcard")
        let plugins = folder.appendingPathComponent("plugins")
        let resources = plugins.appendingPathComponent("Postcard.resources")
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("Postcard.swift")
        try readmeExample("Postcard.swift").write(to: source, atomically: true, encoding: .utf8)
        try KitFixtures.buildSwiftPlugin(source: source, moduleName: "Postcard", into: plugins)
        // The stamp: 36 x 36 pixels, red with a white frame 4 pixels wide.
        let stampRed = RGBA(r: 0xD0, g: 0x34, b: 0x2C), white = RGBA(r: 255, g: 255, b: 255)
        var pixels: [RGBA] = []
        for y in 0..<36 {
            for x in 0..<36 { pixels.append(min(x, y, 35 - x, 35 - y) < 4 ? white : stampRed) }
        }
        try RasterImage(width: 36, height: 36, pixels: pixels).write(to: resources.appendingPathComponent("stamp.png").path)

        let output = folder.appendingPathComponent("postcard.png")
        let result = try easel(["invoke", "Postcard", "drawRect:", "0,0,240,120", "--plugins", plugins.path,
                                "--size", "240x120", "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let image = try RasterImage(contentsOfPNG: output.path)
        #expect(image.width == 240 && image.height == 120)
        // The sky: #8EC5FC at y = 0 to white at y = 120; row 60's centre is at t = 60.5 / 120.
        let t = 60.5 / 120
        func mix(_ a: Double, _ b: Double) -> UInt8 { UInt8((a + (b - a) * t).rounded()) }
        let sky = RGBA(r: mix(0x8E, 0xFF), g: mix(0xC5, 0xFF), b: mix(0xFC, 0xFF))
        #expect(image.pixel(x: 20, y: 60).isClose(to: sky, tolerance: 2), "\(image.pixel(x: 20, y: 60)), expected \(sky)")
        // The stamp at (196, 8), 36 x 36 points at 1x: its frame and its middle.
        #expect(image.pixel(x: 214, y: 26) == stampRed)
        #expect(image.pixel(x: 197, y: 26) == white)
        // The greeting: dark ink in the band y 88...112, centred; none above it on the left.
        var ink: [Int] = []  // the x of every dark pixel in the band
        for y in 88..<112 {
            for x in 0..<240 where image.pixel(x: x, y: y).r < 100 { ink.append(x) }
        }
        #expect(ink.count > 100)
        let left = ink.min() ?? 0, right = ink.max() ?? 0
        #expect(abs(Double(left + right) / 2 - 120) <= 4, "ink from x \(left) to \(right)")
        #expect((0..<80).allSatisfy { y in (0..<190).allSatisfy { image.pixel(x: $0, y: y).r > 100 } })
    }
}
