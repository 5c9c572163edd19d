import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

// Canvas: PNG (libspng), JPEG (libjpeg-turbo) and WebP (libwebp) encoding,
// decoded again by the libraries' own decoders and compared pixel for pixel.

extension CanvasTests {
    /// A transparent canvas with every alpha from 0 to 255 (one column each)
    /// over four colours (one band each), and an opaque square.
    static func translucentCanvas() throws -> Canvas {
        let canvas = try Canvas(width: 256, height: 40, backing: .raster(scale: 1))
        for alpha in 0..<256 {
            let a = Double(alpha) / 255
            let bands = [color(1, 0, 0, a), color(0.2, 0.6, 1, a), color(Double(alpha) / 255, 0.5, 0.25, a), color(1, 1, 1, a)]
            for (band, fill) in bands.enumerated() {
                canvas.fill(easel_rect(origin: easel_point(x: Double(alpha), y: Double(band * 8)),
                                       size: easel_size(width: 1, height: 8)), color: fill)
            }
        }
        canvas.fill(easel_rect(origin: easel_point(x: 0, y: 32), size: easel_size(width: 8, height: 8)), color: blueColor)
        #expect(canvas.takeError() == nil)
        return canvas
    }

    /// An opaque canvas: white, a red square and a blue one.
    static func opaqueCanvas() throws -> Canvas {
        let canvas = try Canvas(width: 64, height: 32, background: whiteColor, backing: .raster(scale: 1))
        canvas.fill(easel_rect(origin: easel_point(x: 4, y: 4), size: easel_size(width: 24, height: 24)), color: redColor)
        canvas.fill(easel_rect(origin: easel_point(x: 36, y: 4), size: easel_size(width: 24, height: 24)), color: blueColor)
        return canvas
    }

    @Test("a PNG decodes (with libspng) to exactly cairo's pixels, semi-transparent ones included, at every compression")
    func pngPixelsMatchCairo() throws {
        let canvas = try Self.translucentCanvas()
        let expected = try canvas.rasterImage()
        let cairos = try decodePNGWithSpng(canvas.cairoPNGData())
        #expect(cairos == expected)
        var sizes: [ImageEncoding.Compression: Int] = [:]
        for compression in ImageEncoding.Compression.allCases {
            let bytes = try canvas.encodedData(ImageEncoding(format: .png, compression: compression))
            #expect(pngColorType(bytes) == 6, "RGBA, as the image has transparency")
            let decoded = try decodePNGWithSpng(bytes)
            #expect(decoded == expected, "\(compression)")
            #expect(try RasterImage(pngData: bytes) == expected, "cairo's reader, \(compression)")
            sizes[compression] = bytes.count
        }
        // Premultiplied (128, 64, 32, 16) with alpha 128 is (255, 128, 64) un-premultiplied, rounded as cairo does.
        #expect(expected.pixel(x: 128, y: 0) == RGBA(r: 255, g: 0, b: 0, a: 128))
        #expect(expected.pixel(x: 0, y: 0) == RGBA(r: 0, g: 0, b: 0, a: 0))
        #expect(try #require(sizes[.best]) <= sizes[.default]!)
        #expect(try #require(sizes[.default]) <= sizes[.fast]!)
    }

