import CCairo
import EaselABI

extension Canvas {
    /// Repaints the parts of the canvas inside `rects` with what `body` draws,
    /// leaving every other pixel as it was.
    ///
    /// `body` draws into an offscreen layer the size of the whole canvas,
    /// transparent at first and not clipped to `rects`; then the layer's
    /// pixels inside `rects` replace the canvas's (cairo's `SOURCE` operator).
    /// Clipping the drawing itself would not do: cairo's antialiasing of a
    /// slanted edge depends on the clip and on the area it rasterises, so a
    /// pixel inside the clip can come out a few units different from the same
    /// drawing onto the whole canvas. Drawing unclipped, each pixel inside
    /// `rects` is exactly what drawing onto a cleared canvas gives, provided
    /// `rects` fall on device pixels (see ``alignToPixels(_:)``).
    ///
    /// `body` must leave the graphics state as it found it (balanced saves and
    /// restores); the layer is composited only if the canvas is not in error.
    ///
    /// - Parameters:
    ///   - rects: The areas to repaint, in the current user space; an empty
    ///     array repaints nothing.
    ///   - body: The drawing, as onto the whole canvas.
    public func redraw(inside rects: [easel_rect], _ body: () -> Void) {
        perform("redraw") { cr in
            applyGuardClip()
            materializeSaves()
            cairo_push_group(cr)
            Self.markDrawnOn(cairo_get_group_target(cr))
            savedStates.append(state)
        }
        body()
        perform("redraw") { cr throws(CanvasError) in
            for rect in rects { try Self.validate(rect, in: "redraw") }
            materializeSaves()
            let layer: OpaquePointer = cairo_pop_group(cr)
            cairoLineWidth = .nan
            defer { cairo_pattern_destroy(layer) }
            guard CairoStatus.check(cairo_status(cr)) == nil else { return }
            if let saved = savedStates.popLast() {
                state = saved
            }
            applyGuardClip()
            cairo_save(cr)
            cairo_new_path(cr)
            for rect in rects {
                let x = min(rect.origin.x, rect.origin.x + rect.size.width)
                let y = min(rect.origin.y, rect.origin.y + rect.size.height)
                addRectangle(easel_rect(origin: easel_point(x: x, y: y),
                                        size: easel_size(width: abs(rect.size.width), height: abs(rect.size.height))))
            }
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_clip(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source(cr, layer)
            cairo_paint(cr)
            cairo_restore(cr)
            cairoLineWidth = .nan
            pathExtents.reset()
        }
    }
}
