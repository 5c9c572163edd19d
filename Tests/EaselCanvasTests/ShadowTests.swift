import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

// Shadows of easel.paint.v1 (set_shadow), measured along lines of pixels.

private func size(_ width: Double, _ height: Double) -> easel_size { easel_size(width: width, height: height) }

/// Draws through both tables on a 100 x 100 canvas of `backing` and reads the pixels back.
private func draw(
    backing: Canvas.Backing = .raster(scale: 1),
    _ body: (easel_graphics_api, easel_paint_api, OpaquePointer) throws -> Void
) throws -> RasterImage {
    let canvas = try Canvas(width: 100, height: 100, backing: backing)
    try drawAsPlugin(on: canvas) { api, ctx in try body(api, Canvas.paintAPI.pointee, ctx) }
    if let error = canvas.takeError() { throw error }
    return try rendered(canvas)
}

@Suite("Shadows")
struct ShadowTests {
    @Test("a shadow falls at its offset and fades over about its blur radius, like a Gaussian",
          arguments: [Canvas.Backing.recording, .raster(scale: 1)])
    func offsetAndFalloff(backing: Canvas.Backing) throws {
        let image = try draw(backing: backing) { api, paint, ctx in
            api.translate!(ctx, 5, 5)   // the offset is in points, not moved by the transform
            paint.set_shadow!(ctx, size(10, 10), 8, color(0, 0, 0, 1))
            api.set_fill_color!(ctx, whiteColor)
            api.fill_rect!(ctx, rect(25, 25, 40, 40))   // (30, 30) to (70, 70) on the canvas
        }
        // The shape is white, on top of its shadow.
        expectPixel(image, 50, 50, white, tolerance: 0)
        // Along y = 55, right of the shape: the shadow's edge is at x = 80.
        let alphas = (70..<100).map { Int(image.pixel(x: $0, y: 55).a) }
        #expect(alphas[72 - 70] > 230, "\(alphas)")                       // 8 px inside the shadow: nearly full
        #expect(abs(alphas[79 - 70] - 128) <= 30, "\(alphas)")            // the edge (pixel 79's centre, 0.5 in): half
        #expect(alphas[88 - 70] < 20, "\(alphas)")                        // 8 px outside: nearly none
        #expect(alphas[97 - 70] == 0, "\(alphas)")
        #expect(zip(alphas, alphas.dropFirst()).allSatisfy { $0 >= $1 }, "falls off monotonically: \(alphas)")
        // Symmetric about the edge, as a Gaussian's integral is.
        #expect(abs((alphas[76 - 70] + alphas[83 - 70]) - 255) <= 20, "\(alphas)")
        // Nothing up and left of the shape: the shadow is offset down and right.
        #expect(image.pixel(x: 26, y: 50).a == 0)
        #expect(image.pixel(x: 50, y: 26).a == 0)
        // Below the shape the same falloff, about y = 80.
        #expect(abs(Int(image.pixel(x: 55, y: 79).a) - 128) <= 30)
    }

    @Test("a shadow is worked out only where the clip lets it show: a shape 50,000 points wide casts, under a 20-point clip, the shadow a small one casts")
    func confinedToClip() throws {
        // Unconfined, the huge shape's blurred mask would be 50,040 x 50,100 pixels (2.5 GB).
        func shadowed(_ shape: easel_rect) throws -> RasterImage {
            try draw { api, paint, ctx in
                paint.clip_to_rect!(ctx, rect(40, 40, 20, 20))
                paint.set_shadow!(ctx, size(10, 0), 4, color(0, 0, 0, 1))
                api.set_fill_color!(ctx, whiteColor)
                api.fill_rect!(ctx, shape)   // its right edge at x = 40, the shadow's at 50
            }
        }
        let huge = try shadowed(rect(-50_000, -50_000, 50_040, 50_100))
        let small = try shadowed(rect(0, 0, 40, 100))
        #expect(huge == small)
        // The shadow's edge runs down the middle of the clip: half alpha at x = 50, none outside the clip.
        #expect(abs(Int(huge.pixel(x: 50, y: 50).a) - 128) <= 30, "\(huge.pixel(x: 50, y: 50))")
        #expect(huge.pixel(x: 45, y: 50).a > 200)
        #expect(huge.pixel(x: 30, y: 50).a == 0 && huge.pixel(x: 50, y: 30).a == 0)
    }

    @Test("blur 0 is a sharp shadow; restoring the state turns it off; alpha 0 turns it off")
    func sharpAndScoped() throws {
        let image = try draw { api, paint, ctx in
            api.save_state!(ctx)
            paint.set_shadow!(ctx, size(5, 0), 0, color(0, 0, 1, 1))
            api.set_fill_color!(ctx, redColor)
            api.fill_rect!(ctx, rect(10, 10, 10, 10))
            api.restore_state!(ctx)
            api.fill_rect!(ctx, rect(10, 40, 10, 10))
            paint.set_shadow!(ctx, size(5, 0), 3, color(0, 0, 1, 0))
            api.fill_rect!(ctx, rect(10, 70, 10, 10))
        }
        expectPixel(image, 15, 15, red, tolerance: 0)
        expectPixel(image, 22, 15, blue, tolerance: 0)          // the sharp shadow from x = 15 to 25
        expectPixel(image, 25, 15, transparent, tolerance: 0)
        expectPixel(image, 22, 45, transparent, tolerance: 0)   // restored: no shadow
        expectPixel(image, 22, 75, transparent, tolerance: 0)   // alpha 0: no shadow
    }

