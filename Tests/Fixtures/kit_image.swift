// A GOOD fixture, in Swift, built at test time with EaselPluginKit: KitImage
// draws the image file its `path` property names (or, when `name` is set,
// the image of that name from its resource folder, Image(named:for:)) into
// its bounds, and its left half into the top-left quarter; an image it
// cannot load is logged.

import EaselPluginKit

@_cdecl("easel_plugin_entry_v2")
public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin.entry(host, name: "KitImage", classes: [KitImage.self, KitImageDrawing.self])
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

/// The picture of Tests/Fixtures/image_drawing.c drawn through the kit: a checker from
/// pixel data with no interpolation, the checker tiled, green through a clip mask, and
/// an ImageRenderer's image (yellow | magenta).
struct KitImageDrawing: ViewClass {
    static var methods: [Method<KitImageDrawing>] {
        [
            .drawRect { view, _, g in
                do {
                    // Native-endian ARGB32 words, premultiplied.
                    let checker: [UInt32] = [0xFFFF_0000, 0xFF00_00FF, 0xFF00_00FF, 0xFFFF_0000]
                    let maskPixels: [UInt32] = [0xFF00_0000, 0, 0, 0]
                    let tile = try checker.withUnsafeBytes { try Image(pixels: $0, width: 2, height: 2, bytesPerRow: 8) }
                    let mask = try maskPixels.withUnsafeBytes { try Image(pixels: $0, width: 2, height: 2, bytesPerRow: 8) }
                    g.withSavedState {
                        g.setInterpolationQuality(.none)
                        g.draw(tile, in: Rect(x: 0, y: 0, width: 20, height: 20))
                        g.drawTiled(tile, tile: Rect(x: 0, y: 0, width: 4, height: 4), in: Rect(x: 20, y: 0, width: 20, height: 20))
                        g.withSavedState {
                            g.clip(toMask: mask, in: Rect(x: 0, y: 20, width: 20, height: 20))
                            g.setFillColor(Color(red: 0, green: 1, blue: 0, alpha: 1))
                            g.fill(Rect(x: 0, y: 20, width: 20, height: 20))
                        }
                    }
                    let drawn = try ImageRenderer(size: Size(width: 10, height: 10), scale: 2).image { bitmap in
                        bitmap.setFillColor(Color(red: 1, green: 1, blue: 0, alpha: 1))
                        bitmap.fill(Rect(x: 0, y: 0, width: 5, height: 10))
                        bitmap.setFillColor(Color(red: 1, green: 0, blue: 1, alpha: 1))
                        bitmap.fill(Rect(x: 5, y: 0, width: 5, height: 10))
                    }
                    g.draw(drawn, in: Rect(x: 20, y: 20, width: 20, height: 20))
                    if drawn.scale != 2 || g.interpolationQuality != .default { view.log("scale \(drawn.scale)") }
                    // A buffer shorter than its rows is refused before the host reads it.
                    do {
                        _ = try checker.withUnsafeBytes { try Image(pixels: $0, width: 4, height: 4, bytesPerRow: 16) }
                        view.log("a short buffer was accepted")
                    } catch let error as ImageError where error.message.hasPrefix("image_from_pixels: the buffer has 16 bytes") {
                    }
                } catch {
                    view.log("\(error)")
                }
            },
        ]
    }
}
