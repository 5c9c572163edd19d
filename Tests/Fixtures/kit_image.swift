// A GOOD fixture, in Swift, built at test time with EaselPluginKit: KitImage
// draws the image file its `path` property names (or, when `name` is set,
// the image of that name from its resource folder, Image(named:for:)) into
// its bounds, and its left half into the top-left quarter; an image it
// cannot load is logged.

import EaselPluginKit

@_cdecl("easel_plugin_entry_v2")
public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin.entry(host, name: "KitImage", classes: [KitImage.self])
}

struct KitImage: ViewClass {
    let path = Property(default: "")
    let name = Property(default: "")

    static var methods: [Method<KitImage>] {
        [
            .drawRect { view, rect, g in
                do {
                    let image = view.name.isEmpty ? try Image(contentsOfFile: view.path) : try Image(named: view.name, for: view)
                    g.draw(image, in: rect)
                    let half = Size(width: image.size.width / 2, height: image.size.height)
                    g.draw(image, part: Rect(origin: Point(x: 0, y: 0), size: half),
                           in: Rect(x: 0, y: 0, width: rect.size.width / 2, height: rect.size.height / 2))
                    view.log("scale \(image.scale), size \(image.size.width)x\(image.size.height)")
                } catch {
                    view.log("\(error)")
                }
            },
        ]
    }
}
