import EaselGraphicsCore
import CCairo
import EaselABI
import EaselGeometry

// Painting, line settings and text. Each paint sets cairo's source from the
// Swift-side state right before it paints, so cairo's source is never relied
// on between operations.

// MARK: - Painting

extension Canvas {
    /// Fills the current path with the fill colour and consumes it (CGContextFillPath).
    ///
    /// - Parameters:
    ///   - rule: `EASEL_FILL_NONZERO` or `EASEL_FILL_EVEN_ODD`; anything else
    ///     puts the canvas in error.
    @inline(__always)
    package func fillPath(rule: Int32) {
        perform("fill_path") { cr throws(CanvasError) in
            cairo_set_fill_rule(cr, try Self.fillRule(rule, in: "fill_path"))
            guardFill()
            if state.shadow != nil { castShadow(.fill) }
            useSource(state.fillColor)
            cairo_fill(cr)
            pathExtents.reset()
        }
    }

    /// Strokes the current path with the stroke colour and line settings, and
    /// consumes it (CGContextStrokePath).
    ///
    /// A line width beyond ``Canvas/maximumDeviceExtent`` device units under
    /// the current transform puts the canvas in error.
    @inline(__always)
    package func strokePath() {
        perform("stroke_path") { cr throws(CanvasError) in
            try requireDrawable(state.lineWidth, "line width", in: "stroke_path")
            syncLineWidth()
            guardStroke()
            if state.shadow != nil { castShadow(.stroke) }
            useSource(state.strokeColor)
            cairo_stroke(cr)
            pathExtents.reset()
        }
    }

    /// Intersects the clip with the current path and consumes it (CGContextClip).
    ///
    /// - Parameters:
    ///   - rule: `EASEL_FILL_NONZERO` or `EASEL_FILL_EVEN_ODD`; anything else
    ///     puts the canvas in error.
    package func clip(rule: Int32) {
        perform("clip") { cr throws(CanvasError) in
            cairo_set_fill_rule(cr, try Self.fillRule(rule, in: "clip"))
            if state.isGuarded && pathStaysInsideGuard(margin: 0) {
                // Every pixel the path covers lies inside the guard's whole
                // pixels: the path's clip is the guard's clip intersected
                // with it, so the guard is done with (for this state).
                state.isGuarded = false
            } else {
                applyGuardClip()
            }
            materializeSaves()
            cairo_clip(cr)
            state.hasClip = true
            pathExtents.reset()
        }
    }

    /// Fills a rectangle with the fill colour (CGContextFillRect).
    ///
    /// Like CoreGraphics, leaves the current path empty.
    @inline(__always)
    package func fillRect(_ rect: easel_rect) {
        withRectPath("fill_rect", rect) { cr in
            guardFill()
            if state.shadow != nil {
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                castShadow(.fill)
            }
            useSource(state.fillColor)
            cairo_fill(cr)
        }
    }

    /// Strokes a rectangle with the stroke colour and line settings (CGContextStrokeRect).
    ///
    /// Like CoreGraphics, leaves the current path empty. The line width is
    /// limited as for ``strokePath()``.
    package func strokeRect(_ rect: easel_rect) {
        withRectPath("stroke_rect", rect) { cr throws(CanvasError) in
            try requireDrawable(state.lineWidth, "line width", in: "stroke_rect")
            syncLineWidth()
            guardStroke()
            if state.shadow != nil { castShadow(.stroke) }
            useSource(state.strokeColor)
            cairo_stroke(cr)
        }
    }

