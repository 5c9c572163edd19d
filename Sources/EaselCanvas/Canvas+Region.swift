import EaselGraphicsCore
import CCairo
import EaselABI
import EaselGeometry

extension Canvas {
    /// Repaints the parts of the canvas inside `rects` with what `body` draws,
    /// leaving every other pixel as it was.
    ///
    /// `body` draws into an offscreen layer the size of the whole canvas,
    /// transparent inside `rects` at first and not clipped to `rects`; then
    /// the layer's pixels inside `rects` replace the canvas's (cairo's
    /// `SOURCE` operator). Clipping the drawing itself would not do: cairo's
    /// antialiasing of a slanted edge depends on the clip and on the area it
    /// rasterises, so a pixel inside the clip can come out a few units
    /// different from the same drawing onto the whole canvas (so does a
    /// layer only as large as the rectangles' bounding box: cairo clips the
    /// polygons to it). Drawing unclipped onto a canvas-sized layer, each
    /// pixel inside `rects` is exactly what drawing onto a cleared canvas
    /// gives, provided `rects` fall on device pixels (see ``alignToPixels(_:)``).
    ///
    /// On a raster canvas without a clip, outside any transparency group,
    /// the layer is kept from one redraw to the next with its own cairo
    /// context, and only `rects` are cleared in it: what earlier redraws left
    /// elsewhere in it never reaches the canvas, and each pixel is
    /// composited on its own. (A new canvas-sized group, cairo_push_group,
    /// would be cleared whole every time: megabytes for a small change.)
    /// Otherwise the layer is a cairo group.
    ///
    /// `body` must leave the graphics state as it found it (balanced saves and
    /// restores); the layer is composited only if the canvas is not in error.
    ///
    /// - Parameters:
    ///   - rects: The areas to repaint, in the current user space; an empty
    ///     array repaints nothing.
    ///   - body: The drawing, as onto the whole canvas.
    public func redraw(inside rects: [easel_rect], _ body: () -> Void) {
        if beginKeptLayer(clearing: rects) {
            let depth = savedStates.count
            body()
            endKeptLayer(compositing: rects, depth: depth)
            return
        }
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

    /// Switches drawing to the kept layer (see ``redraw(inside:_:)``), with
    /// `rects` cleared in it; returns `false` (and changes nothing) when the
    /// canvas must use a group instead.
    private func beginKeptLayer(clearing rects: [easel_rect]) -> Bool {
        perform("redraw", else: false) { main throws(CanvasError) in
            for rect in rects { try Self.validate(rect, in: "redraw") }
            guard backing != .recording, main == mainContext, state.isOffset, !state.isGuarded, !state.hasClip,
                  cairo_get_group_target(main) == surface
            else { return false }
            materializeSaves()
            if layerSurface == nil {
                let layer = cairo_surface_create_similar_image(
                    surface, CAIRO_FORMAT_ARGB32, cairo_image_surface_get_width(surface),
                    cairo_image_surface_get_height(surface))
                cairo_surface_set_device_scale(layer, deviceScale, deviceScale)
                let context = cairo_create(layer)
                guard CairoStatus.check(cairo_surface_status(layer)) == nil,
                      CairoStatus.check(cairo_status(context)) == nil
                else {
                    cairo_destroy(context)
                    cairo_surface_destroy(layer)
                    return false
                }
                Self.markDrawnOn(layer)
                layerSurface = layer
                layerContext = context
            }
            guard let layer = layerContext else { return false }
            // The layer's context takes the main one's state: the matrix is
            // the identity and nothing is clipped in both; the line width,
            // fill rule and source are set before every use.
            cairo_set_line_cap(layer, cairo_get_line_cap(main))
            cairo_set_line_join(layer, cairo_get_line_join(main))
            cairo_set_miter_limit(layer, cairo_get_miter_limit(main))
            let dashes = Int(cairo_get_dash_count(main))
            var dashLengths = [Double](repeating: 0, count: dashes)
            var dashOffset = 0.0
            dashLengths.withUnsafeMutableBufferPointer { cairo_get_dash(main, $0.baseAddress, &dashOffset) }
            cairo_set_dash(layer, dashLengths, Int32(dashes), dashOffset)
            cairo_set_font_face(layer, cairo_get_font_face(main))
            var fontMatrix = cairo_matrix_t()
            cairo_get_font_matrix(main, &fontMatrix)
            cairo_set_font_matrix(layer, &fontMatrix)
            let options = cairo_font_options_create()
            cairo_get_font_options(main, options)
            cairo_set_font_options(layer, options)
            cairo_font_options_destroy(options)
            // Clear the rectangles; the path moves over to the layer.
            let path = pathExtents.isEmpty ? nil : cairo_copy_path(main)
            cairo_new_path(main)
            cr = layer
            cairo_new_path(layer)
            for rect in rects { addRectangle(rect.standardized) }
            cairo_set_fill_rule(layer, CAIRO_FILL_RULE_WINDING)
            cairo_set_operator(layer, CAIRO_OPERATOR_CLEAR)
            cairo_fill(layer)
            cairo_set_operator(layer, CAIRO_OPERATOR_OVER)
            Self.markDrawnOn(layerSurface)
            if let path {
                cairo_append_path(layer, path)
                cairo_path_destroy(path)
            }
            cairoLineWidth = .nan
            savedStates.append(state)
            return true
        }
    }

    /// Switches drawing back to the canvas and copies the layer's pixels
    /// inside `rects` onto it.
    private func endKeptLayer(compositing rects: [easel_rect], depth: Int) {
        guard let layer = layerContext, cr == layer else { return }
        // Back to the canvas, with the path.
        let path = pathExtents.isEmpty ? nil : cairo_copy_path(layer)
        cairo_new_path(layer)
        cr = mainContext
        cairoLineWidth = .nan
        if let path {
            cairo_append_path(mainContext, path)
            cairo_path_destroy(path)
        }
        perform("redraw") { main in
            guard savedStates.count == depth, pendingSaves == 0 else {
                // Unbalanced saves inside: what popping a group reports. The
                // layer's context may hold saves of its own: start afresh.
                record(.cairo(.invalidPopGroup, in: "redraw"))
                cairo_destroy(layer)
                layerContext = nil
                cairo_surface_destroy(layerSurface)
                layerSurface = nil
                return
            }
            state = savedStates.removeLast()
            cairo_save(main)
            cairo_new_path(main)
            for rect in rects { addRectangle(rect.standardized) }
            cairo_set_fill_rule(main, CAIRO_FILL_RULE_WINDING)
            cairo_clip(main)
            cairo_set_operator(main, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_surface(main, layerSurface, 0, 0)
            cairo_paint(main)
            cairo_restore(main)
            pathExtents.reset()
        }
    }
}
