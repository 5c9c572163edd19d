import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselGeometry
import EaselTestSupport
import Foundation
import Testing

// The painting extension (easel.paint.v1), drawn through its C table as a
// plugin draws: the 2.0 table for paths and colours, `Canvas.paintAPI` for
// the rest. Pixels are read back from PNG files.

/// Draws on a canvas of `backing` through both tables and reads the PNG back; a canvas error fails the test.
private func paint(
    width: Double = 100, height: Double = 100, backing: Canvas.Backing = .recording,
    _ body: (easel_graphics_api, easel_paint_api, OpaquePointer) throws -> Void
) throws -> RasterImage {
    let canvas = try Canvas(width: width, height: height, backing: backing)
    try drawAsPlugin(on: canvas) { api, ctx in try body(api, Canvas.paintAPI.pointee, ctx) }
    if let error = canvas.takeError() { throw error }
    return try rendered(canvas)
}

/// Whether two rects agree within a hundredth of a point (cairo bounds curves in fixed point).
private func close(_ a: easel_rect, _ b: easel_rect) -> Bool {
    zip(components(a), components(b)).allSatisfy { abs($0 - $1) < 0.01 }
}

private func components(_ r: easel_rect) -> [Double] { [r.origin.x, r.origin.y, r.size.width, r.size.height] }

private func point(_ x: Double, _ y: Double) -> easel_point { easel_point(x: x, y: y) }

/// A five-pointed star drawn in one stroke (a pentagram) around (50, 50).
private func addStar(_ api: easel_graphics_api, _ ctx: OpaquePointer) {
    for k in 0..<5 {
        let angle = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
        let (x, y) = (50 + 45 * cos(angle), 50 + 45 * sin(angle))
        if k == 0 { api.move_to!(ctx, x, y) } else { api.add_line_to!(ctx, x, y) }
    }
    api.close_path!(ctx)
}

/// The two backings, the raster one drawing under a translation kept on the Swift side.
private let backings: [Canvas.Backing] = [.recording, .raster(scale: 1)]

@Suite("Painting extension")
struct PaintTests {

    @Test func tableHeaderAndRegistration() {
        let api = Canvas.paintAPI.pointee
        #expect(api.abi_version == UInt32(EASEL_ABI_VERSION_MAJOR) << 16 | UInt32(EASEL_ABI_VERSION_MINOR))
        #expect(api.struct_size == UInt32(MemoryLayout<easel_paint_api>.size))
    }

    // MARK: Fill rules and path queries

    @Test("a star filled non-zero has its centre painted, even-odd leaves the centre empty", arguments: backings)
    func starFillRules(backing: Canvas.Backing) throws {
        for (mode, centrePainted) in [(Int32(EASEL_PATH_FILL), true), (Int32(EASEL_PATH_EO_FILL), false)] {
            let image = try paint(backing: backing) { api, paint, ctx in
                api.translate!(ctx, 10, 0)
                api.translate!(ctx, -10, 0)
                api.set_fill_color!(ctx, redColor)
                addStar(api, ctx)
                #expect((paint.path_contains_point!(ctx, point(50, 50), mode) != 0) == centrePainted)
                #expect(paint.path_contains_point!(ctx, point(50, 12), mode) != 0)
                paint.draw_path!(ctx, mode)
            }
            expectPixel(image, 50, 50, centrePainted ? red : transparent, tolerance: 0)
            expectPixel(image, 50, 12, red, tolerance: 0)   // a tip: inside under both rules
            expectPixel(image, 5, 5, transparent, tolerance: 0)
        }
    }

