// Text benchmark: 1000 labels of shaped text in a 1920x1080 frame drawn
// through Easel compared with the same Pango calls made directly on cairo.
//
// Easel: 1000 `Label` views (the C sample plugin MiniPicker, libMiniPicker.so)
// under a plain root View, rendered with `render(into:mode: .full)` into a
// raster Canvas. Each Label's drawRect: asks the host's easel.text.v1 table
// for the font's line height and draws its text in a rect one line high,
// vertically centred, tail-truncated with "…" when too wide, in its
// textColor (Label_drawRect in Plugins/MiniPicker/MiniPicker.c).
//
// Direct: the same drawing done with Pango and cairo by hand in the same
// process, into the same kind of ARGB32 image surface, the way a C toolkit
// would: one PangoContext with the font options Easel uses (unhinted metrics,
// unrounded glyph positions, so that the pixels are the same), one reused
// PangoLayout, the font description parsed once and the line height asked
// once; per label the colour, the text, the width, the ellipsis and the
// alignment (left, mirrored for a right-to-left paragraph) set on the
// layout, then pango_cairo_show_layout at the line's origin. The surface is
// cleared first, as a full render clears.
//
// Texts: Latin with kerning and ligatures, accented Latin, Greek, Cyrillic,
// Arabic (joined) and Hebrew (right to left), each with a number, so that
// no two labels draw the same string. Two cases:
//   - steady frames: the same texts every frame (a screen redrawn);
//   - new texts: each frame every label shows a string never drawn before
//     (made before the frame, untimed), so no layout can be reused.
// Frames are timed in interleaved rounds; the ratio is the median of the
// rounds' own ratios (the best round of each is shown too), and the Easel
// frame is compared with the direct one pixel for pixel.

import EaselGraphicsCore
import CCairo
import CPango
import EaselABI
import EaselCanvas
import EaselCanvasOutput
import EaselRuntime
import EaselViews
#if canImport(Glibc)
import Glibc
#endif

/// Where the labels are and what they say.
private struct LabelGrid {
    static let frameWidth = 1920.0, frameHeight = 1080.0
    static let count = 1000, columns = 16
    static let cell = (width: 120.0, height: 17.0)
    static let fontSize = 12.0
    static let colors = [
        easel_color(red: 0, green: 0, blue: 0, alpha: 1),
        easel_color(red: 0.12, green: 0.20, blue: 0.45, alpha: 1),
        easel_color(red: 0.55, green: 0.10, blue: 0.10, alpha: 1),
    ]
    static let phrases = [
        "Label %d: AVATAR office, Type affine",
        "Ünïcödé façade № %d, naïve café",
        "Καλημέρα κόσμε %d",
        "Привет, мир %d",
        "مرحبا بالعالم %d",
        "שלום עולם %d",
    ]

    /// The frame of label `index`: its cell less 2 points on each side.
    static func frame(of index: Int) -> easel_rect {
        let x = Double(index % columns) * cell.width, y = Double(index / columns) * cell.height
        return easel_rect(origin: easel_point(x: x + 2, y: y), size: easel_size(width: cell.width - 4, height: cell.height))
    }

    /// The text of label `index` in text set `set`.
    static func text(of index: Int, set: Int) -> String {
        let number = set * count + index
        return phrases[index % phrases.count].replacingOccurrences(of: "%d", with: String(number))
    }

    static func color(of index: Int) -> easel_color { colors[index % colors.count] }
}

/// C copies of label texts, freed with the object (a Label's `text` holds a plain pointer).
private final class LabelTexts {
    private(set) var texts: [UnsafeMutablePointer<CChar>] = []
    /// The number of the next set of texts.
    private var nextSet: Int

    /// The texts of set `first`; `advance()` makes the next sets.
    init(first: Int) {
        nextSet = first
        advance()
    }

    /// Replaces the texts with those of the next set, strings not made before.
    func advance() {
        for text in texts { free(text) }
        texts = (0..<LabelGrid.count).map { index in
            guard let copy = strdup(LabelGrid.text(of: index, set: nextSet)) else { fail("out of memory") }
            return copy
        }
        nextSet += 1
    }

    deinit {
        for text in texts { free(text) }
    }
}

/// The labels drawn with Pango and cairo directly.
private final class DirectLabels {
    let surface: OpaquePointer
    let cr: OpaquePointer
    let context: OpaquePointer
    let layout: OpaquePointer
    let font: OpaquePointer
    let lineHeight: Double