    @Test(
        "a PNG over a background has the pixels of the drawing composited over it by cairo, every alpha and random colours",
        arguments: [
            color(1, 1, 1), color(0.93, 0.95, 0.96), color(0.3, 0.6, 0.9, 0.5), color(0.2, 0.4, 0.8, 0.01),
            color(0, 0, 0, 0), color(1, 0.5, 0, 0.999),
        ])
    func pngOverBackgroundMatchesCairo(background: easel_color) throws {
        // Each alpha 0 to 255 in four colour bands, then 96 x 24 pixels of random colours and alphas.
        let canvas = try Canvas(width: 256, height: 64, background: background, backing: .raster(scale: 1))
        for alpha in 0..<256 {
            let a = Double(alpha) / 255
            let bands = [color(1, 0, 0, a), color(0.2, 0.6, 1, a), color(a, 0.5, 0.25, a), color(1, 1, 1, a)]
            for (band, fill) in bands.enumerated() {
                canvas.fill(easel_rect(origin: easel_point(x: Double(alpha), y: Double(band * 8)),
                                       size: easel_size(width: 1, height: 8)), color: fill)
            }
        }
        var random = SplitMix64(state: 13)
        for y in 32..<56 {
            for x in 0..<96 {
                let fill = color(Double.random(in: 0...1, using: &random), Double.random(in: 0...1, using: &random),
                                 Double.random(in: 0...1, using: &random), Double.random(in: 0...1, using: &random))
                canvas.fill(easel_rect(origin: easel_point(x: Double(x), y: Double(y)), size: easel_size(width: 1, height: 1)),
                            color: fill)
            }
        }
        #expect(canvas.takeError() == nil)
        // rasterImage() and cairo's writer paint the background and then the drawing into a new surface.
        let expected = try canvas.rasterImage()
        #expect(try decodePNGWithSpng(canvas.cairoPNGData()) == expected)
        // cairo keeps a colour's alpha in 16 bits (alpha x 65535 + 0.5, truncated) and paints its high byte:
        // 0.01 is 2 of 255 and 0.999 is opaque.
        let backgroundAlpha = UInt8(Int(background.alpha * 65535 + 0.5) >> 8)
        let opaque = backgroundAlpha == 255
        for compression in ImageEncoding.Compression.allCases {
            let bytes = try canvas.encodedData(ImageEncoding(format: .png, compression: compression))
            #expect(pngColorType(bytes) == (opaque ? 2 : 6), "\(compression)")
            #expect(try decodePNGWithSpng(bytes) == expected, "\(compression)")
        }
        // The first column's band is the background alone; its last, the band's colour.
        let back = expected.pixel(x: 0, y: 0)
        #expect(back.a == backgroundAlpha)
        #expect(expected.pixel(x: 255, y: 0) == RGBA(r: 255, g: 0, b: 0))
    }

    /// The chunks of a PNG (type and length), after checking each one's CRC; nil when one is wrong.
    static func pngChunks(_ bytes: [UInt8]) -> [(type: String, length: Int)]? {
        var chunks: [(type: String, length: Int)] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard offset + 12 + length <= bytes.count else { return nil }
            let typeAndData = Array(bytes[offset + 4..<offset + 8 + length])
            let crc = bytes[offset + 8 + length..<offset + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            // CRC-32 of type and data (ISO 3309), bit by bit.
            var check: UInt32 = 0xffff_ffff
            for byte in typeAndData {
                check ^= UInt32(byte)
                for _ in 0..<8 { check = check & 1 == 1 ? (check >> 1) ^ 0xedb8_8320 : check >> 1 }
            }
            guard check ^ 0xffff_ffff == crc else { return nil }
            chunks.append((String(decoding: typeAndData.prefix(4), as: UTF8.self), length))
            offset += 12 + length
        }
        return offset == bytes.count ? chunks : nil
    }

