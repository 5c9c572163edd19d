import EaselCanvas
import EaselGraphicsCore
import CCairo
import EaselABI
import EaselGeometry
#if canImport(Glibc)
import Glibc
#endif

// The painting extension (easel.h, "extension easel.paint.v1"): clips to
// rectangles and their bounding box, arcs to a point and rounded rectangles
// with a radius per corner, path queries, the miter limit and antialiasing,
// gradients, blend modes and transparency layers.
//
// None of this is on the render hot path. Each operation keeps the canvas's
// lazy machinery honest: coordinates get the Swift-side translation
// (Canvas+Offset.swift) where cairo's matrix does not hold it, anything
// that changes cairo's own state issues the pending saves first, and
// anything that paints beyond the current path (a gradient fills the clip,
// an unbounded operator reaches the whole clip) applies the pending guard
// clip first (Canvas+Guard.swift).

// MARK: - Clipping

extension Canvas {
    /// The bounding box of the clip in user space (CGContextGetClipBoundingBox).
    ///
    /// The canvas's bounds when nothing is clipped; the null rectangle when
    /// the clip is empty, and for a canvas in error.
    package var clipBoundingBox: easel_rect {
        perform("clip_bounding_box", else: .null) { cr in
            applyGuardClip()
            var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
            cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
            guard x2 > x1, y2 > y1 else { return .null }
            let ox = isOffset ? offsetX : 0, oy = isOffset ? offsetY : 0
            return easel_rect(
                origin: easel_point(x: x1 - ox, y: y1 - oy), size: easel_size(width: x2 - x1, height: y2 - y1))
        }
    }
}

// MARK: - Paths

extension Canvas {
    /// Adds an arc tangent to two lines (CGContextAddArcToPoint).
    ///
    /// The arc of `radius` touches the line from the current point to
    /// (x1, y1) and the line from (x1, y1) to (x2, y2); a line joins the
    /// current point to the arc's start. Without a current point the call
    /// starts a subpath at (x1, y1); with the three points on one line or a
    /// zero radius it adds a line to (x1, y1). A negative or non-finite
    /// argument puts the canvas in error.
    package func addArc(tangent1X x1: Double, y1: Double, tangent2X x2: Double, y2: Double, radius: Double) {
        perform("add_arc_to_point") { cr throws(CanvasError) in
            try Self.requireFinite("add_arc_to_point", x1, y1, x2, y2, radius)
            guard radius >= 0 else { throw .invalidArgument("add_arc_to_point", "negative radius \(radius)") }
            try requireDrawable(radius, "radius", in: "add_arc_to_point")
            guard cairo_has_current_point(cr) != 0 else {
                emitMove(cr, x1, y1)
                return
            }
            let (x0, y0) = currentUserPoint(cr)
            // Unit vectors from the corner (x1, y1) towards both ends.
            let ax = x0 - x1, ay = y0 - y1, bx = x2 - x1, by = y2 - y1
            let lengthA = (ax * ax + ay * ay).squareRoot(), lengthB = (bx * bx + by * by).squareRoot()
            let cross = ax * by - ay * bx
            guard radius > 0, lengthA > 0, lengthB > 0, abs(cross) > 1e-12 * lengthA * lengthB else {
                emitLine(cr, x1, y1)
                return
            }
            let ux = ax / lengthA, uy = ay / lengthA, vx = bx / lengthB, vy = by / lengthB
            let angle = acos(max(-1, min(1, ux * vx + uy * vy)))   // between the two lines, 0 < angle < π
            let tangent = radius / tan(angle / 2)
            let toCenter = radius / sin(angle / 2)
            let bisectorX = ux + vx, bisectorY = uy + vy
            let bisectorLength = (bisectorX * bisectorX + bisectorY * bisectorY).squareRoot()
            let cx = x1 + bisectorX / bisectorLength * toCenter, cy = y1 + bisectorY / bisectorLength * toCenter
            let t1x = x1 + ux * tangent, t1y = y1 + uy * tangent
            let t2x = x1 + vx * tangent, t2y = y1 + vy * tangent
            guard cx.isFinite, cy.isFinite, t1x.isFinite, t1y.isFinite, t2x.isFinite, t2y.isFinite else {
                emitLine(cr, x1, y1)
                return
            }
            // Travelling towards the corner and turning towards (x2, y2):
            // a turn towards +y from +x increases the angle (cairo_arc).
            let increasing = cross < 0
            let start = atan2(t1y - cy, t1x - cx), end = atan2(t2y - cy, t2x - cx)
            emitArc(cr, cx, cy, radius, start, end, negative: !increasing)
        }
    }

