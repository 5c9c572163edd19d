// Rendering a view tree: dirty regions, repainted alone, give the pixels of
// rendering everything afresh (the setup of ViewRenderingTests.swift).

import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

// MARK: - Dirty regions

@Suite("View rendering: dirty-region renders equal full renders")
struct ViewRenderingDirtyTests {
    /// A 100 x 80 white root with a 5 x 4 grid of 20 x 20 Dots, alternately red and blue.
    private func grid(_ registry: Registry, policy: BackingStorePolicy = .firstDraw) throws -> (root: View, dots: [View]) {
        let root = try whiteRoot(registry, width: 100, height: 80)
        root.backingStorePolicy = policy
        var dots: [View] = []
        for row in 0..<4 {
            for column in 0..<5 {
                let view = try dot(registry, rect(Double(column) * 20, Double(row) * 20, 20, 20),
                                   (row + column) % 2 == 0 ? redColor : blueColor)
                try root.addSubview(view)
                dots.append(view)
            }
        }
        return (root, dots)
    }

    /// Renders the dirty regions into `canvas`, then checks the pixels against a full render into a fresh canvas.
    @discardableResult
    private func expectDirtyRenderMatchesFull(_ root: View, _ canvas: Canvas, _ label: String = "", scale: Double = 1,
                                              sourceLocation: SourceLocation = #_sourceLocation) throws -> RenderReport {
        let report = try root.render(into: canvas, mode: .dirtyRegions)
        let dirty = try canvas.rasterImage()
        let full = try fullImage(root, scale: scale)
        let diff = differences(dirty, full)
        #expect(diff.isEmpty, "\(label): \(diff)", sourceLocation: sourceLocation)
        return report
    }

    @Test("recolouring one Dot of 20 and marking it repaints only that Dot")
    func oneOfTwenty() throws {
        let registry = try widgetRegistry()
        let (root, dots) = try grid(registry)
        let canvas = try rasterCanvas(for: root)
        let first = try root.render(into: canvas, mode: .dirtyRegions)   // never rendered: everything
        #expect(first.drawnViews.count == 20)
        #expect(root.dirtyRegion == [])

        try dots[7].setValue(greenColor, forProperty: "color")
        dots[7].setNeedsDisplay()
        #expect(root.dirtyRegion == [rect(40, 20, 20, 20)])
        let report = try expectDirtyRenderMatchesFull(root, canvas)
        #expect(report.drawnViews.map(ObjectIdentifier.init) == [ObjectIdentifier(dots[7])])
        #expect(report.region == [rect(40, 20, 20, 20)])
        #expect(try canvas.rasterImage().pixel(x: 50, y: 30) == green)

        // A rect inside the Dot: only that part is repainted.
        try dots[7].setValue(redColor, forProperty: "color")
        dots[7].setNeedsDisplay(in: rect(0, 0, 5, 5))
        let partial = try root.render(into: canvas, mode: .dirtyRegions)
        #expect(partial.drawnViews.map(ObjectIdentifier.init) == [ObjectIdentifier(dots[7])])
        let image = try canvas.rasterImage()
        #expect(image.pixel(x: 44, y: 24) == red)
        #expect(image.pixel(x: 45, y: 25) == green)   // outside the marked rect the old content stays

        // Nothing marked: nothing drawn.
        let idle = try root.render(into: canvas, mode: .dirtyRegions)
        #expect(idle.drawnViews.isEmpty && idle.region.isEmpty)
    }

    @Test("moving a Dot repaints its old and new areas and the Dots they touch (from their stores under .firstDraw)",
          arguments: [BackingStorePolicy.firstDraw, .onChange])
    func move(policy: BackingStorePolicy) throws {
        let registry = try widgetRegistry()
        let (root, dots) = try grid(registry, policy: policy)
        let canvas = try rasterCanvas(for: root)
        try root.render(into: canvas)
        dots[0].frame = rect(5, 5, 20, 20)
        let report = try expectDirtyRenderMatchesFull(root, canvas)
        // (0, 0, 20, 20) and (5, 5, 20, 20) touch dots 0, 1 (20, 0), 5 (0, 20) and 6 (20, 20):
        // drawn directly under .onChange, composited from the stores of their first draw under .firstDraw.
        let drawn = policy == .onChange ? [0, 1, 5, 6].map { ObjectIdentifier(dots[$0]) } : []
        #expect(Set(report.drawnViews.map(ObjectIdentifier.init)) == Set(drawn))
        #expect(try canvas.rasterImage().pixel(x: 2, y: 2) == white)
    }