    @Test("contains-point on a ring: the hole is inside under non-zero only, the band under both, a stroke only along the edges", arguments: backings)
    func ringContainsPoint(backing: Canvas.Backing) throws {
        _ = try paint(backing: backing) { api, paint, ctx in
            api.translate!(ctx, 7, 3)
            api.add_ellipse_in_rect!(ctx, rect(10 - 7, 10 - 3, 80, 80))   // radius 40 around (50, 50) on the canvas
            api.add_ellipse_in_rect!(ctx, rect(30 - 7, 30 - 3, 40, 40))   // radius 20, same direction
            api.set_line_width!(ctx, 4)
            func contains(_ x: Double, _ y: Double, _ mode: Int32) -> Bool {
                paint.path_contains_point!(ctx, point(x - 7, y - 3), mode) != 0
            }
            let (fill, evenOdd, stroke) = (Int32(EASEL_PATH_FILL), Int32(EASEL_PATH_EO_FILL), Int32(EASEL_PATH_STROKE))
            #expect(contains(50, 50, fill) && !contains(50, 50, evenOdd))         // the hole
            #expect(contains(80, 50, fill) && contains(80, 50, evenOdd))          // the band
            #expect(!contains(95, 95, fill) && !contains(95, 95, evenOdd))        // outside
            #expect(contains(89, 50, stroke) && contains(71, 50, stroke) && !contains(80, 50, stroke))
            #expect(contains(50, 50, Int32(EASEL_PATH_FILL_STROKE)) && !contains(50, 50, Int32(EASEL_PATH_EO_FILL_STROKE)))
            // The queries keep the path.
            var current = point(0, 0)
            #expect(paint.current_point!(ctx, &current) == 1)
            #expect(abs(current.x - (70 - 7)) < 1e-9 && abs(current.y - (50 - 3)) < 1e-9)
            #expect(close(paint.path_bounding_box!(ctx), rect(3, 7, 80, 80)))
            api.begin_path!(ctx)
            #expect(paint.current_point!(ctx, &current) == 0)
            #expect(paint.path_bounding_box!(ctx).isNull)
        }
    }

    @Test func unknownPathModeIsAnError() throws {
        let canvas = try Canvas(width: 10, height: 10)
        try drawAsPlugin(on: canvas) { api, ctx in
            api.add_rect!(ctx, rect(0, 0, 5, 5))
            #expect(Canvas.paintAPI.pointee.path_contains_point(ctx, point(1, 1), 9) == 0)
        }
        #expect(canvas.takeError()?.message == "path_contains_point: unknown path drawing mode 9")
    }

    // MARK: Clips

    @Test("clip to several rects paints only inside them; the clip's bounding box is their union", arguments: backings)
    func clipToRects(backing: Canvas.Backing) throws {
        let image = try paint(backing: backing) { api, paint, ctx in
            #expect(paint.clip_bounding_box!(ctx) == rect(0, 0, 100, 100))
            let rects = [rect(10, 10, 20, 20), rect(60, 60, 30, 30)]
            paint.clip_to_rects!(ctx, rects, 2)
            #expect(paint.clip_bounding_box!(ctx) == rect(10, 10, 80, 80))
            api.set_fill_color!(ctx, redColor)
            api.fill_rect!(ctx, rect(0, 0, 100, 100))
            api.save_state!(ctx)
            api.translate!(ctx, 5, 5)
            paint.clip_to_rect!(ctx, rect(0, 0, 10, 10))   // (5, 5, 10, 10) on the canvas, within the first rect
            #expect(paint.clip_bounding_box!(ctx) == rect(5, 5, 5, 5))   // with (10, 10, 20, 20) on the canvas
            paint.clip_to_rect!(ctx, rect(50, 50, 10, 10))
            #expect(paint.clip_bounding_box!(ctx).isNull)
            api.restore_state!(ctx)
        }
        expectPixel(image, 20, 20, red, tolerance: 0)
        expectPixel(image, 75, 75, red, tolerance: 0)
        expectPixel(image, 45, 45, transparent, tolerance: 0)
        expectPixel(image, 5, 5, transparent, tolerance: 0)
        expectPixel(image, 70, 20, transparent, tolerance: 0)
    }

    @Test("clip_to_rects refuses NULL rects with a count, and more than 2^20 rects, before reading any")
    func badClipRects() throws {
        for (count, message) in [(UInt32(2), "clip_to_rects: NULL rects with count 2"),
                                 (UInt32(2_000_000), "clip_to_rects: too many rects (2000000; at most 1048576)")] {
            let canvas = try Canvas(width: 10, height: 10)
            try drawAsPlugin(on: canvas) { _, ctx in
                let one = [rect(0, 0, 1, 1)]
                one.withUnsafeBufferPointer {
                    Canvas.paintAPI.pointee.clip_to_rects!(ctx, count == 2 ? nil : $0.baseAddress, count)
                }
            }
            #expect(canvas.takeError()?.message == message)
        }
    }

