import EaselABI
import EaselCanvas
import EaselGraphicsCore
import EaselTestSupport
import Testing

// Plain text on a raster canvas is drawn by TextEngine.showGlyphs (one
// cairo_show_glyphs per run) instead of pangocairo's renderer. The two must
// give the same pixels, bit for bit: each case is drawn both ways on the
// test's own thread (the engine is per thread) and the surfaces compared.

/// One way of drawing text through the text table.
private struct TextCase: CustomStringConvertible, Sendable {
    var description: String
    var font = "DejaVu Sans 15"
    var scale = 1.0
    /// Applied to the context before drawing (a transform).
    var setUp: @Sendable (easel_graphics_api, OpaquePointer) -> Void = { _, _ in }
    var draw: @Sendable (easel_text_api, OpaquePointer) -> Void
}

private let paragraph = "Waffles, AVATAR office: ﬁne naïve café. Καλημέρα κόσμε, Привет мир."

private let cases: [TextCase] = [
    TextCase(description: "Latin with kerning and ligatures at a baseline") { api, ctx in
        api.draw_text_at!(ctx, "AVATAR Type office, affine Waffles", -1, 4.3, 30.7, nil, 0)
    },
    TextCase(description: "Arabic (joined) and Hebrew (right to left) at a baseline") { api, ctx in
        api.draw_text_at!(ctx, "مرحبا بالعالم 123 שלום עולם", -1, 7.55, 28.2, nil, 0)
    },
    // (Hebrew and Arabic are not in DejaVu Serif: they come from DejaVu Sans, a run in another font.)
    TextCase(description: "combining marks and characters from a fallback font", font: "DejaVu Serif 15") { api, ctx in
        api.draw_text_at!(ctx, "e\u{301}a\u{308}o\u{323}\u{302} אבג مرحبا ΑΒΓ", -1, 3, 32, nil, 0)
    },
    TextCase(description: "a wrapped, justified paragraph in a rect") { api, ctx in
        var style = textStyle(alignment: Int32(EASEL_TEXT_ALIGN_JUSTIFIED))
        api.draw_text_in_rect!(ctx, paragraph, -1, rect(5.5, 2.25, 180, 100), &style, nil, 0)
    },
    TextCase(description: "centred and right-aligned lines, right-to-left text") { api, ctx in
        var centre = textStyle(alignment: Int32(EASEL_TEXT_ALIGN_CENTER))
        api.draw_text_in_rect!(ctx, "Centred line\nand a second", -1, rect(0, 0, 200, 40), &centre, nil, 0)
        var right = textStyle(alignment: Int32(EASEL_TEXT_ALIGN_RIGHT))
        api.draw_text_in_rect!(ctx, "שלום עולם", -1, rect(0, 40, 200, 20), &right, nil, 0)
        var natural = textStyle()
        api.draw_text_in_rect!(ctx, "مرحبا بالعالم", -1, rect(0, 60, 200, 20), &natural, nil, 0)
    },
    TextCase(description: "truncation at the tail, the head and the middle, one line and two") { api, ctx in
        let text = "The quick brown fox jumps over the lazy dog again and again"
        for (row, mode) in [EASEL_TRUNCATE_TAIL, EASEL_TRUNCATE_HEAD, EASEL_TRUNCATE_MIDDLE].enumerated() {
            var style = textStyle(truncation: Int32(mode), maxLines: 1)
            api.draw_text_in_rect!(ctx, text, -1, rect(2, Double(row) * 20 + 0.4, 150, 20), &style, nil, 0)
        }
        var two = textStyle(truncation: Int32(EASEL_TRUNCATE_TAIL), maxLines: 2)
        api.draw_text_in_rect!(ctx, text, -1, rect(2, 62, 120, 40), &two, nil, 0)
    },
    TextCase(description: "a small-print page cut with an ellipsis: more glyphs than the first scratch buffer holds",
             font: "DejaVu Sans 6") { api, ctx in
        var style = textStyle(truncation: Int32(EASEL_TRUNCATE_TAIL))
        let page = Array(repeating: paragraph, count: 12).joined(separator: " ")
        api.draw_text_in_rect!(ctx, page, -1, rect(1, 1, 198, 108), &style, nil, 0)
    },
    TextCase(description: "a 2x canvas under a rotation and a fractional translation", scale: 2, setUp: { g, ctx in
        g.translate!(ctx, 20.37, 10.81)
        g.rotate!(ctx, 0.3)
    }) { api, ctx in
        var style = textStyle(truncation: Int32(EASEL_TRUNCATE_TAIL), maxLines: 2)
        api.draw_text_in_rect!(ctx, paragraph, -1, rect(0, 0, 150, 40), &style, nil, 0)
    },
    TextCase(description: "a bold font from a descriptor, and a character no font has (Pango's hex box)",
             font: "DejaVu Serif Bold 17") { api, ctx in
        api.draw_text_at!(ctx, "Bold \u{0E01} box", -1, 5, 40, nil, 0)
    },
]

