import EaselCanvas
import CCairo
import CImageCodec
import EaselABI
#if canImport(Glibc)
import Glibc
#endif
import EaselGraphicsCore

extension Canvas {
    /// The CGInterpolationQuality values: default, none, low, high, medium (CoreGraphics' numbering).
    package static let interpolationQualities: ClosedRange<Int32> = 0...4

    /// cairo's filter for a CGInterpolationQuality: none is nearest neighbour,
    /// low cairo's fast (bilinear), medium and default good, high best.
    static func filter(_ quality: Int32) -> cairo_filter_t {
        switch quality {
        case 1: CAIRO_FILTER_NEAREST
        case 2: CAIRO_FILTER_FAST
        case 3: CAIRO_FILTER_BEST
        default: CAIRO_FILTER_GOOD
        }
    }

    /// Sets how images are sampled when scaled (CGContextSetInterpolationQuality); part of the saved state.
    ///
    /// - Parameter quality: 0 default, 1 none (nearest neighbour: whole pixels,
    ///   hard edges), 2 low, 3 high, 4 medium; another value puts the canvas in error.
    package func setInterpolationQuality(_ quality: Int32) {
        perform("set_interpolation_quality") { _ throws(CanvasError) in
            guard Self.interpolationQualities.contains(quality) else {
                throw .invalidArgument("set_interpolation_quality", "unknown interpolation quality \(quality)")
            }
            state.interpolation = quality
        }
    }

    /// The interpolation quality of the current state (CGContextGetInterpolationQuality).
    package var interpolationQuality: Int32 { state.interpolation }

    /// A pattern of an image's pixels mapped onto a rect of user space:
    /// the image's top left at the rect's origin, its whole size over the rect's.
    private func imagePattern(_ image: CanvasImage, onto rect: easel_rect, extend: cairo_extend_t) -> OpaquePointer {
        imagePattern(image.surface, width: image.pixelWidth, height: image.pixelHeight, onto: rect, extend: extend)
    }

