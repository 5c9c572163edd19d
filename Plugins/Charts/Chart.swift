// Chart : Swatch, and ChartCoordinator : Object.

import EaselABI
import Glibc

// MARK: - Signatures

/// Encoding of `drawCurve:inContext:` and `drawBorder:inContext:`.
private let rectInContextEncoding = "v@:" + EASEL_ENCODE_RECT + EASEL_ENCODE_CONTEXT

/// `- (void)drawRect:(CGRect)rect`
private typealias DrawRectIMP = @convention(c) (OpaquePointer?, easel_sel?, easel_rect) -> Void
/// `- (void)drawCurve:(CGRect)rect inContext:(CGContextRef)ctx`, also `drawBorder:inContext:`
private typealias RectInContextIMP =
    @convention(c) (OpaquePointer?, easel_sel?, easel_rect, UnsafeMutableRawPointer?) -> Void
/// `- (void)drawView:(id)view inRect:(CGRect)rect inContext:(CGContextRef)ctx`
private typealias DrawViewIMP =
    @convention(c) (OpaquePointer?, easel_sel?, OpaquePointer?, easel_rect, UnsafeMutableRawPointer?) -> Void

// Looked up lazily on first use, i.e. inside a method call, once the classes
// are registered (class_named does not work inside the entry point).
nonisolated(unsafe) private let chartClass = host.class_named("Chart")
nonisolated(unsafe) private let drawRectSelector = selector("drawRect:")
nonisolated(unsafe) private let drawCurveSelector = selector("drawCurve:inContext:")
nonisolated(unsafe) private let drawBorderSelector = selector("drawBorder:inContext:")

// MARK: - Chart : Swatch

/// Chart's own per-instance storage (Swatch's colour and corner radius live in Swatch's).
private struct ChartStorage {
    var lineColor: easel_color
    var lineWidth: Double
}

func chartClassDescription() -> easel_class_desc {
    classDescription(
        "Chart", superclass: "Swatch", storage: ChartStorage.self,
        properties: [
            property("lineColor", EASEL_ENCODE_COLOR, \ChartStorage.lineColor,
                     default: easel_color(red: 0, green: 0, blue: 1, alpha: 1)),
            property("lineWidth", "d", \ChartStorage.lineWidth, default: 2.0),
        ],
        methods: [
            method("drawRect:", "v@:" + EASEL_ENCODE_RECT, imp(chartDrawRect as DrawRectIMP)),
            method("drawCurve:inContext:", rectInContextEncoding, imp(chartDrawCurve as RectInContextIMP)),
            method("drawBorder:inContext:", rectInContextEncoding, imp(chartDrawBorder as RectInContextIMP)),
        ])
}

/// The Chart storage of `object`, nil when it is not a Chart.
private func chartStorage(_ object: OpaquePointer?) -> ChartStorage? {
    host.object_storage(object, chartClass)?.assumingMemoryBound(to: ChartStorage.self).pointee
}

/// Swatch paints the background, then the chart draws its curve and border.
private func chartDrawRect(_ object: OpaquePointer?, _ cmd: easel_sel?, _ rect: easel_rect) {
    sendSuper(object, chartClass, drawRectSelector, rect)
    let context = graphics.current_context()
    sendToView(object, from: object, rect, context)
}

/// Strokes one sine period across `rect`, keeping the line inside it.
private func chartDrawCurve(
    _ object: OpaquePointer?, _ cmd: easel_sel?, _ rect: easel_rect, _ rawContext: UnsafeMutableRawPointer?
) {
    guard let storage = chartStorage(object), let rawContext else { return }
    let g = graphics
    let context = OpaquePointer(rawContext)
    let width = storage.lineWidth
    let amplitude = max(0, rect.size.height / 2 - width)  // flat, not inverted, when too short
    let midY = rect.origin.y + rect.size.height / 2
    let segments = 32

    g.save_state(context)
    g.set_stroke_color(context, storage.lineColor)
    g.set_line_width(context, width)
    g.begin_path(context)
    for i in 0...segments {
        let t = Double(i) / Double(segments)
        let x = rect.origin.x + rect.size.width * t
        let y = midY - amplitude * sin(2 * Double.pi * t)
        if i == 0 { g.move_to(context, x, y) } else { g.add_line_to(context, x, y) }
    }
    g.stroke_path(context)
    g.restore_state(context)
}

/// Strokes the outline of `rect`, inset so the whole line falls inside it.
private func chartDrawBorder(
    _ object: OpaquePointer?, _ cmd: easel_sel?, _ rect: easel_rect, _ rawContext: UnsafeMutableRawPointer?
) {
    guard let storage = chartStorage(object), let rawContext else { return }
    let g = graphics
    let context = OpaquePointer(rawContext)
    let inset = storage.lineWidth / 2
    let border = easel_rect(
        origin: easel_point(x: rect.origin.x + inset, y: rect.origin.y + inset),
        size: easel_size(width: rect.size.width - 2 * inset, height: rect.size.height - 2 * inset))

    g.save_state(context)
    g.set_stroke_color(context, storage.lineColor)
    g.set_line_width(context, storage.lineWidth)
    g.stroke_rect(context, border)
    g.restore_state(context)
}

// MARK: - ChartCoordinator : Object

/// The coordinator keeps no state of its own.
private struct NoStorage {}

func chartCoordinatorClassDescription() -> easel_class_desc {
    classDescription(
        "ChartCoordinator", superclass: "Object", storage: NoStorage.self,
        methods: [
            method("drawView:inRect:inContext:", "v@:@" + EASEL_ENCODE_RECT + EASEL_ENCODE_CONTEXT,
                   imp(coordinatorDrawView as DrawViewIMP)),
        ])
}

/// The delegate coordinates, the view draws: asks `view` for its curve, then its border.
private func coordinatorDrawView(
    _ object: OpaquePointer?, _ cmd: easel_sel?, _ view: OpaquePointer?, _ rect: easel_rect,
    _ rawContext: UnsafeMutableRawPointer?
) {
    sendToView(view, from: object, rect, OpaquePointer(rawContext))
}

/// Sends `drawCurve:inContext:` then `drawBorder:inContext:` to `view`. On the
/// first failure `sender` logs it (the host reports it too) and stops.
private func sendToView(_ view: OpaquePointer?, from sender: OpaquePointer?, _ rect: easel_rect,
                        _ context: OpaquePointer?) {
    for (sel, name) in [(drawCurveSelector, "drawCurve:inContext:"),
                        (drawBorderSelector, "drawBorder:inContext:")] {
        let status = send(view, sel, rect, context)
        if status != EASEL_OK {
            let className = host.class_name(host.object_class(view)).map { String(cString: $0) } ?? "nil"
            host.log(sender, "could not send \(name) to a \(className) (status \(status))")
            return
        }
    }
}
