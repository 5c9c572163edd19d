// A GOOD fixture, in Swift, built at test time with EaselPluginKit (see
// KitTextTests.swift): a label drawn with the kit's text API (Font,
// AttributedText, ParagraphStyle over the host's easel.text.v1): the word
// "quick" in red, bold DejaVu Sans 16, one line cut at the tail with "…",
// in the left 150 points of the view, on white. sizeThatFits: measures the same text
// with the same font, one line (width 0) or wrapped to the proposed width.

import EaselPluginKit

@_cdecl("easel_plugin_entry_v2")
public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin.entry(host, name: "KitText", classes: [KitTextLabel.self])
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
