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
