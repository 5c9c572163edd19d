// Images: the host's easel.image.v1 extension as a Swift class, UIImage-style.

import EaselABI

/// Why an image could not be loaded: the host's message, naming the file.
public struct ImageError: Error, Sendable, CustomStringConvertible {
    /// E.g. `cannot read /res/arrow.png: corrupt PNG image: …`.
    public let message: String
    public var description: String { message }
}

/// A PNG, JPEG, WebP, GIF or SVG image decoded by the host (`easel.image.v1`), as `UIImage(contentsOfFile:)`.
///
/// A name ending in `@2x` or `@3x` before the extension makes the image 2 or
/// 3 pixels a point. Create images in methods (the extension is not there
/// while the plugin only describes itself, in the scanner). The host's copy
/// is released when the last reference goes.
public final class Image {
    /// The host's handle.
    let handle: OpaquePointer

    /// The host's table, or nil when the host lacks the extension.
    static var api: easel_image_api_v1? {
        guard Host.table != nil, let raw = Host.api.get_extension?(EASEL_IMAGE_EXTENSION_V1) else { return nil }
        // Only the host's struct_size bytes are read: slots it does not have stay NULL.
        let size = Int(raw.load(fromByteOffset: 4, as: UInt32.self))
        guard size >= Int(EASEL_IMAGE_API_V1_SIZE) else { return nil }
        var table = easel_image_api_v1()
        withUnsafeMutableBytes(of: &table) { mine in
            mine.copyMemory(from: UnsafeRawBufferPointer(start: raw, count: min(size, mine.count)))
        }
        return table
    }

    /// Whether the host can load images (`easel.image.v1`).
    public static var isAvailable: Bool { api != nil }

