import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

// Text through Pango: the easel.text.v1 table used as a plugin uses it
// (Canvas.textAPI, the context from current_context()), measured and read
// back as pixels. Fonts: DejaVu (fonts-dejavu-core, installed by .ci/run).

/// A paragraph style.
func textStyle(
    alignment: Int32 = Int32(EASEL_TEXT_ALIGN_NATURAL), lineBreak: Int32 = Int32(EASEL_LINE_BREAK_WORD),
    truncation: Int32 = Int32(EASEL_TRUNCATE_NONE), maxLines: Int32 = 0, lineSpacing: Double = 0,
    font: UnsafePointer<easel_font_desc>? = nil
) -> easel_text_style {
    var style = easel_text_style()
    style.struct_size = UInt32(MemoryLayout<easel_text_style>.size)
    style.alignment = alignment
    style.line_break = lineBreak
    style.truncation = truncation
    style.max_lines = maxLines
    style.line_spacing = lineSpacing
    style.font = font
    return style
}

/// The size `text` needs `width` wide (0: unwrapped) in `font`, measured without a context.
func measure(_ text: String, font: String, width: Double = 0, weight: Int32 = 0, style: easel_text_style? = nil) -> easel_size {
    let api = Canvas.textAPI.pointee
    return withFont(font, weight: weight) { desc in
        var paragraph = style ?? textStyle()
        paragraph.font = desc
        return api.measure_text!(nil, text, -1, width, 0, &paragraph, nil, 0)
    }
}

/// Pixels darker than mid-grey.
func inkCount(_ image: RasterImage, in area: easel_rect? = nil) -> Int {
    var count = 0
    for y in 0..<image.height {
        for x in 0..<image.width {
            if let area, !(Double(x) >= area.origin.x && Double(x) < area.origin.x + area.size.width
                && Double(y) >= area.origin.y && Double(y) < area.origin.y + area.size.height) { continue }
            let p = image.pixel(x: x, y: y)
            if Int(p.r) + Int(p.g) + Int(p.b) < 3 * 160 { count += 1 }
        }
    }
    return count
}

/// Draws with the text table on a white raster canvas and reads the pixels.
func drawText(
    width: Double = 200, height: Double = 60, _ body: (easel_text_api, easel_graphics_api, OpaquePointer) throws -> Void
) throws -> RasterImage {
    let canvas = try Canvas(width: width, height: height, background: whiteColor, backing: .raster(scale: 1))
    try drawAsPlugin(on: canvas) { graphics, ctx in try body(Canvas.textAPI.pointee, graphics, ctx) }
    if let error = canvas.takeError() { throw error }
    return try RasterImage(pngData: canvas.pngData())
}

@Suite("Text with Pango (easel.text.v1)")
struct TextTests {
    @Test("the text table has its header and is the table get_extension finds under easel.text.v1")
    func tableHeader() {
        let api = Canvas.textAPI.pointee
        #expect(api.struct_size == 56)
        #expect(api.abi_version >> 16 == UInt32(EASEL_ABI_VERSION_MAJOR))
        #expect(Canvas.textExtensionID == "easel.text.v1")
    }

    @Test("bold is wider than regular for the same string, and inks more pixels")
    func boldWiderThanRegular() throws {
        let regular = measure("Hello, world", font: "DejaVu Sans 20")
        let bold = measure("Hello, world", font: "DejaVu Sans 20", weight: Int32(EASEL_FONT_WEIGHT_BOLD))
        let boldByString = measure("Hello, world", font: "DejaVu Sans Bold 20")
        #expect(bold.width > regular.width * 1.05)
        #expect(abs(bold.width - boldByString.width) < 0.001)
        var inks: [Int] = []
        for weight in [Int32(EASEL_FONT_WEIGHT_REGULAR), Int32(EASEL_FONT_WEIGHT_BOLD)] {
            let image = try drawText { text, _, ctx in
                withFont("DejaVu Sans 20", weight: weight) { text.set_font!(ctx, $0) }
                text.draw_text_at!(ctx, "Hello, world", -1, 10, 40, nil, 0)
            }
            inks.append(inkCount(image))
        }
        #expect(inks[1] > inks[0] * 5 / 4, "bold \(inks[1]) vs regular \(inks[0]) dark pixels")
    }

