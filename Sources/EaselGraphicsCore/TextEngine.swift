// Text: Pango behind the canvas.
//
// Every piece of text a plugin draws or measures, through the graphics
// table's set_font/show_text/measure_text or the easel.text.v1 extension,
// is laid out by Pango (HarfBuzz shaping, bidirectional reordering,
// fontconfig fonts with fallback for characters a font lacks) and drawn by
// pangocairo into the canvas's cairo context.
//
// Threads. Pango's objects are not thread-safe, and since Pango 1.32.6 the
// default pangocairo font map is one per thread. The engine follows that
// model: each thread that draws or measures text gets its own `TextEngine`
// (a PangoContext on the thread's font map and one reused PangoLayout), kept
// in a pthread key and released when the thread ends. A canvas holds no
// Pango object at all, only font descriptions (plain data), so canvases may
// be drawn on any thread, and two threads drawing text at once share no
// Pango state (fontconfig and cairo's font caches lock internally).
//
// Units. Font sizes are absolute, in user-space units, as cairo's toy text
// had them: a 12 pt font is 12 units tall whatever the transform. Metrics
// are not hinted and glyph positions are not rounded, so a layout measured
// without a canvas (sizeThatFits:) has exactly the size of the same layout
// drawn at any scale, in PNG, SVG or PDF.

import CCairo
import CPango
import EaselABI
#if canImport(Glibc)
import Glibc
#endif

/// One thread's Pango context and layout.
package final class TextEngine {
    /// The PangoContext (on the thread's default pangocairo font map).
    package let context: OpaquePointer
    /// The one layout reused for every piece of text on this thread.
    package let layout: OpaquePointer
    /// Whether `context` currently has the identity matrix (set for measuring).
    package var hasIdentityMatrix = true
    /// Font metrics by font (Pango's string form), see `metrics(of:)`.
    package var metricsCache: [String: easel_font_metrics] = [:]

    private init() {
        let fontMap = pango_cairo_font_map_get_default()
        context = pango_font_map_create_context(fontMap)
        // Unhinted metrics and unrounded positions: layout independent of the
        // device, so measuring without a canvas equals drawing.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        layout = pango_layout_new(context)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// The key of each thread's engine; its destructor releases the engine when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<TextEngine>.fromOpaque(pointer).release()
        }
        return key
    }()

    /// The calling thread's engine, created on first use.
    package static var current: TextEngine {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<TextEngine>.fromOpaque(pointer).takeUnretainedValue()
        }
        let engine = TextEngine()
        pthread_setspecific(key, Unmanaged.passRetained(engine).toOpaque())
        return engine
    }

    /// Makes the context lay out for `cr` (its transform and surface font options).
    package func prepare(for cr: OpaquePointer) {
        pango_cairo_update_context(cr, context)
        hasIdentityMatrix = false
        pango_layout_context_changed(layout)
    }

    /// Makes the context lay out in plain user space, for measuring without a canvas.
    package func prepareForMeasuring() {
        guard !hasIdentityMatrix else { return }
        pango_context_set_matrix(context, nil)
        hasIdentityMatrix = true
        pango_layout_context_changed(layout)
    }
}

// MARK: - Fonts