    // MARK: Paths

    @Test("a rounded rect with a radius per corner: sharp where 0, cut where round; radii too large shrink together")
    func roundedRectPerCorner() throws {
        let image = try paint { api, paint, ctx in
            api.set_fill_color!(ctx, redColor)
            paint.add_rounded_rect!(ctx, rect(10, 10, 80, 60), 0, 30, 5, 10)
            #expect(close(paint.path_bounding_box!(ctx), rect(10, 10, 80, 60)))
            api.fill_path!(ctx, Int32(EASEL_FILL_NONZERO))
        }
        expectPixel(image, 10, 10, red, tolerance: 0)          // top left: sharp
        expectPixel(image, 88, 11, transparent, tolerance: 0)  // top right: radius 30
        expectPixel(image, 80, 20, red, tolerance: 0)
        expectPixel(image, 89, 69, transparent, tolerance: 0)  // bottom right: radius 5
        expectPixel(image, 86, 66, red, tolerance: 0)
        expectPixel(image, 11, 68, transparent, tolerance: 0)  // bottom left: radius 10

        // 100 at every corner of an 80 x 60 rect: all shrink by 60/200, to 30: a stadium.
        let stadium = try paint { api, paint, ctx in
            paint.add_rounded_rect!(ctx, rect(10, 20, 80, 60), 100, 100, 100, 100)
            api.fill_path!(ctx, Int32(EASEL_FILL_NONZERO))
        }
        expectPixel(stadium, 50, 50, black, tolerance: 0)
        expectPixel(stadium, 50, 21, black, tolerance: 0)      // the straight top edge
        expectPixel(stadium, 13, 24, transparent, tolerance: 0)
    }

    @Test("the path's bounding box counts curves' control points and a lone move, as CGContextGetPathBoundingBox")
    func pathBoundingBoxControlPoints() throws {
        _ = try paint { api, paint, ctx in
            api.translate!(ctx, 10, 0)
            api.move_to!(ctx, 0, 0)
            api.add_curve_to!(ctx, 25, 100, 75, 100, 100, 0)   // the curve itself reaches y = 75
            #expect(close(paint.path_bounding_box!(ctx), rect(0, 0, 100, 100)))
            api.begin_path!(ctx)
            api.move_to!(ctx, 5, 6)
            let point = paint.path_bounding_box!(ctx)
            #expect(!point.isNull && close(point, rect(5, 6, 0, 0)))
        }
    }

    @Test("add_arc_to_point ends on the second tangent, and a stroke follows the corner's arc")
    func arcToPoint() throws {
        let image = try paint { api, paint, ctx in
            api.move_to!(ctx, 10, 10)
            paint.add_arc_to_point!(ctx, 90, 10, 90, 90, 20)
            var current = point(0, 0)
            #expect(paint.current_point!(ctx, &current) == 1)
            #expect(abs(current.x - 90) < 1e-9 && abs(current.y - 30) < 1e-9)
            let box = paint.path_bounding_box!(ctx)
            #expect(abs(box.origin.x - 10) < 0.01 && abs(box.size.width - 80) < 0.01 && abs(box.size.height - 20) < 0.01)
            api.add_line_to!(ctx, 90, 90)
            api.set_line_width!(ctx, 2)
            api.set_stroke_color!(ctx, redColor)
            api.stroke_path!(ctx)
        }
        // The arc of radius 20 around (70, 30) passes (70 + 20 cos 45°, 30 - 20 sin 45°).
        expectPixel(image, 84, 15, red, tolerance: 60)
        expectPixel(image, 89, 10, transparent, tolerance: 0)  // the corner itself is cut
        expectPixel(image, 50, 10, red, tolerance: 60)
        expectPixel(image, 90, 60, red, tolerance: 60)
    }

    // MARK: Line settings

