// The layer behind every view (View+Layer.swift): pixels and geometry
// computed by hand. The root is a plain white 100 x 100 view at (0, 0).

import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselGeometry
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

@Suite("View layers: rounded corners, masks, borders, shadows, anchor points, z order")
struct ViewLayerTests {
    @Test("a rounded view that masks to its bounds clips its subview's corner pixels; without masking only its background is rounded")
    func roundedMaskClipsSubview() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let card = try plain(registry, rect(10, 10, 60, 60), redColor)
        card.layer.cornerRadius = 20
        card.layer.masksToBounds = true
        #expect(card.clipsToBounds)   // one property, two names
        let fill = try dot(registry, rect(0, 0, 60, 60), blueColor)
        try card.addSubview(fill)
        try root.addSubview(card)
        var image = try fullImage(root)
        // The corner circle has its centre at (20, 20) of the card: the pixel
        // (0, 0) of the card, 27.6 points from it, lies wholly outside; the
        // pixel (6, 6) (centre (6.5, 6.5), 19.1 points away, plus half its
        // diagonal 0.71) wholly inside.
        #expect(image.pixel(x: 10, y: 10) == white)
        #expect(image.pixel(x: 13, y: 13) == white)
        #expect(image.pixel(x: 69, y: 69) == white)
        #expect(image.pixel(x: 16, y: 16) == blue)
        #expect(image.pixel(x: 10, y: 40) == blue)   // the straight left edge
        #expect(image.pixel(x: 40, y: 40) == blue)

        // Not masking: the subview draws its corners, the background stays rounded.
        card.layer.masksToBounds = false
        image = try fullImage(root)
        #expect(image.pixel(x: 10, y: 10) == blue)
        fill.isHidden = true
        image = try fullImage(root)
        #expect(image.pixel(x: 10, y: 10) == white)
        #expect(image.pixel(x: 16, y: 16) == red)

