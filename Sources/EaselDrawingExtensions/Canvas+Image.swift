import EaselCanvas
import CCairo
import CImageCodec
import EaselABI
#if canImport(Glibc)
import Glibc
#endif
import EaselGraphicsCore

extension Canvas {
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
            cairo_rectangle(cr, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
            cairo_clip(cr)
            // The part's pixels → rect.
            cairo_translate(cr, rect.origin.x, rect.origin.y)
            cairo_scale(cr, rect.size.width / (right - left), rect.size.height / (bottom - top))
            cairo_set_source_surface(cr, sub, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
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
