// The animation extension (easel.animation.v1) from a C plugin
// (Tests/Fixtures/animation_widgets.c): animate with a block and a
// completion, begin/commit, delayed performs and a display link, all on the
// media clock.

import EaselABI
import EaselCanvas
import EaselGraphicsCore
import EaselGeometry
import EaselRuntime
import EaselTestSupport
import EaselViews
import Foundation
import Testing

private let animationFolder: Result<URL, FixtureError> = {
    do {
        let folder = try Fixtures.makeTemporaryDirectory("animation")
        _ = try Fixtures.buildFixture("animation_widgets", into: folder)
        return .success(folder)
    } catch let error as FixtureError {
        return .failure(error)
    } catch {
        return .failure(FixtureError("cannot build the animation fixture: \(error)"))
    }
}()

@Suite("The animation extension from a C plugin")
struct AnimationExtensionTests {
    private func mover() throws -> (Registry, View) {
        let registry = Registry()
        registry.loadPlugins(from: [try animationFolder.get().path])
        #expect(registry.failures.map(\.description) == [])
        let root = try whiteRoot(registry)
        let mover = try registry.makeView(ofClass: "Mover", frame: rect(0, 0, 10, 10))
        try root.addSubview(mover)
        return (registry, mover)
    }

    @Test("animate: the block's changes animate on the clock, the completion runs once with finished = 1", arguments: ["slide", "slideBegun"])
    func animate(selector: String) throws {
        let (registry, mover) = try mover()
        try registry.message(mover, Selector(selector)).invoke()
        #expect(mover.frame == rect(80, 0, 10, 10))
        registry.mediaClock.advance(to: 0.5)
        #expect(mover.presentedCenter == easel_point(x: 45, y: 5))
        if selector == "slide" { #expect(mover.presentedAlpha == 0.75) }
        #expect(try mover.value(ofProperty: "completions", as: Int32.self) == 0)
        registry.mediaClock.advance(to: 2)
        #expect(try mover.value(ofProperty: "completions", as: Int32.self) == 1)
        #expect(try mover.value(ofProperty: "lastFinished", as: Int32.self) == 1)
        #expect(!mover.hasAnimations)
    }

    @Test("perform_after_delay fires at its time on the clock; a cancelled request never fires")
    func performs() throws {
        let (registry, mover) = try mover()
        try registry.message(mover, "schedule").invoke()
        registry.mediaClock.advance(to: 0.49)
        #expect(try mover.value(ofProperty: "ticks", as: Int32.self) == 0)
        registry.mediaClock.advance(to: 0.5)
        #expect(try mover.value(ofProperty: "ticks", as: Int32.self) == 1)
        registry.mediaClock.advance(to: 2)
        #expect(try mover.value(ofProperty: "tocks", as: Int32.self) == 0)
        #expect(try mover.value(ofProperty: "ticks", as: Int32.self) == 1)
    }

    @Test("a display link is called once per frame with the frame's time and the time since the previous frame")
    func displayLink() throws {
        let (registry, mover) = try mover()
        try registry.message(mover, "startLink").invoke()
        for time in [0.1, 0.3, 0.4, 0.5, 0.6] { registry.mediaClock.advance(to: time) }
        #expect(try mover.value(ofProperty: "frames", as: Int32.self) == 3)  // removed itself at the third
        #expect(try mover.value(ofProperty: "removed", as: Int32.self) == 1)
        #expect(try mover.value(ofProperty: "lastTimestamp", as: Double.self) == 0.4)
        #expect(abs(try mover.value(ofProperty: "lastDuration", as: Double.self) - 0.1) < 1e-12)
    }

    @Test("a plugin view animates itself frame by frame with a display link: drawRect: once a frame, the bar's edge at 100 t")
    func ownFrameByFrameAnimation() throws {
        let registry = Registry()
        registry.loadPlugins(from: [try animationFolder.get().path])
        let root = try whiteRoot(registry, width: 120, height: 20)
        let sweeper = try registry.makeView(ofClass: "Sweeper", frame: rect(0, 0, 120, 20))
        // The bar fills only part of the bounds: an opaque view would show
        // black past it (UIKit's undefined-but-black; DrawList's underlay).
        sweeper.isOpaque = false
        try root.addSubview(sweeper)
        let canvas = try rasterCanvas(for: root)
        try root.render(into: canvas, mode: .dirtyRegions)
        try registry.message(sweeper, "startSweep").invoke()
        let blue = RGBA(r: 0, g: 0, b: 255, a: 255), white = RGBA(r: 255, g: 255, b: 255, a: 255)
        for (time, edge) in [(0.25, 25), (0.5, 50), (0.75, 75), (1.0, 100)] {
            registry.mediaClock.advance(to: time)
            let report = try root.render(into: canvas, mode: .dirtyRegions)
            #expect(report.drawnViews.map { $0 === sweeper } == [true], "t = \(time)")
            let image = try canvas.rasterImage()
            expectPixel(image, edge - 1, 10, blue)
            expectPixel(image, edge + 1, 10, white)
            #expect(differences(image, try fullImage(root)).isEmpty, "t = \(time)")
        }
        // The link removed itself at 1 s: later frames draw nothing.
        registry.mediaClock.advance(to: 1.5)
        #expect(try root.render(into: canvas, mode: .dirtyRegions).drawnViews.isEmpty)
    }
}
