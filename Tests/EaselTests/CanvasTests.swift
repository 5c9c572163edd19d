import EaselABI
import EaselCanvas
import Foundation
import Testing

// Every drawing test draws through the C function table exactly as a plugin
// does (`Canvas.graphicsAPI`, the handle from `current_context()` inside
// `withCurrentContext`), writes a real PNG file, reads it back and checks
// pixels at known coordinates.
//
// Set EASEL_TEST_OUTPUT=/some/dir to keep the PNG files for inspection.

// MARK: - Helpers

private func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> easel_rect {
    easel_rect(origin: easel_point(x: x, y: y), size: easel_size(width: width, height: height))
}

private func color(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) -> easel_color {
    easel_color(red: red, green: green, blue: blue, alpha: alpha)
}

private let redColor = color(1, 0, 0)
private let blueColor = color(0, 0, 1)
private let whiteColor = color(1, 1, 1)

private let red = RGBA(r: 255, g: 0, b: 0)
private let blue = RGBA(r: 0, g: 0, b: 255)
private let white = RGBA(r: 255, g: 255, b: 255)
private let black = RGBA(r: 0, g: 0, b: 0)
private let transparent = RGBA(r: 0, g: 0, b: 0, a: 0)

/// Draws on `canvas` as a plugin does: through the C table, with the handle
/// that `current_context()` returns while the canvas is current.
private func drawAsPlugin(
    on canvas: Canvas, _ body: (easel_graphics_api, OpaquePointer) throws -> Void
) throws {
    try canvas.withCurrentContext {
        let api = Canvas.graphicsAPI.pointee
        let context = try #require(api.current_context?())
        #expect(context == canvas.context)
        try body(api, context)
    }
}

/// Where test output goes: EASEL_TEST_OUTPUT if set (files are kept), else a
/// temporary directory (files are removed after reading).
private let outputDirectory: String = {
    let directory =
        ProcessInfo.processInfo.environment["EASEL_TEST_OUTPUT"]
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("easel-canvas-tests").path
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
}()

private let keepOutput = ProcessInfo.processInfo.environment["EASEL_TEST_OUTPUT"] != nil

private func outputPath(_ name: String) -> String {
    "\(outputDirectory)/\(name)"
}

/// Writes `canvas` to a PNG file, reads it back and removes it (unless kept).
///
/// `scale` `nil` is the canvas's own scale: 1 for a recording, the raster scale.
private func rendered(_ canvas: Canvas, scale: Double? = nil, name: String = UUID().uuidString) throws -> RasterImage {
    let path = outputPath("\(name).png")
    try canvas.write(to: path, scale: scale)
    defer {
        if !keepOutput { try? FileManager.default.removeItem(atPath: path) }
    }
    return try RasterImage(contentsOfPNG: path)
}

/// Checks that the pixel at (x, y) is close to `expected`.
private func expectPixel(
    _ image: RasterImage, _ x: Int, _ y: Int, _ expected: RGBA, tolerance: Int = 3,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = image.pixel(x: x, y: y)
    #expect(
        actual.isClose(to: expected, tolerance: tolerance), "pixel (\(x), \(y)) is \(actual), expected \(expected)",
        sourceLocation: sourceLocation)
}

/// A pixel's components premultiplied by its alpha, as cairo stores them.
///
/// Unpremultiplying magnifies cairo's rounding in faint pixels (alpha 5 with
/// green 153 or 128 is the same stored value, give or take one), so images
/// drawn along different paths are compared premultiplied.
private func premultiplied(_ pixel: RGBA) -> [Int] {
    let alpha = Int(pixel.a)
    return [Int(pixel.r), Int(pixel.g), Int(pixel.b)].map { ($0 * alpha + 127) / 255 } + [alpha]
}

/// Checks that two images have the same size and, premultiplied, pixels
/// within `tolerance`, reporting the first few differences.
private func expectSameImage(
    _ actual: RasterImage, _ expected: RasterImage, tolerance: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        actual.width == expected.width && actual.height == expected.height,
        "\(actual.width) x \(actual.height) vs \(expected.width) x \(expected.height)",
        sourceLocation: sourceLocation)
    guard actual.width == expected.width && actual.height == expected.height else { return }
    var differences: [String] = []
    for y in 0..<actual.height {
        for x in 0..<actual.width
        where zip(premultiplied(actual.pixel(x: x, y: y)), premultiplied(expected.pixel(x: x, y: y)))
            .contains(where: { abs($0 - $1) > tolerance })
        {
            differences.append("(\(x), \(y)): \(actual.pixel(x: x, y: y)) vs \(expected.pixel(x: x, y: y))")
        }
    }
    #expect(
        differences.isEmpty, "\(differences.count) pixels differ: \(differences.prefix(5).joined(separator: "; "))",
        sourceLocation: sourceLocation)
}

