import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

// CanvasImage: PNG, JPEG and WebP files decoded (libspng, libjpeg-turbo,
// libwebp), their @2x/@3x scale, drawn into a rect and in part, and bad files
// reported by name.

extension CanvasTests {
    /// Writes `bytes` into a fresh folder as `name`; returns the path.
    static func imageFile(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = try Fixtures.makeTemporaryDirectory("images").appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    @Test("PNG, JPEG and WebP files decode to their pixels; @2x and @3x set the scale")
    func imageFormatsDecode() throws {
        let source = try Self.opaqueCanvas()   // 64x32: white, a red square at 4..<28, a blue one at 36..<60
        let files: [(String, ImageEncoding, Double)] = [
            ("card.png", ImageEncoding(format: .png), 1),
            ("card@2x.jpg", ImageEncoding(format: .jpeg, quality: 95), 2),
            ("card@3x.webp", ImageEncoding(format: .webp, quality: 100), 3),
        ]
        for (name, encoding, scale) in files {
            let image = try CanvasImage(contentsOf: try Self.imageFile(name, source.encodedData(encoding)))
            #expect(image.format.rawValue == encoding.format.rawValue)
            #expect(image.pixelWidth == 64 && image.pixelHeight == 32)
            #expect(image.scale == scale && image.width == 64 / scale && image.height == 32 / scale, "\(name)")
            // Drawn at one pixel per image pixel, it shows the source's pixels.
            let canvas = try Canvas(width: 64, height: 32, backing: .raster(scale: 1))
            canvas.draw(image, in: easel_rect(origin: easel_point(x: 0, y: 0), size: easel_size(width: 64, height: 32)))
            #expect(canvas.takeError() == nil)
            let drawn = try canvas.rasterImage()
            let tolerance = encoding.format == .jpeg ? 6 : 0
            #expect(drawn.pixel(x: 16, y: 16).isClose(to: RGBA(r: 255, g: 0, b: 0), tolerance: tolerance), "\(name)")
            #expect(drawn.pixel(x: 48, y: 16).isClose(to: RGBA(r: 0, g: 0, b: 255), tolerance: tolerance), "\(name)")
            #expect(drawn.pixel(x: 32, y: 30).isClose(to: RGBA(r: 255, g: 255, b: 255), tolerance: tolerance), "\(name)")
        }
    }

    @Test("a semi-transparent PNG draws exactly as cairo's own reader decodes it")
    func translucentImageMatchesCairosReader() throws {
        let bytes = try Self.translucentCanvas().pngData()
        let image = try CanvasImage(data: bytes)
        let canvas = try Canvas(width: 256, height: 40, backing: .raster(scale: 1))
        canvas.draw(image, in: easel_rect(origin: easel_point(x: 0, y: 0), size: easel_size(width: 256, height: 40)))
        #expect(try canvas.rasterImage() == RasterImage(pngData: bytes))
    }

    @Test("an image drawn scaled into a rect: its corners land on the rect's, under the translation and clip")
    func imageDrawnScaledIntoARect() throws {
        let image = try CanvasImage(contentsOf: try Self.imageFile("card@2x.png", Self.opaqueCanvas().pngData()))  // 32x16 pt
        let canvas = try Canvas(width: 100, height: 60, background: greenColor, backing: .raster(scale: 1))
        canvas.saveState()
        canvas.translate(x: 5, y: 5)
        // 2x: the image's point (x, y) lands on (10 + 2x, 10 + 2y) in the canvas.
        canvas.draw(image, in: easel_rect(origin: easel_point(x: 5, y: 5), size: easel_size(width: 64, height: 32)))
        canvas.restoreState()
        #expect(canvas.takeError() == nil)
        let drawn = try canvas.rasterImage()
        let green = RGBA(r: 0, g: 255, b: 0), white = RGBA(r: 255, g: 255, b: 255)
        #expect(drawn.pixel(x: 9, y: 9) == green && drawn.pixel(x: 74, y: 42) == green)     // just outside
        #expect(drawn.pixel(x: 10, y: 10) == white && drawn.pixel(x: 73, y: 41) == white)   // the image's corners
        #expect(drawn.pixel(x: 20, y: 20) == RGBA(r: 255, g: 0, b: 0))                    // red: 14..<38
        #expect(drawn.pixel(x: 50, y: 20) == RGBA(r: 0, g: 0, b: 255))                    // blue: 46..<70
        #expect(drawn.pixel(x: 40, y: 20) == white)
    }

    @Test("part of an image drawn into a rect fills it with that part only")
    func imagePartDrawnIntoARect() throws {
        let image = try CanvasImage(data: Self.opaqueCanvas().pngData(), scale: 2)
        let canvas = try Canvas(width: 40, height: 40, background: greenColor, backing: .raster(scale: 1))
        // The red square, in the image's points: (2, 2, 12, 12).
        canvas.draw(image, part: easel_rect(origin: easel_point(x: 2, y: 2), size: easel_size(width: 12, height: 12)),
                    in: easel_rect(origin: easel_point(x: 0, y: 0), size: easel_size(width: 30, height: 30)))
        #expect(canvas.takeError() == nil)
        let drawn = try canvas.rasterImage()
        for (x, y) in [(0, 0), (29, 0), (0, 29), (29, 29), (15, 15)] {
            #expect(drawn.pixel(x: x, y: y) == RGBA(r: 255, g: 0, b: 0), "(\(x), \(y))")
        }
        #expect(drawn.pixel(x: 30, y: 30) == RGBA(r: 0, g: 255, b: 0))
    }

    @Test("a missing, foreign, truncated or corrupt file is an error naming it")
    func badImageFilesAreNamed() throws {
        let png = try Self.opaqueCanvas().pngData()
        let missing = "/nonexistent-easel-dir/arrow.png"
        #expect(throws: CanvasError.self) { try CanvasImage(contentsOf: missing) }
        #expect((try? CanvasImage(contentsOf: missing)) == nil)
        func message(_ path: String) -> String {
            do {
                _ = try CanvasImage(contentsOf: path)
                return "no error"
            } catch {
                return error.message
            }
        }
        #expect(message(missing) == "cannot read \(missing): No such file or directory")
        let text = try Self.imageFile("notes.png", Array("hello, world".utf8))
        #expect(message(text) == "cannot read \(text): not a PNG, JPEG, WebP, GIF or SVG image")
        let truncated = try Self.imageFile("half.png", Array(png.prefix(png.count / 2)))
        #expect(message(truncated).hasPrefix("cannot read \(truncated): corrupt PNG image: "))
        var flipped = png
        flipped[png.count / 2] ^= 0xff   // inside the image data: its checksum fails
        let corrupt = try Self.imageFile("flipped.png", flipped)
        #expect(message(corrupt).hasPrefix("cannot read \(corrupt): corrupt PNG image: "))
        let jpeg = try Self.opaqueCanvas().encodedData(ImageEncoding(format: .jpeg))
        let shortJPEG = try Self.imageFile("half.jpg", Array(jpeg.prefix(jpeg.count / 2)))
        #expect(message(shortJPEG).hasPrefix("cannot read \(shortJPEG): corrupt JPEG image: "))
        let webp = try Self.opaqueCanvas().encodedData(ImageEncoding(format: .webp))
        let shortWebP = try Self.imageFile("half.webp", Array(webp.prefix(webp.count / 2)))
        #expect(message(shortWebP).hasPrefix("cannot read \(shortWebP): corrupt WebP image: "))
        #expect(CanvasImage.scale(ofFileNamed: "/a/b@2x/arrow.png") == 1)
        #expect(CanvasImage.scale(ofFileNamed: "arrow@3x.PNG") == 3)
    }
}

extension CanvasTests {
    @Test("a GIF's first frame decodes with its transparent colour; a truncated GIF is named")
    func gifDecodes() throws {
        // 8x4: red left half, blue right half, the bottom row the transparent colour (Tests/Fixtures/images).
        let path = Fixtures.fixturesDirectory.appendingPathComponent("images/two_colours.gif").path
        let image = try CanvasImage(contentsOf: path)
        #expect(image.format == .gif && image.pixelWidth == 8 && image.pixelHeight == 4 && image.scale == 1)
        let canvas = try Canvas(width: 8, height: 4, backing: .raster(scale: 1))
        canvas.draw(image, in: easel_rect(origin: easel_point(x: 0, y: 0), size: easel_size(width: 8, height: 4)))
        let drawn = try canvas.rasterImage()
        #expect(drawn.pixel(x: 1, y: 1) == RGBA(r: 255, g: 0, b: 0) && drawn.pixel(x: 6, y: 1) == RGBA(r: 0, g: 0, b: 255))
        #expect(drawn.pixel(x: 1, y: 3) == RGBA(r: 0, g: 0, b: 0, a: 0) && drawn.pixel(x: 6, y: 3) == RGBA(r: 0, g: 0, b: 0, a: 0))
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let truncated = try Self.imageFile("short.gif", Array(bytes.prefix(30)))
        let error = try #require(throws: CanvasError.self) { try CanvasImage(contentsOf: truncated) }
        #expect(error.message.hasPrefix("cannot read \(truncated): corrupt GIF image: "), "\(error.message)")

        // The same file with its frame declared 30000x30000 (bytes 0x26...0x29 of its image
        // descriptor): refused before any pixel is decoded.
        var huge = bytes
        huge.replaceSubrange(0x26..<0x2a, with: [0x30, 0x75, 0x30, 0x75])
        let hugePath = try Self.imageFile("huge.gif", huge)
        let refusal = try #require(throws: CanvasError.self) { try CanvasImage(contentsOf: hugePath) }
        #expect(refusal.message == "cannot read \(hugePath): GIF frame image of 30000 x 30000 pixels is too large (at most 32767 a side and 67108864 pixels)")
    }

