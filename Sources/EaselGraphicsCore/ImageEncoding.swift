import CCairo
import CImageCodec
#if canImport(Glibc)
import Glibc
#endif

/// How a raster image is encoded: the file format and, per format, its
/// compression (PNG) or quality (JPEG, WebP).
///
/// PNG is encoded with libspng, JPEG with libjpeg-turbo, WebP with libwebp.
/// A PNG decodes to exactly the pixels cairo's own PNG writer would give
/// (colours un-premultiplied with cairo's rounding).
public struct ImageEncoding: Sendable, Equatable {
    /// A raster file format.
    public enum Format: String, Sendable, CaseIterable {
        case png, jpeg, webp

        /// The format's name in messages: `PNG`, `JPEG`, `WebP`.
        public var displayName: String {
            switch self {
            case .png: "PNG"
            case .jpeg: "JPEG"
            case .webp: "WebP"
            }
        }

        /// The raster format named by the extension of `path`, case-insensitively:
        /// `.png`, `.jpg` or `.jpeg`, `.webp`; `nil` for any other.
        public init?(path: String) {
            switch Self.pathExtension(path) {
            case "png": self = .png
            case "jpg", "jpeg": self = .jpeg
            case "webp": self = .webp
            default: return nil
            }
        }

        /// The lowercased extension of the last component of `path`, without
        /// its dot; `nil` for none (a name like `.png` alone is all name).
        public static func pathExtension(_ path: String) -> String? {
            let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
            return name[name.index(after: dot)...].lowercased()
        }
    }

    /// How hard the PNG encoder tries.
    ///
    /// - `fast`: zlib level 1, no row filters.
    /// - `default`: zlib level 3, no row filters; under a quarter of the time
    ///   `cairo_surface_write_to_png` takes, for files about 40% larger
    ///   than its (it uses level 6 and adaptive filters).
    /// - `best`: zlib level 9, the smaller of no row filters and adaptive ones.
    public enum Compression: String, Sendable, CaseIterable {
        case fast, `default`, best
    }

    /// The quality JPEG and WebP use unless told: 90.
    public static let defaultQuality = 90

    /// A PNG at the default compression.
    public static let png = ImageEncoding()

    /// The file format.
    public var format: Format
    /// The PNG compression; ignored by JPEG and WebP.
    public var compression: Compression
    /// The JPEG or WebP quality, 1 to 100 (WebP at 100 is lossless); ignored by PNG.
    public var quality: Int

    /// Creates an encoding.
    ///
    /// - Parameters:
    ///   - format: The file format.
    ///   - compression: The PNG compression.
    ///   - quality: The JPEG or WebP quality, 1 to 100.
    public init(format: Format = .png, compression: Compression = .default, quality: Int = ImageEncoding.defaultQuality) {
        self.format = format
        self.compression = compression
        self.quality = quality
    }

    /// Encodes an image surface (ARGB32 or RGB24).
    ///
    /// - Parameters:
    ///   - surface: A flushed `cairo_surface_t *` image surface.
    ///   - failure: Makes the error for a problem description.
    /// - Returns: The file's bytes.
    package func encode(_ surface: OpaquePointer, failure: (String) -> CanvasError) throws(CanvasError) -> [UInt8] {
        guard (1...100).contains(quality) else {
            throw failure("quality \(quality) is out of range; it must be between 1 and 100")
        }
        var pixels = try Self.pixels(of: surface, failure: failure)
        return try encode(&pixels, failure: failure)
    }

    /// The codec's view of an ARGB32 or RGB24 image surface's pixels.
    private static func pixels(
        of surface: OpaquePointer, failure: (String) -> CanvasError
    ) throws(CanvasError) -> easel_image_pixels {
        let surfaceFormat = cairo_image_surface_get_format(surface)
        guard surfaceFormat == CAIRO_FORMAT_ARGB32 || surfaceFormat == CAIRO_FORMAT_RGB24,
              let data = cairo_image_surface_get_data(surface) else {
            throw failure("the image is not 32 bits a pixel")
        }
        return easel_image_pixels(
            data: data, width: cairo_image_surface_get_width(surface), height: cairo_image_surface_get_height(surface),
            stride: cairo_image_surface_get_stride(surface), has_alpha: surfaceFormat == CAIRO_FORMAT_ARGB32 ? 1 : 0)
    }

    /// The codec's PNG compression for ``compression``.
    private var pngLevel: easel_png_compression {
        switch compression {
        case .fast: EASEL_PNG_COMPRESSION_FAST
        case .default: EASEL_PNG_COMPRESSION_DEFAULT
        case .best: EASEL_PNG_COMPRESSION_BEST
        }
    }

    /// Runs one codec call, handing it where to put the file's bytes, their
    /// length and a message: the bytes as an array (freed), or the message as
    /// the error when the call does not return 0.
    private static func encoded(
        failure: (String) -> CanvasError,
        _ call: (inout UnsafeMutablePointer<UInt8>?, inout Int, inout [CChar]) -> Int32
    ) throws(CanvasError) -> [UInt8] {
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = call(&bytes, &length, &message)
        guard status == 0, let bytes else { throw failure(String(codecMessage: message)) }
        defer { free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// Encodes an image surface (ARGB32 or RGB24) as a PNG over a background
    /// colour, as if the surface had been painted over a surface filled with
    /// `background` first (cairo's OVER, pixman's rounding), without making
    /// that surface.
    ///
    /// - Parameters:
    ///   - surface: A flushed `cairo_surface_t *` image surface.
    ///   - background: The background as one premultiplied ARGB32 pixel, as cairo paints it.
    ///   - failure: Makes the error for a problem description.
    /// - Returns: The file's bytes, whatever ``format`` says.
    package func encodePNG(
        _ surface: OpaquePointer, over background: UInt32, failure: (String) -> CanvasError
    ) throws(CanvasError) -> [UInt8] {
        var pixels = try Self.pixels(of: surface, failure: failure)
        let level = Int32(pngLevel.rawValue)
        return try Self.encoded(failure: failure) { bytes, length, message in
            easel_encode_png_over(&pixels, background, level, &bytes, &length, &message, message.count)
        }
    }

    /// Encodes pixels the codec reads in place in this format, compression and quality.
    ///
    /// - Parameters:
    ///   - pixels: The pixels, their size, stride and whether alpha counts.
    ///   - failure: Makes the error for the codec's problem description.
    /// - Returns: The file's bytes.
    func encode(_ pixels: inout easel_image_pixels, failure: (String) -> CanvasError) throws(CanvasError) -> [UInt8] {
        let codecFormat = switch format {
        case .png: EASEL_IMAGE_FORMAT_PNG
        case .jpeg: EASEL_IMAGE_FORMAT_JPEG
        case .webp: EASEL_IMAGE_FORMAT_WEBP
        }
        let level = Int32(pngLevel.rawValue), quality = Int32(quality)
        return try Self.encoded(failure: failure) { bytes, length, message in
            easel_encode_image(&pixels, codecFormat, level, quality, &bytes, &length, &message, message.count)
        }
    }
}