    @Test("strokes, paths, text and transparency layers cast shadows; a layer casts one for the whole group")
    func everyPaintCasts() throws {
        let image = try draw { api, paint, ctx in
            paint.set_shadow!(ctx, size(0, 10), 0, color(0, 0, 0, 1))
            api.set_stroke_color!(ctx, redColor)
            api.set_line_width!(ctx, 4)
            api.move_to!(ctx, 10, 10)
            api.add_line_to!(ctx, 40, 10)
            api.stroke_path!(ctx)                                  // shadow at y = 20
            api.add_rect!(ctx, rect(60, 5, 10, 10))
            paint.draw_path!(ctx, Int32(EASEL_PATH_FILL))          // shadow from y = 15 to 25
            api.set_fill_color!(ctx, greenColor)
            api.set_alpha!(ctx, 0.5)
            paint.begin_transparency_layer!(ctx)
            api.fill_rect!(ctx, rect(10, 50, 20, 20))
            api.fill_rect!(ctx, rect(20, 50, 20, 20))               // overlapping: one shadow, not two
            paint.end_transparency_layer!(ctx)
            api.set_alpha!(ctx, 1)
            api.set_font!(ctx, "Sans", 20)
            api.show_text!(ctx, "HH", 55, 80)                      // glyphs above y = 80, shadows down to 90
        }
        var textShadow = 0
        for x in 55..<95 {
            for y in 81..<91 {
                let pixel = image.pixel(x: x, y: y)
                if pixel.a > 200 && pixel.r == 0 && pixel.g == 0 { textShadow += 1 }
            }
        }
        #expect(textShadow > 20, "\(textShadow) shadow pixels under the text")
        expectPixel(image, 25, 20, RGBA(r: 0, g: 0, b: 0), tolerance: 0)
        expectPixel(image, 65, 22, RGBA(r: 0, g: 0, b: 0), tolerance: 0)
        // The layer's shadow below it: black at the layer's alpha, the same under the overlap as beside it.
        let beside = image.pixel(x: 15, y: 75), under = image.pixel(x: 25, y: 75)
        #expect(beside == under, "\(beside) \(under)")
        #expect(beside.a >= 126 && beside.a <= 129 && beside.r == 0 && beside.g == 0, "\(beside)")
    }

    @Test("gradients stay gradients in SVG; shadows, gradients and layers replay into SVG, PDF and PNG at any scale")
    func vectorOutputs() throws {
        let canvas = try Canvas(width: 100, height: 100)
        try drawAsPlugin(on: canvas) { api, ctx in
            let paint = Canvas.paintAPI.pointee
            let gradient = try #require(paint.gradient_create!([redColor, blueColor], nil, 2))
            defer { paint.gradient_release!(gradient) }
            paint.draw_linear_gradient!(ctx, gradient, easel_point(x: 0, y: 0), easel_point(x: 100, y: 0), 0)
            paint.draw_radial_gradient!(ctx, gradient, easel_point(x: 80, y: 80), 0, easel_point(x: 80, y: 80), 10, 0)
            paint.set_shadow!(ctx, size(5, 5), 4, color(0, 0, 0, 1))
            paint.begin_transparency_layer!(ctx)
            api.set_fill_color!(ctx, greenColor)
            api.fill_rect!(ctx, rect(20, 20, 20, 20))
            paint.end_transparency_layer!(ctx)
        }
        let svgPath = outputPath("\(UUID().uuidString).svg"), pdfPath = outputPath("\(UUID().uuidString).pdf")
        try canvas.write(to: svgPath)
        try canvas.write(to: pdfPath)
        defer {
            if !keepOutput {
                try? FileManager.default.removeItem(atPath: svgPath)
                try? FileManager.default.removeItem(atPath: pdfPath)
            }
        }
        let svg = String(decoding: try #require(FileManager.default.contents(atPath: svgPath)), as: UTF8.self)
        #expect(svg.contains("linearGradient") && svg.contains("radialGradient"))
        let pdf = try #require(FileManager.default.contents(atPath: pdfPath))
        #expect(pdf.starts(with: Array("%PDF-".utf8)) && pdf.count > 500)
        // At 2x the gradient is as smooth and the shadow where it was.
        let image = try rendered(canvas, scale: 2)
        expectPixel(image, 99, 10, RGBA(r: 128, g: 0, b: 127), tolerance: 2)   // x = 49.75 points: t = 0.4975
        expectPixel(image, 60, 60, green, tolerance: 0)
        let shaded = image.pixel(x: 84, y: 84)   // (42, 42): 3 points inside the shadow, over the gradient (148, 0, 107)
        #expect(shaded.r < 40 && shaded.b < 40, "\(shaded)")
    }

    @Test("bad shadows are errors naming the call")
    func badShadows() throws {
        for (body, message) in [
            ({ (p: easel_paint_api, c: OpaquePointer) in p.set_shadow!(c, size(1, 1), -1, color(0, 0, 0)) },
             "set_shadow: negative blur -1.0"),
            ({ p, c in p.set_shadow!(c, size(.nan, 1), 1, color(0, 0, 0)) }, "set_shadow: non-finite value nan"),
            ({ p, c in p.set_shadow!(c, size(1e9, 1), 1, color(0, 0, 0)) },
             "set_shadow: offset (1000000000.0, 1.0) is too large"),
        ] as [((easel_paint_api, OpaquePointer) -> Void, String)] {
            let canvas = try Canvas(width: 10, height: 10)
            try drawAsPlugin(on: canvas) { _, ctx in body(Canvas.paintAPI.pointee, ctx) }
            #expect(canvas.takeError()?.message == message)
        }
    }
}
