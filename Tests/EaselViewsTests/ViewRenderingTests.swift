// Rendering a view tree: the pixels `View.render(into:mode:)` produces.
//
// Every test builds a small tree of built-in views and views of the
// view_widgets fixture (Tests/Fixtures/view_widgets.c), renders it
// into a raster canvas (or a recording), and reads pixels at known
// coordinates. Unless a test says otherwise, the root is a plain `View` at
// (0, 0) with an opaque white background, so every expected pixel is opaque
// and solid fills at whole-point coordinates are exact.

import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

// MARK: - Draw order

@Suite("View rendering: draw order, clipping, visibility")
struct ViewRenderingOrderTests {
    @Test("a superview draws before its subviews")
    func superviewFirst() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let parent = try dot(registry, rect(10, 10, 60, 60), redColor)
        let child = try dot(registry, rect(10, 10, 20, 20), blueColor)   // (20, 20)-(40, 40) in the root
        try parent.addSubview(child)
        try root.addSubview(parent)
        let canvas = try rasterCanvas(for: root)
        let report = try root.render(into: canvas)
        let image = try canvas.rasterImage()
        #expect(image.pixel(x: 5, y: 5) == white)
        #expect(image.pixel(x: 15, y: 15) == red)
        #expect(image.pixel(x: 20, y: 20) == blue)
        #expect(image.pixel(x: 39, y: 39) == blue)
        #expect(image.pixel(x: 40, y: 40) == red)
        #expect(image.pixel(x: 69, y: 69) == red)
        #expect(image.pixel(x: 70, y: 70) == white)
        #expect(report.drawnViews.map(ObjectIdentifier.init) == [parent, child].map(ObjectIdentifier.init))
        #expect(report.region == [rect(0, 0, 100, 100)])
    }

    @Test("siblings draw back to front; reordering them changes the picture")
    func siblingsBackToFront() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let a = try plain(registry, rect(10, 10, 40, 40), redColor)
        let b = try plain(registry, rect(30, 30, 40, 40), blueColor)
        try root.addSubview(a)
        try root.addSubview(b)
        // The overlap (30, 30)-(50, 50) shows the later sibling.
        var image = try fullImage(root)
        #expect(image.pixel(x: 35, y: 35) == blue)
        #expect(image.pixel(x: 20, y: 20) == red)
        #expect(image.pixel(x: 60, y: 60) == blue)

        try root.bringSubviewToFront(a)
        image = try fullImage(root)
        #expect(image.pixel(x: 35, y: 35) == red)
        #expect(image.pixel(x: 49, y: 49) == red)
        #expect(image.pixel(x: 50, y: 50) == blue)

        try root.sendSubviewToBack(a)
        #expect(try fullImage(root).pixel(x: 35, y: 35) == blue)

        try root.exchangeSubview(at: 0, withSubviewAt: 1)
        #expect(try fullImage(root).pixel(x: 35, y: 35) == red)

        let c = try plain(registry, rect(25, 25, 10, 10), greenColor)
        try root.insertSubview(c, belowSubview: a)   // order: b, c, a
        image = try fullImage(root)
        #expect(image.pixel(x: 32, y: 32) == red)      // a covers c
        #expect(image.pixel(x: 27, y: 27) == red)
        try root.insertSubview(c, aboveSubview: a)     // order: b, a, c
        image = try fullImage(root)
        #expect(image.pixel(x: 32, y: 32) == green)
    }

    @Test("the background colour is drawn before drawRect:, which wins where both paint")
    func backgroundBeforeDrawRect() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let full = try dot(registry, rect(0, 0, 20, 20), redColor)
        full.backgroundColor = greenColor
        let partial = try patch(registry, rect(40, 40, 40, 40), patch: rect(0, 0, 10, 10), redColor)
        partial.backgroundColor = greenColor
        try root.addSubview(full)
        try root.addSubview(partial)
        let image = try fullImage(root)
        #expect(image.pixel(x: 0, y: 0) == red)
        #expect(image.pixel(x: 19, y: 19) == red)
        #expect(image.pixel(x: 45, y: 45) == red)      // drawRect: over the background
        #expect(image.pixel(x: 55, y: 55) == green)    // the background where drawRect: does not paint
        #expect(image.pixel(x: 79, y: 79) == green)
        #expect(image.pixel(x: 80, y: 80) == white)
    }

    @Test("clipsToBounds cuts a subview that sticks out; without it the subview is whole")
    func clipsToBounds() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let parent = try plain(registry, rect(10, 10, 40, 40), redColor)
        let child = try plain(registry, rect(30, 30, 40, 40), blueColor)   // (40, 40)-(80, 80) in the root
        let grandchild = try plain(registry, rect(30, 30, 5, 5), greenColor) // (70, 70)-(75, 75)
        try child.addSubview(grandchild)
        try parent.addSubview(child)
        try root.addSubview(parent)

        var image = try fullImage(root)
        #expect(image.pixel(x: 45, y: 45) == blue)
        #expect(image.pixel(x: 60, y: 60) == blue)
        #expect(image.pixel(x: 72, y: 72) == green)
        #expect(image.pixel(x: 79, y: 79) == blue)

        parent.clipsToBounds = true
        image = try fullImage(root)
        #expect(image.pixel(x: 45, y: 45) == blue)
        #expect(image.pixel(x: 49, y: 49) == blue)
        #expect(image.pixel(x: 50, y: 49) == white)
        #expect(image.pixel(x: 60, y: 60) == white)
        #expect(image.pixel(x: 72, y: 72) == white)   // a grandchild is clipped by the grandparent too
        #expect(image.pixel(x: 20, y: 20) == red)
    }

    @Test("a view's own drawRect: output is clipped to its bounds, even without clipsToBounds")
    func ownDrawingClipped() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let spill = try patch(registry, rect(20, 20, 20, 20), patch: rect(-10, -10, 40, 40), greenColor)
        #expect(spill.clipsToBounds == false)
        try root.addSubview(spill)
        let image = try fullImage(root)
        #expect(image.pixel(x: 15, y: 15) == white)
        #expect(image.pixel(x: 19, y: 30) == white)
        #expect(image.pixel(x: 20, y: 20) == green)
        #expect(image.pixel(x: 39, y: 39) == green)
        #expect(image.pixel(x: 40, y: 30) == white)
        #expect(image.pixel(x: 45, y: 45) == white)
    }

    @Test("a hidden view is skipped with its subtree; so is a view with alpha 0")
    func hiddenAndTransparent() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let hidden = try dot(registry, rect(0, 0, 40, 40), redColor)
        try hidden.addSubview(try dot(registry, rect(10, 10, 10, 10), blueColor))
        let invisible = try dot(registry, rect(50, 50, 40, 40), redColor)
        try invisible.addSubview(try dot(registry, rect(10, 10, 10, 10), blueColor))
        try root.addSubview(hidden)
        try root.addSubview(invisible)
        hidden.isHidden = true
        invisible.alpha = 0

        let canvas = try rasterCanvas(for: root)
        let report = try root.render(into: canvas)
        let image = try canvas.rasterImage()
        for (x, y) in [(5, 5), (15, 15), (55, 55), (65, 65)] {
            #expect(image.pixel(x: x, y: y) == white, "(\(x), \(y))")
        }
        #expect(report.drawnViews.isEmpty)

        hidden.isHidden = false
        invisible.alpha = 1
        let shown = try fullImage(root)
        #expect(shown.pixel(x: 5, y: 5) == red)
        #expect(shown.pixel(x: 15, y: 15) == blue)
        #expect(shown.pixel(x: 55, y: 55) == red)
        #expect(shown.pixel(x: 65, y: 65) == blue)
    }
}

