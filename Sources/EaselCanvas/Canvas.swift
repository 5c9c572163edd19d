// The canvas: cairo behind CoreGraphics-shaped drawing functions.
//
// A plugin draws through the C function table `easel_graphics_api`
// (easel.h); the host draws through a few Swift methods (backgrounds, clips,
// transforms, alpha groups). Both land on one `Canvas`, which owns a cairo
// context over one of two surfaces, its backing:
//
// - A RECORDING surface (the default). Nothing is rasterised while drawing:
//   the recording is replayed when the canvas is written, so one drawing
//   becomes a PNG at any scale, an SVG or a PDF, each crisp because vector
//   operations are replayed rather than pixels resampled.
//
// - An ARGB32 IMAGE surface, for a view renderer that draws a frame every
//   time something changes. Drawing is rasterised at once and nothing is
//   kept, so a frame costs about what drawing it with cairo directly costs.
//   Coordinates stay in points: the surface's device scale
//   (`cairo_surface_set_device_scale`) alone makes pixels crisp at 2x or 3x,
//   and the transforms a plugin sees are unchanged. The only output is a PNG
//   at that scale.
//
// Either way the background is not drawn into the surface: it is painted
// under the surface's contents when the canvas is written, so clearing a
// region (CGContextClearRect) shows the background there again.
//
// Three models meet here, and the canvas keeps each one's rules:
//
// - cairo's error model. A cairo context that fails (a restore without a
//   save, an invalid UTF-8 string, a singular matrix) stays failed and ignores
//   everything afterwards. The canvas adds its own argument checks to the same
//   model: a NULL string, a NaN coordinate or an unknown enum value from a
//   plugin becomes the canvas's first error and drawing stops; so does an arc
//   radius or line width too large for cairo's fixed-point device space, which
//   could otherwise keep cairo busy for minutes. Every operation
//   runs through `perform`, which skips the operation once the canvas is in
//   error, turns a thrown argument error or cairo's status into the first
//   error, and returns a neutral value. The error is surfaced once, through
//   `takeError()`, at the Swift boundary, never as a crash.
//
// - CoreGraphics' state model. CoreGraphics has separate fill and stroke
//   colours and a global alpha; cairo has one source. The canvas keeps the
//   extra state in a Swift stack (`DrawingState`) that is pushed and popped
//   with every save/restore and push/pop group, and sets cairo's source right
//   before each paint (and, on a raster canvas, the line width right before
//   each stroke). The font is an index into the canvas's fonts in that
//   stack too (text is Pango's, TextEngine.swift). Everything else that
//   CoreGraphics saves (clip, line cap, join and dash, and any transform but
//   a translation on a raster canvas, Canvas+Offset.swift) lives in cairo's
//   state. A raster canvas
//   issues cairo_save only when cairo's state is about to change
//   (`materializeSaves()`). The Swift stack never drops below its base entry;
//   cairo decides whether a restore is valid.
//
// - UIKit's current context. `withCurrentContext` makes the canvas the one
//   that `current_context()` returns, like UIGraphicsPushContext, with a
//   per-thread slot (CEaselSupport) that nests like a stack.
//
// A plugin holds a canvas only through an opaque `easel_context *`: the
// address of the `Canvas` object. Every drawing call resolves its handle
// before use, so a stale or made-up handle is ignored instead of dereferenced.
// Almost every call passes the handle that `current_context()` returned, and
// that one is checked first, without a lock: the current canvas is alive,
// because `withCurrentContext` keeps it alive until it is no longer current.
// Any other handle is looked up in the set of live canvases, behind a mutex.
// Neither path retains the canvas. With the argument checks, a drawing call
// costs little more than the cairo calls it makes: a frame of 1000 views on a
// raster canvas takes within a few percent of drawing it with cairo directly.
//
// Plugin calls all happen on the host's main thread (easel.h, "Threads"), and
// one canvas is not thread-safe. The two process-wide pieces (the set of live
// canvases and the current context) are nonetheless safe to use from several
// threads, so independent canvases can be drawn in parallel, as tests do.