    /// Adds a closed rounded rectangle with a radius per corner.
    ///
    /// When two radii on one side add up to more than the side, all four
    /// shrink by the same factor (as CSS and UIBezierPath do). The subpath
    /// starts on the top edge and runs clockwise on the y-down canvas. A
    /// negative or non-finite radius puts the canvas in error.
    package func addRoundedRect(
        _ rect: easel_rect, topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double
    ) {
        perform("add_rounded_rect") { cr throws(CanvasError) in
            try Self.validate(rect, in: "add_rounded_rect")
            try Self.requireFinite("add_rounded_rect", topLeft, topRight, bottomRight, bottomLeft)
            guard min(topLeft, topRight, bottomRight, bottomLeft) >= 0 else {
                throw .invalidArgument("add_rounded_rect", "negative corner radius")
            }
            let r = rect.standardized
            let minX = r.origin.x, minY = r.origin.y, maxX = minX + r.size.width, maxY = minY + r.size.height
            var factor = 1.0
            for (side, sum) in [(r.size.width, topLeft + topRight), (r.size.width, bottomLeft + bottomRight),
                                (r.size.height, topLeft + bottomLeft), (r.size.height, topRight + bottomRight)]
            where sum > side {
                factor = min(factor, side / sum)
            }
            let tl = topLeft * factor, tr = topRight * factor, br = bottomRight * factor, bl = bottomLeft * factor
            try requireDrawable(max(tl, tr, br, bl), "corner radius", in: "add_rounded_rect")
            // cairo_arc with a zero radius adds a line to the centre: the sharp corner.
            emitMove(cr, minX + tl, minY)
            emitArc(cr, maxX - tr, minY + tr, tr, -Double.pi / 2, 0, negative: false)
            emitArc(cr, maxX - br, maxY - br, br, 0, Double.pi / 2, negative: false)
            emitArc(cr, minX + bl, maxY - bl, bl, Double.pi / 2, Double.pi, negative: false)
            emitArc(cr, minX + tl, minY + tl, tl, Double.pi, 3 * Double.pi / 2, negative: false)
            cairo_close_path(cr)
            pathExtents.closePath()
        }
    }

    /// The current point of the path in user space (CGContextGetPathCurrentPoint),
    /// or `nil` when the path has none (or the canvas is in error).
    package var currentPoint: easel_point? {
        perform("current_point", else: nil) { cr in
            guard cairo_has_current_point(cr) != 0 else { return nil }
            let (x, y) = currentUserPoint(cr)
            return easel_point(x: x, y: y)
        }
    }