    @Test("a miter limit below a join's miter length bevels it")
    func miterLimit() throws {
        func tip(limit: Double?) throws -> RGBA {
            let image = try paint { api, paint, ctx in
                if let limit { paint.set_miter_limit!(ctx, limit) }
                api.set_line_width!(ctx, 10)
                api.move_to!(ctx, 20, 80)
                api.add_line_to!(ctx, 50, 20)
                api.add_line_to!(ctx, 80, 80)
                api.stroke_path!(ctx)
            }
            // The miter's length is 1 / sin(26.57°) = 2.24 line widths: its tip at y = 20 - 11.2.
            return image.pixel(x: 50, y: 11)
        }
        #expect(try tip(limit: nil) == black)
        #expect(try tip(limit: 2) == transparent)
    }

    @Test("with antialiasing off an edge half across a pixel covers it wholly or not at all")
    func antialiasing() throws {
        func edge(_ antialias: Int32?) throws -> UInt8 {
            let image = try paint { api, paint, ctx in
                if let antialias { paint.set_should_antialias!(ctx, antialias) }
                api.fill_rect!(ctx, rect(10.5, 10.5, 20, 20))
            }
            return image.pixel(x: 10, y: 20).a
        }
        let smooth = try edge(nil)
        #expect(smooth > 100 && smooth < 160)
        #expect(try [0, 255].contains(edge(0)))
        #expect(try edge(1) == smooth)
    }

    // MARK: Gradients

    @Test("a linear gradient's colours are the stops interpolated by hand at each pixel centre", arguments: backings)
    func linearGradientMidpoint(backing: Canvas.Backing) throws {
        let image = try paint(width: 100, height: 10, backing: backing) { api, paint, ctx in
            api.translate!(ctx, 20, 0)
            let gradient = try #require(paint.gradient_create!([redColor, greenColor, blueColor], [0, 0.5, 1], 3))
            defer { paint.gradient_release!(gradient) }
            paint.draw_linear_gradient!(ctx, gradient, point(-20, 0), point(80, 0), 0)
        }
        // Pixel x covers x...x+1; its centre x + 0.5 is at t = (x + 0.5) / 100.
        func expected(_ x: Int) -> RGBA {
            let t = (Double(x) + 0.5) / 100
            let (r, g, b) = t < 0.5 ? (1 - t / 0.5, t / 0.5, 0.0) : (0.0, 1 - (t - 0.5) / 0.5, (t - 0.5) / 0.5)
            return RGBA(r: UInt8((r * 255).rounded()), g: UInt8((g * 255).rounded()), b: UInt8((b * 255).rounded()))
        }
        for x in [0, 12, 25, 49, 50, 75, 99] {
            expectPixel(image, x, 5, expected(x), tolerance: 2)
        }
        // The midpoint of red to green, worked out: t = 0.255, 0.51 of the way: (125, 130, 0).
        expectPixel(image, 25, 5, RGBA(r: 125, g: 130, b: 0), tolerance: 2)
    }

    @Test("translucent stops interpolate unpremultiplied: red to clear blue is purple at half alpha halfway")
    func translucentStops() throws {
        let image = try paint(width: 100, height: 10) { api, paint, ctx in
            let gradient = try #require(paint.gradient_create!([redColor, color(0, 0, 1, 0)], nil, 2))
            defer { paint.gradient_release!(gradient) }
            paint.draw_linear_gradient!(ctx, gradient, point(0, 0), point(100, 0), 0)
        }
        // t = 0.495: (0.505, 0, 0.495) at alpha 0.505.
        expectPixel(image, 49, 5, RGBA(r: 129, g: 0, b: 126, a: 129), tolerance: 3)
    }

    @Test("draws-before-start and draws-after-end extend the end colours; without them nothing is drawn there")
    func gradientOptions() throws {
        let before = UInt32(EASEL_GRADIENT_DRAWS_BEFORE_START), after = UInt32(EASEL_GRADIENT_DRAWS_AFTER_END)
        for (options, left, right) in [(0, transparent, transparent), (before, red, transparent),
                                       (after, transparent, blue), (before | after, red, blue)] {
            let image = try paint(width: 100, height: 10) { api, paint, ctx in
                let gradient = try #require(paint.gradient_create!([redColor, blueColor], nil, 2))
                defer { paint.gradient_release!(gradient) }
                paint.draw_linear_gradient!(ctx, gradient, point(25, 0), point(75, 0), options)
            }
            expectPixel(image, 10, 5, left, tolerance: 0)
            expectPixel(image, 90, 5, right, tolerance: 0)
            expectPixel(image, 49, 5, RGBA(r: 130, g: 0, b: 125), tolerance: 2)   // t = 24.5 / 50 = 0.49
        }
    }

