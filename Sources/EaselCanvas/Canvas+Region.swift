import CCairo
import EaselABI

extension Canvas {
    /// Intersects the clip with the union of rectangles (one path, nonzero winding).
    ///
    /// An empty array clips everything away.
    ///
    /// - Parameter rects: Rectangles in the current user space.
    public func clip(toRects rects: [easel_rect]) {
        perform("clip_to_rects") { cr throws(CanvasError) in
            cairo_new_path(cr)
            for rect in rects {
                try Self.validate(rect, in: "clip_to_rects")
                let x = min(rect.origin.x, rect.origin.x + rect.size.width)
                let y = min(rect.origin.y, rect.origin.y + rect.size.height)
                cairo_rectangle(cr, x, y, abs(rect.size.width), abs(rect.size.height))
            }
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_clip(cr)
        }
    }

    /// Rounds a rectangle in canvas points outward to whole device pixels of
    /// the backing (whole points for a recording), so a clip to it falls on
    /// pixel boundaries.
    public func alignToPixels(_ rect: easel_rect) -> easel_rect {
        let scale: Double
        switch backing {
        case .recording: scale = 1
        case .raster(let value): scale = value
        }
        let x0 = min(rect.origin.x, rect.origin.x + rect.size.width)
        let y0 = min(rect.origin.y, rect.origin.y + rect.size.height)
        let x1 = max(rect.origin.x, rect.origin.x + rect.size.width)
        let y1 = max(rect.origin.y, rect.origin.y + rect.size.height)
        let left = (x0 * scale).rounded(.down) / scale, top = (y0 * scale).rounded(.down) / scale
        let right = (x1 * scale).rounded(.up) / scale, bottom = (y1 * scale).rounded(.up) / scale
        return easel_rect(origin: easel_point(x: left, y: top), size: easel_size(width: right - left, height: bottom - top))
    }
}
