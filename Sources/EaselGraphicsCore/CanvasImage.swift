import CCairo
import CImageCodec
import EaselABI
#if canImport(Glibc)
import Glibc
#endif

/// A decoded PNG, JPEG, WebP, GIF (its first frame) or SVG image, ready to draw on a ``Canvas``.
///
/// The pixels are held as a cairo image surface (premultiplied ARGB32). The
/// image's size is in points: its pixels divided by its ``scale``, which a
/// file name says with `@2x` or `@3x` just before the extension
/// (`arrow@2x.png` is 2 pixels a point), as UIKit reads it; otherwise 1. An
/// SVG is rendered once (librsvg) at its own width and height in points, 2
/// pixels a point unless its name says `@3x` (or `@1x`).
///
/// A file that is missing, unreadable, not an image, corrupt (truncated, a
/// bad checksum) or too large is an error naming the file; nothing crashes.
public final class CanvasImage: @unchecked Sendable {
    /// The largest file read: 256 MB.
    public static let maximumFileSize = 256 * 1024 * 1024

    /// The cairo image surface; read only, never drawn into.
    package let surface: OpaquePointer
    /// The width in pixels.
    public let pixelWidth: Int
    /// The height in pixels.
    public let pixelHeight: Int
    /// Pixels per point: 2 for a `@2x` file, 3 for `@3x`, else 1.
    public let scale: Double
    /// Where an image's pixels came from: an image file's format, or pixels drawn or given.
    public enum Format: String, Sendable, CaseIterable {
        case png, jpeg, webp, gif, svg
        /// Pixels a plugin supplied, or a bitmap context drew (not decoded from a file).
        case pixels
    }

    /// The file's format (from its first bytes), or ``Format/pixels``.
    public let format: Format

    /// The width in points.
    public var width: Double { Double(pixelWidth) / scale }
    /// The height in points.
    public var height: Double { Double(pixelHeight) / scale }

    /// Reads and decodes an image file.
    ///
    /// - Parameter path: A PNG, JPEG, WebP, GIF or SVG file (told apart by its contents).
    /// - Throws: ``CanvasError`` `cannot read <path>: <reason>`: the system's
    ///   reason, `not a PNG, JPEG, WebP, GIF or SVG image`, `corrupt PNG image: <libspng's reason>`,
    ///   `corrupt JPEG image: …`, `corrupt WebP image: …`, `corrupt GIF image: …`,
    ///   `corrupt SVG image: …`, or the size limit.
    public convenience init(contentsOf path: String) throws(CanvasError) {
        try self.init(contentsOf: path, defaultSVGScale: 2)
    }

    /// Reads and decodes an image file, rendering an SVG whose name says no scale at `defaultSVGScale`.
    ///
    /// - Parameters:
    ///   - path: A PNG, JPEG, WebP, GIF or SVG file (told apart by its contents).
    ///   - defaultSVGScale: Pixels per point of an SVG without `@1x`, `@2x` or `@3x` in its name.
    /// - Throws: ``CanvasError`` as ``init(contentsOf:)``.
    package convenience init(contentsOf path: String, defaultSVGScale: Double) throws(CanvasError) {
        let bytes = try Self.readFile(path).bytes
        try self.init(file: path, bytes: bytes, defaultSVGScale: defaultSVGScale)
    }

    /// Decodes the bytes read from `path`, with the scale its name says.
    package convenience init(file path: String, bytes: [UInt8], defaultSVGScale: Double) throws(CanvasError) {
        let named = Self.namedScale(path)
        try self.init(data: bytes, scale: named ?? 1, svgScale: named ?? defaultSVGScale) {
            (problem: String) in .cannotRead(path, problem)
        }
    }

    /// Decodes an image file's contents.
    ///
    /// - Parameters:
    ///   - data: The contents of a PNG, JPEG, WebP, GIF or SVG file.
    ///   - scale: Pixels per point, greater than 0 and at most 16 (an SVG is rendered at it).
    /// - Throws: ``CanvasError`` `cannot decode image: <reason>`.
    public convenience init(data: [UInt8], scale: Double = 1) throws(CanvasError) {
        try self.init(data: data, scale: scale, svgScale: scale) { (problem: String) in
            CanvasError(message: "cannot decode image: \(problem)")
        }
    }