/// An owned `PangoFontDescription`.
package final class FontDescription {
    /// The `PangoFontDescription *`, freed with the object.
    package let pointer: OpaquePointer

    /// Takes ownership of `pointer`.
    package init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        pango_font_description_free(pointer)
    }

    /// The font a canvas starts with and measuring without a canvas uses: "Sans", 12 units.
    package static func makeDefault() -> FontDescription {
        let font = FontDescription(owning: pango_font_description_new())
        pango_font_description_set_family(font.pointer, CanvasLimits.defaultFontFamily)
        pango_font_description_set_absolute_size(font.pointer, CanvasLimits.defaultFontSize * Double(PANGO_SCALE))
        return font
    }

    /// A copy of this description.
    package func copy() -> FontDescription {
        FontDescription(owning: pango_font_description_copy(pointer))
    }

    /// Pango's string form ("DejaVu Sans Bold 12px"), used to share equal fonts.
    package var key: String {
        guard let text = pango_font_description_to_string(pointer) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The largest font size accepted, in user-space units.
    package static let maximumSize: Double = 10000

    /// Checks a size from a plugin.
    package static func validateSize(_ size: Double, in operation: String) throws(CanvasError) {
        try CanvasLimits.requireFinite(operation, size)
        guard size >= 0 else { throw .invalidArgument(operation, "negative size \(size)") }
        guard size <= maximumSize else {
            throw .invalidArgument(operation, "font size \(size) is larger than \(Int(maximumSize))")
        }
    }

    /// Applies the set fields of a plugin's `easel_font_desc` to this description.
    ///
    /// The string form first (merged over what is there), then family, size,
    /// weight, style and stretch when set (see easel.h).
    package func apply(_ desc: UnsafePointer<easel_font_desc>, in operation: String) throws(CanvasError) {
        let minimumSize = UInt32(MemoryLayout<easel_font_desc>.size)
        guard desc.pointee.struct_size >= minimumSize else {
            throw .invalidArgument(
                operation, "easel_font_desc.struct_size \(desc.pointee.struct_size) is smaller than \(minimumSize)")
        }
        let d = desc.pointee
        guard d.reserved == 0 else { throw .invalidArgument(operation, "easel_font_desc.reserved is \(d.reserved), not 0") }
        try Self.validateSize(d.size, in: operation)
        guard d.weight == 0 || (100...1000).contains(d.weight) else {
            throw .invalidArgument(operation, "font weight \(d.weight) is not 0 or 100...1000")
        }
        guard (0...3).contains(d.style) else { throw .invalidArgument(operation, "unknown font style \(d.style)") }
        guard (0...9).contains(d.stretch) else { throw .invalidArgument(operation, "font stretch \(d.stretch) is not 0...9") }
        if let string = d.description, let parsed = pango_font_description_from_string(string) {
            // A size in the string form is in user-space units, as the structured size.
            if pango_font_description_get_set_fields(parsed).rawValue & PANGO_FONT_MASK_SIZE.rawValue != 0,
               pango_font_description_get_size_is_absolute(parsed) == 0 {
                let size = Double(pango_font_description_get_size(parsed))
                pango_font_description_set_absolute_size(parsed, size)
            }
            pango_font_description_merge(pointer, parsed, 1)
            pango_font_description_free(parsed)
        }
        if let family = d.family {
            pango_font_description_set_family(pointer, family)
        }
        if d.size > 0 {
            pango_font_description_set_absolute_size(pointer, d.size * Double(PANGO_SCALE))
        }
        if d.weight != 0 {
            pango_font_description_set_weight(pointer, PangoWeight(rawValue: UInt32(d.weight)))
        }
        switch d.style {
        case 1: pango_font_description_set_style(pointer, PANGO_STYLE_NORMAL)
        case 2: pango_font_description_set_style(pointer, PANGO_STYLE_ITALIC)
        case 3: pango_font_description_set_style(pointer, PANGO_STYLE_OBLIQUE)
        default: break
        }
        if d.stretch != 0 {
            pango_font_description_set_stretch(pointer, PangoStretch(rawValue: UInt32(d.stretch - 1)))
        }
    }
}

// MARK: - Laying out

/// A paragraph style with its values checked (easel_text_style).
package struct TextStyle {
    package var alignment: Int32 = 0
    package var lineBreak: Int32 = 0
    package var truncation: Int32 = 0
    package var maxLines: Int32 = 0
    package var lineSpacing: Double = 0
    /// The font the style names, if any (replacing the canvas's).
    package var font: UnsafePointer<easel_font_desc>?

    package init() {}

    /// Checks a plugin's style; NULL is the default style.
    package init(_ style: UnsafePointer<easel_text_style>?, in operation: String) throws(CanvasError) {
        guard let style else { return }
        let minimumSize = UInt32(MemoryLayout<easel_text_style>.size)
        guard style.pointee.struct_size >= minimumSize else {
            throw .invalidArgument(
                operation, "easel_text_style.struct_size \(style.pointee.struct_size) is smaller than \(minimumSize)")
        }
        let s = style.pointee
        guard (0...4).contains(s.alignment) else { throw .invalidArgument(operation, "unknown text alignment \(s.alignment)") }
        guard (0...1).contains(s.line_break) else { throw .invalidArgument(operation, "unknown line break mode \(s.line_break)") }
        guard (0...3).contains(s.truncation) else { throw .invalidArgument(operation, "unknown truncation \(s.truncation)") }
        guard s.max_lines >= 0 else { throw .invalidArgument(operation, "negative max_lines \(s.max_lines)") }
        guard s.line_spacing.isFinite, abs(s.line_spacing) <= FontDescription.maximumSize else {
            throw .invalidArgument(operation, "line spacing \(s.line_spacing) is not finite or too large")
        }
        alignment = s.alignment
        lineBreak = s.line_break
        truncation = s.truncation
        maxLines = s.max_lines
        lineSpacing = s.line_spacing
        font = s.font
    }
}

