// Backing stores and contentMode (issue 14 items 3, 4 and 8): a view's
// drawn content is kept and composited instead of drawn again; a resize
// places the kept content as the content mode says.

import EaselABI
import EaselCanvas
import EaselGraphicsCore
import EaselRuntime
import EaselViews
import EaselTestSupport
import Testing

@Suite("Backing stores and contentMode")
struct BackingStoreTests {
    /// How many times `view` was sent its drawing call in a render.
    private func draws(of view: View, in report: RenderReport) -> Int {
        report.drawnViews.filter { $0 === view }.count
    }

    /// A white 100 x 100 root holding a 20 x 20 Patch at (10, 10): opaque, so
    /// its content is opaque black with the red patch (0, 0, 10, 10) in its top-left quarter.
    private func patchScene(_ registry: Registry) throws -> (root: View, view: View) {
        let root = try whiteRoot(registry)
        let view = try patch(registry, rect(10, 10, 20, 20), patch: rect(0, 0, 10, 10), redColor)
        try root.addSubview(view)
        return (root, view)
    }

    /// Where each mode puts 20 x 20 content in bounds of 40 x 30, computed by hand (UIKit's rules):
    /// the content's rect and the red quarter's, in the view's coordinates.
    static let placements: [(ContentMode, content: easel_rect, red: easel_rect)] = [
        (.scaleToFill, rect(0, 0, 40, 30), rect(0, 0, 20, 15)),
        (.scaleAspectFit, rect(5, 0, 30, 30), rect(5, 0, 15, 15)),       // 1.5x, centred across
        (.scaleAspectFill, rect(0, -5, 40, 40), rect(0, -5, 20, 20)),     // 2x, centred down, clipped
        (.redraw, rect(0, 0, 40, 30), rect(0, 0, 10, 10)),               // drawn again at the new size
        (.center, rect(10, 5, 20, 20), rect(10, 5, 10, 10)),
        (.top, rect(10, 0, 20, 20), rect(10, 0, 10, 10)),
        (.bottom, rect(10, 10, 20, 20), rect(10, 10, 10, 10)),
        (.left, rect(0, 5, 20, 20), rect(0, 5, 10, 10)),
        (.right, rect(20, 5, 20, 20), rect(20, 5, 10, 10)),
        (.topLeft, rect(0, 0, 20, 20), rect(0, 0, 10, 10)),
        (.topRight, rect(20, 0, 20, 20), rect(20, 0, 10, 10)),
        (.bottomLeft, rect(0, 10, 20, 20), rect(0, 10, 10, 10)),
        (.bottomRight, rect(20, 10, 20, 20), rect(20, 10, 10, 10)),
    ]

