import EaselGraphicsCore
import CCairo
import CPango
import EaselABI

// Text on the canvas, through Pango (see TextEngine.swift). The font is part
// of the Swift-side drawing state: an index into the canvas's fonts, so that
// saving and restoring a state copies a number, and setting a font needs no
// cairo_save.

extension Canvas {
    /// The most distinct fonts one canvas keeps; setting more is an error
    /// (a bound against a plugin that makes a new font for every call).
    static let maximumFonts = 4096

    /// The font a new canvas, and measuring without one, starts with.
    ///
    /// `nonisolated(unsafe)`: immutable after its thread-safe initialisation;
    /// Pango only reads a font description.
    nonisolated(unsafe) static let defaultFont = FontDescription.makeDefault()

    /// The current font.
    var currentFont: FontDescription {
        state.fontIndex == 0 ? Self.defaultFont : fonts[Int(state.fontIndex) - 1]
    }

    /// Makes `font` (sealed) current, sharing an equal font set before.
    func useFont(_ font: FontDescription, in operation: String) throws(CanvasError) {
        let key = font.key
        if let index = fontIndexByKey[key] {
            state.fontIndex = index
            return
        }
        guard fonts.count < Self.maximumFonts else {
            throw .invalidArgument(operation, "more than \(Self.maximumFonts) distinct fonts on one canvas")
        }
        fonts.append(font)
        let index = Int32(fonts.count)
        fontIndexByKey[key] = index
        state.fontIndex = index
    }

    /// Selects a font family and size (the graphics table's set_font).
    ///
    /// The weight, style and stretch go back to normal, as with cairo's toy
    /// font API before.
    ///
    /// - Parameters:
    ///   - family: A fontconfig family name such as "Sans", or a
    ///     comma-separated list; copied. NULL puts the canvas in error.
    ///   - size: The size in user-space units; finite, 0...10000.
    package func setFont(family: UnsafePointer<CChar>?, size: Double) {
        perform("set_font") { _ throws(CanvasError) in
            let family = try Self.require(family, "set_font")
            try FontDescription.validateSize(size, in: "set_font")
            let font = FontDescription(owning: pango_font_description_new())
            pango_font_description_set_family(font.pointer, family)
            pango_font_description_set_absolute_size(font.pointer, size * Double(PANGO_SCALE))
            try useFont(font.sealed(), in: "set_font")
        }
    }

    /// Changes the current font by a descriptor (easel.text.v1's set_font).
    ///
    /// Starts from the current font; the descriptor's string form, then its
    /// set fields, replace parts of it.
    package func setFont(_ desc: UnsafePointer<easel_font_desc>?) {
        perform("set_font") { _ throws(CanvasError) in
            guard let desc else { throw .invalidArgument("set_font", "NULL font descriptor") }
            try useFont(try TextEngine.current.resolve(desc, base: currentFont, in: "set_font"), in: "set_font")
        }
    }

    /// Selects a font for text by Pango's string form, e.g. "DejaVu Sans Bold 12".
    package func setFont(description: String) {
        description.withCString { string in
            var desc = easel_font_desc()
            desc.struct_size = UInt32(MemoryLayout<easel_font_desc>.size)
            desc.description = string
            setFont(&desc)
        }
    }

    /// The metrics of `desc` applied to the current font (NULL: the current font).
    package func fontMetrics(_ desc: UnsafePointer<easel_font_desc>?) -> easel_font_metrics {
        perform("font_metrics", else: easel_font_metrics()) { _ throws(CanvasError) in
            try Self.fontMetrics(desc, base: currentFont)
        }
    }

    /// The metrics of `desc` applied to `base` (NULL: `base`), measured in user space.
    static func fontMetrics(
        _ desc: UnsafePointer<easel_font_desc>?, base: FontDescription
    ) throws(CanvasError) -> easel_font_metrics {
        let engine = TextEngine.current
        let font = try desc.map { (desc) throws(CanvasError) in try engine.resolve(desc, base: base, in: "font_metrics") } ?? base
        return engine.metrics(of: font)
    }

