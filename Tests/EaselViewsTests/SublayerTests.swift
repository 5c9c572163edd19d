// Layers that are not views (Layer.swift): contents under every gravity,
// nine-part stretching, the order of sublayers and subviews, masking, dirty
// renders. Pixels computed by hand; the root is a white 100 x 100 view.

import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselGeometry
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

/// An image from a function of its pixel: premultiplied ARGB (0xAARRGGBB).
func testImage(width: Int, height: Int, scale: Double = 1, _ pixel: (Int, Int) -> UInt32) throws -> CanvasImage {
    var pixels: [UInt32] = []
    for y in 0..<height { for x in 0..<width { pixels.append(pixel(x, y)) } }
    return try pixels.withUnsafeBytes { buffer in
        try CanvasImage(pixels: buffer.baseAddress!, width: width, height: height, stride: width * 4, scale: scale)
    }
}

/// 20 x 10 pixels: the left half red, the right half blue.
func halvesImage(scale: Double = 1) throws -> CanvasImage {
    try testImage(width: 20, height: 10, scale: scale) { x, _ in x < 10 ? 0xFFFF_0000 : 0xFF00_00FF }
}

@Suite("Layers that are not views: contents, gravity, nine parts, order, masks")
struct SublayerTests {
    /// The rect (in the root) the 20 x 10 halves image takes in a 40 x 40 layer at (10, 10), per gravity.
    static let gravityRects: [(ContentsGravity, easel_rect)] = [
        (.resize, rect(10, 10, 40, 40)),
        (.resizeAspect, rect(10, 20, 40, 20)),        // scale 2 (min of 40/20, 40/10)
        (.resizeAspectFill, rect(-10, 10, 80, 40)),   // scale 4, centred: overflows left and right
        (.center, rect(20, 25, 20, 10)),
        (.top, rect(20, 10, 20, 10)),
        (.bottom, rect(20, 40, 20, 10)),
        (.left, rect(10, 25, 20, 10)),
        (.right, rect(30, 25, 20, 10)),
        (.topLeft, rect(10, 10, 20, 10)),
        (.topRight, rect(30, 10, 20, 10)),
        (.bottomLeft, rect(10, 40, 20, 10)),
        (.bottomRight, rect(30, 40, 20, 10)),
    ]

    @Test("a sublayer's image contents land where each contentsGravity puts them (top is the top of the screen)",
          arguments: SublayerTests.gravityRects.map(\.0.name))
    func gravity(_ name: String) throws {
        let gravity = try #require(ContentsGravity(name: name))
        let expected = try #require(Self.gravityRects.first { $0.0 == gravity }?.1)
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let layer = registry.makeLayer()
        layer.frame = rect(10, 10, 40, 40)
        #expect(layer.bounds == rect(0, 0, 40, 40))
        #expect(layer.position == easel_point(x: 30, y: 30))
        layer.contents = try halvesImage()
        layer.contentsGravity = gravity
        try root.layer.addSublayer(layer)
        let image = try fullImage(root)
        let x0 = Int(expected.minX), y0 = Int(expected.minY), x1 = Int(expected.maxX), y1 = Int(expected.maxY)
        func check(_ x: Int, _ y: Int, _ color: RGBA) {
            guard (0..<100).contains(x), (0..<100).contains(y) else { return }
            #expect(image.pixel(x: x, y: y) == color, "\(name) at (\(x), \(y))")
        }
        let middle = (y0 + y1) / 2
        check(max(x0, 0), y0, red)              // the top-left pixel: the image's left half
        check(x1 - 1, y1 - 1, blue)             // the bottom-right pixel: its right half
        check(max(x0, 0), y1 - 1, red)
        check(x0 - 1, middle, white)            // nothing around it
        check(x1, middle, white)
        check((x0 + x1) / 2 - 2, y0 - 1, white)
        check((x0 + x1) / 2 - 2, y1, white)
    }

    @Test("contentsScale: a 2x layer shows 20 x 10 pixels as 10 x 5 points; contentsRect shows part of the image")
    func scaleAndRect() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let layer = registry.makeLayer()
        layer.frame = rect(10, 10, 40, 40)
        layer.contents = try halvesImage()
        layer.contentsGravity = .topLeft
        layer.contentsScale = 2
        try root.layer.addSublayer(layer)
        var image = try fullImage(root)
        #expect(image.pixel(x: 10, y: 10) == red)
        #expect(image.pixel(x: 19, y: 14) == blue)
        #expect(image.pixel(x: 20, y: 12) == white)
        #expect(image.pixel(x: 12, y: 15) == white)

