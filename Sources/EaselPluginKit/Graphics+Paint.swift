// The painting extension (easel.paint.v1) as CGContext-style Swift: clips
// to rects, path queries, arcs to a point, per-corner rounded rects, line
// and antialiasing settings, gradients, blend modes, transparency layers,
// shadows.
// On a host without the extension every method does nothing and returns
// zeroes (and `Gradient` cannot be made).

import EaselABI
import Synchronization

extension Host {
    /// The address of the painting extension's table, once found (0: not asked yet or absent).
    private static let paintAddress = Atomic<UInt>(0)

    /// The host's painting extension's table, or nil when the host has none (or in the scanner).
    @usableFromInline static var paintTable: UnsafePointer<easel_paint_api>? {
        var address = paintAddress.load(ordering: .acquiring)
        if address == 0, table != nil, let found = api.get_extension?(EASEL_PAINT_EXTENSION_ID) {
            address = UInt(bitPattern: Int(bitPattern: found))
            paintAddress.store(address, ordering: .releasing)
        }
        return UnsafePointer<easel_paint_api>(bitPattern: address)
    }

    /// The host's painting extension, or nil when the host has none (or in the scanner).
    @inlinable static var paint: easel_paint_api? { paintTable?.pointee }
}

/// How a path is painted or hit-tested, as CGPathDrawingMode.
public struct PathDrawingMode: RawRepresentable, Hashable, Sendable {
    /// The `EASEL_PATH_*` value.
    public let rawValue: Int32
    /// A mode from its `EASEL_PATH_*` value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Fill with the non-zero winding rule.
    public static let fill = PathDrawingMode(rawValue: Int32(EASEL_PATH_FILL))
    /// Fill with the even-odd rule.
    public static let eoFill = PathDrawingMode(rawValue: Int32(EASEL_PATH_EO_FILL))
    /// Stroke with the current line settings.
    public static let stroke = PathDrawingMode(rawValue: Int32(EASEL_PATH_STROKE))
    /// Fill (non-zero), then stroke.
    public static let fillStroke = PathDrawingMode(rawValue: Int32(EASEL_PATH_FILL_STROKE))
    /// Fill (even-odd), then stroke.
    public static let eoFillStroke = PathDrawingMode(rawValue: Int32(EASEL_PATH_EO_FILL_STROKE))
}

/// How painting combines with what is drawn, with CGBlendMode's values.
///
/// An open set, as the C enum is: a value this kit does not name still
/// passes through to the host, which reports one it does not know.
public struct BlendMode: RawRepresentable, Hashable, Sendable {
    /// The `EASEL_BLEND_*` (CGBlendMode) value.
    public let rawValue: Int32
    /// A mode from its `EASEL_BLEND_*` value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Source over destination (kCGBlendModeNormal).
    public static let normal = BlendMode(rawValue: Int32(EASEL_BLEND_NORMAL))
    /// Multiplies the colours: darkens.
    public static let multiply = BlendMode(rawValue: Int32(EASEL_BLEND_MULTIPLY))
    /// Inverts, multiplies, inverts: lightens.
    public static let screen = BlendMode(rawValue: Int32(EASEL_BLEND_SCREEN))
    /// Multiplies or screens depending on the destination.
    public static let overlay = BlendMode(rawValue: Int32(EASEL_BLEND_OVERLAY))
    /// The darker of the two colours, per component.
    public static let darken = BlendMode(rawValue: Int32(EASEL_BLEND_DARKEN))
    /// The lighter of the two colours, per component.
    public static let lighten = BlendMode(rawValue: Int32(EASEL_BLEND_LIGHTEN))
    /// Brightens the destination to reflect the source.
    public static let colorDodge = BlendMode(rawValue: Int32(EASEL_BLEND_COLOR_DODGE))
    /// Darkens the destination to reflect the source.
    public static let colorBurn = BlendMode(rawValue: Int32(EASEL_BLEND_COLOR_BURN))
    /// Darkens or lightens depending on the source, softly.
    public static let softLight = BlendMode(rawValue: Int32(EASEL_BLEND_SOFT_LIGHT))
    /// Multiplies or screens depending on the source.
    public static let hardLight = BlendMode(rawValue: Int32(EASEL_BLEND_HARD_LIGHT))
    /// The absolute difference of the colours.
    public static let difference = BlendMode(rawValue: Int32(EASEL_BLEND_DIFFERENCE))
    /// Like difference, with lower contrast.
    public static let exclusion = BlendMode(rawValue: Int32(EASEL_BLEND_EXCLUSION))
    /// The source hue with the destination saturation and luminosity.
    public static let hue = BlendMode(rawValue: Int32(EASEL_BLEND_HUE))
    /// The source saturation with the destination hue and luminosity.
    public static let saturation = BlendMode(rawValue: Int32(EASEL_BLEND_SATURATION))
    /// The source hue and saturation with the destination luminosity.
    public static let color = BlendMode(rawValue: Int32(EASEL_BLEND_COLOR))
    /// The source luminosity with the destination hue and saturation.
    public static let luminosity = BlendMode(rawValue: Int32(EASEL_BLEND_LUMINOSITY))
    /// Clears the destination (within the clip).
    public static let clear = BlendMode(rawValue: Int32(EASEL_BLEND_CLEAR))
    /// Replaces the destination with the source.
    public static let copy = BlendMode(rawValue: Int32(EASEL_BLEND_COPY))
    /// The source where the destination is (Porter-Duff in).
    public static let sourceIn = BlendMode(rawValue: Int32(EASEL_BLEND_SOURCE_IN))
    /// The source where the destination is not (Porter-Duff out).
    public static let sourceOut = BlendMode(rawValue: Int32(EASEL_BLEND_SOURCE_OUT))
    /// The source over the destination, only where the destination is.
    public static let sourceAtop = BlendMode(rawValue: Int32(EASEL_BLEND_SOURCE_ATOP))
    /// The destination over the source.
    public static let destinationOver = BlendMode(rawValue: Int32(EASEL_BLEND_DESTINATION_OVER))
    /// The destination where the source is.
    public static let destinationIn = BlendMode(rawValue: Int32(EASEL_BLEND_DESTINATION_IN))
    /// The destination where the source is not.
    public static let destinationOut = BlendMode(rawValue: Int32(EASEL_BLEND_DESTINATION_OUT))
    /// The destination over the source, only where the source is.
    public static let destinationAtop = BlendMode(rawValue: Int32(EASEL_BLEND_DESTINATION_ATOP))
    /// Source and destination where they do not overlap.
    public static let xor = BlendMode(rawValue: Int32(EASEL_BLEND_XOR))
    /// The sum of the colours, saturated (cairo ADD).
    public static let plusLighter = BlendMode(rawValue: Int32(EASEL_BLEND_PLUS_LIGHTER))
}