/// A piece of UTF-8 text from a plugin, checked.
package struct TextBytes {
    package let start: UnsafePointer<CChar>
    package let count: Int32

    /// The largest text laid out at once, in bytes: a bound on the time a
    /// plugin can make Pango spend in one call (a megabyte lays out in well
    /// under a second).
    package static let maximumLength = 1 << 20

    /// Checks `utf8` (`length` bytes, or up to the NUL when -1) for NULL, length and valid UTF-8.
    package init(_ utf8: UnsafePointer<CChar>?, length: Int64, in operation: String) throws(CanvasError) {
        guard let utf8 else { throw .invalidArgument(operation, "NULL string") }
        let count: Int
        if length < 0 {
            guard length == -1 else { throw .invalidArgument(operation, "negative length \(length)") }
            count = strlen(utf8)
        } else {
            count = Int(length)
        }
        guard count <= Self.maximumLength else {
            throw .invalidArgument(operation, "text of \(count) bytes is longer than \(Self.maximumLength)")
        }
        guard g_utf8_validate(utf8, gssize(count), nil) != 0 else {
            // The error cairo's own text functions gave before Pango.
            throw .cairo(.invalidString, in: operation)
        }
        self.start = utf8
        self.count = Int32(count)
    }
}

extension TextEngine {
    /// Lays out `text` in the engine's layout.
    ///
    /// - Parameters:
    ///   - font: The paragraph's font (the canvas's, or the default), before `style.font`.
    ///   - width: The wrapping width in user-space units; nil: no wrapping.
    ///   - height: The height lines must fit in (with truncation); nil: any.
    ///   - singleParagraph: Keep everything on one line (text drawn at a point).
    ///   - alpha: Multiplied into attributed colours (the canvas's global alpha).
    package func layOut(
        _ text: TextBytes, font: FontDescription, style: TextStyle, width: Double?, height: Double?,
        singleParagraph: Bool, attributes: UnsafePointer<easel_text_attribute>?, attributeCount: UInt32,
        alpha: Double, in operation: String
    ) throws(CanvasError) {
        let paragraphFont: FontDescription
        if let styleFont = style.font {
            paragraphFont = font.copy()
            try paragraphFont.apply(styleFont, in: operation)
        } else {
            paragraphFont = font
        }
        let list = try Self.attributeList(
            attributes, count: attributeCount, textLength: UInt32(text.count), alpha: alpha, in: operation)
        defer { pango_attr_list_unref(list) }

        pango_layout_set_text(layout, text.start, text.count)
        pango_layout_set_font_description(layout, paragraphFont.pointer)
        pango_layout_set_attributes(layout, list)
        pango_layout_set_single_paragraph_mode(layout, singleParagraph ? 1 : 0)
        pango_layout_set_spacing(layout, Int32(clamping: Int((style.lineSpacing * Double(PANGO_SCALE)).rounded())))

        if let width, width.isFinite, width > 0 {
            pango_layout_set_width(layout, Int32(clamping: Int((min(width, 1e6) * Double(PANGO_SCALE)).rounded())))
        } else {
            pango_layout_set_width(layout, -1)
        }
        pango_layout_set_wrap(layout, style.lineBreak == 1 ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)

        // Alignment: natural follows the paragraph's direction (auto-dir);
        // left and right mean left and right for right-to-left text too.
        pango_layout_set_auto_dir(layout, 1)
        pango_layout_set_justify(layout, style.alignment == 4 ? 1 : 0)
        // (The paragraph's direction matters for explicit left and right only.)
        let isRightToLeft = (style.alignment == 1 || style.alignment == 3)
            && pango_find_base_dir(text.start, text.count) == PANGO_DIRECTION_RTL
        let alignment: PangoAlignment
        switch style.alignment {
        case 1: alignment = isRightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT
        case 2: alignment = PANGO_ALIGN_CENTER
        case 3: alignment = isRightToLeft ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT
        default: alignment = PANGO_ALIGN_LEFT
        }
        pango_layout_set_alignment(layout, alignment)

        // Truncation: Pango ellipsizes the last line that fits `height`
        // (positive, in Pango units) or the given number of lines (negative).
        let mode: PangoEllipsizeMode
        switch style.truncation {
        case 1: mode = PANGO_ELLIPSIZE_START
        case 2: mode = PANGO_ELLIPSIZE_MIDDLE
        case 3: mode = PANGO_ELLIPSIZE_END
        default: mode = PANGO_ELLIPSIZE_NONE
        }
        pango_layout_set_ellipsize(layout, mode)
        if mode != PANGO_ELLIPSIZE_NONE {
            if style.maxLines > 0 {
                pango_layout_set_height(layout, -style.maxLines)
                if let height, height.isFinite, height >= 0,
                   Double(logicalExtents().height) / Double(PANGO_SCALE) > height {
                    pango_layout_set_height(layout, Int32(clamping: Int((height * Double(PANGO_SCALE)).rounded(.down))))
                }
            } else if let height, height.isFinite, height >= 0 {
                pango_layout_set_height(layout, Int32(clamping: Int((min(height, 1e6) * Double(PANGO_SCALE)).rounded(.down))))
            } else {
                pango_layout_set_height(layout, Int32.max)
            }
        } else {
            pango_layout_set_height(layout, -1)
        }
    }

