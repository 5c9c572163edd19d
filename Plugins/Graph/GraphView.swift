// Graph — GraphView, the seed's right-handed graph view (seed 001), as a
// Swift plugin (libGraph.so) written with EaselPluginKit.
//
//   GraphView : RHView   a curve in the view's own coordinates, y up (the
//                        origin is the bottom-left corner), with drawing
//                        methods for its parts that a delegate (such as
//                        GraphControl's GraphController) sends in the order
//                        it chooses: drawGrid:inContext:, drawCurve:inContext:,
//                        drawBorder:inContext:. Without a delegate the view
//                        draws all three itself (drawRect:inContext:).

import EaselPluginKit

@_cdecl("easel_plugin_entry_v2")
public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin.entry(host, name: "Graph", classes: [GraphView.self])
}

/// What `easel list`, `easel inspect` and the gallery show about the plugin (easel.metadata.v1).
@_cdecl("easel_plugin_metadata_v2")
public func easelPluginMetadata() -> UnsafeRawPointer? {
    Plugin.metadata(description: "The right-handed graph view of seed 001: a curve with y up", version: "1.0.0", author: "The Easel authors", license: "MIT",
                    classes: [
                        .init(GraphView.self, summary: "A right-handed view plotting a curve, y up"),
                    ])
}

/// A right-handed view that plots a curve; its y axis points up.
struct GraphView: ViewClass {
    static let superclassName = "RHView"

    /// The curve: points in the view's coordinates (origin bottom left, y up).
    let curve = Property(default: [Point]())
    /// The curve's colour.
    let lineColor = Property(default: Color(hex: 0x1F6FD1))
    /// The curve's width in points.
    let lineWidth = Property(default: 2.0)
    /// The border's colour.
    let borderColor = Property(default: Color(white: 0.25))
    /// The border's width in points; 0 draws none.
    let borderWidth = Property(default: 1.0)
    /// The distance between grid lines, from the origin; 0 (the default) draws no grid.
    let gridSpacing = Property(default: 0.0)
    /// The grid lines' colour.
    let gridColor = Property(default: Color(white: 0.85))

    /// Points a side of an area larger than any canvas (easel's are at most
    /// 32,767): grid lines outside it cannot show.
    static let largestCanvas = 65_536.0
    /// The most grid lines drawn along an axis: beyond, they fall closer than a canvas point.
    static let mostLines = 2 * largestCanvas + 1

    static var methods: [Method<GraphView>] {
        [
            // Transparent around what it draws unless a background colour is set.
            .initialize { graph in graph.isOpaque = false },
            // easel gallery: a preview plots sample data on a grid (the defaults show only the border).
            .prepareForInterfaceBuilder { graph in
                let samples = [0.15, 0.4, 0.3, 0.65, 0.5, 0.8, 0.7, 0.9]
                let bounds = graph.bounds, step = bounds.width / Double(samples.count - 1)
                graph.curve = samples.enumerated().map { index, value in
                    Point(x: bounds.minX + Double(index) * step, y: bounds.minY + value * bounds.height)
                }
                graph.gridSpacing = 20
            },
            .drawing("drawGrid:inContext:") { graph, _, g in graph.drawGrid(g) },
            .drawing("drawCurve:inContext:") { graph, _, g in graph.drawCurve(g) },
            .drawing("drawBorder:inContext:") { graph, _, g in graph.drawBorder(g) },
            // No delegate: the view coordinates its own drawing.
            .drawRectInContext { graph, _, g in
                graph.drawGrid(g)
                graph.drawCurve(g)
                graph.drawBorder(g)
            },
        ]
    }
}

