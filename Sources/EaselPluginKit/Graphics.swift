// Drawing: the host's easel_graphics_api as Swift methods, CGContext-style.

import EaselABI

/// How a path's inside is decided when filling or clipping.
public enum FillRule: Int32, Sendable {
    case nonZero = 0
    case evenOdd = 1
}

/// The shape at the ends of stroked open paths, as CGLineCap.
public enum LineCap: Int32, Sendable {
    case butt = 0, round, square
}

/// The shape of stroked path corners, as CGLineJoin.
public enum LineJoin: Int32, Sendable {
    case miter = 0, round, bevel
}

/// A drawing context (a `CGContextRef`) with CoreGraphics-like methods.
///
/// Coordinates are points, origin top left, y down, unless the context was
/// flipped for a right-handed view. Fill and stroke colours, line settings,
/// the font, alpha, transform and clip are saved and restored together;
/// the current path is not. Errors are sticky and reported by the host once
/// (easel.h, "Drawing"); no method here crashes on bad arguments.
public struct Graphics: EaselArgument {
    /// The host's context handle; NULL makes every call do nothing.
    public let context: OpaquePointer?

    /// Wraps a host context handle.
    public init(context: OpaquePointer?) { self.context = context }

    /// The context of the current draw call (`UIGraphicsGetCurrentContext`);
    /// it does nothing outside drawing.
    public static var current: Graphics { Graphics(context: Host.graphics.current_context()) }

    /// A context travels as `void *`: "^v".
    public static var typeEncoding: String { EASEL_ENCODE_CONTEXT }
    public func makeCValue() -> OpaquePointer? { context }

    // The methods are inlinable: each is one call through the host's table,
    // which then happens in the plugin's own code, without a call into the
    // kit's (and `withSavedState`'s closure inlines into its caller).
    @usableFromInline var g: easel_graphics_api { Host.graphics }

    // MARK: State

    /// Saves the graphics state (colours, line settings, font, alpha, transform, clip).
    @inlinable public func saveState() { g.save_state(context) }
    /// Restores the state saved last.
    @inlinable public func restoreState() { g.restore_state(context) }

    /// Runs `body` between ``saveState()`` and ``restoreState()``.
    @inlinable public func withSavedState<Result>(_ body: () throws -> Result) rethrows -> Result {
        saveState()
        defer { restoreState() }
        return try body()
    }

    // MARK: Transform

    /// Moves the origin by (`x`, `y`) of the current user space.
    @inlinable public func translate(x: Double, y: Double) { g.translate(context, x, y) }
    /// Scales the user space (negative factors flip it).
    @inlinable public func scale(x: Double, y: Double) { g.scale(context, x, y) }
    /// Rotates by `radians`; positive angles turn +x towards +y.
    @inlinable public func rotate(by radians: Double) { g.rotate(context, radians) }
    /// Applies `transform` on top of the current transform.
    @inlinable public func concatenate(_ transform: AffineTransform) { g.concat_ctm(context, transform) }
    /// The current transform from user space to the canvas's point space.
    @inlinable public var transform: AffineTransform { g.get_ctm(context) }

    // MARK: Paths

    /// Starts a new, empty path.
    @inlinable public func beginPath() { g.begin_path(context) }
    /// Starts a new subpath at `point`.
    @inlinable public func move(to point: Point) { g.move_to(context, point.x, point.y) }
    /// Adds a straight line from the current point to `point`.
    @inlinable public func addLine(to point: Point) { g.add_line_to(context, point.x, point.y) }
    /// Adds a quadratic Bézier curve to `point`.
    @inlinable public func addQuadCurve(to point: Point, control: Point) {
        g.add_quad_curve_to(context, control.x, control.y, point.x, point.y)
    }
    /// Adds a cubic Bézier curve to `point`.
    @inlinable public func addCurve(to point: Point, control1: Point, control2: Point) {
        g.add_curve_to(context, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
    }
    /// Adds an arc, as CGContextAddArc: with `clockwise` false the angle
    /// increases from `startAngle` to `endAngle` (clockwise on a y-down screen).
    @inlinable public func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool = false) {
        g.add_arc(context, center.x, center.y, radius, startAngle, endAngle, clockwise ? 1 : 0)
    }
    /// Adds `rect` as a closed subpath.
    @inlinable public func addRect(_ rect: Rect) { g.add_rect(context, rect) }
    /// Adds the ellipse inscribed in `rect` as a closed subpath.
    @inlinable public func addEllipse(in rect: Rect) { g.add_ellipse_in_rect(context, rect) }
    /// Closes the current subpath with a line to its start.
    @inlinable public func closePath() { g.close_path(context) }

