import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

// Canvas: text, and the PNG, SVG and PDF files a canvas writes.

extension CanvasTests {
    // MARK: Text

    @Test func measureAndShowText() throws {
        let canvas = try Canvas(width: 200, height: 100, background: whiteColor)
        var measured = easel_size()
        try drawAsPlugin(on: canvas) { api, ctx in
            let small = try #require(api.measure_text?(ctx, "Hello"))
            #expect(small.width > 0 && small.height > 0)
            api.set_font?(ctx, "Sans", 24)
            measured = try #require(api.measure_text?(ctx, "Hello"))
            #expect(measured.width > small.width && measured.height > small.height)
            api.show_text?(ctx, "Hello", 10, 50)
            // show_text leaves no path behind: this fill paints nothing.
            api.set_fill_color?(ctx, redColor)
            api.fill_path?(ctx, Int32(EASEL_FILL_NONZERO))
        }
        #expect(canvas.takeError() == nil)
        let image = try rendered(canvas, name: "text")
        var darkInside = 0
        var paintedOutside = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                let inside =
                    Double(x) >= 10 && Double(x) <= 10 + measured.width
                    && Double(y) >= 50 - measured.height && Double(y) <= 50 + measured.height / 2
                if pixel.r < 128 && pixel.g < 128 && pixel.b < 128 && inside {
                    darkInside += 1
                }
                if !inside && pixel != white {
                    paintedOutside += 1
                }
            }
        }
        #expect(darkInside > 50)
        #expect(paintedOutside == 0)
        #expect(!image.pixels.contains { $0.isClose(to: red, tolerance: 40) })
    }

    @Test func hostTextConveniences() throws {
        let canvas = try Canvas(width: 100, height: 40, background: whiteColor)
        canvas.setFont("Sans", size: 20)
        let size = canvas.measureText("Hi")
        #expect(size.width > 0)
        canvas.showText("Hi", x: 5, y: 30)
        #expect(canvas.takeError() == nil)
        let image = try rendered(canvas)
        #expect(image.pixels.contains { $0.r < 100 })
    }

    // MARK: Output

    @Test func pngAtScaleTwoDoublesEveryCoordinate() throws {
        let canvas = try Canvas(width: 50, height: 40)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_fill_color?(ctx, redColor)
            api.fill_rect?(ctx, rect(10, 10, 20, 20))
            api.set_fill_color?(ctx, blueColor)
            api.fill_rect?(ctx, rect(35, 5, 10, 30))
        }
        let single = try rendered(canvas, scale: 1)
        let double = try rendered(canvas, scale: 2, name: "scale2")
        #expect(single.width == 50 && single.height == 40)
        #expect(double.width == 100 && double.height == 80)
        expectPixel(double, 30, 30, red)
        expectPixel(double, 19, 19, transparent)
        expectPixel(double, 21, 21, red)
        expectPixel(double, 80, 60, blue)
        for y in 0..<single.height {
            for x in 0..<single.width {
                let small = single.pixel(x: x, y: y)
                for (dx, dy) in [(0, 0), (1, 1)] {
                    let big = double.pixel(x: 2 * x + dx, y: 2 * y + dy)
                    #expect(big.isClose(to: small, tolerance: 3), "(\(x), \(y)): \(small) vs \(big)")
                }
            }
        }
    }

    @Test func pngSizeRoundsUp() throws {
        let canvas = try Canvas(width: 10.5, height: 10)
        let image = try rendered(canvas, scale: 1.5)
        #expect(image.width == 16 && image.height == 15)
    }

    @Test func pngDataMatchesTheFile() throws {
        let canvas = try Canvas(width: 30, height: 20, background: color(0, 1, 0))
        canvas.fill(rect(5, 5, 10, 10), color: redColor)
        let data = try canvas.pngData(scale: 2)
        #expect(Array(data.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        let fromData = try RasterImage(pngData: data)
        let fromFile = try rendered(canvas, scale: 2)
        #expect(fromData == fromFile)
        #expect(fromData.width == 60)
        expectPixel(fromData, 20, 20, red)
        expectPixel(fromData, 50, 5, RGBA(r: 0, g: 255, b: 0))
    }

    @Test func svgAndPDFFromTheSameCanvas() throws {
        let canvas = try Canvas(width: 100, height: 80, background: whiteColor)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_fill_color?(ctx, redColor)
            api.add_ellipse_in_rect?(ctx, rect(10, 10, 60, 40))
            api.fill_path?(ctx, Int32(EASEL_FILL_NONZERO))
            api.set_stroke_color?(ctx, blueColor)
            api.stroke_rect?(ctx, rect(5, 5, 90, 70))
            api.show_text?(ctx, "Easel", 20, 70)
        }
        let svgPath = outputPath("\(UUID().uuidString).svg")
        let pdfPath = outputPath("\(UUID().uuidString).PDF")  // the extension's case does not matter
        try canvas.write(to: svgPath, scale: 2)
        try canvas.write(to: pdfPath)
        defer {
            if !keepOutput {
                try? FileManager.default.removeItem(atPath: svgPath)
                try? FileManager.default.removeItem(atPath: pdfPath)
            }
        }
        let svg = try #require(FileManager.default.contents(atPath: svgPath))
        let pdf = try #require(FileManager.default.contents(atPath: pdfPath))
        let svgText = String(decoding: svg, as: UTF8.self)
        #expect(svgText.hasPrefix("<?xml") || svgText.contains("<svg"))
        #expect(svgText.contains("200pt") || svgText.contains("\"200\""))  // width 100 at scale 2
        #expect(svg.count > 200)
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
        #expect(pdf.count > 200)
        // The canvas still renders after the vector outputs.
        let image = try rendered(canvas)
        expectPixel(image, 40, 30, red)
    }

    @Test(arguments: ["picture.bmp", "picture", "archive.png.bmp", "dir.png/file"])
    func unsupportedExtensionNamesThePath(_ name: String) throws {
        let canvas = try Canvas(width: 10, height: 10)
        let path = outputPath(name)
        let error = try #require(throws: CanvasError.self) { try canvas.write(to: path) }
        #expect(error.message.contains(path))
        #expect(error.message.contains(".png"))
        #expect(error.path == path)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func unwritablePathNamesThePathAndCairosStatus() throws {
        let canvas = try Canvas(width: 10, height: 10)
        // A raster image is encoded first, then written: the system's reason.
        for name in ["out.png", "out.jpg", "out.webp"] {
            let path = "/nonexistent-easel-dir/\(name)"
            let error = try #require(throws: CanvasError.self) { try canvas.write(to: path) }
            #expect(error.message == "cannot write \(path): No such file or directory")
            #expect(error.path == path)
        }
        for name in ["out.svg", "out.pdf"] {
            let path = "/nonexistent-easel-dir/\(name)"
            let error = try #require(throws: CanvasError.self) { try canvas.write(to: path) }
            #expect(error.message.contains(path))
            #expect(error.status != nil)
            #expect(error.status.map { error.message.contains($0.description) } == true)
        }
    }

    @Test(arguments: [0.0, -1, .nan, .infinity, 10_000])
    func invalidScaleIsAnError(_ scale: Double) throws {
        let canvas = try Canvas(width: 10, height: 10)
        #expect(throws: CanvasError.self) { try canvas.write(to: outputPath("bad-scale.png"), scale: scale) }
        #expect(throws: CanvasError.self) { try canvas.pngData(scale: scale) }
    }
}
