import EaselGraphicsCore
import CCairo
import EaselABI

// Canvases over memory the caller owns, and vector output in memory: what an
// isolated render needs, where a child process draws into shared memory that
// the parent then writes out (Sources/EaselIsolation).

extension Canvas {
    /// How a raster canvas lays out its pixels in memory: rows of 32-bit
    /// premultiplied ARGB pixels in native byte order (cairo's
    /// `CAIRO_FORMAT_ARGB32`), from the top.
    public struct RasterLayout: Sendable, Equatable {
        /// Pixels per row: `ceil(width * scale)`.
        public let pixelWidth: Int
        /// Rows: `ceil(height * scale)`.
        public let pixelHeight: Int
        /// Bytes from the start of one row to the next (at least `4 * pixelWidth`).
        public let bytesPerRow: Int
        /// The bytes of the whole image: `bytesPerRow * pixelHeight`.
        public var byteCount: Int { bytesPerRow * pixelHeight }
    }

    /// The memory layout of a raster canvas of `width` x `height` points at
    /// `scale` pixels per point, as `Canvas(width:height:backing: .raster(scale:))`
    /// would allocate it.
    ///
    /// - Throws: ``CanvasError`` when the size or the scale is out of range,
    ///   with the same messages as ``init(width:height:background:backing:)``.
    public static func rasterLayout(width: Double, height: Double, scale: Double) throws(CanvasError) -> RasterLayout {
        guard isValidDimension(width), isValidDimension(height) else {
            throw .invalidSize("canvas", width: width, height: height)
        }
        guard scale.isFinite, scale > 0 else {
            throw CanvasError(message: "invalid raster scale \(scale): it must be finite and greater than 0")
        }
        let pixelWidth = (width * scale).rounded(.up)
        let pixelHeight = (height * scale).rounded(.up)
        guard isValidDimension(pixelWidth), isValidDimension(pixelHeight) else {
            throw CanvasError(
                message: "invalid raster canvas: \(width) x \(height) points at scale \(scale) make "
                    + "\(describePixels(pixelWidth)) x \(describePixels(pixelHeight)) pixels; "
                    + "a side must be 1 to \(Int(maximumDimension)) pixels")
        }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(pixelWidth)))
        return RasterLayout(pixelWidth: Int(pixelWidth), pixelHeight: Int(pixelHeight), bytesPerRow: stride)
    }

    /// Creates a raster canvas that draws into memory the caller owns, such as
    /// shared memory that another process reads or writes.
    ///
    /// The canvas behaves exactly like one created with
    /// `backing: .raster(scale: scale)`: the same pixels for the same drawing,
    /// written as PNG at that scale. It does not clear the memory: a canvas
    /// over pixels that another canvas drew holds that drawing (which is how
    /// a process writes out what another one drew).
    ///
    /// - Parameters:
    ///   - width: The width in points.
    ///   - height: The height in points.
    ///   - background: The colour painted under the drawing when it is written, or `nil`.
    ///   - scale: Pixels per point.
    ///   - pixels: At least ``rasterLayout(width:height:scale:)``'s
    ///     `byteCount` bytes, laid out as it says, aligned to 4 bytes. They
    ///     must stay valid for the canvas's whole life.
    /// - Throws: ``CanvasError`` as ``init(width:height:background:backing:)`` does.
    public convenience init(
        width: Double, height: Double, background: easel_color? = nil, scale: Double, pixels: UnsafeMutableRawPointer
    ) throws(CanvasError) {
        try self.init(width: width, height: height, background: background, backing: .raster(scale: scale),
                      pixels: pixels)
    }

    /// The vector formats ``vectorData(_:scale:)`` encodes.
    public enum VectorFormat: String, Sendable, Codable {
        /// Scalable Vector Graphics.
        case svg
        /// Portable Document Format, one page.
        case pdf
    }

    /// Encodes the drawing as an SVG or PDF file in memory: the bytes
    /// ``write(to:scale:)`` writes to a `.svg` or `.pdf` path.
    ///
    /// - Parameters:
    ///   - format: SVG or PDF.
    ///   - scale: Output units per point (finite, greater than 0); `nil` for 1.
    /// - Returns: The file's bytes.
    /// - Throws: ``CanvasError`` for a raster canvas (it holds pixels only),
    ///   a bad scale, or an error of cairo's.
    public func vectorData(_ format: VectorFormat, scale: Double? = nil) throws(CanvasError) -> [UInt8] {
        let name = format.rawValue.uppercased()
        if case .raster = backing {
            throw CanvasError(message: "cannot encode \(name): a raster canvas can only be written as PNG; "
                + "create the canvas with the recording backing to write SVG or PDF")
        }
        let pointScale = scale ?? 1
        guard pointScale.isFinite, pointScale > 0 else {
            throw CanvasError(message: "cannot encode \(name): invalid scale \(pointScale); it must be finite and greater than 0")
        }
        let sink = VectorSink()
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<VectorSink>.fromOpaque(closure).takeUnretainedValue()
            if let data, length > 0 {
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            }
            return CAIRO_STATUS_SUCCESS
        }
        let status: CairoStatus? = withExtendedLifetime(sink) {
            let closure = Unmanaged.passUnretained(sink).toOpaque()
            let surface: OpaquePointer = switch format {
            case .svg: cairo_svg_surface_create_for_stream(write, closure, width * pointScale, height * pointScale)
            case .pdf: cairo_pdf_surface_create_for_stream(write, closure, width * pointScale, height * pointScale)
            }
            defer { cairo_surface_destroy(surface) }
            let status = replay(onto: surface, scale: pointScale)
            cairo_surface_finish(surface)
            return status ?? CairoStatus.check(cairo_surface_status(surface))
        }
        if let status {
            throw CanvasError(message: "cannot encode \(name): \(status)", status: status)
        }
        return sink.bytes
    }
}

/// The bytes written so far by a cairo vector surface's stream.
private final class VectorSink {
    var bytes: [UInt8] = []
}

extension Canvas {
    /// Paints the background, then the canvas's surface, onto `target`, scaled.
    ///
    /// A recording is replayed as vectors. A raster surface is copied pixel
    /// for pixel: its device scale equals `scale`, so the two scales cancel.
    ///
    /// - Returns: cairo's error status, or `nil` on success.
    package func replay(onto target: OpaquePointer, scale: Double) -> CairoStatus? {
        if let status = CairoStatus.check(cairo_surface_status(target)) {
            return status
        }
        cairo_surface_flush(surface)
        let output: OpaquePointer = cairo_create(target)
        defer { cairo_destroy(output) }
        if let background {
            cairo_set_source_rgba(output, background.red, background.green, background.blue, background.alpha)
            cairo_paint(output)
        }
        cairo_scale(output, scale, scale)
        cairo_set_source_surface(output, surface, 0, 0)
        cairo_paint(output)
        return CairoStatus.check(cairo_status(output))
    }

    /// The background as ``replay(onto:scale:)`` paints it, as one
    /// premultiplied ARGB32 pixel (cairo's own conversion of the colour);
    /// `nil` without a background or when cairo cannot make the pixel.
    package var backgroundPixel: UInt32? {
        guard let background else { return nil }
        let pixel: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        defer { cairo_surface_destroy(pixel) }
        let context: OpaquePointer = cairo_create(pixel)
        cairo_set_source_rgba(context, background.red, background.green, background.blue, background.alpha)
        cairo_paint(context)
        let status = cairo_status(context)
        cairo_destroy(context)
        cairo_surface_flush(pixel)
        guard status == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(pixel) else { return nil }
        return UnsafeRawPointer(data).load(as: UInt32.self)
    }
}