    @Test("hiding, alpha, adding, removing and reordering views: dirty renders equal full renders",
          arguments: [BackingStorePolicy.firstDraw, .onChange])
    func manyChanges(policy: BackingStorePolicy) throws {
        let registry = try widgetRegistry()
        let (root, dots) = try grid(registry, policy: policy)
        let canvas = try rasterCanvas(for: root)
        try root.render(into: canvas)

        dots[3].isHidden = true
        var report = try expectDirtyRenderMatchesFull(root, canvas, "hide")
        #expect(report.drawnViews.isEmpty)   // only the white root shows there
        #expect(try canvas.rasterImage().pixel(x: 70, y: 10) == white)

        dots[3].isHidden = false
        try expectDirtyRenderMatchesFull(root, canvas, "unhide")

        dots[12].alpha = 0.5
        report = try expectDirtyRenderMatchesFull(root, canvas, "alpha")
        // Under .onChange drawn once more, into the store it keeps from now on; under .firstDraw composited.
        #expect(report.drawnViews.map(ObjectIdentifier.init) == (policy == .onChange ? [ObjectIdentifier(dots[12])] : []))

        let extra = try dot(registry, rect(30, 30, 30, 30), greenColor)
        try root.addSubview(extra)
        report = try expectDirtyRenderMatchesFull(root, canvas, "add")
        // Under .onChange dots 6, 7, 11 and the new one; dot 12, faded after the
        // tree was rendered, composites its backing store instead of drawing
        // again. Under .firstDraw only the new one draws.
        #expect(report.drawnViews.count == (policy == .onChange ? 4 : 1))
        #expect(report.drawnViews.last === extra)

        try root.sendSubviewToBack(extra)
        try expectDirtyRenderMatchesFull(root, canvas, "send to back")
        try root.bringSubviewToFront(extra)
        try expectDirtyRenderMatchesFull(root, canvas, "bring to front")

        extra.removeFromSuperview()
        try expectDirtyRenderMatchesFull(root, canvas, "remove")
        dots[9].removeFromSuperview()
        try expectDirtyRenderMatchesFull(root, canvas, "remove a dot")
        #expect(try canvas.rasterImage().pixel(x: 90, y: 30) == white)

        let inner = try dot(registry, rect(2, 2, 6, 6), greenColor)
        try dots[0].addSubview(inner)
        try expectDirtyRenderMatchesFull(root, canvas, "add nested")
        try root.bringSubviewToFront(dots[0])   // so that what sticks out of it is not covered
        try expectDirtyRenderMatchesFull(root, canvas, "bring to front with a subview")
        dots[0].clipsToBounds = true
        inner.frame = rect(15, 15, 10, 10)
        try expectDirtyRenderMatchesFull(root, canvas, "move nested out, clipped")
        dots[0].clipsToBounds = false
        try expectDirtyRenderMatchesFull(root, canvas, "unclip")
        #expect(try canvas.rasterImage().pixel(x: 22, y: 22) == green)
        dots[0].clipsToBounds = true
        try expectDirtyRenderMatchesFull(root, canvas, "clip again")
        #expect(try canvas.rasterImage().pixel(x: 22, y: 22) == red)

        dots[0].bounds = rect(5, 5, 20, 20)   // scroll the content
        try expectDirtyRenderMatchesFull(root, canvas, "scroll")
        dots[0].backgroundColor = greenColor
        try expectDirtyRenderMatchesFull(root, canvas, "background")
        dots[16].transform = easel_affine_transform(rotationAngle: 0.3)
        try expectDirtyRenderMatchesFull(root, canvas, "rotate")
    }