    /// A pattern of a surface of `width` x `height` pixels mapped onto a rect of user space.
    private func imagePattern(
        _ surface: OpaquePointer, width: Int, height: Int, onto rect: easel_rect, extend: cairo_extend_t
    ) -> OpaquePointer {
        let pattern: OpaquePointer = cairo_pattern_create_for_surface(surface)
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, Double(width) / rect.size.width, Double(height) / rect.size.height)
        cairo_matrix_translate(&matrix, -rect.origin.x, -rect.origin.y)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_extend(pattern, extend)
        cairo_pattern_set_filter(pattern, Self.filter(state.interpolation))
        return pattern
    }

    /// Fills a rect with an image repeated as a pattern (CGContextDrawTiledImage, within a rect).
    ///
    /// - Parameters:
    ///   - image: The image.
    ///   - tile: Where one copy of the image goes, in user space; the copies
    ///     repeat from it in every direction, so a tile at (0, 0) puts the
    ///     pattern's phase at the user-space origin, as CoreGraphics does.
    ///   - rect: The area filled, under the clip and global alpha.
    package func drawTiled(_ image: CanvasImage, tile: easel_rect, in rect: easel_rect) {
        perform("draw_tiled_image") { cr throws(CanvasError) in
            try Self.validate(tile, in: "draw_tiled_image")
            try Self.validate(rect, in: "draw_tiled_image")
            let tile = tile.standardized
            // A tile smaller than a hundredth of a point would make cairo repeat it without end.
            guard tile.size.width >= 0.01, tile.size.height >= 0.01 else {
                if tile.size.width > 0 || tile.size.height > 0 {
                    throw .invalidArgument("draw_tiled_image", "a tile of \(tile.size.width) x \(tile.size.height) points is too small")
                }
                return
            }
            guard rect.size.width != 0, rect.size.height != 0 else { return }
            materializeOffset()
            applyGuardClip()
            let pattern = imagePattern(image, onto: tile, extend: CAIRO_EXTEND_REPEAT)
            defer { cairo_pattern_destroy(pattern) }
            // The tiles' shadow, in their shape within the rect.
            castShadow(.patternWithin(pattern, rect))
            cairo_save(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
            cairo_clip(cr)
            cairo_set_source(cr, pattern)
            cairo_paint_with_alpha(cr, state.alpha)
            cairo_restore(cr)
            cairo_new_path(cr)
            pathExtents.reset()
        }
    }

    /// Clips later drawing to an image's alpha placed in a rect (CGContextClipToMask),
    /// intersected with the current clip, until the state is restored.
    ///
    /// The image is placed as ``draw(_:in:)`` places it (upright, its top left at
    /// the rect's origin); outside the rect nothing shows.
    ///
    /// - Parameters:
    ///   - image: The mask: where its alpha is 1 drawing shows, where 0 it does not.
    ///   - rect: Where the image goes, in user space; an empty rect clips everything out.
    package func clip(toMask image: CanvasImage, in rect: easel_rect) {
        guard (try? Self.validate(rect, in: "clip_to_image_mask")) != nil else {
            perform("clip_to_image_mask") { _ throws(CanvasError) in try Self.validate(rect, in: "clip_to_image_mask") }
            return
        }
        let rect = rect.standardized
        guard rect.size.width > 0, rect.size.height > 0 else {
            // An empty mask shows nothing.
            clip(toRects: [])
            return
        }
        // The pattern is in the user space of this call (beginImageMask moves
        // a raster canvas's offset into cairo's matrix before using it).
        // Its edge pixels repeat up to the rect's edges (as draw_image), and nothing shows beyond them.
        if let luminance = Self.luminanceMask(of: image) {
            defer { cairo_surface_destroy(luminance) }
            beginImageMask(
                imagePattern(luminance, width: image.pixelWidth, height: image.pixelHeight, onto: rect, extend: CAIRO_EXTEND_PAD),
                in: rect)
        } else {
            beginImageMask(imagePattern(image, onto: rect, extend: CAIRO_EXTEND_PAD), in: rect)
        }
    }

    /// For an image with no transparent pixel, an A8 surface of its
    /// luminance (Rec. 601: a grey's own value), which a CoreGraphics mask
    /// of a greyscale image without alpha uses: white shows, black hides.
    /// Nil when some pixel is not opaque: the image's alpha is the mask.
    static func luminanceMask(of image: CanvasImage) -> OpaquePointer? {
        let source = image.surface
        cairo_surface_flush(source)
        guard cairo_image_surface_get_format(source) == CAIRO_FORMAT_ARGB32 || cairo_image_surface_get_format(source) == CAIRO_FORMAT_RGB24,
              let pixels = cairo_image_surface_get_data(source) else { return nil }
        let width = Int(cairo_image_surface_get_width(source)), height = Int(cairo_image_surface_get_height(source))
        let stride = Int(cairo_image_surface_get_stride(source))
        let hasAlpha = cairo_image_surface_get_format(source) == CAIRO_FORMAT_ARGB32
        if hasAlpha {
            for y in 0..<height {
                let row = (pixels + y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
                for x in 0..<width where row[x] >> 24 != 0xFF { return nil }
            }
        }
        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))
        guard let mask, cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS, let out = cairo_image_surface_get_data(mask) else {
            if let mask { cairo_surface_destroy(mask) }
            return nil
        }
        let outStride = Int(cairo_image_surface_get_stride(mask))
        for y in 0..<height {
            let row = (pixels + y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
            let target = out + y * outStride
            for x in 0..<width {
                let p = row[x]
                let r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
                target[x] = UInt8((77 * r + 150 * g + 29 * b + 128) >> 8)
            }
        }
        cairo_surface_mark_dirty(mask)
        return mask
    }

    /// Draws an image scaled into a rect, in the current transform and clip.
    ///
    /// - Parameters:
    ///   - image: The image.
    ///   - rect: Where its whole area goes, in points; an empty or non-finite rect draws nothing.
    public func draw(_ image: CanvasImage, in rect: easel_rect) {
        draw(image, part: easel_rect(origin: easel_point(x: 0, y: 0), size: easel_size(width: image.width, height: image.height)),
             in: rect)
    }

    /// Draws part of an image scaled into a rect (as `CGImageCreateWithImageInRect` then drawing).
    ///
    /// - Parameters:
    ///   - image: The image.
    ///   - part: The part to draw, in the image's points (from its top left): the whole pixels it
    ///     touches, within the image, as `CGImageCreateWithImageInRect` takes them. A part
    ///     outside the image draws nothing.
    ///   - rect: Where that part goes, in points; an empty or non-finite rect draws nothing.
    public func draw(_ image: CanvasImage, part: easel_rect, in rect: easel_rect) {
        perform("draw_image") { cr throws(CanvasError) in
            try Self.validate(part, in: "draw_image")
            try Self.validate(rect, in: "draw_image")
            guard part.size.width > 0, part.size.height > 0, rect.size.width > 0, rect.size.height > 0 else { return }
            // The image is placed under cairo's matrix: give it the translation and the pending clip.
            materializeOffset()
            applyGuardClip()
            // The part as CGImageCreateWithImageInRect takes it: whole pixels
            // (the integral rect around it), within the image.
            let scale = image.scale
            let left = max(0, (part.origin.x * scale).rounded(.down))
            let top = max(0, (part.origin.y * scale).rounded(.down))
            let right = min(Double(image.pixelWidth), ((part.origin.x + part.size.width) * scale).rounded(.up))
            let bottom = min(Double(image.pixelHeight), ((part.origin.y + part.size.height) * scale).rounded(.up))
            guard right > left, bottom > top else { return }
            let sub: OpaquePointer = cairo_surface_create_for_rectangle(image.surface, left, top, right - left, bottom - top)
            defer { cairo_surface_destroy(sub) }
            cairo_save(cr)
            cairo_new_path(cr)
            if state.shadow != nil {
                // The image's shadow: its pixels as they are drawn (edges
                // repeated up to the rect's edges, nothing beyond), so that
                // the shadow has the drawn image's shape.
                let shape: OpaquePointer = cairo_pattern_create_for_surface(sub)
                var matrix = cairo_matrix_t()
                cairo_matrix_init_scale(&matrix, (right - left) / rect.size.width, (bottom - top) / rect.size.height)
                cairo_matrix_translate(&matrix, -rect.origin.x, -rect.origin.y)
                cairo_pattern_set_matrix(shape, &matrix)
                cairo_pattern_set_filter(shape, Self.filter(state.interpolation))
                cairo_pattern_set_extend(shape, CAIRO_EXTEND_PAD)
                castShadow(.patternWithin(shape, rect))
                cairo_pattern_destroy(shape)
            }
            cairo_rectangle(cr, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
            cairo_clip(cr)
            // The part's pixels → rect.
            cairo_translate(cr, rect.origin.x, rect.origin.y)
            cairo_scale(cr, rect.size.width / (right - left), rect.size.height / (bottom - top))
            cairo_set_source_surface(cr, sub, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), Self.filter(state.interpolation))
            // The edge pixels are repeated outward: a scaled image ends in its own colours, not
            // in a blend with transparency, and a part never shows its neighbours.
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_paint_with_alpha(cr, state.alpha)
            cairo_restore(cr)
            cairo_new_path(cr)
            pathExtents.reset()
        }
    }
}
