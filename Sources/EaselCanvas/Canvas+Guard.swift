import EaselGraphicsCore
import CCairo
import EaselABI
#if canImport(Glibc)
import Glibc
#endif

// Lazy clips: a clip to a view's bounds that cairo only sees when the
// drawing may reach outside them.
//
// A view's drawing is clipped to its bounds, and a clip per view costs cairo
// about 7 % of a frame of small stroked views (the stroker and the span
// renderer work against the clip's limits). Most views draw inside their
// bounds anyway, and a drawing that lies entirely inside a clip whose edges
// fall on whole device pixels comes out with the same pixels with or without
// the clip (no pixel it touches is cut, and cairo rasterises the same
// polygon either way).
//
// So `clipLazily(to:)`, on a raster canvas whose transform is a translation
// kept on the Swift side (Canvas+Offset.swift), records the clip as a guard
// in the current state instead of clipping: the rectangle in cairo's
// coordinates and its extent in fixed-point device units (cairo's 24.8
// format, 1/256 of a pixel), provided cairo would make whole pixels of it.
// The canvas keeps Swift-side extents of the current path (`PathExtents`,
// in device pixels, from the coordinates it hands to cairo). Before a fill,
// a stroke, a rectangle fill or a clear, it checks that everything cairo
// could rasterise stays inside the guard, in cairo's own fixed-point
// arithmetic; only when it may not does it apply the real clip (keeping the
// current path), for the rest of the state. Text, a transparency group, a
// shadow (but see Canvas+Shadow.swift: a fill's or a stroke's at a
// whole-pixel offset under OVER keeps the guard), a clip of the plugin's
// that may reach outside the guard (a clip to a path inside it makes the
// guard needless for the rest of the state: nothing drawn can leave the
// path) and any change of the transform that is not a translation apply it
// first as well. The clip is applied at the current
// save level and the guard is part of the saved state, so a restore brings
// the guard back and later painting is checked again: the drawing is clipped
// exactly where the eager clip would have clipped it.
//
// The stroke bound. cairo strokes the path it holds, in device space: every
// point of the outline is a path point (or a point of a flattened curve,
// inside the curve's control polygon) plus an offset of at most half the
// line width per axis: face offsets, round-join and round-cap fans; except
// three things. Square caps reach half the width times √2. Miter joins reach
// half the width divided by cos(δ / 2) from their vertex, δ the turn, unless
// that exceeds the miter limit (then cairo bevels); joins between
// axis-aligned segments reach half the width per axis. And cairo computes a
// join's turn from fixed-point points, so the canvas bounds it from the
// doubles it passed with an allowance for that rounding (a segment's
// direction moves by at most about 0.0088 / length radians; a segment
// short enough to vanish or turn in fixed point makes the bound the miter
// limit). Joins that are straight in exact arithmetic, such as a line
// meeting the tangent of an arc, stay within a millionth of a pixel of half
// the width and round to it.

/// The direction of a path segment at one end, in device space.
package struct PathDirection {
    var dx: Double = 0
    var dy: Double = 0
    /// max(|dx|, |dy|): how long the vector cairo takes the direction from is.
    var length: Double = 0
    /// Whether cairo's fixed-point direction is exactly this one and axis-aligned.
    var isAxis = false
    /// Which way along an axis the direction points, to within 10^-12 of
    /// its length (1: +x, 2: −x, 3: +y, 4: −y), or 0: a cheap test for
    /// straight joins.
    var axis: Int8 = 0

    init() {}

    /// The axis code of (dx, dy) (see ``axis``).
    @inline(__always)
    static func axisCode(_ dx: Double, _ dy: Double) -> Int8 {
        if abs(dy) <= 1e-12 * abs(dx) { return dx > 0 ? 1 : 2 }
        if abs(dx) <= 1e-12 * abs(dy) { return dy > 0 ? 3 : 4 }
        return 0
    }

    /// The direction of a vector whose ends cairo rounds to fixed point;
    /// `nil` when it has no direction at all.
    ///
    /// - Parameters:
    ///   - dx: The vector's x, in device pixels.
    ///   - dy: The vector's y, in device pixels.
    @inline(__always)
    init?(_ dx: Double, _ dy: Double) {
        let length = max(abs(dx), abs(dy))
        guard length > 0 else { return nil }
        self.dx = dx
        self.dy = dy
        self.length = length
        // Both ends keep their coordinate along the other axis: so does cairo.
        isAxis = (dx == 0 || dy == 0) && length >= 1.0 / 128
        axis = dy == 0 ? (dx > 0 ? 1 : 2) : dx == 0 ? (dy > 0 ? 3 : 4) : 0
    }

    /// The tangent of an arc, whose control arm cairo computes: never exact.
    @inline(__always)
    init(tangentX dx: Double, y dy: Double, arm: Double) {
        self.dx = dx
        self.dy = dy
        length = arm
        isAxis = false
        axis = Self.axisCode(dx, dy)
    }

    /// How far, in radians, the direction cairo computes from fixed-point
    /// points may turn from this one: each end moves by at most 1/512 of a
    /// pixel per axis; a vector of 2 units or fewer may vanish or point anywhere.
    var error: Double {
        if isAxis { return 0 }
        return length < 1.0 / 128 ? .pi : 0.0088 / length
    }
}

