import EaselCanvas
import EaselGraphicsCore
import EaselABI
import EaselGeometry

extension Canvas {
    /// The most rectangles one `clip_to_rects` call takes.
    package static let maximumClipRects: UInt32 = 1 << 20

    /// The `easel_paint_api` table of the extension `easel.paint.v1`
    /// (`EASEL_PAINT_EXTENSION_ID`), which the runtime registers for
    /// `get_extension`.
    ///
    /// Allocated once and never freed. Each entry resolves the context
    /// handle as the 2.0 table's do (``live(_:)``: NULL, stale and unknown
    /// handles are ignored, results are zero or the null rectangle) and calls
    /// the canvas method of the same meaning.
    nonisolated(unsafe) package static let paintAPI: UnsafePointer<easel_paint_api> = {
        let table = UnsafeMutablePointer<easel_paint_api>.allocate(capacity: 1)
        table.initialize(to: makePaintAPI())
        return UnsafePointer(table)
    }()

    private static func makePaintAPI() -> easel_paint_api {
        var api = easel_paint_api()
        api.abi_version = UInt32(EASEL_ABI_VERSION_MAJOR) << 16 | UInt32(EASEL_ABI_VERSION_MINOR)
        api.struct_size = UInt32(MemoryLayout<easel_paint_api>.size)

        api.clip_to_rect = { ctx, rect in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.clip(to: rect) } }
        api.clip_to_rects = { ctx, rects, count in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef { canvas in
                guard count > 0 else { return canvas.clip(toRects: []) }
                guard count <= Canvas.maximumClipRects else {
                    return canvas.record(.invalidArgument(
                        "clip_to_rects", "too many rects (\(count); at most \(Canvas.maximumClipRects))"))
                }
                guard let rects else {
                    return canvas.record(.invalidArgument("clip_to_rects", "NULL rects with count \(count)"))
                }
                canvas.clip(toRects: Array(UnsafeBufferPointer(start: rects, count: Int(count))))
            }
        }
        api.clip_bounding_box = { ctx in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.clipBoundingBox } ?? .null
        }

        api.add_arc_to_point = { ctx, x1, y1, x2, y2, radius in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef {
                $0.addArc(tangent1X: x1, y1: y1, tangent2X: x2, y2: y2, radius: radius)
            }
        }
        api.add_rounded_rect = { ctx, rect, tl, tr, br, bl in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef {
                $0.addRoundedRect(rect, topLeft: tl, topRight: tr, bottomRight: br, bottomLeft: bl)
            }
        }
        api.current_point = { ctx, point in
            guard let current = Canvas.live(ctx)?._withUnsafeGuaranteedRef({ $0.currentPoint }) else { return 0 }
            point?.pointee = current
            return 1
        }
        api.path_bounding_box = { ctx in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.pathBoundingBox } ?? .null
        }
        api.path_contains_point = { ctx, point, mode in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.pathContains(point, mode: mode) } == true ? 1 : 0
        }
        api.draw_path = { ctx, mode in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.drawPath(mode: mode) } }

        api.set_miter_limit = { ctx, limit in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.setMiterLimit(limit) } }
        api.set_should_antialias = { ctx, antialias in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.setShouldAntialias(antialias != 0) }
        }

        api.gradient_create = { colors, locations, count in
            Gradient.create(colors: colors, locations: locations, count: count)
        }
        api.gradient_release = { gradient in Gradient.release(gradient) }
        api.draw_linear_gradient = { ctx, gradient, start, end, options in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef {
                $0.drawLinearGradient(UnsafeRawPointer(gradient), start: start, end: end, options: options)
            }
        }
        api.draw_radial_gradient = { ctx, gradient, startCenter, startRadius, endCenter, endRadius, options in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef {
                $0.drawRadialGradient(
                    UnsafeRawPointer(gradient), startCenter: startCenter, startRadius: startRadius,
                    endCenter: endCenter, endRadius: endRadius, options: options)
            }
        }

        api.set_blend_mode = { ctx, mode in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.setBlendMode(mode) } }
        api.begin_transparency_layer = { ctx in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.beginTransparencyLayer() }
        }
        api.end_transparency_layer = { ctx in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.endTransparencyLayer() }
        }
        api.set_shadow = { ctx, offset, blur, color in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef {
                $0.setShadow(offsetX: offset.width, offsetY: offset.height, blur: blur, color: color)
            }
        }
        return api
    }
}