    /// A canvas whose rows repeat across its middle (so that deflate refers back across the
    /// place where the encoder cuts the rows into parts): random pixels, every alpha, stripes.
    static func repeatingCanvas(width: Int, height: Int, background: easel_color?) throws -> Canvas {
        let canvas = try Canvas(width: Double(width), height: Double(height), background: background, backing: .raster(scale: 1))
        var random = SplitMix64(state: 29)
        // A band of 7 rows of random colours and alphas, drawn again every 7 rows at the top and
        // around each quarter of the height.
        let bandWidth = min(width, 97)
        let quarters = (1..<4).map { height * $0 / 4 }
        let rows = (0..<height).filter { row in row < 14 || quarters.contains { abs(row - $0) < 14 } }
        for y in 0..<7 {
            for x in 0..<bandWidth {
                let fill = color(Double.random(in: 0...1, using: &random), Double.random(in: 0...1, using: &random),
                                 Double.random(in: 0...1, using: &random), Double.random(in: 0...1, using: &random))
                for row in rows where row % 7 == y {
                    canvas.fill(easel_rect(origin: easel_point(x: Double(x), y: Double(row)), size: easel_size(width: 1, height: 1)),
                                color: fill)
                }
            }
        }
        // Stripes of every alpha across the rest, and one line of noise at each quarter (where the parts meet).
        for x in stride(from: bandWidth, to: width, by: 3) {
            canvas.fill(easel_rect(origin: easel_point(x: Double(x), y: 0), size: easel_size(width: 2, height: Double(height))),
                        color: color(Double(x % 256) / 255, 0.5, 0.2, Double(x % 256) / 255))
        }
        for quarter in 1..<4 where height >= 4 {
            let y = height * quarter / 4
            for x in 0..<min(width, 600) {
                canvas.fill(easel_rect(origin: easel_point(x: Double(x), y: Double(y)), size: easel_size(width: 1, height: 1)),
                            color: color(Double.random(in: 0...1, using: &random), 0, 1, Double.random(in: 0...1, using: &random)))
            }
        }
        #expect(canvas.takeError() == nil)
        return canvas
    }

    @Test(
        """
        a large PNG (deflated in two or four parts on several cores, framed by libpng) decodes to exactly cairo's \
        pixels, has valid chunks and is the same bytes every time: tall and wide, RGBA and RGB, fast and default
        """,
        arguments: [(320, 400, false), (30000, 3, false), (320, 400, true), (2050, 2050, false)])
    func largePNGInParts(width: Int, height: Int, opaque: Bool) throws {
        let canvas = try Self.repeatingCanvas(width: width, height: height, background: opaque ? color(0.93, 0.95, 0.96) : nil)
        let expected = try canvas.rasterImage()
        for compression in [ImageEncoding.Compression.fast, .default] {
            let bytes = try canvas.encodedData(ImageEncoding(format: .png, compression: compression))
            #expect(pngColorType(bytes) == (opaque ? 2 : 6), "\(compression)")
            let chunks = try #require(Self.pngChunks(bytes), "a chunk's CRC or length is wrong (\(compression))")
            #expect(chunks.first?.type == "IHDR" && chunks.first?.length == 13)
            #expect(chunks.last?.type == "IEND" && chunks.last?.length == 0)
            #expect(chunks.dropFirst().dropLast().allSatisfy { $0.type == "IDAT" && $0.length <= 1 << 20 })
            #expect(try decodePNGWithSpng(bytes) == expected, "libspng, \(compression)")
            #expect(try RasterImage(pngData: bytes) == expected, "cairo's reader, \(compression)")
            #expect(try canvas.encodedData(ImageEncoding(format: .png, compression: compression)) == bytes, "\(compression)")
        }
    }

    @Test("an opaque drawing is written as an RGB PNG, as cairo does, with the same pixels")
    func opaquePNGIsRGB() throws {
        let canvas = try Self.opaqueCanvas()
        let bytes = try canvas.pngData()
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(pngColorType(bytes) == 2)
        #expect(pngColorType(try canvas.cairoPNGData()) == 2)
        #expect(try decodePNGWithSpng(bytes) == canvas.rasterImage())
    }