/// Whether a gradient extends its end colours, as CGGradientDrawingOptions.
public struct GradientDrawingOptions: OptionSet, Sendable {
    /// The `EASEL_GRADIENT_*` flags.
    public let rawValue: UInt32
    /// Options from `EASEL_GRADIENT_*` flags.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The first colour continues before the start point (inside the start circle).
    public static let drawsBeforeStartLocation = GradientDrawingOptions(rawValue: UInt32(EASEL_GRADIENT_DRAWS_BEFORE_START))
    /// The last colour continues after the end point (outside the end circle).
    public static let drawsAfterEndLocation = GradientDrawingOptions(rawValue: UInt32(EASEL_GRADIENT_DRAWS_AFTER_END))
}

/// Colours at locations, drawn along a line or between two circles (a `CGGradient`).
///
/// Owns the host's gradient handle and releases it when the object goes
/// away; make one once (a `static let`) and draw it as often as needed.
public final class Gradient: @unchecked Sendable {
    /// The host's handle (`easel_gradient *`).
    @usableFromInline let handle: OpaquePointer

    /// Makes a gradient, as CGGradient(colorsSpace:colors:locations:).
    ///
    /// - Parameters:
    ///   - colors: One to 1024 colours.
    ///   - locations: One location in 0...1 per colour, increasing; nil
    ///     spaces the colours evenly.
    /// - Returns: nil when the host has no painting extension, or for a
    ///   count out of range, locations of another count, or a non-finite value.
    public init?(colors: [Color], locations: [Double]? = nil) {
        guard let paint = Host.paint, let create = paint.gradient_create else { return nil }
        if let locations, locations.count != colors.count { return nil }
        let made: OpaquePointer? = colors.withUnsafeBufferPointer { colorBuffer in
            guard let locations else { return create(colorBuffer.baseAddress, nil, UInt32(clamping: colors.count)) }
            return locations.withUnsafeBufferPointer {
                create(colorBuffer.baseAddress, $0.baseAddress, UInt32(clamping: colors.count))
            }
        }
        guard let made else { return nil }
        handle = made
    }

    deinit { Host.paint?.gradient_release?(handle) }
}

// Inlinable, as the methods of Graphics.swift are: one call through the table.
extension Graphics {
    @usableFromInline var p: easel_paint_api? { Host.paint }

    // MARK: Clipping

