// Drawing a laid-out layout's glyphs on a raster target without
// pangocairo's renderer.
//
// pango_cairo_show_layout draws through a PangoRenderer: it takes a shared
// renderer under a lock, walks the layout's lines and runs, prepares each
// run's attributes, and for every run saves the cairo state, installs the
// run's scaled font, converts its glyphs and calls cairo_show_glyphs. For
// plain text (no attributes) on an image surface, all that comes down to
// one cairo_show_glyphs per run; `showGlyphs` makes exactly those calls,
// with positions computed by the same arithmetic, so the pixels are the
// same. Anything else (attributed runs, a glyph the font lacks, drawn by
// Pango as a hex box, vertical text, a target that keeps text as text) is
// left to Pango.

import CCairo
import CPango

/// Pango's glyph for no glyph at all (PANGO_GLYPH_EMPTY).
private let emptyGlyph: PangoGlyph = 0x0FFF_FFFF
/// Set in a glyph Pango could not find in any font (PANGO_GLYPH_UNKNOWN_FLAG).
private let unknownGlyphFlag: PangoGlyph = 0x1000_0000

/// One run's glyphs in `TextEngine.glyphs`, and the font they are drawn with.
struct GlyphRun {
    let font: OpaquePointer
    let start: Int
    let count: Int
}

extension TextEngine {
    /// The most glyphs one layout draws through `showGlyphs`; a larger one is left to Pango.
    static let maximumFastGlyphs = 1 << 16