    @Test("a touch makes Panel (plugin code) redraw; the dirty render shows it")
    func panelTouchRedraws() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry, width: 100, height: 50)
        let panel = try registry.makeView(ofClass: "Panel", frame: rect(0, 0, 100, 50))
        try root.addSubview(panel)
        let canvas = try rasterCanvas(for: root)
        try root.render(into: canvas)
        // Panel's init made the Dots; its layoutSubviews placed them side by side.
        let left = try #require(panel.viewWithTag(1)), right = try #require(panel.viewWithTag(2))
        #expect(left.frame == rect(0, 0, 50, 50) && right.frame == rect(50, 0, 50, 50))
        right.alpha = 0.5
        try root.render(into: canvas, mode: .dirtyRegions)
        var image = try canvas.rasterImage()
        #expect(image.pixel(x: 25, y: 25) == red)
        #expect(near(image.pixel(x: 75, y: 25), 128, 128, 255), "\(image.pixel(x: 75, y: 25))")   // blue at 0.5 over white fill

        let touch = try root.sendTouch(.began, at: easel_point(x: 75, y: 25))
        #expect(touch.view === right)
        #expect(try panel.value(ofProperty: "touches", as: Int32.self) == 1)
        #expect(try panel.value(ofProperty: "lastTouch", as: easel_point.self) == easel_point(x: 75, y: 25))
        #expect(root.dirtyRegion == [rect(0, 0, 100, 50)])
        let report = try expectDirtyRenderMatchesFull(root, canvas, "touch")
        // Every view keeps its content from its first draw (.firstDraw, the
        // default): only the marked Panel draws, as in UIKit.
        #expect(report.drawnViews.map(ObjectIdentifier.init) == [panel].map(ObjectIdentifier.init))
        _ = left
        image = try canvas.rasterImage()
        #expect(near(image.pixel(x: 75, y: 25), 0, 128, 128), "\(image.pixel(x: 75, y: 25))")   // blue at 0.5 over green
        #expect(image.pixel(x: 25, y: 25) == red)
    }

    @Test("a repaint cutting across the antialiased edges of rotated, translucent views equals a full render",
          arguments: [1.0, 2.0, 3.0], [BackingStorePolicy.firstDraw, .onChange])
    func rotatedEdges(scale: Double, policy: BackingStorePolicy) throws {
        let registry = try widgetRegistry()
        let root = try plain(registry, rect(0, 0, 60, 60))   // transparent: low-alpha edge pixels show every unit
        root.backingStorePolicy = policy
        let card = try plain(registry, rect(10.3, 12.7, 30.2, 20.9), color(0.2, 0.4, 0.9, 0.6))
        card.transform = easel_affine_transform(rotationAngle: 0.37)
        card.alpha = 0.7
        let inner = try dot(registry, rect(3.1, 2.2, 14.6, 9.3), color(0.9, 0.1, 0.3, 0.8))
        inner.transform = easel_affine_transform(rotationAngle: -0.9)
        try card.addSubview(inner)
        try root.addSubview(card)
        let marker = try dot(registry, rect(44.5, 40.25, 9, 9), greenColor)
        try root.addSubview(marker)
        let canvas = try Canvas(width: 60, height: 60, backing: .raster(scale: scale))
        try root.render(into: canvas)

        // Strips across the card's slanted edges; the views are unchanged, only repainted.
        root.setNeedsDisplay(in: rect(20.3, 0, 3.4, 60))
        root.setNeedsDisplay(in: rect(0, 30.6, 60, 2.2))
        var report = try expectDirtyRenderMatchesFull(root, canvas, "strips", scale: scale)
        // Under .firstDraw the inner Dot composites its store (rotated, resampled as drawn first).
        #expect(report.drawnViews.map(ObjectIdentifier.init) == (policy == .onChange ? [ObjectIdentifier(inner)] : []))

        // A change next to the card: the marker moves over its corner.
        marker.frame = rect(33.5, 28.75, 9, 9)
        report = try expectDirtyRenderMatchesFull(root, canvas, "move", scale: scale)
        #expect(policy == .firstDraw ? report.drawnViews.isEmpty : report.drawnViews.last === marker)
    }

    @Test("a dirty render on a recording canvas also equals a full render")
    func recordingDirty() throws {
        let registry = try widgetRegistry()
        let (root, dots) = try grid(registry)
        let canvas = try Canvas(width: 100, height: 80)
        try root.render(into: canvas)
        dots[4].frame = rect(70.5, 3.25, 20, 20)
        try dots[11].setValue(greenColor, forProperty: "color")
        dots[11].setNeedsDisplay()
        try root.render(into: canvas, mode: .dirtyRegions)
        let diff = differences(try canvas.rasterImage(), try fullImage(root))
        #expect(diff.isEmpty, "\(diff)")
    }

    // MARK: Random trees

    private static let classes = ["View", "Dot", "Patch", "RHView", "Marked"]

    /// A random colour: opaque most of the time.
    private static func randomColor(_ rng: inout SplitMix64) -> easel_color {
        let alpha = [1, 1, 1, 0.6][Int.random(in: 0..<4, using: &rng)]
        return color(Double.random(in: 0...1, using: &rng), Double.random(in: 0...1, using: &rng),
                     Double.random(in: 0...1, using: &rng), alpha)
    }

    private static func randomFrame(_ rng: inout SplitMix64, in size: easel_size) -> easel_rect {
        // Fractional positions and sizes, some sticking out of the superview.
        let x = Double.random(in: -8...(size.width - 4), using: &rng)
        let y = Double.random(in: -8...(size.height - 4), using: &rng)
        return rect(x, y, Double.random(in: 2...max(3, size.width * 0.7), using: &rng),
                    Double.random(in: 2...max(3, size.height * 0.7), using: &rng))
    }

    private static func randomView(_ registry: Registry, _ rng: inout SplitMix64, in size: easel_size) throws -> View {
        let name = classes[Int.random(in: 0..<classes.count, using: &rng)]
        let view = try registry.makeView(ofClass: name, frame: randomFrame(&rng, in: size))
        switch name {
        case "Dot": try view.setValue(randomColor(&rng), forProperty: "color")
        case "Patch":
            try view.setValue(randomFrame(&rng, in: view.bounds.size), forProperty: "patch")
            try view.setValue(randomColor(&rng), forProperty: "color")
        default: break
        }
        if Int.random(in: 0..<3, using: &rng) > 0 { view.backgroundColor = randomColor(&rng) }
        if Int.random(in: 0..<4, using: &rng) == 0 { view.alpha = [0.5, 0.8, 0][Int.random(in: 0..<3, using: &rng)] }
        if Int.random(in: 0..<4, using: &rng) == 0 { view.clipsToBounds = true }
        if Int.random(in: 0..<5, using: &rng) == 0 { view.isOpaque = false }
        if Int.random(in: 0..<6, using: &rng) == 0 {
            view.transform = easel_affine_transform(rotationAngle: Double.random(in: -1.5...1.5, using: &rng))
        }
        return view
    }

    /// The tree, one view a line, for failure messages.
    private static func describe(_ view: View, _ indent: String = "") -> String {
        let t = view.transform
        var line = "\(indent)\(view.objectClass.name) frame \(view.frame) bounds \(view.bounds) alpha \(view.alpha)"
        if !t.isIdentity { line += " transform \(t)" }
        if view.clipsToBounds { line += " clips" }
        if view.isHidden { line += " hidden" }
        if !view.isOpaque { line += " notOpaque" }
        if let c = view.backgroundColor { line += " bg \(c)" }
        return ([line] + view.subviews.map { describe($0, indent + "  ") }).joined(separator: "\n")
    }

    /// All views of a tree, depth-first, root first.
    private static func allViews(_ root: View) -> [View] {
        [root] + root.subviews.flatMap { allViews($0) }
    }

    /// Makes one random change that marks what it changes, and says what it did.
    private static func randomChange(_ registry: Registry, _ root: View, _ rng: inout SplitMix64) throws -> String {
        let views = allViews(root).filter { !($0 is OverlayView) }
        let others = Array(views.dropFirst())   // the root stays where the canvas is
        let view = others.isEmpty ? root : others[Int.random(in: 0..<others.count, using: &rng)]
        switch others.isEmpty ? 4 : Int.random(in: 0..<12, using: &rng) {
        case 0:
            view.frame = randomFrame(&rng, in: (view.superview ?? root).bounds.size)
            return "move \(view)"
        case 1:
            if view.objectClass.name == "Dot" || view.objectClass.name == "Patch" {
                try view.setValue(randomColor(&rng), forProperty: "color")
                if view.objectClass.name == "Patch", Bool.random(using: &rng) {
                    // Marking just the part that changes suffices.
                    view.setNeedsDisplay(in: try view.value(ofProperty: "patch", as: easel_rect.self))
                    return "recolour the patch of \(view)"
                }
                view.setNeedsDisplay()
                return "recolour \(view)"
            }
            view.backgroundColor = randomColor(&rng)
            return "background of \(view)"
        case 2:
            view.isHidden.toggle()
            return "hidden \(view.isHidden) \(view)"
        case 3:
            view.alpha = [1, 0.5, 0.3, 0][Int.random(in: 0..<4, using: &rng)]
            return "alpha \(view.alpha) \(view)"
        case 4, 5:
            let parent = views[Int.random(in: 0..<views.count, using: &rng)]
            let child = try randomView(registry, &rng, in: parent.bounds.size)
            try parent.insertSubview(child, at: Int.random(in: 0...parent.subviews.count, using: &rng))
            return "add \(child) to \(parent)"
        case 6:
            guard view !== root else { return "nothing" }
            view.removeFromSuperview()
            return "remove \(view)"
        case 7:
            guard let parent = view.superview else { return "nothing" }
            if Bool.random(using: &rng) { try parent.bringSubviewToFront(view) } else { try parent.sendSubviewToBack(view) }
            return "reorder \(view)"
        case 8:
            view.transform = Bool.random(using: &rng)
                ? .identity : easel_affine_transform(rotationAngle: Double.random(in: -3...3, using: &rng))
            return "transform \(view)"
        case 9:
            view.clipsToBounds.toggle()
            return "clipsToBounds \(view.clipsToBounds) \(view)"
        case 10:
            let b = view.bounds
            view.bounds = rect(Double.random(in: -5...5, using: &rng), Double.random(in: -5...5, using: &rng), b.width, b.height)
            return "scroll \(view)"
        default:
            view.isOpaque.toggle()
            return "opaque \(view.isOpaque) \(view)"
        }
    }

    @Test("random trees and random changes: every dirty render equals a full render", arguments: [1.0, 2.0])
    func randomTrees(scale: Double) throws {
        let registry = try widgetRegistry()
        var rng = SplitMix64(state: 0x5EED_0000 + UInt64(scale))
        for tree in 0..<40 {
            let root = try plain(registry, rect(0, 0, 64, 48), Bool.random(using: &rng) ? whiteColor : nil)
            for _ in 0..<Int.random(in: 3...12, using: &rng) {
                let views = Self.allViews(root).filter { !($0 is OverlayView) }
                let parent = views[Int.random(in: 0..<views.count, using: &rng)]
                try parent.addSubview(try Self.randomView(registry, &rng, in: parent.bounds.size))
            }
            let canvas = try Canvas(width: 64, height: 48, backing: .raster(scale: scale))
            try root.render(into: canvas)
            for round in 0..<4 {
                var log: [String] = []
                for _ in 0..<Int.random(in: 1...3, using: &rng) { log.append(try Self.randomChange(registry, root, &rng)) }
                try root.render(into: canvas, mode: .dirtyRegions)
                let diff = differences(try canvas.rasterImage(), try fullImage(root, scale: scale))
                #expect(diff.isEmpty, "tree \(tree), round \(round), after \(log): \(diff)\n\(Self.describe(root))")
                if !diff.isEmpty { return }
            }
        }
        #expect(registry.takeDiagnostics().filter { $0.severity == .error } == [])
    }
}
