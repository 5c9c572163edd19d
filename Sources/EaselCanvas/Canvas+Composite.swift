import EaselGraphicsCore
import CCairo
import EaselABI

// Painting one raster canvas's pixels onto another: how a view renderer
// composites a view's backing store (EaselViews, View+BackingStore.swift)
// instead of drawing the view again.
//
// The source is a raster canvas whose pixel (0, 0) lies at `origin` of the
// current user space, `pixelsPerUnit` pixels to a unit. Under a translation
// that puts the source's pixels on whole device pixels of this canvas, cairo
// copies them one to one (pixman's integer-translation path: no filtering),
// so a store drawn at the same sub-pixel phase as the view gives the pixels
// drawing the view directly gives for content drawn in one operation per
// pixel. Under any other transform the pixels are resampled bilinearly, as
// Core Animation resamples a layer's contents.

extension Canvas {
    /// The raster canvas's width and height in pixels (0 for a recording).
    package var pixelSize: (width: Int, height: Int) {
        guard backing != .recording else { return (0, 0) }
        return (Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface)))
    }

    /// Paints `source`'s pixels (a raster canvas) onto this canvas at the current alpha times `alpha`, inside the clip.
    ///
    /// - Parameters:
    ///   - source: A raster canvas whose device scale is `pixelsPerUnit`.
    ///   - origin: Where the source's top-left pixel corner goes, in the
    ///     coordinates that `placement` maps from (the current user space when it is `nil`).
    ///   - placement: A transform from the source's coordinates to the current user space, or `nil`.
    ///   - clip: Where the pixels may show, in the source's coordinates (`nil`: everywhere).
    ///   - alpha: A factor for the current alpha (0...1).
    package func paintPixels(of source: Canvas, at origin: easel_point, placement: easel_affine_transform? = nil,
                             clip: easel_rect? = nil, alpha: Double = 1) {
        perform("composite") { cr in
            guard source.backing != .recording else { return }
            cairo_surface_flush(source.surface)
            applyGuardClip()
            let opacity = state.alpha * alpha
            if placement == nil, clip == nil, state.isOffset {
                // cairo's matrix is the identity: place the pixels in device
                // space, on whole pixels when they are within rounding of them.
                var x = origin.x + state.offsetX, y = origin.y + state.offsetY
                let scale = deviceScale
                let px = x * scale, py = y * scale
                if abs(px - px.rounded()) < 1e-6, abs(py - py.rounded()) < 1e-6 {
                    x = px.rounded() / scale
                    y = py.rounded() / scale
                }
                cairo_set_source_surface(cr, source.surface, x, y)
                cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
                if opacity >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, opacity) }
                return
            }
            materializeOffset()
            materializeSaves()
            cairo_save(cr)
            if let placement {
                var matrix = cairo_matrix_t(xx: placement.a, yx: placement.b, xy: placement.c, yy: placement.d,
                                            x0: placement.tx, y0: placement.ty)
                cairo_transform(cr, &matrix)
            }
            // Placed pixels keep their edge pixels up to the clip, as Core Animation
            // clamps a layer's contents: no fade into transparency inside the bounds.
            // Without a clip they stop at the source's own edges (padding then
            // would smear the edge pixels over all of the canvas).
            let sourcePixels = source.pixelSize, sourceScale = source.deviceScale
            let area = clip ?? (placement == nil ? nil
                : easel_rect(x: origin.x, y: origin.y,
                             width: Double(sourcePixels.width) / sourceScale, height: Double(sourcePixels.height) / sourceScale))
            if let area {
                cairo_new_path(cr)
                cairo_rectangle(cr, area.origin.x, area.origin.y, area.size.width, area.size.height)
                cairo_clip(cr)
            }
            cairo_set_source_surface(cr, source.surface, origin.x, origin.y)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            if placement != nil { cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD) }
            if opacity >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, opacity) }
            cairo_restore(cr)
            pathExtents.reset()
        }
    }
}
