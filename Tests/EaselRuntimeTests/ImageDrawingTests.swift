import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselCanvasOutput
import EaselProbe
import EaselRuntime
import EaselTestSupport
import Foundation
import Testing

/// Premultiplied BGRA bytes of one pixel (cairo's ARGB32 on a little-endian machine).
private func bgra(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> [UInt8] { [b, g, r, a] }

@Suite("easel.image.v1 drawing: interpolation, tiled patterns, clip masks, pixel data, bitmap contexts")
struct ImageDrawingTests {
    let api: easel_image_api_v1
    let g: easel_graphics_api
    let paint: easel_paint_api

    init() throws {
        api = try ImageExtensionTests.imageAPI()
        g = HostAPI.table.pointee.graphics.pointee
        paint = try #require(HostAPI.table.pointee.get_extension?(EASEL_PAINT_EXTENSION_ID))
            .assumingMemoryBound(to: easel_paint_api.self).pointee
    }

    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> easel_rect {
        easel_rect(origin: easel_point(x: x, y: y), size: easel_size(width: w, height: h))
    }

    /// An image of `width` x `height` pixels from rows of BGRA bytes, `padding` spare bytes a row.
    func pixelImage(_ rows: [[UInt8]], width: UInt32, scale: Double = 1, padding: Int = 0) throws -> OpaquePointer {
        let stride = Int(width) * 4 + padding
        var bytes = [UInt8](repeating: 0xEE, count: stride * rows.count)
        for (index, row) in rows.enumerated() { bytes.replaceSubrange(index * stride..<index * stride + row.count, with: row) }
        var image: OpaquePointer?
        var message = [CChar](repeating: 0, count: 256)
        let status = api.image_from_pixels?(bytes, width, UInt32(rows.count), UInt32(stride), scale, &image, &message, 256)
        #expect(status == 0, "\(String(cString: message))")
        return try #require(image)
    }

    @Test("interpolation none draws whole pixels (nearest neighbour); the default blends neighbours")
    func nearestNeighbour() throws {
        let image = try pixelImage([bgra(255, 0, 0) + bgra(0, 0, 255)], width: 2)   // red | blue
        defer { api.release_image?(image) }
        func drawn(_ quality: Int32) throws -> RasterImage {
            let canvas = try Canvas(width: 20, height: 10, backing: .raster(scale: 1))
            api.set_interpolation_quality?(canvas.context, quality)
            #expect(api.interpolation_quality?(canvas.context) == quality)
            api.draw_image?(canvas.context, image, rect(0, 0, 20, 10))
            #expect(canvas.takeError() == nil)
            return try canvas.rasterImage()
        }
        let nearest = try drawn(Int32(EASEL_INTERPOLATION_NONE))
        #expect(nearest.pixel(x: 9, y: 5) == red && nearest.pixel(x: 10, y: 5) == blue)
        #expect(nearest.pixel(x: 0, y: 0) == red && nearest.pixel(x: 19, y: 9) == blue)
        let smooth = try drawn(Int32(EASEL_INTERPOLATION_DEFAULT))
        let edge = smooth.pixel(x: 9, y: 5)
        #expect(edge.r > 40 && edge.b > 40, "\(edge)")   // a mix of both, where nearest has pure red
        #expect(smooth.pixel(x: 0, y: 5) == red && smooth.pixel(x: 19, y: 5) == blue)
        // The quality is saved and restored with the state; a bad value is an error.
        let canvas = try Canvas(width: 4, height: 4, backing: .raster(scale: 1))
        g.save_state(canvas.context)
        api.set_interpolation_quality?(canvas.context, Int32(EASEL_INTERPOLATION_HIGH))
        g.restore_state(canvas.context)
        #expect(api.interpolation_quality?(canvas.context) == Int32(EASEL_INTERPOLATION_DEFAULT))
        api.set_interpolation_quality?(canvas.context, 9)
        #expect(canvas.takeError()?.message == "set_interpolation_quality: unknown interpolation quality 9")
    }

    @Test("an image casts the shadow in effect: its own shape, at the offset, under the image")
    func imageShadow() throws {
        // A 2 x 2 image, opaque red but for a transparent bottom-right pixel, drawn 10 x 10 at (5, 5).
        let image = try pixelImage([bgra(255, 0, 0) + bgra(255, 0, 0), bgra(255, 0, 0) + bgra(0, 0, 0, 0)], width: 2)
        defer { api.release_image?(image) }
        let canvas = try Canvas(width: 30, height: 30, backing: .raster(scale: 1))
        api.set_interpolation_quality?(canvas.context, Int32(EASEL_INTERPOLATION_NONE))
        paint.set_shadow(canvas.context, easel_size(width: 8, height: 8), 0, easel_color(red: 0, green: 0, blue: 1, alpha: 1))
        api.draw_image?(canvas.context, image, rect(5, 5, 10, 10))
        #expect(canvas.takeError() == nil)
        let drawn = try canvas.rasterImage()
        #expect(drawn.pixel(x: 5, y: 5) == red && drawn.pixel(x: 14, y: 9) == red)
        // The shadow, 8 points down and right, blue where the image is opaque, under it.
        #expect(drawn.pixel(x: 16, y: 14) == blue && drawn.pixel(x: 13, y: 22) == blue)
        // Not where the image is transparent: its bottom-right quarter (10...14) and its shadow (18...22).
        #expect(drawn.pixel(x: 21, y: 21) == transparent && drawn.pixel(x: 12, y: 12) == transparent)
        #expect(drawn.pixel(x: 24, y: 24) == transparent && drawn.pixel(x: 4, y: 4) == transparent)
    }

    @Test("an image enlarged with smooth interpolation casts a shadow of the drawn rect's shape, sharp at blur 0")
    func enlargedImageShadow() throws {
        let image = try pixelImage([bgra(255, 0, 0)], width: 1)   // one red pixel, drawn 30 x 30
        defer { api.release_image?(image) }
        let canvas = try Canvas(width: 70, height: 70, backing: .raster(scale: 1))
        paint.set_shadow(canvas.context, easel_size(width: 10, height: 10), 0, easel_color(red: 0, green: 0, blue: 1, alpha: 1))
        api.draw_image?(canvas.context, image, rect(10, 10, 30, 30))
        #expect(canvas.takeError() == nil)
        let drawn = try canvas.rasterImage()
        #expect(drawn.pixel(x: 10, y: 10) == red && drawn.pixel(x: 39, y: 39) == red)
        // The shadow is the rect (20...50) moved by (10, 10), solid to its edges, nothing beyond.
        #expect(drawn.pixel(x: 45, y: 45) == blue && drawn.pixel(x: 49, y: 49) == blue && drawn.pixel(x: 49, y: 21) == blue)
        #expect(drawn.pixel(x: 50, y: 45) == transparent && drawn.pixel(x: 45, y: 50) == transparent)
        #expect(drawn.pixel(x: 19, y: 45) == transparent)
    }

    @Test("a tiled image casts the shadow of its tiles within the rect")
    func tiledShadow() throws {
        // Opaque red left column, transparent right column; tiles of 4 x 4 points.
        let image = try pixelImage([bgra(255, 0, 0) + bgra(0, 0, 0, 0), bgra(255, 0, 0) + bgra(0, 0, 0, 0)], width: 2)
        defer { api.release_image?(image) }
        let canvas = try Canvas(width: 40, height: 40, backing: .raster(scale: 1))
        api.set_interpolation_quality?(canvas.context, Int32(EASEL_INTERPOLATION_NONE))
        paint.set_shadow(canvas.context, easel_size(width: 0, height: 12), 0, easel_color(red: 0, green: 0, blue: 1, alpha: 1))
        api.draw_tiled_image?(canvas.context, image, rect(0, 0, 4, 4), rect(0, 0, 16, 8))
        #expect(canvas.takeError() == nil)
        let drawn = try canvas.rasterImage()
        #expect(drawn.pixel(x: 0, y: 0) == red && drawn.pixel(x: 2, y: 0) == transparent)
        // 12 points down: blue under the red columns (x 0...1, 4...5, …), nothing under the clear ones or past the rect.
        #expect(drawn.pixel(x: 1, y: 14) == blue && drawn.pixel(x: 13, y: 19) == blue)
        #expect(drawn.pixel(x: 2, y: 14) == transparent && drawn.pixel(x: 1, y: 20) == transparent)
        #expect(drawn.pixel(x: 17, y: 14) == transparent)
    }

    @Test("a tiled image repeats from its tile, the phase at the user-space origin, within the rect only")
    func tiledPattern() throws {
        // 2 x 2 pixels: red top left, blue elsewhere; a tile of 4 x 4 points makes each pixel 2 x 2 points.
        let image = try pixelImage([bgra(255, 0, 0) + bgra(0, 0, 255), bgra(0, 0, 255) + bgra(0, 0, 255)], width: 2)
        defer { api.release_image?(image) }
        let canvas = try Canvas(width: 30, height: 30, backing: .raster(scale: 1))
        api.set_interpolation_quality?(canvas.context, Int32(EASEL_INTERPOLATION_NONE))
        api.draw_tiled_image?(canvas.context, image, rect(0, 0, 4, 4), rect(10, 10, 15, 15))
        #expect(canvas.takeError() == nil)
        let drawn = try canvas.rasterImage()
        // The rect starts at 10, a multiple of 4 plus 2: the pattern is anchored at 0, not at the rect.
        #expect(drawn.pixel(x: 10, y: 10) == blue && drawn.pixel(x: 12, y: 12) == red && drawn.pixel(x: 13, y: 13) == red)
        #expect(drawn.pixel(x: 14, y: 12) == blue)
        // Repeats: 12 + 4k.
        #expect(drawn.pixel(x: 16, y: 16) == red && drawn.pixel(x: 24, y: 20) == red && drawn.pixel(x: 22, y: 20) == blue)
        // Outside the rect nothing is drawn.
        #expect(drawn.pixel(x: 9, y: 12) == transparent && drawn.pixel(x: 25, y: 24) == transparent)
        // A tile moved by (1, 1) moves the phase.
        let moved = try Canvas(width: 10, height: 10, backing: .raster(scale: 1))
        api.set_interpolation_quality?(moved.context, Int32(EASEL_INTERPOLATION_NONE))
        api.draw_tiled_image?(moved.context, image, rect(1, 1, 4, 4), rect(0, 0, 10, 10))
        let shifted = try moved.rasterImage()
        #expect(shifted.pixel(x: 0, y: 0) == blue && shifted.pixel(x: 1, y: 1) == red && shifted.pixel(x: 5, y: 5) == red)
    }

    @Test("a clip mask shows drawing where the image is opaque, within its rect and the clip, until restore")
    func clipMask() throws {
        // The mask: 2 x 2 pixels, opaque top left, transparent elsewhere; placed in (4, 4, 16, 16).
        let mask = try pixelImage([bgra(0, 0, 0) + bgra(0, 0, 0, 0), bgra(0, 0, 0, 0) + bgra(0, 0, 0, 0)], width: 2)
        let canvas = try Canvas(width: 24, height: 24, backing: .raster(scale: 1))
        let ctx = canvas.context
        api.set_interpolation_quality?(ctx, Int32(EASEL_INTERPOLATION_NONE))
        g.save_state(ctx)
        g.translate(ctx, 2, 2)                    // the mask follows the user space of the call
        api.clip_to_image_mask?(ctx, mask, rect(2, 2, 16, 16))
        api.release_image?(mask)                  // the mask outlives its handle
        g.set_fill_color(ctx, greenColor)
        g.fill_rect(ctx, rect(-2, -2, 24, 24))
        g.restore_state(ctx)
        // After the restore the mask is gone: a red frame around everything.
        g.set_fill_color(ctx, redColor)
        g.fill_rect(ctx, rect(0, 0, 24, 2))
        #expect(canvas.takeError() == nil)
        let drawn = try canvas.rasterImage()
        // Corner pixels of the opaque quarter (4...11) and just outside it.
        #expect(drawn.pixel(x: 4, y: 4) == green && drawn.pixel(x: 11, y: 11) == green)
        #expect(drawn.pixel(x: 3, y: 4) == transparent && drawn.pixel(x: 4, y: 3) == transparent)
        #expect(drawn.pixel(x: 12, y: 4) == transparent && drawn.pixel(x: 4, y: 12) == transparent)
        #expect(drawn.pixel(x: 19, y: 19) == transparent && drawn.pixel(x: 23, y: 23) == transparent)
        #expect(drawn.pixel(x: 23, y: 0) == red && drawn.pixel(x: 12, y: 1) == red)

        // Intersected with the current clip: clipped to x < 8 first.
        let clipped = try Canvas(width: 24, height: 24, backing: .raster(scale: 1))
        let opaque = try pixelImage([bgra(255, 255, 255)], width: 1)   // white: shows (opaque images mask by luminance)
        defer { api.release_image?(opaque) }
        g.save_state(clipped.context)
        clipped.clip(to: rect(0, 0, 8, 24))
        api.clip_to_image_mask?(clipped.context, opaque, rect(4, 4, 16, 16))
        // The clip's bounding box is the mask's rect within the clip.
        let box = paint.clip_bounding_box(clipped.context)
        #expect(box.origin.x == 4 && box.origin.y == 4 && box.size.width == 4 && box.size.height == 16, "\(box)")
        g.set_fill_color(clipped.context, greenColor)
        g.fill_rect(clipped.context, rect(0, 0, 24, 24))
        g.restore_state(clipped.context)   // composites what was drawn under the mask
        #expect(clipped.takeError() == nil)
        let image = try clipped.rasterImage()
        #expect(image.pixel(x: 4, y: 4) == green && image.pixel(x: 7, y: 19) == green)
        #expect(image.pixel(x: 8, y: 4) == transparent && image.pixel(x: 3, y: 4) == transparent)
    }

    @Test("under a clip mask, clear_rect clears the drawing and a blend mode blends with it, as without a mask",
          arguments: [Canvas.Backing.raster(scale: 1), .raster(scale: 2), .recording])
    func clearAndBlendUnderMask(backing: Canvas.Backing) throws {
        let scale: Double = if case .raster(let scale) = backing { scale } else { 1 }
        // An alpha mask: the left half of (0, 0, 40, 20) shows.
        let mask = try pixelImage([bgra(0, 0, 0) + bgra(0, 0, 0, 0)], width: 2)
        defer { api.release_image?(mask) }
        func drawn(_ body: (OpaquePointer) -> Void) throws -> RasterImage {
            let canvas = try Canvas(width: 40, height: 20, backing: backing)
            let ctx = canvas.context
            api.set_interpolation_quality?(ctx, Int32(EASEL_INTERPOLATION_NONE))
            g.set_fill_color(ctx, blueColor)
            g.fill_rect(ctx, rect(0, 0, 40, 20))
            g.save_state(ctx)
            g.translate(ctx, 3, 0)   // (the mask and the drawing in a translated user space)
            api.clip_to_image_mask?(ctx, mask, rect(-3, 0, 40, 20))
            body(ctx)
            g.restore_state(ctx)
            #expect(canvas.takeError() == nil)
            return try canvas.rasterImage()
        }
        let cleared = try drawn { ctx in g.clear_rect(ctx, rect(-3, 0, 40, 20)) }
        #expect(cleared.pixel(x: Int(5 * scale), y: Int(10 * scale)) == transparent && cleared.pixel(x: Int(19 * scale), y: Int(3 * scale)) == transparent)
        #expect(cleared.pixel(x: Int(20 * scale), y: Int(10 * scale)) == blue && cleared.pixel(x: Int(35 * scale), y: Int(3 * scale)) == blue)
        // Red multiplied with blue is black where the mask shows; the right half stays blue.
        let multiplied = try drawn { ctx in
            g.set_fill_color(ctx, redColor)
            g.fill_rect(ctx, rect(-3, 0, 20, 20))   // over the left quarter only...
            paint.set_blend_mode(ctx, Int32(EASEL_BLEND_MULTIPLY))
            g.set_fill_color(ctx, greenColor)
            g.fill_rect(ctx, rect(7, 0, 30, 20))    // ...then green multiplied from x = 10
        }
        let black = RGBA(r: 0, g: 0, b: 0)
        #expect(multiplied.pixel(x: Int(5 * scale), y: Int(10 * scale)) == red)          // red over blue, before the blend mode
        #expect(multiplied.pixel(x: Int(12 * scale), y: Int(10 * scale)) == black)       // green x red
        #expect(multiplied.pixel(x: Int(18 * scale), y: Int(10 * scale)) == black)       // green x blue
        #expect(multiplied.pixel(x: Int(25 * scale), y: Int(10 * scale)) == blue)        // outside the mask
    }

    @Test("an opaque (greyscale) mask image clips by its luminance: white shows, black hides, grey in part")
    func luminanceMask() throws {
        let mask = try pixelImage([bgra(0, 0, 0) + bgra(255, 255, 255) + bgra(128, 128, 128)], width: 3)
        defer { api.release_image?(mask) }
        let canvas = try Canvas(width: 30, height: 10, backing: .raster(scale: 1))
        api.set_interpolation_quality?(canvas.context, Int32(EASEL_INTERPOLATION_NONE))
        g.save_state(canvas.context)
        api.clip_to_image_mask?(canvas.context, mask, rect(0, 0, 30, 10))
        g.set_fill_color(canvas.context, redColor)
        g.fill_rect(canvas.context, rect(0, 0, 30, 10))
        g.restore_state(canvas.context)
        #expect(canvas.takeError() == nil)
        let drawn = try canvas.rasterImage()
        #expect(drawn.pixel(x: 5, y: 5) == transparent)
        #expect(drawn.pixel(x: 15, y: 5) == red)
        let half = drawn.pixel(x: 25, y: 5)
        #expect(abs(Int(half.a) - 128) <= 1 && half.r > 100 && half.g == 0 && half.b == 0, "\(half)")
    }

    @Test("pixel data round-trips: premultiplied BGRA with a padded stride, copied; a bad stride is an error")
    func pixelData() throws {
        // Half-transparent red (premultiplied 128, 0, 0, 128) and opaque green, a row padded by 8 bytes.
        let image = try pixelImage([bgra(128, 0, 0, 128) + bgra(0, 255, 0)], width: 2, scale: 2, padding: 8)
        defer { api.release_image?(image) }
        #expect(api.image_size?(image).width == 1 && api.image_size?(image).height == 0.5 && api.image_scale?(image) == 2)
        let canvas = try Canvas(width: 1, height: 0.5, backing: .raster(scale: 2))
        api.draw_image?(canvas.context, image, rect(0, 0, 1, 0.5))
        let drawn = try canvas.rasterImage()
        #expect(drawn.width == 2 && drawn.height == 1)
        #expect(drawn.pixel(x: 0, y: 0) == RGBA(r: 255, g: 0, b: 0, a: 128) && drawn.pixel(x: 1, y: 0) == green)

        var out = OpaquePointer(bitPattern: 0x10)
        var message = [CChar](repeating: 65, count: 256)
        let bytes = [UInt8](repeating: 0, count: 64)
        #expect(api.image_from_pixels?(bytes, 4, 2, 12, 1, &out, &message, 256) == -1 && out == nil)
        #expect(String(cString: message) == "image_from_pixels: stride 12 is less than width x 4 = 16 bytes")
        #expect(api.image_from_pixels?(bytes, 0, 2, 16, 1, &out, &message, 256) == -1)
        #expect(String(cString: message) == "image_from_pixels: 0 x 2 pixels; a side must be 1 to 32767 pixels")
        #expect(api.image_from_pixels?(bytes, 40000, 1, 160000, 1, &out, &message, 256) == -1)
        #expect(api.image_from_pixels?(bytes, 1, 1, 4, 0, &out, &message, 256) == -1)
        #expect(String(cString: message) == "image_from_pixels: invalid scale 0.0; it must be greater than 0 and at most 16")
        #expect(api.image_from_pixels?(nil, 1, 1, 4, 1, &out, &message, 256) == -1)
        #expect(String(cString: message) == "image_from_pixels: the pixels are NULL")
        #expect(api.image_from_pixels?(bytes, 20000, 20000, 80000, 1, &out, &message, 256) == -1)
        #expect(String(cString: message) == "image_from_pixels: stride 80000 x 20000 rows is more than 256 MB")
    }

    @Test("a bitmap context drawn with the graphics, paint and text tables becomes an image with its scale")
    func bitmapContext() throws {
        var ctx: OpaquePointer?
        var message = [CChar](repeating: 0, count: 256)
        #expect(api.bitmap_context_create?(easel_size(width: 10, height: 10), 2, 0, &ctx, &message, 256) == 0)
        let bitmap = try #require(ctx)
        g.set_fill_color(bitmap, redColor)
        g.fill_rect(bitmap, rect(0, 0, 5, 10))
        paint.clip_to_rects(bitmap, [rect(5, 0, 5, 10)], 1)
        g.set_fill_color(bitmap, blueColor)
        g.fill_rect(bitmap, rect(0, 0, 10, 10))
        var image: OpaquePointer?
        #expect(api.image_from_bitmap_context?(bitmap, &image, &message, 256) == 0, "\(String(cString: message))")
        let snapshot = try #require(image)
        defer { api.release_image?(snapshot) }
        // Drawing on afterwards does not change the image.
        g.set_fill_color(bitmap, greenColor)
        g.fill_rect(bitmap, rect(0, 0, 10, 10))
        api.bitmap_context_release?(bitmap)
        #expect(api.image_size?(snapshot).width == 10 && api.image_scale?(snapshot) == 2)

        let canvas = try Canvas(width: 20, height: 10, backing: .raster(scale: 2))
        api.draw_image?(canvas.context, snapshot, rect(0, 0, 10, 10))
        let drawn = try canvas.rasterImage()
        #expect(drawn.pixel(x: 0, y: 0) == red && drawn.pixel(x: 9, y: 19) == red)
        #expect(drawn.pixel(x: 10, y: 0) == blue && drawn.pixel(x: 19, y: 19) == blue)
        #expect(drawn.pixel(x: 20, y: 0) == transparent)
        // A released context is unknown; an opaque one is black where nothing was drawn.
        #expect(api.image_from_bitmap_context?(bitmap, &image, &message, 256) == -1 && image == nil)
        #expect(String(cString: message)
            == "image_from_bitmap_context: the context is not a bitmap context from bitmap_context_create (or was released)")
        #expect(api.bitmap_context_create?(easel_size(width: 8, height: 4), 1, 1, &ctx, &message, 256) == 0)
        let opaque = try #require(ctx)
        defer { api.bitmap_context_release?(opaque) }
        let text = try #require(HostAPI.table.pointee.get_extension?(Canvas.textExtensionID))
            .assumingMemoryBound(to: easel_text_api.self).pointee
        g.set_fill_color(opaque, whiteColor)
        text.draw_text_at(opaque, "█", -1, 4, 4, nil, 0)
        #expect(api.image_from_bitmap_context?(opaque, &image, &message, 256) == 0)
        let snapshotOfOpaque = try #require(image)
        defer { api.release_image?(snapshotOfOpaque) }
        let flat = try Canvas(width: 8, height: 4, backing: .raster(scale: 1))
        api.draw_image?(flat.context, snapshotOfOpaque, rect(0, 0, 8, 4))
        let pixels = try flat.rasterImage()
        #expect(pixels.pixels.allSatisfy { $0.a == 255 })
        #expect(pixels.pixel(x: 0, y: 0) == black && pixels.pixel(x: 1, y: 3) == black)   // nothing drawn: black
        #expect(pixels.pixels.contains { $0.r > 128 })                                    // the text, white
        // Bad sizes and scales.
        #expect(api.bitmap_context_create?(easel_size(width: 0, height: 4), 1, 0, &ctx, &message, 256) == -1 && ctx == nil)
        #expect(String(cString: message).hasPrefix("bitmap_context_create: "))
        #expect(api.bitmap_context_create?(easel_size(width: 4, height: 4), .nan, 0, &ctx, &message, 256) == -1)
        #expect(String(cString: message) == "bitmap_context_create: invalid scale nan; it must be greater than 0 and at most 16")
        // Memory: one bitmap holds at most 256 MB of pixels (8192 x 8192), the live ones 1 GB together.
        #expect(api.bitmap_context_create?(easel_size(width: 32767, height: 32767), 1, 0, &ctx, &message, 256) == -1 && ctx == nil)
        #expect(String(cString: message)
            == "bitmap_context_create: 32767.0 x 32767.0 points at scale 1.0 is 4095 MB of pixels, more than 256 MB")
        var held: [OpaquePointer] = []
        defer { for context in held { api.bitmap_context_release?(context) } }
        // 256 MB each (untouched pages: cairo's calloc costs no memory until drawn on): three fit
        // beside what other tests hold at the moment, not five.
        for _ in 0..<5 {
            guard api.bitmap_context_create?(easel_size(width: 4096, height: 4096), 2, 0, &ctx, &message, 256) == 0,
                  let ctx else { break }
            held.append(ctx)
        }
        #expect((3...4).contains(held.count))
        #expect(ctx == nil)
        #expect(String(cString: message)
            == "bitmap_context_create: the live bitmap contexts would hold more than 1024 MB of pixels; release some first")
        api.bitmap_context_release?(held.removeLast())
        #expect(api.bitmap_context_create?(easel_size(width: 10, height: 10), 1, 0, &ctx, &message, 256) == 0)
        if let ctx { held.append(ctx) }
    }
}