// MARK: - Group alpha

@Suite("View rendering: alpha composites a view and its subviews as one group")
struct ViewRenderingAlphaTests {
    @Test("opaque subviews of a half-transparent parent: the overlap is 50% blue over white, no red in it")
    func opaqueChildrenOfHalfTransparentParent() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let parent = try plain(registry, rect(10, 10, 80, 80))
        parent.alpha = 0.5
        try parent.addSubview(try plain(registry, rect(0, 0, 40, 40), redColor))    // (10, 10)-(50, 50)
        try parent.addSubview(try plain(registry, rect(20, 20, 40, 40), blueColor))  // (30, 30)-(70, 70)
        try root.addSubview(parent)
        let image = try fullImage(root)

        // The group holds opaque blue in the overlap; composited at 0.5 over white:
        // r = g = 0.5 * 0 + 0.5 * 255 = 127.5, b = 0.5 * 255 + 0.5 * 255 = 255.
        let overlap = image.pixel(x: 40, y: 40)
        #expect(near(overlap, 128, 128, 255), "\(overlap)")
        // Red alone: (255, 127.5, 127.5). Blue alone: (127.5, 127.5, 255).
        #expect(near(image.pixel(x: 15, y: 15), 255, 128, 128), "\(image.pixel(x: 15, y: 15))")
        #expect(near(image.pixel(x: 65, y: 65), 128, 128, 255), "\(image.pixel(x: 65, y: 65))")
        #expect(image.pixel(x: 5, y: 5) == white)
        #expect(image.pixel(x: 80, y: 80) == white)   // inside the parent, no subview: nothing drawn