/// What the canvas knows of the current path: its device-space extents and
/// enough about its joins to bound a stroke of it.
package struct PathExtents {
    /// Whether the path has no element since it was last emptied.
    var isEmpty = true
    /// Whether every element was added with the transform on the Swift side
    /// (so that its device coordinates are known).
    var isTracked = true
    /// The bounding box of every point cairo may rasterise the path from,
    /// in device pixels.
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    /// Whether some join is straight in exact arithmetic but not exactly
    /// axis-aligned (a line meeting an arc's tangent): it may reach beyond
    /// half the line width by a factor up to ``smoothFactor``.
    var hasSmoothJoin = false
    /// For the other joins, evaluated only when the path is stroked: the
    /// largest 1 − cos of a turn, and the largest rounding allowance.
    var hasSharpJoin = false
    var sharpTurn: Double = 0
    var sharpError: Double = 0

    /// Whether the path has a current point.
    var hasCurrentPoint = false
    /// The current subpath's start and the current point, in device pixels.
    var startX: Double = 0
    var startY: Double = 0
    var currentX: Double = 0
    var currentY: Double = 0
    /// The directions of the first and the last segment of the current subpath.
    var first = PathDirection()
    var last = PathDirection()
    var hasFirst = false
    var hasLast = false

    /// The reach factor of a join whose turn, with its rounding allowance, is
    /// at most asin(0.01) + 0.02 radians: 1 / cos(that / 2), rounded up.
    static let smoothFactor: Double = 1.000112512

    /// Empties the path.
    @inline(__always)
    package mutating func reset() {
        self = PathExtents()
    }

    /// Records an element added with an unknown device transform.
    @inline(__always)
    mutating func untrack() {
        isEmpty = false
        isTracked = false
    }

    @inline(__always)
    mutating func include(_ x: Double, _ y: Double) {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
    }

    @inline(__always)
    mutating func moveTo(_ x: Double, _ y: Double) {
        isEmpty = false
        include(x, y)
        hasCurrentPoint = true
        startX = x
        startY = y
        currentX = x
        currentY = y
        hasFirst = false
        hasLast = false
    }

    /// Continues the subpath in `direction`: the join with the previous segment.
    @inline(__always)
    mutating func enter(_ direction: PathDirection) {
        if hasLast {
            join(last, direction)
        } else if !hasFirst {
            first = direction
            hasFirst = true
        }
    }

    mutating func lineTo(_ x: Double, _ y: Double) {
        guard hasCurrentPoint else {
            moveTo(x, y)
            return
        }
        include(x, y)
        let x0 = currentX, y0 = currentY
        currentX = x
        currentY = y
        guard let direction = PathDirection(x - x0, y - y0) else { return }
        if direction.length < 1.0 / 128,
           Canvas.fixed(x) == Canvas.fixed(x0), Canvas.fixed(y) == Canvas.fixed(y0) {
            // Degenerate in fixed point: cairo drops the segment.
            return
        }
        enter(direction)
        last = direction
        hasLast = true
    }

    mutating func curveTo(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double) {
        if !hasCurrentPoint { moveTo(x1, y1) }
        let x0 = currentX, y0 = currentY
        include(x1, y1)
        include(x2, y2)
        include(x3, y3)
        currentX = x3
        currentY = y3
        // cairo's spline slopes: b - a, else c - a, else d - a; d - c, else
        // d - b, else d - a. (A control arm short enough to vanish in fixed
        // point makes cairo take another one: the short one's allowance
        // covers that.)
        guard let start = PathDirection(x1 - x0, y1 - y0) ?? PathDirection(x2 - x0, y2 - y0)
                ?? PathDirection(x3 - x0, y3 - y0),
              let end = PathDirection(x3 - x2, y3 - y2) ?? PathDirection(x3 - x1, y3 - y1)
                ?? PathDirection(x3 - x0, y3 - y0)
        else { return }
        enter(start)
        last = end
        hasLast = true
    }

    package mutating func closePath() {
        guard hasCurrentPoint else { return }
        if currentX != startX || currentY != startY { lineTo(startX, startY) }
        if hasFirst && hasLast { join(last, first) }
        hasFirst = false
        hasLast = false
    }

    /// A closed rectangle (cairo_rectangle), from cairo's fixed-point corners.
    @inline(__always)
    mutating func rectangle(x0: Double, y0: Double, x1: Double, y1: Double) {
        moveTo(x0, y0)
        include(x1, y1)
        // Four axis-aligned segments and joins: nothing reaches beyond half
        // the line width per axis. The subpath is closed at its start.
    }

    /// The join of two segments: records how far beyond half the line width it may reach.
    @inline(__always)
    mutating func join(_ a: PathDirection, _ b: PathDirection) {
        if a.axis != 0 && a.axis == b.axis {
            // Straight along an axis (a line meeting the tangent of a
            // rounded corner): exactly, or smooth when both arms are long.
            if a.isAxis && b.isAxis { return }
            if a.length >= 0.88 && b.length >= 0.88 {
                hasSmoothJoin = true
                return
            }
        }
        // Straight, a right angle (a miter at half the width per axis) or a
        // reversal (a bevel).
        if a.isAxis && b.isAxis { return }
        let cross = a.dx * b.dy - a.dy * b.dx
        let dot = a.dx * b.dx + a.dy * b.dy
        let squares = (a.dx * a.dx + a.dy * a.dy) * (b.dx * b.dx + b.dy * b.dy)
        // Straight within 0.01 radians, with arms long enough to turn at
        // most 0.01 radians in fixed point.
        if dot > 0, cross * cross <= 1e-4 * squares, a.length >= 0.88, b.length >= 0.88 {
            hasSmoothJoin = true
            return
        }
        sharpJoin(dot: dot, squares: squares, error: a.error + b.error)
    }

    /// Records a join that may turn; kept cheap, since a path may only be
    /// filled: the worst turn and the worst allowance, combined when stroked.
    mutating func sharpJoin(dot: Double, squares: Double, error: Double) {
        hasSharpJoin = true
        sharpTurn = max(sharpTurn, 1 - dot / squares.squareRoot())
        sharpError = max(sharpError, error)
    }

    /// How far any join may reach, as a factor of half the line width.
    func joinReach() -> Double {
        var reach = hasSmoothJoin ? Self.smoothFactor : 1
        if hasSharpJoin {
            let turn = acos(max(-1, min(1, 1 - sharpTurn))) + sharpError
            reach = turn >= .pi ? .infinity : max(reach, 1 / cos(turn / 2))
        }
        return reach
    }

    /// Records a quarter arc forward from a multiple of π/2 in one Bézier
    /// piece (see `Canvas.trackArc`): ``arc(centerX:…)`` for that case.
    @inline(__always)
    mutating func quarterArc(startX sx: Double, startY sy: Double, endX ex: Double, endY ey: Double,
                             startCos: Double, startSin: Double, endCos: Double, endSin: Double, arm: Double) {
        // Usually the arc starts at the current point (a degenerate line).
        if !(hasCurrentPoint && sx == currentX && sy == currentY) { lineTo(sx, sy) }
        enter(PathDirection(tangentX: -startSin, y: startCos, arm: arm))
        last = PathDirection(tangentX: -endSin, y: endCos, arm: arm)
        hasLast = true
        // Within one quadrant: the ends' box holds the control polygon.
        let slack = 1e-6 + arm * 1e-11
        include(min(sx, ex) - slack, min(sy, ey) - slack)
        include(max(sx, ex) + slack, max(sy, ey) + slack)
        currentX = ex
        currentY = ey
    }

    /// Records an arc as cairo builds it (cairo_arc, cairo_arc_negative), in device pixels.
    ///
    /// - Parameters:
    ///   - centerX, centerY, radius: The circle.
    ///   - startX, startY, endX, endY: The points cairo computes at the
    ///     start and end angles (centre + radius · (cos, sin)).
    ///   - startCos, startSin, endCos, endSin: Cosine and sine of the angles.
    ///   - negative: Whether the angle decreases.
    ///   - sweep: The angle swept, 0...4π.
    ///   - pieceAngle: The angle of cairo's Bézier pieces.
    ///   - severalPieces: Whether cairo makes more than one piece.
    @inline(__always)
    mutating func arc(
        centerX: Double, centerY: Double, radius: Double,
        startX sx: Double, startY sy: Double, endX ex: Double, endY ey: Double,
        startCos: Double, startSin: Double, endCos: Double, endSin: Double,
        negative: Bool, sweep: Double, pieceAngle: Double, severalPieces: Bool
    ) {
        lineTo(sx, sy)
        guard sweep != 0 else { return }
        // The control arm of a piece: 4/3 tan(angle / 4) · radius ≥ angle / 3 · radius.
        let arm = pieceAngle / 3 * radius
        let sign: Double = negative ? -1 : 1
        enter(PathDirection(tangentX: -startSin * sign, y: startCos * sign, arm: arm))
        last = PathDirection(tangentX: -endSin * sign, y: endCos * sign, arm: arm)
        hasLast = true
        if severalPieces {
            // Joins between pieces, tangent in exact arithmetic.
            if arm >= 0.88 {
                hasSmoothJoin = true
            } else {
                sharpJoin(dot: 1, squares: 1, error: 2 * last.error)
            }
        }
        // The control polygons. Within one closed quadrant every piece is
        // monotone in x and y and its control points lie between its ends'
        // coordinates: the box of the arc's ends holds them. Otherwise the
        // disc through the control points does.
        let slack = 1e-6 + radius * 1e-12
        let quadrantX: Double = startCos + endCos >= 0 ? 1 : -1
        let quadrantY: Double = startSin + endSin >= 0 ? 1 : -1
        if sweep <= .pi / 2 + 1e-12,
           startCos * quadrantX >= -1e-12, endCos * quadrantX >= -1e-12,
           startSin * quadrantY >= -1e-12, endSin * quadrantY >= -1e-12 {
            include(min(sx, ex) - slack, min(sy, ey) - slack)
            include(max(sx, ex) + slack, max(sy, ey) + slack)
        } else {
            let h = 4.0 / 3.0 * tan(pieceAngle.magnitude / 4)
            let reach = radius * (1 + h * h).squareRoot() + slack
            include(centerX - reach, centerY - reach)
            include(centerX + reach, centerY + reach)
        }
        currentX = ex
        currentY = ey
    }
}