    /// Draws UTF-8 text in the fill colour with its baseline starting at (x, y).
    ///
    /// Shaped by Pango on one line. Leaves the current path empty. NULL or
    /// invalid UTF-8 puts the canvas in error.
    package func showText(cString utf8: UnsafePointer<CChar>?, x: Double, y: Double) {
        drawText(utf8, length: -1, x: x, y: y, attributes: nil, attributeCount: 0, operation: "show_text")
    }

    /// Draws one line of text with attributed runs, its baseline starting at (x, y).
    package func drawText(
        _ utf8: UnsafePointer<CChar>?, length: Int64, x: Double, y: Double,
        attributes: UnsafePointer<easel_text_attribute>?, attributeCount: UInt32, operation: String = "draw_text_at"
    ) {
        perform(operation) { cr throws(CanvasError) in
            let text = try TextBytes(utf8, length: length, in: operation)
            try Self.requireFinite(operation, x, y)
            let (dx, dy) = textOrigin()
            let x = x + dx, y = y + dy
            let engine = TextEngine.current
            engine.prepare(for: cr)
            let layout = try engine.layOut(
                text, font: currentFont, style: TextStyle(), width: nil, height: nil, singleParagraph: true,
                attributes: attributes, attributeCount: attributeCount, alpha: state.alpha, drawing: true,
                in: operation)
            let baseline = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
            guardText(layout, at: (x, y - baseline), attributed: attributeCount > 0)
            if state.shadow != nil {
                castTextShadow {
                    cairo_move_to(cr, x, y - baseline)
                    pango_cairo_layout_path(cr, layout)
                }
            }
            useSource(state.fillColor)
            cairo_new_path(cr)
            cairo_move_to(cr, x, y - baseline)
            if cairo_get_antialias(cr) == CAIRO_ANTIALIAS_NONE {
                fillOutlines { pango_cairo_layout_path(cr, layout) }
            } else if !engine.showGlyphs(of: layout, in: cr) {
                pango_cairo_show_layout(cr, layout)
            }
            cairo_new_path(cr)
            pathExtents.reset()
        }
    }

    /// Lays out text in `rect` with a paragraph style and draws it in the fill colour.
    ///
    /// The first line's top is at the rect's top; lines after `max_lines` or
    /// below the rect's bottom are not drawn (with tail truncation, the last
    /// line shown ends in "…"). Leaves the current path empty.
    package func drawText(
        _ utf8: UnsafePointer<CChar>?, length: Int64, in rect: easel_rect, style: UnsafePointer<easel_text_style>?,
        attributes: UnsafePointer<easel_text_attribute>?, attributeCount: UInt32
    ) {
        let operation = "draw_text_in_rect"
        perform(operation) { cr throws(CanvasError) in
            let text = try TextBytes(utf8, length: length, in: operation)
            try Self.validate(rect, in: operation)
            let style = try TextStyle(style, in: operation)
            let (dx, dy) = textOrigin()
            let origin = easel_point(x: rect.origin.x + dx, y: rect.origin.y + dy)
            let engine = TextEngine.current
            engine.prepare(for: cr)
            let height = max(rect.size.height, 0)
            let layout = try engine.layOut(
                text, font: currentFont, style: style, width: max(rect.size.width, 0), height: height,
                singleParagraph: false, attributes: attributes, attributeCount: attributeCount, alpha: state.alpha,
                drawing: true, in: operation)
            guardText(layout, at: (origin.x, origin.y), attributed: attributeCount > 0)
            useSource(state.fillColor)
            cairo_new_path(cr)
            // With truncation Pango keeps only the lines that fit; without,
            // lines past the limits are left out here, line by line.
            let showsAll = style.truncation != 0
                || (style.maxLines == 0 && Double(TextEngine.logicalExtents(of: layout).height) / Double(PANGO_SCALE) <= height + 1e-6)
            let visible = showsAll ? nil : TextEngine.visibleLines(of: layout, maxLines: style.maxLines, height: height)
            // Draws the lines shown, or (pathOnly) adds their outlines to the path, for a shadow.
            func emit(pathOnly: Bool) {
                if let visible, visible.count < Int(pango_layout_get_line_count(layout)),
                   let iter = pango_layout_get_iter(layout) {
                    defer { pango_layout_iter_free(iter) }
                    var shown = 0
                    repeat {
                        var logical = PangoRectangle()
                        pango_layout_iter_get_line_extents(iter, nil, &logical)
                        let baseline = Double(pango_layout_iter_get_baseline(iter)) / Double(PANGO_SCALE)
                        cairo_move_to(cr, origin.x + Double(logical.x) / Double(PANGO_SCALE), origin.y + baseline)
                        if pathOnly {
                            pango_cairo_layout_line_path(cr, pango_layout_iter_get_line_readonly(iter))
                        } else {
                            pango_cairo_show_layout_line(cr, pango_layout_iter_get_line_readonly(iter))
                        }
                        shown += 1
                    } while shown < visible.count && pango_layout_iter_next_line(iter) != 0
                } else {
                    cairo_move_to(cr, origin.x, origin.y)
                    if pathOnly {
                        pango_cairo_layout_path(cr, layout)
                    } else if !engine.showGlyphs(of: layout, in: cr) {
                        pango_cairo_show_layout(cr, layout)
                    }
                }
            }
            if state.shadow != nil {
                castTextShadow { emit(pathOnly: true) }
                cairo_new_path(cr)
            }
            if cairo_get_antialias(cr) == CAIRO_ANTIALIAS_NONE {
                fillOutlines { emit(pathOnly: true) }
            } else {
                emit(pathOnly: false)
            }
            cairo_new_path(cr)
            pathExtents.reset()
        }
    }