    @Test("the 13 content modes have UIKit's raw values and scene names")
    func rawValues() {
        #expect(ContentMode.allCases.map(\.rawValue) == Array(0...12))
        #expect(ContentMode.allCases.map(\.name) == [
            "scaleToFill", "scaleAspectFit", "scaleAspectFill", "redraw", "center", "top", "bottom", "left", "right",
            "topLeft", "topRight", "bottomLeft", "bottomRight",
        ])
        #expect(ContentMode(name: "scaleAspectFit") == .scaleAspectFit && ContentMode(name: "aspectFit") == nil)
        let registry = Registry()
        let view = try? registry.makeView(ofClass: "View", frame: rect(0, 0, 10, 10))
        #expect(view?.contentMode == .scaleToFill)   // UIKit's default
    }

    @Test("each content mode after a resize: content placed by hand-computed rects; drawRect: once for redraw, never otherwise",
          arguments: placements.indices)
    func resize(index: Int) throws {
        let (mode, content, redRect) = Self.placements[index]
        let registry = try widgetRegistry()
        let (root, view) = try patchScene(registry)
        view.contentMode = mode
        let canvas = try rasterCanvas(for: root)
        let first = try root.render(into: canvas, mode: .dirtyRegions)
        #expect(draws(of: view, in: first) == 1)
        #expect(view.hasBackingStore)

        view.frame = rect(10, 10, 40, 30)
        let report = try root.render(into: canvas, mode: .dirtyRegions)
        #expect(draws(of: view, in: report) == (mode == .redraw ? 1 : 0), "\(mode)")
        let image = try canvas.rasterImage()
        func at(_ x: Double, _ y: Double) -> RGBA { image.pixel(x: Int(10 + x), y: Int(10 + y)) }
        let visibleRed = redRect.intersection(rect(0, 0, 40, 30))
        #expect(at(visibleRed.midX, visibleRed.midY) == red, "\(mode): the red quarter's middle")
        let corner = easel_rect(x: content.minX + content.width * 0.5, y: content.minY + content.height * 0.5,
                                width: content.width * 0.5, height: content.height * 0.5).intersection(rect(0, 0, 40, 30))
        #expect(at(corner.midX, corner.midY) == black, "\(mode): the black bottom-right quarter of the content")
        if content.width < 40 || content.height < 30 {
            // Outside the placed content the view shows nothing: the white root.
            let outside = content.minX > 0 ? (content.minX / 2, content.midY) : content.maxX < 40
                ? ((content.maxX + 40) / 2, content.midY) : content.minY > 0 ? (content.midX, content.minY / 2)
                : (content.midX, (content.maxY + 30) / 2)
            #expect(at(outside.0, outside.1) == white, "\(mode): outside the content")
        }
        // The dirty render equals a full render of the same tree.
        #expect(differences(image, try fullImage(root)).isEmpty, "\(mode)")
        // Marking the view draws it again at its new size.
        view.setNeedsDisplay()
        let again = try root.render(into: canvas, mode: .dirtyRegions)
        #expect(draws(of: view, in: again) == 1)
        let redrawn = try canvas.rasterImage()
        #expect(redrawn.pixel(x: 15, y: 15) == red && redrawn.pixel(x: 25, y: 25) == black)
    }

    @Test("contentStretch: the parts outside the stretchable rect keep their size")
    func stretch() throws {
        let registry = try widgetRegistry()
        let (root, view) = try patchScene(registry)
        view.contentMode = .scaleToFill
        view.contentStretch = rect(0.5, 0.5, 0, 0)   // nothing stretches but the middle line
        #expect(view.contentStretch == rect(0.5, 0.5, 0, 0))
        view.contentStretch = rect(-1, 0.5, 3, 0.1)   // clamped into the unit square
        #expect(view.contentStretch == rect(0, 0.5, 1, 0.1))
        view.contentStretch = rect(0.75, 0.75, 0.25, 0.25)   // the bottom-right black quarter stretches
        let canvas = try rasterCanvas(for: root)
        try root.render(into: canvas)
        view.frame = rect(10, 10, 60, 60)
        let report = try root.render(into: canvas, mode: .dirtyRegions)
        #expect(report.drawnViews.isEmpty)
        let image = try canvas.rasterImage()
        // The red 10 x 10 quarter keeps its size at the top left (the left 15 points keep their width).
        #expect(image.pixel(x: 12, y: 12) == red && image.pixel(x: 19, y: 19) == red)
        #expect(image.pixel(x: 21, y: 12) == black && image.pixel(x: 12, y: 21) == black)
        #expect(image.pixel(x: 65, y: 65) == black)
    }

    @Test("a view moved 1000 times draws once; under the onChange policy (one-frame renders) twice unless its contentMode is set",
          arguments: [BackingStorePolicy.firstDraw, .onChange])
    func movedThousandTimes(policy: BackingStorePolicy) throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry, width: 60, height: 60)
        #expect(root.backingStorePolicy == .firstDraw)   // the default
        root.backingStorePolicy = policy
        let asked = try dot(registry, rect(0, 0, 10, 10), blueColor)
        asked.contentMode = .redraw
        let lazy = try dot(registry, rect(0, 30, 10, 10), greenColor)
        try root.addSubview(asked)
        try root.addSubview(lazy)
        #expect(lazy.backingStorePolicy == policy)   // the root's
        let canvas = try rasterCanvas(for: root)
        var drawsAsked = 0, drawsLazy = 0
        func count(_ report: RenderReport) {
            drawsAsked += draws(of: asked, in: report)
            drawsLazy += draws(of: lazy, in: report)
        }
        count(try root.render(into: canvas, mode: .dirtyRegions))
        for step in 1...1000 {
            let x = Double(step % 50)
            asked.frame = rect(x, Double(step % 7), 10, 10)
            lazy.center = easel_point(x: 5 + x, y: 35 + Double(step % 3))
            if step % 2 == 0 { asked.alpha = step % 4 == 0 ? 1 : 0.5 }
            if step % 5 == 0 { asked.transform = easel_affine_transform(rotationAngle: Double(step % 3) * 0.4) }
            count(try root.render(into: canvas, mode: step % 10 == 0 ? .full : .dirtyRegions))
        }
        #expect(drawsAsked == 1)
        // The default view: drawn into its store at the first render; under onChange drawn
        // directly first, then into its store at the first render after it moved.
        #expect(drawsLazy == (policy == .firstDraw ? 1 : 2))
        // Back unrotated and opaque on whole points: the pixels drawing them directly gives.
        asked.transform = .identity
        asked.alpha = 1
        try root.render(into: canvas, mode: .dirtyRegions)
        let fresh = try whiteRoot(registry, width: 60, height: 60)
        try fresh.addSubview(try dot(registry, asked.frame, blueColor))
        try fresh.addSubview(try dot(registry, lazy.frame, greenColor))
        #expect(differences(try canvas.rasterImage(), try fullImage(fresh)).isEmpty)
        #expect(drawsAsked == 1)
    }

    @Test("backing-store memory stays under its budget with 10,000 views; off-canvas views drop their stores")
    func budget() throws {
        let registry = try widgetRegistry()
        let root = try plain(registry, rect(0, 0, 400, 250), whiteColor)
        var views: [View] = []
        for index in 0..<10_000 {
            let view = try dot(registry, rect(Double(index % 100) * 4, Double(index / 100) * 2.5, 4, 2.5),
                               index % 2 == 0 ? redColor : blueColor)
            view.contentMode = .scaleToFill
            try root.addSubview(view)
            views.append(view)
        }
        // Each store is 4 x 3 pixels or 4 x 4 (a half-pixel phase): 48 or 64 bytes; 10,000 need ~560 kB.
        root.backingStoreBudget = 200_000
        let canvas = try rasterCanvas(for: root)
        try root.render(into: canvas)
        #expect(root.backingStoreBytes <= 200_000)
        #expect(root.backingStoreBytes >= 150_000)   // the budget is used, not ignored
        let stored = views.filter { $0.hasBackingStore }.count
        #expect(stored > 2000 && stored < 10_000)
        // Views drawn directly because the budget was full look the same.
        #expect(differences(try canvas.rasterImage(), try fullImage(root)).isEmpty)
        // Moving half of the views off the canvas drops their stores at the next full render.
        for view in views[0..<5000] { view.center = easel_point(x: view.center.x + 1000, y: view.center.y) }
        try root.render(into: canvas)
        #expect(views[0..<5000].allSatisfy { !$0.hasBackingStore })
        #expect(root.backingStoreBytes <= 200_000)
        root.backingStoreBudget = 0
        try root.render(into: canvas)
        #expect(root.backingStoreBytes == 0)
    }

    @Test("dirty renders with backing stores equal full renders: moves, turns, fades, marks, partial marks, resizes",
          arguments: [1.0, 2.0])
    func dirtyEqualsFull(scale: Double) throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry, width: 80, height: 60)
        var views: [View] = []
        for index in 0..<12 {
            let view = index % 3 == 0
                ? try patch(registry, rect(Double(index % 4) * 18 + 1.5, Double(index / 4) * 18 + 2.25, 16, 14),
                            patch: rect(2, 2, 7, 5), greenColor)
                : try dot(registry, rect(Double(index % 4) * 18 + 1.5, Double(index / 4) * 18 + 2.25, 16, 14),
                          color(0.2, 0.3, 0.9, index % 2 == 0 ? 1 : 0.6))
            view.contentMode = ContentMode(rawValue: index % 13)!
            if index % 4 == 1 { view.isOpaque = false }
            try root.addSubview(view)
            views.append(view)
        }
        let canvas = try rasterCanvas(for: root, scale: scale)
        try root.render(into: canvas)
        #expect(views.allSatisfy { $0.hasBackingStore })
        var rng = SplitMix64(state: 0xBAC0 + UInt64(scale))
        for round in 0..<40 {
            let view = views[Int.random(in: 0..<views.count, using: &rng)]
            var what = ""
            switch Int.random(in: 0..<7, using: &rng) {
            case 0:
                view.center = easel_point(x: view.center.x + Double(Int.random(in: -3...3, using: &rng)),
                                          y: view.center.y + Double(Int.random(in: -3...3, using: &rng)) * 0.5)
                what = "move"
            case 1:
                view.transform = easel_affine_transform(rotationAngle: Double.random(in: -1...1, using: &rng))
                what = "turn"
            case 2:
                view.alpha = [1, 0.5, 0.8][Int.random(in: 0..<3, using: &rng)]
                what = "fade"
            case 3:
                if view.objectClass.name == "Dot" { try view.setValue(color(0.9, 0.5, 0.1, 1), forProperty: "color") }
                view.setNeedsDisplay()
                what = "mark"
            case 4:
                if view.objectClass.name == "Patch" { try view.setValue(redColor, forProperty: "color") }
                view.setNeedsDisplay(in: rect(0, 0, 5.5, 4))
                what = "mark part"
            case 5:
                let frame = view.frame
                view.bounds = rect(0, 0, Double.random(in: 8...24, using: &rng).rounded(), 14)
                _ = frame
                what = "resize"
            default:
                try root.bringSubviewToFront(view)
                what = "reorder"
            }
            try root.render(into: canvas, mode: .dirtyRegions)
            let diff = differences(try canvas.rasterImage(), try fullImage(root, scale: scale))
            #expect(diff.isEmpty, "round \(round), \(what) \(view): \(diff)")
            if !diff.isEmpty { return }
        }
    }

    @Test("a fading leaf composited from its store at its alpha has its transparency group's pixels (stores off), moved and faded",
          arguments: [1.0, 2.0])
    func fadingLeavesFromStores(scale: Double) throws {
        let registry = try widgetRegistry()
        /// Overlapping leaves at alpha 0.5 and 0.4: opaque patches, see-through dots, a background.
        func tree(budget: Int?) throws -> (View, [View]) {
            let root = try whiteRoot(registry, width: 90, height: 60)
            if let budget { root.backingStoreBudget = budget }
            var views: [View] = []
            for index in 0..<8 {
                let frame = rect(Double(index) * 9 + 2, Double(index % 3) * 11 + 3, 24, 20)
                let view = index % 2 == 0
                    ? try patch(registry, frame, patch: rect(3, 3, 12, 9), redColor)
                    : try dot(registry, frame, color(0.2, 0.3, 0.9, 0.7))
                if index % 4 == 1 { view.isOpaque = false }
                if index % 4 == 3 { view.backgroundColor = color(0.1, 0.8, 0.2, 0.5) }
                view.alpha = index % 3 == 0 ? 0.4 : 0.5
                try root.addSubview(view)
                views.append(view)
            }
            return (root, views)
        }
        let (stored, storedViews) = try tree(budget: nil)
        let (direct, directViews) = try tree(budget: 0)
        let canvas = try rasterCanvas(for: stored, scale: scale)
        try stored.render(into: canvas)
        #expect(storedViews.allSatisfy { $0.hasBackingStore })
        for (index, (a, b)) in zip(storedViews, directViews).enumerated() {
            let move = easel_point(x: Double(index % 3) + 1, y: Double(index % 2) * 2)
            a.center = easel_point(x: a.center.x + move.x, y: a.center.y + move.y)
            b.center = easel_point(x: b.center.x + move.x, y: b.center.y + move.y)
            if index % 3 == 1 { a.alpha = 0.3; b.alpha = 0.3 }
        }
        let report = try stored.render(into: canvas, mode: .dirtyRegions)
        #expect(report.drawnViews.isEmpty)   // composited, not drawn again
        let image = try canvas.rasterImage()
        #expect(direct.backingStoreBytes == 0)
        #expect(differences(image, try fullImage(direct, scale: scale)).isEmpty)
        #expect(differences(image, try fullImage(stored, scale: scale)).isEmpty)
        // The first patch (alpha 0.4, opaque: black, red patch) moved by (1, 0) to (3, 3):
        // its red patch over white at 0.4 is (255, 153, 153); its black at 0.4 is (153, 153, 153).
        expectPixel(image, Int((3 + 3 + 1) * scale), Int((3 + 3 + 1) * scale), RGBA(r: 255, g: 153, b: 153, a: 255), tolerance: 2)
        expectPixel(image, Int(4 * scale), Int(20 * scale), RGBA(r: 153, g: 153, b: 153, a: 255), tolerance: 2)
    }

    @Test("a partial mark redraws only that part of the store: the rest keeps the old content, as UIKit's backing store does")
    func partialMark() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry, width: 40, height: 40)
        let view = try dot(registry, rect(0, 0, 20, 20), greenColor)
        view.contentMode = .redraw
        try root.addSubview(view)
        let canvas = try rasterCanvas(for: root)
        try root.render(into: canvas)
        try view.setValue(redColor, forProperty: "color")
        view.setNeedsDisplay(in: rect(0, 0, 5, 5))
        view.center = easel_point(x: 25, y: 25)   // moved: the whole view is composited from its store
        let report = try root.render(into: canvas, mode: .dirtyRegions)
        #expect(report.drawnViews.map(ObjectIdentifier.init) == [ObjectIdentifier(view)])
        let image = try canvas.rasterImage()
        #expect(image.pixel(x: 17, y: 17) == red)      // (2, 2) of the view
        #expect(image.pixel(x: 22, y: 22) == green)   // (7, 7): the old green
    }

    @Test("recording canvases never use stores: vector output stays vector")
    func recording() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry, width: 40, height: 40)
        let view = try dot(registry, rect(0, 0, 20, 20), greenColor)
        view.contentMode = .center
        try root.addSubview(view)
        let canvas = try Canvas(width: 40, height: 40)
        try root.render(into: canvas)
        #expect(!view.hasBackingStore)
        view.center = easel_point(x: 21, y: 21)
        let report = try root.render(into: canvas, mode: .dirtyRegions)
        #expect(report.drawnViews.map(ObjectIdentifier.init) == [ObjectIdentifier(view)])
    }

    @Test("removing a view drops its store; a changed background redraws it")
    func removeAndBackground() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry, width: 40, height: 40)
        let view = try patch(registry, rect(0, 0, 20, 20), patch: rect(0, 0, 5, 5), redColor)
        view.contentMode = .scaleToFill
        view.backgroundColor = greenColor
        try root.addSubview(view)
        let canvas = try rasterCanvas(for: root)
        try root.render(into: canvas)
        view.backgroundColor = blueColor
        let report = try root.render(into: canvas, mode: .dirtyRegions)
        #expect(draws(of: view, in: report) == 1)
        #expect(try canvas.rasterImage().pixel(x: 15, y: 15) == blue)
        #expect(view.hasBackingStore)
        view.removeFromSuperview()
        #expect(!view.hasBackingStore)
    }
}

