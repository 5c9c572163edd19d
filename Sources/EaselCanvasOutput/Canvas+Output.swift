import EaselCanvas
import EaselGraphicsCore
import CCairo
import EaselABI
#if canImport(Glibc)
import Glibc
#endif

extension Canvas {
    /// The file formats a canvas can be written as.
    enum OutputFormat: Equatable {
        case raster(ImageEncoding.Format), svg, pdf

        /// The extensions ``Canvas/write(to:scale:compression:quality:)`` accepts, for error messages.
        static let supportedExtensions = ".png, .jpg, .jpeg, .webp, .svg or .pdf"

        /// The format named by the extension of `path`, case-insensitively; `nil` for any other.
        init?(path: String) {
            if let raster = ImageEncoding.Format(path: path) {
                self = .raster(raster)
                return
            }
            switch ImageEncoding.Format.pathExtension(path) {
            case "svg": self = .svg
            case "pdf": self = .pdf
            default: return nil
            }
        }
    }

    /// Writes the drawing to a PNG, JPEG, WebP, SVG or PDF file.
    ///
    /// The format follows the extension of `path`: `.png`, `.jpg` or `.jpeg`,
    /// `.webp`, `.svg` or `.pdf`, in any case. The background, if any, is
    /// painted first, then the drawing over it, at `scale`. A PNG, JPEG or
    /// WebP is an image of `ceil(width * scale)` x `ceil(height * scale)`
    /// pixels (see ``ImageEncoding``); an SVG or a PDF page is
    /// `width * scale` x `height * scale` points, in vectors.
    ///
    /// A ``Backing-swift.enum/recording`` canvas is replayed, so it can be
    /// written in any format at any scale. A
    /// ``Backing-swift.enum/raster(scale:)`` canvas holds pixels only: it can be
    /// written as PNG, JPEG or WebP, at its own scale.
    ///
    /// Writing does not change the canvas, which can be drawn on and written
    /// again. Drawing ignored because of an error is simply absent.
    ///
    /// - Parameters:
    ///   - path: The file to create or replace.
    ///   - scale: The factor from points to output units (pixels for PNG):
    ///     finite and greater than 0, and for a raster canvas equal to its
    ///     scale. `nil` means the canvas's own scale: the raster scale, or 1
    ///     for a recording.
    ///   - compression: How hard a PNG is compressed.
    ///   - quality: The quality of a JPEG or WebP, 1 to 100.
    /// - Throws: ``CanvasError`` naming `path` when the extension is not
    ///   supported, a raster canvas is written as SVG or PDF, the scale or
    ///   quality is out of range or the scale differs from a raster canvas's
    ///   scale, or the file cannot be encoded or written (with cairo's status
    ///   or the system's reason).
    public func write(
        to path: String, scale: Double? = nil, compression: ImageEncoding.Compression = .default,
        quality: Int = ImageEncoding.defaultQuality
    ) throws(CanvasError) {
        guard let format = OutputFormat(path: path) else {
            throw .cannotWrite(path, "unsupported file extension; use \(OutputFormat.supportedExtensions)")
        }
        let surface: OpaquePointer
        switch format {
        case .raster(let raster):
            let encoding = ImageEncoding(format: raster, compression: compression, quality: quality)
            let bytes = try encodedData(encoding, scale: scale) { (problem: String) in .cannotWrite(path, problem) }
            try Self.writeFile(bytes, to: path)
            return
        case .svg, .pdf:
            if case .raster = backing {
                throw .cannotWrite(
                    path,
                    "a raster canvas can only be written as PNG, JPEG or WebP; "
                        + "create the canvas with the recording backing to write SVG or PDF")
            }
            let pointScale = try outputScale(scale) { (problem: String) in .cannotWrite(path, problem) }
            surface = format == .svg
                ? cairo_svg_surface_create(path, width * pointScale, height * pointScale)
                : cairo_pdf_surface_create(path, width * pointScale, height * pointScale)
            defer { cairo_surface_destroy(surface) }
            let status = replay(onto: surface, scale: pointScale)
            cairo_surface_finish(surface)
            if let status = status ?? CairoStatus.check(cairo_surface_status(surface)) {
                throw .cannotWrite(path, "\(status)", status: status)
            }
        }
    }

