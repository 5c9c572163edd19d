import EaselGraphicsCore
import CCairo
import EaselABI
#if canImport(Glibc)
import Glibc
#endif

// Shadows (CGContextSetShadowWithColor). cairo has none, so the canvas
// makes them: before a fill, a stroke, text or a transparency layer is
// painted, the same shape is drawn into an 8-bit alpha mask covering only
// the shape's device extents plus the blur's reach (and only what the clip
// can show after the offset), the mask is blurred with three box blurs in
// each direction (a close approximation of a Gaussian of sigma blur / 2),
// and the shadow colour is painted through it at the offset. Then the shape
// is painted as usual. The cost is proportional to the shape's area, never
// a full-canvas blur. Gradients cast no shadow.
//
// As in CoreGraphics the offset and blur are in the canvas's points, not
// the current user space: a transform does not scale or turn them. The
// shadow is part of the saved state.

/// A shadow as `set_shadow` set it.
package struct Shadow: Equatable {
    package var offsetX: Double
    package var offsetY: Double
    var blur: Double
    var color: easel_color

    package static func == (a: Shadow, b: Shadow) -> Bool {
        a.offsetX == b.offsetX && a.offsetY == b.offsetY && a.blur == b.blur && a.color.red == b.color.red
            && a.color.green == b.color.green && a.color.blue == b.color.blue && a.color.alpha == b.color.alpha
    }
}

extension Canvas {
    /// The largest shadow blur radius, in points, that is honoured; larger ones are clamped.
    static let maximumShadowBlur: Double = 1000

    /// Sets the shadow of everything painted later (CGContextSetShadowWithColor);
    /// part of the saved state.
    ///
    /// - Parameters:
    ///   - offsetX: How far right the shadow falls, in points (not the user space).
    ///   - offsetY: How far down it falls.
    ///   - blur: The blur radius in points, 0 for a sharp shadow; clamped to
    ///     ``maximumShadowBlur``; negative puts the canvas in error.
    ///   - color: The shadow's colour; an alpha of 0 turns shadows off.
    package func setShadow(offsetX: Double, offsetY: Double, blur: Double, color: easel_color) {
        perform("set_shadow") { _ throws(CanvasError) in
            try Self.requireFinite("set_shadow", offsetX, offsetY, blur)
            try Self.validate(color, in: "set_shadow")
            guard blur >= 0 else { throw .invalidArgument("set_shadow", "negative blur \(blur)") }
            guard abs(offsetX) <= Self.maximumDimension * 2, abs(offsetY) <= Self.maximumDimension * 2 else {
                throw .invalidArgument("set_shadow", "offset (\(offsetX), \(offsetY)) is too large")
            }
            let alpha = Self.clampUnit(color.alpha)
            state.shadow = alpha == 0 ? nil : Shadow(
                offsetX: offsetX, offsetY: offsetY, blur: min(blur, Self.maximumShadowBlur),
                color: easel_color(red: color.red, green: color.green, blue: color.blue, alpha: alpha))
        }
    }

    /// What a painting operation paints, for its shadow.
    package enum ShadowShape {
        /// The current path, filled with the fill rule cairo holds.
        case fill
        /// The current path, stroked with cairo's line settings.
        case stroke
        /// The current path filled, then stroked.
        case fillAndStroke
        /// A pattern (a transparency layer's group) painted over the clip.
        case pattern(OpaquePointer)
        /// A pattern painted within a rectangle of user space (an image's
        /// rect, a layer's content bounds): it bounds the mask more tightly
        /// than the clip, and the pattern is clipped to it.
        case patternWithin(OpaquePointer, easel_rect)
    }