extension Canvas {
    /// cairo's fixed-point value of a device coordinate, in 1/256 units
    /// (`_cairo_fixed_from_double`: round to nearest, ties to even).
    ///
    /// Adding and subtracting 1.5 · 2^52 rounds to a whole number in the
    /// default rounding mode (cairo's own trick), without a libm call; exact
    /// for magnitudes below 2^51 units (8 · 10^12 pixels), far beyond any
    /// coordinate cairo can hold.
    @inline(__always)
    static func fixed(_ value: Double) -> Double {
        let magic = 6_755_399_441_055_744.0
        return (value * 256 + magic) - magic
    }

    /// Whether painting the current path with `margin` fixed-point units
    /// around its extents stays inside the current guard.
    @inline(__always)
    func pathStaysInsideGuard(margin: Double) -> Bool {
        guard pathExtents.isTracked else { return false }
        guard !pathExtents.isEmpty, pathExtents.minX <= pathExtents.maxX else { return true }
        return Self.fixed(pathExtents.minX) - margin >= Double(state.guardMinX) * 256
            && Self.fixed(pathExtents.maxX) + margin <= Double(state.guardMaxX) * 256
            && Self.fixed(pathExtents.minY) - margin >= Double(state.guardMinY) * 256
            && Self.fixed(pathExtents.maxY) + margin <= Double(state.guardMaxY) * 256
    }

