import CCairo
import EaselABI

// Path construction. Coordinates are in user space; a non-finite one puts the
// canvas in error. The current path is not part of the saved state.
//
// While the transform is a translation kept on the Swift side
// (Canvas+Offset.swift), each function adds it to the coordinates it hands
// cairo.

extension Canvas {
    /// Discards the current path (CGContextBeginPath).
    package func beginPath() {
        perform("begin_path") { cr in
            cairo_new_path(cr)
        }
    }

    /// Starts a new subpath at a point (CGContextMoveToPoint).
    package func move(toX x: Double, y: Double) {
        perform("move_to") { cr throws(CanvasError) in
            try Self.requireFinite("move_to", x, y)
            if isOffset {
                let px = x + offsetX, py = y + offsetY
                cairo_move_to(cr, px, py)
            } else {
                cairo_move_to(cr, x, y)
            }
        }
    }

    /// Adds a straight line from the current point (CGContextAddLineToPoint).
    ///
    /// Without a current point it starts a subpath at the point instead.
    package func addLine(toX x: Double, y: Double) {
        perform("add_line_to") { cr throws(CanvasError) in
            try Self.requireFinite("add_line_to", x, y)
            if isOffset {
                let px = x + offsetX, py = y + offsetY
                cairo_line_to(cr, px, py)
            } else {
                cairo_line_to(cr, x, y)
            }
        }
    }

    /// Adds a cubic Bézier curve from the current point (CGContextAddCurveToPoint).
    package func addCurve(
        control1X: Double, control1Y: Double, control2X: Double, control2Y: Double, toX x: Double, y: Double
    ) {
        perform("add_curve_to") { cr throws(CanvasError) in
            try Self.requireFinite("add_curve_to", control1X, control1Y, control2X, control2Y, x, y)
            curve(control1X, control1Y, control2X, control2Y, x, y)
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
            let offset = isOffset
            if cairo_has_current_point(cr) == 0 {
                if offset {
                    cairo_move_to(cr, cx + offsetX, cy + offsetY)
                } else {
                    cairo_move_to(cr, cx, cy)
                }
            }
            var x0 = 0.0
            var y0 = 0.0
            cairo_get_current_point(cr, &x0, &y0)
            if offset {
                // cairo's inverse transform: (x0 * 1 + y0 * 0) - tx.
                x0 -= offsetX
                y0 -= offsetY
            }
            curve(
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
            guard isOffset else {
                if clockwise {
                    cairo_arc_negative(cr, x, y, radius, start, end)
                } else {
                    cairo_arc(cr, x, y, radius, start, end)
                }
                return
            }
            let cx = x + offsetX, cy = y + offsetY
            if clockwise {
                cairo_arc_negative(cr, cx, cy, radius, start, end)
            } else {
                cairo_arc(cr, cx, cy, radius, start, end)
            }
        }
    }

    /// cairo_curve_to with the Swift-side translation.
    @inline(__always)
    private func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double) {
        if isOffset {
            let ox = offsetX, oy = offsetY
            cairo_curve_to(cr, x1 + ox, y1 + oy, x2 + ox, y2 + oy, x3 + ox, y3 + oy)
        } else {
            cairo_curve_to(cr, x1, y1, x2, y2, x3, y3)
        }
    }

    /// cairo_rectangle with the Swift-side translation.
    func addRectangle(_ rect: easel_rect) {
        let x = rect.origin.x + offsetX, y = rect.origin.y + offsetY
        cairo_rectangle(cr, x, y, rect.size.width, rect.size.height)
    }

    /// Adds a closed rectangle as a new subpath (CGContextAddRect).
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
            if isOffset {
                cairo_move_to(cr, cx + rx + offsetX, cy + offsetY)
            } else {
                cairo_move_to(cr, cx + rx, cy)
            }
            curve(cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry)
            curve(cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy)
            curve(cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry)
            curve(cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy)
            cairo_close_path(cr)
        }
    }

    /// Closes the current subpath with a line to its start (CGContextClosePath).
    package func closePath() {
        perform("close_path") { cr in
            cairo_close_path(cr)
        }
    }
}