    /// Intersects the clip with `rect` (CGContext.clip(to:)).
    @inlinable public func clip(to rect: Rect) { p?.clip_to_rect?(context, rect) }
    /// Intersects the clip with the union of `rects`; an empty array clips everything away.
    @inlinable public func clip(to rects: [Rect]) {
        rects.withUnsafeBufferPointer { p?.clip_to_rects?(context, $0.baseAddress, UInt32(clamping: $0.count)) }
    }
    /// The bounding box of the clip in user space (an image mask's rect
    /// included); `Rect.null` when everything is clipped away.
    @inlinable public var boundingBoxOfClipPath: Rect { p?.clip_bounding_box?(context) ?? .null }

    // MARK: Paths

    /// Adds an arc of `radius` tangent to the lines from the current point to
    /// `tangent1End` and from there to `tangent2End` (CGContext.addArc(tangent1End:tangent2End:radius:)).
    @inlinable public func addArc(tangent1End: Point, tangent2End: Point, radius: Double) {
        p?.add_arc_to_point?(context, tangent1End.x, tangent1End.y, tangent2End.x, tangent2End.y, radius)
    }
    /// Adds a closed rounded rectangle with a radius per corner; radii too
    /// large for a side shrink together, as UIBezierPath's do.
    @inlinable public func addRoundedRect(
        _ rect: Rect, topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double
    ) {
        p?.add_rounded_rect?(context, rect, topLeft, topRight, bottomRight, bottomLeft)
    }
    /// The current point of the path, or nil when the path has none.
    @inlinable public var currentPointOfPath: Point? {
        var point = Point(x: 0, y: 0)
        return p?.current_point?(context, &point) == 1 ? point : nil
    }
    /// The bounding box of the current path (CGContext.boundingBoxOfPath): every
    /// point, curves' control points included; `Rect.null` for an empty path.
    @inlinable public var boundingBoxOfPath: Rect { p?.path_bounding_box?(context) ?? .null }
    /// Whether painting the current path with `mode` would cover `point`; the path is kept.
    @inlinable public func pathContains(_ point: Point, mode: PathDrawingMode = .fill) -> Bool {
        p?.path_contains_point?(context, point, mode.rawValue) == 1
    }
    /// Paints the current path with `mode` and consumes it (CGContext.drawPath(using:)).
    @inlinable public func drawPath(using mode: PathDrawingMode) { p?.draw_path?(context, mode.rawValue) }

    // MARK: Settings

    /// Sets the miter limit of strokes (default 10).
    @inlinable public func setMiterLimit(_ limit: Double) { p?.set_miter_limit?(context, limit) }
    /// Turns antialiasing on (the default) or off.
    @inlinable public func setShouldAntialias(_ antialias: Bool) { p?.set_should_antialias?(context, antialias ? 1 : 0) }

    // MARK: Gradients

    /// Paints `gradient` along the line from `start` to `end` over the whole clip.
    @inlinable public func drawLinearGradient(
        _ gradient: Gradient, start: Point, end: Point, options: GradientDrawingOptions = []
    ) {
        p?.draw_linear_gradient?(context, gradient.handle, start, end, options.rawValue)
    }
    /// Paints `gradient` between two circles over the whole clip.
    @inlinable public func drawRadialGradient(
        _ gradient: Gradient, startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double,
        options: GradientDrawingOptions = []
    ) {
        p?.draw_radial_gradient?(context, gradient.handle, startCenter, startRadius, endCenter, endRadius, options.rawValue)
    }

    // MARK: Compositing

    /// Sets how later painting combines with what is drawn.
    @inlinable public func setBlendMode(_ mode: BlendMode) { p?.set_blend_mode?(context, mode.rawValue) }
    /// Begins a transparency layer, composited at its end with the alpha and blend mode in effect now.
    @inlinable public func beginTransparencyLayer() { p?.begin_transparency_layer?(context) }
    /// Ends the transparency layer begun last.
    @inlinable public func endTransparencyLayer() { p?.end_transparency_layer?(context) }
    /// Sets the shadow later painting casts (CGContext.setShadow(offset:blur:color:)):
    /// `offset` and `blur` in points, unaffected by the transform; an alpha of 0 turns it off.
    @inlinable public func setShadow(offset: Size, blur: Double, color: Color) { p?.set_shadow?(context, offset, blur, color) }
    /// Runs `body` inside a transparency layer.
    @inlinable public func withTransparencyLayer<Result>(_ body: () throws -> Result) rethrows -> Result {
        beginTransparencyLayer()
        defer { endTransparencyLayer() }
        return try body()
    }
}