    /// Makes a rectangle of the drawing fully transparent, within the clip (CGContextClearRect).
    ///
    /// Erases everything drawn there before. The canvas's ``background`` is
    /// not part of the drawing: it is painted under it when the canvas is
    /// written, so it shows through the cleared rectangle. Leaves the current
    /// path empty.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in user space.
    public func clear(_ rect: easel_rect) {
        withRectPath("clear_rect", rect) { cr in
            guardFill()
            // Under an image mask, clear what is drawn under the mask, not a transparent group.
            if !maskPatterns.isEmpty { convertMaskGroups() }
            let previous = cairo_get_operator(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            cairo_fill(cr)
            cairo_set_operator(cr, previous)
            // Clearing all of a surface makes cairo treat it as new (see markDrawnOn).
            Self.markDrawnOn(cairo_get_group_target(cr))
        }
    }

    /// Fills a rectangle with a colour, leaving the fill colour unchanged.
    ///
    /// The global alpha is multiplied into the colour's alpha, as for any
    /// paint. Leaves the current path empty. A non-finite component puts the
    /// canvas in error.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in user space.
    ///   - color: The colour, not premultiplied.
    public func fill(_ rect: easel_rect, color: easel_color) {
        withRectPath("fill", rect) { cr throws(CanvasError) in
            try Self.validate(color, in: "fill")
            guardFill()
            useSource(color)
            cairo_fill(cr)
        }
    }

    /// Intersects the clip with a rectangle.
    ///
    /// The clip is part of the graphics state: ``restoreState()`` undoes it.
    /// Leaves the current path empty.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in user space.
    public func clip(to rect: easel_rect) {
        withRectPath("clip_to_rect", rect) { cr in
            applyGuardClip()
            materializeSaves()
            cairo_clip(cr)
            state.hasClip = true
        }
    }

    /// Intersects the clip with the union of rectangles (CGContextClipToRects).
    ///
    /// The rectangles make one path, each wound the same way whatever the
    /// signs of its width and height, clipped with the nonzero winding rule:
    /// overlapping rectangles add up rather than cancel. An empty array clips
    /// everything away. The clip is part of the graphics state:
    /// ``restoreState()`` undoes it. Leaves the current path empty; a
    /// non-finite component puts the canvas in error.
    ///
    /// To repaint dirty regions, round them with ``alignToPixels(_:)`` first:
    /// a clip on whole device pixels cuts no pixel partly, so what is drawn
    /// inside matches drawing the whole canvas afresh.
    ///
    /// - Parameters:
    ///   - rects: The rectangles, in user space.
    public func clip(toRects rects: [easel_rect]) {
        perform("clip_to_rects") { cr throws(CanvasError) in
            for rect in rects {
                try Self.validate(rect, in: "clip_to_rects")
            }
            applyGuardClip()
            materializeSaves()
            cairo_new_path(cr)
            for rect in rects {
                addRectangle(rect.standardized)
            }
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_clip(cr)
            state.hasClip = true
            pathExtents.reset()
        }
    }

    /// Rounds a rectangle outward to whole device pixels.
    ///
    /// The result is the smallest rectangle containing `rect` whose edges lie
    /// on pixel boundaries of the backing: multiples of `1 / scale` points on
    /// a ``Backing-swift.enum/raster(scale:)`` canvas, whole points on a
    /// recording one. A clip to it (``clip(to:)``, ``clip(toRects:)``) cuts
    /// no pixel partly, provided the current transform moves by whole pixels
    /// only, as the identity does. An edge within a millionth of a pixel of a
    /// boundary counts as on it, so that rounding noise such as
    /// `0.1 * 3 = 0.30000000000000004` does not add a pixel.
    ///
    /// - Parameters:
    ///   - rect: A rectangle in the canvas's points; the current transform is
    ///     not applied.
    /// - Returns: The aligned rectangle, with a positive width and height. An
    ///   empty rectangle (zero width or height) or one with a non-finite
    ///   component is returned unchanged.
    public func alignToPixels(_ rect: easel_rect) -> easel_rect {
        let standard = rect.standardized
        let scale = deviceScale
        let minX = Self.pixelBoundary(standard.origin.x * scale, rounding: .down)
        let minY = Self.pixelBoundary(standard.origin.y * scale, rounding: .down)
        let maxX = Self.pixelBoundary((standard.origin.x + standard.size.width) * scale, rounding: .up)
        let maxY = Self.pixelBoundary((standard.origin.y + standard.size.height) * scale, rounding: .up)
        guard standard.size.width > 0, standard.size.height > 0,
            minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite
        else { return rect }
        return easel_rect(
            origin: easel_point(x: minX / scale, y: minY / scale),
            size: easel_size(width: (maxX - minX) / scale, height: (maxY - minY) / scale))
    }

    /// The pixel boundary at or beyond `pixels` in the direction of `rounding`,
    /// or `pixels` rounded to the nearest when it is within a millionth of it.
    private static func pixelBoundary(_ pixels: Double, rounding: FloatingPointRoundingRule) -> Double {
        let nearest = pixels.rounded()
        return abs(pixels - nearest) <= 1e-6 ? nearest : pixels.rounded(rounding)
    }

    /// Replaces the current path with `rect`, then runs `paint`, all as one operation.
    private func withRectPath(
        _ operation: String, _ rect: easel_rect, _ paint: (OpaquePointer) throws(CanvasError) -> Void
    ) {
        perform(operation) { cr throws(CanvasError) in
            try Self.validate(rect, in: operation)
            cairo_new_path(cr)
            pathExtents.reset()
            addRectangle(rect)
            try paint(cr)
            pathExtents.reset()
        }
    }

    /// cairo's fill rule for an `EASEL_FILL_*` value.
    static func fillRule(_ rule: Int32, in operation: String) throws(CanvasError) -> cairo_fill_rule_t {
        switch rule {
        case Int32(EASEL_FILL_NONZERO): return CAIRO_FILL_RULE_WINDING
        case Int32(EASEL_FILL_EVEN_ODD): return CAIRO_FILL_RULE_EVEN_ODD
        default: throw .invalidArgument(operation, "unknown fill rule \(rule)")
        }
    }
}

// MARK: - Line settings

extension Canvas {
    /// Sets the line width for strokes, in user-space units (CGContextSetLineWidth).
    ///
    /// A negative or non-finite width puts the canvas in error.
    @inline(__always)
    package func setLineWidth(_ width: Double) {
        perform("set_line_width") { cr throws(CanvasError) in
            try Self.requireFinite("set_line_width", width)
            guard width >= 0 else { throw .invalidArgument("set_line_width", "negative width \(width)") }
            state.lineWidth = width
            if !lazySaves {
                cairo_set_line_width(cr, width)
                cairoLineWidth = width
            }
        }
    }