        // Each view multiplied by the parent's alpha and composited on its own
        // would give red at 0.5 (255, 127.5, 127.5), then blue at 0.5 over it:
        // (127.5, 63.75, 191.25) — a mix of red and blue, which the group avoids.
        #expect(!near(overlap, 128, 64, 191, tolerance: 8))
    }

    @Test("half-transparent subviews of a half-transparent parent composite as one layer")
    func translucentChildrenOfTranslucentParent() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let parent = try plain(registry, rect(10, 10, 80, 80))
        parent.alpha = 0.5
        let a = try plain(registry, rect(0, 0, 40, 40), redColor)
        let b = try plain(registry, rect(20, 20, 40, 40), blueColor)
        a.alpha = 0.5
        b.alpha = 0.5
        try parent.addSubview(a)
        try parent.addSubview(b)
        try root.addSubview(parent)
        let image = try fullImage(root)

        // Inside the parent's group (premultiplied, starting transparent):
        //   red at 0.5:              (0.5, 0, 0, a 0.5)
        //   blue at 0.5 over it:     0.5 * (0, 0, 1, 1) + 0.5 * (0.5, 0, 0, 0.5) = (0.25, 0, 0.5, a 0.75)
        // The group at 0.5 over opaque white:
        //   0.5 * (0.25, 0, 0.5, 0.75) + (1 - 0.375) * (1, 1, 1, 1) = (0.75, 0.625, 0.875, 1)
        //   = (191.25, 159.375, 223.125) in 8 bits.
        let overlap = image.pixel(x: 40, y: 40)
        #expect(near(overlap, 191, 159, 223, tolerance: 2), "\(overlap)")
        // Red alone: 0.25 red over white = (255, 191.25, 191.25); blue alone likewise.
        #expect(near(image.pixel(x: 15, y: 15), 255, 191, 191, tolerance: 2), "\(image.pixel(x: 15, y: 15))")
        #expect(near(image.pixel(x: 65, y: 65), 191, 191, 255, tolerance: 2), "\(image.pixel(x: 65, y: 65))")

        // Per-view multiplied alpha (each at 0.25, straight onto the root):
        //   red at 0.25 over white: (1, 0.75, 0.75); blue at 0.25 over that:
        //   (0.75, 0.5625, 0.8125) = (191.25, 143.4, 207.2) — green and blue differ by 16.
        #expect(!near(overlap, 191, 143, 207, tolerance: 8))
    }

    @Test("nested alpha multiplies: a view at 0.5 inside a parent at 0.5 shows at 0.25")
    func nestedAlpha() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let parent = try plain(registry, rect(0, 0, 50, 50))
        parent.alpha = 0.5
        let child = try dot(registry, rect(0, 0, 20, 20), blueColor)
        child.alpha = 0.5
        try parent.addSubview(child)
        try root.addSubview(parent)
        // 0.25 blue over white: (191.25, 191.25, 255).
        #expect(near(try fullImage(root).pixel(x: 10, y: 10), 191, 191, 255, tolerance: 2))
    }
}

// MARK: - Transforms and scale

