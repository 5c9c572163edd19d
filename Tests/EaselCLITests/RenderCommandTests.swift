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

    @Test("a bad scene exits 1 naming the file and the JSON path; a bad option exits 2")
    func errors() throws {
        let file = try writeScene(#"{ "canvas": { "size": [10, 10] }, "root": { "subviews": [ { "class": "Nope" } ] } }"#)
        let result = try easel(["render", file.path, "-o", "/tmp/never.png"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(file.path): root.subviews[0].class: unknown class 'Nope' (registered classes: "))
        let missing = try easel(["render", "/nonexistent/scene.json", "-o", "/tmp/never.png"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: /nonexistent/scene.json: cannot read the scene file\n")
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
