// The animation engine's frames: contentsRect animates, layout done in a
// block with `layoutSubviews` animates, and animated moves and fades
// composite stored content without a single `drawRect:` call.

import EaselABI
import EaselCanvas
import EaselGeometry
import EaselGraphicsCore
import EaselRuntime
import EaselTestSupport
import EaselViews
import Testing

@Suite("Animation engine: contentsRect, layoutSubviews, frames without drawRect:")
struct AnimationEngineTests {
    @Test("contentsRect animates: the part of the image shown at t = 0, 0.5 and 1, computed by hand")
    func contentsRect() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry, width: 60, height: 60)
        // A 40 x 40 image view at (10, 10) showing the 20 x 10 halves image (red | blue), scaled to fill.
        let view = try #require(try registry.makeView(ofClass: "ImageView", frame: rect(10, 10, 40, 40)) as? ImageView)
        try root.addSubview(view)
        view.image = try halvesImage()
        let canvas = try rasterCanvas(for: root)
        try root.render(into: canvas)
        View.animate(withDuration: 1, options: .curveLinear) { view.layer.contentsRect = rect(0.5, 0, 0.5, 1) }
        #expect(view.layer.contentsRect == rect(0.5, 0, 0.5, 1))  // the model at once
        // t = 0: the whole image, red up to x = 30. t = 0.5: x 0.25...1 of the image, so its red
        // 0.25...0.5 is a third of the 40 points: red up to 10 + 13.3. t = 1: the blue half only.
        for (time, redEnd) in [(0.0, 30.0), (0.5, 10 + 40.0 / 3), (1.0, 10.0)] {
            registry.mediaClock.advance(to: time)
            if time == 0.5 { #expect(view.presentedValue(.contentsRect) == [0.25, 0, 0.75, 1, 0, 0, 0, 0]) }
            try root.render(into: canvas, mode: .dirtyRegions)
            let image = try canvas.rasterImage()
            #expect(differences(image, try fullImage(root)).isEmpty, "t = \(time)")
            for x in stride(from: 11, to: 50, by: 3) where abs(Double(x) + 0.5 - redEnd) > 1 {
                #expect(image.pixel(x: x, y: 30) == (Double(x) < redEnd ? red : blue), "t = \(time), x = \(x)")
            }
            #expect(image.pixel(x: 5, y: 30) == white)
        }
        #expect(!view.hasAnimations)
    }

    /// A container at (0, 0) of 20 x 20 in a 100 x 40 root, with a child pinned to its edges by constraints.
    private func pinned() throws -> (Registry, View, View, View) {
        let registry = Registry()
        let root = try whiteRoot(registry, width: 100, height: 40)
        let container = try plain(registry, rect(0, 0, 20, 20))
        let child = try plain(registry, rect(0, 0, 20, 20), redColor)
        try root.addSubview(container)
        try container.addSubview(child)
        child.translatesAutoresizingMaskIntoConstraints = false
        try LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            child.trailingAnchor.constraint(equalTo: container.trailingAnchor),
            child.topAnchor.constraint(equalTo: container.topAnchor),
            child.bottomAnchor.constraint(equalTo: container.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == rect(0, 0, 20, 20))
        return (registry, root, container, child)
    }

    @Test("layoutSubviews: the layout a change in the block causes animates with it; without the option it jumps")
    func layoutSubviewsOption() throws {
        let (registry, root, container, child) = try pinned()
        View.animate(withDuration: 1, options: [.curveLinear, .layoutSubviews]) {
            container.frame = rect(0, 0, 80, 40)
        }
        // The layout ran in the block: the model frame is final, the presented one halfway at t = 0.5.
        #expect(child.frame == rect(0, 0, 80, 40))
        #expect(child.hasAnimations)
        registry.mediaClock.advance(to: 0.5)
        #expect(child.presentedFrame == rect(0, 0, 50, 30))
        #expect(container.presentedFrame == rect(0, 0, 50, 30))
        let image = try fullImage(root)
        #expect(image.pixel(x: 48, y: 28) == red)
        #expect(image.pixel(x: 52, y: 28) == white)
        registry.mediaClock.advance(to: 1)

        // The same change without the option: the container animates, the child is laid out later at once.
        let (other, _, container2, child2) = try pinned()
        View.animate(withDuration: 1, options: [.curveLinear]) { container2.frame = rect(0, 0, 80, 40) }
        #expect(child2.frame == rect(0, 0, 20, 20))
        container2.rootView.layoutIfNeeded()
        other.mediaClock.advance(to: 0.5)
        #expect(child2.frame == rect(0, 0, 80, 40))
        #expect(!child2.hasAnimations)
        #expect(child2.presentedFrame == rect(0, 0, 80, 40))
    }

    @Test("an animated move and fade draw no drawRect: in its 30 frames (the first render filled the stores); pixels at three times")
    func noDrawRectWhileAnimating() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry, width: 120, height: 40)
        let mover = try dot(registry, rect(0, 0, 20, 20), blueColor)
        let fader = try dot(registry, rect(0, 20, 20, 20), redColor)
        try root.addSubview(mover)
        try root.addSubview(fader)
        let canvas = try rasterCanvas(for: root)
        var draws = try root.render(into: canvas, mode: .dirtyRegions).drawnViews.count
        #expect(draws == 2)
        View.animate(withDuration: 1, options: .curveLinear) {
            mover.center = easel_point(x: 110, y: 10)  // from x 0...20 to 100...120
            fader.alpha = 0
        }
        var firstFrame = 0
        draws = 0
        for frame in 1...30 {
            let time = Double(frame) / 30
            registry.mediaClock.advance(to: time)
            let report = try root.render(into: canvas, mode: .dirtyRegions)
            if frame == 1 { firstFrame = report.drawnViews.count } else { draws += report.drawnViews.count }
            guard frame == 6 || frame == 15 || frame == 30 else { continue }
            // Pixels at t = 0.2, 0.5 and 1: the mover's left edge at 100 t, the fader's alpha 1 - t.
            let image = try canvas.rasterImage()
            let left = Int((100 * time).rounded())
            #expect(image.pixel(x: left + 1, y: 10) == blue, "t = \(time)")
            #expect(image.pixel(x: left + 18, y: 10) == blue, "t = \(time)")
            if left > 1 { #expect(image.pixel(x: left - 2, y: 10) == white, "t = \(time)") }
            if left + 22 < 120 { #expect(image.pixel(x: left + 22, y: 10) == white, "t = \(time)") }
            let green = Int((255 * time).rounded())
            #expect(near(image.pixel(x: 10, y: 30), 255, green, green, tolerance: 2), "t = \(time): \(image.pixel(x: 10, y: 30))")
            #expect(differences(image, try fullImage(root)).isEmpty, "t = \(time)")
        }
        // The first render filled each view's backing store (View+BackingStore.swift, the default
        // `.firstDraw` policy): all 30 frames of the animation composite the stores.
        #expect(firstFrame == 0)
        #expect(draws == 0, "drawRect: calls in frames 2...30: \(draws)")
    }

    @Test("each frame repaints only the union of what changed since the previous one: the mover's old and new places, the fader")
    func frameRegions() throws {
        let registry = Registry()
        let root = try whiteRoot(registry, width: 200, height: 100)
        let mover = try plain(registry, rect(0, 0, 20, 20), blueColor)
        let fader = try plain(registry, rect(0, 60, 20, 20), redColor)
        let still = try plain(registry, rect(150, 60, 20, 20), greenColor)
        for view in [mover, fader, still] { try root.addSubview(view) }
        let canvas = try rasterCanvas(for: root)
        try root.render(into: canvas, mode: .dirtyRegions)
        View.animate(withDuration: 1, options: .curveLinear) {
            mover.center = easel_point(x: 110, y: 10)  // 10 points a frame at 10 fps
            fader.alpha = 0
        }
        /// The pixels a list of rects covers, as a set of (x, y).
        func pixels(_ rects: [easel_rect]) -> Set<[Int]> {
            var set = Set<[Int]>()
            for r in rects {
                for y in Int(r.origin.y)..<Int(r.origin.y + r.size.height) {
                    for x in Int(r.origin.x)..<Int(r.origin.x + r.size.width) { set.insert([x, y]) }
                }
            }
            return set
        }
        for frame in 1...10 {
            registry.mediaClock.advance(to: Double(frame) / 10)
            let report = try root.render(into: canvas, mode: .dirtyRegions)
            // The mover was at x 10 (frame - 1) and is at 10 frame: 30 x 20 points; the fader's 20 x 20.
            let expected = [rect(Double(10 * (frame - 1)), 0, 30, 20), rect(0, 60, 20, 20)]
            // Frame 1 also repaints the model places the block's changes marked (UIKit's model value
            // changes at once: the old place and the final one); from frame 2 on only what moved.
            if frame > 1 { #expect(pixels(report.region) == pixels(expected), "frame \(frame): \(report.region)") }
            #expect(differences(try canvas.rasterImage(), try fullImage(root)).isEmpty, "frame \(frame)")
        }
        // Nothing moves any more: nothing is repainted.
        registry.mediaClock.advance(to: 1.1)
        #expect(try root.render(into: canvas, mode: .dirtyRegions).region.isEmpty)
    }
}
