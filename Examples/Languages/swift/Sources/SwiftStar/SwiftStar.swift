import EaselPluginKit
import Glibc

@_cdecl("easel_plugin_entry_v2")
public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin.entry(host, name: "SwiftStar", classes: [SwiftStar.self])
}

/// A five-pointed star inscribed in the view's bounds, filled with `color`.
struct SwiftStar: ViewClass {
    let color = Property(default: Color(red: 1, green: 0.8, blue: 0))   // "color", {EaselColor=dddd}
    let innerRatio = Property(default: 0.5)                            // "innerRatio", d: inner / outer radius

    static var methods: [Method<SwiftStar>] {
        [
            .drawRect { star, _, g in
                let b = star.bounds
                let outer = min(b.width, b.height) / 2
                let inner = outer * max(0, min(1, star.innerRatio))
                let center = Point(x: b.minX + b.width / 2, y: b.minY + b.height / 2)
                let points = (0..<10).map { i -> Point in
                    let angle = -Double.pi / 2 + Double(i) * Double.pi / 5
                    let radius = i % 2 == 0 ? outer : inner
                    return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
                }
                g.setFillColor(star.color)
                g.addLines(between: points)
                g.closePath()
                g.fillPath()
            },
        ]
    }
}

/// What `easel list` and `easel inspect` show about the plugin (optional).
@_cdecl("easel_plugin_metadata_v2")
public func easelPluginMetadata() -> UnsafeRawPointer? {
    Plugin.metadata(description: "A star widget in its own Swift package", version: "1.0.0", license: "MIT",
                    classes: [.init(SwiftStar.self, summary: "A five-pointed star", previewProperties: #"{"innerRatio": 0.4}"#)])
}
