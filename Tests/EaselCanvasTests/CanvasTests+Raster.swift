import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

// Canvas: the raster backing, clipping to regions, and RasterImage.

extension CanvasTests {
    // MARK: Raster backing

    @Test func rasterCanvasHasScaledPixelsAndCrispEdges() throws {
        let canvas = try Canvas(width: 50, height: 30, backing: .raster(scale: 2))
        #expect(canvas.backing == .raster(scale: 2))
        #expect(canvas.width == 50 && canvas.height == 30)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_fill_color?(ctx, redColor)
            api.fill_rect?(ctx, rect(10, 0, 1, 30))  // one point wide: pixels 20 and 21
            // Coordinates are in points: the transform is still the identity.
            let ctm = try #require(api.get_ctm?(ctx))
            #expect(ctm.a == 1 && ctm.d == 1 && ctm.tx == 0 && ctm.ty == 0)
        }
        #expect(canvas.takeError() == nil)
        let image = try canvas.rasterImage()
        #expect(image.width == 100 && image.height == 60)
        for y in [0, 30, 59] {
            #expect(image.pixel(x: 19, y: y) == transparent)
            #expect(image.pixel(x: 20, y: y) == red)
            #expect(image.pixel(x: 21, y: y) == red)
            #expect(image.pixel(x: 22, y: y) == transparent)
        }
        #expect(image.pixels.filter { $0 != transparent }.count == 2 * 60)
        // The PNG file and the PNG data hold the same pixels.
        #expect(try rendered(canvas, name: "raster-scale2") == image)
        #expect(try RasterImage(pngData: canvas.pngData()) == image)
        #expect(try RasterImage(pngData: canvas.pngData(scale: 2)) == image)
    }

    @Test func rasterSizeRoundsUp() throws {
        let canvas = try Canvas(width: 10.5, height: 10, backing: .raster(scale: 1.5))
        let image = try canvas.rasterImage()
        #expect(image.width == 16 && image.height == 15)
        #expect(image.pixels.allSatisfy { $0 == transparent })
    }

    /// Draws overlapping straight-edged shapes at fractional coordinates, as a plugin does.
    ///
    /// The coordinates are multiples of 1/8 point. A recording keeps
    /// coordinates in cairo's fixed point, 1/256 of a *point*, and a raster
    /// canvas 1/256 of a *pixel*; eighths are exact in both, at every scale
    /// tested, so the two backings see the same shapes.
    private static func drawStraightShapes(on canvas: Canvas) throws {
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_fill_color?(ctx, redColor)
            api.fill_rect?(ctx, rect(3.375, 4.625, 10.25, 5.625))
            api.set_fill_color?(ctx, color(0, 0.5, 1, 0.6))
            api.fill_rect?(ctx, rect(9.125, 2.875, 17.375, 11.5))
            api.set_stroke_color?(ctx, color(0, 0.6, 0))
            api.set_line_width?(ctx, 1.25)
            api.move_to?(ctx, 1.125, 18.625)
            api.add_line_to?(ctx, 38.75, 21.125)
            api.stroke_path?(ctx)
            api.translate?(ctx, 20.25, 15.5)
            api.stroke_rect?(ctx, rect(0.125, 0.375, 6.625, 3.25))
        }
        #expect(canvas.takeError() == nil)
    }

    @Test(arguments: [1.0, 1.5, 2, 3])
    func rasterMatchesTheRecordingRenderedAtTheSameScale(_ scale: Double) throws {
        let raster = try Canvas(width: 41, height: 23, backing: .raster(scale: scale))
        let recording = try Canvas(width: 41, height: 23)
        try Self.drawStraightShapes(on: raster)
        try Self.drawStraightShapes(on: recording)
        let expected = try recording.rasterImage(scale: scale)
        expectSameImage(try raster.rasterImage(), expected, tolerance: 1)
        #expect(expected.pixels.contains { $0 != transparent })
    }

    @Test func rasterBackgroundIsCompositedAtOutput() throws {
        let green = color(0, 1, 0)
        let raster = try Canvas(width: 20, height: 10, background: green, backing: .raster(scale: 2))
        let recording = try Canvas(width: 20, height: 10, background: green)
        for canvas in [raster, recording] {
            canvas.fill(rect(0, 0, 20, 10), color: color(1, 0, 0, 0.5))
            canvas.clear(rect(10, 0, 10, 10))
            canvas.fill(rect(15, 0, 5, 10), color: blueColor)
        }
        #expect(raster.takeError() == nil)
        let image = try raster.rasterImage()
        expectPixel(image, 5, 5, RGBA(r: 128, g: 127, b: 0))  // half red over green
        expectPixel(image, 25, 5, RGBA(r: 0, g: 255, b: 0))  // cleared: the background again
        expectPixel(image, 35, 5, blue)
        expectSameImage(image, try recording.rasterImage(scale: 2), tolerance: 1)
        expectSameImage(try rendered(raster), image)
    }

    /// A frame of a tiny view hierarchy: a backdrop, a circle and a square at `squareX`.
    private static func drawFrame(on canvas: Canvas, squareX: Double) {
        canvas.fill(rect(0, 0, 60, 40), color: color(0.9, 0.9, 0.2))
        canvas.saveState()
        canvas.withCurrentContext {
            let api = Canvas.graphicsAPI.pointee
            let ctx = canvas.context
            api.set_fill_color?(ctx, color(0.2, 0.3, 0.8, 0.7))
            api.add_ellipse_in_rect?(ctx, rect(5.5, 3.25, 40.3, 31.1))
            api.fill_path?(ctx, Int32(EASEL_FILL_NONZERO))
        }
        canvas.fill(rect(squareX, 12.4, 8.7, 8.7), color: redColor)
        canvas.restoreState()
    }

    @Test func clearingAndRedrawingARegionMatchesDrawingAfresh() throws {
        let repainted = try Canvas(width: 60, height: 40, background: whiteColor, backing: .raster(scale: 2))
        Self.drawFrame(on: repainted, squareX: 10.3)
        // The square moves: repaint the pixel-aligned rectangle around its old and new places.
        let dirty = rect(10, 12, 25, 9.5)
        repainted.saveState()
        repainted.clip(to: dirty)
        repainted.clear(dirty)
        Self.drawFrame(on: repainted, squareX: 25.9)
        repainted.restoreState()
        #expect(repainted.takeError() == nil)

        let fresh = try Canvas(width: 60, height: 40, background: whiteColor, backing: .raster(scale: 2))
        Self.drawFrame(on: fresh, squareX: 25.9)
        expectSameImage(try repainted.rasterImage(), try fresh.rasterImage())
    }

    @Test func rasterCanvasWritesPNGOnly() throws {
        let canvas = try Canvas(width: 10, height: 10, backing: .raster(scale: 2))
        for name in ["picture.svg", "picture.PDF"] {
            let path = outputPath("\(UUID().uuidString)-\(name)")
            let error = try #require(throws: CanvasError.self) { try canvas.write(to: path) }
            #expect(
                error.message
                    == "cannot write \(path): a raster canvas can only be written as PNG, JPEG or WebP; "
                    + "create the canvas with the recording backing to write SVG or PDF")
            #expect(error.path == path)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
        // The extension is checked first.
        let bmp = outputPath("picture.bmp")
        let error = try #require(throws: CanvasError.self) { try canvas.write(to: bmp) }
        #expect(error.message.contains("unsupported file extension"))
    }

    @Test func rasterCanvasIsWrittenAtItsOwnScaleOnly() throws {
        let canvas = try Canvas(width: 10, height: 10, backing: .raster(scale: 2))
        let path = outputPath("\(UUID().uuidString).png")
        let error = try #require(throws: CanvasError.self) { try canvas.write(to: path, scale: 3) }
        #expect(
            error.message
                == "cannot write \(path): scale 3.0 differs from the raster canvas's scale 2.0; "
                + "omit the scale, or create the canvas with the recording backing to write at any scale")
        #expect(!FileManager.default.fileExists(atPath: path))
        let pngError = try #require(throws: CanvasError.self) { try canvas.pngData(scale: 1) }
        #expect(pngError.message.hasPrefix("cannot encode PNG: scale 1.0 differs from the raster canvas's scale 2.0"))
        let imageError = try #require(throws: CanvasError.self) { try canvas.rasterImage(scale: 4) }
        #expect(imageError.message.hasPrefix("cannot render image: scale 4.0 differs from the raster canvas's scale 2.0"))
        for scale in [0.0, -1, .nan, .infinity] {
            #expect(throws: CanvasError.self) { try canvas.rasterImage(scale: scale) }
        }
        #expect(try canvas.rasterImage(scale: 2).width == 20)
    }

    @Test func recordingCanvasRastersAtAnyScale() throws {
        let canvas = try Canvas(width: 10, height: 8, background: whiteColor)
        #expect(canvas.backing == .recording)
        canvas.fill(rect(0, 0, 5, 8), color: redColor)
        let single = try canvas.rasterImage()
        #expect(single.width == 10 && single.height == 8)
        expectSameImage(single, try rendered(canvas))
        let triple = try canvas.rasterImage(scale: 3)
        #expect(triple.width == 30 && triple.height == 24)
        expectPixel(triple, 14, 10, red)
        expectPixel(triple, 15, 10, white)
        #expect(throws: CanvasError.self) { try canvas.rasterImage(scale: .nan) }
    }

    @Test(arguments: [0.0, -2, .nan, .infinity, -.infinity])
    func invalidRasterScaleThrows(_ scale: Double) throws {
        let error = try #require(throws: CanvasError.self) {
            try Canvas(width: 10, height: 10, backing: .raster(scale: scale))
        }
        #expect(error.message == "invalid raster scale \(scale): it must be finite and greater than 0")
    }

    @Test func rasterCanvasTooManyPixelsThrows() throws {
        let error = try #require(throws: CanvasError.self) {
            try Canvas(width: 20_000, height: 10, backing: .raster(scale: 2))
        }
        #expect(
            error.message
                == "invalid raster canvas: 20000.0 x 10.0 points at scale 2.0 make 40000 x 20 pixels; "
                + "a side must be 1 to 32767 pixels")
        #expect(throws: CanvasError.self) { try Canvas(width: 10, height: 10, backing: .raster(scale: 1e300)) }
        // The largest canvas of one pixel a side.
        let tiny = try Canvas(width: 0.25, height: 0.25, backing: .raster(scale: 2))
        #expect(try tiny.rasterImage().width == 1)
    }

    @Test func lineWidthLimitCountsTheRasterScale() throws {
        let canvas = try Canvas(width: 10, height: 10, backing: .raster(scale: 4))
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_line_width?(ctx, 5e7)  // 2e8 pixels
            api.move_to?(ctx, 0, 0)
            api.add_line_to?(ctx, 10, 10)
            api.stroke_path?(ctx)
        }
        let error = try #require(canvas.takeError())
        #expect(error.message.hasPrefix("stroke_path: line width 50000000.0 is too large"), "\(error)")
    }

    // MARK: Clipping to regions

    @Test(arguments: [Canvas.Backing.recording, .raster(scale: 2)])
    func clipToRectsPaintsOnlyInsideTheRectangles(_ backing: Canvas.Backing) throws {
        let canvas = try Canvas(width: 20, height: 15, backing: backing)
        canvas.saveState()
        canvas.clip(toRects: [rect(2, 2, 6, 4), rect(12, 6, 5, 5)])
        canvas.fill(rect(0, 0, 20, 15), color: redColor)
        canvas.restoreState()
        // The clip went with the restored state.
        canvas.fill(rect(0, 14, 20, 1), color: blueColor)
        #expect(canvas.takeError() == nil)
        let scale = canvas.backing == .recording ? 1 : 2
        let image = try canvas.rasterImage()
        #expect(image.width == 20 * scale && image.height == 15 * scale)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let (px, py) = (Double(x) / Double(scale), Double(y) / Double(scale))
                let inside = (2..<8).contains(px) && (2..<6).contains(py) || (12..<17).contains(px) && (6..<11).contains(py)
                let expected = py >= 14 ? blue : inside ? red : transparent
                #expect(image.pixel(x: x, y: y) == expected, "(\(x), \(y))")
            }
        }
    }

    @Test func clipToRectsAddsOverlapsWhateverTheWinding() throws {
        let canvas = try Canvas(width: 20, height: 20, backing: .raster(scale: 2))
        // The second rectangle is given right to left and bottom to top.
        canvas.clip(toRects: [rect(2, 2, 8, 8), rect(14, 14, -8, -8)])
        canvas.fill(rect(0, 0, 20, 20), color: redColor)
        let image = try canvas.rasterImage()
        expectPixel(image, 10, 10, red, tolerance: 0)  // only the first
        expectPixel(image, 16, 16, red, tolerance: 0)  // both overlap: still painted
        expectPixel(image, 24, 24, red, tolerance: 0)  // only the second
        expectPixel(image, 26, 10, transparent, tolerance: 0)
        expectPixel(image, 2, 2, transparent, tolerance: 0)
    }

    @Test func clipToNoRectsClipsEverythingAway() throws {
        let canvas = try Canvas(width: 10, height: 10, backing: .raster(scale: 2))
        canvas.clip(toRects: [])
        canvas.fill(rect(0, 0, 10, 10), color: redColor)
        #expect(canvas.takeError() == nil)
        #expect(try canvas.rasterImage().pixels.allSatisfy { $0 == transparent })
    }

    @Test func clipToRectsRejectsNonFiniteRectangles() throws {
        let canvas = try Canvas(width: 10, height: 10, backing: .raster(scale: 2))
        canvas.clip(toRects: [rect(0, 0, 5, 5), rect(1, .nan, 2, 2)])
        let error = try #require(canvas.takeError())
        #expect(error.message == "clip_to_rects: non-finite value nan")
        #expect(error.operation == "clip_to_rects")
    }

    /// Expects two rectangles to be equal within floating-point noise.
    private func expectRect(
        _ actual: easel_rect, _ expected: easel_rect, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let pairs = [
            (actual.origin.x, expected.origin.x), (actual.origin.y, expected.origin.y),
            (actual.size.width, expected.size.width), (actual.size.height, expected.size.height),
        ]
        #expect(pairs.allSatisfy { abs($0 - $1) < 1e-12 }, "\(actual) vs \(expected)", sourceLocation: sourceLocation)
    }

    @Test func alignToPixelsRoundsOutwardToDevicePixels() throws {
        let double = try Canvas(width: 100, height: 100, backing: .raster(scale: 2))
        expectRect(double.alignToPixels(rect(1.2, 3.7, 2.1, 0.2)), rect(1, 3.5, 2.5, 0.5))
        expectRect(double.alignToPixels(rect(1.5, 2, 0.5, 3)), rect(1.5, 2, 0.5, 3))  // already aligned
        expectRect(double.alignToPixels(rect(5, 5, -2, -1.2)), rect(3, 3.5, 2, 1.5))  // standardised

        let triple = try Canvas(width: 100, height: 100, backing: .raster(scale: 3))
        expectRect(triple.alignToPixels(rect(0.1, 0.5, 1, 1.0 / 3)), rect(0, 1.0 / 3, 4.0 / 3, 2.0 / 3))
        expectRect(triple.alignToPixels(rect(1.0 / 3, 2.0 / 3, 1.0 / 3, 1)), rect(1.0 / 3, 2.0 / 3, 1.0 / 3, 1))
        // The aligned edges are whole pixels at scale 3.
        let aligned = triple.alignToPixels(rect(10.05, 20.9, 7.77, 3.01))
        for edge in [aligned.origin.x, aligned.origin.y, aligned.origin.x + aligned.size.width,
                     aligned.origin.y + aligned.size.height] {
            #expect(abs(edge * 3 - (edge * 3).rounded()) < 1e-9, "\(edge)")
        }

        // Rounding noise does not add a pixel: 0.6 * 10 is 6.000000000000001.
        let ten = try Canvas(width: 10, height: 10, backing: .raster(scale: 10))
        expectRect(ten.alignToPixels(rect(0.1, 0.2, 0.3, 0.4)), rect(0.1, 0.2, 0.3, 0.4))

        let recording = try Canvas(width: 100, height: 100)
        expectRect(recording.alignToPixels(rect(1.2, 3.7, 2.1, 0.2)), rect(1, 3, 3, 1))

        // Empty and non-finite rectangles come back unchanged.
        expectRect(double.alignToPixels(rect(1.25, 1, 0, 5)), rect(1.25, 1, 0, 5))
        let nan = double.alignToPixels(rect(.nan, 1, 2, 2))
        #expect(nan.origin.x.isNaN && nan.origin.y == 1 && nan.size.width == 2)
        #expect(double.alignToPixels(rect(0, 0, .infinity, 1)).size.width == .infinity)
    }

    @Test func repaintingAlignedDirtyRectsMatchesDrawingAfresh() throws {
        /// Two views that move between frames, over a backdrop.
        func drawFrame(on canvas: Canvas, offset: Double) {
            canvas.fill(rect(0, 0, 50, 30), color: color(0.3, 0.8, 0.4))
            canvas.fill(rect(3.1 + offset, 4.35, 7.2, 6.6), color: color(1, 0, 0, 0.7))
            canvas.fill(rect(30.45, 15.05 + offset, 9.9, 5.3), color: blueColor)
        }
        let oldOffset = 0.0
        let newOffset = 2.7
        let repainted = try Canvas(width: 50, height: 30, background: whiteColor, backing: .raster(scale: 3))
        drawFrame(on: repainted, offset: oldOffset)
        // The dirty rects: where each view was and now is.
        let dirty = [
            rect(3.1 + oldOffset, 4.35, 7.2 + newOffset - oldOffset, 6.6),
            rect(30.45, 15.05 + oldOffset, 9.9, 5.3 + newOffset - oldOffset),
        ].map(repainted.alignToPixels)
        repainted.saveState()
        repainted.clip(toRects: dirty)
        repainted.clear(rect(0, 0, 50, 30))
        drawFrame(on: repainted, offset: newOffset)
        repainted.restoreState()
        #expect(repainted.takeError() == nil)

        let fresh = try Canvas(width: 50, height: 30, background: whiteColor, backing: .raster(scale: 3))
        drawFrame(on: fresh, offset: newOffset)
        expectSameImage(try repainted.rasterImage(), try fresh.rasterImage())

        // Without aligning, the clip cuts edge pixels and the repaint shows seams.
        let seamed = try Canvas(width: 50, height: 30, background: whiteColor, backing: .raster(scale: 3))
        drawFrame(on: seamed, offset: oldOffset)
        seamed.clip(toRects: [rect(3.1, 4.35, 9.9, 6.6), rect(30.45, 15.05, 9.9, 8)])
        seamed.clear(rect(0, 0, 50, 30))
        drawFrame(on: seamed, offset: newOffset)
        #expect(try seamed.rasterImage() != fresh.rasterImage())
    }

    // MARK: RasterImage

    @Test func rasterImageRoundTrips() throws {
        let pixels = [
            red, RGBA(r: 0, g: 255, b: 0), blue, transparent,
            RGBA(r: 255, g: 0, b: 0, a: 128), RGBA(r: 10, g: 20, b: 30, a: 200), white, black,
        ]
        let image = RasterImage(width: 4, height: 2, pixels: pixels)
        #expect(image.pixel(x: 2, y: 0) == blue)
        #expect(image.pixel(x: 1, y: 1).isClose(to: RGBA(r: 10, g: 20, b: 30, a: 200), tolerance: 0))
        let path = outputPath("\(UUID().uuidString).png")
        try image.write(to: path)
        defer {
            if !keepOutput { try? FileManager.default.removeItem(atPath: path) }
        }
        let file = try RasterImage(contentsOfPNG: path)
        let memory = try RasterImage(pngData: image.pngData())
        for decoded in [file, memory] {
            #expect(decoded.width == 4 && decoded.height == 2)
            for (index, pixel) in pixels.enumerated() {
                #expect(decoded.pixels[index].isClose(to: pixel, tolerance: 1), "\(index): \(decoded.pixels[index])")
            }
        }
    }

    @Test func rasterImageErrors() throws {
        let missing = outputPath("no-such-file.png")
        let error = try #require(throws: CanvasError.self) { try RasterImage(contentsOfPNG: missing) }
        #expect(error.message.contains(missing))
        #expect(error.status == .fileNotFound)
        #expect(throws: CanvasError.self) { try RasterImage(pngData: [1, 2, 3]) }
        #expect(throws: CanvasError.self) { try RasterImage(pngData: []) }
    }

    @Test func rgbaCloseness() {
        let a = RGBA(r: 100, g: 100, b: 100, a: 255)
        #expect(a.isClose(to: RGBA(r: 103, g: 97, b: 100, a: 252), tolerance: 3))
        #expect(!a.isClose(to: RGBA(r: 104, g: 100, b: 100, a: 255), tolerance: 3))
        #expect(a.description == "rgba(100, 100, 100, 255)")
    }
}