    /// The bounding box of the current path in user space (CGContextGetPathBoundingBox).
    ///
    /// As CoreGraphics has it, every point of the path counts, the control
    /// points of curves too (of the cubic Béziers cairo keeps: arcs and
    /// quadratic curves are stored as those), and a lone move counts as a
    /// point. The null rectangle for an empty path.
    package var pathBoundingBox: easel_rect {
        perform("path_bounding_box", else: .null) { cr in
            guard cairo_has_current_point(cr) != 0, let path = cairo_copy_path(cr) else { return .null }
            defer { cairo_path_destroy(path) }
            guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return .null }
            var x1 = Double.infinity, y1 = Double.infinity, x2 = -Double.infinity, y2 = -Double.infinity
            let count = Int(path.pointee.num_data)
            var index = 0
            while index < count {
                let header = data[index].header
                let length = max(Int(header.length), 1)
                // (A close_path has no point; move_to and line_to one, curve_to three.)
                if header.type != CAIRO_PATH_CLOSE_PATH {
                    for point in 1..<min(length, count - index) {
                        let p = data[index + point].point
                        x1 = min(x1, p.x); y1 = min(y1, p.y)
                        x2 = max(x2, p.x); y2 = max(y2, p.y)
                    }
                }
                index += length
            }
            guard x1 <= x2, y1 <= y2 else { return .null }
            let ox = isOffset ? offsetX : 0, oy = isOffset ? offsetY : 0
            return easel_rect(
                origin: easel_point(x: x1 - ox, y: y1 - oy), size: easel_size(width: x2 - x1, height: y2 - y1))
        }
    }

    /// Whether painting the current path with `mode` would cover `point`
    /// (CGContextPathContainsPoint); the path is kept.
    ///
    /// - Parameters:
    ///   - point: The point, in user space.
    ///   - mode: An `EASEL_PATH_*` value; anything else puts the canvas in error.
    package func pathContains(_ point: easel_point, mode: Int32) -> Bool {
        perform("path_contains_point", else: false) { cr throws(CanvasError) in
            try Self.requireFinite("path_contains_point", point.x, point.y)
            let (fill, rule, stroke) = try Self.drawingMode(mode, in: "path_contains_point")
            let x = isOffset ? point.x + offsetX : point.x, y = isOffset ? point.y + offsetY : point.y
            if fill {
                cairo_set_fill_rule(cr, rule)
                if cairo_in_fill(cr, x, y) != 0 { return true }
            }
            if stroke {
                syncLineWidth()
                if cairo_in_stroke(cr, x, y) != 0 { return true }
            }
            return false
        }
    }

    /// Paints the current path with `mode` and consumes it (CGContextDrawPath).
    ///
    /// - Parameters:
    ///   - mode: An `EASEL_PATH_*` value; anything else puts the canvas in error.
    package func drawPath(mode: Int32) {
        perform("draw_path") { cr throws(CanvasError) in
            let (fill, rule, stroke) = try Self.drawingMode(mode, in: "draw_path")
            if stroke { try requireDrawable(state.lineWidth, "line width", in: "draw_path") }
            if fill { cairo_set_fill_rule(cr, rule) }
            if stroke { syncLineWidth() }
            if state.shadow != nil { castShadow(fill && stroke ? .fillAndStroke : fill ? .fill : .stroke) }
            if fill {
                guardFill()
                useSource(state.fillColor)
                cairo_fill_preserve(cr)
            }
            if stroke {
                guardStroke()
                useSource(state.strokeColor)
                cairo_stroke_preserve(cr)
            }
            cairo_new_path(cr)
            pathExtents.reset()
        }
    }

    /// What an `EASEL_PATH_*` mode paints: whether it fills, with which rule, and whether it strokes.
    static func drawingMode(
        _ mode: Int32, in operation: String
    ) throws(CanvasError) -> (fill: Bool, rule: cairo_fill_rule_t, stroke: Bool) {
        switch mode {
        case Int32(EASEL_PATH_FILL): return (true, CAIRO_FILL_RULE_WINDING, false)
        case Int32(EASEL_PATH_EO_FILL): return (true, CAIRO_FILL_RULE_EVEN_ODD, false)
        case Int32(EASEL_PATH_STROKE): return (false, CAIRO_FILL_RULE_WINDING, true)
        case Int32(EASEL_PATH_FILL_STROKE): return (true, CAIRO_FILL_RULE_WINDING, true)
        case Int32(EASEL_PATH_EO_FILL_STROKE): return (true, CAIRO_FILL_RULE_EVEN_ODD, true)
        default: throw .invalidArgument(operation, "unknown path drawing mode \(mode)")
        }
    }
}

// MARK: - Rendering settings

extension Canvas {
    /// Sets the miter limit of strokes (CGContextSetMiterLimit); part of the saved state.
    ///
    /// A negative or non-finite limit puts the canvas in error.
    package func setMiterLimit(_ limit: Double) {
        perform("set_miter_limit") { cr throws(CanvasError) in
            try Self.requireFinite("set_miter_limit", limit)
            guard limit >= 0 else { throw .invalidArgument("set_miter_limit", "negative limit \(limit)") }
            materializeSaves()
            cairo_set_miter_limit(cr, limit)
        }
    }

