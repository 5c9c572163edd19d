import EaselGraphicsCore
import EaselABI

extension Canvas {
    /// The identifier plugins pass to `get_extension` for ``textAPI``: "easel.text.v1".
    package static let textExtensionID = EASEL_TEXT_EXTENSION_ID

    /// The `easel_text_api` table (extension "easel.text.v1") handed to plugins.
    ///
    /// Allocated once and never freed, like ``graphicsAPI``. Drawing entries
    /// ignore a NULL, stale or unknown context; measuring entries measure
    /// without a canvas then, with the default font, exactly as the same text
    /// is drawn.
    ///
    /// `nonisolated(unsafe)`: the table is immutable after its one-time,
    /// thread-safe initialisation; the pointer type is merely not `Sendable`.
    nonisolated(unsafe) package static let textAPI: UnsafePointer<easel_text_api> = {
        let table = UnsafeMutablePointer<easel_text_api>.allocate(capacity: 1)
        table.initialize(to: makeTextAPI())
        return UnsafePointer(table)
    }()

    private static func makeTextAPI() -> easel_text_api {
        var api = easel_text_api()
        api.abi_version = UInt32(EASEL_ABI_VERSION_MAJOR) << 16 | UInt32(EASEL_ABI_VERSION_MINOR)
        api.struct_size = UInt32(MemoryLayout<easel_text_api>.size)

        api.set_font = { ctx, font in Canvas.live(ctx)?._withUnsafeGuaranteedRef { $0.setFont(font) } }
        api.font_metrics = { ctx, font in
            if let canvas = Canvas.resolve(ctx) { return canvas.fontMetrics(font) }
            return (try? Canvas.fontMetrics(font, base: Canvas.defaultFont)) ?? easel_font_metrics()
        }
        api.draw_text_at = { ctx, utf8, length, x, y, attributes, count in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef {
                $0.drawText(utf8, length: length, x: x, y: y, attributes: attributes, attributeCount: count)
            }
        }
        api.draw_text_in_rect = { ctx, utf8, length, rect, style, attributes, count in
            Canvas.live(ctx)?._withUnsafeGuaranteedRef {
                $0.drawText(utf8, length: length, in: rect, style: style, attributes: attributes, attributeCount: count)
            }
        }
        api.measure_text = { ctx, utf8, length, width, maxHeight, style, attributes, count in
            if let canvas = Canvas.resolve(ctx) {
                return canvas.measureText(
                    utf8, length: length, width: width, maxHeight: maxHeight, style: style, attributes: attributes,
                    attributeCount: count)
            }
            return (try? Canvas.measureText(
                utf8, length: length, width: width, maxHeight: maxHeight, style: style, attributes: attributes,
                attributeCount: count, font: Canvas.defaultFont)) ?? easel_size()
        }
        api.character_rect = { ctx, utf8, length, rect, style, attributes, count, start, end in
            if let canvas = Canvas.resolve(ctx) {
                return canvas.characterRect(
                    utf8, length: length, in: rect, style: style, attributes: attributes, attributeCount: count,
                    start: start, end: end)
            }
            return (try? Canvas.characterRect(
                utf8, length: length, in: rect, style: style, attributes: attributes, attributeCount: count,
                start: start, end: end, font: Canvas.defaultFont)) ?? easel_rect()
        }
        return api
    }
}
