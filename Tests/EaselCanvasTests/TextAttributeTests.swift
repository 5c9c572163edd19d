import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

// Text through Pango, continued: truncation at each end, attributed runs
// (font, strikethrough, baseline offset), justified paragraphs, and text kept
// as text in PDF and SVG output. Helpers (measure, drawText, inkCount,
// textStyle) are in TextTests.swift.

/// An attributed run over the bytes [start, end).
func textRun(_ kind: Int32, _ start: UInt32, _ end: UInt32, value: Int32 = 0, number: Double = 0,
             color: easel_color = easel_color(red: 0, green: 0, blue: 0, alpha: 0)) -> easel_text_attribute {
    var run = easel_text_attribute()
    run.start = start
    run.end = end
    run.kind = kind
    run.value = value
    run.number = number
    run.color = color
    return run
}

/// The columns and rows where `image` has ink (darker than mid-grey), or nil without ink.
func inkBounds(_ image: RasterImage, in area: easel_rect? = nil) -> (minX: Int, maxX: Int, minY: Int, maxY: Int)? {
    var bounds: (minX: Int, maxX: Int, minY: Int, maxY: Int)?
    let x0 = Int(area?.origin.x ?? 0), y0 = Int(area?.origin.y ?? 0)
    let x1 = area.map { Int($0.origin.x + $0.size.width) } ?? image.width
    let y1 = area.map { Int($0.origin.y + $0.size.height) } ?? image.height
    for y in max(y0, 0)..<min(y1, image.height) {
        for x in max(x0, 0)..<min(x1, image.width) {
            let p = image.pixel(x: x, y: y)
            guard Int(p.r) + Int(p.g) + Int(p.b) < 3 * 160 else { continue }
            if let b = bounds {
                bounds = (min(b.minX, x), max(b.maxX, x), min(b.minY, y), max(b.maxY, y))
            } else {
                bounds = (x, x, y, y)
            }
        }
    }
    return bounds
}