    /// Turns antialiasing of fills, strokes and clips on or off
    /// (CGContextSetShouldAntialias); part of the saved state.
    package func setShouldAntialias(_ antialias: Bool) {
        perform("set_should_antialias") { cr in
            materializeSaves()
            cairo_set_antialias(cr, antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        }
    }
}

// MARK: - Gradients

extension Canvas {
    /// Paints a gradient along a line over the whole clip (CGContextDrawLinearGradient).
    ///
    /// - Parameters:
    ///   - gradient: A live gradient; a released or unknown one puts the canvas in error.
    ///   - start: Where location 0 is, in user space.
    ///   - end: Where location 1 is. Nothing is drawn when it is `start`.
    ///   - options: `EASEL_GRADIENT_*` flags; other bits are ignored.
    package func drawLinearGradient(
        _ gradient: UnsafeRawPointer?, start: easel_point, end: easel_point, options: UInt32
    ) {
        perform("draw_linear_gradient") { cr throws(CanvasError) in
            let stops = try Gradient.stops(gradient, in: "draw_linear_gradient")
            try Self.requireFinite("draw_linear_gradient", start.x, start.y, end.x, end.y)
            try requireDrawable(max(abs(start.x), abs(start.y), abs(end.x), abs(end.y)), "coordinate",
                                in: "draw_linear_gradient")
            guard start.x != end.x || start.y != end.y else { return }
            let ox = isOffset ? offsetX : 0, oy = isOffset ? offsetY : 0
            let pattern = cairo_pattern_create_linear(start.x + ox, start.y + oy, end.x + ox, end.y + oy)
            paintGradient(pattern, stops, options)
        }
    }

    /// Paints a gradient between two circles over the whole clip (CGContextDrawRadialGradient).
    ///
    /// - Parameters:
    ///   - gradient: A live gradient; a released or unknown one puts the canvas in error.
    ///   - startCenter: The centre of the circle of location 0, in user space.
    ///   - startRadius: Its radius; negative puts the canvas in error.
    ///   - endCenter: The centre of the circle of location 1.
    ///   - endRadius: Its radius; negative puts the canvas in error.
    ///   - options: `EASEL_GRADIENT_*` flags; other bits are ignored.
    package func drawRadialGradient(
        _ gradient: UnsafeRawPointer?, startCenter: easel_point, startRadius: Double, endCenter: easel_point,
        endRadius: Double, options: UInt32
    ) {
        perform("draw_radial_gradient") { cr throws(CanvasError) in
            let stops = try Gradient.stops(gradient, in: "draw_radial_gradient")
            try Self.requireFinite(
                "draw_radial_gradient", startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius)
            guard startRadius >= 0, endRadius >= 0 else {
                throw .invalidArgument("draw_radial_gradient", "negative radius")
            }
            try requireDrawable(
                max(abs(startCenter.x), abs(startCenter.y), abs(endCenter.x), abs(endCenter.y), startRadius, endRadius),
                "coordinate or radius", in: "draw_radial_gradient")
            guard startRadius > 0 || endRadius > 0 || startCenter.x != endCenter.x || startCenter.y != endCenter.y
            else { return }
            let ox = isOffset ? offsetX : 0, oy = isOffset ? offsetY : 0
            let pattern = cairo_pattern_create_radial(
                startCenter.x + ox, startCenter.y + oy, startRadius, endCenter.x + ox, endCenter.y + oy, endRadius)
            paintGradient(pattern, stops, options, radial: true)
        }
    }

