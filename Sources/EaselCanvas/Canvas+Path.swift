import EaselGraphicsCore
import CCairo
import EaselABI
#if canImport(Glibc)
import Glibc
#endif

// Path construction. Coordinates are in user space; a non-finite one puts the
// canvas in error. The current path is not part of the saved state.
//
// While the transform is a translation kept on the Swift side
// (Canvas+Offset.swift), the coordinates handed to cairo have it added, and
// their device coordinates are recorded in `pathExtents` for the lazy clip
// (Canvas+Guard.swift); otherwise cairo's matrix applies and the extents stop
// being tracked. That choice is made in one place per primitive, the
// `emit…` functions at the end of this file, which every path operation
// goes through.

extension Canvas {
    /// Discards the current path (CGContextBeginPath).
    @inline(__always)
    package func beginPath() {
        perform("begin_path") { cr in
            cairo_new_path(cr)
            pathExtents.reset()
        }
    }

    /// Starts a new subpath at a point (CGContextMoveToPoint).
    @inline(__always)
    package func move(toX x: Double, y: Double) {
        perform("move_to") { cr throws(CanvasError) in
            try Self.requireFinite("move_to", x, y)
            emitMove(cr, x, y)
        }
    }

    /// Adds a straight line from the current point (CGContextAddLineToPoint).
    ///
    /// Without a current point it starts a subpath at the point instead.
    @inline(__always)
    package func addLine(toX x: Double, y: Double) {
        perform("add_line_to") { cr throws(CanvasError) in
            try Self.requireFinite("add_line_to", x, y)
            emitLine(cr, x, y)
        }
    }

    /// Adds a cubic Bézier curve from the current point (CGContextAddCurveToPoint).
    @inline(__always)
    package func addCurve(
        control1X: Double, control1Y: Double, control2X: Double, control2Y: Double, toX x: Double, y: Double
    ) {
        perform("add_curve_to") { cr throws(CanvasError) in
            try Self.requireFinite("add_curve_to", control1X, control1Y, control2X, control2Y, x, y)
            emitCurve(control1X, control1Y, control2X, control2Y, x, y)
        }
    }

    /// Adds a quadratic Bézier curve from the current point (CGContextAddQuadCurveToPoint).
    ///
    /// cairo has no quadratic curves: the curve is raised to the equivalent
    /// cubic. Without a current point the curve starts at the control point,
    /// as in CoreGraphics.
    package func addQuadCurve(controlX cx: Double, controlY cy: Double, toX x: Double, y: Double) {
        perform("add_quad_curve_to") { cr throws(CanvasError) in
            try Self.requireFinite("add_quad_curve_to", cx, cy, x, y)
            if cairo_has_current_point(cr) == 0 { emitMove(cr, cx, cy) }
            let (x0, y0) = currentUserPoint(cr)
            emitCurve(
                x0 + 2 / 3 * (cx - x0), y0 + 2 / 3 * (cy - y0),
                x + 2 / 3 * (cx - x), y + 2 / 3 * (cy - y),
                x, y)
        }
    }

    /// Adds an arc of a circle (CGContextAddArc).
    ///
    /// With `clockwise` false the angle increases from `start` to `end`
    /// (clockwise on the y-down canvas, cairo_arc); with `clockwise` true it
    /// decreases (cairo_arc_negative). A line joins the current point, if any,
    /// to the start of the arc. A sweep of more than two full turns is cut to
    /// between one and two turns with the same end point, so that huge angles
    /// cannot make cairo build millions of segments; a radius beyond
    /// ``Canvas/maximumDeviceExtent`` device units puts the canvas in error.
    package func addArc(
        centerX x: Double, centerY y: Double, radius: Double, startAngle start: Double, endAngle end: Double,
        clockwise: Bool
    ) {
        perform("add_arc") { cr throws(CanvasError) in
            try Self.requireFinite("add_arc", x, y, radius, start, end)
            try requireDrawable(radius, "radius", in: "add_arc")
            let turn = 2 * Double.pi
            var end = end
            if abs(end - start) > 2 * turn {
                let sweep = abs(end - start)
                let direction: Double = end > start ? 1 : -1
                end = start + direction * (turn + sweep.truncatingRemainder(dividingBy: turn))
            }
            emitArc(cr, x, y, radius, start, end, negative: clockwise)
        }
    }