    /// The advance width of UTF-8 text and the font's line height (ascent + descent).
    ///
    /// - Returns: The size in user space, or zero when `utf8` is NULL or
    ///   invalid (the canvas is then in error) or the canvas is already in error.
    package func measureText(cString utf8: UnsafePointer<CChar>?) -> easel_size {
        perform("measure_text", else: easel_size(width: 0, height: 0)) { _ throws(CanvasError) in
            let text = try TextBytes(utf8, length: -1, in: "measure_text")
            let engine = TextEngine.current
            let layout = try engine.layOut(
                text, font: currentFont, style: TextStyle(), width: nil, height: nil, singleParagraph: true,
                attributes: nil, attributeCount: 0, alpha: 1, drawing: false, in: "measure_text")
            let metrics = engine.metrics(of: currentFont)
            return easel_size(
                width: Double(TextEngine.logicalExtents(of: layout).width) / Double(PANGO_SCALE),
                height: metrics.ascent + metrics.descent)
        }
    }

    /// The size text needs laid out `width` wide with `style` (see ``TextEngine``).
    package func measureText(
        _ utf8: UnsafePointer<CChar>?, length: Int64, width: Double, maxHeight: Double,
        style: UnsafePointer<easel_text_style>?, attributes: UnsafePointer<easel_text_attribute>?,
        attributeCount: UInt32
    ) -> easel_size {
        perform("measure_text", else: easel_size()) { _ throws(CanvasError) in
            try Self.measureText(
                utf8, length: length, width: width, maxHeight: maxHeight, style: style, attributes: attributes,
                attributeCount: attributeCount, font: currentFont)
        }
    }