    /// Applies the guard's clip if filling the current path may reach outside it.
    @inline(__always)
    package func guardFill() {
        if state.isGuarded && !pathStaysInsideGuard(margin: 0) { applyGuardClip() }
    }

    /// Applies the guard's clip if stroking the current path may reach outside it.
    @inline(__always)
    package func guardStroke() {
        if state.isGuarded && !pathStaysInsideGuard(margin: strokeMargin()) { applyGuardClip() }
    }

    /// How far, in fixed-point units, a stroke of the current path may reach
    /// beyond the path's extents per axis, with the current line settings.
    func strokeMargin() -> Double {
        let halfWidth = state.lineWidth / 2 * deviceScale
        var factor: Double = 1
        if pathExtents.hasSmoothJoin || pathExtents.hasSharpJoin, cairo_get_line_join(cr) != CAIRO_LINE_JOIN_BEVEL {
            // Round joins that barely turn are mitred too.
            factor = min(pathExtents.joinReach(), max(cairo_get_miter_limit(cr), 1))
        }
        if cairo_get_line_cap(cr) == CAIRO_LINE_CAP_SQUARE { factor = max(factor, 2.0.squareRoot()) }
        if factor == 1 { return Self.fixed(halfWidth) }
        if factor <= PathExtents.smoothFactor && halfWidth * (factor - 1) < 1.0 / 1024 {
            // Less than a quarter of a unit beyond half the width.
            return Self.fixed(halfWidth + 0.3 / 256)
        }
        return (halfWidth * factor * 256).rounded(.up) + 1
    }

