import CCairo

/// A colour of one pixel: 8-bit red, green, blue and alpha, not premultiplied.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0...255.
    public var r: UInt8
    /// Green, 0...255.
    public var g: UInt8
    /// Blue, 0...255.
    public var b: UInt8
    /// Alpha (opacity), 0...255.
    public var a: UInt8

    /// Creates a colour from its components.
    ///
    /// - Parameters:
    ///   - r: Red, 0...255.
    ///   - g: Green, 0...255.
    ///   - b: Blue, 0...255.
    ///   - a: Alpha, 0...255; 255 is opaque.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The colour as `rgba(r, g, b, a)`.
    public var description: String {
        "rgba(\(r), \(g), \(b), \(a))"
    }

    /// Whether every component differs from `other`'s by at most `tolerance`.
    ///
    /// Antialiasing and rounding move components by a few units; compare
    /// pixels with a small tolerance rather than exactly.
    ///
    /// - Parameters:
    ///   - other: The colour to compare with.
    ///   - tolerance: The largest difference allowed per component.
    /// - Returns: `true` when all four components are close.
    public func isClose(to other: RGBA, tolerance: Int) -> Bool {
        abs(Int(r) - Int(other.r)) <= tolerance && abs(Int(g) - Int(other.g)) <= tolerance
            && abs(Int(b) - Int(other.b)) <= tolerance && abs(Int(a) - Int(other.a)) <= tolerance
    }
}