    /// Records in `pathExtents` the arc cairo_arc (or cairo_arc_negative) just added.
    private func trackArc(centerX cx: Double, centerY cy: Double, radius: Double, start: Double, end: Double,
                          negative: Bool) {
        let scale = deviceScale
        guard radius > 0 else {
            // cairo draws a line to the centre.
            pathExtents.lineTo(cx * scale, cy * scale)
            return
        }
        if !negative, end - start == Double.pi / 2, radius < 366,
           let (startCos, startSin) = Self.quarterTurnCosSin(start),
           let (endCos, endSin) = Self.quarterTurnCosSin(end) {
            // The corner of a rounded rectangle: a quarter turn forward from
            // a multiple of π/2, one Bézier piece (cairo's tolerance allows
            // π/2 for radii below 366), within one quadrant.
            let sx = (cx + radius * startCos) * scale, sy = (cy + radius * startSin) * scale
            let ex = (cx + radius * endCos) * scale, ey = (cy + radius * endSin) * scale
            pathExtents.quarterArc(startX: sx, startY: sy, endX: ex, endY: ey, startCos: startCos,
                                   startSin: startSin, endCos: endCos, endSin: endSin,
                                   arm: Double.pi / 6 * radius * scale)
            return
        }
        // cairo_arc moves the end angle past the start by whole turns (fmod),
        // cairo_arc_negative before it.
        let turn = 2 * Double.pi
        var end = end
        if !negative, end < start {
            end = fmod(end - start, turn)
            if end < 0 { end += turn }
            end += start
        } else if negative, end > start {
            end = fmod(end - start, turn)
            if end > 0 { end -= turn }
            end += start
        }
        let sweep = abs(end - start)
        let (startCos, startSin) = Self.cosSin(start)
        let (endCos, endSin) = Self.cosSin(end)
        // cairo splits sweeps above π in halves, then each part into pieces
        // of at most the angle its tolerance allows for this radius.
        var part = sweep
        while part > Double.pi { part /= 2 }
        let maxAngle = Self.arcMaxAngle(radius: radius)
        let pieces = part <= maxAngle ? 1 : (part / maxAngle).rounded(.up)
        let pieceAngle = part / pieces
        pathExtents.arc(
            centerX: cx * scale, centerY: cy * scale, radius: radius * scale,
            startX: (cx + radius * startCos) * scale, startY: (cy + radius * startSin) * scale,
            endX: (cx + radius * endCos) * scale, endY: (cy + radius * endSin) * scale,
            startCos: startCos, startSin: startSin, endCos: endCos, endSin: endSin,
            negative: negative, sweep: sweep, pieceAngle: pieceAngle,
            severalPieces: pieces > 1 || part < sweep)
    }

    /// Cosine and sine of an angle that is a multiple of π/2 as a plugin
    /// writes it (−π/2, 0, π/2, π, 3π/2), as libm computes them; `nil` for
    /// any other angle.
    @inline(__always)
    static func quarterTurnCosSin(_ angle: Double) -> (Double, Double)? {
        switch angle {
        case 0: return (1, 0)
        case Double.pi / 2: return (6.123233995736766e-17, 1)
        case -Double.pi / 2: return (6.123233995736766e-17, -1)
        case Double.pi: return (-1, 1.2246467991473532e-16)
        case 3 * Double.pi / 2: return (-1.8369701987210297e-16, -1)
        default: return nil
        }
    }

    /// Cosine and sine, from constants for the angles rounded rectangles use.
    @inline(__always)
    static func cosSin(_ angle: Double) -> (Double, Double) {
        switch angle {
        case 0: return (1, 0)
        case Double.pi / 2: return (6.123233995736766e-17, 1)
        case -Double.pi / 2: return (6.123233995736766e-17, -1)
        case Double.pi: return (-1, 1.2246467991473532e-16)
        case 3 * Double.pi / 2: return (-1.8369701987210297e-16, -1)
        default: return (cos(angle), sin(angle))
        }
    }

    /// The largest angle of one Bézier piece of a cairo arc of this radius
    /// (cairo-arc.c, `_arc_max_angle_for_tolerance_normalized`, at cairo's
    /// default tolerance of 0.1 under a transform without scaling).
    @inline(__always)
    static func arcMaxAngle(radius: Double) -> Double {
        // The table's errors, against which cairo compares tolerance / radius.
        let tolerance = 0.1 / radius
        if tolerance > 0.0185185185185185036127 { return Double.pi }
        if tolerance > 0.000272567143730179811158 { return Double.pi / 2 }
        if tolerance > 2.38647043651461047433e-05 { return Double.pi / 3 }
        if tolerance > 4.2455377443222443279e-06 { return Double.pi / 4 }
        if tolerance > 1.11281001494389081528e-06 { return Double.pi / 5 }
        if tolerance > 3.72662000942734705475e-07 { return Double.pi / 6 }
        if tolerance > 1.47783685574284411325e-07 { return Double.pi / 7 }
        if tolerance > 6.63240432022601149057e-08 { return Double.pi / 8 }
        if tolerance > 3.2715520137536980553e-08 { return Double.pi / 9 }
        if tolerance > 1.73863223499021216974e-08 { return Double.pi / 10 }
        if tolerance > 9.81410988043554039085e-09 { return Double.pi / 11 }
        // Beyond the table cairo searches on; its pieces are then so long
        // that their directions cannot turn in fixed point.
        return Double.pi / 1000
    }