// The drawing methods ignore the rect (the area to repaint, for a delegate
// that wants it): each draws its whole part and the host clips.
extension Instance<GraphView> {
    /// Vertical and horizontal lines every `gridSpacing` points, 1 point wide.
    ///
    /// The work is bounded by what can show, whatever the spacing and the
    /// bounds: only the lines inside the bounds and inside the largest area a
    /// canvas can have (``largestCanvas`` points a side, seen through the
    /// context's transform) are drawn, each once. Lines that would touch
    /// (a spacing of 1 point or less) cover the grid's area, which is filled
    /// with `gridColor`; lines closer than a canvas point apart would blur
    /// into a tint, which is filled with `gridColor` at the share of the area
    /// the lines cover.
    func drawGrid(_ g: Graphics) {
        let spacing = self.gridSpacing
        guard spacing > 0, spacing.isFinite, let toUser = g.transform.inverted() else { return }
        let extent = GraphView.largestCanvas
        let visible = toUser.apply(to: Rect(x: -extent, y: -extent, width: 2 * extent, height: 2 * extent))
        let area = self.bounds.intersection(visible)
        guard !area.isNull else { return }
        let first = (x: (area.minX / spacing).rounded(.up) * spacing, y: (area.minY / spacing).rounded(.up) * spacing)
        let count = (x: ((area.maxX - first.x) / spacing).rounded(.down) + 1,
                     y: ((area.maxY - first.y) / spacing).rounded(.down) + 1)
        // How far apart consecutive lines land on the canvas, in points.
        let ctm = g.transform, determinant = abs(ctm.a * ctm.d - ctm.b * ctm.c)
        let apart = min(spacing * determinant / (ctm.c * ctm.c + ctm.d * ctm.d).squareRoot(),
                        spacing * determinant / (ctm.a * ctm.a + ctm.b * ctm.b).squareRoot())
        g.withSavedState {
            guard spacing > 1, apart >= 1, count.x <= GraphView.mostLines, count.y <= GraphView.mostLines else {
                // One line's share of the area along each axis, and what the two sets cover together.
                let share = min(1, 1 / spacing)
                var tint = self.gridColor
                tint.alpha *= 1 - (1 - share) * (1 - share)
                g.setFillColor(tint)
                g.fill(area)
                return
            }
            g.setStrokeColor(self.gridColor)
            g.setLineWidth(1)
            g.beginPath()
            for index in stride(from: 0.0, to: count.x, by: 1) {
                let x = first.x + index * spacing
                g.move(to: Point(x: x, y: area.minY))
                g.addLine(to: Point(x: x, y: area.maxY))
            }
            for index in stride(from: 0.0, to: count.y, by: 1) {
                let y = first.y + index * spacing
                g.move(to: Point(x: area.minX, y: y))
                g.addLine(to: Point(x: area.maxX, y: y))
            }
            g.strokePath()
        }
    }

    /// A line width as drawn: not negative, and at most twice the bounds' longer side (a wider
    /// line covers no more of the view).
    func drawn(_ width: Double) -> Double {
        let bounds = self.bounds
        return min(max(0, width), 2 * max(bounds.width, bounds.height))
    }

    /// The curve as a polyline with round joins; the context is right-handed,
    /// so the points go in as they are.
    func drawCurve(_ g: Graphics) {
        let points = self.curve
        guard points.count > 1 else { return }
        g.withSavedState {
            g.setStrokeColor(self.lineColor)
            g.setLineWidth(drawn(self.lineWidth))
            g.setLineJoin(.round)
            g.setLineCap(.round)
            g.beginPath()
            g.addLines(between: points)
            g.strokePath()
        }
    }

    /// The bounds' outline, inset so the whole line falls inside the view.
    func drawBorder(_ g: Graphics) {
        let width = drawn(self.borderWidth)
        guard width > 0 else { return }
        g.withSavedState {
            g.setStrokeColor(self.borderColor)
            g.setLineWidth(width)
            // Not insetBy (CGRectInset): a border wider than the view would
            // make that the null rectangle; this strokes it turned inside out.
            let bounds = self.bounds, inset = width / 2
            g.stroke(Rect(x: bounds.minX + inset, y: bounds.minY + inset,
                          width: bounds.width - 2 * inset, height: bounds.height - 2 * inset))
        }
    }
}