    /// Sets how strokes end (CGContextSetLineCap).
    ///
    /// - Parameters:
    ///   - cap: An `EASEL_LINE_CAP_*` value; anything else puts the canvas in error.
    package func setLineCap(_ cap: Int32) {
        perform("set_line_cap") { cr throws(CanvasError) in
            let value: cairo_line_cap_t
            switch cap {
            case Int32(EASEL_LINE_CAP_BUTT): value = CAIRO_LINE_CAP_BUTT
            case Int32(EASEL_LINE_CAP_ROUND): value = CAIRO_LINE_CAP_ROUND
            case Int32(EASEL_LINE_CAP_SQUARE): value = CAIRO_LINE_CAP_SQUARE
            default: throw .invalidArgument("set_line_cap", "unknown line cap \(cap)")
            }
            materializeSaves()
            cairo_set_line_cap(cr, value)
        }
    }

    /// Sets how stroke segments meet (CGContextSetLineJoin).
    ///
    /// - Parameters:
    ///   - join: An `EASEL_LINE_JOIN_*` value; anything else puts the canvas in error.
    package func setLineJoin(_ join: Int32) {
        perform("set_line_join") { cr throws(CanvasError) in
            let value: cairo_line_join_t
            switch join {
            case Int32(EASEL_LINE_JOIN_MITER): value = CAIRO_LINE_JOIN_MITER
            case Int32(EASEL_LINE_JOIN_ROUND): value = CAIRO_LINE_JOIN_ROUND
            case Int32(EASEL_LINE_JOIN_BEVEL): value = CAIRO_LINE_JOIN_BEVEL
            default: throw .invalidArgument("set_line_join", "unknown line join \(join)")
            }
            materializeSaves()
            cairo_set_line_join(cr, value)
        }
    }

    /// Sets the dash pattern of strokes (CGContextSetLineDash); cairo copies it.
    ///
    /// - Parameters:
    ///   - phase: How far into the pattern strokes start.
    ///   - lengths: Alternating on and off lengths; may be NULL only when `count` is 0.
    ///   - count: The number of lengths; 0 means a solid line.
    package func setLineDash(phase: Double, lengths: UnsafePointer<Double>?, count: UInt32) {
        perform("set_line_dash") { cr throws(CanvasError) in
            try Self.requireFinite("set_line_dash", phase)
            materializeSaves()
            guard count > 0 else {
                cairo_set_dash(cr, nil, 0, phase)
                return
            }
            guard let lengths else {
                throw .invalidArgument("set_line_dash", "NULL lengths with count \(count)")
            }
            guard let cairoCount = Int32(exactly: count) else {
                throw .invalidArgument("set_line_dash", "too many lengths (\(count))")
            }
            let pattern = UnsafeBufferPointer(start: lengths, count: Int(count))
            for length in pattern where !length.isFinite {
                throw .invalidArgument("set_line_dash", "non-finite length \(length)")
            }
            // Negative or all-zero lengths: cairo reports CAIRO_STATUS_INVALID_DASH.
            cairo_set_dash(cr, lengths, cairoCount, phase)
        }
    }
}