    /// Draws every line of `layout` with its top-left corner at cairo's
    /// current point, as `pango_cairo_show_layout(cr, layout)` draws it,
    /// when that comes down to plain `cairo_show_glyphs` calls.
    ///
    /// - Returns: false, having drawn nothing, when the layout needs Pango's
    ///   renderer: the target keeps text as text (PDF), a run has
    ///   attributes (colours, underline, shapes) or a centred baseline,
    ///   a glyph is missing from every font (Pango draws a hex box), a font
    ///   has no usable cairo scaled font, or there is no current point.
    package func showGlyphs(of layout: OpaquePointer, in cr: OpaquePointer) -> Bool {
        guard drawsGlyphsDirectly, cairo_surface_has_show_text_glyphs(cairo_get_target(cr)) == 0,
              cairo_has_current_point(cr) != 0
        else {
            return false
        }
        // The origin as Pango reads it: the current point, back from cairo's fixed point.
        var originX = 0.0, originY = 0.0
        cairo_get_current_point(cr, &originX, &originY)
        guard let iter = pango_layout_get_iter(layout) else { return false }
        defer { pango_layout_iter_free(iter) }
        glyphRuns.removeAll(keepingCapacity: true)
        var used = 0
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            let baseline = pango_layout_iter_get_baseline(iter)
            guard let line = pango_layout_iter_get_line_readonly(iter) else { return false }
            // As pango_renderer_draw_layout_line: runs left to right, in Pango units.
            var advance: Int32 = 0
            var node = line.pointee.runs
            while let link = node {
                guard let run = link.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                      let item = run.pointee.item, let glyphString = run.pointee.glyphs,
                      Self.drawsPlainly(item.pointee.analysis.extra_attrs),
                      item.pointee.analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_CENTERED_BASELINE) == 0,
                      let font = item.pointee.analysis.font,
                      let scaledFont = pango_cairo_font_get_scaled_font(OpaquePointer(font)),
                      cairo_scaled_font_status(scaledFont) == CAIRO_STATUS_SUCCESS
                else { return false }
                let count = Int(glyphString.pointee.num_glyphs)
                guard count >= 0, used + count <= Self.maximumFastGlyphs else { return false }
                reserveGlyphs(used + count, keeping: used)
                advance &+= run.pointee.start_x_offset
                let baseX = originX + Double(logical.x &+ advance) / Double(PANGO_SCALE)
                let baseY = originY + Double(baseline &- run.pointee.y_offset) / Double(PANGO_SCALE)
                let start = used
                var position: Int32 = 0
                if let infos = glyphString.pointee.glyphs {
                    for index in 0..<count {
                        let info = infos[index]
                        if info.glyph != emptyGlyph {
                            guard info.glyph & unknownGlyphFlag == 0 else { return false }
                            let x = baseX + Double(position &+ info.geometry.x_offset) / Double(PANGO_SCALE)
                            let y = info.geometry.y_offset == 0
                                ? baseY : baseY + Double(info.geometry.y_offset) / Double(PANGO_SCALE)
                            glyphs[used] = cairo_glyph_t(index: UInt(info.glyph), x: x, y: y)
                            used += 1
                        }
                        position &+= info.geometry.width
                    }
                }
                if used > start { glyphRuns.append(GlyphRun(font: scaledFont, start: start, count: used - start)) }
                advance &+= position &+ run.pointee.end_x_offset
                node = link.pointee.next
            }
        } while pango_layout_iter_next_line(iter) != 0
        // (Pango saves and restores the cairo state around each run; here
        // cairo's font is left set to the last run's, which nothing reads:
        // the canvas draws all text through Pango's fonts.)
        for run in glyphRuns {
            cairo_set_scaled_font(cr, run.font)
            cairo_show_glyphs(cr, glyphs + run.start, Int32(run.count))
        }
        directGlyphDraws &+= 1
        return true
    }

    /// Whether a run's attributes leave its drawing alone: every one shaped
    /// or laid the run out (its language, font, fallback, spacing, the
    /// attributes Pango gives an ellipsis), none of those that
    /// pangocairo's renderer draws or moves (colours, lines, rise, shapes).
    private static func drawsPlainly(_ attributes: UnsafeMutablePointer<GSList>?) -> Bool {
        var node = attributes
        var seen = 0
        while let link = node {
            guard seen < 64, let attribute = link.pointee.data?.assumingMemoryBound(to: PangoAttribute.self),
                  let kind = attribute.pointee.klass?.pointee.type, isLayoutOnly(kind)
            else { return false }
            seen += 1
            node = link.pointee.next
        }
        return true
    }

    /// Whether attributes of this type shape or lay out text only: Pango's renderer does not read them.
    private static func isLayoutOnly(_ kind: PangoAttrType) -> Bool {
        switch kind {
        case PANGO_ATTR_LANGUAGE, PANGO_ATTR_FAMILY, PANGO_ATTR_STYLE, PANGO_ATTR_WEIGHT, PANGO_ATTR_VARIANT,
             PANGO_ATTR_STRETCH, PANGO_ATTR_SIZE, PANGO_ATTR_FONT_DESC, PANGO_ATTR_SCALE, PANGO_ATTR_FALLBACK,
             PANGO_ATTR_LETTER_SPACING, PANGO_ATTR_ABSOLUTE_SIZE, PANGO_ATTR_FONT_FEATURES, PANGO_ATTR_ALLOW_BREAKS,
             PANGO_ATTR_SHOW, PANGO_ATTR_INSERT_HYPHENS, PANGO_ATTR_LINE_HEIGHT, PANGO_ATTR_ABSOLUTE_LINE_HEIGHT,
             PANGO_ATTR_TEXT_TRANSFORM, PANGO_ATTR_WORD, PANGO_ATTR_SENTENCE, PANGO_ATTR_FONT_SCALE:
            return true
        default:
            return false
        }
    }

    /// Makes `glyphs` hold at least `count` glyphs, keeping the first `kept`.
    private func reserveGlyphs(_ count: Int, keeping kept: Int) {
        guard count > glyphCapacity else { return }
        let capacity = max(count, glyphCapacity * 2, 256)
        let grown = UnsafeMutablePointer<cairo_glyph_t>.allocate(capacity: capacity)
        grown.moveInitialize(from: glyphs, count: kept)
        glyphs.deallocate()
        glyphs = grown
        glyphCapacity = capacity
    }
}
