import EaselCanvas
import EaselGraphicsCore
import EaselABI
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

extension CanvasImage {
    /// The images plugins hold, by handle: each handle a slot token of its
    /// own (``HandleTable``), never the image's address, so that a released
    /// handle stays dead when another image is made at the same address, and
    /// releasing one handle twice cannot release another holder's (the cache
    /// hands the same image to every load of an unchanged file).
    private static let handles = Mutex(HandleTable<CanvasImage>())

    /// The image behind a plugin's handle, or nil for NULL and unknown handles.
    package static func resolve(_ handle: OpaquePointer?) -> CanvasImage? {
        guard let handle else { return nil }
        return handles.withLock { $0.object(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))) }
    }

    /// A new handle for `image`, which it keeps alive until ``release(_:)``
    /// (NULL when no slot is left).
    package static func handle(for image: CanvasImage) -> OpaquePointer? {
        handles.withLock { $0.insert(image) }.flatMap { OpaquePointer(bitPattern: $0) }
    }

    /// Releases a handle from ``handle(for:)``; unknown handles are ignored.
    static func release(_ handle: OpaquePointer?) {
        guard let handle else { return }
        let image = handles.withLock { $0.remove(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))) }
        withExtendedLifetime(image) {}   // (the last reference may go here, outside the lock)
    }

    /// Writes `text` into a plugin's message buffer (NUL-terminated, cut to
    /// `size` bytes; nothing for NULL) and returns -1.
    static func fail(_ text: String, _ message: UnsafeMutablePointer<CChar>?, _ size: UInt32) -> Int32 {
        if let message, size > 0 {
            let bytes = Array(text.utf8.prefix(Int(size) - 1))
            bytes.withUnsafeBytes { buffer in
                if let base = buffer.baseAddress { UnsafeMutableRawPointer(message).copyMemory(from: base, byteCount: buffer.count) }
            }
            message[bytes.count] = 0
        }
        return -1
    }

    /// Empties a plugin's message buffer after a success.
    static func succeed(_ message: UnsafeMutablePointer<CChar>?, _ size: UInt32) {
        if let message, size > 0 { message[0] = 0 }
    }

    /// The identifier of the table: `easel.image.v1`.
    package static let extensionIdentifier = EASEL_IMAGE_EXTENSION_V1

    /// The `easel_image_api_v1` table (easel.image.v1), allocated once and never freed.
    ///
    /// `nonisolated(unsafe)`: immutable after its one-time, thread-safe initialisation.
    nonisolated(unsafe) package static let imageAPI: UnsafePointer<easel_image_api_v1> = {
        let table = UnsafeMutablePointer<easel_image_api_v1>.allocate(capacity: 1)
        var api = easel_image_api_v1()
        api.abi_version = UInt32(EASEL_ABI_VERSION_MAJOR) << 16 | UInt32(EASEL_ABI_VERSION_MINOR)
        api.struct_size = UInt32(MemoryLayout<easel_image_api_v1>.size)
        api.load_image = { path, out, message, size in
            out?.pointee = nil
            guard let path else { return fail("load_image: the path is NULL", message, size) }
            guard let out else { return fail("load_image: the place for the image is NULL", message, size) }
            do {
                out.pointee = handle(for: try ImageCache.shared.image(contentsOf: String(cString: path)))
                succeed(message, size)
                return 0
            } catch {
                return fail("\(error)", message, size)
            }
        }
        api.release_image = { image in CanvasImage.release(image) }
        api.image_size = { image in
            guard let image = CanvasImage.resolve(image) else { return easel_size() }
            return easel_size(width: image.width, height: image.height)
        }
        api.image_scale = { image in CanvasImage.resolve(image)?.scale ?? 0 }
        api.draw_image = { ctx, image, rect in
            guard let image = CanvasImage.resolve(image) else { return }
            Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.draw(image, in: rect) }
        }
        api.draw_image_part = { ctx, image, part, rect in
            guard let image = CanvasImage.resolve(image) else { return }
            Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.draw(image, part: part, in: rect) }
        }
        api.image_named = { owner, name, out, message, size in
            out?.pointee = nil
            guard let owner else { return fail("image_named: the owner object is NULL", message, size) }
            guard let name else { return fail("image_named: the name is NULL", message, size) }
            guard let out else { return fail("image_named: the place for the image is NULL", message, size) }
            let text = String(cString: name)
            guard let search = search(for: owner) else {
                return fail("image_named: no image named '\(text)': this host has no resource folders", message, size)
            }
            do {
                out.pointee = handle(for: try named(text, search: search))
                succeed(message, size)
                return 0
            } catch {
                return fail("\(error)", message, size)
            }
        }
        api.set_interpolation_quality = { ctx, quality in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.setInterpolationQuality(quality) }
        }
        api.interpolation_quality = { ctx in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.interpolationQuality } ?? 0
        }
        api.draw_tiled_image = { ctx, image, tile, rect in
            guard let image = CanvasImage.resolve(image) else { return }
            Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.drawTiled(image, tile: tile, in: rect) }
        }
        api.clip_to_image_mask = { ctx, image, rect in
            guard let image = CanvasImage.resolve(image) else { return }
            Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.clip(toMask: image, in: rect) }
        }
        api.image_from_pixels = { pixels, width, height, stride, scale, out, message, size in
            out?.pointee = nil
            guard let pixels else { return fail("image_from_pixels: the pixels are NULL", message, size) }
            guard let out else { return fail("image_from_pixels: the place for the image is NULL", message, size) }
            do {
                out.pointee = handle(for: try CanvasImage(pixels: pixels, width: Int(width), height: Int(height),
                                                          stride: Int(stride), scale: scale))
                succeed(message, size)
                return 0
            } catch {
                return fail("\(error)", message, size)
            }
        }
        api.bitmap_context_create = { points, scale, opaque, out, message, size in
            out?.pointee = nil
            guard let out else { return fail("bitmap_context_create: the place for the context is NULL", message, size) }
            do {
                out.pointee = try BitmapContexts.create(width: points.width, height: points.height, scale: scale, opaque: opaque != 0)
                succeed(message, size)
                return 0
            } catch {
                return fail("\(error)", message, size)
            }
        }
        api.image_from_bitmap_context = { ctx, out, message, size in
            out?.pointee = nil
            guard let ctx else { return fail("image_from_bitmap_context: the context is NULL", message, size) }
            guard let out else { return fail("image_from_bitmap_context: the place for the image is NULL", message, size) }
            do {
                out.pointee = handle(for: try BitmapContexts.image(of: ctx))
                succeed(message, size)
                return 0
            } catch {
                return fail("\(error)", message, size)
            }
        }
        api.bitmap_context_release = { ctx in BitmapContexts.release(ctx) }
        table.initialize(to: api)
        return UnsafePointer(table)
    }()
}