        // The right half only, stretched over the bounds.
        layer.contentsScale = 1
        layer.contentsGravity = .resize
        layer.contentsRect = rect(0.5, 0, 0.5, 1)
        image = try fullImage(root)
        #expect(image.pixel(x: 10, y: 10) == blue)
        #expect(image.pixel(x: 49, y: 49) == blue)
    }

    /// 30 x 30 pixels: red 10 x 10 corners, green edges, a blue middle.
    static func ninePartImage() throws -> CanvasImage {
        try testImage(width: 30, height: 30) { x, y in
            let edgeX = x < 10 || x >= 20, edgeY = y < 10 || y >= 20
            if edgeX && edgeY { return 0xFFFF_0000 }
            if !edgeX && !edgeY { return 0xFF00_00FF }
            return 0xFF00_FF00
        }
    }

    @Test("nine-part stretching (contentsCenter) keeps the corners unscaled and stretches the edges and middle")
    func ninePart() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let layer = registry.makeLayer()
        layer.frame = rect(5, 5, 90, 60)
        layer.contents = try Self.ninePartImage()
        layer.contentsCenter = rect(1.0 / 3, 1.0 / 3, 1.0 / 3, 1.0 / 3)
        try root.layer.addSublayer(layer)
        var image = try fullImage(root)
        // The corners stay 10 x 10: (5...14, 5...14), (85...94, 5...14), (5...14, 55...64), (85...94, 55...64).
        for (x, y) in [(5, 5), (14, 14), (85, 5), (94, 14), (5, 55), (14, 64), (85, 55), (94, 64)] {
            #expect(image.pixel(x: x, y: y) == red, "corner pixel (\(x), \(y))")
        }
        // The edges between them stretch along their length, the middle both ways.
        for (x, y) in [(15, 5), (84, 14), (5, 15), (14, 54), (95 - 1, 30), (50, 64)] {
            #expect(image.pixel(x: x, y: y) == green, "edge pixel (\(x), \(y))")
        }
        for (x, y) in [(15, 15), (84, 54), (50, 35)] {
            #expect(image.pixel(x: x, y: y) == blue, "middle pixel (\(x), \(y))")
        }
        #expect(image.pixel(x: 95, y: 30) == white)

        // Without it the whole image scales 3 x 2: the corner is 30 x 20.
        layer.contentsCenter = rect(0, 0, 1, 1)
        image = try fullImage(root)
        #expect(image.pixel(x: 20, y: 20) == red)
        #expect(image.pixel(x: 50, y: 35) == blue)
    }

    @Test("standalone sublayers draw above the view's content and below its subviews, in order, zPosition first")
    func ordering() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let card = try dot(registry, rect(0, 0, 100, 100), redColor)     // drawRect: fills red
        try root.addSubview(card)
        let subview = try plain(registry, rect(50, 0, 50, 100), greenColor)
        try card.addSubview(subview)
        let a = registry.makeLayer(), b = registry.makeLayer()
        a.frame = rect(0, 0, 80, 40)
        a.backgroundColor = blueColor
        b.frame = rect(0, 20, 80, 40)
        b.backgroundColor = whiteColor
        try card.layer.addSublayer(a)
        try card.layer.addSublayer(b)
        #expect(card.layer.sublayers.map(ObjectIdentifier.init) == [a, b].map(ObjectIdentifier.init))
        var image = try fullImage(root)
        #expect(image.pixel(x: 10, y: 10) == blue)     // a, above the content
        #expect(image.pixel(x: 10, y: 30) == white)    // b, above a
        #expect(image.pixel(x: 10, y: 70) == red)      // the content
        #expect(image.pixel(x: 60, y: 10) == green)    // the subview covers both
        #expect(image.pixel(x: 60, y: 30) == green)

        try card.layer.insertSublayer(b, below: a)
        #expect(card.layer.sublayers.map(ObjectIdentifier.init) == [b, a].map(ObjectIdentifier.init))
        image = try fullImage(root)
        #expect(image.pixel(x: 10, y: 30) == blue)     // a now above b
        #expect(image.pixel(x: 10, y: 50) == white)

        try card.layer.insertSublayer(b, above: a)
        #expect(card.layer.sublayers.map(ObjectIdentifier.init) == [a, b].map(ObjectIdentifier.init))
        try card.layer.insertSublayer(b, at: 0)
        #expect(card.layer.sublayers.map(ObjectIdentifier.init) == [b, a].map(ObjectIdentifier.init))
        #expect(b.superview === card)

        b.zPosition = 1                                // z first, then index
        image = try fullImage(root)
        #expect(image.pixel(x: 10, y: 30) == white)

        b.removeFromSuperlayer()
        #expect(card.layer.sublayers.count == 1)
        #expect(b.superview == nil)
        image = try fullImage(root)
        #expect(image.pixel(x: 10, y: 50) == red)

        // Layers in layers: a sublayer of a is placed in a's coordinates, above a's background.
        let inner = registry.makeLayer()
        inner.frame = rect(5, 5, 10, 10)
        inner.backgroundColor = greenColor
        try a.insertSublayer(inner, at: 0)
        #expect(inner.superlayer === a)
        image = try fullImage(root)
        #expect(image.pixel(x: 5, y: 5) == green)
        #expect(image.pixel(x: 14, y: 14) == green)
        #expect(image.pixel(x: 15, y: 15) == blue)

        // A layer cannot go into itself or its sublayer.
        #expect(throws: ViewError.self) { try inner.addSublayer(a) }
        #expect(throws: ViewError.self) { try a.addSublayer(a) }
    }

    @Test("masksToBounds clips sublayers: a view's clipsToBounds and a layer's own")
    func masking() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let card = try plain(registry, rect(20, 20, 40, 40), redColor)
        try root.addSubview(card)
        let layer = registry.makeLayer()
        layer.frame = rect(20, 20, 40, 40)        // reaches (40...80) on the canvas, past the card's 60
        layer.backgroundColor = blueColor
        try card.layer.addSublayer(layer)
        var image = try fullImage(root)
        #expect(image.pixel(x: 70, y: 70) == blue)
        #expect(image.pixel(x: 45, y: 45) == blue)

        card.layer.masksToBounds = true
        image = try fullImage(root)
        #expect(image.pixel(x: 70, y: 70) == white)
        #expect(image.pixel(x: 60, y: 59) == white)
        #expect(image.pixel(x: 59, y: 59) == blue)

        // A layer masking its own sublayer, rounded: the corner pixel goes.
        card.layer.masksToBounds = false
        let inner = registry.makeLayer()
        inner.frame = rect(-10, -10, 60, 60)
        inner.backgroundColor = greenColor
        try layer.addSublayer(inner)
        image = try fullImage(root)
        #expect(image.pixel(x: 35, y: 35) == green)     // beyond the layer's bounds (40...80)
        layer.masksToBounds = true
        layer.cornerRadius = 10
        image = try fullImage(root)
        #expect(image.pixel(x: 35, y: 35) == red)       // clipped: the card shows
        #expect(image.pixel(x: 40, y: 40) == red)       // so does the rounded corner
        #expect(image.pixel(x: 50, y: 50) == green)
    }

    @Test("a border and an opacity on a layer; a dirty render after moving a sublayer matches a full render")
    func borderOpacityAndDirtyRender() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let host = try plain(registry, rect(0, 0, 100, 100))      // not the root: a dirty render repaints part
        try root.addSubview(host)
        let layer = registry.makeLayer()
        layer.frame = rect(10, 10, 40, 40)
        layer.backgroundColor = redColor
        layer.borderWidth = 5
        layer.borderColor = blueColor
        try host.layer.addSublayer(layer)
        let canvas = try rasterCanvas(for: root)
        try root.render(into: canvas)
        var image = try canvas.rasterImage()
        #expect(image.pixel(x: 10, y: 30) == blue)
        #expect(image.pixel(x: 14, y: 30) == blue)
        #expect(image.pixel(x: 15, y: 30) == red)

        layer.position = easel_point(x: 60, y: 60)
        layer.opacity = 0.5
        let report = try root.render(into: canvas, mode: .dirtyRegions)
        #expect(report.region.count >= 1)
        #expect(report.region != [rect(0, 0, 100, 100)])
        image = try canvas.rasterImage()
        #expect(image == (try fullImage(root)))
        #expect(image.pixel(x: 20, y: 20) == white)     // the old place is repainted
        // Red at half opacity over white: (255, 128, 128) give or take the rounding.
        #expect(image.pixel(x: 60, y: 60).isClose(to: RGBA(r: 255, g: 128, b: 128), tolerance: 1))
    }

    @Test("hostile values: a tiny contents scale is ignored, a huge shadow offset renders, nesting stops at 64 layers")
    func hostileValues() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let layer = registry.makeLayer()
        layer.frame = rect(10, 10, 20, 20)
        layer.contents = try halvesImage()
        layer.contentsScale = 1e-300
        #expect(layer.contentsScale == 1)
        layer.contentsScale = .infinity
        #expect(layer.contentsScale == 1)
        layer.backgroundColor = redColor
        layer.shadowOpacity = 1
        layer.shadowOffset = easel_size(width: 1e6, height: 1e6)
        try root.layer.addSublayer(layer)
        #expect(try fullImage(root).pixel(x: 10, y: 10) == red)

        var top = registry.makeLayer()
        try root.layer.addSublayer(top)
        for _ in 1..<Layer.maximumDepth {
            let next = registry.makeLayer()
            try top.addSublayer(next)
            top = next
        }
        #expect(throws: ViewError.self) { try top.addSublayer(registry.makeLayer()) }
        let deep = registry.makeLayer()
        try deep.addSublayer(registry.makeLayer())
        #expect(throws: ViewError.self) { try top.superlayer?.addSublayer(deep) }
        _ = try fullImage(root)
    }

    @Test("Layer properties by name, as plugins and scenes reach them")
    func propertiesByName() throws {
        let registry = try widgetRegistry()
        let layer = registry.makeLayer()
        try layer.setValue(rect(0, 0, 30, 20), forProperty: "bounds")
        try layer.setValue(easel_point(x: 15, y: 10), forProperty: "position")
        try layer.setValue(ContentsGravity.bottomRight.rawValue, forProperty: "contentsGravity")
        try layer.setValue(12.0, forProperty: "cornerRadius")
        #expect(layer.frame == rect(0, 0, 30, 20))
        #expect(layer.contentsGravity == .bottomRight)
        #expect(layer.cornerRadius == 12)
        #expect(try layer.value(ofProperty: "opacity", as: Double.self) == 1)
    }
}

