import CImageCodec

extension ImageEncoding {
    /// Encodes a rectangle of a larger image in memory: rows of 32-bit premultiplied
    /// ARGB pixels in native byte order (cairo's `CAIRO_FORMAT_ARGB32`), read in place.
    ///
    /// `easel preview` sends the changed tiles of a frame this way.
    ///
    /// - Parameters:
    ///   - pixels: The first pixel of the whole image.
    ///   - bytesPerRow: Bytes from one row of the whole image to the next.
    ///   - x: The rectangle's left column.
    ///   - y: The rectangle's top row.
    ///   - width: Its width in pixels, at least 1.
    ///   - height: Its height in pixels, at least 1.
    /// - Returns: The file's bytes (PNG, JPEG or WebP, as ``format`` says).
    /// - Throws: ``CanvasError`` when the quality is out of range or the encoder fails.
    public func encode(pixels: UnsafeRawPointer, bytesPerRow: Int, x: Int, y: Int, width: Int,
                       height: Int) throws(CanvasError) -> [UInt8] {
        guard width > 0, height > 0, x >= 0, y >= 0, width * 4 <= bytesPerRow else {
            throw CanvasError(message: "cannot encode a \(width) x \(height) tile at \(x), \(y) of rows of \(bytesPerRow) bytes")
        }
        guard (1...100).contains(quality) else {
            throw CanvasError(message: "quality \(quality) is out of range; it must be between 1 and 100")
        }
        let first = (pixels + y * bytesPerRow + x * 4).assumingMemoryBound(to: UInt8.self)
        var image = easel_image_pixels(data: first, width: Int32(width),
                                       height: Int32(height), stride: Int32(bytesPerRow), has_alpha: 1)
        return try encode(&image) { CanvasError(message: "cannot encode \(format.displayName): \($0)") }
    }
}