/// Draws `textCase` on a white raster canvas, by the glyph path or by Pango's renderer.
private func render(_ textCase: TextCase, direct: Bool) throws -> (image: RasterImage, directDraws: Int) {
    let engine = TextEngine.current
    engine.drawsGlyphsDirectly = direct
    defer { engine.drawsGlyphsDirectly = true }
    let before = engine.directGlyphDraws
    let canvas = try Canvas(width: 200, height: 110, background: whiteColor, backing: .raster(scale: textCase.scale))
    try drawAsPlugin(on: canvas) { graphics, ctx in
        textCase.setUp(graphics, ctx)
        graphics.set_fill_color!(ctx, easel_color(red: 0.1, green: 0.2, blue: 0.5, alpha: 0.9))
        withFont(textCase.font) { Canvas.textAPI.pointee.set_font!(ctx, $0) }
        textCase.draw(Canvas.textAPI.pointee, ctx)
    }
    if let error = canvas.takeError() { throw error }
    return (try RasterImage(pngData: canvas.pngData()), engine.directGlyphDraws - before)
}

@Suite("Plain text drawn glyph run by glyph run, without Pango's renderer")
struct TextGlyphPathTests {
    @Test("the same pixels as pango_cairo_show_layout", arguments: cases.indices)
    func samePixels(_ index: Int) throws {
        let textCase = cases[index]
        let (glyphs, directDraws) = try render(textCase, direct: true)
        let (pango, pangoDraws) = try render(textCase, direct: false)
        #expect(pangoDraws == 0)
        #expect(inkCount(pango) > 40, "\(textCase): nothing drawn")
        let differing = differences(glyphs, pango)
        #expect(differing.isEmpty, "\(textCase): \(differing)")
        if textCase.font.hasPrefix("DejaVu Serif Bold") {
            // The hex box is Pango's to draw: that layout went through the renderer.
            #expect(directDraws == 0)
        } else {
            #expect(directDraws > 0, "\(textCase): the glyph path was not taken")
        }
    }

    @Test("attributed runs are left to Pango's renderer, which draws their colours and lines")
    func attributedTextUsesPango() throws {
        let engine = TextEngine.current
        let before = engine.directGlyphDraws
        let canvas = try Canvas(width: 200, height: 60, background: whiteColor, backing: .raster(scale: 1))
        var runs = [easel_text_attribute(), easel_text_attribute()]
        runs[0].start = 0
        runs[0].end = 5
        runs[0].kind = Int32(EASEL_TEXT_ATTR_COLOR)
        runs[0].color = easel_color(red: 1, green: 0, blue: 0, alpha: 1)
        runs[1].start = 6
        runs[1].end = 11
        runs[1].kind = Int32(EASEL_TEXT_ATTR_UNDERLINE)
        runs[1].value = 1
        try drawAsPlugin(on: canvas) { _, ctx in
            withFont("DejaVu Sans 16") { Canvas.textAPI.pointee.set_font!(ctx, $0) }
            Canvas.textAPI.pointee.draw_text_at!(ctx, "Hello world", -1, 5, 30, runs, UInt32(runs.count))
        }
        #expect(engine.directGlyphDraws == before)
        let image = try RasterImage(pngData: canvas.pngData())
        // The first word red, an underline under the second.
        var red = 0
        for y in 0..<image.height {
            for x in 0..<50 {
                let p = image.pixel(x: x, y: y)
                if p.r > 200 && p.g < 80 && p.b < 80 { red += 1 }
            }
        }
        #expect(red > 20)
        // The underline: a row of ink just under the baseline (y = 30, where no glyph of "world" reaches).
        let start = 5 + measure("Hello ", font: "DejaVu Sans 16").width
        #expect(inkCount(image, in: rect(start, 30, 40, 3)) > 30)
        #expect(inkCount(image, in: rect(5, 30, start - 8, 3)) == 0)
    }
}