    /// - Parameter svgScale: The scale an SVG is rendered at (and then has).
    private init(data: [UInt8], scale requested: Double, svgScale: Double, failure: (String) -> CanvasError) throws(CanvasError) {
        guard requested.isFinite, requested > 0, requested <= 16, svgScale.isFinite, svgScale > 0, svgScale <= 16 else {
            throw failure("invalid scale \(requested); it must be greater than 0 and at most 16")
        }
        var decoded = easel_decoded_image()
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBufferPointer { buffer in
            easel_decode_image(buffer.baseAddress, buffer.count, svgScale, &decoded, &message, message.count)
        }
        let scale = decoded.format == EASEL_IMAGE_FORMAT_SVG ? svgScale : requested
        guard status == 0, let pixels = decoded.pixels else {
            throw failure(String(codecMessage: message))
        }
        defer { free(pixels) }
        let surface: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, decoded.width, decoded.height)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(surface) else {
            let status = CairoStatus.check(cairo_surface_status(surface))
            cairo_surface_destroy(surface)
            throw failure(status.map { "\($0)" } ?? "cairo cannot hold the image")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let rowBytes = Int(decoded.width) * 4
        for row in 0..<Int(decoded.height) {
            memcpy(target + row * stride, UnsafeRawPointer(pixels) + row * rowBytes, rowBytes)
        }
        cairo_surface_mark_dirty(surface)
        self.surface = surface
        self.pixelWidth = Int(decoded.width)
        self.pixelHeight = Int(decoded.height)
        self.scale = scale
        self.format = switch decoded.format {
        case EASEL_IMAGE_FORMAT_JPEG: .jpeg
        case EASEL_IMAGE_FORMAT_WEBP: .webp
        case EASEL_IMAGE_FORMAT_GIF: .gif
        case EASEL_IMAGE_FORMAT_SVG: .svg
        default: .png
        }
    }

    /// The largest side of an image made from pixels, in pixels (cairo's limit).
    public static let maximumPixelSide = 32767

    /// Copies premultiplied BGRA pixels (cairo's ARGB32 in native byte order,
    /// CGImage's `premultipliedFirst | byteOrder32Little` on little-endian machines).
    ///
    /// - Parameters:
    ///   - pixels: `height` rows of `stride` bytes, each starting with `width` pixels of 4 bytes.
    ///   - width: Pixels a row, 1 to ``maximumPixelSide``.
    ///   - height: Rows, 1 to ``maximumPixelSide``.
    ///   - stride: Bytes from one row to the next: at least `width * 4`.
    ///   - scale: Pixels per point, greater than 0 and at most 16.
    /// - Throws: ``CanvasError`` `image_from_pixels: …` for a size, stride or scale out of range
    ///   (nothing is read then), or memory that cairo cannot get.
    public convenience init(pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, scale: Double) throws(CanvasError) {
        func refuse(_ problem: String) -> CanvasError { CanvasError(message: "image_from_pixels: \(problem)", operation: "image_from_pixels") }
        guard (1...Self.maximumPixelSide).contains(width), (1...Self.maximumPixelSide).contains(height) else {
            throw refuse("\(width) x \(height) pixels; a side must be 1 to \(Self.maximumPixelSide) pixels")
        }
        guard stride >= width * 4 else { throw refuse("stride \(stride) is less than width x 4 = \(width * 4) bytes") }
        guard stride <= Self.maximumFileSize, stride * height <= Self.maximumFileSize else {
            throw refuse("stride \(stride) x \(height) rows is more than \(Self.maximumFileSize / (1024 * 1024)) MB")
        }
        guard scale.isFinite, scale > 0, scale <= 16 else { throw refuse("invalid scale \(scale); it must be greater than 0 and at most 16") }
        let surface: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(surface) else {
            let status = CairoStatus.check(cairo_surface_status(surface))
            cairo_surface_destroy(surface)
            throw refuse(status.map { "\($0)" } ?? "cairo cannot hold the image")
        }
        let targetStride = Int(cairo_image_surface_get_stride(surface))
        for row in 0..<height {
            memcpy(target + row * targetStride, pixels + row * stride, width * 4)
        }
        cairo_surface_mark_dirty(surface)
        self.init(surface: surface, scale: scale, format: .pixels)
    }

