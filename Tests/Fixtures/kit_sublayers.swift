// A GOOD fixture, in Swift, built at test time with EaselPluginKit: the kit's
// typed layer API (Sources/EaselPluginKit/Sublayers.swift). KitSublayers, in
// init, on a 100 x 100 view:
//   - seed 004's badge: a Layer() with a 20 x 10 image (red left half, blue
//     right half) as its contents, sized to it and centred: (40, 45, 20, 10);
//     a 5 x 5 magenta sublayer at its top left; another added and removed;
//   - three 20 x 20 layers at y 0: A red at x 0, B green at x 10, C blue at
//     x 25, arranged with addSublayer, insertSublayer(at:), (above:) and
//     (below:) (and a black D inserted below B, then removed) into B C
//     (badge) A;
//   - a layer at (60, 0, 20, 20) drawn by a KitPainter delegate (yellow);
//   - an ImageViewRef at (0, 60, 40, 40) with the halves image, a 10 x 10
//     green highlighted image, highlighted, scaled to fit;
//   - its own contentMode center and contentStretch (0.25, 0.25, 0.5, 0.5).
// It logs what it reads back.

import EaselPluginKit

@_cdecl("easel_plugin_entry_v2")
public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin.entry(host, name: "KitSublayers", classes: [KitSublayers.self, KitPainter.self])
}

/// An image from premultiplied ARGB words.
func image(width: Int, height: Int, _ pixel: (Int, Int) -> UInt32) throws -> Image {
    var words: [UInt32] = []
    for y in 0..<height { for x in 0..<width { words.append(pixel(x, y)) } }
    return try words.withUnsafeBytes { try Image(pixels: $0, width: width, height: height, bytesPerRow: width * 4) }
}

func solid(_ red: Double, _ green: Double, _ blue: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: 1) }

struct KitPainter: PluginClass {
    static var methods: [Method<KitPainter>] {
        [
            .drawLayer { _, layer, g in
                g.setFillColor(solid(1, 1, 0))
                g.fill(layer.bounds)
            },
        ]
    }
}

struct KitSublayers: ViewClass {
    static var methods: [Method<KitSublayers>] {
        [
            .initialize { view in
                do {
                    try arrange(view)
                } catch {
                    view.log("\(error)")
                }
            },
        ]
    }

    static func arrange(_ view: Instance<KitSublayers>) throws {
        var notes: [String] = []
        let halves = try image(width: 20, height: 10) { x, _ in x < 10 ? 0xFFFF_0000 : 0xFF00_00FF }
        let green = try image(width: 10, height: 10) { _, _ in 0xFF00_FF00 }

        // Seed 004's badge.
        guard let badge = Layer() else { view.log("no layers"); return }
        badge.setContents(halves)
        badge.bounds = Rect(origin: .zero, size: halves.size)
        badge.position = Point(x: view.bounds.midX, y: view.bounds.midY)
        badge.contentsGravity = .resizeAspect
        view.layer.addSublayer(badge)
        guard let corner = Layer(), let gone = Layer() else { return }
        corner.frame = Rect(x: 0, y: 0, width: 5, height: 5)
        corner.backgroundColor = Color(red: 1, green: 0, blue: 1, alpha: 1)
        badge.addSublayer(corner)
        badge.addSublayer(gone)
        // Asked before it goes: removing frees a layer nothing else holds (easel.h), so `gone`
        // must not be used after removeFromSuperlayer.
        let goneWasInBadge = gone.superlayer == badge.object
        gone.removeFromSuperlayer()
        notes.append("badge \(badge.frame.origin.x),\(badge.frame.origin.y) \(badge.bounds.size.width)x\(badge.bounds.size.height)")
        notes.append("gravity \(badge.contentsGravity == .resizeAspect)")
        notes.append("badge sublayers \(badge.sublayers == [corner]) superlayers \(badge.superlayer == view.object) \(corner.superlayer == badge.object) \(goneWasInBadge)")

        // Order: A, then B at 0, C above B, D below B, D removed: B C A.
        guard let a = Layer(), let b = Layer(), let c = Layer(), let d = Layer() else { return }
        for (layer, x, color) in [(a, 0.0, solid(1, 0, 0)), (b, 10, solid(0, 1, 0)), (c, 25, solid(0, 0, 1)), (d, 30, solid(0, 0, 0))] {
            layer.frame = Rect(x: x, y: 0, width: 20, height: 20)
            layer.backgroundColor = color
        }
        let statuses = [view.layer.addSublayer(a), view.layer.insertSublayer(b, at: 0), view.layer.insertSublayer(c, above: b),
                        view.layer.insertSublayer(d, below: b)]
        d.removeFromSuperlayer()
        let refused = a.addSublayer(Layer(object: view.object))   // a view is not a layer
        notes.append("order \(view.layer.sublayers == [b, c, badge, a]) \(statuses.map(\.isOK)) refused \(refused)")

        // A layer drawn by its delegate.
        guard let painted = Layer(), let painter = ObjectRef.create("KitPainter") else { return }
        painted.frame = Rect(x: 60, y: 0, width: 20, height: 20)
        painted.delegate = painter
        painted.opacity = 1
        painted.zPosition = 2
        view.layer.addSublayer(painted)
        notes.append("delegate \(painted.delegate?.className ?? "none") z \(painted.zPosition)")

        // An image view.
        guard let photo = ImageViewRef.create(frame: Rect(x: 0, y: 60, width: 40, height: 40)) else { return }
        photo.setImage(halves)
        photo.setHighlightedImage(green)
        photo.isHighlighted = true
        photo.contentMode = .scaleAspectFit
        view.addSubview(photo)
        notes.append("photo \(photo.isHighlighted) \(photo.contentMode == .scaleAspectFit) \(photo.renderingMode == .automatic)")

        // The view's own content mode and stretch.
        view.contentMode = .center
        view.contentStretch = Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        notes.append("mode \(view.contentMode.rawValue) stretch \(view.contentStretch.origin.x)")
        view.log(notes.joined(separator: "; "))
    }
}
