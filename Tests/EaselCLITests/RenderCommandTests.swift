import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

@Suite("easel render and easel gallery")
struct RenderCommandTests {
    static let scene = ##"""
        { "canvas": { "size": [100, 50], "scale": 2, "background": "#ffffff" },
          "root": { "subviews": [
            { "class": "Swatch", "id": "s", "frame": [10, 10, 30, 30], "opaque": false, "properties": { "color": "#ff0000" } },
            { "class": "View", "frame": [60, 10, 30, 30], "backgroundColor": "#0000ff", "alpha": 0.5 } ] },
          "steps": [ { "resize": "s", "size": [20, 20] } ] }
        """##

    @Test("renders a scene to PNG at the scene's scale, after its steps")
    func png() throws {
        let file = try writeScene(Self.scene)
        let output = file.deletingLastPathComponent().appendingPathComponent("out.png")
        let result = try easel(["render", file.path, "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let image = try RasterImage(contentsOfPNG: output.path)
        #expect(image.width == 200 && image.height == 100)
        #expect(image.pixel(x: 30, y: 30) == RGBA(r: 255, g: 0, b: 0))      // inside the resized swatch (10...30 pt)
        #expect(image.pixel(x: 70, y: 70) == RGBA(r: 255, g: 255, b: 255))  // outside it after the resize to 20x20
        #expect(image.pixel(x: 150, y: 50).isClose(to: RGBA(r: 127, g: 127, b: 255), tolerance: 1))  // half-transparent blue on white
    }

    @Test("--scale overrides the scene's; SVG and PDF by extension; - writes PNG to standard output")
    func formats() throws {
        let file = try writeScene(Self.scene)
        let folder = file.deletingLastPathComponent()
        let png = try easel(["render", file.path, "-o", folder.appendingPathComponent("one.png").path, "--scale", "1"])
        #expect(png.status == 0)
        #expect(try RasterImage(contentsOfPNG: folder.appendingPathComponent("one.png").path).width == 100)
        let svg = try easel(["render", file.path, "-o", folder.appendingPathComponent("out.svg").path])
        #expect(svg.status == 0, "\(svg.stderr)")
        let svgText = try String(contentsOf: folder.appendingPathComponent("out.svg"), encoding: .utf8)
        #expect(svgText.contains("<svg") && svgText.contains("fill:rgb(100%,0%,0%)"))
        let pdf = try easel(["render", file.path, "-o", folder.appendingPathComponent("out.pdf").path])
        #expect(pdf.status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("out.pdf")).prefix(5) == Data("%PDF-".utf8))
        let (data, status) = try easelStandardOutput(["render", file.path, "-o", "-"])
        #expect(status == 0)
        let image = try RasterImage(pngData: Array(data))
        #expect(image.pixel(x: 30, y: 30) == RGBA(r: 255, g: 0, b: 0))
    }

    @Test("--frames writes the state before and after each step; --timings prints the stages")
    func framesAndTimings() throws {
        let file = try writeScene(Self.scene)
        let frames = file.deletingLastPathComponent().appendingPathComponent("frames")
        let result = try easel(["render", file.path, "-o", frames.path + ".png", "--frames", frames.path, "--timings"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted() == ["frame-000.png", "frame-001.png"])
        let before = try RasterImage(contentsOfPNG: frames.appendingPathComponent("frame-000.png").path)
        let after = try RasterImage(contentsOfPNG: frames.appendingPathComponent("frame-001.png").path)
        #expect(before.pixel(x: 70, y: 70) == RGBA(r: 255, g: 0, b: 0))      // 30x30 swatch before the resize
        #expect(after.pixel(x: 70, y: 70) == RGBA(r: 255, g: 255, b: 255))   // 20x20 after it
        let stages = result.stderr.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(stages == ["timings", "load", "scene", "layout", "draw", "encode", "total"])
    }

    @Test("a bad or missing scene exits 2 naming the file and the JSON path or the system's reason; a bad option exits 2")
    func errors() throws {
        let file = try writeScene(#"{ "canvas": { "size": [10, 10] }, "root": { "subviews": [ { "class": "Nope" } ] } }"#)
        let result = try easel(["render", file.path, "-o", "/tmp/never.png"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: \(file.path): root.subviews[0].class: unknown class 'Nope' (registered classes: "))
        let missing = try easel(["render", "/nonexistent/scene.json", "-o", "/tmp/never.png"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: /nonexistent/scene.json: cannot read the scene file: No such file or directory\n")
        let folder = try easel(["render", file.deletingLastPathComponent().path, "-o", "/tmp/never.png"])
        #expect(folder.status == 2)
        #expect(folder.stderr == "error: \(file.deletingLastPathComponent().path): cannot read the scene file: it is a folder\n")
        let usage = try easel(["render", file.path, "-o", "/tmp/never.png", "--scale", "0"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("--scale must be between 0 and 16; got 0.0"))
    }

    @Test("gallery: every view class of every plugin in a labelled cell")
    func gallery() throws {
        let folder = try Fixtures.makeTemporaryDirectory("gallery")
        let output = folder.appendingPathComponent("gallery.png")
        let result = try easel(["gallery", "-o", output.path, "--cell", "100x80", "--columns", "2", "--scale", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try RasterImage(contentsOfPNG: output.path)
        // Cells are 100 + 12 wide and 80 + 30 + 12 high, 12 from the edges: 2 columns.
        #expect(image.width == 12 + 2 * 112)
        #expect(image.height > 12 + 122)
        // The first cell (the first class of the first plugin) has a white background at its corner.
        #expect(image.pixel(x: 13, y: 13) == RGBA(r: 255, g: 255, b: 255))
        // The label area under it has dark text pixels.
        let label = (14..<100).flatMap { x in (94..<106).map { image.pixel(x: x, y: $0) } }
        #expect(label.contains { $0.r < 100 && $0.a == 255 })
    }

    @Test("gallery: PhotoCard shows its own picture with its default caption and badge, found in its resource folder through a link")
    func galleryPhotoCard() throws {
        let folder = try Fixtures.makeTemporaryDirectory("gallery-photocard")
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let build = try Fixtures.samplePluginsDirectory()
        try FileManager.default.createSymbolicLink(
            at: plugins.appendingPathComponent("libPhotoCard.so"), withDestinationURL: build.appendingPathComponent("libPhotoCard.so"))
        let output = folder.appendingPathComponent("gallery.png")
        let result = try easel(["gallery", "--plugins", plugins.path, "-o", output.path, "--cell", "300x260", "--columns", "1",
                                "--scale", "2"])
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        let image = try RasterImage(contentsOfPNG: output.path)
        let photo = try RasterImage(contentsOfPNG: build.appendingPathComponent("Easel_PhotoCard.resources/photo@2x.png").path)
        // The cell is 300 x 260 at (12, 12); the card fits 284 x 226 in its middle: (20, 29). Its picture is
        // 264 x 165 at (30, 39), the photo's 8:5: a point (u, v) of it shows the photo's pixel there.
        for (u, v) in [(0.9, 0.1), (0.5, 0.5), (0.66, 0.56), (0.3, 0.9)] {
            let drawn = image.pixel(x: Int(2 * (30 + 264 * u)), y: Int(2 * (39 + 165 * v)))
            let source = photo.pixel(x: Int(480 * u), y: Int(300 * v))
            #expect(drawn.isClose(to: source, tolerance: 10), "at \(u), \(v): \(drawn), the photo \(source)")
        }
        // The badge's red pill over the picture's top left corner, and caption ink under the picture.
        #expect(image.pixel(x: 2 * 42, y: 2 * 56).isClose(to: RGBA(r: 0xE0, g: 0x48, b: 0x3E), tolerance: 6))
        #expect((2 * 212..<2 * 250).contains { y in (2 * 30..<2 * 294).contains { image.pixel(x: $0, y: y).r < 100 } })
    }
}

@Suite("CSS colours in a rendered scene")
struct CSSColourRenderTests {
    @Test("a named colour, rgb() with a / alpha, hsl() and #rgb fill their views with the colours CSS gives")
    func pixels() throws {
        let file = try writeScene(##"""
            { "canvas": { "size": [40, 10], "background": "white" },
              "root": { "subviews": [
                { "class": "View", "frame": [0, 0, 10, 10], "backgroundColor": "tomato" },
                { "class": "View", "frame": [10, 0, 10, 10], "backgroundColor": "rgb(0 0 255 / 50%)" },
                { "class": "View", "frame": [20, 0, 10, 10], "backgroundColor": "hsl(120, 100%, 25%)" },
                { "class": "View", "frame": [30, 0, 10, 10], "backgroundColor": "#f0f" } ] } }
            """##, label: "css-colours")
        let output = file.deletingLastPathComponent().appendingPathComponent("css.png")
        let result = try easel(["render", file.path, "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try RasterImage(contentsOfPNG: output.path)
        expectPixel(image, 5, 5, RGBA(r: 255, g: 99, b: 71))        // tomato #ff6347
        expectPixel(image, 15, 5, RGBA(r: 127, g: 127, b: 255))     // half blue over white
        expectPixel(image, 25, 5, RGBA(r: 0, g: 128, b: 0))         // hsl(120, 100%, 25%) = #008000
        expectPixel(image, 35, 5, RGBA(r: 255, g: 0, b: 255))
    }
}

@Suite("easel render of many scenes into a folder")
struct BatchRenderTests {
    let examples = Fixtures.packageRoot.appendingPathComponent("Examples")

    @Test("two example scenes render into the folder, pixel-identical to their references, plugins loaded once")
    func batch() throws {
        let folder = try Fixtures.makeTemporaryDirectory("batch").appendingPathComponent("out/nested")
        let scenes = ["bubble", "minipicker"].map { examples.appendingPathComponent("\($0).json").path }
        let result = try easel(["render"] + scenes + ["-o", folder.path, "--timings"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == scenes.map { "\($0) -> \(folder.path)/\(URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent).png\n" }.joined())
        for name in ["bubble", "minipicker"] {
            let reference = try RasterImage(contentsOfPNG: examples.appendingPathComponent("\(name).png").path)
            expectSameImage(try RasterImage(contentsOfPNG: folder.appendingPathComponent("\(name).png").path), reference)
        }
        // One timings block per scene; only the first loads the plugins.
        let loads = result.stderr.split(separator: "\n").filter { $0.hasPrefix("  load") }
            .compactMap { Double($0.split(separator: " ").last ?? "") }
        #expect(loads.count == 2 && loads[1] == 0, "\(result.stderr)")
    }

    @Test("a bad scene is reported and the others are still written (status 1); --format picks the images' format")
    func badScene() throws {
        let folder = try Fixtures.makeTemporaryDirectory("batch-bad")
        let bad = try writeScene(#"{ "canvas": { "size": [5, 5] }, "root": { "class": "Nope" } }"#, name: "bad.json", label: "batch-bad-scene")
        let good = examples.appendingPathComponent("bubble.json").path
        let result = try easel(["render", bad.path, good, "-o", folder.path, "--format", "webp"])
        #expect(result.status == 1)
        #expect(result.stdout == "\(good) -> \(folder.path)/bubble.webp\n")
        #expect(result.stderr.hasPrefix("error: \(bad.path): root.class: unknown class 'Nope' (registered classes: "))
        #expect(result.stderr.hasSuffix("\nerror: 1 of 2 scenes failed\n"))
        let webp = try Data(contentsOf: folder.appendingPathComponent("bubble.webp"))
        #expect(webp.prefix(4) == Data("RIFF".utf8) && webp.dropFirst(8).prefix(4) == Data("WEBP".utf8))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bad.webp").path))
    }

    @Test("scenes that would write the same file, -o -, --frames or a bad --format are refused before drawing (status 2)")
    func refused() throws {
        let folder = try Fixtures.makeTemporaryDirectory("batch-refused")
        let one = examples.appendingPathComponent("bubble.json").path
        let copy = try writeScene(try String(contentsOfFile: one, encoding: .utf8), name: "bubble.json", label: "batch-copy")
        let clash = try easel(["render", one, copy.path, "-o", folder.path])
        #expect(clash.status == 2)
        #expect(clash.stderr == "error: '\(one)' and '\(copy.path)' would both be written to '\(folder.path)/bubble.png': rename one of them\n")
        let isolatedClash = try easel(["render", one, copy.path, "-o", folder.path, "--isolate"])
        #expect(isolatedClash.status == 2)
        #expect(isolatedClash.stderr == clash.stderr)
        #expect(try easel(["render", one, copy.path, "-o", "-"]).status == 2)
        #expect(try easel(["render", one, copy.path, "-o", folder.path, "--frames", folder.path]).status == 2)
        let format = try easel(["render", one, "-o", folder.path + "/", "--format", "gif"])
        #expect(format.status == 2)
        #expect(format.stderr.hasPrefix("Error: --format must be png, jpg, jpeg, webp, svg or pdf; got 'gif'\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("progress shows on a terminal ([1/2] scene, erased at the end) and not when standard error is piped")
    func progress() throws {
        let folder = try Fixtures.makeTemporaryDirectory("batch-progress")
        let scenes = ["bubble", "minipicker"].map { examples.appendingPathComponent("\($0).json").path }
        let easelPath = try Fixtures.samplePluginsDirectory().appendingPathComponent("easel").path
        let command = ([easelPath, "render"] + scenes + ["-o", folder.path]).map { "'\($0)'" }.joined(separator: " ")
        // script(1) gives the command a terminal and copies what it writes to standard output.
        let terminal = try Fixtures.run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
                                        environment: ["EASEL_PLUGIN_PATH": ""])
        #expect(terminal.status == 0, "\(terminal.stderr)")
        #expect(terminal.stdout.contains("\r\u{1B}[K[1/2] \(scenes[0])"), "\(terminal.stdout.debugDescription)")
        #expect(terminal.stdout.contains("\r\u{1B}[K[2/2] \(scenes[1])\r\u{1B}[K"))
        let piped = try easel(["render"] + scenes + ["-o", folder.path])
        #expect(piped.status == 0)
        #expect(!piped.stderr.contains("\r") && !piped.stderr.contains("[1/2]"))
    }

    @Test("with --isolate every scene renders in a worker, with the same pixels")
    func isolated() throws {
        let folder = try Fixtures.makeTemporaryDirectory("batch-isolated")
        let scenes = ["bubble", "graph"].map { examples.appendingPathComponent("\($0).json").path }
        let result = try easel(["render"] + scenes + ["-o", folder.path, "--isolate"])
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["bubble", "graph"] {
            let reference = try RasterImage(contentsOfPNG: examples.appendingPathComponent("\(name).png").path)
            expectSameImage(try RasterImage(contentsOfPNG: folder.appendingPathComponent("\(name).png").path), reference)
        }
    }
}
