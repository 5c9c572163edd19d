import EaselGraphicsCore
import EaselTestSupport
import Foundation
import Testing

@Suite("easel.image.v1 drawing end to end: a C plugin's pixel data, tiles, mask and bitmap context in PNG, SVG and PDF")
struct ImageDrawingOutputTests {
    @Test("Tests/Fixtures/image_drawing.c renders its four quarters at scale 2; the SVG and the PDF hold images")
    func imageDrawingCard() throws {
        let folder = try Fixtures.makeTemporaryDirectory("image-drawing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugins = folder.appendingPathComponent("plugins")
        _ = try Fixtures.buildFixture("image_drawing", into: plugins, soName: "libImageDrawing")
        let scene = folder.appendingPathComponent("card.json")
        try Data("""
            { "canvas": { "size": [40, 40], "background": "#ffffff" },
              "root": { "subviews": [ { "class": "ImageDrawingCard", "frame": [0, 0, 40, 40], "opaque": false } ] } }
            """.utf8).write(to: scene)
        let png = folder.appendingPathComponent("card.png")
        let result = try easel(["render", scene.path, "--plugins", plugins.path, "-o", png.path, "--scale", "2"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        try Self.expectCard(try RasterImage(contentsOfPNG: png.path))

        // Vector outputs carry the images as images.
        let svg = folder.appendingPathComponent("card.svg"), pdf = folder.appendingPathComponent("card.pdf")
        #expect(try easel(["render", scene.path, "--plugins", plugins.path, "-o", svg.path]).status == 0)
        #expect(try easel(["render", scene.path, "--plugins", plugins.path, "-o", pdf.path]).status == 0)
        let svgText = try String(contentsOf: svg, encoding: .utf8)
        #expect(svgText.contains("<image"), "\(svgText.prefix(400))")
        let pdfBytes = try Data(contentsOf: pdf)
        #expect(pdfBytes.range(of: Data("/Subtype /Image".utf8)) != nil)
    }

    @Test("an SVG resource decodes in process and in the isolated worker, where librsvg is first loaded under the sandbox",
          arguments: [[], ["--isolate"]])
    func svgResource(extra: [String]) throws {
        let folder = try Fixtures.makeTemporaryDirectory("svg-resource")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugins = folder.appendingPathComponent("plugins")
        _ = try Fixtures.buildFixture("named_images", into: plugins, soName: "libNamedImages")
        let resources = plugins.appendingPathComponent("NamedImages.resources")
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="10" fill="#ff0000"/><rect x="5" width="5" height="10" fill="#0000ff"/></svg>"##
        try Data(svg.utf8).write(to: resources.appendingPathComponent("badge.svg"))
        let scene = folder.appendingPathComponent("badge.json")
        try Data(##"{ "canvas": { "size": [10, 10], "background": "#ffffff" }, "root": { "subviews": [ { "class": "NamedImageView", "frame": [0, 0, 10, 10], "properties": { "imageName": "badge" } } ] } }"##.utf8).write(to: scene)
        let png = folder.appendingPathComponent("badge.png")
        let result = try easel(["render", scene.path, "--plugins", plugins.path, "-o", png.path] + extra)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let image = try RasterImage(contentsOfPNG: png.path)
        #expect(image.pixel(x: 2, y: 5) == RGBA(r: 255, g: 0, b: 0))
        #expect(image.pixel(x: 7, y: 5) == RGBA(r: 0, g: 0, b: 255))
    }

    @Test("a Swift plugin draws the same picture through EaselPluginKit (Image(pixels:), drawTiled, clip(toMask:), ImageRenderer)")
    func kitImageDrawing() throws {
        let folder = try Fixtures.makeTemporaryDirectory("kit-image-drawing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try KitFixtures.buildSwiftPlugin("kit_image", moduleName: "KitImage", into: plugins)
        let scene = folder.appendingPathComponent("card.json")
        try Data("""
            { "canvas": { "size": [40, 40], "background": "#ffffff" },
              "root": { "subviews": [ { "class": "KitImageDrawing", "frame": [0, 0, 40, 40], "opaque": false } ] } }
            """.utf8).write(to: scene)
        let png = folder.appendingPathComponent("card.png")
        let result = try easel(["render", scene.path, "--plugins", plugins.path, "-o", png.path, "--scale", "2"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        try Self.expectCard(try RasterImage(contentsOfPNG: png.path))
    }

    /// The four quarters of the card at scale 2.
    static func expectCard(_ image: RasterImage) throws {
        #expect(image.width == 80 && image.height == 80)
        let yellow = RGBA(r: 255, g: 255, b: 0), magenta = RGBA(r: 255, g: 0, b: 255)
        // Top left: the checker drawn with no interpolation, four 10-point squares with hard edges.
        #expect(image.pixel(x: 0, y: 0) == red && image.pixel(x: 19, y: 19) == red && image.pixel(x: 20, y: 0) == blue)
        #expect(image.pixel(x: 19, y: 20) == blue && image.pixel(x: 39, y: 39) == red)
        // Top right: tiles of 4 points from x = 0, so x = 40 (20 points) starts a tile: red, then blue at 22 points.
        #expect(image.pixel(x: 40, y: 0) == red && image.pixel(x: 43, y: 3) == red && image.pixel(x: 44, y: 0) == blue)
        #expect(image.pixel(x: 48, y: 8) == red && image.pixel(x: 79, y: 39) == red && image.pixel(x: 76, y: 33) == blue)
        // Bottom left: green only where the mask is opaque (its top-left quarter, 10 points), the rest white.
        #expect(image.pixel(x: 0, y: 40) == green && image.pixel(x: 19, y: 59) == green)
        #expect(image.pixel(x: 20, y: 40) == white && image.pixel(x: 0, y: 60) == white && image.pixel(x: 39, y: 79) == white)
        // Bottom right: the bitmap context's image, yellow then magenta.
        #expect(image.pixel(x: 40, y: 40) == yellow && image.pixel(x: 57, y: 79) == yellow)
        #expect(image.pixel(x: 62, y: 40) == magenta && image.pixel(x: 79, y: 79) == magenta)
    }
}