        // Only the top-left corner rounded.
        card.layer.maskedCorners = [.minXMinY]
        image = try fullImage(root)
        #expect(image.pixel(x: 10, y: 10) == white)
        #expect(image.pixel(x: 69, y: 10) == red)
        #expect(image.pixel(x: 69, y: 69) == red)
        #expect(image.pixel(x: 10, y: 69) == red)
    }

    @Test("the border is drawn above the subviews, inside the bounds")
    func borderAboveSubview() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let card = try plain(registry, rect(10, 10, 60, 60), redColor)
        card.layer.borderWidth = 5
        card.layer.borderColor = greenColor
        try card.addSubview(try dot(registry, rect(0, 0, 60, 60), blueColor))
        try root.addSubview(card)
        let image = try fullImage(root)
        #expect(image.pixel(x: 9, y: 40) == white)     // outside the bounds: nothing
        #expect(image.pixel(x: 10, y: 40) == green)    // the band 0...5 of the card
        #expect(image.pixel(x: 14, y: 40) == green)
        #expect(image.pixel(x: 15, y: 40) == blue)     // the subview shows inside it
        #expect(image.pixel(x: 64, y: 64) == blue)
        #expect(image.pixel(x: 65, y: 64) == green)
        #expect(image.pixel(x: 69, y: 69) == green)
        #expect(image.pixel(x: 70, y: 69) == white)
    }

    /// A view at (20, 20, 30, 30) with a sharp shadow of opacity 0.5 offset by (10, 10).
    func shadowed(_ registry: Registry, plainBackground: Bool) throws -> View {
        let view = plainBackground ? try plain(registry, rect(20, 20, 30, 30), redColor)
                                   : try dot(registry, rect(20, 20, 30, 30), redColor)
        view.layer.shadowOpacity = 0.5
        view.layer.shadowOffset = easel_size(width: 10, height: 10)
        view.layer.shadowRadius = 0
        return view
    }

    @Test("a shadow falls at its offset with its opacity: of the bounds for a plain view, of the drawn content otherwise",
          arguments: [true, false])
    func shadowOffsetAndOpacity(plainBackground: Bool) throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        try root.addSubview(try shadowed(registry, plainBackground: plainBackground))
        let image = try fullImage(root)
        // The shadow covers (30, 30)-(60, 60): black at half opacity over white is 127.5.
        for (x, y) in [(55, 55), (59, 59), (30, 52), (52, 30), (45, 59)] {
            #expect(near(image.pixel(x: x, y: y), 128, 128, 128, tolerance: 1), "(\(x), \(y)): \(image.pixel(x: x, y: y))")
        }
        for (x, y) in [(60, 55), (55, 60), (29, 52), (52, 29), (25, 55), (19, 19)] {
            #expect(image.pixel(x: x, y: y) == white, "(\(x), \(y))")
        }
        #expect(image.pixel(x: 45, y: 45) == red)   // the view covers its shadow
        #expect(image.pixel(x: 20, y: 20) == red)
    }

    @Test("a blurred shadow is centred on its offset: half its opacity at the shape's shifted edge")
    func blurredShadow() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let view = try plain(registry, rect(20, 20, 30, 30), redColor)
        view.layer.shadowOpacity = 1
        view.layer.shadowOffset = easel_size(width: 0, height: 20)
        view.layer.shadowRadius = 4
        try root.addSubview(view)
        let image = try fullImage(root)
        // Below the view, on the shadow's axis: fully dark well inside the
        // shifted shape (y 40...70), about half at its lower edge y = 70, and
        // nothing 3 radii and more beyond it.
        #expect(near(image.pixel(x: 35, y: 60), 0, 0, 0, tolerance: 6), "\(image.pixel(x: 35, y: 60))")
        let edge = Int(image.pixel(x: 35, y: 70).r)
        #expect((100...160).contains(edge), "\(edge)")
        #expect(image.pixel(x: 35, y: 84) == white)
        // Symmetric about the vertical axis x = 35.
        #expect(image.pixel(x: 17, y: 60) == image.pixel(x: 52, y: 60))
        // Through the layer path (a shadow path of the same bounds) the pixels are the same.
        let pathed = try whiteRoot(registry)
        let twin = try plain(registry, rect(20, 20, 30, 30), redColor)
        twin.layer.shadowOpacity = 1
        twin.layer.shadowOffset = easel_size(width: 0, height: 20)
        twin.layer.shadowRadius = 4
        twin.layer.shadowPath = .rect(rect(0, 0, 30, 30))
        try pathed.addSubview(twin)
        #expect(differences(image, try fullImage(pathed)) == [])
    }

    @Test("masksToBounds clips the shadow, as Core Animation does")
    func maskClipsShadow() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let view = try shadowed(registry, plainBackground: true)
        view.clipsToBounds = true
        try root.addSubview(view)
        let image = try fullImage(root)
        #expect(image.pixel(x: 55, y: 55) == white)
        #expect(image.pixel(x: 45, y: 45) == red)
    }

    @Test("opacity composites the layer as a group, or each sublayer alone without allowsGroupOpacity")
    func groupOpacity() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let parent = try plain(registry, rect(0, 0, 100, 100))
        let a = try plain(registry, rect(10, 10, 40, 40), blueColor)
        let b = try plain(registry, rect(30, 30, 40, 40), blueColor)
        try parent.addSubview(a)
        try parent.addSubview(b)
        try root.addSubview(parent)
        parent.layer.opacity = 0.5
        #expect(parent.alpha == 0.5)
        var image = try fullImage(root)
        // As one group: the overlap is as light as the rest, 50 % blue over white.
        #expect(near(image.pixel(x: 35, y: 35), 128, 128, 255, tolerance: 1))
        #expect(near(image.pixel(x: 15, y: 15), 128, 128, 255, tolerance: 1))
        parent.layer.allowsGroupOpacity = false
        image = try fullImage(root)
        // Each at half: the overlap gets 75 % blue (255 * 0.25 = 63.75 of red and green left).
        #expect(near(image.pixel(x: 35, y: 35), 64, 64, 255, tolerance: 1), "\(image.pixel(x: 35, y: 35))")
        #expect(near(image.pixel(x: 15, y: 15), 128, 128, 255, tolerance: 1))
    }

    @Test("a rotation turns about the anchor point: (0.5, 0.5) and (0, 0) give the documented frames")
    func rotationAboutAnchorPoint() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let middle = try plain(registry, rect(20, 20, 40, 20), redColor)
        try root.addSubview(middle)
        #expect(middle.layer.position == easel_point(x: 40, y: 30))
        middle.transform = easel_affine_transform(rotationAngle: .pi / 2)
        // About the centre (40, 30): 20 wide, 40 high.
        expectRect(middle.frame, rect(30, 10, 20, 40))

        let corner = try plain(registry, rect(20, 20, 40, 20), redColor)
        corner.layer.anchorPoint = easel_point(x: 0, y: 0)
        // The position stays (40, 30), so the frame moves: its origin is the position.
        #expect(corner.center == easel_point(x: 40, y: 30))
        expectRect(corner.frame, rect(40, 30, 40, 20))
        corner.transform = easel_affine_transform(rotationAngle: .pi / 2)
        // (x, y) of the bounds goes to (40 - y, 30 + x): x in 20...40, y in 30...70.
        expectRect(corner.frame, rect(20, 30, 20, 40))
        #expect(corner.center == easel_point(x: 40, y: 30))
        let cornerRoot = try whiteRoot(registry)
        try cornerRoot.addSubview(corner)
        let image = try fullImage(cornerRoot)
        #expect(image.pixel(x: 30, y: 50) == red)
        #expect(image.pixel(x: 21, y: 69) == red)
        #expect(image.pixel(x: 41, y: 50) == white)
        #expect(image.pixel(x: 30, y: 29) == white)

        // Setting the frame puts the position at origin + anchorPoint * size.
        let placed = try plain(registry, .zero)
        placed.layer.anchorPoint = easel_point(x: 0, y: 1)
        placed.frame = rect(10, 10, 30, 20)
        #expect(placed.center == easel_point(x: 10, y: 30))
        expectRect(placed.frame, rect(10, 10, 30, 20))
    }

    @Test("zPosition orders siblings before their index; hit testing keeps the subviews' order, as in UIKit")
    func zPositionReordersSiblings() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let a = try plain(registry, rect(10, 10, 40, 40), redColor)
        let b = try plain(registry, rect(30, 30, 40, 40), blueColor)
        try root.addSubview(a)
        try root.addSubview(b)
        let canvas = try rasterCanvas(for: root)
        try root.render(into: canvas)
        #expect(try canvas.rasterImage().pixel(x: 35, y: 35) == blue)
        a.layer.zPosition = 1
        // A dirty-region render repaints the reordered overlap as a full one would.
        try root.render(into: canvas, mode: .dirtyRegions)
        let image = try canvas.rasterImage()
        #expect(image.pixel(x: 35, y: 35) == red)
        #expect(image.pixel(x: 60, y: 60) == blue)
        #expect(differences(image, try fullImage(root)) == [])
        #expect(root.subviews.map(ObjectIdentifier.init) == [a, b].map(ObjectIdentifier.init))
        #expect(root.hitTest(easel_point(x: 35, y: 35)) === b)
        b.layer.zPosition = 2
        #expect(try fullImage(root).pixel(x: 35, y: 35) == blue)
    }

    @Test("a dirty-region render of changed layer properties is pixel-identical to a full render")
    func dirtyLayerChanges() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry, width: 120, height: 120)
        var views: [View] = []
        for i in 0..<4 {
            let view = try plain(registry, rect(Double(10 + 25 * i), Double(10 + 20 * i), 30, 30), color(0.2 * Double(i), 0.5, 0.8))
            view.layer.cornerRadius = 8
            view.layer.borderWidth = 2
            view.layer.borderColor = color(0, 0, 0, 0.7)
            view.layer.shadowOpacity = 0.4
            view.layer.shadowRadius = 3
            try root.addSubview(view)
            views.append(view)
        }
        try views[1].addSubview(try dot(registry, rect(5, 5, 10, 10), redColor))
        let canvas = try rasterCanvas(for: root, scale: 2)
        try root.render(into: canvas)
        views[2].layer.shadowOffset = easel_size(width: 6, height: 4)
        views[1].layer.cornerRadius = 3
        views[0].layer.borderWidth = 5
        views[3].layer.anchorPoint = easel_point(x: 0.2, y: 0.8)
        let report = try root.render(into: canvas, mode: .dirtyRegions)
        #expect(report.region.count >= 1)
        #expect(differences(try canvas.rasterImage(), try fullImage(root, scale: 2)) == [])
    }

    @Test("a layer has Core Animation's defaults, and ignores negative and non-finite values")
    func noStorageWithoutEffects() throws {
        let registry = try widgetRegistry()
        let view = try plain(registry, rect(0, 0, 10, 10))
        #expect(view.layer.cornerRadius == 0)
        #expect(view.layer.shadowOffset == easel_size(width: 0, height: -3))
        #expect(view.layer.shadowRadius == 3)
        #expect(view.layer.anchorPoint == easel_point(x: 0.5, y: 0.5))
        #expect(view.layer.maskedCorners == .all)
        view.layer.cornerRadius = -1   // ignored
        view.layer.shadowOpacity = .nan
        #expect(view.layer.cornerRadius == 0)
        #expect(view.layer.shadowOpacity == 0)
    }
}

