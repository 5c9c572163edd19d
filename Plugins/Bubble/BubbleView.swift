// Bubble — BubbleView, the speech bubble of seed 003 ("Drawing on top of
// subviews"), as a Swift plugin (libBubble.so) written with EaselPluginKit.
//
//   BubbleView : View   wraps a content view (its first subview that is not
//                       an overlay; any view of any plugin) in a rounded
//                       bubble with a tail pointing down from the bottom
//                       centre. drawRect: paints the body under the content:
//                       the inside, then the rounded border. An overlay that
//                       init adds (selector drawTail:) paints the tail over
//                       everything: a triangle in the content's background
//                       colour that reaches up over the border where the two
//                       meet, then the tail's edges, which continue the
//                       border, so the outline has no seam and no line across
//                       the tail's base. The bubble fits itself around its
//                       content (sizeThatFits:) and places the content inside
//                       the border (layoutSubviews).

import EaselPluginKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

@_cdecl("easel_plugin_entry_v2")
public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin.entry(host, name: "Bubble", classes: [BubbleView.self])
}

/// A speech bubble around a content view.
struct BubbleView: ViewClass {
    /// The outline's colour.
    let borderColor = Property(default: Color(white: 0.2))
    /// The outline's width in points.
    let borderWidth = Property(default: 2.0)
    /// The radius of the body's outer corners.
    let cornerRadius = Property(default: 12.0)
    /// The tail's width where it meets the body (at most the straight part of the bottom edge).
    let tailWidth = Property(default: 24.0)
    /// How far the tail reaches below the body.
    let tailHeight = Property(default: 14.0)
    /// Space between the border and the content.
    let padding = Property(default: 4.0)
    /// The inside where the content has no background colour (and with no content).
    let fillColor = Property(default: Color.white)

    static var methods: [Method<BubbleView>] {
        [
            .initialize { bubble in
                bubble.isOpaque = false  // the corners and the sides of the tail stay transparent
                bubble.addOverlay("drawTail:")
            },
            .didAddSubview { bubble, _ in
                bubble.setNeedsLayout()
                bubble.setNeedsDisplay()  // the inside takes the content's colour
            },
            .layoutSubviews { bubble in bubble.layOutContent() },
            .sizeThatFits { bubble, size in bubble.fittingSize(size) },
            .drawRect { bubble, _, g in bubble.drawBody(g) },
            .overlay("drawTail:") { bubble, _, g in bubble.drawTail(g) },
        ]
    }
}

extension Instance<BubbleView> {
    /// The content: the first subview that is not an overlay.
    var contentView: ViewRef? {
        subviews.first { !$0.isKind(of: "OverlayView") }
    }

    /// The body: the bounds above the tail.
    var bodyRect: Rect {
        let bounds = self.bounds
        return Rect(x: bounds.minX, y: bounds.minY, width: bounds.width,
                    height: max(0, bounds.height - self.tailHeight))
    }

    /// How far the content sits inside the body's edges: the border and the
    /// padding, and at least enough for the content's corners to stay inside
    /// the border's rounded corners.
    var contentInset: Double {
        let border = self.borderWidth
        let radius = max(self.cornerRadius, border)
        let cornerClearance = radius - (radius - border) / 2.squareRoot()
        return max(border + self.padding, cornerClearance.rounded(.up))
    }

    /// The inside's colour: the content's background colour, else `fillColor`.
    var insideColor: Color {
        contentView?.backgroundColor ?? self.fillColor
    }

    func layOutContent() {
        guard let content = contentView else { return }
        let inset = contentInset
        let body = bodyRect
        content.frame = Rect(x: body.minX + inset, y: body.minY + inset,
                             width: max(0, body.width - 2 * inset), height: max(0, body.height - 2 * inset))
    }