    /// Creates or replaces the file at `path` with `bytes`.
    ///
    /// - Throws: ``CanvasError`` naming `path`, with the system's reason.
    private static func writeFile(_ bytes: [UInt8], to path: String) throws(CanvasError) {
        guard let file = fopen(path, "wb") else { throw .cannotWrite(path, String(cString: strerror(errno))) }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let writeError = written == bytes.count ? 0 : errno
        let closed = fclose(file)
        let closeError = closed == 0 ? 0 : errno
        if writeError != 0 || closeError != 0 || written != bytes.count {
            let reason = writeError != 0 ? writeError : closeError != 0 ? closeError : EIO
            throw .cannotWrite(path, String(cString: strerror(reason)))
        }
    }

    /// Encodes the drawing as a PNG file in memory, e.g. for standard output.
    ///
    /// The image is what ``write(to:scale:compression:quality:)`` writes to a
    /// `.png` path at the default compression.
    ///
    /// - Parameters:
    ///   - scale: The number of pixels per point: finite and greater than 0,
    ///     and for a raster canvas equal to its scale. `nil` means the
    ///     canvas's own scale: the raster scale, or 1 for a recording.
    /// - Returns: The bytes of the PNG file.
    /// - Throws: ``CanvasError`` when the scale is out of range or differs
    ///   from a raster canvas's scale, or the image cannot be rendered or encoded.
    public func pngData(scale: Double? = nil) throws(CanvasError) -> [UInt8] {
        try encodedData(.png, scale: scale)
    }

    /// Encodes the drawing as a PNG, JPEG or WebP file in memory.
    ///
    /// - Parameters:
    ///   - encoding: The format, and its compression or quality.
    ///   - scale: The number of pixels per point: finite and greater than 0,
    ///     and for a raster canvas equal to its scale. `nil` means the
    ///     canvas's own scale: the raster scale, or 1 for a recording.
    /// - Returns: The bytes of the file.
    /// - Throws: ``CanvasError`` `cannot encode <format>: <problem>` when the
    ///   scale or quality is out of range, the scale differs from a raster
    ///   canvas's scale, or the image cannot be rendered or encoded.
    public func encodedData(_ encoding: ImageEncoding, scale: Double? = nil) throws(CanvasError) -> [UInt8] {
        try encodedData(encoding, scale: scale) { (problem: String) in
            CanvasError(message: "cannot encode \(encoding.format.displayName): \(problem)")
        }
    }

    /// The drawing as `cairo_surface_write_to_png` encodes it, for comparing
    /// with ``encodedData(_:scale:)`` in tests and benchmarks.
    package func cairoPNGData(scale: Double? = nil) throws(CanvasError) -> [UInt8] {
        let failure = { (problem: String) in CanvasError(message: "cannot encode PNG: \(problem)") }
        let surface = try renderImage(scale: outputScale(scale, failure: failure), failure: failure)
        defer { cairo_surface_destroy(surface) }
        return try encodePNG(surface) { (status: CairoStatus) in failure("\(status)") }
    }

    /// Renders and encodes, with errors made by `failure`.
    private func encodedData(
        _ encoding: ImageEncoding, scale: Double?, failure: (String) -> CanvasError
    ) throws(CanvasError) -> [UInt8] {
        // A raster PNG over a background colour: the encoder composites each
        // pixel over the background as it packs the row (the same pixels),
        // instead of a new surface of the whole image painted twice.
        if encoding.format == .png, case .raster = backing, let background = backgroundPixel {
            _ = try outputScale(scale, failure: failure)
            if let status = CairoStatus.check(cairo_surface_status(surface)) { throw failure("\(status)") }
            cairo_surface_flush(surface)
            return try encoding.encodePNG(surface, over: background, failure: failure)
        }
        let surface = try renderImage(scale: outputScale(scale, failure: failure), failure: failure)
        defer { cairo_surface_destroy(surface) }
        return try encoding.encode(surface, failure: failure)
    }