import EaselGraphicsCore
import CCairo
import CEaselSupport
import EaselABI
import Synchronization

/// A drawing surface, backed by cairo, that plugins and the host draw on.
///
/// A canvas is `width` x `height` points with the origin at the top left and y
/// pointing down (UIKit's convention). Its ``backing-swift.property`` decides
/// what happens to the drawing:
///
/// - ``Backing-swift.enum/recording`` (the default): drawing is recorded, not
///   rasterised, and replayed by ``write(to:scale:)`` or ``pngData(scale:)``,
///   so the same drawing can be written as PNG, SVG or PDF at any scale.
/// - ``Backing-swift.enum/raster(scale:)``: drawing goes straight into pixels
///   at a fixed number of pixels per point, as fast as drawing with cairo
///   directly, and can be written as PNG at that scale only.
///
/// Either way, coordinates are in points, and the ``background`` is painted
/// under the drawing only when the canvas is written.
///
/// Plugins reach the canvas through the C function table of `easel.h`, with the
/// canvas's context handle; the host uses the Swift methods below. Both follow
/// cairo's error model: the first error is kept, later drawing is ignored, and
/// ``takeError()`` hands the error out once.
///
/// A canvas is not thread-safe; like everything in Easel it is used on the main
/// thread.
public final class Canvas {
    /// The largest width or height, in points, that a canvas may have (cairo's limit).
    public static let maximumDimension: Double = CanvasLimits.maximumDimension

    /// The width of the canvas in points.
    public let width: Double
    /// The height of the canvas in points.
    public let height: Double
    /// The colour painted under the drawing when the canvas is written; `nil` for transparent.
    public let background: easel_color?
    /// Whether the drawing is recorded or rasterised, and at which scale.
    public let backing: Backing

    /// The surface (`cairo_surface_t *`) drawn into: a recording surface that
    /// keeps every drawing operation, or an image surface with a device scale.
    package let surface: OpaquePointer
    /// The cairo context (`cairo_t *`) drawing goes to: `mainContext`, or
    /// during a dirty-region redraw the layer's (Canvas+Region.swift).
    @exclusivity(unchecked) package var cr: OpaquePointer
    /// The cairo context drawing into `surface`.
    let mainContext: OpaquePointer
    /// The layer a dirty-region redraw draws into, kept between redraws, and
    /// a context drawing into it (Canvas+Region.swift).
    var layerSurface: OpaquePointer?
    var layerContext: OpaquePointer?
    /// Device units per point: the raster scale, or 1 for a recording.
    package let deviceScale: Double
    // The two properties every drawing call touches opt out of Swift's
    // run-time exclusivity checks, a call into the runtime per access. A
    // canvas is used on one thread, and no access to them overlaps another
    // (the compile-time checks still apply).

    /// The state cairo cannot hold, for cairo's current state (every drawing
    /// call reads it, so it is a stored property rather than the top of
    /// `savedStates`).
    @exclusivity(unchecked) package var state = DrawingState()
    /// The states saved below the current one, one entry per cairo state
    /// saved (save, push_group).
    @usableFromInline @exclusivity(unchecked) package var savedStates: [DrawingState] = []
    /// The first error, kept until the canvas is discarded.
    @usableFromInline @exclusivity(unchecked) var firstError: CanvasError?
    /// Whether `takeError()` has already handed `firstError` out.
    var errorTaken = false
    /// Whether cairo_save waits until cairo's own state changes (raster
    /// canvases; see `Canvas.materializeSaves()`).
    var lazySaves: Bool
    /// How many of the topmost saved states have no cairo_save yet.
    @exclusivity(unchecked) package var pendingSaves = 0
    /// cairo's current line width (NaN: unknown), see `Canvas.syncLineWidth()`.
    @exclusivity(unchecked) var cairoLineWidth: Double = 1
    /// The current path's device extents, for lazy clips (Canvas+Guard.swift).
    /// Not part of the saved state, as cairo's path is not.
    @exclusivity(unchecked) package var pathExtents = PathExtents()
    /// The fonts set on this canvas, each once (Canvas+Text.swift):
    /// `DrawingState.fontIndex` i > 0 is `fonts[i - 1]`, 0 the default font.
    var fonts: [FontDescription] = []
    /// The index of each font in `fonts`, by Pango's string form.
    var fontIndexByKey: [String: Int32] = [:]
    /// The image-mask groups open, innermost last (Canvas+State.swift).
    var maskPatterns: [MaskGroup] = []
    /// Whether an image-mask group is open (drawing goes into it).
    package var hasOpenMasks: Bool { !maskPatterns.isEmpty }