    /// Adds the stops to `pattern`, paints it over the clip with the global
    /// alpha, and destroys it. Runs inside `perform`.
    ///
    /// The pattern pads (cairo's EXTEND_PAD) so that the first and last
    /// colours continue before 0 and after 1; where an option says not to
    /// draw there, a transparent stop at the same location makes a sharp
    /// edge instead (cairo keeps stops at one location in the order added).
    ///
    /// A radial gradient drawn with neither option does not extend (cairo's
    /// EXTEND_NONE): a pixel takes the largest location in 0...1 whose
    /// circle passes through it, as CoreGraphics does, where a padded
    /// pattern would take the largest of all, clear beyond 1, and lose
    /// part of the cone between two circles that do not nest. (With one
    /// option only, such a cone is drawn as the padded pattern has it.)
    private func paintGradient(
        _ pattern: OpaquePointer?, _ stops: [Gradient.Stop], _ options: UInt32, radial: Bool = false
    ) {
        guard let first = stops.first, let last = stops.last else {
            cairo_pattern_destroy(pattern)
            return
        }
        func add(_ offset: Double, _ color: easel_color) {
            cairo_pattern_add_color_stop_rgba(pattern, offset, color.red, color.green, color.blue, color.alpha)
        }
        // Between 0 and 1 the end colours extend to the first and last
        // locations; beyond, they extend (cairo's PAD repeats the outermost
        // stop) or are clear, after a hard edge (two stops at one offset).
        // An end stop is added only where the gradient's own would not do.
        // (A radial gradient with neither option is not extended at all.)
        let clear = easel_color(red: 0, green: 0, blue: 0, alpha: 0)
        let unextended = radial
            && options & UInt32(EASEL_GRADIENT_DRAWS_BEFORE_START | EASEL_GRADIENT_DRAWS_AFTER_END) == 0
        let clearBefore = !unextended && options & UInt32(EASEL_GRADIENT_DRAWS_BEFORE_START) == 0
        let clearAfter = !unextended && options & UInt32(EASEL_GRADIENT_DRAWS_AFTER_END) == 0
        if clearBefore { add(0, clear) }
        if (clearBefore || unextended) && first.location > 0 { add(0, first.color) }
        for stop in stops { add(stop.location, stop.color) }
        if (clearAfter || unextended) && last.location < 1 { add(1, last.color) }
        if clearAfter { add(1, clear) }
        cairo_pattern_set_extend(pattern, unextended ? CAIRO_EXTEND_NONE : CAIRO_EXTEND_PAD)
        applyGuardClip()
        cairo_set_source(cr, pattern)
        cairo_paint_with_alpha(cr, state.alpha)
        cairo_pattern_destroy(pattern)
    }
}

// MARK: - Compositing

extension Canvas {
    /// Sets how later painting combines with the drawing (CGContextSetBlendMode);
    /// part of the saved state.
    ///
    /// - Parameters:
    ///   - mode: An `EASEL_BLEND_*` value (CGBlendMode's); an unknown one, or
    ///     `EASEL_BLEND_PLUS_DARKER`, which cairo cannot express, puts the
    ///     canvas in error.
    package func setBlendMode(_ mode: Int32) {
        perform("set_blend_mode") { cr throws(CanvasError) in
            let op = try Self.cairoOperator(mode)
            // An unbounded operator reaches the whole clip, the guard's too.
            if op != CAIRO_OPERATOR_OVER { applyGuardClip() }
            materializeSaves()
            cairo_set_operator(cr, op)
            // Under an image mask, blend with what is drawn under it.
            if op != CAIRO_OPERATOR_OVER, hasOpenMasks { convertMaskGroups() }
        }
    }