    /// Paints the current shadow of `shape`, if there is a shadow. Runs inside
    /// `perform`, before the shape itself is painted; leaves cairo's path,
    /// source and state as they were.
    package func castShadow(_ shape: ShadowShape) {
        guard let shadow = state.shadow else { return }
        let scale = deviceScale
        let dx = shadow.offsetX * scale, dy = shadow.offsetY * scale
        // Under a pending guard (Canvas+Guard.swift) the shadow of a fill or
        // a stroke keeps it, when the offset is whole device pixels and the
        // operator is OVER: the mask is bounded by the guard as by a clip, and
        // its pixels that would land outside the guard are cleared, which
        // OVER leaves unpainted: the same pixels as with the clip applied,
        // without clipping (which copies the path) for every shadowed shape.
        var keepsGuard = false
        switch shape {
        case .fill, .stroke, .fillAndStroke:
            keepsGuard = state.isGuarded && dx == dx.rounded() && dy == dy.rounded()
                && cairo_get_operator(cr) == CAIRO_OPERATOR_OVER
        case .pattern, .patternWithin:
            break
        }
        if !keepsGuard { applyGuardClip() }
        // The shape's extents in user space, then in device pixels.
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        switch shape {
        case .fill, .fillAndStroke: cairo_fill_extents(cr, &x1, &y1, &x2, &y2)
        case .stroke: cairo_stroke_extents(cr, &x1, &y1, &x2, &y2)
        case .pattern: cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        case .patternWithin(_, let rect):
            // User space as cairo has it: the Swift-side translation added.
            let r = rect.standardized
            let ox = isOffset ? offsetX : 0, oy = isOffset ? offsetY : 0
            (x1, y1, x2, y2) = (r.origin.x + ox, r.origin.y + oy, r.origin.x + r.size.width + ox, r.origin.y + r.size.height + oy)
        }
        if case .fillAndStroke = shape {
            var sx1 = 0.0, sy1 = 0.0, sx2 = 0.0, sy2 = 0.0
            cairo_stroke_extents(cr, &sx1, &sy1, &sx2, &sy2)
            (x1, y1, x2, y2) = (min(x1, sx1), min(y1, sy1), max(x2, sx2), max(y2, sy2))
        }
        guard x2 > x1, y2 > y1 else { return }
        var shapeBox = deviceBox(x1, y1, x2, y2)
        // What the clip can show of the shadow, moved back by the offset.
        var cx1 = 0.0, cy1 = 0.0, cx2 = 0.0, cy2 = 0.0
        cairo_clip_extents(cr, &cx1, &cy1, &cx2, &cy2)
        guard cx2 > cx1, cy2 > cy1 else { return }
        var clipBox = deviceBox(cx1, cy1, cx2, cy2)
        if keepsGuard {
            clipBox = (max(clipBox.0, Double(state.guardMinX)), max(clipBox.1, Double(state.guardMinY)),
                       min(clipBox.2, Double(state.guardMaxX)), min(clipBox.3, Double(state.guardMaxY)))
            guard clipBox.2 > clipBox.0, clipBox.3 > clipBox.1 else { return }
        }
        clipBox = (clipBox.0 - dx, clipBox.1 - dy, clipBox.2 - dx, clipBox.3 - dy)
        // Blur reach: three box blurs of radius r spread 3r pixels.
        let sigma = shadow.blur * scale / 2
        let radius = sigma > 0 ? max(1, Int(((4 * sigma * sigma + 1).squareRoot() - 1) / 2 + 0.5)) : 0
        let reach = Double(3 * radius + 1)
        shapeBox = (shapeBox.0 - reach, shapeBox.1 - reach, shapeBox.2 + reach, shapeBox.3 + reach)
        clipBox = (clipBox.0 - reach, clipBox.1 - reach, clipBox.2 + reach, clipBox.3 + reach)
        let left = max(shapeBox.0, clipBox.0).rounded(.down), top = max(shapeBox.1, clipBox.1).rounded(.down)
        let right = min(shapeBox.2, clipBox.2).rounded(.up), bottom = min(shapeBox.3, clipBox.3).rounded(.up)
        guard right > left, bottom > top, right - left <= 65536, bottom - top <= 65536 else { return }
        let width = Int32(right - left), height = Int32(bottom - top)

        // The mask: the shape, opaque, in device pixels from (left, top).
        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, width, height)
        defer { cairo_surface_destroy(mask) }
        guard CairoStatus.check(cairo_surface_status(mask)) == nil else { return }
        let maskContext = cairo_create(mask)
        defer { cairo_destroy(maskContext) }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_translate(maskContext, -left, -top)
        cairo_scale(maskContext, scale, scale)
        cairo_transform(maskContext, &matrix)
        cairo_set_antialias(maskContext, cairo_get_antialias(cr))
        switch shape {
        case .fill, .stroke, .fillAndStroke:
            let path = cairo_copy_path(cr)
            cairo_append_path(maskContext, path)
            cairo_path_destroy(path)
            cairo_set_fill_rule(maskContext, cairo_get_fill_rule(cr))
            cairo_set_line_width(maskContext, cairo_get_line_width(cr))
            cairo_set_line_cap(maskContext, cairo_get_line_cap(cr))
            cairo_set_line_join(maskContext, cairo_get_line_join(cr))
            cairo_set_miter_limit(maskContext, cairo_get_miter_limit(cr))
            let dashes = Int(cairo_get_dash_count(cr))
            var lengths = [Double](repeating: 0, count: dashes)
            var dashOffset = 0.0
            lengths.withUnsafeMutableBufferPointer { cairo_get_dash(cr, $0.baseAddress, &dashOffset) }
            cairo_set_dash(maskContext, lengths, Int32(dashes), dashOffset)
            if case .stroke = shape { cairo_stroke(maskContext) } else { cairo_fill_preserve(maskContext) }
            if case .fillAndStroke = shape { cairo_stroke(maskContext) }
        case .pattern(let pattern):
            cairo_set_source(maskContext, pattern)
            cairo_paint(maskContext)
        case .patternWithin(let pattern, let rect):
            let r = rect.standardized
            let ox = isOffset ? offsetX : 0, oy = isOffset ? offsetY : 0
            cairo_rectangle(maskContext, r.origin.x + ox, r.origin.y + oy, r.size.width, r.size.height)
            cairo_clip(maskContext)
            cairo_set_source(maskContext, pattern)
            cairo_paint(maskContext)
        }
        cairo_surface_flush(mask)
        if radius > 0, let data = cairo_image_surface_get_data(mask) {
            Self.boxBlur(data, width: Int(width), height: Int(height),
                         stride: Int(cairo_image_surface_get_stride(mask)), radius: radius)
        }
        if keepsGuard, let data = cairo_image_surface_get_data(mask) {
            // The mask's pixels that land inside the guard, at the offset.
            let keepLeft = Int(max(0, min(Double(width), Double(state.guardMinX) - dx - left)))
            let keepRight = Int(max(0, min(Double(width), Double(state.guardMaxX) - dx - left)))
            let keepTop = Int(max(0, min(Double(height), Double(state.guardMinY) - dy - top)))
            let keepBottom = Int(max(0, min(Double(height), Double(state.guardMaxY) - dy - top)))
            guard keepRight > keepLeft, keepBottom > keepTop else { return }
            Self.clearOutside(data, width: Int(width), height: Int(height), stride: Int(cairo_image_surface_get_stride(mask)),
                              keeping: (keepLeft, keepTop, keepRight, keepBottom))
        }
        cairo_surface_mark_dirty(mask)
        cairo_surface_set_device_scale(mask, scale, scale)