    init() {
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(LabelGrid.frameWidth), Int32(LabelGrid.frameHeight))
        cr = cairo_create(surface)
        context = pango_font_map_create_context(pango_cairo_font_map_get_default())
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        pango_cairo_update_context(cr, context)
        layout = pango_layout_new(context)
        font = pango_font_description_from_string("Sans")
        pango_font_description_set_absolute_size(font, LabelGrid.fontSize * Double(PANGO_SCALE))
        let metrics = pango_context_get_metrics(context, font, nil)
        lineHeight = Double(pango_font_metrics_get_ascent(metrics) + pango_font_metrics_get_descent(metrics)) / Double(PANGO_SCALE)
        pango_font_metrics_unref(metrics)
    }

    deinit {
        pango_font_description_free(font)
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Clears the surface and draws every label of text set `texts`.
    func draw(_ texts: [UnsafeMutablePointer<CChar>]) {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_restore(cr)
        for index in 0..<LabelGrid.count {
            let frame = LabelGrid.frame(of: index)
            let color = LabelGrid.color(of: index)
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            pango_layout_set_font_description(layout, font)
            pango_layout_set_text(layout, texts[index], -1)
            pango_layout_set_width(layout, Int32((frame.size.width * Double(PANGO_SCALE)).rounded()))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            pango_layout_set_height(layout, -1)
            // Left means left for right-to-left text too (Pango mirrors the alignment of such paragraphs).
            let isRightToLeft = pango_find_base_dir(texts[index], -1) == PANGO_DIRECTION_RTL
            pango_layout_set_alignment(layout, isRightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
            cairo_move_to(cr, frame.origin.x, frame.origin.y + (frame.size.height - lineHeight) / 2)
            pango_cairo_show_layout(cr, layout)
        }
        cairo_surface_flush(surface)
    }

    /// The pixels, converted as Easel's RasterImage converts a canvas's (through a PNG file).
    func image(path: String) -> RasterImage {
        guard cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS,
              let image = try? RasterImage(contentsOfPNG: path) else { fail("cannot write \(path)") }
        return image
    }
}

/// Options of the text benchmark.
struct TextBenchmarkOptions {
    var rounds = 15
    var pngFolder: String?
    /// When set: only render this many frames of labels through Easel (for a profiler).
    var profileFrames: Int?
    /// With `profileFrames`: frames through the direct Pango calls instead.
    var profileDirect = false
    /// With `profileFrames`: new texts every frame.
    var profileNewTexts = false
}

/// Runs the text benchmark and prints its table; returns whether the target was met.
func runTextBenchmarks(registry: Registry, options: TextBenchmarkOptions) throws -> Bool {
    guard registry.objectClass(named: "Label") != nil else {
        fail("the sample plugin class Label (libMiniPicker.so) is not loaded; run `swift build -c release` first")
    }
    let texts = LabelTexts(first: 0)
    let root = try registry.makeView(ofClass: "View", frame: easel_rect(
        origin: easel_point(x: 0, y: 0), size: easel_size(width: LabelGrid.frameWidth, height: LabelGrid.frameHeight)))
    // Every frame drawn as the first (no backing stores to composite): the drawing is what is timed.
    root.backingStorePolicy = .onChange
    var labels: [View] = []
    for index in 0..<LabelGrid.count {
        let label = try registry.makeView(ofClass: "Label", frame: LabelGrid.frame(of: index))
        try label.setValue(UnsafePointer(texts.texts[index]), forProperty: "text")
        try label.setValue(LabelGrid.fontSize, forProperty: "fontSize")
        try label.setValue(LabelGrid.color(of: index), forProperty: "textColor")
        try root.addSubview(label)
        labels.append(label)
    }
    let canvas = try Canvas(width: LabelGrid.frameWidth, height: LabelGrid.frameHeight, backing: .raster(scale: 1))
    let direct = DirectLabels()
    // New strings for each frame: the Easel side's from set 1,000,000 on, the direct side's from 2,000,000.
    let easelTexts = LabelTexts(first: 1_000_000), directTexts = LabelTexts(first: 2_000_000)
    /// Gives every label a new text.
    func nextTexts() throws {
        easelTexts.advance()
        for (index, label) in labels.enumerated() {
            try label.setValue(UnsafePointer(easelTexts.texts[index]), forProperty: "text")
        }
    }
    func restoreTexts() throws {
        for (index, label) in labels.enumerated() {
            try label.setValue(UnsafePointer(texts.texts[index]), forProperty: "text")
        }
    }

    if let frames = options.profileFrames {
        // Only the frames are timed, not the new texts made before each.
        var drawing: UInt64 = 0, best = UInt64.max
        for _ in 0..<frames {
            let start: UInt64
            if options.profileDirect {
                if options.profileNewTexts { directTexts.advance() }
                start = nanoseconds()
                direct.draw(options.profileNewTexts ? directTexts.texts : texts.texts)
            } else {
                if options.profileNewTexts { try nextTexts() }
                start = nanoseconds()
                try root.render(into: canvas, mode: .full)
            }
            let time = nanoseconds() - start
            drawing += time
            best = min(best, time)
        }
        let what = options.profileDirect ? "direct Pango frames" : "Easel frames"
        print("\(frames) \(what) of \(LabelGrid.count) labels: \(format(Double(drawing) / Double(frames) / 1e6, digits: 3)) ms each on average, the best \(format(Double(best) / 1e6, digits: 3)) ms")
        return true
    }

    // The same pixels.
    let report = try root.render(into: canvas, mode: .full)
    guard report.drawnViews.count == LabelGrid.count else {
        fail("\(report.drawnViews.count) views drew, expected \(LabelGrid.count) labels")
    }
    if let error = canvas.takeError() { fail("the Easel frame: \(error)") }
    let folder = options.pngFolder ?? "/tmp"
    let easelImage = try canvas.rasterImage()
    if options.pngFolder != nil { try easelImage.write(to: "\(folder)/easel-bench-text-easel.png") }
    direct.draw(texts.texts)
    let directImage = direct.image(path: "\(folder)/easel-bench-text-direct.png")
    var differing = 0, visible = 0
    for (p, q) in zip(easelImage.pixels, directImage.pixels) where p != q {
        differing += 1
        if !p.isClose(to: q, tolerance: 2) { visible += 1 }
    }
    let inked = directImage.pixels.filter { $0.a > 0 }.count

    // Steady frames: the same texts each frame.
    let steady = try timeInterleaved(rounds: options.rounds, prepare: {}, [
        { try root.render(into: canvas, mode: .full) },
        { direct.draw(texts.texts) },
    ])
    // New texts every frame: before each round (untimed) both sides get new strings.
    let fresh = try timeInterleaved(rounds: options.rounds, prepare: {
        try nextTexts()
        directTexts.advance()
    }, [
        { try root.render(into: canvas, mode: .full) },
        { direct.draw(directTexts.texts) },
    ])
    try restoreTexts()

    func ms(_ ns: Double) -> String { format(ns / 1e6) + " ms" }
    func met(_ ok: Bool) -> String { ok ? "yes" : "**no**" }
    let steadyRatio = steady.ratio, freshRatio = fresh.ratio
    let okSteady = steadyRatio <= 1.15, okFresh = freshRatio <= 1.15
    let clock = benchmarkClock == CLOCK_MONOTONIC ? "wall clock" : "thread CPU time"
    print("Easel text: a 1920x1080 raster frame of \(LabelGrid.count) Label views (Sans \(format(LabelGrid.fontSize, digits: 0)), shaped, tail-truncated), release build, \(options.rounds) interleaved rounds, \(clock)")
    print("")
    print("| case | Easel (best round) | direct Pango (best round) | Easel / Pango (median of the rounds' ratios) | target | met |")
    print("|---|---|---|---|---|---|")
    print("| 1000 labels, the same texts every frame | \(ms(steady.best[0])) | \(ms(steady.best[1])) | \(format(steadyRatio)) | ≤ 1.15 | \(met(okSteady)) |")
    print("| 1000 labels, new texts every frame | \(ms(fresh.best[0])) | \(ms(fresh.best[1])) | \(format(freshRatio)) | ≤ 1.15 | \(met(okFresh)) |")
    print("")
    print("Pixels of the Easel frame differing from the direct frame: \(differing) (by more than 2/255: \(visible)), of \(inked) inked.")
    if let folder = options.pngFolder {
        print("Frames written to \(folder)/easel-bench-text-{easel,direct}.png.")
    }
    return okSteady && okFresh && visible == 0
}