    /// The pixels of the drawing, as ``pngData(scale:)`` would encode them.
    ///
    /// The background, if any, is composited under the drawing. Nothing is
    /// encoded or decoded, so this is the quick way for tests to read a
    /// canvas's pixels; it works for both backings.
    ///
    /// - Parameters:
    ///   - scale: The number of pixels per point: finite and greater than 0,
    ///     and for a raster canvas equal to its scale. `nil` means the
    ///     canvas's own scale: the raster scale, or 1 for a recording.
    /// - Returns: An image of `ceil(width * scale)` x `ceil(height * scale)` pixels.
    /// - Throws: ``CanvasError`` when the scale is out of range or differs
    ///   from a raster canvas's scale, or cairo cannot render the image.
    public func rasterImage(scale: Double? = nil) throws(CanvasError) -> RasterImage {
        let failure = { (problem: String) in CanvasError(message: "cannot render image: \(problem)") }
        let surface = try renderImage(scale: outputScale(scale, failure: failure), failure: failure)
        defer { cairo_surface_destroy(surface) }
        return try RasterImage(surface: surface) { (status: CairoStatus) in
            CanvasError(message: "cannot render image: \(status)", status: status)
        }
    }

    /// The scale to write at: `requested`, checked, or the canvas's own scale.
    ///
    /// - Parameters:
    ///   - requested: The scale a caller passed, or `nil` for the canvas's own.
    ///   - failure: Makes the error for a problem description.
    private func outputScale(
        _ requested: Double?, failure: (String) -> CanvasError
    ) throws(CanvasError) -> Double {
        guard let requested else { return deviceScale }
        guard requested.isFinite, requested > 0 else {
            throw failure("invalid scale \(requested); it must be finite and greater than 0")
        }
        if case .raster(let rasterScale) = backing, requested != rasterScale {
            throw failure(
                "scale \(requested) differs from the raster canvas's scale \(rasterScale); "
                    + "omit the scale, or create the canvas with the recording backing to write at any scale")
        }
        return requested
    }

    /// Paints the background and the drawing into a new ARGB32 image surface,
    /// which the caller destroys.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point; already checked by ``outputScale(_:failure:)``.
    ///   - failure: Makes the error for a problem description.
    private func renderImage(
        scale: Double, failure: (String) -> CanvasError
    ) throws(CanvasError) -> OpaquePointer {
        let pixelWidth = (width * scale).rounded(.up)
        let pixelHeight = (height * scale).rounded(.up)
        guard Self.isValidDimension(pixelWidth), Self.isValidDimension(pixelHeight) else {
            throw failure(
                "image of \(Self.describePixels(pixelWidth)) x \(Self.describePixels(pixelHeight)) pixels "
                    + "at scale \(scale) is larger than \(Int(Self.maximumDimension)) pixels a side")
        }
        let surface: OpaquePointer = cairo_image_surface_create(
            CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
        if let status = replay(onto: surface, scale: scale) ?? CairoStatus.check(cairo_surface_status(surface)) {
            cairo_surface_destroy(surface)
            throw failure("\(status)")
        }
        cairo_surface_flush(surface)
        return surface
    }

}

extension Canvas {
    /// The raster surface's pixels as cairo holds them (premultiplied ARGB32,
    /// one `UInt32` per pixel, row by row), for comparing drawings exactly;
    /// empty for a recording canvas.
    package func surfacePixels() -> [UInt32] {
        guard backing != .recording else { return [] }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for row in 0..<height {
            let line = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            pixels.append(contentsOf: UnsafeBufferPointer(start: line, count: width))
        }
        return pixels
    }
}