        // The shadow colour through the mask, at the offset.
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let color = shadow.color
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * state.alpha)
        cairo_mask_surface(cr, mask, (left + dx) / scale, (top + dy) / scale)
        cairo_restore(cr)
    }

    /// Clears an 8-bit alpha image outside the rectangle `keep` (columns
    /// `keep.0..<keep.2`, rows `keep.1..<keep.3`, within the image).
    static func clearOutside(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int,
                             keeping keep: (Int, Int, Int, Int)) {
        let (keepLeft, keepTop, keepRight, keepBottom) = keep
        if keepTop > 0 { memset(data, 0, keepTop * stride) }
        if keepBottom < height { memset(data + keepBottom * stride, 0, (height - keepBottom) * stride) }
        guard keepLeft > 0 || keepRight < width else { return }
        for row in keepTop..<keepBottom {
            let line = data + row * stride
            if keepLeft > 0 { memset(line, 0, keepLeft) }
            if keepRight < width { memset(line + keepRight, 0, width - keepRight) }
        }
    }

    /// The device-pixel box of a user-space box under cairo's matrix.
    private func deviceBox(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double)
        -> (Double, Double, Double, Double)
    {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (ux, uy) in [(x1, y1), (x2, y1), (x1, y2), (x2, y2)] {
            var x = ux, y = uy
            cairo_user_to_device(cr, &x, &y)
            minX = min(minX, x)
            minY = min(minY, y)
            maxX = max(maxX, x)
            maxY = max(maxY, y)
        }
        let scale = deviceScale
        return (minX * scale, minY * scale, maxX * scale, maxY * scale)
    }

    /// Blurs an 8-bit alpha image in place: three box blurs of `radius`
    /// along rows, then along columns (zero beyond the edges).
    ///
    /// The two line buffers are one temporary allocation (on the stack for
    /// small masks) read through pointers: a shadow is cast for every shape
    /// painted under it, so this runs per fill, per stroke.
    package static func boxBlur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: Int) {
        let longest = max(width, height)
        guard longest > 0, radius > 0 else { return }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * longest) { buffer in
            guard let base = buffer.baseAddress else { return }
            var line = base, blurred = base + longest
            let window = UInt32(2 * radius + 1), half = window / 2
            /// Three passes over `count` values in `line`, the result in `line`.
            func blurLine(_ count: Int) {
                for _ in 0..<3 {
                    var sum: UInt32 = 0
                    for i in 0..<min(radius, count) { sum &+= line[i] }
                    for i in 0..<count {
                        if i + radius < count { sum &+= line[i + radius] }
                        blurred[i] = (sum &+ half) / window
                        if i >= radius { sum &-= line[i - radius] }
                    }
                    swap(&line, &blurred)
                }
            }
            for y in 0..<height {
                let row = data + y * stride
                for x in 0..<width { line[x] = UInt32(row[x]) }
                blurLine(width)
                for x in 0..<width { row[x] = UInt8(truncatingIfNeeded: min(line[x], 255)) }
            }
            for x in 0..<width {
                for y in 0..<height { line[y] = UInt32(data[y * stride + x]) }
                blurLine(height)
                for y in 0..<height { data[y * stride + x] = UInt8(truncatingIfNeeded: min(line[y], 255)) }
            }
        }
    }
}
