// Bubble — BubbleView, the speech bubble of seed 003 ("Drawing on top of
// subviews"), as a Swift plugin (libBubble.so) written with EaselPluginKit.
//
//   BubbleView : View   wraps a content view (its first subview that is not
//                       an overlay; any view of any plugin) in a rounded
//                       bubble with a tail pointing down from the bottom
//                       centre. drawRect: paints the body under the content:
//                       a soft shadow of the whole outline (body and tail),
//                       the inside as a subtle vertical gradient, then the
//                       rounded border. An overlay that init adds (selector
//                       drawTail:) paints the tail over everything: a
//                       triangle of the same gradient that reaches up over
//                       the border where the two meet, then the tail's edges,
//                       which continue the border, so the outline has no seam
//                       and no line across the tail's base. The bubble fits
//                       itself around its content (sizeThatFits:) and places
//                       the content inside the border (layoutSubviews).
//
// The drawing uses easel.paint.v1 through EaselPluginKit, as a UIKit view
// would use CoreGraphics: `setShadow(offset:blur:color:)` (the shadow falls
// inside the bounds, which leave room for it: a view's drawing is clipped to
// its bounds), `Gradient` and `drawLinearGradient` inside a clip.

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

/// What `easel list`, `easel inspect` and the gallery show about the plugin (easel.metadata.v1).
@_cdecl("easel_plugin_metadata_v2")
public func easelPluginMetadata() -> UnsafeRawPointer? {
    Plugin.metadata(description: "A speech bubble around any view, with its tail drawn by an overlay (seed 003)", version: "1.0.0", author: "The Easel authors", license: "MIT",
                    classes: [
                        .init(BubbleView.self, summary: "A speech bubble that wraps its first subview", properties: [
                            .init("borderColor", description: "The outline's colour"),
                            .init("borderWidth", description: "The outline's width in points"),
                            .init("cornerRadius", description: "The radius of the body's outer corners"),
                            .init("tailWidth", description: "The tail's width where it meets the body"),
                            .init("tailHeight", description: "How far the tail reaches below the body"),
                            .init("padding", description: "Space between the border and the content"),
                            .init("fillColor", description: "The inside, where the content has no background colour"),
                            .init("shading", description: "How much darker the inside is at the tail's tip (0: flat, 1: black)"),
                            .init("shadowColor", description: "The shadow's colour; alpha 0 turns it off"),
                            .init("shadowOffset", description: "How far the shadow falls, right and down"),
                            .init("shadowBlur", description: "The shadow's blur radius in points"),
                        ]),
                    ])
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
    /// How much darker the inside is at the tail's tip than at the top (0: flat, 1: black),
    /// where the inside is `fillColor` (a content with a background colour keeps it flat).
    let shading = Property(default: 0.08)
    /// The shadow's colour; an alpha of 0 turns the shadow off (and frees its room).
    let shadowColor = Property(default: Color(white: 0, alpha: 0.3))
    /// How far the shadow falls: right and down, in points.
    let shadowOffset = Property(default: Size(width: 0, height: 2))
    /// The shadow's blur radius in points (a Gaussian of standard deviation blur / 2).
    let shadowBlur = Property(default: 4.0)

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
            // easel gallery: a bubble without content collapses, so a preview wraps a label
            // (MiniPicker's Label when loaded; otherwise a plain view of a label's size).
            .prepareForInterfaceBuilder { bubble in
                guard bubble.contentView == nil else { return }
                let frame = Rect(x: 0, y: 0, width: 110, height: 24)
                if let label = ViewRef.create("Label", frame: frame) {
                    label.setValue("Hello!", forProperty: "text")
                    bubble.addSubview(label)
                } else if let placeholder = ViewRef.create("View", frame: frame) {
                    placeholder.backgroundColor = Color(white: 0.9)
                    bubble.addSubview(placeholder)
                }
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

    /// The shadow, when the bubble casts one.
    var shadow: BubbleShadow? {
        let color = self.shadowColor
        guard color.alpha > 0 else { return nil }
        func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
            value.isNaN ? 0 : min(max(value, low), high)
        }
        let offset = self.shadowOffset
        return BubbleShadow(offset: Size(width: clamp(offset.width, -100, 100), height: clamp(offset.height, -100, 100)),
                            blur: clamp(self.shadowBlur, 0, 100), color: color)
    }

    /// The room the shadow needs inside the bounds (none without a shadow).
    var shadowRoom: (left: Double, top: Double, right: Double, bottom: Double) { BubbleShadow.room(of: shadow) }

    /// How far the content sits inside the body's edges: the border and the
    /// padding, and at least enough for the content's corners to stay inside
    /// the border's rounded corners.
    var contentInset: Double {
        let border = self.borderWidth
        let radius = max(self.cornerRadius, border)
        let cornerClearance = radius - (radius - border) / 2.squareRoot()
        return max(border + self.padding, cornerClearance.rounded(.up))
    }

    func layOutContent() {
        guard let content = contentView else { return }
        let inset = contentInset
        let body = BubbleShape(self).body
        content.frame = Rect(x: body.minX + inset, y: body.minY + inset,
                             width: max(0, body.width - 2 * inset), height: max(0, body.height - 2 * inset))
    }

    /// The content's fitting size plus the insets, the tail and the shadow's
    /// room, and wide enough for the tail to fit between the bottom corners.
    func fittingSize(_ size: Size) -> Size {
        let inset = contentInset
        let tail = self.tailHeight
        let room = shadowRoom
        let extraWidth = 2 * inset + room.left + room.right
        let extraHeight = 2 * inset + tail + room.top + room.bottom
        var content = Size.zero
        if let view = contentView {
            content = view.sizeThatFits(Size(width: max(0, size.width - extraWidth),
                                             height: max(0, size.height - extraHeight)))
        }
        let minimumWidth = self.tailWidth + 2 * self.cornerRadius + room.left + room.right
        return Size(width: max(content.width + extraWidth, minimumWidth), height: content.height + extraHeight)
    }

    /// The body under the content: the shadow, the inside, then the rounded border.
    func drawBody(_ g: Graphics) {
        let bubble = BubbleShape(self)
        let border = bubble.border
        let outline = bubble.body.insetBy(dx: border / 2, dy: border / 2)
        let radius = max(0, bubble.cornerRadius - border / 2)
        guard !outline.isNull else {
            // The body is no wider or taller than its border: the border covers it.
            if border > 0 {
                g.withSavedState {
                    g.setFillColor(self.borderColor)
                    g.fill(bubble.body)
                }
            }
            return
        }
        if let shadow = bubble.shadow {
            // The soft shadow under the whole outline: body and tail filled as
            // one path with the shadow on (the fill itself is covered by what follows).
            g.withSavedState {
                g.setShadow(offset: shadow.offset, blur: shadow.blur, color: shadow.color)
                g.setFillColor(bubble.top)
                g.beginPath()
                g.addRoundedRect(bubble.body, cornerRadius: bubble.cornerRadius)
                if let tail = bubble.tail {
                    g.move(to: tail.left)
                    g.addLine(to: tail.right)  // clockwise, as the rounded rect: the two add up
                    g.addLine(to: tail.tip)
                    g.closePath()
                }
                g.fillPath()
            }
        }
        // (The settings made here need no saved state of their own: the host
        // restores the view's state after drawRect:.)
        g.withSavedState {
            g.beginPath()
            g.addRoundedRect(outline, cornerRadius: radius)
            g.clip()
            bubble.paintInside(g)
        }
        if border > 0 {
            g.setStrokeColor(self.borderColor)
            g.setLineWidth(border)
            g.beginPath()
            g.addRoundedRect(outline, cornerRadius: radius)
            g.strokePath()
        }
    }

    /// The tail, over the content: the seed's fill that reaches up over the
    /// border where tail and body meet, then the tail's edges as a
    /// continuation of the border.
    func drawTail(_ g: Graphics) {
        let bubble = BubbleShape(self)
        let border = bubble.border
        guard let (left, tip, right) = bubble.tail else { return }
        let lineY = left.y

        // 1. Paint the tail with the inside's gradient, starting one border
        //    width above the base: it covers the border across the base.
        let overlap = max(border, 0.5)
        g.withSavedState {
            g.beginPath()
            g.move(to: Point(x: left.x, y: lineY - overlap))
            g.addLine(to: left)
            g.addLine(to: tip)
            g.addLine(to: right)
            g.addLine(to: Point(x: right.x, y: lineY - overlap))
            g.closePath()
            g.clip()
            bubble.paintInside(g)
        }

        // 2. Stroke the edges, starting and ending on the border's own
        //    line so that the joins with it are those of one outline. (No
        //    saved state needed: the host restores the view's after the overlay.)
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

/// A bubble's shadow as drawn: blur 0...100 and offsets -100...100 points.
struct BubbleShadow {
    let offset: Size
    let blur: Double
    let color: Color

    /// The room a shadow needs inside the bounds on each side (the blur's reach, moved by
    /// the offset; none without a shadow): the drawing of a view is clipped to its bounds.
    static func room(of shadow: BubbleShadow?) -> (left: Double, top: Double, right: Double, bottom: Double) {
        guard let shadow else { return (0, 0, 0, 0) }
        let blur = shadow.blur, dx = shadow.offset.width, dy = shadow.offset.height
        return (max(0, blur - dx), max(0, blur - dy), max(0, blur + dx), max(0, blur + dy))
    }
}

/// Where a bubble's parts are and how they look, worked out from its
/// properties once per drawing call.
struct BubbleShape {
    /// Body and tail: the bounds less the shadow's room.
    let shape: Rect
    /// The body: the shape above the tail.
    let body: Rect
    let cornerRadius: Double
    /// The border's width as drawn: not negative, and at most the shape's longer side (a wider
    /// border would cover no more of the view, and lose the outline in arithmetic).
    let border: Double
    /// The tail's corners: its base on the centre line of the bottom border, its tip at the
    /// shape's bottom (nil when there is no room for a tail).
    let tail: (left: Point, tip: Point, right: Point)?
    /// The inside's colours at the top and at the tail's tip.
    let top: Color, bottom: Color
    /// The shadow, when the bubble casts one.
    let shadow: BubbleShadow?

    init(_ bubble: Instance<BubbleView>) {
        shadow = bubble.shadow
        let bounds = bubble.bounds, room = BubbleShadow.room(of: shadow)
        shape = Rect(x: bounds.minX + room.left, y: bounds.minY + room.top,
                     width: max(0, bounds.width - room.left - room.right),
                     height: max(0, bounds.height - room.top - room.bottom))
        let tailHeight = min(max(0, bubble.tailHeight), shape.height)
        body = Rect(x: shape.minX, y: shape.minY, width: shape.width, height: shape.height - tailHeight)
        cornerRadius = max(0, bubble.cornerRadius)
        border = min(max(0, bubble.borderWidth), max(shape.width, shape.height))

        // The inside: the content's background colour, flat, so that the
        // content's edges do not show; else a vertical gradient from
        // `fillColor` to `shading` darker.
        let content = bubble.contentView?.backgroundColor
        top = content ?? bubble.fillColor
        let keep = content == nil ? 1 - min(max(bubble.shading, 0), 1) : 1
        bottom = Color(red: top.red * keep, green: top.green * keep, blue: top.blue * keep, alpha: top.alpha)

        // The tail's base sits on the straight part of the bottom edge.
        let straight = max(0, body.width - 2 * cornerRadius)
        let halfWidth = min(bubble.tailWidth, straight) / 2
        guard tailHeight > 0, halfWidth > 0 else {
            tail = nil
            return
        }
        let lineY = body.maxY - border / 2  // the centre line of the bottom border
        let center = body.midX
        // The tip, high enough for the mitred point of the outline to end at the shape's bottom.
        let depth = tailHeight + border / 2
        let halfAngle = atan2(halfWidth, depth)
        let miter = border / 2 / sin(halfAngle)
        let tipY = miter / (border / 2) < 10 ? shape.maxY - miter : shape.maxY - border / 2
        tail = (Point(x: center - halfWidth, y: lineY), Point(x: center, y: max(lineY, tipY)),
                Point(x: center + halfWidth, y: lineY))
    }

    /// Paints the inside over the whole clip: the gradient from `top` at the
    /// top of the shape to `bottom` at the tail's tip. Body and tail paint the
    /// same gradient, so they meet without a seam.
    func paintInside(_ g: Graphics) {
        // A bubble millions of points tall would show no gradient anyway (and its ends would be
        // beyond the coordinates a canvas takes): it is painted flat, as on a host without gradients.
        guard abs(shape.minY) < 1e6, abs(shape.maxY) < 1e6, let gradient = Gradient(colors: [top, bottom]) else {
            g.setFillColor(top)
            g.fill(shape)
            return
        }
        // Vertical: only y matters, the line runs down the bounds' origin.
        g.drawLinearGradient(gradient, start: Point(x: 0, y: shape.minY), end: Point(x: 0, y: shape.maxY),
                             options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
    }
}