/// The text `pdftotext` (poppler-utils, installed by .ci/run) finds in a PDF file, spaces and line ends trimmed.
func pdfText(_ path: String) throws -> String {
    let tool = try #require(["/usr/bin/pdftotext", "/usr/local/bin/pdftotext"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }, "pdftotext (Debian poppler-utils) is not installed")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = ["-enc", "UTF-8", path, "-"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Draws with the text table on a vector canvas and writes it to a new file with `suffix` (".pdf", ".svg").
func writeText(suffix: String, width: Double = 240, height: Double = 60,
               _ body: (easel_text_api, easel_graphics_api, OpaquePointer) throws -> Void) throws -> String {
    let canvas = try Canvas(width: width, height: height)
    try drawAsPlugin(on: canvas) { graphics, ctx in try body(Canvas.textAPI.pointee, graphics, ctx) }
    if let error = canvas.takeError() { throw error }
    let path = outputPath("\(UUID().uuidString)\(suffix)")
    try canvas.write(to: path)
    return path
}

@Suite("Text with Pango: truncation, attributed runs, justification, PDF and SVG")
struct TextAttributeTests {
    static let sentence = "The quick brown fox jumps over the lazy dog"

    @Test("truncation: head starts with …, middle keeps both ends around it; each fits its rect", arguments: [
        (Int32(EASEL_TRUNCATE_HEAD), "head"), (Int32(EASEL_TRUNCATE_MIDDLE), "middle"),
    ])
    func truncationAtHeadAndMiddle(mode: Int32, name: String) throws {
        let font = "DejaVu Sans 16"
        let box = rect(10, 10, 120, 30)
        var style = textStyle(truncation: mode, maxLines: 1)
        let image = try drawText { api, _, ctx in
            withFont(font) { api.set_font!(ctx, $0) }
            api.draw_text_in_rect!(ctx, Self.sentence, -1, box, &style, nil, 0)
        }
        #expect(inkCount(image) > 100)
        #expect(inkCount(image) == inkCount(image, in: box), "\(name): ink outside the rect")
        let shown = measure(Self.sentence, font: font, width: 120, style: style).width
        #expect(shown <= 120 && shown > 60)
        // The ellipsis is three dots: columns with ink in two or more rows just above the baseline and
        // nowhere else, in three clusters; no letter of the sentence inks only there.
        let baseline = Int((10 + withFont(font) { Canvas.textAPI.pointee.font_metrics!(nil, $0) }.ascent).rounded())
        func inkRows(_ x: Int) -> [Int] {
            (0..<image.height).filter { y in let p = image.pixel(x: x, y: y); return Int(p.r) + Int(p.g) + Int(p.b) < 3 * 200 }
        }
        let inked = (0..<image.width).filter { !inkRows($0).isEmpty }
        let dotColumns = inked.filter { x in
            let rows = inkRows(x)
            return rows.count >= 2 && rows.allSatisfy { (baseline - 3)...(baseline - 1) ~= $0 }
        }
        let clusters = dotColumns.reduce(into: [[Int]]()) { groups, x in
            if let last = groups.last?.last, x == last + 1 { groups[groups.count - 1].append(x) } else { groups.append([x]) }
        }
        #expect(clusters.count == 3, "\(name): dot-only columns \(dotColumns)")
        let first = try #require(inked.first), last = try #require(inked.last)
        let dots = try #require(clusters.first?.first)...(try #require(clusters.last?.last))
        // The line ends as the sentence does: the descender of "g" in its last columns.
        #expect((last - 6...last).contains { x in inkRows(x).contains { $0 > baseline } })
        #expect(Double(last) < box.origin.x + shown + 1)
        if mode == Int32(EASEL_TRUNCATE_HEAD) {
            #expect(dots.lowerBound == first, "head: the line starts with the ellipsis")
        } else {
            // The start is the sentence's own start, pixel for pixel, and the dots are inside the line.
            let plain = try drawText { api, _, ctx in
                withFont(font) { api.set_font!(ctx, $0) }
                api.draw_text_at!(ctx, Self.sentence, -1, 10, Double(baseline), nil, 0)
            }
            #expect(inkCount(image, in: rect(0, 0, 30, 60)) == inkCount(plain, in: rect(0, 0, 30, 60)))
            #expect(dots.lowerBound > first + 20 && dots.upperBound < last - 20, "middle: dots at \(dots) in \(first)...\(last)")
        }
    }

    @Test("a font run in bold makes its range wider and darker, the rest unchanged")
    func fontRun() throws {
        let text = "wide bold"
        let regular = measure(text, font: "DejaVu Sans 20")
        var boldRun = textRun(Int32(EASEL_TEXT_ATTR_FONT), 5, 9)
        let withRun = withFont(nil, weight: Int32(EASEL_FONT_WEIGHT_BOLD)) { desc in
            boldRun.font = desc
            return withFont("DejaVu Sans 20") { font in
                var style = textStyle(font: font)
                return Canvas.textAPI.pointee.measure_text!(nil, text, -1, 0, 0, &style, &boldRun, 1)
            }
        }
        let boldPart = measure("bold", font: "DejaVu Sans 20", weight: Int32(EASEL_FONT_WEIGHT_BOLD)).width
        let plainPart = measure("bold", font: "DejaVu Sans 20").width
        #expect(abs(withRun.width - (regular.width + boldPart - plainPart)) < 0.5, "\(withRun.width) vs \(regular.width)")
        // Pixels: "wide " is the same, "bold" inks more.
        func draw(bold: Bool) throws -> RasterImage {
            try drawText(width: 200, height: 40) { api, _, ctx in
                withFont("DejaVu Sans 20") { api.set_font!(ctx, $0) }
                withFont(nil, weight: Int32(EASEL_FONT_WEIGHT_BOLD)) { desc in
                    var run = textRun(Int32(EASEL_TEXT_ATTR_FONT), 5, 9)
                    run.font = desc
                    api.draw_text_at!(ctx, text, -1, 5, 30, &run, bold ? 1 : 0)
                }
            }
        }
        let plain = try draw(bold: false), bold = try draw(bold: true)
        let wide = measure("wide ", font: "DejaVu Sans 20").width
        let left = rect(0, 0, 5 + wide - 1, 40)
        #expect(inkCount(plain, in: left) == inkCount(bold, in: left))
        let right = rect(5 + wide, 0, 200, 40)
        #expect(inkCount(bold, in: right) > inkCount(plain, in: right) * 5 / 4)
    }

    @Test("a font run with a NULL or bad descriptor is an error each time it is drawn; a good one drawn again gives the same pixels")
    func fontRunsDrawnAgain() throws {
        // Drawn three times, so that the layout cache's digest, its filter and its entries all see them.
        for _ in 0..<3 {
            let canvas = try Canvas(width: 120, height: 40, background: whiteColor, backing: .raster(scale: 1))
            try drawAsPlugin(on: canvas) { _, ctx in
                var run = textRun(Int32(EASEL_TEXT_ATTR_FONT), 0, 3)
                Canvas.textAPI.pointee.draw_text_at!(ctx, "bad run", -1, 5, 30, &run, 1)
            }
            #expect(canvas.takeError()?.message == "draw_text_at: attribute 0: NULL font")
            let shortDesc = try Canvas(width: 120, height: 40, background: whiteColor, backing: .raster(scale: 1))
            try drawAsPlugin(on: shortDesc) { _, ctx in
                withFont("DejaVu Sans 12") { desc in
                    var bad = desc.pointee
                    bad.struct_size = 8
                    withUnsafePointer(to: &bad) { pointer in
                        var run = textRun(Int32(EASEL_TEXT_ATTR_FONT), 0, 3)
                        run.font = pointer
                        Canvas.textAPI.pointee.draw_text_at!(ctx, "bad run", -1, 5, 30, &run, 1)
                    }
                }
            }
            #expect(shortDesc.takeError()?.message
                    == "draw_text_at: easel_font_desc.struct_size 8 is smaller than \(MemoryLayout<easel_font_desc>.size)")
        }
        var images: [RasterImage] = []
        for _ in 0..<3 {
            images.append(try drawText(width: 200, height: 40) { api, _, ctx in
                withFont(nil, weight: Int32(EASEL_FONT_WEIGHT_BOLD)) { desc in
                    var run = textRun(Int32(EASEL_TEXT_ATTR_FONT), 5, 9)
                    run.font = desc
                    api.draw_text_at!(ctx, "wide bold", -1, 5, 30, &run, 1)
                }
            })
        }
        #expect(images[0].pixels == images[1].pixels && images[1].pixels == images[2].pixels)
        #expect(inkCount(images[2]) > 100)
    }

    @Test("strikethrough: a line of ink across the middle of the run only, in the run's colour")
    func strikethrough() throws {
        let text = "nnnn nnnn"  // x-height letters: the middle of the run is halfway up an n
        let font = "DejaVu Sans 24"
        var run = textRun(Int32(EASEL_TEXT_ATTR_STRIKETHROUGH), 0, 4, value: 1, color: redColor)
        let image = try drawText(width: 200, height: 50) { api, _, ctx in
            withFont(font) { api.set_font!(ctx, $0) }
            api.draw_text_at!(ctx, text, -1, 5, 35, &run, 1)
        }
        let runWidth = measure("nnnn", font: font).width
        let start = measure("nnnn ", font: font).width
        // A red row crosses the run without a gap, between the baseline (35) and the x-height (about 35 - 13).
        let rows = (22...34).filter { y in
            (7..<Int(5 + runWidth) - 2).allSatisfy { image.pixel(x: $0, y: y).isClose(to: red, tolerance: 80) }
        }
        #expect(!rows.isEmpty, "no red row across the run")
        // Nothing red over the second word.
        let reds = (0..<image.height).flatMap { y in (Int(5 + start)..<image.width).filter {
            image.pixel(x: $0, y: y).isClose(to: red, tolerance: 80) } }
        #expect(reds.isEmpty)
    }

    @Test("baseline offset: the run's ink moves up by the offset, the rest stays")
    func baselineOffset() throws {
        let text = "xx xx"
        let font = "DejaVu Sans 20"
        func draw(offset: Double) throws -> RasterImage {
            try drawText(width: 200, height: 60) { api, _, ctx in
                withFont(font) { api.set_font!(ctx, $0) }
                var run = textRun(Int32(EASEL_TEXT_ATTR_BASELINE_OFFSET), 3, 5, number: offset)
                api.draw_text_at!(ctx, text, -1, 5, 40, &run, 1)
            }
        }
        let flat = try draw(offset: 0), raised = try draw(offset: 7), lowered = try draw(offset: -5)
        let split = 5 + measure("xx ", font: font).width - 1
        let first = rect(0, 0, split, 60), second = rect(split, 0, 200, 60)
        let base = try #require(inkBounds(flat, in: second))
        let up = try #require(inkBounds(raised, in: second))
        let down = try #require(inkBounds(lowered, in: second))
        #expect(up.minY == base.minY - 7 && up.maxY == base.maxY - 7, "\(up) vs \(base)")
        #expect(down.minY == base.minY + 5 && down.maxY == base.maxY + 5, "\(down) vs \(base)")
        #expect(up.minX == base.minX && up.maxX == base.maxX)
        // The first word does not move.
        #expect(inkBounds(raised, in: first).map { "\($0)" } == inkBounds(flat, in: first).map { "\($0)" })
    }

    @Test("justified: every line but the last reaches both edges; left-aligned lines do not")
    func justified() throws {
        let paragraph = "aa bbbbbb c dddd eeeeeee ff gggg hhh iiiii"
        let font = "DejaVu Sans 16"
        let lineHeight = withFont(font) { Canvas.textAPI.pointee.font_metrics!(nil, $0) }.line_height
        let box = rect(0, 0, 150, 200)
        func draw(_ alignment: Int32) throws -> RasterImage {
            var style = textStyle(alignment: alignment)
            return try drawText(width: 160, height: 200) { api, _, ctx in
                withFont(font) { api.set_font!(ctx, $0) }
                api.draw_text_in_rect!(ctx, paragraph, -1, box, &style, nil, 0)
            }
        }
        let justified = try draw(Int32(EASEL_TEXT_ALIGN_JUSTIFIED)), left = try draw(Int32(EASEL_TEXT_ALIGN_LEFT))
        let lines = Int((measure(paragraph, font: font, width: 150).height / lineHeight).rounded())
        #expect(lines >= 3)
        func rightEdges(_ image: RasterImage) throws -> [Int] {
            try (0..<lines).map { line in
                try #require(inkBounds(image, in: rect(0, Double(line) * lineHeight + 2, 160, lineHeight - 4))).maxX
            }
        }
        let justifiedEdges = try rightEdges(justified), leftEdges = try rightEdges(left)
        for line in 0..<(lines - 1) {
            #expect(justifiedEdges[line] >= 147, "line \(line) of the justified paragraph ends at \(justifiedEdges[line])")
        }
        #expect(leftEdges.dropLast().contains { $0 < 140 }, "\(leftEdges)")
        // The last line is not stretched.
        #expect(justifiedEdges[lines - 1] == leftEdges[lines - 1])
    }

    @Test("PDF output keeps text as text: pdftotext reads the string back, shaped Arabic and Hebrew included")
    func pdfTextIsSelectable() throws {
        let path = try writeText(suffix: ".pdf", width: 300, height: 80) { api, _, ctx in
            withFont("DejaVu Sans Bold 14") { api.set_font!(ctx, $0) }
            api.draw_text_at!(ctx, "Hello Easel", -1, 5, 25, nil, 0)
            withFont("DejaVu Sans 14") { api.set_font!(ctx, $0) }
            api.draw_text_at!(ctx, "office", -1, 5, 55, nil, 0)
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lines = try pdfText(path).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first == "Hello Easel")
        // A ligature (if the font makes one) still reads as its letters.
        #expect(lines.contains { $0.replacingOccurrences(of: "ﬃ", with: "ffi") == "office" }, "\(lines)")
    }

    @Test("SVG output draws text as glyphs, each a symbol used once per character, not as an image")
    func svgGlyphs() throws {
        let path = try writeText(suffix: ".svg") { api, _, ctx in
            withFont("DejaVu Sans 14") { api.set_font!(ctx, $0) }
            api.draw_text_at!(ctx, "Hello", -1, 5, 25, nil, 0)
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let svg = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
        #expect(svg.components(separatedBy: "<use xlink:href=\"#glyph").count - 1 == 5)
        #expect(svg.contains("<symbol overflow=\"visible\" id=\"glyph"))
        #expect(!svg.contains("<image"))
    }

    @Test("cached layouts: text changed in place, another global alpha or another transform draws as on a fresh canvas")
    func cachedLayoutsFollowTheirInputs() throws {
        /// Draws `text` three times (the second and third from the layout cache), then runs `change` and draws it once more.
        func drawRepeatedly(_ text: String, alpha: Double = 1, scale: Double = 1,
                            change: (inout [CChar], inout Double, inout Double) -> Void = { _, _, _ in }) throws -> RasterImage {
            var bytes = Array(text.utf8CString)
            var alpha = alpha, scale = scale
            var run = textRun(Int32(EASEL_TEXT_ATTR_COLOR), 0, 2, color: redColor)
            return try drawText(width: 160, height: 60) { api, g, ctx in
                withFont("DejaVu Sans 20") { api.set_font!(ctx, $0) }
                for round in 0..<4 {
                    if round == 3 {
                        change(&bytes, &alpha, &scale)
                        g.set_fill_color!(ctx, whiteColor)
                        g.fill_rect!(ctx, rect(0, 0, 160, 60))
                        g.set_fill_color!(ctx, color(0, 0, 0))
                    }
                    g.save_state!(ctx)
                    g.set_alpha!(ctx, alpha)
                    g.scale!(ctx, scale, scale)
                    g.translate!(ctx, 5, 0)
                    api.draw_text_at!(ctx, bytes, -1, 0, 30, &run, 1)
                    g.restore_state!(ctx)
                }
            }
        }
        let changedText = try drawRepeatedly("Hello") { bytes, _, _ in bytes[0] = CChar(UInt8(ascii: "J")) }
        let jello = try drawRepeatedly("Jello")
        #expect(contentsEqual(changedText, jello), "\(differences(changedText, jello))")
        let changedAlpha = try drawRepeatedly("Hello") { _, alpha, _ in alpha = 0.4 }
        let faint = try drawRepeatedly("Hello", alpha: 0.4)
        #expect(contentsEqual(changedAlpha, faint), "\(differences(changedAlpha, faint))")
        let changedScale = try drawRepeatedly("Hello") { _, _, scale in scale = 1.5 }
        let large = try drawRepeatedly("Hello", scale: 1.5)
        #expect(contentsEqual(changedScale, large), "\(differences(changedScale, large))")
        #expect(!contentsEqual(changedScale, changedAlpha))
    }
}