    @Test("JPEG: colours within a small error; what is not opaque is composited over white")
    func jpeg() throws {
        let bytes = try Self.opaqueCanvas().encodedData(ImageEncoding(format: .jpeg, quality: 95))
        #expect(Array(bytes.prefix(3)) == [0xFF, 0xD8, 0xFF])
        let image = try decodeJPEG(bytes)
        #expect(image.width == 64 && image.height == 32)
        #expect(image.pixel(x: 16, y: 16).isClose(to: RGBA(r: 255, g: 0, b: 0), tolerance: 4))
        #expect(image.pixel(x: 48, y: 16).isClose(to: RGBA(r: 0, g: 0, b: 255), tolerance: 4))
        #expect(image.pixel(x: 1, y: 1).isClose(to: RGBA(r: 255, g: 255, b: 255), tolerance: 8))

        // Half-transparent black over nothing: 50% grey over white; transparent: white.
        let translucent = try Canvas(width: 32, height: 16, backing: .raster(scale: 1))
        translucent.fill(easel_rect(origin: easel_point(x: 0, y: 0), size: easel_size(width: 16, height: 16)),
                         color: color(0, 0, 0, 0.5))
        let flattened = try decodeJPEG(translucent.encodedData(ImageEncoding(format: .jpeg, quality: 95)))
        #expect(flattened.pixel(x: 8, y: 8).isClose(to: RGBA(r: 127, g: 127, b: 127), tolerance: 3))
        #expect(flattened.pixel(x: 26, y: 8).isClose(to: RGBA(r: 255, g: 255, b: 255), tolerance: 3))
    }

    @Test("WebP: quality 100 is lossless, alpha included; a lower quality is close and smaller")
    func webp() throws {
        let canvas = try Self.translucentCanvas()
        let lossless = try canvas.encodedData(ImageEncoding(format: .webp, quality: 100))
        #expect(Array(lossless.prefix(4)) == Array("RIFF".utf8) && Array(lossless[8..<12]) == Array("WEBP".utf8))
        #expect(try decodeWebP(lossless) == canvas.rasterImage())

        let opaque = try Self.opaqueCanvas()
        let lossy = try opaque.encodedData(ImageEncoding(format: .webp, quality: 60))
        let image = try decodeWebP(lossy)
        #expect(image.pixel(x: 16, y: 16).isClose(to: RGBA(r: 255, g: 0, b: 0), tolerance: 12))
        #expect(image.pixel(x: 48, y: 16).isClose(to: RGBA(r: 0, g: 0, b: 255), tolerance: 12))
        #expect(lossy.count < (try opaque.encodedData(ImageEncoding(format: .webp, quality: 95))).count)
    }

    @Test("write(to:) picks PNG, JPEG or WebP by extension, in any case; other extensions and a bad quality are refused by name")
    func writeByExtension() throws {
        let canvas = try Self.opaqueCanvas()
        let folder = try Fixtures.makeTemporaryDirectory("encoding")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, magic) in [("a.png", [0x89, 0x50, 0x4E]), ("b.JPG", [0xFF, 0xD8, 0xFF]), ("c.jpeg", [0xFF, 0xD8, 0xFF]),
                              ("d.WebP", Array("RIF".utf8).map(Int.init))] {
            let path = folder.appendingPathComponent(name).path
            try canvas.write(to: path, compression: .fast, quality: 80)
            #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path)).prefix(3)) == magic.map(UInt8.init), "\(name)")
        }
        let gif = folder.appendingPathComponent("e.gif").path
        let error = try #require(throws: CanvasError.self) { try canvas.write(to: gif) }
        #expect(error.message == "cannot write \(gif): unsupported file extension; use .png, .jpg, .jpeg, .webp, .svg or .pdf")
        #expect(!FileManager.default.fileExists(atPath: gif))
        let jpg = folder.appendingPathComponent("f.jpg").path
        let quality = try #require(throws: CanvasError.self) { try canvas.write(to: jpg, quality: 0) }
        #expect(quality.message == "cannot write \(jpg): quality 0 is out of range; it must be between 1 and 100")
        let inMemory = try #require(throws: CanvasError.self) {
            try canvas.encodedData(ImageEncoding(format: .webp, quality: 101))
        }
        #expect(inMemory.message == "cannot encode WebP: quality 101 is out of range; it must be between 1 and 100")
    }
}
