import EaselGraphicsCore
import EaselABI

extension Canvas {
    /// The `easel_graphics_api` table handed to plugins.
    ///
    /// Allocated once and never freed: plugins may keep the pointer for the
    /// life of the process. Each entry turns the context handle back into a
    /// canvas with ``live(_:)`` (ignoring NULL, stale and unknown handles,
    /// and then returning zeroes) and calls the same method the host's Swift
    /// code uses, on the unretained canvas. The call is written out in each
    /// entry (`_withUnsafeGuaranteedRef` with the closure right there) rather
    /// than passed through a helper taking a closure: that way the compiler
    /// inlines it, where through ``withCanvas(_:else:_:)`` each entry became
    /// three calls, one of them indirect.
    ///
    /// `nonisolated(unsafe)`: the table is immutable after its one-time,
    /// thread-safe initialisation; the pointer type is merely not `Sendable`.
    nonisolated(unsafe) package static let graphicsAPI: UnsafePointer<easel_graphics_api> = {
        let table = UnsafeMutablePointer<easel_graphics_api>.allocate(capacity: 1)
        table.initialize(to: makeGraphicsAPI())
        return UnsafePointer(table)
    }()

    private static func makeGraphicsAPI() -> easel_graphics_api {
        var api = easel_graphics_api()
        // EASEL_ABI_VERSION is a macro with casts, which Swift does not import.
        api.abi_version = UInt32(EASEL_ABI_VERSION_MAJOR) << 16 | UInt32(EASEL_ABI_VERSION_MINOR)
        api.struct_size = UInt32(MemoryLayout<easel_graphics_api>.size)

        api.current_context = { Canvas.currentContext }

        api.save_state = { ctx in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.saveState() } }
        api.restore_state = { ctx in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.restoreState() } }

        api.translate = { ctx, tx, ty in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.translate(x: tx, y: ty) } }
        api.scale = { ctx, sx, sy in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.scale(x: sx, y: sy) } }
        api.rotate = { ctx, radians in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.rotate(by: radians) } }
        api.concat_ctm = { ctx, transform in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.concatenate(transform) } }
        api.get_ctm = { ctx in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.currentTransform } ?? easel_affine_transform()
        }

        api.begin_path = { ctx in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.beginPath() } }
        api.move_to = { ctx, x, y in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.move(toX: x, y: y) } }
        api.add_line_to = { ctx, x, y in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.addLine(toX: x, y: y) } }
        api.add_quad_curve_to = { ctx, cpx, cpy, x, y in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.addQuadCurve(controlX: cpx, controlY: cpy, toX: x, y: y) }
        }
        api.add_curve_to = { ctx, cp1x, cp1y, cp2x, cp2y, x, y in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef {
                $0.addCurve(control1X: cp1x, control1Y: cp1y, control2X: cp2x, control2Y: cp2y, toX: x, y: y)
            }
        }
        api.add_arc = { ctx, x, y, radius, start, end, clockwise in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef {
                $0.addArc(
                    centerX: x, centerY: y, radius: radius, startAngle: start, endAngle: end,
                    clockwise: clockwise != 0)
            }
        }
        api.add_rect = { ctx, rect in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.addRect(rect) } }
        api.add_ellipse_in_rect = { ctx, rect in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.addEllipse(in: rect) } }
        api.close_path = { ctx in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.closePath() } }

        api.fill_path = { ctx, rule in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.fillPath(rule: rule) } }
        api.stroke_path = { ctx in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.strokePath() } }
        api.clip = { ctx, rule in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.clip(rule: rule) } }
        api.fill_rect = { ctx, rect in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.fillRect(rect) } }
        api.stroke_rect = { ctx, rect in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.strokeRect(rect) } }
        api.clear_rect = { ctx, rect in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.clear(rect) } }

        api.set_fill_color = { ctx, color in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.setFillColor(color) } }
        api.set_stroke_color = { ctx, color in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.setStrokeColor(color) } }
        api.set_alpha = { ctx, alpha in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.setAlpha(alpha) } }

        api.set_line_width = { ctx, width in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.setLineWidth(width) } }
        api.set_line_cap = { ctx, cap in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.setLineCap(cap) } }
        api.set_line_join = { ctx, join in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.setLineJoin(join) } }
        api.set_line_dash = { ctx, phase, lengths, count in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.setLineDash(phase: phase, lengths: lengths, count: count) }
        }

        api.set_font = { ctx, family, size in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.setFont(family: family, size: size) } }
        api.show_text = { ctx, utf8, x, y in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.showText(cString: utf8, x: x, y: y) } }
        api.measure_text = { ctx, utf8 in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.measureText(cString: utf8) } ?? easel_size()
        }
        return api
    }
}
