// A GOOD fixture, in Swift, built at test time with EaselPluginKit (see
// KitTextTests.swift): a label drawn with the kit's text API (Font,
// AttributedText, ParagraphStyle over the host's easel.text.v1): the word
// "quick" in red, bold DejaVu Sans 16, one line cut at the tail with "…",
// in the left 150 points of the view, on white. sizeThatFits: measures the same text
// with the same font, one line (width 0) or wrapped to the proposed width.
// KitTextMetrics draws bars as tall as font metrics the kit reports in its
// context, and "Hi" at a point; its sizeThatFits: measures the label's text
// wrapped to the proposed width and limited to the proposed height.

import EaselPluginKit

@_cdecl("easel_plugin_entry_v2")
public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin.entry(host, name: "KitText", classes: [KitTextLabel.self, KitTextMetrics.self])
}

struct KitTextLabel: ViewClass {
    let text = Property(default: "The quick brown fox jumps over the lazy dog")

    static let font = Font(family: "DejaVu Sans", size: 16, weight: .bold)

    static var methods: [Method<KitTextLabel>] {
        [
            .drawRect { label, rect, g in
                let string: String = label.text
                var text = AttributedText(string)
                if string.hasPrefix("The quick") {
                    let start = string.index(string.startIndex, offsetBy: 4)
                    let end = string.index(start, offsetBy: 5)
                    text.add(.color(Color(red: 1, green: 0, blue: 0, alpha: 1)), range: start..<end)
                }
                g.setFillColor(Color(red: 1, green: 1, blue: 1, alpha: 1))
                g.fill(rect)
                g.setFillColor(Color(red: 0, green: 0, blue: 0, alpha: 1))
                g.draw(text, in: Rect(x: 0, y: 0, width: 150, height: rect.size.height), font: font,
                       style: ParagraphStyle(truncation: .tail, maximumLines: 1))
            },
            .sizeThatFits { label, size in
                AttributedText(label.text).size(font: font, width: size.width)
            },
        ]
    }
}

struct KitTextMetrics: ViewClass {
    static var methods: [Method<KitTextMetrics>] {
        [
            .drawRect { _, rect, g in
                g.setFillColor(Color(red: 1, green: 1, blue: 1, alpha: 1))
                g.fill(rect)
                g.setFillColor(Color(red: 0, green: 0, blue: 0, alpha: 1))
                g.setFont(Font("DejaVu Sans 20"))
                // The current font's line height, and the ascent of a bold 40 applied over it.
                let current = g.fontMetrics()
                g.fill(Rect(x: 0, y: 0, width: 10, height: current.lineHeight.rounded()))
                let big = g.fontMetrics(Font(family: "DejaVu Sans", size: 40, weight: .bold))
                g.fill(Rect(x: 20, y: 0, width: 10, height: big.ascent.rounded()))
                g.draw("Hi", at: Point(x: 40, y: 30))
            },
            .sizeThatFits { _, size in
                AttributedText("The quick brown fox jumps over the lazy dog")
                    .size(font: KitTextLabel.font, width: size.width, maximumHeight: size.height)
            },
        ]
    }
}