    /// The size text needs laid out `width` wide, with `font` as the paragraph's font.
    static func measureText(
        _ utf8: UnsafePointer<CChar>?, length: Int64, width: Double, maxHeight: Double,
        style: UnsafePointer<easel_text_style>?, attributes: UnsafePointer<easel_text_attribute>?,
        attributeCount: UInt32, font: FontDescription
    ) throws(CanvasError) -> easel_size {
        let operation = "measure_text"
        let text = try TextBytes(utf8, length: length, in: operation)
        try Self.requireFinite(operation, maxHeight)
        guard !width.isNaN else { throw .invalidArgument(operation, "non-finite value \(width)") }
        let style = try TextStyle(style, in: operation)
        let engine = TextEngine.current
        let height: Double? = maxHeight > 0 ? maxHeight : nil
        let layout = try engine.layOut(
            text, font: font, style: style, width: width, height: height, singleParagraph: false,
            attributes: attributes, attributeCount: attributeCount, alpha: 1, drawing: false, in: operation)
        let visible = TextEngine.visibleLines(of: layout, maxLines: style.maxLines, height: height)
        return visible.extents.size
    }

    /// The rect of the characters in the bytes [start, end) of text laid out in `rect`.
    package func characterRect(
        _ utf8: UnsafePointer<CChar>?, length: Int64, in rect: easel_rect, style: UnsafePointer<easel_text_style>?,
        attributes: UnsafePointer<easel_text_attribute>?, attributeCount: UInt32, start: UInt32, end: UInt32
    ) -> easel_rect {
        perform("character_rect", else: easel_rect()) { _ throws(CanvasError) in
            try Self.characterRect(
                utf8, length: length, in: rect, style: style, attributes: attributes, attributeCount: attributeCount,
                start: start, end: end, font: currentFont)
        }
    }

    /// The rect of a byte range of text laid out in `rect` with `font` as the paragraph's font.
    static func characterRect(
        _ utf8: UnsafePointer<CChar>?, length: Int64, in rect: easel_rect, style: UnsafePointer<easel_text_style>?,
        attributes: UnsafePointer<easel_text_attribute>?, attributeCount: UInt32, start: UInt32, end: UInt32,
        font: FontDescription
    ) throws(CanvasError) -> easel_rect {
        let operation = "character_rect"
        let text = try TextBytes(utf8, length: length, in: operation)
        try validate(rect, in: operation)
        let style = try TextStyle(style, in: operation)
        guard start <= end else { throw .invalidArgument(operation, "start \(start) is after end \(end)") }
        let engine = TextEngine.current
        let layout = try engine.layOut(
            text, font: font, style: style, width: max(rect.size.width, 0), height: max(rect.size.height, 0),
            singleParagraph: false, attributes: attributes, attributeCount: attributeCount, alpha: 1, drawing: false,
            in: operation)
        let scale = Double(PANGO_SCALE)
        // (Text cut to its visible lines may have longer paragraph breaks.)
        let length = pango_layout_get_text(layout).map { Int32(clamping: strlen($0)) } ?? 0
        func layoutIndex(_ index: Int32) -> Int32 { min(engine.layoutIndex(index), length) }
        func box(_ index: Int32) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
            var position = PangoRectangle()
            pango_layout_index_to_pos(layout, layoutIndex(index), &position)
            let x0 = Double(position.x) / scale, x1 = Double(position.x + position.width) / scale
            let y0 = Double(position.y) / scale, y1 = Double(position.y + position.height) / scale
            return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        }
        // Whole characters: move the ends back to the start of a code point.
        let first = text.characterStart(Int32(min(start, UInt32(text.count))))
        let last = Int32(min(end, UInt32(text.count)))
        var union = box(first)
        if first == last {
            // A caret: where text typed there would go, the leading edge of
            // the character at `first` in its paragraph's direction (Pango's
            // strong cursor; the right edge of a right-to-left character).
            var strong = PangoRectangle()
            pango_layout_get_cursor_pos(layout, layoutIndex(first), &strong, nil)
            union.minX = Double(strong.x) / scale
            union.maxX = union.minX
        } else {
            var index = first
            while index < last {
                let b = box(index)
                union = (min(union.minX, b.minX), min(union.minY, b.minY), max(union.maxX, b.maxX), max(union.maxY, b.maxY))
                index = text.characterEnd(index + 1)
            }
        }
        return easel_rect(
            origin: easel_point(x: rect.origin.x + union.minX, y: rect.origin.y + union.minY),
            size: easel_size(width: union.maxX - union.minX, height: union.maxY - union.minY))
    }

    /// Draws text in the fill colour with its baseline starting at (x, y); see
    /// ``showText(cString:x:y:)``.
    package func showText(_ text: String, x: Double, y: Double) {
        text.withCString { showText(cString: $0, x: x, y: y) }
    }

    /// The advance width of text and the font's line height; see ``measureText(cString:)``.
    package func measureText(_ text: String) -> easel_size {
        text.withCString { measureText(cString: $0) }
    }

    /// Selects the font for text; see ``setFont(family:size:)``.
    package func setFont(_ family: String, size: Double) {
        family.withCString { setFont(family: $0, size: size) }
    }
}