extension BackingStoreTests {
    @Test("a change of scale redraws the store exactly once: the canvas's scale, then a scaling transform; a rotation keeps it")
    func scaleChange() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry, width: 60, height: 60)
        let view = try patch(registry, rect(10, 10, 20, 20), patch: rect(0, 0, 10, 10), redColor)
        view.contentMode = .scaleToFill
        try root.addSubview(view)
        let one = try rasterCanvas(for: root, scale: 1)
        #expect(draws(of: view, in: try root.render(into: one)) == 1)
        #expect(draws(of: view, in: try root.render(into: one)) == 0)

        // The canvas's scale: drawn again once at 2 pixels a point, then composited.
        let two = try rasterCanvas(for: root, scale: 2)
        #expect(draws(of: view, in: try root.render(into: two)) == 1)
        view.center = easel_point(x: 21, y: 21)
        #expect(draws(of: view, in: try root.render(into: two, mode: .dirtyRegions)) == 0)
        var image = try two.rasterImage()
        // The view at (11, 11, 20, 20), at 2x: red (11...21) x 2, black beyond.
        #expect(image.pixel(x: 23, y: 23) == red && image.pixel(x: 41, y: 41) == red && image.pixel(x: 43, y: 43) == black)
        #expect(image.pixel(x: 21, y: 21) == white)

        // Scaled 2x by its transform (about its centre: the frame is (1, 1, 40, 40)): once, sharp at 4 pixels a point.
        view.transform = easel_affine_transform(scaleX: 2, y: 2)
        #expect(draws(of: view, in: try root.render(into: two, mode: .dirtyRegions)) == 1)
        image = try two.rasterImage()
        #expect(image.pixel(x: 3, y: 3) == red && image.pixel(x: 41, y: 41) == red && image.pixel(x: 43, y: 43) == black)
        #expect(image.pixel(x: 1, y: 1) == white)
        // Turned a quarter at the same scale: composited, no drawRect:.
        view.transform = easel_affine_transform(scaleX: 2, y: 2).concatenating(easel_affine_transform(rotationAngle: .pi / 2))
        #expect(draws(of: view, in: try root.render(into: two, mode: .dirtyRegions)) == 0)
        // Back to no transform: the store at 2 pixels a point is drawn again, once.
        view.transform = .identity
        #expect(draws(of: view, in: try root.render(into: two, mode: .dirtyRegions)) == 1)
        #expect(draws(of: view, in: try root.render(into: two, mode: .dirtyRegions)) == 0)
        #expect(differences(try two.rasterImage(), try fullImage(root, scale: 2)).isEmpty)
    }
}