@Suite("View rendering: transforms and device scale")
struct ViewRenderingGeometryTests {
    @Test("a view rotated by 90° covers the rotated rectangle, and its subviews turn with it")
    func rotated90() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        // 40 x 20 centred on (50, 50); turned 90° it covers x 40...60, y 30...70.
        let bar = try plain(registry, rect(30, 40, 40, 20), redColor)
        // The top-left 10 x 10 of the bar: local (0, 0) is (-20, -10) from the
        // centre; turned (x, y) -> (-y, x) it is (10, -20): (60, 30) in the root;
        // local (10, 10) lands at (50, 40). So the child covers x 50...60, y 30...40.
        try bar.addSubview(try plain(registry, rect(0, 0, 10, 10), blueColor))
        bar.transform = easel_affine_transform(rotationAngle: .pi / 2)
        try root.addSubview(bar)
        #expect(bar.frame.minX.isApproximatelyEqual(to: 40) && bar.frame.minY.isApproximatelyEqual(to: 30))
        let image = try fullImage(root)
        #expect(image.pixel(x: 45, y: 45) == red)
        #expect(image.pixel(x: 45, y: 65) == red)
        #expect(image.pixel(x: 55, y: 35) == blue)
        #expect(image.pixel(x: 35, y: 50) == white)   // inside the unrotated bar, outside the rotated one
        #expect(image.pixel(x: 64, y: 50) == white)
        #expect(image.pixel(x: 50, y: 28) == white)
        #expect(image.pixel(x: 50, y: 71) == white)
    }

    @Test("a view rotated by 45° is a diamond")
    func rotated45() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        // A 40 x 40 square centred on (50, 50), turned 45°: |dx| + |dy| <= 20√2 ≈ 28.28.
        let square = try plain(registry, rect(30, 30, 40, 40), redColor)
        square.transform = easel_affine_transform(rotationAngle: .pi / 4)
        try root.addSubview(square)
        let image = try fullImage(root)
        #expect(image.pixel(x: 50, y: 50) == red)
        #expect(image.pixel(x: 50, y: 25) == red)      // pixel centre (50.5, 25.5): 25 from the centre
        #expect(image.pixel(x: 74, y: 49) == red)      // (74.5, 49.5): 24 + 1 = 25
        #expect(image.pixel(x: 31, y: 31) == white)    // a corner of the unrotated square
        #expect(image.pixel(x: 68, y: 68) == white)
        #expect(image.pixel(x: 50, y: 19) == white)    // 30.5 from the centre: past the tip at 28.28
        #expect(image.pixel(x: 79, y: 50) == white)
    }

    @Test("a scaled view stretches about its centre")
    func scaled() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        // 20 x 20 centred on (50, 50), scaled (2, 0.5): x 30...70, y 45...55.
        let view = try dot(registry, rect(40, 40, 20, 20), blueColor)
        view.transform = easel_affine_transform(scaleX: 2, y: 0.5)
        try root.addSubview(view)
        #expect(view.frame == rect(30, 45, 40, 10))
        #expect(view.bounds == rect(0, 0, 20, 20))
        let image = try fullImage(root)
        #expect(image.pixel(x: 30, y: 45) == blue)
        #expect(image.pixel(x: 69, y: 54) == blue)
        #expect(image.pixel(x: 29, y: 50) == white)
        #expect(image.pixel(x: 70, y: 50) == white)
        #expect(image.pixel(x: 50, y: 44) == white)
        #expect(image.pixel(x: 50, y: 55) == white)
    }

    @Test("at 2x and 3x a 1-point feature at whole points covers exactly 2 or 3 pixels, crisp", arguments: [2, 3])
    func crispAtScale(scale: Int) throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry, width: 40, height: 20)
        let line = try dot(registry, rect(10, 0, 1, 20), redColor)
        try root.addSubview(line)
        let image = try fullImage(root, scale: Double(scale))
        #expect(image.width == 40 * scale && image.height == 20 * scale)
        for y in [0, 7 * scale, 20 * scale - 1] {
            #expect(image.pixel(x: 10 * scale - 1, y: y) == white)
            for x in (10 * scale)..<(11 * scale) { #expect(image.pixel(x: x, y: y) == red, "x \(x)") }
            #expect(image.pixel(x: 11 * scale, y: y) == white)
        }
        // Not a single partially covered pixel anywhere.
        #expect(image.pixels.allSatisfy { $0 == white || $0 == red })
        #expect(line.contentScaleFactor == Double(scale))
    }

    @Test("at 2x the plugin works in points: Panel's bounds and layout are in points")
    func pluginSeesPoints() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry, width: 40, height: 20)
        let panel = try registry.makeView(ofClass: "Panel", frame: rect(0, 0, 40, 20))
        try root.addSubview(panel)
        #expect(panel.contentScaleFactor == 1)
        let image = try fullImage(root, scale: 2)
        #expect(image.width == 80 && image.height == 40)
        // layoutSubviews split the 40-point bounds at 20 points: pixel 40 at 2x.
        let left = try #require(panel.viewWithTag(1)), right = try #require(panel.viewWithTag(2))
        #expect(panel.bounds == rect(0, 0, 40, 20))
        #expect(left.frame == rect(0, 0, 20, 20))
        #expect(right.frame == rect(20, 0, 20, 20))
        #expect(image.pixel(x: 39, y: 20) == red)
        #expect(image.pixel(x: 40, y: 20) == blue)
        #expect(image.pixel(x: 79, y: 39) == blue)
        for view in [root, panel, left, right] { #expect(view.contentScaleFactor == 2) }
        #expect(try panel.value(ofProperty: "contentScaleFactor", as: Double.self) == 2)
    }

    @Test("a recording canvas renders the same tree, and replays crisply at 2x")
    func recordingCanvas() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry, width: 40, height: 20)
        try root.addSubview(try dot(registry, rect(10, 5, 1, 10), redColor))
        let overlapParent = try plain(registry, rect(20, 0, 20, 20))
        overlapParent.alpha = 0.5
        try overlapParent.addSubview(try plain(registry, rect(0, 0, 15, 15), redColor))
        try overlapParent.addSubview(try plain(registry, rect(5, 5, 15, 15), blueColor))
        try root.addSubview(overlapParent)

        let recording = try Canvas(width: 40, height: 20)
        let report = try root.render(into: recording)
        #expect(report.drawnViews.count == 1)
        let image = try recording.rasterImage()
        #expect(image.pixel(x: 10, y: 10) == red)
        #expect(image.pixel(x: 11, y: 10) == white)
        #expect(near(image.pixel(x: 30, y: 10), 128, 128, 255), "\(image.pixel(x: 30, y: 10))")

        let double = try recording.rasterImage(scale: 2)
        #expect(double.pixel(x: 19, y: 20) == white)
        #expect(double.pixel(x: 20, y: 20) == red && double.pixel(x: 21, y: 20) == red)
        #expect(double.pixel(x: 22, y: 20) == white)
        #expect(contentsEqual(double, try fullImage(root, scale: 2)))
    }
}