    @Test("an Arabic word is narrower shaped (joined) than as isolated letters")
    func arabicShaping() {
        // ZERO WIDTH NON-JOINER between the letters forces their isolated forms.
        let joined = measure("مرحبا", font: "DejaVu Sans 24")
        let isolated = measure("م\u{200C}ر\u{200C}ح\u{200C}ب\u{200C}ا", font: "DejaVu Sans 24")
        #expect(joined.width > 10)
        #expect(joined.width < isolated.width * 0.9, "joined \(joined.width) vs isolated \(isolated.width)")
    }

    @Test("a wrapped paragraph is lines x line height tall")
    func wrappedParagraphHeight() {
        let font = "DejaVu Sans 16"
        let one = measure("mmmm", font: font).width
        let two = measure("mmmm mmmm", font: font).width
        let width = (one + two) / 2  // one word per line
        let paragraph = Array(repeating: "mmmm", count: 7).joined(separator: " ")
        let size = measure(paragraph, font: font, width: width)
        let metrics = withFont(font) { Canvas.textAPI.pointee.font_metrics!(nil, $0) }
        #expect(metrics.ascent > 0 && metrics.descent > 0)
        #expect(abs(metrics.line_height - (metrics.ascent + metrics.descent)) < 1e-9)
        #expect(abs(size.height - 7 * metrics.line_height) < 0.01, "\(size.height) vs 7 x \(metrics.line_height)")
        #expect(abs(size.width - one) < 0.01)
        // Line spacing adds between lines, not after the last.
        let spaced = measure(paragraph, font: font, width: width, style: textStyle(lineSpacing: 3))
        #expect(abs(spaced.height - (7 * metrics.line_height + 6 * 3)) < 0.01)
        // A line limit counts lines.
        let limited = measure(paragraph, font: font, width: width, style: textStyle(maxLines: 3))
        #expect(abs(limited.height - 3 * metrics.line_height) < 0.01)
    }

