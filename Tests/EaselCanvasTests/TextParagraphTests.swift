import EaselABI
import EaselCanvas
import EaselGraphicsCore
import EaselTestSupport
import Testing

// Text of several paragraphs under line limits and truncation, explicit
// alignment across paragraph directions, carets in right-to-left text,
// attribute runs that split a character, and the bound on a font size given
// in the string form. The reference for a cut text is Pango's own handling
// of the same lines as one paragraph (U+2028 LINE SEPARATOR between them).

private let font = "DejaVu Sans 16"
private let hebrew = "\u{05E9}\u{05DC}\u{05D5}\u{05DD}"  // 4 characters, 8 bytes

/// Draws `text` in `box` with `style` on a white 300 x 200 canvas.
private func draw(_ text: String, in box: easel_rect, style: easel_text_style?, runs: [easel_text_attribute] = []) throws
    -> RasterImage
{
    try drawText(width: 300, height: 200) { api, _, ctx in
        withFont(font) { api.set_font!(ctx, $0) }
        var style = style
        withOptionalPointer(&style) { style in
            runs.withUnsafeBufferPointer { runs in
                api.draw_text_in_rect!(ctx, text, -1, box, style, runs.isEmpty ? nil : runs.baseAddress, UInt32(runs.count))
            }
        }
    }
}

private func withOptionalPointer<T, R>(_ value: inout T?, _ body: (UnsafePointer<T>?) -> R) -> R {
    if value == nil { return body(nil) }
    return withUnsafePointer(to: &value!) { body($0) }
}

private var lineHeight: Double { withFont(font) { Canvas.textAPI.pointee.font_metrics!(nil, $0) }.line_height }

@Suite("Text paragraphs: limits over several paragraphs, explicit alignment, carets, runs")
struct TextParagraphTests {
    @Test("max_lines with tail truncation counts lines over all paragraphs; the last shown ends in …")
    func lineLimitOverParagraphs() throws {
        let box = rect(10, 10, 280, 180)
        let tail = textStyle(truncation: Int32(EASEL_TRUNCATE_TAIL), maxLines: 2)
        let text = "First line\nSecond line\nThird line"
        let image = try draw(text, in: box, style: tail)
        // What is shown is "First line" and "Second line…", nothing of the third paragraph.
        let expected = try draw("First line\nSecond line…", in: box, style: nil)
        expectSameImage(image, expected)
        #expect(inkCount(image, in: rect(0, 10 + 2 * lineHeight, 300, 190 - 2 * lineHeight)) == 0)
        // Measured as drawn: two lines, as wide as the wider of them.
        let size = measure(text, font: font, width: 280, style: tail)
        #expect(abs(size.height - 2 * lineHeight) < 0.01)
        #expect(abs(size.width - measure("Second line…", font: font).width) < 0.5)
        // Windows line ends and U+2029 are paragraph breaks too.
        expectSameImage(try draw("First line\r\nSecond line\r\nThird line", in: box, style: tail), expected)
        expectSameImage(try draw("First line\u{2029}Second line\u{2029}Third line", in: box, style: tail), expected)
        // The height limit alone cuts the same way: one line fits, "First line…".
        let short = rect(10, 10, 280, 1.5 * lineHeight)
        let cutByHeight = try draw(text, in: short, style: textStyle(truncation: Int32(EASEL_TRUNCATE_TAIL)))
        expectSameImage(cutByHeight, try draw("First line…", in: short, style: nil))
        // A label of one line shows the first paragraph and "…".
        let oneLine = measure(text, font: font, width: 280, style: textStyle(truncation: Int32(EASEL_TRUNCATE_TAIL), maxLines: 1))
        #expect(abs(oneLine.width - measure("First line…", font: font).width) < 0.5)
        #expect(abs(oneLine.height - lineHeight) < 0.01)
    }