extension Double {
    fileprivate func isApproximatelyEqual(to other: Double) -> Bool { abs(self - other) < 1e-9 }
}

// MARK: - Overlays

@Suite("View rendering: overlays")
struct ViewRenderingOverlayTests {
    @Test("Marked's overlay stays on top of a subview added later")
    func overlayStaysOnTop() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let marked = try registry.makeView(ofClass: "Marked", frame: rect(0, 0, 50, 50))
        try root.addSubview(marked)
        let cover = try dot(registry, rect(0, 0, 50, 50), blueColor)
        try marked.addSubview(cover)
        let overlay = try #require(marked.subviews.last as? OverlayView)
        #expect(overlay.staysOnTop)
        #expect(marked.subviews.count == 2 && marked.subviews.first === cover)
        let image = try fullImage(root)
        #expect(image.pixel(x: 0, y: 0) == red)
        #expect(image.pixel(x: 9, y: 9) == red)
        #expect(image.pixel(x: 10, y: 10) == blue)
        #expect(image.pixel(x: 40, y: 40) == blue)
    }

    @Test("with staysOnTop false a later subview covers the overlay")
    func overlayNotOnTop() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let marked = try registry.makeView(ofClass: "Marked", frame: rect(0, 0, 50, 50))
        try root.addSubview(marked)
        let overlay = try #require(marked.subviews.last as? OverlayView)
        overlay.staysOnTop = false
        try marked.addSubview(try dot(registry, rect(0, 0, 50, 50), blueColor))
        #expect(try fullImage(root).pixel(x: 5, y: 5) == blue)

        // The same through addOverlay(drawing:staysOnTop: false).
        let marks = try registry.makeView(ofClass: "Marks", frame: rect(50, 50, 50, 50))
        try root.addSubview(marks)
        try marks.addOverlay(drawing: "drawRedMark:", staysOnTop: false)
        #expect(try fullImage(root).pixel(x: 55, y: 55) == red)
        try marks.addSubview(try dot(registry, rect(0, 0, 20, 20), greenColor))
        #expect(try fullImage(root).pixel(x: 55, y: 55) == green)
    }

    @Test("bringing another subview to the front keeps the overlay on top")
    func bringToFrontKeepsOverlay() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let marked = try registry.makeView(ofClass: "Marked", frame: rect(0, 0, 50, 50))
        try root.addSubview(marked)
        let a = try dot(registry, rect(0, 0, 30, 30), greenColor)
        let b = try dot(registry, rect(0, 0, 30, 30), blueColor)
        try marked.addSubview(a)
        try marked.addSubview(b)
        var image = try fullImage(root)
        #expect(image.pixel(x: 5, y: 5) == red)
        #expect(image.pixel(x: 20, y: 20) == blue)
        try marked.bringSubviewToFront(a)
        #expect(marked.subviews.last is OverlayView)
        image = try fullImage(root)
        #expect(image.pixel(x: 5, y: 5) == red)
        #expect(image.pixel(x: 20, y: 20) == green)
        // Even bringing a subview to the front by inserting it at the end.
        try marked.insertSubview(b, at: marked.subviews.count)
        image = try fullImage(root)
        #expect(image.pixel(x: 5, y: 5) == red)
        #expect(image.pixel(x: 20, y: 20) == blue)
    }

    @Test("two overlays on one view draw in the order they were added", arguments: [false, true])
    func twoOverlays(blueFirst: Bool) throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let marks = try registry.makeView(ofClass: "Marks", frame: rect(0, 0, 50, 50))
        try root.addSubview(marks)
        let selectors: [Selector] = blueFirst ? ["drawBlueMark:", "drawRedMark:"] : ["drawRedMark:", "drawBlueMark:"]
        for selector in selectors { try marks.addOverlay(drawing: selector) }
        try marks.addSubview(try dot(registry, rect(0, 0, 50, 50), greenColor))
        let image = try fullImage(root)
        #expect(image.pixel(x: 2, y: 2) == red)          // red only
        #expect(image.pixel(x: 12, y: 12) == blue)       // blue only
        #expect(image.pixel(x: 7, y: 7) == (blueFirst ? red : blue))   // both: the later one
        #expect(image.pixel(x: 20, y: 20) == green)      // the later subview is below both overlays
    }

    @Test("an overlay follows its host's bounds when the host is resized")
    func overlayFollowsHost() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let marks = try registry.makeView(ofClass: "Marks", frame: rect(10, 10, 30, 30))
        try root.addSubview(marks)
        let overlay = try marks.addOverlay(drawing: "drawCornerMark:")
        #expect(overlay.frame == marks.bounds)
        let canvas = try rasterCanvas(for: root)
        try root.render(into: canvas)
        var image = try canvas.rasterImage()
        #expect(image.pixel(x: 36, y: 36) == green)   // bottom-right 4x4 of (10, 10)-(40, 40)
        #expect(image.pixel(x: 39, y: 39) == green)
        #expect(image.pixel(x: 35, y: 35) == white)

        marks.frame = rect(10, 10, 60, 50)
        #expect(overlay.frame == rect(0, 0, 60, 50))
        #expect(overlay.bounds == marks.bounds)
        try root.render(into: canvas, mode: .dirtyRegions)
        image = try canvas.rasterImage()
        #expect(image.pixel(x: 66, y: 56) == green)
        #expect(image.pixel(x: 69, y: 59) == green)
        #expect(image.pixel(x: 37, y: 37) == white)   // the old mark is gone
        #expect(contentsEqual(image, try fullImage(root)))
    }
}