    /// An open image-mask group: its mask, the rect it is confined to, the
    /// group's surface and the surface under it (both referenced), and
    /// whether the group was given a copy of what is under it (see
    /// `Canvas.convertMaskGroups`).
    struct MaskGroup {
        let pattern: OpaquePointer
        let rect: easel_rect
        let group: OpaquePointer
        let parent: OpaquePointer
        var holdsCopy = false

        /// Releases the mask and the surfaces.
        func release() {
            cairo_pattern_destroy(pattern)
            cairo_surface_destroy(group)
            cairo_surface_destroy(parent)
        }
    }

    /// Where a canvas's drawing goes.
    public enum Backing: Sendable, Equatable {
        /// The drawing is recorded as vector operations and replayed when the
        /// canvas is written, as PNG at any scale, SVG or PDF.
        case recording
        /// The drawing is rasterised at once into an ARGB image of
        /// `ceil(width * scale)` x `ceil(height * scale)` pixels, and nothing is
        /// recorded.
        ///
        /// Coordinates stay in points; `scale` is the number of pixels per
        /// point, such as 2 for a 2x display. The canvas can be written as PNG
        /// at this scale only.
        case raster(scale: Double)
    }

    /// Creates an empty canvas.
    ///
    /// The new canvas has CoreGraphics' defaults: black fill and stroke
    /// colours, alpha 1, line width 1, butt caps, miter joins, no dash, and the
    /// font "Sans" at 12 points (laid out by Pango). Its drawing is fully transparent.
    ///
    /// - Parameters:
    ///   - width: The width in points: finite, greater than 0, at most ``maximumDimension``.
    ///   - height: The height in points: finite, greater than 0, at most ``maximumDimension``.
    ///   - background: A colour painted under the drawing in every output, or
    ///     `nil` to leave the background transparent.
    ///   - backing: ``Backing-swift.enum/recording`` to record the drawing for
    ///     any output, or ``Backing-swift.enum/raster(scale:)`` to draw straight
    ///     into pixels. A raster scale must be finite and greater than 0, and
    ///     the image at most ``maximumDimension`` pixels a side.
    /// - Throws: ``CanvasError`` when the size or the raster scale is out of
    ///   range, a background component is not finite, or cairo cannot create
    ///   the surface (for instance when memory for the pixels runs out).
    public convenience init(
        width: Double, height: Double, background: easel_color? = nil, backing: Backing = .recording
    ) throws(CanvasError) {
        try self.init(width: width, height: height, background: background, backing: backing, pixels: nil)
    }