    /// Loads an image file.
    ///
    /// - Throws: ``ImageError`` with the host's message naming the file, or
    ///   saying that the host has no image extension.
    public init(contentsOfFile path: String) throws(ImageError) {
        guard let api = Self.api, let load = api.load_image else {
            throw ImageError(message: "cannot read \(path): this host has no \(EASEL_IMAGE_EXTENSION_V1) extension")
        }
        var handle: OpaquePointer?
        var message = [CChar](repeating: 0, count: 512)
        let status = load(path, &handle, &message, UInt32(message.count))
        guard status == 0, let handle else {
            throw ImageError(message: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.handle = handle
    }

    /// Loads an image by name from the plugin's resource folder, then the
    /// scene's image folders, as `UIImage(named:in:compatibleWith:)` with the
    /// plugin's bundle.
    ///
    /// `owner` is any object of this plugin, usually `self` in a method: the
    /// host looks in the resource folders of the plugin that defines its
    /// class (`<dir>/<Name>.resources/` beside `lib<Name>.so`, or SwiftPM's
    /// `<Package>_<Name>.resources/` bundle of a plugin built by SwiftPM). A
    /// name without an extension tries png, jpg, jpeg, webp, gif and svg, and
    /// the `@2x`/`@3x` variant is chosen by the render's scale.
    ///
    /// - Parameters:
    ///   - name: E.g. `"photo"`, `"icons/arrow"` or `"photo.jpg"`.
    ///   - owner: An object of this plugin.
    /// - Throws: ``ImageError`` naming the image and the folders searched, or
    ///   the file that could not be decoded.
    public init(named name: String, for owner: some ObjectHandle) throws(ImageError) {
        guard let named = Self.api?.image_named else {
            throw ImageError(message: "image_named: no image named '\(name)': this host has no image_named (easel.image.v1 too old)")
        }
        var handle: OpaquePointer?
        var message = [CChar](repeating: 0, count: 1024)
        let status = named(owner.object.pointer, name, &handle, &message, UInt32(message.count))
        guard status == 0, let handle else {
            throw ImageError(message: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.handle = handle
    }

    /// An image owning a handle the host just returned.
    init(handle: OpaquePointer) { self.handle = handle }

    deinit { Self.api?.release_image?(handle) }

    /// The size in points (pixels over ``scale``).
    public var size: Size { Self.api?.image_size?(handle) ?? Size(width: 0, height: 0) }

    /// Pixels per point: 2 for `@2x`, 3 for `@3x`, else 1.
    public var scale: Double { Self.api?.image_scale?(handle) ?? 0 }
}

extension Graphics {
    /// Draws an image scaled into a rect, under the transform, clip and alpha (`UIImage.draw(in:)`).
    public func draw(_ image: Image, in rect: Rect) {
        withExtendedLifetime(image) { Image.api?.draw_image?(context, image.handle, rect) }
    }

    /// Draws part of an image (in its points, from its top left) scaled into a rect,
    /// as `CGImageCreateWithImageInRect` and then drawing it.
    public func draw(_ image: Image, part: Rect, in rect: Rect) {
        withExtendedLifetime(image) { Image.api?.draw_image_part?(context, image.handle, part, rect) }
    }
}

/// How images are sampled when scaled, as `CGInterpolationQuality` (same numbers).
///
/// An open struct, so that a value from a newer host still reads.
public struct InterpolationQuality: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The host's choice (cairo's "good").
    public static let `default` = InterpolationQuality(rawValue: Int32(EASEL_INTERPOLATION_DEFAULT))
    /// The nearest pixel: hard pixel edges, for pixel art.
    public static let none = InterpolationQuality(rawValue: Int32(EASEL_INTERPOLATION_NONE))
    /// Bilinear.
    public static let low = InterpolationQuality(rawValue: Int32(EASEL_INTERPOLATION_LOW))
    /// cairo's "good".
    public static let medium = InterpolationQuality(rawValue: Int32(EASEL_INTERPOLATION_MEDIUM))
    /// cairo's "best".
    public static let high = InterpolationQuality(rawValue: Int32(EASEL_INTERPOLATION_HIGH))
}

extension Image {
    /// An image from pixels in memory, as `CGImage(width:height:…)` with
    /// premultiplied BGRA (`premultipliedFirst | byteOrder32Little`: cairo's
    /// ARGB32 in native byte order). The bytes are copied.
    ///
    /// - Parameters:
    ///   - pixels: `height` rows of `bytesPerRow` bytes, each starting with `width` pixels of 4 bytes.
    ///   - width: Pixels a row, 1 to 32767.
    ///   - height: Rows, 1 to 32767.
    ///   - bytesPerRow: At least `width * 4`.
    ///   - scale: Pixels per point, greater than 0 and at most 16.
    /// - Throws: ``ImageError`` with the host's message (a bad stride, size or scale, or a buffer too small).
    public convenience init(pixels: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
                            scale: Double = 1) throws(ImageError) {
        guard let make = Self.api?.image_from_pixels else {
            throw ImageError(message: "image_from_pixels: this host has no image_from_pixels (easel.image.v1 too old)")
        }
        guard width >= 0, height >= 0, bytesPerRow >= 0, width <= Int(UInt32.max), height <= Int(UInt32.max),
              bytesPerRow <= Int(UInt32.max) else {
            throw ImageError(message: "image_from_pixels: \(width) x \(height) pixels, \(bytesPerRow) bytes a row, is out of range")
        }
        // The host reads `height` rows of `bytesPerRow` (the last only `width * 4`): the buffer must hold them.
        let rows = max(height - 1, 0).multipliedReportingOverflow(by: bytesPerRow)
        let needed = rows.partialValue.addingReportingOverflow(height == 0 ? 0 : width * 4)
        guard !rows.overflow, !needed.overflow, pixels.count >= needed.partialValue else {
            throw ImageError(message: "image_from_pixels: the buffer has \(pixels.count) bytes, fewer than \(width) x \(height) pixels at \(bytesPerRow) bytes a row need")
        }
        var handle: OpaquePointer?
        var message = [CChar](repeating: 0, count: 512)
        let status = make(pixels.baseAddress, UInt32(width), UInt32(height), UInt32(bytesPerRow), scale, &handle, &message,
                          UInt32(message.count))
        guard status == 0, let handle else {
            throw ImageError(message: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.init(handle: handle)
    }
}

/// An offscreen bitmap to draw an image with, as `UIGraphicsImageRenderer`.
///
/// ```swift
/// let renderer = ImageRenderer(size: Size(width: 40, height: 40), scale: 2)
/// let badge = try renderer.image { g in
///     g.setFillColor(Color(red: 1, green: 0, blue: 0, alpha: 1))
///     g.addEllipse(in: Rect(x: 0, y: 0, width: 40, height: 40))
///     g.fillPath()
/// }
/// ```
public struct ImageRenderer: Sendable {
    /// The size in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    /// Whether the bitmap has no alpha (what is not drawn is black).
    public let opaque: Bool

    /// A renderer of images `size` points at `scale` pixels a point.
    public init(size: Size, scale: Double = 1, opaque: Bool = false) {
        self.size = size
        self.scale = scale
        self.opaque = opaque
    }

    /// Draws with `actions` into a new bitmap context (every drawing method
    /// works on it: paint, text, images) and returns what it holds as an image.
    ///
    /// - Throws: ``ImageError`` with the host's message (a bad size or scale,
    ///   a context left in error by the drawing), or what `actions` throws.
    public func image(_ actions: (Graphics) throws -> Void) throws -> Image {
        guard let api = Image.api, let create = api.bitmap_context_create, let snapshot = api.image_from_bitmap_context,
              let release = api.bitmap_context_release else {
            throw ImageError(message: "bitmap_context_create: this host has no bitmap contexts (easel.image.v1 too old)")
        }
        var context: OpaquePointer?
        var message = [CChar](repeating: 0, count: 512)
        func text() -> String { String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        guard create(size, scale, opaque ? 1 : 0, &context, &message, UInt32(message.count)) == 0, let context else {
            throw ImageError(message: text())
        }
        defer { release(context) }
        let graphics = Graphics(context: context)
        // A save around the drawing: its restore composites anything drawn under a clip mask.
        try graphics.withSavedState { try actions(graphics) }
        var handle: OpaquePointer?
        guard snapshot(context, &handle, &message, UInt32(message.count)) == 0, let handle else { throw ImageError(message: text()) }
        return Image(handle: handle)
    }
}

extension Graphics {
    /// How images are sampled when scaled (`CGContext.interpolationQuality`); part of the saved state.
    public var interpolationQuality: InterpolationQuality {
        InterpolationQuality(rawValue: Image.api?.interpolation_quality?(context) ?? 0)
    }

    /// Sets how images are sampled when scaled; `.none` takes the nearest pixel.
    public func setInterpolationQuality(_ quality: InterpolationQuality) {
        Image.api?.set_interpolation_quality?(context, quality.rawValue)
    }

    /// Fills `rect` with the image repeated from `tile` (`CGContext.draw(_:in:byTiling: true)`,
    /// within a rect): a tile at the origin puts the pattern's phase at the user-space origin.
    public func drawTiled(_ image: Image, tile: Rect, in rect: Rect) {
        withExtendedLifetime(image) { Image.api?.draw_tiled_image?(context, image.handle, tile, rect) }
    }

    /// Clips later drawing to the image's alpha placed in `rect` (`CGContext.clip(to:mask:)`),
    /// intersected with the clip, until the state is restored. An image with no transparent
    /// pixel (a greyscale mask) masks by its luminance: white shows, black hides.
    public func clip(toMask image: Image, in rect: Rect) {
        withExtendedLifetime(image) { Image.api?.clip_to_image_mask?(context, image.handle, rect) }
    }
}