// MARK: - Right-handed views

@Suite("View rendering: right-handed views")
struct ViewRenderingRightHandedTests {
    @Test("a Plot with a PlotDelegate: the dot at (10, 10) lands 10 points above the bottom edge")
    func plotWithDelegate() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry, width: 200, height: 200)
        let plot = try #require(try registry.makeView(ofClass: "Plot", frame: rect(50, 50, 100, 100)) as? RightHandedView)
        plot.backgroundColor = whiteColor
        try plot.setValue(easel_point(x: 10, y: 10), forProperty: "point")
        try root.addSubview(plot)

        // Without a delegate nothing draws (Plot has no drawRect:inContext:).
        var image = try fullImage(root)
        #expect(image.pixel(x: 59, y: 139) == white)
        #expect(image.pixel(x: 50, y: 100) == white)   // no border either

        plot.delegate = try registry.makeObject(ofClass: "PlotDelegate")
        image = try fullImage(root)
        // The 2x2 square spans y-up 9...11, that is 89...91 from the view's top: rows 139 and 140 of the root.
        for (x, y) in [(59, 139), (60, 139), (59, 140), (60, 140)] {
            #expect(image.pixel(x: x, y: y) == red, "(\(x), \(y))")
        }
        #expect(image.pixel(x: 59, y: 59) == white)    // not mirrored to the top
        #expect(image.pixel(x: 61, y: 139) == white)
        #expect(image.pixel(x: 59, y: 141) == white)
        #expect(image.pixel(x: 59, y: 138) == white)
        // The 2-point border along every edge.
        #expect(image.pixel(x: 50, y: 100) == black && image.pixel(x: 51, y: 100) == black)
        #expect(image.pixel(x: 52, y: 100) == white)
        #expect(image.pixel(x: 100, y: 149) == black && image.pixel(x: 100, y: 147) == white)
    }

    @Test("without a delegate, drawRect:inContext: draws in y-up coordinates and gets the flipped rect")
    func drawRectInContextFallback() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry, width: 200, height: 200)
        let graph = try registry.makeView(ofClass: "Graph", frame: rect(50, 50, 100, 100))
        graph.backgroundColor = whiteColor
        try graph.setValue(easel_point(x: 10, y: 10), forProperty: "point")
        try root.addSubview(graph)
        let canvas = try rasterCanvas(for: root)
        try root.render(into: canvas)
        var image = try canvas.rasterImage()
        #expect(image.pixel(x: 59, y: 139) == green && image.pixel(x: 60, y: 140) == green)
        #expect(image.pixel(x: 59, y: 59) == white)
        #expect(try graph.value(ofProperty: "lastRect", as: easel_rect.self) == rect(0, 0, 100, 100))

        // A rect near the top in y-up coordinates marks the top of the view in the root.
        try graph.setValue(easel_point(x: 10, y: 95), forProperty: "point")
        graph.setNeedsDisplay(in: rect(0, 90, 100, 10))
        #expect(root.dirtyRegion == [rect(50, 50, 100, 10)])
        let report = try root.render(into: canvas, mode: .dirtyRegions)
        #expect(report.region == [rect(50, 50, 100, 10)])
        #expect(report.drawnViews.map(ObjectIdentifier.init) == [ObjectIdentifier(graph)])
        let lastRect = try graph.value(ofProperty: "lastRect", as: easel_rect.self)
        #expect(lastRect == rect(0, 90, 100, 10), "\(lastRect)")
        image = try canvas.rasterImage()
        // y-up 94...96 is 4...6 from the top: rows 54 and 55.
        #expect(image.pixel(x: 59, y: 54) == green && image.pixel(x: 60, y: 55) == green)
        // The old dot was outside the region: still there, as UIKit keeps undirtied content.
        #expect(image.pixel(x: 59, y: 139) == green)
    }

    @Test("the delegate's drawView:inRect:inContext: gets the rect in y-up coordinates")
    func delegateGetsFlippedRect() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry, width: 200, height: 200)
        let view = try #require(try registry.makeView(ofClass: "RHView", frame: rect(50, 50, 100, 100)) as? RightHandedView)
        view.isOpaque = false
        let recorder = try registry.makeObject(ofClass: "RectRecorder")
        view.delegate = recorder
        try root.addSubview(view)
        let canvas = try rasterCanvas(for: root)
        try root.render(into: canvas)
        var image = try canvas.rasterImage()
        // The delegate's (0, 0, 4, 4) is the view's bottom-left corner: x 50...54, y 146...150.
        #expect(image.pixel(x: 50, y: 149) == blue && image.pixel(x: 53, y: 146) == blue)
        #expect(image.pixel(x: 54, y: 149) == white && image.pixel(x: 50, y: 145) == white)
        #expect(image.pixel(x: 50, y: 50) == white)
        #expect(try recorder.value(ofProperty: "lastRect", as: easel_rect.self) == rect(0, 0, 100, 100))
        #expect(try recorder.value(ofProperty: "calls", as: Int32.self) == 1)

        // The bottom strip, y-up (0, 0, 100, 20), is the root's (50, 130, 100, 20).
        view.setNeedsDisplay(in: rect(0, 0, 100, 20))
        #expect(root.dirtyRegion == [rect(50, 130, 100, 20)])
        try root.render(into: canvas, mode: .dirtyRegions)
        #expect(try recorder.value(ofProperty: "lastRect", as: easel_rect.self) == rect(0, 0, 100, 20))
        #expect(try recorder.value(ofProperty: "calls", as: Int32.self) == 2)
        image = try canvas.rasterImage()
        #expect(image.pixel(x: 50, y: 149) == blue)
    }
}

