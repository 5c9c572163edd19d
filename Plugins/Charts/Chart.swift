// Chart : Swatch, and ChartCoordinator : Object.

import EaselPluginKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// MARK: - Chart : Swatch

/// A line chart of one sine period over Swatch's background, with a border.
struct Chart: ViewClass {
    static let superclassName = "Swatch"

    /// The colour of the curve and the border.
    let lineColor = Property(default: Color(red: 0, green: 0, blue: 1))
    /// The width of the curve and the border, in points.
    let lineWidth = Property(default: 2.0)

    static var methods: [Method<Chart>] {
        [
            // Swatch paints the background, then the chart asks itself for its parts.
            .drawRect { chart, rect, g in
                chart.sendSuper("drawRect:", rect)
                sendDrawingMessages(to: chart, from: chart, rect, g)
            },
            .drawing("drawCurve:inContext:") { chart, rect, g in chart.drawCurve(in: rect, g) },
            .drawing("drawBorder:inContext:") { chart, rect, g in chart.drawBorder(around: rect, g) },
        ]
    }
}

extension Instance<Chart> {
    /// `lineWidth` as drawn in `rect`: not negative, and at most twice its longer side (a wider
    /// line covers no more of it).
    func lineWidth(in rect: Rect) -> Double {
        min(max(0, self.lineWidth), 2 * max(rect.width, rect.height))
    }

    /// Strokes one sine period across `rect`, keeping the line inside it.
    func drawCurve(in rect: Rect, _ g: Graphics) {
        let width = lineWidth(in: rect)
        let amplitude = max(0, rect.size.height / 2 - width)  // flat, not inverted, when too short
        let segments = 32
        g.withSavedState {
            g.setStrokeColor(self.lineColor)
            g.setLineWidth(width)
            g.beginPath()
            g.addLines(between: (0...segments).map { i in
                let t = Double(i) / Double(segments)
                return Point(x: rect.origin.x + rect.size.width * t, y: rect.midY - amplitude * sin(2 * .pi * t))
            })
            g.strokePath()
        }
    }

    /// Strokes the outline of `rect`, inset so the whole line falls inside it.
    func drawBorder(around rect: Rect, _ g: Graphics) {
        let width = lineWidth(in: rect), inset = width / 2
        g.withSavedState {
            g.setStrokeColor(self.lineColor)
            g.setLineWidth(width)
            g.stroke(Rect(x: rect.origin.x + inset, y: rect.origin.y + inset,
                          width: rect.size.width - 2 * inset, height: rect.size.height - 2 * inset))
        }
    }
}

// MARK: - ChartCoordinator : Object

/// A drawing delegate: the view draws, the coordinator decides what and in which order.
struct ChartCoordinator: PluginClass {
    static var methods: [Method<ChartCoordinator>] {
        [.drawView { coordinator, view, rect, g in sendDrawingMessages(to: view, from: coordinator, rect, g) }]
    }
}

/// Sends `drawCurve:inContext:` then `drawBorder:inContext:` to `view`. On the
/// first failure `sender` logs it (the host reports it too) and stops.
private func sendDrawingMessages(to view: some ObjectHandle, from sender: some ObjectHandle, _ rect: Rect,
                                 _ g: Graphics) {
    for selector: Selector in ["drawCurve:inContext:", "drawBorder:inContext:"] {
        let status = view.send(selector, rect, g)
        if !status.isOK {
            sender.log("could not send \(selector) to a \(view.className) (status \(status.code))")
            return
        }
    }
}