    /// An image holding a copy of an image surface's pixels (a bitmap context's).
    ///
    /// - Parameters:
    ///   - source: An ARGB32 image surface (`cairo_surface_t *`); flushed, not changed.
    ///   - scale: Pixels per point.
    ///   - opaque: Whether to put the pixels over black, as an opaque bitmap has no alpha.
    package convenience init(copying source: OpaquePointer, scale: Double, opaque: Bool) throws(CanvasError) {
        cairo_surface_flush(source)
        let width = cairo_image_surface_get_width(source), height = cairo_image_surface_get_height(source)
        let surface: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(surface),
              let pixels = cairo_image_surface_get_data(source) else {
            let status = CairoStatus.check(cairo_surface_status(surface)) ?? CairoStatus.check(cairo_surface_status(source))
            cairo_surface_destroy(surface)
            throw CanvasError(message: "image_from_bitmap_context: " + (status.map { "\($0)" } ?? "cairo cannot hold the image"))
        }
        // The pixels as they are (a copy of the surface drawn with cairo would apply its device scale).
        let stride = Int(cairo_image_surface_get_stride(source)), targetStride = Int(cairo_image_surface_get_stride(surface))
        for row in 0..<Int(height) {
            memcpy(target + row * targetStride, pixels + row * stride, Int(width) * 4)
        }
        cairo_surface_mark_dirty(surface)
        if opaque {
            // No alpha: what was not drawn is black, what was drawn lies over black.
            let cr: OpaquePointer = cairo_create(surface)
            cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OVER)
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
        }
        self.init(surface: surface, scale: scale, format: .pixels)
    }

    /// An image over a surface it now owns.
    private init(surface: OpaquePointer, scale: Double, format: Format) {
        self.surface = surface
        self.pixelWidth = Int(cairo_image_surface_get_width(surface))
        self.pixelHeight = Int(cairo_image_surface_get_height(surface))
        self.scale = scale
        self.format = format
    }

    deinit { cairo_surface_destroy(surface) }

    /// The scale a file name says: 2 for `name@2x.png`, 3 for `name@3x.png`, else 1.
    public static func scale(ofFileNamed path: String) -> Double { namedScale(path) ?? 1 }

    /// The scale a name ends in (`@1x`, `@2x`, `@3x` before the extension), if any.
    private static func namedScale(_ path: String) -> Double? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        let stem = name.lastIndex(of: ".").map { name[..<$0] } ?? name[...]
        for scale in 1...3 where stem.hasSuffix("@\(scale)x") { return Double(scale) }
        return nil
    }

    /// The identity of a file's contents as the system sees them: device,
    /// inode, size and modification time (the image cache's key).
    package struct FileIdentity: Hashable, Sendable {
        package var device: UInt64
        package var inode: UInt64
        package var size: Int64
        package var modifiedSeconds: Int64
        package var modifiedNanoseconds: Int64

        package init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modifiedSeconds = Int64(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
        }

        /// The identity of the file at `path` now (following symbolic links); nil when it cannot be stat()ed.
        package init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            self.init(info)
        }
    }

    /// Opens `path` for reading without blocking (a FIFO never hangs the
    /// host) and checks that it is a regular file of at most ``maximumFileSize`` bytes.
    ///
    /// - Returns: The open descriptor (the caller closes it) and the file's identity.
    package static func openFile(_ path: String) throws(CanvasError) -> (descriptor: Int32, identity: FileIdentity) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotRead(path, String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .cannotRead(path, reason)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .cannotRead(path, "not a regular file")
        }
        guard info.st_size <= maximumFileSize else {
            close(descriptor)
            throw .cannotRead(path, "the file is larger than \(maximumFileSize / (1024 * 1024)) MB")
        }
        return (descriptor, FileIdentity(info))
    }

    /// Reads what remains of an open file, at most ``maximumFileSize`` bytes.
    package static func readAll(_ descriptor: Int32, path: String) throws(CanvasError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path, String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maximumFileSize {
                throw .cannotRead(path, "the file is larger than \(maximumFileSize / (1024 * 1024)) MB")
            }
        }
    }

    /// The bytes of a regular file of at most ``maximumFileSize`` bytes, and its identity.
    package static func readFile(_ path: String) throws(CanvasError) -> (bytes: [UInt8], identity: FileIdentity) {
        let (descriptor, identity) = try openFile(path)
        defer { close(descriptor) }
        return (try readAll(descriptor, path: path), identity)
    }
}