    @Test("an interlaced GIF's rows land in their places")
    func interlacedGIF() throws {
        // 4x8, row y coloured (32 y, 0, 255 - 32 y), written in the four interlaced passes.
        let image = try CanvasImage(contentsOf: Fixtures.fixturesDirectory.appendingPathComponent("images/interlaced_rows.gif").path)
        let canvas = try Canvas(width: 4, height: 8, backing: .raster(scale: 1))
        canvas.draw(image, in: easel_rect(origin: easel_point(x: 0, y: 0), size: easel_size(width: 4, height: 8)))
        let drawn = try canvas.rasterImage()
        for y in 0..<8 {
            #expect(drawn.pixel(x: 2, y: y) == RGBA(r: UInt8(32 * y), g: 0, b: UInt8(255 - 32 * y)), "row \(y)")
        }
    }

    @Test("an SVG is rendered by librsvg at its size in points, 2 pixels a point unless named @3x; bad SVG is named")
    func svgDecodes() throws {
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="10" height="10" fill="#ff0000"/><rect x="10" width="10" height="10" fill="#0000ff" fill-opacity="0.5"/></svg>"##
        let image = try CanvasImage(contentsOf: try Self.imageFile("badge.svg", Array(svg.utf8)))
        #expect(image.format == .svg && image.scale == 2 && image.pixelWidth == 40 && image.pixelHeight == 20)
        #expect(image.width == 20 && image.height == 10)
        let three = try CanvasImage(contentsOf: try Self.imageFile("badge@3x.svg", Array(svg.utf8)))
        #expect(three.scale == 3 && three.pixelWidth == 60 && three.width == 20)
        let canvas = try Canvas(width: 20, height: 10, backing: .raster(scale: 2))
        canvas.draw(image, in: easel_rect(origin: easel_point(x: 0, y: 0), size: easel_size(width: 20, height: 10)))
        let drawn = try canvas.rasterImage()
        #expect(drawn.pixel(x: 10, y: 10) == RGBA(r: 255, g: 0, b: 0))
        #expect(drawn.pixel(x: 30, y: 10).isClose(to: RGBA(r: 0, g: 0, b: 255, a: 128), tolerance: 1))

        let broken = try Self.imageFile("broken.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\"><rect".utf8))
        let error = try #require(throws: CanvasError.self) { try CanvasImage(contentsOf: broken) }
        #expect(error.message.hasPrefix("cannot read \(broken): "), "\(error.message)")
        #expect(error.message.contains("SVG"), "\(error.message)")
    }
}