/// The bitmap contexts plugins hold (`bitmap_context_create`), each a raster
/// canvas kept alive until `bitmap_context_release`.
package enum BitmapContexts {
    /// A canvas and whether its images are opaque.
    final class Entry: @unchecked Sendable {
        let canvas: Canvas
        let opaque: Bool
        /// Its pixels' bytes, counted against ``maximumLiveBytes``.
        let bytes: Int
        init(canvas: Canvas, opaque: Bool, bytes: Int) {
            self.canvas = canvas
            self.opaque = opaque
            self.bytes = bytes
        }
    }

    /// By context handle. (Canvases are used on the host's main thread; the lock guards the table.)
    private static let entries = Mutex<[UInt: Entry]>([:])

    /// The most bytes of pixels one bitmap context has: 256 MB, as
    /// `image_from_pixels` takes (a 8192 x 8192 bitmap).
    package static let maximumBytes = CanvasImage.maximumFileSize
    /// The most bytes of pixels the live bitmap contexts have together: 1 GB.
    package static let maximumLiveBytes = 4 * maximumBytes

    /// The bytes of pixels of a bitmap `width` x `height` points at `scale` (nil: beyond any bound).
    private static func pixelBytes(width: Double, height: Double, scale: Double) -> Int? {
        let columns = (width * scale).rounded(.up), rows = (height * scale).rounded(.up)
        guard columns.isFinite, rows.isFinite, columns <= 1e9, rows <= 1e9 else { return nil }
        return max(Int(columns), 0) * max(Int(rows), 0) * 4
    }

    private static func key(_ handle: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle))) }

    /// A new bitmap context: a raster canvas of `width` x `height` points at `scale`.
    ///
    /// - Throws: ``CanvasError`` `bitmap_context_create: …` for a bad size or scale, or cairo's failure.
    package static func create(width: Double, height: Double, scale: Double, opaque: Bool) throws(CanvasError) -> OpaquePointer {
        guard scale.isFinite, scale > 0, scale <= 16 else {
            throw CanvasError(message: "bitmap_context_create: invalid scale \(scale); it must be greater than 0 and at most 16")
        }
        // Bounded before cairo is asked: a plugin cannot make the host hold gigabytes of bitmaps.
        let pixels = pixelBytes(width: width, height: height, scale: scale)
        if let bytes = pixels, bytes > maximumBytes {
            throw CanvasError(message: "bitmap_context_create: \(width) x \(height) points at scale \(scale) is \(bytes / (1024 * 1024)) MB of pixels, more than \(maximumBytes / (1024 * 1024)) MB")
        }
        let canvas: Canvas
        do {
            canvas = try Canvas(width: width, height: height, backing: .raster(scale: scale))
        } catch {
            throw CanvasError(message: "bitmap_context_create: \(error.message)")
        }
        let bytes = pixels ?? 0
        let handle = canvas.context
        let admitted = entries.withLock { entries -> Bool in
            let live = entries.values.reduce(0) { $0 + $1.bytes }
            guard live + bytes <= maximumLiveBytes else { return false }
            entries[key(handle)] = Entry(canvas: canvas, opaque: opaque, bytes: bytes)
            return true
        }
        guard admitted else {
            throw CanvasError(message: "bitmap_context_create: the live bitmap contexts would hold more than \(maximumLiveBytes / (1024 * 1024)) MB of pixels; release some first")
        }
        return handle
    }

    /// An image of what a bitmap context holds.
    package static func image(of handle: OpaquePointer) throws(CanvasError) -> CanvasImage {
        guard let entry = entries.withLock({ $0[key(handle)] }) else {
            throw CanvasError(message: "image_from_bitmap_context: the context is not a bitmap context from bitmap_context_create (or was released)")
        }
        if entry.canvas.hasError {
            let reason = entry.canvas.takeError()?.message ?? "its first error was reported before"
            throw CanvasError(message: "image_from_bitmap_context: the context is in error: \(reason)")
        }
        return try CanvasImage(copying: entry.canvas.surface, scale: entry.canvas.deviceScale, opaque: entry.opaque)
    }

    /// Releases a bitmap context; unknown handles are ignored.
    package static func release(_ handle: OpaquePointer?) {
        guard let handle else { return }
        let entry = entries.withLock { $0.removeValue(forKey: key(handle)) }
        withExtendedLifetime(entry) {}
    }
}