    @Test("a radial gradient between two circles: t is the distance over the radius; inside the clip only")
    func radialGradient() throws {
        let image = try paint { api, paint, ctx in
            paint.clip_to_rect!(ctx, rect(0, 0, 100, 60))
            let gradient = try #require(paint.gradient_create!([redColor, blueColor], [0, 1], 2))
            paint.draw_radial_gradient!(ctx, gradient, point(50, 50), 0, point(50, 50), 40, UInt32(EASEL_GRADIENT_DRAWS_AFTER_END))
            paint.gradient_release!(gradient)
            paint.gradient_release!(gradient)   // a second release does nothing
        }
        // Pixel (70, 50)'s centre is 20.506 from the centre: t = 0.5127.
        expectPixel(image, 70, 50, RGBA(r: 124, g: 0, b: 131), tolerance: 2)
        expectPixel(image, 95, 50, blue, tolerance: 0)          // after the end circle
        expectPixel(image, 50, 70, transparent, tolerance: 0)   // outside the clip
    }

    @Test("a radial gradient between circles that do not nest (a cone): a pixel takes the largest t in 0...1 whose circle passes through it")
    func radialCone() throws {
        // Circles (20, 70) r 5 and (70, 70) r 25, red to blue, neither option.
        let image = try paint { _, paint, ctx in
            let gradient = try #require(paint.gradient_create!([redColor, blueColor], [0, 1], 2))
            defer { paint.gradient_release!(gradient) }
            paint.draw_radial_gradient!(ctx, gradient, point(20, 70), 5, point(70, 70), 25, 0)
        }
        /// The largest t in 0...1 with |p - c(t)| = r(t): c(t) = (20 + 50t, 70), r(t) = 5 + 20t, so
        /// 2100t² - (100a + 200)t + (a² + b² - 25) = 0 for a = x - 20, b = y - 70 (at the pixel's centre).
        func t(_ x: Int, _ y: Int) -> Double? {
            let a = Double(x) + 0.5 - 20, b = Double(y) + 0.5 - 70
            let qa = 2100.0, qb = -(100 * a + 200), qc = a * a + b * b - 25
            let discriminant = qb * qb - 4 * qa * qc
            guard discriminant >= 0 else { return nil }
            return [(-qb + discriminant.squareRoot()) / (2 * qa), (-qb - discriminant.squareRoot()) / (2 * qa)]
                .filter { (0...1).contains($0) }.max()
        }
        for (x, y) in [(85, 70), (70, 70), (60, 80), (30, 71)] {
            let t = try #require(t(x, y), "(\(x), \(y)) is inside the cone")
            let expected = RGBA(r: UInt8(((1 - t) * 255).rounded()), g: 0, b: UInt8((t * 255).rounded()))
            expectPixel(image, x, y, expected, tolerance: 2)
        }
        // Past the end circle and away from the cone nothing is drawn.
        #expect(t(97, 70) == nil && t(20, 30) == nil)
        expectPixel(image, 97, 70, transparent, tolerance: 0)
        expectPixel(image, 20, 30, transparent, tolerance: 0)
    }