extension SublayerTests {
    @Test("a touch over a standalone layer reaches the view under it, never the layer: on top by zPosition, or sticking out of its view")
    func touchesPassThroughLayers() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let panel = try registry.makeView(ofClass: "Panel", frame: rect(10, 10, 60, 40))
        try root.addSubview(panel)
        root.layoutIfNeeded()   // its Dots: (0, 0, 30, 40) and (30, 0, 30, 40) of the panel
        let dot = try #require(panel.viewWithTag(2))
        #expect(dot.frame == rect(30, 0, 30, 40))
        // A red layer on the right Dot: (10, 10, 40, 50) of it, (50, 20, 40, 50) in the root; it
        // sticks out of the panel to the right and below, and is first by zPosition.
        let layer = registry.makeLayer()
        layer.frame = rect(10, 10, 40, 50)
        layer.backgroundColor = redColor
        layer.zPosition = 100
        try dot.layer.addSublayer(layer)
        let image = try fullImage(root)
        #expect(image.pixel(x: 60, y: 30) == red && image.pixel(x: 80, y: 60) == red)   // the layer is drawn at both points

        // Over the layer inside the Dot: the Dot, and up the responder chain its Panel.
        #expect(root.hitTest(easel_point(x: 60, y: 30)) === dot)
        let inside = try root.sendTouch(.began, at: easel_point(x: 60, y: 30))
        #expect(inside.view === dot)
        #expect(try panel.value(ofProperty: "touches", as: Int32.self) == 1)
        _ = try root.sendTouch(.ended, at: easel_point(x: 60, y: 30), touch: inside)
        // Over the part of the layer outside the panel: the root, as if the layer were not there.
        #expect(root.hitTest(easel_point(x: 80, y: 60)) === root)
        let outside = try root.sendTouch(.began, at: easel_point(x: 80, y: 60))
        #expect(outside.view === root)
        #expect(try panel.value(ofProperty: "touches", as: Int32.self) == 1)
        _ = try root.sendTouch(.ended, at: easel_point(x: 80, y: 60), touch: outside)
    }
}