/// Whether a pixel has visible, mostly opaque paint.
private func isPainted(_ pixel: RGBA) -> Bool {
    pixel.a > 200
}

// MARK: - Tests

@Suite("Canvas")
struct CanvasTests {

    // MARK: The graphics table

    @Test func graphicsTableHeader() {
        let api = Canvas.graphicsAPI.pointee
        #expect(api.abi_version == UInt32(EASEL_ABI_VERSION_MAJOR) << 16 | UInt32(EASEL_ABI_VERSION_MINOR))
        #expect(api.struct_size == UInt32(MemoryLayout<easel_graphics_api>.size))
    }

    @Test func currentContextNestsAndIsNilOutside() throws {
        let api = Canvas.graphicsAPI.pointee
        let outer = try Canvas(width: 10, height: 10)
        let inner = try Canvas(width: 10, height: 10)
        #expect(api.current_context?() == nil)
        outer.withCurrentContext {
            #expect(api.current_context?() == outer.context)
            inner.withCurrentContext {
                #expect(api.current_context?() == inner.context)
            }
            #expect(api.current_context?() == outer.context)
        }
        #expect(api.current_context?() == nil)
    }

    @Test func nullAndUnknownContextsAreIgnored() throws {
        let api = Canvas.graphicsAPI.pointee
        let bogus = OpaquePointer(bitPattern: 0x1234)
        for context in [nil, bogus] {
            api.save_state?(context)
            api.restore_state?(context)
            api.fill_rect?(context, rect(0, 0, 10, 10))
            api.show_text?(context, nil, 0, 0)
            api.set_line_dash?(context, 0, nil, 5)
            let ctm = try #require(api.get_ctm?(context))
            #expect(ctm.a == 0 && ctm.d == 0 && ctm.tx == 0)
            let size = try #require(api.measure_text?(context, "Hello"))
            #expect(size.width == 0 && size.height == 0)
        }
    }

    @Test func resolveAcceptsTheCurrentAndLiveCanvasesOnly() throws {
        let outer = try Canvas(width: 10, height: 10)
        let inner = try Canvas(width: 10, height: 10)
        // Memory that is certainly not a canvas, held for the whole test.
        let garbage = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        defer { garbage.deallocate() }
        let garbageHandle = OpaquePointer(garbage)
        // A canvas that has been freed.
        let stale = try Canvas(width: 10, height: 10).context

        #expect(Canvas.resolve(nil) == nil)
        #expect(Canvas.resolve(garbageHandle) == nil)
        #expect(Canvas.resolve(stale) == nil)
        #expect(Canvas.resolve(outer.context) === outer)
        outer.withCurrentContext {
            // The fast path: the current context.
            #expect(Canvas.resolve(Canvas.currentContext) === outer)
            inner.withCurrentContext {
                #expect(Canvas.resolve(inner.context) === inner)
                // The slow path: live, but not current.
                #expect(Canvas.resolve(outer.context) === outer)
                #expect(Canvas.resolve(garbageHandle) == nil)
                #expect(Canvas.resolve(stale) == nil)
                #expect(Canvas.resolve(nil) == nil)
            }
            #expect(Canvas.resolve(outer.context) === outer)
        }
        #expect(Canvas.currentContext == nil)
        #expect(Canvas.resolve(garbageHandle) == nil)
    }

    @Test(arguments: [0.0, -1, .nan, .infinity, 40_000])
    func invalidCanvasSizeThrows(_ size: Double) {
        #expect(throws: CanvasError.self) { try Canvas(width: size, height: 10) }
        #expect(throws: CanvasError.self) { try Canvas(width: 10, height: size) }
    }

    // MARK: Painting