    /// Creates a canvas for `backing`, drawing into `pixels` (laid out as
    /// ``rasterLayout(width:height:scale:)`` says) instead of memory of its
    /// own when they are given for a raster backing.
    init(
        width: Double, height: Double, background: easel_color?, backing: Backing,
        pixels: UnsafeMutableRawPointer?
    ) throws(CanvasError) {
        guard Self.isValidDimension(width), Self.isValidDimension(height) else {
            throw .invalidSize("canvas", width: width, height: height)
        }
        if let background {
            try Self.validate(background, in: "Canvas.init")
        }
        // cairo's constructors never return NULL; a failure is an error object.
        let surface: OpaquePointer
        let deviceScale: Double
        switch backing {
        case .recording:
            var extents = cairo_rectangle_t(x: 0, y: 0, width: width, height: height)
            surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)
            deviceScale = 1
        case .raster(let scale):
            guard scale.isFinite, scale > 0 else {
                throw CanvasError(
                    message: "invalid raster scale \(scale): it must be finite and greater than 0")
            }
            let pixelWidth = (width * scale).rounded(.up)
            let pixelHeight = (height * scale).rounded(.up)
            guard Self.isValidDimension(pixelWidth), Self.isValidDimension(pixelHeight) else {
                throw CanvasError(
                    message: "invalid raster canvas: \(width) x \(height) points at scale \(scale) make "
                        + "\(Self.describePixels(pixelWidth)) x \(Self.describePixels(pixelHeight)) pixels; "
                        + "a side must be 1 to \(Int(Self.maximumDimension)) pixels")
            }
            if let pixels {
                let stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(pixelWidth))
                surface = cairo_image_surface_create_for_data(
                    pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                    Int32(pixelWidth), Int32(pixelHeight), stride)
            } else {
                surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
            }
            cairo_surface_set_device_scale(surface, scale, scale)
            deviceScale = scale
        }
        if let status = CairoStatus.check(cairo_surface_status(surface)) {
            cairo_surface_destroy(surface)
            throw .cairo(status, in: "Canvas.init")
        }
        let cr: OpaquePointer = cairo_create(surface)
        if let status = CairoStatus.check(cairo_status(cr)) {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
            throw .cairo(status, in: "Canvas.init")
        }
        Self.markDrawnOn(surface)
        cairo_set_line_width(cr, 1)

        self.width = width
        self.height = height
        self.background = background
        self.backing = backing
        self.surface = surface
        self.cr = cr
        self.mainContext = cr
        self.deviceScale = deviceScale
        // A raster canvas keeps translations on the Swift side (Canvas+Offset.swift)
        // and saves cairo's state only when it changes.
        lazySaves = backing != .recording
        state.isOffset = backing != .recording
        liveCanvases.withLock { _ = $0.insert(UInt(bitPattern: handleAddress)) }
    }

    deinit {
        liveCanvases.withLock { _ = $0.remove(UInt(bitPattern: handleAddress)) }
        for mask in maskPatterns { mask.release() }
        cairo_destroy(mainContext)
        cairo_surface_destroy(surface)
        if let layerContext { cairo_destroy(layerContext) }
        if let layerSurface { cairo_surface_destroy(layerSurface) }
    }

    /// The font family a new canvas starts with.
    static let defaultFontFamily = CanvasLimits.defaultFontFamily
    /// The font size, in points, a new canvas starts with.
    static let defaultFontSize = CanvasLimits.defaultFontSize

    package static func isValidDimension(_ value: Double) -> Bool {
        value.isFinite && value > 0 && value <= maximumDimension
    }

    /// A number of pixels for an error message: whole, unless it is too large to be.
    package static func describePixels(_ value: Double) -> String {
        value.isFinite && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

// MARK: - The context handle

/// The addresses of all canvases alive, the only handles `Canvas.resolve`
/// accepts apart from the thread's current context.
///
/// Behind a mutex so that canvases may be created and destroyed on any thread.
private let liveCanvases = Mutex<Set<UInt>>([])

extension Canvas {
    var handleAddress: UnsafeMutableRawPointer {
        Unmanaged.passUnretained(self).toOpaque()
    }

    /// The `easel_context *` that plugins pass back to the drawing functions.
    ///
    /// The handle is valid while the canvas is alive. It does not retain the
    /// canvas.
    package var context: OpaquePointer {
        OpaquePointer(handleAddress)
    }

    /// The canvas behind a context handle from a plugin.
    ///
    /// The handle of the thread's current context (see
    /// ``withCurrentContext(_:)``) is accepted without a lock; any other
    /// handle is looked up in the set of live canvases.
    ///
    /// - Parameters:
    ///   - handle: An `easel_context *` as a plugin passed it; may be NULL,
    ///     stale or garbage.
    /// - Returns: The live canvas whose ``context`` is `handle`, or `nil`.
    package static func resolve(_ handle: OpaquePointer?) -> Canvas? {
        liveAddress(handle).map { Unmanaged<Canvas>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The canvas behind a context handle from a plugin, unretained, if it
    /// is alive (see ``withCanvas(_:else:_:)``); the drawing functions of
    /// ``graphicsAPI`` go through here.
    @inline(__always)
    package static func live(_ handle: OpaquePointer?) -> Unmanaged<Canvas>? {
        liveAddress(handle).map { Unmanaged<Canvas>.fromOpaque($0) }
    }

    /// Runs `body` with the canvas behind a context handle from a plugin, if
    /// it is alive.
    ///
    /// Checks the handle as ``resolve(_:)`` does, but does not retain the
    /// canvas, so a drawing call adds no reference counting to the cairo
    /// calls it makes. The canvas cannot go away during `body`: the current
    /// canvas is kept alive by ``withCurrentContext(_:)``, and any other is
    /// freed only by the one thread that uses it, which is running `body`.
    ///
    /// - Parameters:
    ///   - handle: An `easel_context *` as a plugin passed it; may be NULL,
    ///     stale or garbage.
    ///   - fallback: What to return when `handle` is not a live canvas.
    ///   - body: The drawing call.
    /// - Returns: What `body` returns, or `fallback`.
    @inline(__always)
    static func withCanvas<R>(_ handle: OpaquePointer?, else fallback: R, _ body: (Canvas) -> R) -> R {
        guard let address = liveAddress(handle) else { return fallback }
        return Unmanaged<Canvas>.fromOpaque(address)._withUnsafeGuaranteedRef(body)
    }

    /// Runs `body` with the canvas behind a context handle from a plugin, if
    /// it is alive; see ``withCanvas(_:else:_:)``.
    @inline(__always)
    static func withCanvas(_ handle: OpaquePointer?, _ body: (Canvas) -> Void) {
        withCanvas(handle, else: (), body)
    }

    /// The address behind a context handle, if it is a live canvas.
    ///
    /// The handle of the thread's current context (see
    /// ``withCurrentContext(_:)``) is accepted without a lock: a canvas is
    /// alive while it is current. Any other handle is looked up in the set of
    /// live canvases.
    @inline(__always)
    private static func liveAddress(_ handle: OpaquePointer?) -> UnsafeMutableRawPointer? {
        guard let handle else { return nil }
        let address = UnsafeMutableRawPointer(handle)
        if address == easel_support_get_current_context() {
            return address
        }
        return liveCanvases.withLock({ $0.contains(UInt(bitPattern: address)) }) ? address : nil
    }
}

// MARK: - Sticky errors

extension Canvas {
    /// Whether the canvas is in error: drawing is being ignored.
    ///
    /// Stays `true` after ``takeError()`` has handed the error out: a canvas
    /// never recovers from an error, as a cairo context never does.
    @inlinable
    public var hasError: Bool {
        firstError != nil
    }

    /// Hands out the canvas's first error, once.
    ///
    /// Call it after each call into plugin code (or after drawing from Swift)
    /// to report the error that call caused. The first call after an error
    /// returns it; later calls return `nil`, although the canvas stays in error
    /// and keeps ignoring drawing (see ``hasError``).
    ///
    /// - Returns: The first error not yet taken, or `nil`.
    public func takeError() -> CanvasError? {
        guard let firstError, !errorTaken else { return nil }
        errorTaken = true
        return firstError
    }

    /// Records `error` unless an earlier error is already recorded.
    package func record(_ error: CanvasError) {
        if firstError == nil {
            firstError = error
        }
    }

    /// Runs one drawing operation in cairo's sticky-error model.
    ///
    /// Does nothing once the canvas is in error. Otherwise runs `body` with the
    /// cairo context; an argument error thrown by `body`, or an error status
    /// that cairo reports afterwards, becomes the canvas's first error.
    ///
    /// - Parameters:
    ///   - operation: The name reported in errors, e.g. `"fill_path"`.
    ///   - fallback: What to return when the operation is skipped or fails.
    ///   - body: The operation.
    /// - Returns: The result of `body`, or `fallback`.
    @inline(__always)
    package func perform<R>(
        _ operation: String, else fallback: R, _ body: (OpaquePointer) throws(CanvasError) -> R
    ) -> R {
        guard firstError == nil else { return fallback }
        let result: R
        do {
            result = try body(cr)
        } catch {
            record(error)
            return fallback
        }
        if let status = CairoStatus.check(cairo_status(cr)) {
            record(.cairo(status, in: operation))
            return fallback
        }
        return result
    }

    /// Runs one drawing operation that returns nothing; see ``perform(_:else:_:)``.
    @inline(__always)
    package func perform(_ operation: String, _ body: (OpaquePointer) throws(CanvasError) -> Void) {
        perform(operation, else: (), body)
    }
}

// MARK: - Argument checks

extension Canvas {
    /// Throws unless every value is finite.
    ///
    /// Inlined, so that the variadic array is optimised away on every
    /// drawing call. (CanvasLimits has the same check for the modules below
    /// the canvas; called across the module boundary it allocated its array
    /// on every call: 16 allocations per tile of the view benchmark, and the
    /// 10,000-tile frame went from 1.14 to 1.25 of cairo.)
    @inline(__always)
    package static func requireFinite(_ operation: String, _ values: Double...) throws(CanvasError) {
        for value in values where !value.isFinite {
            throw .invalidArgument(operation, "non-finite value \(value)")
        }
    }

    /// Throws unless every component of the rectangle is finite.
    package static func validate(_ rect: easel_rect, in operation: String) throws(CanvasError) {
        try requireFinite(operation, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
    }

    /// Throws unless every component of the colour is finite.
    package static func validate(_ color: easel_color, in operation: String) throws(CanvasError) {
        try requireFinite(operation, color.red, color.green, color.blue, color.alpha)
    }

    /// The largest arc radius or line width, in device units, that reaches cairo.
    ///
    /// cairo's fixed-point coordinates end near ±8.4 million device units, so
    /// nothing larger can be drawn meaningfully; and cairo splits arcs and
    /// round pens into more segments the larger they are (a radius of 1e47
    /// makes `cairo_arc` loop for minutes), so a plugin passing one could hang
    /// the host.
    static let maximumDeviceExtent: Double = 1e8

    /// Throws unless `length` in user space stays within ``maximumDeviceExtent``
    /// under the current transform and the device scale.
    ///
    /// Uses the Frobenius norm of the transform's linear part, an upper bound
    /// of how much it can stretch a length.
    @inline(__always)
    package func requireDrawable(_ length: Double, _ what: String, in operation: String) throws(CanvasError) {
        // A translation (the transform on the Swift side): the identity's norm, √2.
        if state.isOffset && abs(length) * (1.4142135623730951 * deviceScale) <= Self.maximumDeviceExtent { return }
        try requireDrawableUnderMatrix(length, what, in: operation)
    }

    private func requireDrawableUnderMatrix(_ length: Double, _ what: String, in operation: String) throws(CanvasError) {
        let stretch: Double
        if state.isOffset {
            stretch = 1.4142135623730951 * deviceScale
        } else {
            var matrix = cairo_matrix_t()
            cairo_get_matrix(cr, &matrix)
            stretch = (matrix.xx * matrix.xx + matrix.yx * matrix.yx + matrix.xy * matrix.xy
                + matrix.yy * matrix.yy).squareRoot() * deviceScale
        }
        guard abs(length) * stretch <= Self.maximumDeviceExtent else {
            throw .invalidArgument(
                operation,
                "\(what) \(length) is too large (more than \(Self.maximumDeviceExtent) device units)")
        }
    }

    /// Throws when a C string argument is NULL; returns it otherwise.
    static func require(
        _ string: UnsafePointer<CChar>?, _ operation: String
    ) throws(CanvasError) -> UnsafePointer<CChar> {
        guard let string else { throw .invalidArgument(operation, "NULL string") }
        return string
    }
}