/// A bitmap image in memory: rows of straight (not premultiplied) RGBA pixels.
///
/// Used to read back what a ``Canvas`` wrote and to compare it with golden
/// images. Pixel (0, 0) is the top-left corner.
public struct RasterImage: Hashable, Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// The pixels, row by row from the top, `width * height` of them.
    public let pixels: [RGBA]

    /// Creates an image from its pixels.
    ///
    /// - Parameters:
    ///   - width: The width in pixels, at least 0.
    ///   - height: The height in pixels, at least 0.
    ///   - pixels: `width * height` pixels, row by row from the top. A
    ///     different count is a programming error and traps.
    public init(width: Int, height: Int, pixels: [RGBA]) {
        precondition(
            width >= 0 && height >= 0 && pixels.count == width * height,
            "RasterImage: \(pixels.count) pixels for a \(width) x \(height) image")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Reads a PNG file.
    ///
    /// Any PNG that cairo reads is accepted (grey, palette, RGB, RGBA);
    /// pixels are converted to straight 8-bit RGBA.
    ///
    /// - Parameters:
    ///   - path: The file to read.
    /// - Throws: ``CanvasError`` naming `path`, with cairo's status, when the
    ///   file is missing or is not a PNG cairo can read.
    public init(contentsOfPNG path: String) throws(CanvasError) {
        let surface: OpaquePointer = cairo_image_surface_create_from_png(path)
        defer { cairo_surface_destroy(surface) }
        try self.init(surface: surface) { (status: CairoStatus) in .cannotRead(path, "\(status)", status: status) }
    }

    /// Decodes a PNG file held in memory.
    ///
    /// - Parameters:
    ///   - pngData: The contents of a PNG file.
    /// - Throws: ``CanvasError`` with cairo's status when the bytes are not a
    ///   PNG cairo can read.
    public init(pngData: [UInt8]) throws(CanvasError) {
        let surface = decodePNG(pngData)
        defer { cairo_surface_destroy(surface) }
        try self.init(surface: surface) { (status: CairoStatus) in
            CanvasError(message: "cannot decode PNG data (\(pngData.count) bytes): \(status)", status: status)
        }
    }

    /// Copies the pixels of a cairo image surface of any format.
    ///
    /// A surface of another format than ARGB32 is first painted onto an
    /// ARGB32 surface (which assumes it has no device scale), so that one
    /// conversion, premultiplied ARGB32 to straight RGBA, covers every format.
    ///
    /// - Parameters:
    ///   - surface: A `cairo_surface_t *` image surface, possibly in error.
    ///   - failure: Makes the error for cairo's status.
    package init(surface: OpaquePointer, failure: (CairoStatus) -> CanvasError) throws(CanvasError) {
        if let status = CairoStatus.check(cairo_surface_status(surface)) {
            throw failure(status)
        }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let argb: OpaquePointer
        if cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 {
            argb = cairo_surface_reference(surface)
        } else {
            argb = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
            let cr: OpaquePointer = cairo_create(argb)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_paint(cr)
            let status = CairoStatus.check(cairo_status(cr)) ?? CairoStatus.check(cairo_surface_status(argb))
            cairo_destroy(cr)
            if let status {
                cairo_surface_destroy(argb)
                throw failure(status)
            }
        }
        defer { cairo_surface_destroy(argb) }
        cairo_surface_flush(argb)

        var pixels: [RGBA] = []
        pixels.reserveCapacity(width * height)
        let stride = Int(cairo_image_surface_get_stride(argb))
        if let data = cairo_image_surface_get_data(argb) {
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    pixels.append(Self.unpremultiplied(row[x]))
                }
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The colour of the pixel at (x, y), counted from the top left.
    ///
    /// - Parameters:
    ///   - x: The column, `0..<width`.
    ///   - y: The row, `0..<height`.
    /// - Returns: The pixel. Coordinates outside the image are a programming
    ///   error and trap.
    public func pixel(x: Int, y: Int) -> RGBA {
        precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel (\(x), \(y)) outside \(width) x \(height)")
        return pixels[y * width + x]
    }

    /// Writes the image as a PNG file.
    ///
    /// - Parameters:
    ///   - path: The file to create or replace.
    /// - Throws: ``CanvasError`` naming `path`, with cairo's status, when the
    ///   image cannot be written.
    public func write(to path: String) throws(CanvasError) {
        let surface = try makeSurface { (status: CairoStatus) in .cannotWrite(path, "\(status)", status: status) }
        defer { cairo_surface_destroy(surface) }
        if let status = CairoStatus.check(cairo_surface_write_to_png(surface, path)) {
            throw .cannotWrite(path, "\(status)", status: status)
        }
    }

    /// Encodes the image as a PNG file in memory.
    ///
    /// - Returns: The bytes of the PNG file.
    /// - Throws: ``CanvasError`` with cairo's status when the image cannot be encoded.
    public func pngData() throws(CanvasError) -> [UInt8] {
        let failure = { (status: CairoStatus) in
            CanvasError(message: "cannot encode PNG: \(status)", status: status)
        }
        let surface = try makeSurface(failure: failure)
        defer { cairo_surface_destroy(surface) }
        return try encodePNG(surface, failure: failure)
    }

    /// A new ARGB32 image surface holding the pixels, which the caller destroys.
    private func makeSurface(failure: (CairoStatus) -> CanvasError) throws(CanvasError) -> OpaquePointer {
        let surface: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        if let status = CairoStatus.check(cairo_surface_status(surface)) {
            cairo_surface_destroy(surface)
            throw failure(status)
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        if let data = cairo_image_surface_get_data(surface) {
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    row[x] = Self.premultiplied(pixels[y * width + x])
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// A straight RGBA pixel from cairo's premultiplied, native-endian ARGB32.
    package static func unpremultiplied(_ argb: UInt32) -> RGBA {
        let a = argb >> 24
        guard a > 0 else { return RGBA(r: 0, g: 0, b: 0, a: 0) }
        func channel(_ shift: UInt32) -> UInt8 {
            let value = (argb >> shift) & 0xFF
            return UInt8(min(255, (value * 255 + a / 2) / a))
        }
        return RGBA(r: channel(16), g: channel(8), b: channel(0), a: UInt8(a))
    }

    /// cairo's premultiplied, native-endian ARGB32 for a straight RGBA pixel.
    package static func premultiplied(_ pixel: RGBA) -> UInt32 {
        let a = UInt32(pixel.a)
        func channel(_ value: UInt8) -> UInt32 {
            (UInt32(value) * a + 127) / 255
        }
        return a << 24 | channel(pixel.r) << 16 | channel(pixel.g) << 8 | channel(pixel.b)
    }
}