    /// cairo_curve_to with the Swift-side translation, recorded in `pathExtents`.
    @inline(__always)
    private func emitCurve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double) {
        if isOffset {
            let ox = offsetX, oy = offsetY, scale = deviceScale
            cairo_curve_to(cr, x1 + ox, y1 + oy, x2 + ox, y2 + oy, x3 + ox, y3 + oy)
            pathExtents.curveTo((x1 + ox) * scale, (y1 + oy) * scale, (x2 + ox) * scale, (y2 + oy) * scale,
                                (x3 + ox) * scale, (y3 + oy) * scale)
        } else {
            cairo_curve_to(cr, x1, y1, x2, y2, x3, y3)
            pathExtents.untrack()
        }
    }

    /// cairo_rectangle with the Swift-side translation, recorded in `pathExtents`.
    func addRectangle(_ rect: easel_rect) {
        guard isOffset else {
            cairo_rectangle(cr, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
            pathExtents.untrack()
            return
        }
        let x = rect.origin.x + offsetX, y = rect.origin.y + offsetY
        cairo_rectangle(cr, x, y, rect.size.width, rect.size.height)
        // cairo's corners: a move, then relative lines of the size, each rounded to fixed point.
        let scale = deviceScale
        let x0 = Self.fixed(x * scale), y0 = Self.fixed(y * scale)
        let x1 = x0 + Self.fixed(rect.size.width * scale), y1 = y0 + Self.fixed(rect.size.height * scale)
        pathExtents.rectangle(x0: x0 / 256, y0: y0 / 256, x1: x1 / 256, y1: y1 / 256)
    }

    /// Adds a closed rectangle as a new subpath (CGContextAddRect).
    @inline(__always)
    package func addRect(_ rect: easel_rect) {
        perform("add_rect") { cr throws(CanvasError) in
            try Self.validate(rect, in: "add_rect")
            addRectangle(rect)
        }
    }

    /// Adds the ellipse inscribed in a rectangle as a closed subpath (CGContextAddEllipseInRect).
    ///
    /// Built from four cubic Bézier quarter arcs, starting at the middle of the
    /// right edge and turning towards +y, so the transform is left untouched
    /// and an empty rectangle adds a degenerate path rather than a singular
    /// matrix.
    package func addEllipse(in rect: easel_rect) {
        perform("add_ellipse_in_rect") { cr throws(CanvasError) in
            try Self.validate(rect, in: "add_ellipse_in_rect")
            // 4/3 (√2 − 1): the control distance of a cubic quarter circle.
            let kappa = 0.552_284_749_830_793_4
            let rx = rect.size.width / 2
            let ry = rect.size.height / 2
            let cx = rect.origin.x + rx
            let cy = rect.origin.y + ry
            let kx = kappa * rx
            let ky = kappa * ry
            emitMove(cr, cx + rx, cy)
            emitCurve(cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry)
            emitCurve(cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy)
            emitCurve(cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry)
            emitCurve(cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy)
            cairo_close_path(cr)
            pathExtents.closePath()
        }
    }

    /// Closes the current subpath with a line to its start (CGContextClosePath).
    @inline(__always)
    package func closePath() {
        perform("close_path") { cr in
            cairo_close_path(cr)
            pathExtents.closePath()
        }
    }

    // MARK: - Emission: where every path operation's points go

    /// cairo_move_to with the Swift-side translation, recorded in `pathExtents`.
    @inline(__always)
    package func emitMove(_ cr: OpaquePointer, _ x: Double, _ y: Double) {
        if isOffset {
            let px = x + offsetX, py = y + offsetY
            cairo_move_to(cr, px, py)
            pathExtents.moveTo(px * deviceScale, py * deviceScale)
        } else {
            cairo_move_to(cr, x, y)
            pathExtents.untrack()
        }
    }

    /// cairo_line_to with the Swift-side translation, recorded in `pathExtents`.
    @inline(__always)
    package func emitLine(_ cr: OpaquePointer, _ x: Double, _ y: Double) {
        if isOffset {
            let px = x + offsetX, py = y + offsetY
            cairo_line_to(cr, px, py)
            pathExtents.lineTo(px * deviceScale, py * deviceScale)
        } else {
            cairo_line_to(cr, x, y)
            pathExtents.untrack()
        }
    }

    /// cairo_arc (or cairo_arc_negative) with the Swift-side translation, recorded in `pathExtents`.
    @inline(__always)
    package func emitArc(_ cr: OpaquePointer, _ x: Double, _ y: Double, _ radius: Double, _ start: Double,
                         _ end: Double, negative: Bool) {
        let offset = isOffset
        let cx = offset ? x + offsetX : x, cy = offset ? y + offsetY : y
        if negative {
            cairo_arc_negative(cr, cx, cy, radius, start, end)
        } else {
            cairo_arc(cr, cx, cy, radius, start, end)
        }
        if offset {
            trackArc(centerX: cx, centerY: cy, radius: radius, start: start, end: end, negative: negative)
        } else {
            pathExtents.untrack()
        }
    }

    /// The current point in user space: cairo's, less the Swift-side translation.
    @inline(__always)
    package func currentUserPoint(_ cr: OpaquePointer) -> (Double, Double) {
        var x = 0.0
        var y = 0.0
        cairo_get_current_point(cr, &x, &y)
        // cairo's inverse transform: (x * 1 + y * 0) - tx.
        return isOffset ? (x - offsetX, y - offsetY) : (x, y)
    }
}