    @Test("tail truncation fits the rect and ends in an ellipsis")
    func tailTruncation() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        let box = rect(10, 10, 120, 30)
        var style = textStyle(truncation: Int32(EASEL_TRUNCATE_TAIL), maxLines: 1)
        let image = try drawText { api, _, ctx in
            withFont("DejaVu Sans 16") { api.set_font!(ctx, $0) }
            api.draw_text_in_rect!(ctx, text, -1, box, &style, nil, 0)
        }
        #expect(inkCount(image) > 100)
        #expect(inkCount(image) == inkCount(image, in: box), "ink outside the rect")
        // The shown line is what "prefix…" is: find the prefix by its width, draw it plainly, compare.
        let shown = measure(text, font: "DejaVu Sans 16", width: 120, style: style)
        #expect(shown.width <= 120 && shown.width > 60)
        let scalars = Array(text.unicodeScalars)
        // (Pango measures the ellipsis without kerning against the letter before it: within half a point.)
        let prefix = try #require((1..<scalars.count).map { String(String.UnicodeScalarView(scalars[0..<$0])) }
            .min { abs(measure($0 + "…", font: "DejaVu Sans 16").width - shown.width)
                < abs(measure($1 + "…", font: "DejaVu Sans 16").width - shown.width) })
        #expect(abs(measure(prefix + "…", font: "DejaVu Sans 16").width - shown.width) < 0.5)
        let plain = try drawText { api, _, ctx in
            withFont("DejaVu Sans 16") { api.set_font!(ctx, $0) }
            api.draw_text_in_rect!(ctx, prefix + "…", -1, box, nil, nil, 0)
        }
        #expect(contentsEqual(image, plain), "\(differences(image, plain))")
        #expect(prefix.hasPrefix("The quick"))
    }

    @Test("a character missing from the font is drawn from a fallback font, not as a box")
    func fallbackFont() throws {
        // U+05D0 HEBREW LETTER ALEF is in DejaVu Sans, not in DejaVu Serif.
        func glyph(_ family: String, _ text: String) throws -> RasterImage {
            try drawText(width: 40, height: 40) { api, _, ctx in
                withFont("\(family) 24") { api.set_font!(ctx, $0) }
                api.draw_text_at!(ctx, text, -1, 8, 30, nil, 0)
            }
        }
        let fromSerif = try glyph("DejaVu Serif", "\u{05D0}")
        let fromSans = try glyph("DejaVu Sans", "\u{05D0}")
        // U+0E01 THAI CHARACTER KO KAI is in no DejaVu font: Pango draws its hex box.
        let box = try glyph("DejaVu Serif", "\u{0E01}")
        #expect(inkCount(fromSerif) > 30)
        #expect(contentsEqual(fromSerif, fromSans), "\(differences(fromSerif, fromSans))")
        #expect(!contentsEqual(fromSerif, box))
    }

    @Test("alignment: right and centre put the line's ink against the right edge and around the middle")
    func alignment() throws {
        let box = rect(0, 0, 200, 40)
        func inkColumns(_ alignment: Int32) throws -> ClosedRange<Int> {
            var style = textStyle(alignment: alignment)
            let image = try drawText { api, _, ctx in
                withFont("DejaVu Sans 16") { api.set_font!(ctx, $0) }
                api.draw_text_in_rect!(ctx, "Hello", -1, box, &style, nil, 0)
            }
            let columns = (0..<image.width).filter { x in (0..<image.height).contains { y in
                let p = image.pixel(x: x, y: y); return Int(p.r) + Int(p.g) + Int(p.b) < 3 * 160 } }
            return try #require(columns.first)...(try #require(columns.last))
        }
        let width = measure("Hello", font: "DejaVu Sans 16").width
        let left = try inkColumns(Int32(EASEL_TEXT_ALIGN_LEFT))
        let right = try inkColumns(Int32(EASEL_TEXT_ALIGN_RIGHT))
        let centre = try inkColumns(Int32(EASEL_TEXT_ALIGN_CENTER))
        #expect(left.lowerBound <= 3)
        #expect(right.upperBound >= 195 && right.lowerBound >= Int(200 - width) - 2)
        #expect(abs(Double(centre.lowerBound + centre.upperBound) / 2 - 100) <= 3)
    }

    @Test("the graphics table's set_font/show_text/measure_text go through Pango: bold by name, text at the baseline")
    func graphicsTableText() throws {
        var regular = easel_size(), bold = easel_size()
        var metrics = easel_font_metrics()
        let image = try drawText { text, g, ctx in
            g.set_font!(ctx, "DejaVu Sans", 20)
            regular = g.measure_text!(ctx, "Hello")
            metrics = text.font_metrics!(ctx, nil)
            withFont("DejaVu Sans Bold 20") { text.set_font!(ctx, $0) }
            bold = g.measure_text!(ctx, "Hello")
            g.show_text!(ctx, "Hello", 10, 40)
        }
        #expect(bold.width > regular.width)
        #expect(abs(regular.height - (metrics.ascent + metrics.descent)) < 1e-9)
        // The baseline is at y = 40: ink above it, and none of "Hello" below it (no descenders).
        #expect(inkCount(image, in: rect(0, 20, 200, 20)) > 100)
        #expect(inkCount(image, in: rect(0, 41, 200, 19)) == 0)
    }

    @Test("the rect of a character range: the second line's first word is one line height down")
    func characterRect() {
        let api = Canvas.textAPI.pointee
        let text = "mmmm mmmm"
        let one = measure("mmmm", font: "DejaVu Sans 16").width
        withFont("DejaVu Sans 16") { desc in
            var style = textStyle(font: desc)
            let metrics = api.font_metrics!(nil, desc)
            let box = rect(5, 7, one + 4, 100)
            let first = api.character_rect!(nil, text, -1, box, &style, nil, 0, 0, 4)
            let second = api.character_rect!(nil, text, -1, box, &style, nil, 0, 5, 9)
            #expect(abs(first.origin.x - 5) < 0.01 && abs(first.origin.y - 7) < 0.01)
            #expect(abs(first.size.width - one) < 0.01)
            #expect(abs(second.origin.y - (7 + metrics.line_height)) < 0.01)
            #expect(abs(second.size.height - metrics.line_height) < 0.01)
        }
    }

    @Test("attributed runs: a coloured run draws in its colour, an underline adds ink under the baseline")
    func attributedRuns() throws {
        var run = easel_text_attribute()
        run.start = 0
        run.end = 3
        run.kind = Int32(EASEL_TEXT_ATTR_COLOR)
        run.color = redColor
        var underline = easel_text_attribute()
        underline.start = 0
        underline.end = 6
        underline.kind = Int32(EASEL_TEXT_ATTR_UNDERLINE)
        underline.value = 1
        let image = try drawText { api, _, ctx in
            withFont("DejaVu Sans 20") { api.set_font!(ctx, $0) }
            var runs = [run, underline]
            api.draw_text_at!(ctx, "abcdef", -1, 10, 30, &runs, 2)
        }
        let width = measure("abc", font: "DejaVu Sans 20").width
        let reds = (0..<image.height).flatMap { y in (0..<image.width).map { image.pixel(x: $0, y: y) }.enumerated()
            .filter { $0.element.isClose(to: red, tolerance: 60) }.map { $0.offset } }
        #expect(reds.count > 20)
        #expect(reds.allSatisfy { Double($0) < 10 + width + 1 })
        // The underline: a row of ink just under the baseline (y = 30, where no glyph of "abcdef" reaches), across the run.
        #expect(inkCount(image, in: rect(0, 30, 200, 1)) > 60)
    }

    @Test("bad input puts the canvas in error with a message naming the call")
    func badInput() throws {
        let canvas = try Canvas(width: 20, height: 20, backing: .raster(scale: 1))
        try drawAsPlugin(on: canvas) { _, ctx in
            let api = Canvas.textAPI.pointee
            var bad = textStyle(alignment: 9)
            api.draw_text_in_rect!(ctx, "x", -1, rect(0, 0, 10, 10), &bad, nil, 0)
        }
        #expect(canvas.takeError()?.description.contains("draw_text_in_rect: unknown text alignment 9") == true)
        let invalid = try Canvas(width: 20, height: 20, backing: .raster(scale: 1))
        try drawAsPlugin(on: invalid) { g, ctx in
            let bytes: [CChar] = [CChar(bitPattern: 0xFF), 0x41, 0]
            g.show_text!(ctx, bytes, 0, 10)
        }
        #expect(invalid.takeError()?.description.contains("cairo: input string not valid UTF-8 (in show_text)") == true)
        let negative = try Canvas(width: 20, height: 20, backing: .raster(scale: 1))
        try drawAsPlugin(on: negative) { _, ctx in
            withFont(nil, size: -3) { Canvas.textAPI.pointee.set_font!(ctx, $0) }
        }
        #expect(negative.takeError()?.description.contains("set_font: negative size -3.0") == true)
        // Measuring bad text without a context is zero, not a crash.
        #expect(Canvas.textAPI.pointee.measure_text!(nil, nil, -1, 0, 0, nil, nil, 0).width == 0)
    }


    @Test("PDF output keeps text as text: the bold face embedded, with a ToUnicode map for selection")
    func pdfKeepsText() throws {
        let canvas = try Canvas(width: 200, height: 50)
        try drawAsPlugin(on: canvas) { _, ctx in
            let api = Canvas.textAPI.pointee
            withFont("DejaVu Sans Bold 14") { api.set_font!(ctx, $0) }
            api.draw_text_at!(ctx, "Hello Easel", -1, 5, 30, nil, 0)
        }
        #expect(canvas.takeError() == nil)
        let path = outputPath("\(UUID().uuidString).pdf")
        try canvas.write(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let pdf = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
        #expect(pdf.contains("+DejaVuSans-Bold"))
        #expect(pdf.contains("/ToUnicode"))
    }


    @Test("shaping: a combining mark adds no advance, kerning pulls AV together, Hebrew aligns right when natural")
    func shapingAndBidi() throws {
        let font = "DejaVu Sans 24"
        #expect(abs(measure("e\u{0301}", font: font).width - measure("e", font: font).width) < 0.01)
        #expect(measure("AV", font: font).width < measure("A", font: font).width + measure("V", font: font).width - 0.5)
        // Natural alignment follows the paragraph's direction: Hebrew ink hugs the right edge.
        var style = textStyle()
        let image = try drawText(width: 200, height: 40) { api, _, ctx in
            withFont(font) { api.set_font!(ctx, $0) }
            api.draw_text_in_rect!(ctx, "\u{05E9}\u{05DC}\u{05D5}\u{05DD}", -1, rect(0, 0, 200, 40), &style, nil, 0)
        }
        #expect(inkCount(image, in: rect(140, 0, 60, 40)) > 50)
        #expect(inkCount(image, in: rect(0, 0, 120, 40)) == 0)
    }


    @Test("text under set_should_antialias(0) has hard edges: every pixel the background or the fill colour")
    func textWithoutAntialiasing() throws {
        let paint = Canvas.paintAPI.pointee
        func image(antialias: Int32) throws -> RasterImage {
            try drawText(width: 200, height: 60) { api, g, ctx in
                paint.set_should_antialias!(ctx, antialias)
                g.set_fill_color!(ctx, redColor)
                withFont("DejaVu Sans 20") { api.set_font!(ctx, $0) }
                api.draw_text_at!(ctx, "Hard edges", -1, 10, 25, nil, 0)
                var style = textStyle()
                api.draw_text_in_rect!(ctx, "Wrapped text", -1, rect(10, 30, 190, 30), &style, nil, 0)
            }
        }
        let hard = try image(antialias: 0)
        let reds = hard.pixels.filter { $0 == red }.count
        let between = hard.pixels.filter { $0 != red && $0 != RGBA(r: 255, g: 255, b: 255) }.count
        #expect(reds > 300 && between == 0, "\(reds) red, \(between) in between")
        // Antialiased, the same text has edge pixels between red and white.
        let smooth = try image(antialias: 1)
        #expect(smooth.pixels.filter { $0 != red && $0 != RGBA(r: 255, g: 255, b: 255) }.count > 100)
    }

    @Test("without truncation, lines past max_lines or below the rect are not drawn")
    func lineLimitsWithoutTruncation() throws {
        let font = "DejaVu Sans 16"
        let one = measure("mmmm", font: font).width
        let lineHeight = withFont(font) { Canvas.textAPI.pointee.font_metrics!(nil, $0) }.line_height
        let paragraph = Array(repeating: "mmmm", count: 7).joined(separator: " ")
        func draw(maxLines: Int32, height: Double) throws -> RasterImage {
            var style = textStyle(maxLines: maxLines)
            return try drawText(width: 100, height: 200) { api, _, ctx in
                withFont(font) { api.set_font!(ctx, $0) }
                api.draw_text_in_rect!(ctx, paragraph, -1, rect(0, 0, one + 2, height), &style, nil, 0)
            }
        }
        let all = try draw(maxLines: 0, height: 200)
        let two = try draw(maxLines: 2, height: 200)
        let fitting = try draw(maxLines: 0, height: 2.5 * lineHeight)
        let below = rect(0, 2 * lineHeight + 1, 100, 200)
        #expect(inkCount(all, in: below) > 200)
        #expect(inkCount(two, in: below) == 0 && inkCount(two) > 100)
        #expect(contentsEqual(two, fitting))
    }

    @Test("text drawn on two threads at once, one under a 1e-8 scale, leaves the other's glyphs unchanged")
    func threadsDoNotShareFontState() async throws {
        func draw(scale: Double) throws -> RasterImage {
            try drawText(width: 120, height: 40) { text, g, ctx in
                g.save_state!(ctx)
                g.scale!(ctx, scale, scale)
                withFont("DejaVu Sans 18") { text.set_font!(ctx, $0) }
                text.draw_text_at!(ctx, "Glyphs", -1, 5, 28, nil, 0)
                g.restore_state!(ctx)
            }
        }
        let reference = try draw(scale: 1)
        let results = try await withThrowingTaskGroup(of: RasterImage?.self) { group in
            for index in 0..<8 {
                group.addTask {
                    if index % 2 == 0 {
                        for _ in 0..<10 { _ = try? draw(scale: 1e-8) }
                        return nil
                    }
                    return try draw(scale: 1)
                }
            }
            var images: [RasterImage] = []
            for try await image in group { if let image { images.append(image) } }
            return images
        }
        #expect(results.count == 4)
        for image in results { #expect(contentsEqual(image, reference)) }
    }
}