extension Canvas {
    /// Where user space's origin is in cairo's coordinates for text: under a
    /// translation kept on the Swift side (Canvas+Offset.swift) cairo's
    /// matrix stays the identity and text is placed at translated
    /// coordinates, so that the Pango context need not follow each view's
    /// translation (which would make every layout lay out again). Otherwise
    /// (0, 0). A pending guard clip is left to `guardText`. Runs inside `perform`.
    func textOrigin() -> (x: Double, y: Double) {
        guard state.isOffset else { return (0, 0) }
        return (state.offsetX, state.offsetY)
    }

    /// Device pixels kept between a text's ink box and the guard: cairo
    /// (1.16) puts each glyph's image at its position rounded to the nearest
    /// pixel, half a pixel at most from where the ink box says, plus a
    /// sixteenth for Pango's rounding of extents to its units.
    static let textGuardMargin = 0.5 + 1.0 / 16

    /// Applies a pending guard clip before `layout` is drawn with its top
    /// left at `origin` (in cairo's coordinates), unless the clip could not
    /// change a pixel: the layout's ink, which Pango has measured with its
    /// logical extents, lies inside the guard's pixels with `textGuardMargin`
    /// to spare, and no shadow or attributed run (an underline, a
    /// strikethrough) is drawn. Runs inside `perform`.
    func guardText(_ layout: OpaquePointer, at origin: (x: Double, y: Double), attributed: Bool) {
        guard state.isGuarded else { return }
        guard state.isOffset, state.shadow == nil, !attributed else { return applyGuardClip() }
        var ink = PangoRectangle()
        pango_layout_get_extents(layout, &ink, nil)
        let unit = Double(PANGO_SCALE), scale = deviceScale, margin = Self.textGuardMargin
        let minX = (origin.x + Double(ink.x) / unit) * scale, maxX = (origin.x + Double(ink.x + ink.width) / unit) * scale
        let minY = (origin.y + Double(ink.y) / unit) * scale, maxY = (origin.y + Double(ink.y + ink.height) / unit) * scale
        if ink.width <= 0 || ink.height <= 0
            || (minX - margin >= Double(state.guardMinX) && maxX + margin <= Double(state.guardMaxX)
                && minY - margin >= Double(state.guardMinY) && maxY + margin <= Double(state.guardMaxY)) {
            return
        }
        applyGuardClip()
    }

    /// Fills the glyphs' outlines that `addOutlines` adds to cairo's path,
    /// by the non-zero rule, with the current antialiasing: text under
    /// `set_should_antialias(0)` has hard edges like fills (cairo draws
    /// glyph images with the font's antialiasing, not the context's).
    func fillOutlines(_ addOutlines: () -> Void) {
        addOutlines()
        let rule = cairo_get_fill_rule(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_fill(cr)
        cairo_set_fill_rule(cr, rule)
    }

    /// Casts the current shadow of text: `addOutlines` adds the glyphs'
    /// outlines to cairo's (empty) path, which is filled by the non-zero
    /// rule as fonts expect, then cleared.
    func castTextShadow(_ addOutlines: () -> Void) {
        cairo_new_path(cr)
        addOutlines()
        let rule = cairo_get_fill_rule(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        castShadow(.fill)
        cairo_set_fill_rule(cr, rule)
        cairo_new_path(cr)
    }
}
