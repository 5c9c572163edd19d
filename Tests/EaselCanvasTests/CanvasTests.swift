import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

// Every drawing test draws through the C function table exactly as a plugin
// does (`Canvas.graphicsAPI`, the handle from `current_context()` inside
// `withCurrentContext`), writes a real PNG file, reads it back and checks
// pixels at known coordinates.
//
// Set EASEL_TEST_OUTPUT=/some/dir to keep the PNG files for inspection.

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
            case .fontSizes: "set_font: font size 1e+300 is larger than 10000"
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
}