// MARK: - Opaque views and clearing

@Suite("View rendering: opaque and clearsContextBeforeDrawing")
struct ViewRenderingOpaqueTests {
    /// White root, with a grey view beneath a Patch at (10, 10, 30, 30) that fills only its top-left 5x5 green.
    private func scene(_ registry: Registry) throws -> (root: View, patch: View) {
        let root = try whiteRoot(registry, width: 50, height: 50)
        try root.addSubview(try plain(registry, rect(0, 0, 50, 25), color(0.5, 0.5, 0.5)))
        let view = try patch(registry, rect(10, 10, 30, 30), patch: rect(0, 0, 5, 5), greenColor)
        try root.addSubview(view)
        return (root, view)
    }

    @Test("opaque, clearing, no background: the rest of the bounds is opaque black")
    func opaqueStartsBlack() throws {
        let registry = try widgetRegistry()
        let (root, view) = try scene(registry)
        #expect(view.isOpaque && view.clearsContextBeforeDrawing && view.backgroundColor == nil)
        let image = try fullImage(root)
        #expect(image.pixel(x: 12, y: 12) == green)
        #expect(image.pixel(x: 20, y: 20) == black)   // over the grey view
        #expect(image.pixel(x: 39, y: 39) == black)   // over the white root
        #expect(image.pixel(x: 40, y: 39) == white)
        #expect(image.pixel(x: 9, y: 20) == RGBA(r: 128, g: 128, b: 128))
    }

