// A GOOD fixture, in Swift, built at test time with EaselPluginKit: the
// picture of paint_widgets.c's PaintCard, drawn through the kit's painting
// methods as KitPaintCard. PaintWidgetTests compares the two.

import EaselPluginKit
import Foundation

@_cdecl("easel_plugin_entry_v2")
public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin.entry(host, name: "KitPaint", classes: [KitPaintCard.self])
}

/// Made on first use, inside drawing (the painting extension is found then), and kept.
nonisolated(unsafe) private var gradient: Gradient?

struct KitPaintCard: ViewClass {
    static var methods: [Method<KitPaintCard>] {
        [
            .drawRect { _, _, g in
                if gradient == nil {
                    gradient = Gradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)],
                                        locations: [0, 1])
                }
                guard let gradient else { return }
                g.withSavedState {
                    g.addRoundedRect(Rect(x: 0, y: 0, width: 100, height: 100),
                                     topLeft: 0, topRight: 20, bottomRight: 0, bottomLeft: 20)
                    g.clip()
                    g.drawLinearGradient(gradient, start: Point(x: 0, y: 0), end: Point(x: 100, y: 0))
                }
                g.setFillColor(Color(red: 1, green: 1, blue: 1))
                for k in 0..<5 {
                    let angle = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
                    let point = Point(x: 50 + 30 * cos(angle), y: 50 + 30 * sin(angle))
                    if k == 0 { g.move(to: point) } else { g.addLine(to: point) }
                }
                g.closePath()
                g.drawPath(using: .eoFill)
                g.withSavedState {
                    g.setAlpha(0.5)
                    g.withTransparencyLayer {
                        g.setFillColor(Color(red: 0, green: 1, blue: 0))
                        g.fill(Rect(x: 80, y: 80, width: 15, height: 15))
                        g.fill(Rect(x: 85, y: 85, width: 15, height: 15))
                    }
                }
                g.withSavedState {
                    g.setShadow(offset: Size(width: 3, height: 3), blur: 0, color: Color(red: 0, green: 0, blue: 0))
                    g.setFillColor(Color(red: 1, green: 1, blue: 0))
                    g.fill(Rect(x: 5, y: 80, width: 10, height: 10))
                }
            },
        ]
    }
}