    @Test("a paragraph wrapped over the limit is ellipsized where Pango cuts one paragraph; a trailing break adds no …")
    func wrappedLastParagraph() throws {
        let box = rect(0, 0, 150, 200)
        let tail = textStyle(truncation: Int32(EASEL_TRUNCATE_TAIL), maxLines: 3)
        let text = "Short\nA much longer paragraph that wraps over several lines\nLast"
        let image = try draw(text, in: box, style: tail)
        let reference = try draw(
            "Short\u{2028}A much longer paragraph that wraps over several lines", in: box, style: tail)
        expectSameImage(image, reference)
        #expect(inkCount(image, in: rect(0, 3 * lineHeight, 300, 200 - 3 * lineHeight)) == 0)
        #expect(inkCount(image, in: rect(0, 2 * lineHeight, 150, lineHeight)) > 50)
        // Nothing after the break: nothing is missing, no ellipsis.
        let one = textStyle(truncation: Int32(EASEL_TRUNCATE_TAIL), maxLines: 1)
        expectSameImage(try draw("Alone\n", in: box, style: one), try draw("Alone", in: box, style: nil))
    }

    @Test("attribute runs and character rects keep their byte offsets in paragraphs cut to fit")
    func offsetsInCutText() throws {
        let box = rect(0, 0, 280, 200)
        let tail = textStyle(truncation: Int32(EASEL_TRUNCATE_TAIL), maxLines: 2)
        let text = "First line\nSecond line\nThird line"
        var run = easel_text_attribute()
        run.start = 11  // "Second"
        run.end = 17
        run.kind = Int32(EASEL_TEXT_ATTR_COLOR)
        run.color = redColor
        let image = try draw(text, in: box, style: tail, runs: [run])
        let reds = (0..<image.height).flatMap { y in
            (0..<image.width).filter { image.pixel(x: $0, y: y).isClose(to: red, tolerance: 60) }.map { (x: $0, y: y) }
        }
        #expect(reds.count > 20)
        #expect(reds.allSatisfy { Double($0.y) >= lineHeight - 1 && Double($0.y) < 2 * lineHeight })
        // All of "Second" is red: its last letter's ink reaches past "Secon".
        #expect(Double(reds.map(\.x).max() ?? 0) > measure("Secon", font: font).width)
        #expect(Double(reds.map(\.x).max() ?? 0) < measure("Second", font: font).width + 1)
        withFont(font) { desc in
            var style = tail
            style.font = desc
            let second = Canvas.textAPI.pointee.character_rect!(nil, text, -1, box, &style, nil, 0, 11, 17)
            #expect(abs(second.origin.x) < 0.01)
            #expect(abs(second.origin.y - lineHeight) < 0.01)
            #expect(abs(second.size.width - measure("Second", font: font).width) < 0.01)
        }
    }

    @Test("explicit left and right alignment hold in every paragraph, left-to-right or right-to-left")
    func explicitAlignmentPerParagraph() throws {
        let box = rect(0, 0, 300, 200)
        let left = textStyle(alignment: Int32(EASEL_TEXT_ALIGN_LEFT))
        let right = textStyle(alignment: Int32(EASEL_TEXT_ALIGN_RIGHT))
        let natural = textStyle()
        let line1 = rect(0, 0, 300, lineHeight), line2 = rect(0, lineHeight, 300, lineHeight)
        for text in ["Hello\n" + hebrew, hebrew + "\nHello"] {
            let l = try draw(text, in: box, style: left)
            #expect(inkCount(l, in: line1) > 30 && inkCount(l, in: line2) > 30)
            #expect(inkCount(l, in: rect(100, 0, 200, 200)) == 0, "\(text) left-aligned")
            let r = try draw(text, in: box, style: right)
            #expect(inkCount(r, in: rect(0, 0, 200, 200)) == 0, "\(text) right-aligned")
        }
        // Natural: the Hebrew paragraph right, the Latin one left.
        let n = try draw("Hello\n" + hebrew, in: box, style: natural)
        #expect(inkCount(n, in: rect(0, 0, 100, lineHeight)) > 30 && inkCount(n, in: rect(100, 0, 200, lineHeight)) == 0)
        #expect(inkCount(n, in: rect(200, lineHeight, 100, lineHeight)) > 30 && inkCount(n, in: rect(0, lineHeight, 200, lineHeight)) == 0)
    }