    /// Adds a polyline through `points` (a new subpath from the first).
    @inlinable public func addLines(between points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// Adds a closed rounded rectangle; the radius is clamped to half the shorter side.
    @inlinable public func addRoundedRect(_ rect: Rect, cornerRadius: Double) {
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        guard r > 0 else { return addRect(rect) }
        let (minX, minY, maxX, maxY) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        move(to: Point(x: minX + r, y: minY))
        addArc(center: Point(x: maxX - r, y: minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0)
        addArc(center: Point(x: maxX - r, y: maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2)
        addArc(center: Point(x: minX + r, y: maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi)
        addArc(center: Point(x: minX + r, y: minY + r), radius: r, startAngle: .pi, endAngle: 3 * .pi / 2)
        closePath()
    }

    // MARK: Painting

    /// Fills the current path with the fill colour, consuming it.
    @inlinable public func fillPath(rule: FillRule = .nonZero) { g.fill_path(context, rule.rawValue) }
    /// Strokes the current path with the stroke colour and line settings, consuming it.
    @inlinable public func strokePath() { g.stroke_path(context) }
    /// Intersects the clip with the current path, consuming it.
    @inlinable public func clip(rule: FillRule = .nonZero) { g.clip(context, rule.rawValue) }
    /// Fills `rect` with the fill colour (the current path is kept).
    @inlinable public func fill(_ rect: Rect) { g.fill_rect(context, rect) }
    /// Strokes `rect`'s outline with the stroke colour and line settings.
    @inlinable public func stroke(_ rect: Rect) { g.stroke_rect(context, rect) }
    /// Makes `rect` fully transparent.
    @inlinable public func clear(_ rect: Rect) { g.clear_rect(context, rect) }

    // MARK: Colours and lines

    /// The colour for fills and text.
    @inlinable public func setFillColor(_ color: Color) { g.set_fill_color(context, color) }
    /// The colour for strokes.
    @inlinable public func setStrokeColor(_ color: Color) { g.set_stroke_color(context, color) }
    /// Global alpha multiplied into everything drawn, 0...1.
    @inlinable public func setAlpha(_ alpha: Double) { g.set_alpha(context, alpha) }
    /// The stroke width in points (of the current user space).
    @inlinable public func setLineWidth(_ width: Double) { g.set_line_width(context, width) }
    /// The shape of open path ends.
    @inlinable public func setLineCap(_ cap: LineCap) { g.set_line_cap(context, cap.rawValue) }
    /// The shape of path corners.
    @inlinable public func setLineJoin(_ join: LineJoin) { g.set_line_join(context, join.rawValue) }
    /// Sets the dash pattern; an empty `lengths` draws solid lines.
    @inlinable public func setLineDash(phase: Double = 0, lengths: [Double]) {
        lengths.withUnsafeBufferPointer { g.set_line_dash(context, phase, $0.baseAddress, UInt32($0.count)) }
    }

    // MARK: Text

    /// Selects a font family (a fontconfig name such as "Sans") and a size in points.
    @inlinable public func setFont(_ family: String, size: Double) { g.set_font(context, family, size) }
    /// Draws text in the fill colour with its baseline starting at `point`.
    @inlinable public func showText(_ text: String, at point: Point) { g.show_text(context, text, point.x, point.y) }
    /// The advance width and the line height (ascent + descent) of `text` in the current font.
    @inlinable public func measureText(_ text: String) -> Size { g.measure_text(context, text) }
}
