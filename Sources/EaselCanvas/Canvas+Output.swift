import CCairo
import EaselABI

extension Canvas {
    /// The file formats a canvas can be written as.
    enum OutputFormat {
        case png, svg, pdf

        /// The extensions ``Canvas/write(to:scale:)`` accepts, for error messages.
        static let supportedExtensions = ".png, .svg, .pdf"

        /// The format named by the extension of `path`, case-insensitively; `nil` for any other.
        init?(path: String) {
            let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
            switch name[name.index(after: dot)...].lowercased() {
            case "png": self = .png
            case "svg": self = .svg
            case "pdf": self = .pdf
            default: return nil
            }
        }
    }

    /// Writes the drawing to a PNG, SVG or PDF file.
    ///
    /// The format follows the extension of `path`: `.png`, `.svg` or `.pdf`,
    /// in any case. The background, if any, is painted first, then the
    /// recorded drawing is replayed at `scale`. A PNG is an ARGB image of
    /// `ceil(width * scale)` x `ceil(height * scale)` pixels; an SVG or a PDF
    /// page is `width * scale` x `height * scale` points, in vectors.
    ///
    /// Writing does not change the canvas, which can be drawn on and written
    /// again. Drawing ignored because of an error is simply absent.
    ///
    /// - Parameters:
    ///   - path: The file to create or replace.
    ///   - scale: The factor from points to output units (pixels for PNG):
    ///     finite and greater than 0.
    /// - Throws: ``CanvasError`` naming `path` when the extension is not
    ///   supported, the scale is out of range, or cairo cannot write the file
    ///   (with cairo's status).
    public func write(to path: String, scale: Double = 1) throws(CanvasError) {
        guard let format = OutputFormat(path: path) else {
            throw .cannotWrite(path, "unsupported file extension; use \(OutputFormat.supportedExtensions)")
        }
        guard scale.isFinite, scale > 0 else {
            throw .cannotWrite(path, "invalid scale \(scale); it must be finite and greater than 0")
        }
        let surface: OpaquePointer
        switch format {
        case .png:
            surface = try renderImage(scale: scale) { (problem: String) in .cannotWrite(path, problem) }
            defer { cairo_surface_destroy(surface) }
            if let status = CairoStatus.check(cairo_surface_write_to_png(surface, path)) {
                throw .cannotWrite(path, "\(status)", status: status)
            }
            return
        case .svg:
            surface = cairo_svg_surface_create(path, width * scale, height * scale)
        case .pdf:
            surface = cairo_pdf_surface_create(path, width * scale, height * scale)
        }
        defer { cairo_surface_destroy(surface) }
        let status = replay(onto: surface, scale: scale)
        cairo_surface_finish(surface)
        if let status = status ?? CairoStatus.check(cairo_surface_status(surface)) {
            throw .cannotWrite(path, "\(status)", status: status)
        }
    }

    /// Encodes the drawing as a PNG file in memory, e.g. for standard output.
    ///
    /// The image is what ``write(to:scale:)`` writes to a `.png` path.
    ///
    /// - Parameters:
    ///   - scale: The number of pixels per point: finite and greater than 0.
    /// - Returns: The bytes of the PNG file.
    /// - Throws: ``CanvasError`` when the scale is out of range or cairo
    ///   cannot render or encode the image.
    public func pngData(scale: Double = 1) throws(CanvasError) -> [UInt8] {
        guard scale.isFinite, scale > 0 else {
            throw CanvasError(message: "cannot encode PNG: invalid scale \(scale); it must be finite and greater than 0")
        }
        let surface = try renderImage(scale: scale) { (problem: String) in
            CanvasError(message: "cannot encode PNG: \(problem)")
        }
        defer { cairo_surface_destroy(surface) }
        return try encodePNG(surface) { (status: CairoStatus) in
            CanvasError(message: "cannot encode PNG: \(status)", status: status)
        }
    }

    /// Replays the drawing into a new ARGB32 image surface, which the caller destroys.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point; already checked to be finite and positive.
    ///   - failure: Makes the error for a problem description.
    private func renderImage(
        scale: Double, failure: (String) -> CanvasError
    ) throws(CanvasError) -> OpaquePointer {
        let pixelWidth = (width * scale).rounded(.up)
        let pixelHeight = (height * scale).rounded(.up)
        guard Self.isValidDimension(pixelWidth), Self.isValidDimension(pixelHeight) else {
            throw failure(
                "image of \(pixelWidth) x \(pixelHeight) pixels at scale \(scale) is larger than "
                    + "\(Int(Self.maximumDimension)) pixels a side")
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

    /// Paints the background and replays the recording onto `target`, scaled.
    ///
    /// - Returns: cairo's error status, or `nil` on success.
    private func replay(onto target: OpaquePointer, scale: Double) -> CairoStatus? {
        if let status = CairoStatus.check(cairo_surface_status(target)) {
            return status
        }
        cairo_surface_flush(recording)
        let output: OpaquePointer = cairo_create(target)
        defer { cairo_destroy(output) }
        if let background {
            cairo_set_source_rgba(output, background.red, background.green, background.blue, background.alpha)
            cairo_paint(output)
        }
        cairo_scale(output, scale, scale)
        cairo_set_source_surface(output, recording, 0, 0)
        cairo_paint(output)
        return CairoStatus.check(cairo_status(output))
    }
}