    /// The layout's logical extents, in Pango units.
    package func logicalExtents() -> PangoRectangle {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return logical
    }

    /// How many lines of the current layout are shown, and their logical
    /// extents in user-space units (the union of those lines' boxes).
    ///
    /// Lines after `maxLines` (when > 0) or whose bottom is below `height`
    /// are not shown; the first line always is.
    package func visibleLines(maxLines: Int32, height: Double?) -> (count: Int, extents: easel_rect) {
        let total = Int(pango_layout_get_line_count(layout))
        guard let iter = pango_layout_get_iter(layout) else { return (0, easel_rect()) }
        defer { pango_layout_iter_free(iter) }
        let isEllipsized = pango_layout_is_ellipsized(layout) != 0
        var count = 0
        var minX = Double.infinity, maxX = -Double.infinity, bottom = 0.0
        let scale = Double(PANGO_SCALE)
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            let lineBottom = Double(logical.y + logical.height) / scale
            if count > 0 {
                if maxLines > 0, count >= Int(maxLines) { break }
                if let height, lineBottom > height + 1e-6 { break }
            }
            // Pango gives an ellipsized line the whole width as its logical
            // width; what it shows is the advance of its runs.
            var lineWidth = logical.width
            if isEllipsized, let line = pango_layout_iter_get_line_readonly(iter) {
                lineWidth = min(lineWidth, Self.advance(of: line))
            }
            minX = min(minX, Double(logical.x) / scale)
            maxX = max(maxX, Double(logical.x + lineWidth) / scale)
            bottom = lineBottom
            count += 1
        } while count < total && pango_layout_iter_next_line(iter) != 0
        guard count > 0 else { return (0, easel_rect()) }
        return (count, easel_rect(origin: easel_point(x: minX, y: 0), size: easel_size(width: maxX - minX, height: bottom)))
    }

    /// The sum of the advances of a line's runs, in Pango units.
    package static func advance(of line: UnsafeMutablePointer<PangoLayoutLine>) -> Int32 {
        var width: Int32 = 0
        var node = line.pointee.runs
        var visited = 0
        while let current = node, visited < TextBytes.maximumLength {
            if let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
               let glyphs = run.pointee.glyphs {
                let analysis = run.pointee.item.pointee.analysis
                if analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) != 0, let font = analysis.font {
                    // Pango widens the ellipsis run to fill the line: take its glyphs' own advances.
                    for index in 0..<Int(max(glyphs.pointee.num_glyphs, 0)) {
                        var logical = PangoRectangle()
                        pango_font_get_glyph_extents(font, glyphs.pointee.glyphs[index].glyph, nil, &logical)
                        width &+= logical.width
                    }
                } else {
                    width &+= pango_glyph_string_get_width(glyphs)
                }
            }
            node = current.pointee.next
            visited += 1
        }
        return width
    }

    /// Metrics of a font, in user-space units, measured without a transform.
    ///
    /// pango_context_get_metrics shapes a sample text to find average
    /// widths, which costs more than laying out a label: the answer is kept
    /// per font (up to ``maximumCachedMetrics`` fonts per thread).
    package func metrics(of font: FontDescription) -> easel_font_metrics {
        let key = font.key
        if let known = metricsCache[key] { return known }
        prepareForMeasuring()
        guard let metrics = pango_context_get_metrics(context, font.pointer, nil) else { return easel_font_metrics() }
        defer { pango_font_metrics_unref(metrics) }
        let scale = Double(PANGO_SCALE)
        let ascent = Double(pango_font_metrics_get_ascent(metrics)) / scale
        let descent = Double(pango_font_metrics_get_descent(metrics)) / scale
        let result = easel_font_metrics(ascent: ascent, descent: descent, line_height: ascent + descent)
        if metricsCache.count >= Self.maximumCachedMetrics { metricsCache.removeAll(keepingCapacity: true) }
        metricsCache[key] = result
        return result
    }

    /// How many fonts' metrics a thread keeps.
    package static let maximumCachedMetrics = 256

    /// A Pango attribute list for a plugin's attributed runs.
    package static func attributeList(
        _ attributes: UnsafePointer<easel_text_attribute>?, count: UInt32, textLength: UInt32, alpha: Double,
        in operation: String
    ) throws(CanvasError) -> OpaquePointer {
        let list = pango_attr_list_new()!
        guard count > 0 else { return list }
        guard let attributes else {
            pango_attr_list_unref(list)
            throw .invalidArgument(operation, "NULL attributes with count \(count)")
        }
        guard count <= 1 << 20 else {
            pango_attr_list_unref(list)
            throw .invalidArgument(operation, "too many attributes (\(count))")
        }
        do throws(CanvasError) {
            for index in 0..<Int(count) {
                let run = attributes[index]
                guard run.start <= run.end else {
                    throw .invalidArgument(operation, "attribute \(index): start \(run.start) is after end \(run.end)")
                }
                let start = min(run.start, textLength), end = min(run.end, textLength)
                func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?) {
                    guard let attribute else { return }
                    attribute.pointee.start_index = start
                    attribute.pointee.end_index = end
                    pango_attr_list_insert(list, attribute)
                }
                func colorAttributes(_ color: easel_color, _ make: (UInt16, UInt16, UInt16) -> UnsafeMutablePointer<PangoAttribute>?) throws(CanvasError) {
                    try CanvasLimits.validate(color, in: operation)
                    func channel(_ value: Double) -> UInt16 { UInt16((min(max(value, 0), 1) * 65535).rounded()) }
                    insert(make(channel(color.red), channel(color.green), channel(color.blue)))
                }
                switch run.kind {
                case 1:
                    try colorAttributes(run.color) { pango_attr_foreground_new($0, $1, $2) }
                    let a = min(max(run.color.alpha * alpha, 0), 1)
                    insert(pango_attr_foreground_alpha_new(max(1, UInt16((a * 65535).rounded()))))
                case 2:
                    guard let font = run.font else { throw .invalidArgument(operation, "attribute \(index): NULL font") }
                    let description = FontDescription(owning: pango_font_description_new())
                    try description.apply(font, in: operation)
                    insert(pango_attr_font_desc_new(description.pointer))
                case 3, 4:
                    guard (0...2).contains(run.value), run.kind == 3 || run.value <= 1 else {
                        throw .invalidArgument(operation, "attribute \(index): value \(run.value) out of range")
                    }
                    if run.kind == 3 {
                        let style: PangoUnderline = run.value == 2 ? PANGO_UNDERLINE_DOUBLE
                            : run.value == 1 ? PANGO_UNDERLINE_SINGLE : PANGO_UNDERLINE_NONE
                        insert(pango_attr_underline_new(style))
                        if run.color.alpha > 0 { try colorAttributes(run.color) { pango_attr_underline_color_new($0, $1, $2) } }
                    } else {
                        insert(pango_attr_strikethrough_new(run.value != 0 ? 1 : 0))
                        if run.color.alpha > 0 { try colorAttributes(run.color) { pango_attr_strikethrough_color_new($0, $1, $2) } }
                    }
                case 5:
                    guard run.number.isFinite, abs(run.number) <= FontDescription.maximumSize else {
                        throw .invalidArgument(operation, "attribute \(index): baseline offset \(run.number) out of range")
                    }
                    insert(pango_attr_rise_new(Int32((run.number * Double(PANGO_SCALE)).rounded())))
                default:
                    throw .invalidArgument(operation, "attribute \(index): unknown kind \(run.kind)")
                }
            }
        } catch {
            pango_attr_list_unref(list)
            throw error
        }
        return list
    }
}