    @Test func fillRectPaintsTheFillColourWithTheOriginAtTheTopLeft() throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_fill_color?(ctx, redColor)
            api.fill_rect?(ctx, rect(0, 0, 10, 10))
            api.set_fill_color?(ctx, blueColor)
            api.fill_rect?(ctx, rect(60, 70, 30, 20))
        }
        #expect(canvas.takeError() == nil)
        let image = try rendered(canvas, name: "orientation")
        #expect(image.width == 100 && image.height == 100)
        expectPixel(image, 2, 2, red)
        expectPixel(image, 2, 97, transparent)  // y points down
        expectPixel(image, 97, 2, transparent)
        expectPixel(image, 75, 80, blue)
        expectPixel(image, 59, 80, transparent)
        expectPixel(image, 75, 91, transparent)
        expectPixel(image, 50, 50, transparent)
    }

    @Test func defaultColoursAreBlack() throws {
        let canvas = try Canvas(width: 40, height: 40, background: whiteColor)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.fill_rect?(ctx, rect(0, 0, 20, 40))
            api.set_line_width?(ctx, 4)
            api.move_to?(ctx, 30, 0)
            api.add_line_to?(ctx, 30, 40)
            api.stroke_path?(ctx)
        }
        let image = try rendered(canvas)
        expectPixel(image, 10, 20, black)
        expectPixel(image, 30, 20, black)
        expectPixel(image, 25, 20, white)
    }

    @Test func fillAndStrokeColoursAreSeparate() throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_fill_color?(ctx, redColor)
            api.set_stroke_color?(ctx, blueColor)
            api.set_line_width?(ctx, 4)
            api.fill_rect?(ctx, rect(20, 20, 60, 60))
            api.stroke_rect?(ctx, rect(20, 20, 60, 60))
        }
        let image = try rendered(canvas)
        expectPixel(image, 50, 50, red)  // centre: fill
        expectPixel(image, 20, 50, blue)  // on the edge: stroke, 18...22
        expectPixel(image, 19, 50, blue)
        expectPixel(image, 50, 79, blue)
        expectPixel(image, 23, 50, red)  // just inside the stroke
        expectPixel(image, 16, 50, transparent)  // just outside
    }

    @Test func fillPathFillsAndConsumesThePath() throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_fill_color?(ctx, redColor)
            api.move_to?(ctx, 10, 10)
            api.add_line_to?(ctx, 90, 10)
            api.add_line_to?(ctx, 10, 90)
            api.close_path?(ctx)
            api.fill_path?(ctx, Int32(EASEL_FILL_NONZERO))
            // The path is gone: stroking now draws nothing.
            api.set_stroke_color?(ctx, blueColor)
            api.set_line_width?(ctx, 10)
            api.stroke_path?(ctx)
        }
        let image = try rendered(canvas)
        expectPixel(image, 25, 25, red)
        expectPixel(image, 75, 75, transparent)
        expectPixel(image, 50, 10, red)  // the top edge was not stroked blue
    }

    @Test func fillRectLeavesThePathEmpty() throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.add_rect?(ctx, rect(60, 60, 30, 30))
            api.set_fill_color?(ctx, redColor)
            api.fill_rect?(ctx, rect(0, 0, 20, 20))
            api.set_fill_color?(ctx, blueColor)
            api.fill_path?(ctx, Int32(EASEL_FILL_NONZERO))
        }
        let image = try rendered(canvas)
        expectPixel(image, 10, 10, red)
        expectPixel(image, 75, 75, transparent)
    }

    @Test func saveAndRestoreRestoreColoursAndTransform() throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_fill_color?(ctx, redColor)
            api.save_state?(ctx)
            #expect(canvas.stateDepth == 1)
            api.set_fill_color?(ctx, blueColor)
            api.translate?(ctx, 50, 0)
            api.fill_rect?(ctx, rect(0, 0, 10, 10))
            api.restore_state?(ctx)
            #expect(canvas.stateDepth == 0)
            let ctm = try #require(api.get_ctm?(ctx))
            #expect(ctm.a == 1 && ctm.b == 0 && ctm.c == 0 && ctm.d == 1 && ctm.tx == 0 && ctm.ty == 0)
            api.fill_rect?(ctx, rect(0, 0, 10, 10))
        }
        #expect(canvas.takeError() == nil)
        let image = try rendered(canvas)
        expectPixel(image, 55, 5, blue)
        expectPixel(image, 5, 5, red)
    }

    @Test func translateAndScalePositionARect() throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_fill_color?(ctx, redColor)
            api.translate?(ctx, 10, 20)
            api.scale?(ctx, 2, 3)
            api.fill_rect?(ctx, rect(0, 0, 10, 10))  // x 10...30, y 20...50
        }
        let image = try rendered(canvas)
        expectPixel(image, 11, 21, red)
        expectPixel(image, 28, 48, red)
        expectPixel(image, 31, 25, transparent)
        expectPixel(image, 15, 51, transparent)
        expectPixel(image, 5, 5, transparent)
    }

    @Test func rotatingAQuarterTurnAboutAPointTurnsClockwise() throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_fill_color?(ctx, redColor)
            api.translate?(ctx, 50, 50)
            api.rotate?(ctx, .pi / 2)
            api.translate?(ctx, -50, -50)
            // A bar to the right of the centre, x 50...80, y 40...50, turns
            // clockwise on screen to below the centre: x 50...60, y 50...80.
            api.fill_rect?(ctx, rect(50, 40, 30, 10))
        }
        let image = try rendered(canvas)
        expectPixel(image, 55, 70, red)
        expectPixel(image, 55, 52, red)
        expectPixel(image, 70, 45, transparent)
        expectPixel(image, 45, 70, transparent)
    }

    @Test func concatAndGetCTMRoundTrip() throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            let transform = easel_affine_transform(a: 2, b: 0.5, c: -0.5, d: 1.5, tx: 10, ty: 20)
            api.concat_ctm?(ctx, transform)
            var ctm = try #require(api.get_ctm?(ctx))
            #expect(abs(ctm.a - 2) < 1e-12 && abs(ctm.b - 0.5) < 1e-12)
            #expect(abs(ctm.c + 0.5) < 1e-12 && abs(ctm.d - 1.5) < 1e-12)
            #expect(abs(ctm.tx - 10) < 1e-12 && abs(ctm.ty - 20) < 1e-12)
            // A later translate is applied in user space, before the transform.
            api.translate?(ctx, 5, 5)
            ctm = try #require(api.get_ctm?(ctx))
            #expect(abs(ctm.tx - 17.5) < 1e-12 && abs(ctm.ty - 30) < 1e-12)
            #expect(abs(canvas.currentTransform.tx - 17.5) < 1e-12)
        }
        #expect(canvas.takeError() == nil)

        let moved = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: moved) { api, ctx in
            api.set_fill_color?(ctx, redColor)
            api.concat_ctm?(ctx, easel_affine_transform(a: 1, b: 0, c: 0, d: 1, tx: 30, ty: 40))
            api.fill_rect?(ctx, rect(0, 0, 10, 10))
        }
        let image = try rendered(moved)
        expectPixel(image, 35, 45, red)
        expectPixel(image, 5, 5, transparent)
    }

    @Test(arguments: [(Int32(EASEL_FILL_NONZERO), false), (Int32(EASEL_FILL_EVEN_ODD), true)])
    func fillRules(rule: Int32, expectHole: Bool) throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_fill_color?(ctx, redColor)
            // Two nested rectangles drawn in the same direction.
            api.add_rect?(ctx, rect(10, 10, 80, 80))
            api.add_rect?(ctx, rect(30, 30, 40, 40))
            api.fill_path?(ctx, rule)
        }
        let image = try rendered(canvas)
        expectPixel(image, 20, 20, red)
        expectPixel(image, 50, 50, expectHole ? transparent : red)
    }

    @Test func clipLimitsAFill() throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.save_state?(ctx)
            api.add_rect?(ctx, rect(0, 0, 50, 100))
            api.clip?(ctx, Int32(EASEL_FILL_NONZERO))
            api.set_fill_color?(ctx, redColor)
            api.fill_rect?(ctx, rect(0, 0, 100, 100))
            api.restore_state?(ctx)
            // The clip went with the restored state.
            api.set_fill_color?(ctx, blueColor)
            api.fill_rect?(ctx, rect(60, 0, 40, 10))
        }
        let image = try rendered(canvas)
        expectPixel(image, 25, 50, red)
        expectPixel(image, 75, 50, transparent)
        expectPixel(image, 80, 5, blue)
    }

    @Test func evenOddClipMakesAHole() throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.add_rect?(ctx, rect(0, 0, 100, 100))
            api.add_rect?(ctx, rect(25, 25, 50, 50))
            api.clip?(ctx, Int32(EASEL_FILL_EVEN_ODD))
            api.set_fill_color?(ctx, redColor)
            api.fill_rect?(ctx, rect(0, 0, 100, 100))
        }
        let image = try rendered(canvas)
        expectPixel(image, 10, 10, red)
        expectPixel(image, 50, 50, transparent)
    }

    @Test func globalAlphaHalvesOpacity() throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_alpha?(ctx, 0.5)
            api.set_fill_color?(ctx, redColor)
            api.fill_rect?(ctx, rect(0, 0, 50, 50))
            api.set_fill_color?(ctx, color(0, 0, 1, 0.5))  // 0.5 x 0.5
            api.fill_rect?(ctx, rect(50, 50, 50, 50))
            api.set_stroke_color?(ctx, redColor)
            api.set_line_width?(ctx, 10)
            api.move_to?(ctx, 0, 75)
            api.add_line_to?(ctx, 40, 75)
            api.stroke_path?(ctx)
        }
        let image = try rendered(canvas)
        expectPixel(image, 25, 25, RGBA(r: 255, g: 0, b: 0, a: 128))
        expectPixel(image, 75, 75, RGBA(r: 0, g: 0, b: 255, a: 64))
        expectPixel(image, 20, 75, RGBA(r: 255, g: 0, b: 0, a: 128))
    }

    @Test func transparencyGroupCompositesAsOneLayer() throws {
        let canvas = try Canvas(width: 100, height: 100)
        canvas.beginTransparencyGroup()
        #expect(canvas.stateDepth == 1)
        canvas.fill(rect(0, 0, 60, 100), color: redColor)
        canvas.fill(rect(40, 0, 60, 100), color: redColor)
        canvas.endTransparencyGroup(alpha: 0.5)
        #expect(canvas.stateDepth == 0)
        #expect(canvas.takeError() == nil)
        let image = try rendered(canvas)
        // The overlap is as transparent as the rest: the group was opaque red.
        expectPixel(image, 20, 50, RGBA(r: 255, g: 0, b: 0, a: 128))
        expectPixel(image, 50, 50, RGBA(r: 255, g: 0, b: 0, a: 128))
    }

    @Test func lineDashLeavesGaps() throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_stroke_color?(ctx, redColor)
            api.set_line_width?(ctx, 10)
            let dashes: [Double] = [10, 10]
            api.set_line_dash?(ctx, 0, dashes, UInt32(dashes.count))
            api.move_to?(ctx, 0, 20)
            api.add_line_to?(ctx, 100, 20)
            api.stroke_path?(ctx)
            // Count 0 with NULL restores a solid line.
            api.set_line_dash?(ctx, 0, nil, 0)
            api.move_to?(ctx, 0, 60)
            api.add_line_to?(ctx, 100, 60)
            api.stroke_path?(ctx)
        }
        #expect(canvas.takeError() == nil)
        let image = try rendered(canvas)
        expectPixel(image, 5, 20, red)
        expectPixel(image, 15, 20, transparent)
        expectPixel(image, 25, 20, red)
        expectPixel(image, 35, 20, transparent)
        expectPixel(image, 15, 60, red)
        expectPixel(image, 35, 60, red)
    }

    @Test(arguments: [(Int32(EASEL_LINE_CAP_BUTT), false), (Int32(EASEL_LINE_CAP_SQUARE), true)])
    func lineCapSquareExtendsPastTheEnd(cap: Int32, extends: Bool) throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_stroke_color?(ctx, redColor)
            api.set_line_width?(ctx, 10)
            api.set_line_cap?(ctx, cap)
            api.move_to?(ctx, 20, 50)
            api.add_line_to?(ctx, 80, 50)
            api.stroke_path?(ctx)
        }
        #expect(canvas.takeError() == nil)
        let image = try rendered(canvas)
        expectPixel(image, 50, 50, red)
        expectPixel(image, 17, 50, extends ? red : transparent)
        expectPixel(image, 82, 50, extends ? red : transparent)
        expectPixel(image, 12, 50, transparent)
    }

    @Test func lineJoinsAreAccepted() throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            for join in [EASEL_LINE_JOIN_MITER, EASEL_LINE_JOIN_ROUND, EASEL_LINE_JOIN_BEVEL] {
                api.set_line_join?(ctx, Int32(join))
            }
            api.set_line_cap?(ctx, Int32(EASEL_LINE_CAP_ROUND))
        }
        #expect(canvas.takeError() == nil)
    }

    @Test(arguments: [(Int32(0), false), (Int32(1), true)])
    func arcDirection(clockwise: Int32, upperHalf: Bool) throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_fill_color?(ctx, redColor)
            // From angle 0 to π: increasing passes π/2, which is below the
            // centre on a y-down canvas; decreasing passes -π/2, above it.
            api.add_arc?(ctx, 50, 50, 40, 0, .pi, clockwise)
            api.fill_path?(ctx, Int32(EASEL_FILL_NONZERO))
        }
        let image = try rendered(canvas)
        expectPixel(image, 50, 20, upperHalf ? red : transparent)
        expectPixel(image, 50, 80, upperHalf ? transparent : red)
    }

    @Test func quadCurve() throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_stroke_color?(ctx, redColor)
            api.set_line_width?(ctx, 4)
            // Apex at t = 0.5: (50, 0.25·90 + 0.5·10 + 0.25·90) = (50, 50).
            api.move_to?(ctx, 10, 90)
            api.add_quad_curve_to?(ctx, 50, 10, 90, 90)
            api.stroke_path?(ctx)
            // Without a current point the curve starts at its control point.
            api.add_quad_curve_to?(ctx, 10, 10, 90, 10)
            api.stroke_path?(ctx)
        }
        #expect(canvas.takeError() == nil)
        let image = try rendered(canvas)
        expectPixel(image, 50, 50, red)
        expectPixel(image, 50, 45, transparent)
        expectPixel(image, 50, 56, transparent)
        expectPixel(image, 50, 10, red)
        expectPixel(image, 5, 10, transparent)
    }

    @Test func cubicCurve() throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_stroke_color?(ctx, redColor)
            api.set_line_width?(ctx, 4)
            // At t = 0.5: y = 0.125·90 + 0.375·10 + 0.375·10 + 0.125·90 = 30.
            api.move_to?(ctx, 10, 90)
            api.add_curve_to?(ctx, 10, 10, 90, 10, 90, 90)
            api.stroke_path?(ctx)
        }
        let image = try rendered(canvas)
        expectPixel(image, 50, 30, red)
        expectPixel(image, 50, 50, transparent)
        expectPixel(image, 50, 24, transparent)
    }

    @Test func ellipseInRect() throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_fill_color?(ctx, redColor)
            api.add_ellipse_in_rect?(ctx, rect(10, 20, 80, 60))
            api.fill_path?(ctx, Int32(EASEL_FILL_NONZERO))
            // An empty rectangle is a degenerate path, not an error.
            api.add_ellipse_in_rect?(ctx, rect(5, 5, 0, 0))
            api.fill_path?(ctx, Int32(EASEL_FILL_NONZERO))
            let ctm = try #require(api.get_ctm?(ctx))
            #expect(ctm.a == 1 && ctm.d == 1 && ctm.tx == 0)
        }
        #expect(canvas.takeError() == nil)
        let image = try rendered(canvas)
        expectPixel(image, 50, 50, red)
        expectPixel(image, 86, 50, red)
        expectPixel(image, 50, 22, red)
        expectPixel(image, 13, 23, transparent)  // the rect's corner
        expectPixel(image, 50, 82, transparent)
    }

    @Test func clearRectErasesTheDrawingDownToTheBackground() throws {
        let canvas = try Canvas(width: 100, height: 100, background: whiteColor)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.set_fill_color?(ctx, redColor)
            api.fill_rect?(ctx, rect(0, 0, 100, 50))
            api.clear_rect?(ctx, rect(25, 25, 50, 50))
            // Painting works normally afterwards.
            api.fill_rect?(ctx, rect(0, 90, 10, 10))
        }
        let image = try rendered(canvas)
        expectPixel(image, 10, 10, red)
        expectPixel(image, 50, 30, white)  // red erased; the background stays under the drawing
        expectPixel(image, 50, 70, white)
        expectPixel(image, 5, 95, red)

        let bare = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: bare) { api, ctx in
            api.set_fill_color?(ctx, redColor)
            api.fill_rect?(ctx, rect(0, 0, 100, 100))
            api.clear_rect?(ctx, rect(25, 25, 50, 50))
        }
        let bareImage = try rendered(bare)
        expectPixel(bareImage, 10, 10, red)
        expectPixel(bareImage, 50, 50, transparent)
    }

    @Test func hostDrawingAPI() throws {
        let canvas = try Canvas(width: 100, height: 100)
        canvas.saveState()
        canvas.translate(x: 10, y: 10)
        canvas.scale(x: 2, y: 2)
        canvas.clip(to: rect(0, 0, 20, 20))  // x, y 10...50
        canvas.fill(rect(0, 0, 100, 100), color: blueColor)
        canvas.restoreState()
        // fill(_:color:) left the fill colour alone (black) and the clip is gone.
        try drawAsPlugin(on: canvas) { api, ctx in
            api.fill_rect?(ctx, rect(80, 80, 20, 20))
        }
        canvas.clear(rect(45, 45, 4, 4))
        canvas.concatenate(easel_affine_transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 60))
        canvas.rotate(by: 0)
        canvas.fill(rect(0, 0, 10, 10), color: redColor)
        #expect(canvas.takeError() == nil)
        let image = try rendered(canvas)
        expectPixel(image, 30, 30, blue)
        expectPixel(image, 55, 30, transparent)
        expectPixel(image, 90, 90, black)
        expectPixel(image, 5, 65, red)
        expectPixel(image, 47, 47, transparent)
    }

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
        for name in ["out.png", "out.svg", "out.pdf"] {
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

    // MARK: Sticky errors

    @Test func restoreWithoutSaveIsStickyAndReportedOnce() throws {
        let canvas = try Canvas(width: 20, height: 20, background: whiteColor)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.restore_state?(ctx)
            // Ignored from now on.
            api.set_fill_color?(ctx, redColor)
            api.fill_rect?(ctx, rect(0, 0, 20, 20))
        }
        #expect(canvas.hasError)
        let error = try #require(canvas.takeError())
        #expect(error.message.contains("restore"))
        #expect(error.status == .invalidRestore)
        #expect(error.operation == "restore_state")
        #expect(canvas.takeError() == nil)
        #expect(canvas.hasError)
        canvas.fill(rect(0, 0, 20, 20), color: blueColor)
        #expect(canvas.takeError() == nil)
        let image = try rendered(canvas)
        expectPixel(image, 10, 10, white)
    }

    @Test func onlyTheFirstErrorIsKept() throws {
        let canvas = try Canvas(width: 20, height: 20)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.show_text?(ctx, nil, 0, 0)
            api.restore_state?(ctx)
            api.set_line_cap?(ctx, 9)
        }
        let error = try #require(canvas.takeError())
        #expect(error.message == "show_text: NULL string")
        #expect(error.status == nil)
        #expect(canvas.takeError() == nil)
    }

    @Test func endingAGroupThatWasNotBegunIsAnError() throws {
        let canvas = try Canvas(width: 20, height: 20)
        canvas.endTransparencyGroup(alpha: 1)
        let error = try #require(canvas.takeError())
        #expect(error.status == .invalidPopGroup)
    }

    /// A bad call a plugin could make, the error text it must produce, and
    /// whether cairo (rather than the canvas) detects it.
    enum BadCall: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case unknownLineCap, unknownLineJoin, unknownFillRule, unknownClipRule
        case negativeLineWidth, nanCoordinate, infiniteTranslation, nanColour
        case nullDashWithCount, negativeDash, nullFontFamily, negativeFontSize
        case nullText, nullMeasuredText, invalidUTF8, singularScale

        var testDescription: String { rawValue }

        var expectedMessage: String {
            switch self {
            case .unknownLineCap: "set_line_cap: unknown line cap 7"
            case .unknownLineJoin: "set_line_join: unknown line join -1"
            case .unknownFillRule: "fill_path: unknown fill rule 2"
            case .unknownClipRule: "clip: unknown fill rule 99"
            case .negativeLineWidth: "set_line_width: negative width"
            case .nanCoordinate: "move_to: non-finite"
            case .infiniteTranslation: "translate: non-finite"
            case .nanColour: "set_fill_color: non-finite"
            case .nullDashWithCount: "set_line_dash: NULL lengths with count 3"
            case .negativeDash: "cairo: "
            case .nullFontFamily: "set_font: NULL string"
            case .negativeFontSize: "set_font: negative size"
            case .nullText: "show_text: NULL string"
            case .nullMeasuredText: "measure_text: NULL string"
            case .invalidUTF8: "cairo: "
            case .singularScale: "cairo: "
            }
        }

        var cairoStatus: CairoStatus? {
            switch self {
            case .negativeDash: .invalidDash
            case .invalidUTF8: .invalidString
            case .singularScale: .invalidMatrix
            default: nil
            }
        }

        func make(_ api: easel_graphics_api, _ ctx: OpaquePointer) {
            switch self {
            case .unknownLineCap: api.set_line_cap?(ctx, 7)
            case .unknownLineJoin: api.set_line_join?(ctx, -1)
            case .unknownFillRule:
                api.add_rect?(ctx, rect(0, 0, 5, 5))
                api.fill_path?(ctx, 2)
            case .unknownClipRule: api.clip?(ctx, 99)
            case .negativeLineWidth: api.set_line_width?(ctx, -1)
            case .nanCoordinate: api.move_to?(ctx, .nan, 3)
            case .infiniteTranslation: api.translate?(ctx, .infinity, 0)
            case .nanColour: api.set_fill_color?(ctx, color(.nan, 0, 0))
            case .nullDashWithCount: api.set_line_dash?(ctx, 0, nil, 3)
            case .negativeDash:
                let dashes: [Double] = [4, -1]
                api.set_line_dash?(ctx, 0, dashes, 2)
            case .nullFontFamily: api.set_font?(ctx, nil, 12)
            case .negativeFontSize: api.set_font?(ctx, "Sans", -3)
            case .nullText: api.show_text?(ctx, nil, 1, 1)
            case .nullMeasuredText:
                let size = api.measure_text?(ctx, nil)
                #expect(size?.width == 0 && size?.height == 0)
            case .invalidUTF8:
                let bytes: [UInt8] = [0x48, 0xFF, 0xFE, 0]
                bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { api.show_text?(ctx, $0.baseAddress, 1, 10) }
                }
            case .singularScale: api.scale?(ctx, 0, 1)
            }
        }
    }

    @Test(arguments: BadCall.allCases)
    func badArgumentsAreStickyErrors(_ call: BadCall) throws {
        let canvas = try Canvas(width: 20, height: 20, background: whiteColor)
        try drawAsPlugin(on: canvas) { api, ctx in
            call.make(api, ctx)
            api.set_fill_color?(ctx, redColor)
            api.fill_rect?(ctx, rect(0, 0, 20, 20))
        }
        let error = try #require(canvas.takeError())
        #expect(error.message.hasPrefix(call.expectedMessage), "\(error)")
        #expect(error.status == call.cairoStatus)
        #expect(canvas.takeError() == nil)
        #expect(canvas.hasError)
        let image = try rendered(canvas)
        expectPixel(image, 10, 10, white)
    }

    /// Finite but absurd arguments: each must leave the canvas writable, quickly.
    enum ExtremeCall: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case manyTurns, hugeRadius, hugeRadiusByTransform, hugeLineWidth, hugeLineWidthByTransform
        case tinyDashes, hugeCoordinates, fontSizes, oddFonts, outOfRangeColour, negativeEllipse
        case hugeTransform

        var testDescription: String { rawValue }

        /// The start of the error message expected, or `nil` when the call is accepted.
        var expectedError: String? {
            switch self {
            case .hugeRadius, .hugeRadiusByTransform: "add_arc: radius"
            case .hugeLineWidth, .hugeLineWidthByTransform: "stroke_path: line width"
            case .fontSizes: "cairo: invalid matrix"
            default: nil
            }
        }

        func make(_ api: easel_graphics_api, _ ctx: OpaquePointer) {
            switch self {
            case .manyTurns:
                api.add_arc?(ctx, 25, 25, 20, 0, 1e12, 0)
                api.add_arc?(ctx, 25, 25, 1e6, 0, -1e300, 1)
                api.stroke_path?(ctx)
            case .hugeRadius:
                api.add_arc?(ctx, 25, 25, 1e300, 0, 3, 0)
            case .hugeRadiusByTransform:
                api.scale?(ctx, 1e30, 1e30)
                api.add_arc?(ctx, 0, 0, 1e20, 0, 3, 0)
            case .hugeLineWidth:
                api.set_line_width?(ctx, 1e12)
                api.set_line_cap?(ctx, Int32(EASEL_LINE_CAP_ROUND))
                api.move_to?(ctx, 10, 10)
                api.add_line_to?(ctx, 40, 40)
                api.stroke_path?(ctx)
            case .hugeLineWidthByTransform:
                api.scale?(ctx, 1e10, 1e10)
                api.set_line_width?(ctx, 100)
                api.move_to?(ctx, 0, 0)
                api.add_line_to?(ctx, 1, 1)
                api.stroke_path?(ctx)
            case .tinyDashes:
                let dashes: [Double] = [1e-300, 1e-300]
                api.set_line_dash?(ctx, 1e300, dashes, 2)
                api.move_to?(ctx, 0, 0)
                api.add_line_to?(ctx, 1e9, 1e9)
                api.stroke_path?(ctx)
            case .hugeCoordinates:
                api.move_to?(ctx, -1e300, 1e300)
                api.add_line_to?(ctx, 1e300, -1e300)
                api.add_curve_to?(ctx, 1e300, 1e300, -1e300, -1e300, 1e-300, 0)
                api.stroke_path?(ctx)
                api.fill_rect?(ctx, rect(1e300, -1e300, 1e300, 1e300))
            case .fontSizes:
                for size in [0, 1e300, 1e-300] {
                    api.set_font?(ctx, "Sans", size)
                    api.show_text?(ctx, "Hello", 1, 40)
                    _ = api.measure_text?(ctx, "Hello")
                }
            case .oddFonts:
                api.set_font?(ctx, "", 12)
                api.show_text?(ctx, "", 1, 40)
                api.set_font?(ctx, "No Such Font Family", 12)
                api.show_text?(ctx, "Hello ☃ 𝄞", 1, 40)
            case .outOfRangeColour:
                api.set_alpha?(ctx, 7)
                api.set_fill_color?(ctx, color(-1, 2, 1e300, 5))
                api.fill_rect?(ctx, rect(0, 0, 10, 10))
            case .negativeEllipse:
                api.add_ellipse_in_rect?(ctx, rect(40, 40, -30, -30))
                api.fill_path?(ctx, Int32(EASEL_FILL_NONZERO))
            case .hugeTransform:
                api.translate?(ctx, 1e300, 1e300)
                api.rotate?(ctx, 1e300)
                api.fill_rect?(ctx, rect(0, 0, 10, 10))
            }
        }
    }

    @Test(
        .timeLimit(.minutes(1)),
        arguments: ExtremeCall.allCases, [Canvas.Backing.recording, .raster(scale: 2)])
    func extremeButFiniteArgumentsNeitherCrashNorHang(_ call: ExtremeCall, backing: Canvas.Backing) throws {
        let canvas = try Canvas(width: 50, height: 50, backing: backing)
        let start = ContinuousClock.now
        try drawAsPlugin(on: canvas) { api, ctx in
            call.make(api, ctx)
        }
        let error = canvas.takeError()
        if let expected = call.expectedError {
            #expect(error?.message.hasPrefix(expected) == true, "\(String(describing: error))")
        } else {
            #expect(error == nil, "\(String(describing: error))")
        }
        _ = try rendered(canvas)
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func fontIsPartOfTheSavedState() throws {
        let canvas = try Canvas(width: 10, height: 10)
        try drawAsPlugin(on: canvas) { api, ctx in
            let before = try #require(api.measure_text?(ctx, "Hello"))
            api.save_state?(ctx)
            api.set_font?(ctx, "Serif", 40)
            let inside = try #require(api.measure_text?(ctx, "Hello"))
            #expect(inside.width > before.width)
            api.restore_state?(ctx)
            let after = try #require(api.measure_text?(ctx, "Hello"))
            #expect(after.width == before.width && after.height == before.height)
        }
        #expect(canvas.takeError() == nil)
    }

    @Test func cairoStatusIsAnOpenStruct() {
        #expect(CairoStatus.invalidRestore.description.contains("restore"))
        #expect(CairoStatus(rawValue: 9999).description.contains("unknown"))
        #expect(CairoStatus(rawValue: 0) == .success)
    }

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
                    == "cannot write \(path): a raster canvas can only be written as PNG; "
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