    @Test("a caret in right-to-left text stands on the character's leading (right) edge")
    func rightToLeftCaret() {
        let api = Canvas.textAPI.pointee
        let box = rect(0, 0, 300, 50)
        withFont(font) { desc in
            for alignment in [Int32(EASEL_TEXT_ALIGN_LEFT), Int32(EASEL_TEXT_ALIGN_NATURAL)] {
                var style = textStyle(alignment: alignment, font: desc)
                let whole = api.character_rect!(nil, hebrew, -1, box, &style, nil, 0, 0, 8)
                for index in stride(from: 0, to: 8, by: 2) {
                    let character = api.character_rect!(nil, hebrew, -1, box, &style, nil, 0, UInt32(index), UInt32(index + 2))
                    let caret = api.character_rect!(nil, hebrew, -1, box, &style, nil, 0, UInt32(index), UInt32(index))
                    #expect(caret.size.width == 0)
                    #expect(abs(caret.origin.x - (character.origin.x + character.size.width)) < 0.01, "caret at \(index)")
                }
                let end = api.character_rect!(nil, hebrew, -1, box, &style, nil, 0, 8, 8)
                #expect(abs(end.origin.x - whole.origin.x) < 0.01)
                // Left-to-right text keeps its carets on the left edges.
                let latin = api.character_rect!(nil, "abcd", -1, box, &style, nil, 0, 1, 1)
                #expect(abs(latin.origin.x - measure("a", font: font).width) < 0.01)
            }
        }
    }

    @Test("an attribute run whose bounds split a UTF-8 character covers the whole character")
    func runSplittingACharacter() throws {
        func image(_ start: UInt32, _ end: UInt32) throws -> RasterImage {
            try withFont("DejaVu Sans Bold") { bold in
                var run = easel_text_attribute()
                run.start = start
                run.end = end
                run.kind = Int32(EASEL_TEXT_ATTR_FONT)
                run.font = bold
                return try drawText(width: 200, height: 40) { api, _, ctx in
                    withFont(font) { api.set_font!(ctx, $0) }
                    api.draw_text_at!(ctx, hebrew, -1, 10, 30, &run, 1)
                }
            }
        }
        let whole = try image(2, 4)
        expectSameImage(try image(3, 4), whole)
        expectSameImage(try image(2, 3), whole)
        let plain = try image(0, 0)
        let differs = !contentsEqual(whole, plain)
        #expect(differs)
    }

    @Test("a font size in the string form is bounded as the structured size is")
    func sizeInStringForm() throws {
        for (description, message) in [
            ("DejaVu Sans 20000", "set_font: font size 20000.0 in \"DejaVu Sans 20000\" is larger than 10000"),
            ("DejaVu Sans 100000px", "set_font: font size 100000.0 in \"DejaVu Sans 100000px\" is larger than 10000"),
        ] {
            let canvas = try Canvas(width: 20, height: 20, backing: .raster(scale: 1))
            try drawAsPlugin(on: canvas) { _, ctx in
                withFont(description) { Canvas.textAPI.pointee.set_font!(ctx, $0) }
            }
            #expect(canvas.takeError()?.description == message)
        }
        #expect(withFont("DejaVu Sans 20000") { Canvas.textAPI.pointee.font_metrics!(nil, $0) }.line_height == 0)
        #expect(withFont("DejaVu Sans 10000") { Canvas.textAPI.pointee.font_metrics!(nil, $0) }.line_height > 10000)
    }
}