    @Test("bad gradients: no handle for bad stops; drawing a released one is an error naming the call")
    func badGradients() throws {
        let paint = Canvas.paintAPI.pointee
        #expect(paint.gradient_create!(nil, nil, 2) == nil)
        #expect(paint.gradient_create!([redColor], nil, 0) == nil)
        #expect(paint.gradient_create!([redColor, blueColor], [0, .nan], 2) == nil)
        #expect(paint.gradient_create!([redColor, color(.infinity, 0, 0)], nil, 2) == nil)
        let canvas = try Canvas(width: 10, height: 10)
        try drawAsPlugin(on: canvas) { _, ctx in
            let gradient = try #require(paint.gradient_create!([redColor, blueColor], nil, 2))
            paint.gradient_release!(gradient)
            paint.draw_linear_gradient!(ctx, gradient, point(0, 0), point(10, 0), 0)
        }
        #expect(canvas.takeError()?.message == "draw_linear_gradient: unknown or released gradient")

        // A released handle stays dead when its slot is reused by a new gradient;
        // made-up handles are refused without being read; releasing twice does nothing.
        let old = try #require(paint.gradient_create!([redColor, blueColor], nil, 2))
        paint.gradient_release!(old)
        let new = try #require(paint.gradient_create!([blueColor, blueColor], nil, 2))
        #expect(new != old)
        paint.gradient_release!(old)
        let reused = try Canvas(width: 10, height: 10)
        try drawAsPlugin(on: reused) { _, ctx in
            paint.draw_linear_gradient!(ctx, new, point(0, 0), point(10, 0), 0)
        }
        #expect(reused.takeError() == nil)
        #expect(try reused.rasterImage().pixel(x: 5, y: 5) == RGBA(r: 0, g: 0, b: 255))
        for bad in [old, OpaquePointer(bitPattern: 0xDEAD_BEEF)!, OpaquePointer(bitPattern: UInt(1) << 40 | 1)!] {
            let refused = try Canvas(width: 10, height: 10)
            try drawAsPlugin(on: refused) { _, ctx in
                paint.draw_radial_gradient!(ctx, bad, point(5, 5), 0, point(5, 5), 5, 0)
            }
            #expect(refused.takeError()?.message == "draw_radial_gradient: unknown or released gradient")
        }
        paint.gradient_release!(new)
    }

    // MARK: Transparency layers

    @Test("a transparency layer is composited once with the alpha in effect when it began")
    func transparencyLayer() throws {
        let image = try paint { api, paint, ctx in
            api.set_fill_color!(ctx, redColor)
            api.fill_rect!(ctx, rect(0, 0, 100, 100))
            api.set_alpha!(ctx, 0.5)
            paint.begin_transparency_layer!(ctx)
            api.set_fill_color!(ctx, blueColor)
            api.fill_rect!(ctx, rect(20, 0, 80, 100))
            api.set_fill_color!(ctx, greenColor)
            api.fill_rect!(ctx, rect(40, 0, 60, 100))   // covers the blue inside the layer
            paint.end_transparency_layer!(ctx)
            // Without a layer each shape gets the alpha on its own.
            api.set_fill_color!(ctx, greenColor)
            api.fill_rect!(ctx, rect(40, 50, 60, 50))
        }
        expectPixel(image, 10, 10, red, tolerance: 0)
        expectPixel(image, 30, 10, RGBA(r: 127, g: 0, b: 128), tolerance: 1)
        expectPixel(image, 60, 10, RGBA(r: 127, g: 128, b: 0), tolerance: 1)   // no blue under the green
        expectPixel(image, 60, 60, RGBA(r: 64, g: 191, b: 0), tolerance: 1)    // green twice at half
    }

    @Test("a layer left open is ended by the matching restore; ending a layer never begun is an error")
    func unbalancedLayers() throws {
        let image = try paint { api, paint, ctx in
            api.save_state!(ctx)
            paint.set_blend_mode!(ctx, Int32(EASEL_BLEND_NORMAL))
            paint.begin_transparency_layer!(ctx)
            api.fill_rect!(ctx, rect(0, 0, 10, 10))
            api.restore_state!(ctx)   // ends the layer
            api.restore_state!(ctx)
        }
        expectPixel(image, 5, 5, black, tolerance: 0)

        let canvas = try Canvas(width: 10, height: 10)
        try drawAsPlugin(on: canvas) { api, ctx in
            let paint = Canvas.paintAPI.pointee
            paint.begin_transparency_layer!(ctx)
            api.save_state!(ctx)
            paint.end_transparency_layer!(ctx)
        }
        #expect(canvas.takeError()?.message
            == "end_transparency_layer: no transparency layer to end (none begun, or a save_state inside it not restored)")
    }
}