@Suite("Window conversions: convertPoint/Rect toWindow: and fromWindow:")
struct WindowConversionTests {
    @Test("points and rects convert through the window to the screen (the canvas) and to another window")
    func windowConversions() throws {
        let registry = try widgetRegistry()
        let window = try #require(try registry.makeView(ofClass: "Window", frame: rect(100, 50, 200, 200)) as? Window)
        let card = try plain(registry, rect(20, 30, 100, 100))
        card.bounds = rect(10, 0, 100, 100)     // the origin scrolls the content by 10 to the left
        try window.addSubview(card)
        #expect(card.window === window)
        // In the window, (0, 0) of the card is (20 - 10, 30) = (10, 30).
        #expect(card.convert(easel_point(x: 0, y: 0), to: nil) == easel_point(x: 10, y: 30))
        #expect(card.convert(easel_point(x: 0, y: 0), toWindow: window) == easel_point(x: 10, y: 30))
        // On the screen the window's origin adds (100, 50).
        #expect(card.convert(easel_point(x: 0, y: 0), toWindow: nil) == easel_point(x: 110, y: 80))
        #expect(card.convert(easel_point(x: 110, y: 80), fromWindow: nil) == easel_point(x: 0, y: 0))
        #expect(card.convert(easel_point(x: 10, y: 30), fromWindow: window) == easel_point(x: 0, y: 0))
        expectRect(card.convert(rect(0, 0, 5, 5), toWindow: nil), rect(110, 80, 5, 5))
        expectRect(card.convert(rect(110, 80, 5, 5), fromWindow: nil), rect(0, 0, 5, 5))

        // Another window, turned a quarter about its centre: the screen point
        // (200, 100), (100, 50) of the first window, is its centre, (100, 100)
        // in its own coordinates.
        let other = try #require(try registry.makeView(ofClass: "Window", frame: rect(100, 0, 200, 200)) as? Window)
        other.transform = easel_affine_transform(rotationAngle: .pi / 2)
        expectPoint(window.convert(easel_point(x: 100, y: 50), toWindow: other), easel_point(x: 100, y: 100))
        // (0, 0) of the window is the screen's (100, 50): 100 left and 50 up of the
        // other's centre; turned back a quarter, (100 - 50, 100 + 100) = (50, 200).
        expectPoint(window.convert(easel_point(x: 0, y: 0), toWindow: other), easel_point(x: 50, y: 200))
        expectPoint(window.convert(easel_point(x: 50, y: 200), fromWindow: other), easel_point(x: 0, y: 0))
    }
}

func expectRect(_ actual: easel_rect, _ expected: easel_rect, sourceLocation: SourceLocation = #_sourceLocation) {
    let close = [actual.origin.x - expected.origin.x, actual.origin.y - expected.origin.y,
                 actual.size.width - expected.size.width, actual.size.height - expected.size.height]
        .allSatisfy { abs($0) < 1e-9 }
    #expect(close, "\(actual) is not \(expected)", sourceLocation: sourceLocation)
}

func expectPoint(_ actual: easel_point, _ expected: easel_point, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(actual.x - expected.x) < 1e-9 && abs(actual.y - expected.y) < 1e-9, "\(actual) is not \(expected)",
            sourceLocation: sourceLocation)
}