    /// Clips to the pending guard now, keeping the current path. Runs inside `perform`.
    package func applyGuardClip() {
        guard state.isGuarded else { return }
        state.isGuarded = false
        materializeSaves()
        // In cairo's coordinates (an identity matrix: device pixels over the
        // device scale); cairo rounds them back to exactly the guard's pixels.
        let scale = deviceScale
        clipKeepingPath(
            x: Double(state.guardMinX) / scale, y: Double(state.guardMinY) / scale,
            width: Double(state.guardMaxX - state.guardMinX) / scale,
            height: Double(state.guardMaxY - state.guardMinY) / scale)
        state.hasClip = true
    }

    /// Intersects cairo's clip with a rectangle of cairo's user space,
    /// keeping the current path (cairo_clip consumes it: it is copied and
    /// put back). Runs inside `perform`.
    package func clipKeepingPath(x: Double, y: Double, width: Double, height: Double) {
        let path = pathExtents.isEmpty ? nil : cairo_copy_path(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, x, y, width, height)
        cairo_clip(cr)
        if let path {
            cairo_append_path(cr, path)
            cairo_path_destroy(path)
        }
    }

    /// Intersects the clip with a rectangle, as ``clip(to:)`` does, but on a
    /// raster canvas under a translation only when something is drawn that
    /// may reach outside it (see Canvas+Guard.swift): the pixels are the same.
    ///
    /// Leaves the current path empty, like ``clip(to:)``.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in user space.
    package func clipLazily(to rect: easel_rect) {
        perform("clip_to_rect") { cr throws(CanvasError) in
            try Self.validate(rect, in: "clip_to_rect")
            if state.isOffset, !state.isGuarded, rect.size.width > 0, rect.size.height > 0 {
                let x = rect.origin.x + state.offsetX, y = rect.origin.y + state.offsetY
                let scale = deviceScale
                // cairo_rectangle's corners: move_to, then relative lines.
                let minX = Self.fixed(x * scale), minY = Self.fixed(y * scale)
                let maxX = minX + Self.fixed(rect.size.width * scale)
                let maxY = minY + Self.fixed(rect.size.height * scale)
                if abs(minX) < 1e9, abs(maxX) < 1e9, abs(minY) < 1e9, abs(maxY) < 1e9,
                   (Int64(minX) | Int64(maxX) | Int64(minY) | Int64(maxY)) & 255 == 0 {
                    // Leaves the path empty, as a clip does (an empty
                    // tracked path is an empty cairo path).
                    if !pathExtents.isEmpty {
                        cairo_new_path(cr)
                        pathExtents.reset()
                    }
                    state.isGuarded = true
                    state.guardMinX = Int32(minX / 256)
                    state.guardMinY = Int32(minY / 256)
                    state.guardMaxX = Int32(maxX / 256)
                    state.guardMaxY = Int32(maxY / 256)
                    return
                }
            }
            applyGuardClip()
            materializeSaves()
            cairo_new_path(cr)
            addRectangle(rect)
            cairo_clip(cr)
            state.hasClip = true
            pathExtents.reset()
        }
    }
}