    @Test("not opaque, or not clearing: what lies beneath shows through")
    func transparentShowsBeneath() throws {
        let registry = try widgetRegistry()
        for change in ["opaque", "clears"] {
            let (root, view) = try scene(registry)
            if change == "opaque" { view.isOpaque = false } else { view.clearsContextBeforeDrawing = false }
            let image = try fullImage(root)
            #expect(image.pixel(x: 12, y: 12) == green, "\(change)")
            #expect(image.pixel(x: 20, y: 20) == RGBA(r: 128, g: 128, b: 128), "\(change)")
            #expect(image.pixel(x: 39, y: 39) == white, "\(change)")
        }
    }

    @Test("a background colour replaces the black; a view without drawRect: never gets it")
    func backgroundInsteadOfBlack() throws {
        let registry = try widgetRegistry()
        let (root, view) = try scene(registry)
        view.backgroundColor = blueColor
        let plainView = try plain(registry, rect(0, 40, 10, 10))   // opaque by default, nothing to draw
        try root.addSubview(plainView)
        let image = try fullImage(root)
        #expect(image.pixel(x: 20, y: 20) == blue)
        #expect(image.pixel(x: 12, y: 12) == green)
        #expect(image.pixel(x: 5, y: 45) == white)
    }
}

// MARK: - Errors

@Suite("View rendering: plugin drawing errors")
struct ViewRenderingErrorTests {
    @Test("a drawRect: that restores without saving is a RenderError naming the class and drawRect:")
    func restoreWithoutSave() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let bad = try registry.makeView(ofClass: "BadDraw", frame: rect(10, 10, 20, 20))
        try bad.setValue(Int32(0), forProperty: "mode")
        try root.addSubview(bad)
        let canvas = try rasterCanvas(for: root)
        let error = #expect(throws: RenderError.self) { try root.render(into: canvas) }
        #expect(error?.message == "-[BadDraw drawRect:] failed: restore_state without a matching save_state")
    }

    @Test("a drawRect: that fills a NaN rect is a RenderError naming the class and drawRect:")
    func nanRect() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        try root.addSubview(try dot(registry, rect(0, 0, 10, 10), redColor))
        let bad = try registry.makeView(ofClass: "BadDraw", frame: rect(10, 10, 20, 20))
        try bad.setValue(Int32(1), forProperty: "mode")
        try root.addSubview(bad)
        let canvas = try rasterCanvas(for: root)
        let error = #expect(throws: RenderError.self) { try root.render(into: canvas) }
        #expect(error?.message == "-[BadDraw drawRect:] failed: fill_rect: non-finite value nan")
        #expect(error?.description == error?.message)
    }

    @Test("a drawRect: that saves and clips without restoring does not clip the views drawn after it")
    func saveWithoutRestore() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let bad = try registry.makeView(ofClass: "BadDraw", frame: rect(10, 10, 20, 20))
        try bad.setValue(Int32(2), forProperty: "mode")
        bad.backgroundColor = greenColor
        try bad.addSubview(try dot(registry, rect(5, 5, 10, 10), blueColor))
        try root.addSubview(bad)
        try root.addSubview(try dot(registry, rect(50, 50, 20, 20), redColor))
        let canvas = try rasterCanvas(for: root)
        for mode in [RenderMode.full, .full] {
            try root.render(into: canvas, mode: mode)   // and no state leaks into the next render either
            let image = try canvas.rasterImage()
            #expect(image.pixel(x: 12, y: 12) == green)
            #expect(image.pixel(x: 20, y: 20) == blue)    // its own subview
            #expect(image.pixel(x: 60, y: 60) == red)     // a later sibling
        }
        #expect(registry.takeDiagnostics() == [])
    }

    @Test("after a failed render the next render of a fresh canvas works")
    func recoversOnFreshCanvas() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let bad = try registry.makeView(ofClass: "BadDraw", frame: rect(10, 10, 20, 20))
        try root.addSubview(bad)
        #expect(throws: RenderError.self) { try root.render(into: try rasterCanvas(for: root)) }
        bad.removeFromSuperview()
        try root.addSubview(try dot(registry, rect(0, 0, 10, 10), redColor))
        #expect(try fullImage(root).pixel(x: 5, y: 5) == red)
    }
}