    /// cairo's operator for a CGBlendMode value.
    static func cairoOperator(_ mode: Int32) throws(CanvasError) -> cairo_operator_t {
        switch mode {
        case Int32(EASEL_BLEND_NORMAL): return CAIRO_OPERATOR_OVER
        case Int32(EASEL_BLEND_MULTIPLY): return CAIRO_OPERATOR_MULTIPLY
        case Int32(EASEL_BLEND_SCREEN): return CAIRO_OPERATOR_SCREEN
        case Int32(EASEL_BLEND_OVERLAY): return CAIRO_OPERATOR_OVERLAY
        case Int32(EASEL_BLEND_DARKEN): return CAIRO_OPERATOR_DARKEN
        case Int32(EASEL_BLEND_LIGHTEN): return CAIRO_OPERATOR_LIGHTEN
        case Int32(EASEL_BLEND_COLOR_DODGE): return CAIRO_OPERATOR_COLOR_DODGE
        case Int32(EASEL_BLEND_COLOR_BURN): return CAIRO_OPERATOR_COLOR_BURN
        case Int32(EASEL_BLEND_SOFT_LIGHT): return CAIRO_OPERATOR_SOFT_LIGHT
        case Int32(EASEL_BLEND_HARD_LIGHT): return CAIRO_OPERATOR_HARD_LIGHT
        case Int32(EASEL_BLEND_DIFFERENCE): return CAIRO_OPERATOR_DIFFERENCE
        case Int32(EASEL_BLEND_EXCLUSION): return CAIRO_OPERATOR_EXCLUSION
        case Int32(EASEL_BLEND_HUE): return CAIRO_OPERATOR_HSL_HUE
        case Int32(EASEL_BLEND_SATURATION): return CAIRO_OPERATOR_HSL_SATURATION
        case Int32(EASEL_BLEND_COLOR): return CAIRO_OPERATOR_HSL_COLOR
        case Int32(EASEL_BLEND_LUMINOSITY): return CAIRO_OPERATOR_HSL_LUMINOSITY
        case Int32(EASEL_BLEND_CLEAR): return CAIRO_OPERATOR_CLEAR
        case Int32(EASEL_BLEND_COPY): return CAIRO_OPERATOR_SOURCE
        case Int32(EASEL_BLEND_SOURCE_IN): return CAIRO_OPERATOR_IN
        case Int32(EASEL_BLEND_SOURCE_OUT): return CAIRO_OPERATOR_OUT
        case Int32(EASEL_BLEND_SOURCE_ATOP): return CAIRO_OPERATOR_ATOP
        case Int32(EASEL_BLEND_DESTINATION_OVER): return CAIRO_OPERATOR_DEST_OVER
        case Int32(EASEL_BLEND_DESTINATION_IN): return CAIRO_OPERATOR_DEST_IN
        case Int32(EASEL_BLEND_DESTINATION_OUT): return CAIRO_OPERATOR_DEST_OUT
        case Int32(EASEL_BLEND_DESTINATION_ATOP): return CAIRO_OPERATOR_DEST_ATOP
        case Int32(EASEL_BLEND_XOR): return CAIRO_OPERATOR_XOR
        case Int32(EASEL_BLEND_PLUS_LIGHTER): return CAIRO_OPERATOR_ADD
        case Int32(EASEL_BLEND_PLUS_DARKER):
            throw .invalidArgument("set_blend_mode", "blend mode \(mode) (plus darker) is not supported")
        default: throw .invalidArgument("set_blend_mode", "unknown blend mode \(mode)")
        }
    }

    /// Begins a transparency layer (CGContextBeginTransparencyLayer).
    ///
    /// Saves the graphics state and draws into an offscreen group until the
    /// matching ``endTransparencyLayer()``, which composites it with the
    /// global alpha and blend mode in effect now; inside, the alpha is 1 and
    /// the blend mode normal. A layer still open when its saved state is
    /// restored (``restoreState()``, as the host does after a drawing call)
    /// is ended there.
    package func beginTransparencyLayer() {
        perform("begin_transparency_layer") { cr in
            applyGuardClip()
            materializeSaves()
            cairo_push_group(cr)
            Self.markDrawnOn(cairo_get_group_target(cr))
            var saved = state
            saved.opensLayer = true
            savedStates.append(saved)
            state.alpha = 1
            state.shadow = nil
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        }
    }

    /// Ends the transparency layer begun last and composites it
    /// (CGContextEndTransparencyLayer); restores the state the begin saved.
    ///
    /// Without an open layer on top of the saved states (none begun, or saves
    /// inside it left unrestored) the canvas goes in error.
    package func endTransparencyLayer() {
        endTransparencyLayer(contentBounds: nil)
    }

    /// Ends the transparency layer begun last, as ``endTransparencyLayer()``,
    /// knowing where its content lies (in the user space of the state the
    /// begin saved): a shadow is then made from that area alone, not the whole clip.
    package func endTransparencyLayer(contentBounds: easel_rect?) {
        perform("end_transparency_layer") { cr throws(CanvasError) in
            guard pendingSaves == 0, savedStates.last?.opensLayer == true else {
                throw .invalidArgument(
                    "end_transparency_layer",
                    "no transparency layer to end (none begun, or a save_state inside it not restored)")
            }
            compositeLayer(cr, contentBounds: contentBounds)
        }
    }
}