    /// The content's fitting size plus the insets and the tail, and wide
    /// enough for the tail to fit between the bottom corners.
    func fittingSize(_ size: Size) -> Size {
        let inset = contentInset
        let tail = self.tailHeight
        var content = Size.zero
        if let view = contentView {
            content = view.sizeThatFits(Size(width: max(0, size.width - 2 * inset),
                                             height: max(0, size.height - 2 * inset - tail)))
        }
        let minimumWidth = self.tailWidth + 2 * self.cornerRadius
        return Size(width: max(content.width + 2 * inset, minimumWidth), height: content.height + 2 * inset + tail)
    }

    /// The border's width as drawn: not negative, and at most the bounds' longer side (a wider
    /// border would cover no more of the view, and lose the outline in arithmetic).
    var drawnBorderWidth: Double {
        let bounds = self.bounds
        return min(max(0, self.borderWidth), max(bounds.width, bounds.height))
    }

    /// The body under the content: the inside, then the rounded border.
    func drawBody(_ g: Graphics) {
        let border = drawnBorderWidth
        let outline = bodyRect.insetBy(dx: border / 2, dy: border / 2)
        let radius = max(0, self.cornerRadius - border / 2)
        guard !outline.isNull else {
            // The body is no wider or taller than its border: the border covers it.
            if border > 0 {
                g.withSavedState {
                    g.setFillColor(self.borderColor)
                    g.fill(bodyRect)
                }
            }
            return
        }
        g.withSavedState {
            g.setFillColor(insideColor)
            g.beginPath()
            g.addRoundedRect(outline, cornerRadius: radius)
            g.fillPath()
            if border > 0 {
                g.setStrokeColor(self.borderColor)
                g.setLineWidth(border)
                g.beginPath()
                g.addRoundedRect(outline, cornerRadius: radius)
                g.strokePath()
            }
        }
    }

    /// The tail, over the content: the seed's fill that reaches up over the
    /// border where tail and body meet, then the tail's edges as a
    /// continuation of the border.
    func drawTail(_ g: Graphics) {
        let border = drawnBorderWidth
        let bounds = self.bounds
        let body = bodyRect
        let tailHeight = min(self.tailHeight, bounds.height)
        guard tailHeight > 0 else { return }
        // The tail's base sits on the straight part of the bottom edge.
        let straight = max(0, body.width - 2 * self.cornerRadius)
        let halfWidth = min(self.tailWidth, straight) / 2
        guard halfWidth > 0 else { return }

        let lineY = body.maxY - border / 2  // the centre line of the bottom border
        let center = body.midX
        // The tip, high enough for the mitred point of the outline to end at the bounds.
        let depth = tailHeight + border / 2
        let halfAngle = atan2(halfWidth, depth)
        let miter = border / 2 / sin(halfAngle)
        let tipY = miter / (border / 2) < 10 ? bounds.maxY - miter : bounds.maxY - border / 2
        let left = Point(x: center - halfWidth, y: lineY)
        let right = Point(x: center + halfWidth, y: lineY)
        let tip = Point(x: center, y: max(lineY, tipY))

        g.withSavedState {
            // 1. Fill the tail with the inside's colour, starting one border
            //    width above the base: it covers the border across the base.
            let overlap = max(border, 0.5)
            g.setFillColor(insideColor)
            g.beginPath()
            g.move(to: Point(x: left.x, y: lineY - overlap))
            g.addLine(to: left)
            g.addLine(to: tip)
            g.addLine(to: right)
            g.addLine(to: Point(x: right.x, y: lineY - overlap))
            g.closePath()
            g.fillPath()

            // 2. Stroke the edges, starting and ending on the border's own
            //    line so that the joins with it are those of one outline.
            guard border > 0 else { return }
            g.setStrokeColor(self.borderColor)
            g.setLineWidth(border)
            g.setLineJoin(.miter)
            g.setLineCap(.butt)
            g.beginPath()
            g.move(to: Point(x: left.x - border, y: lineY))
            g.addLine(to: left)
            g.addLine(to: tip)
            g.addLine(to: right)
            g.addLine(to: Point(x: right.x + border, y: lineY))
            g.strokePath()
        }
    }
}
