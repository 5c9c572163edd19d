// Seed 004's flip from a C plugin, and the layer-animation, keyframe and
// transition functions of easel.animation.v1 (Tests/Fixtures/flip_widgets.c):
// pixels at given times and values computed by hand.

import EaselABI
import EaselCanvas
import EaselGeometry
import EaselGraphicsCore
import EaselRuntime
import EaselTestSupport
import EaselViews
import Foundation
import Testing

private let flipFolder: Result<URL, FixtureError> = {
    do {
        let folder = try Fixtures.makeTemporaryDirectory("flip")
        _ = try Fixtures.buildFixture("flip_widgets", into: folder)
        return .success(folder)
    } catch let error as FixtureError {
        return .failure(error)
    } catch {
        return .failure(FixtureError("cannot build the flip fixture: \(error)"))
    }
}()

@Suite("Transitions, keyframes and layer animations from a C plugin (seed 004's flip)")
struct FlipAnimationTests {
    /// A white 100 x 80 root with a FlipCard at (10, 10, 80, 60): a red front view covering it.
    private func card() throws -> (Registry, View, View) {
        let registry = Registry()
        registry.loadPlugins(from: [try flipFolder.get().path])
        #expect(registry.failures.map(\.description) == [])
        let root = try whiteRoot(registry, width: 100, height: 80)
        let card = try registry.makeView(ofClass: "FlipCard", frame: rect(10, 10, 80, 60))
        try root.addSubview(card)
        #expect(card.subviews.count == 1)
        return (registry, root, card)
    }

    /// The colour of row 40 at each x, as one of "r", "g", "b", "w" or "?".
    private func row(_ image: RasterImage, _ xs: [Int], y: Int = 40) -> String {
        xs.map { x in
            let p = image.pixel(x: x, y: y)
            switch (p.r, p.g, p.b) {
            case (255, 0, 0): return "r"
            case (0, 255, 0): return "g"
            case (0, 0, 255): return "b"
            case (255, 255, 255): return "w"
            default: return "?"
            }
        }.joined()
    }

    @Test("flip: the front narrows to edge-on at the middle (only background shows), then the back widens")
    func flip() throws {
        let (registry, root, card) = try card()
        try registry.message(card, "flip").invoke()
        #expect(try card.value(ofProperty: "lastResult", as: Int32.self) == Int32(EASEL_OK))
        let canvas = try rasterCanvas(for: root)
        // Columns: outside the card (5), its edge (12), a quarter in (27, 32), the middle (50), the far side (68, 73, 88).
        let xs = [5, 12, 27, 32, 50, 68, 73, 88]
        // A linear second: the front is half as wide at 0.25 s (x 30...70), gone at 0.5 s; the back half as wide at 0.75 s.
        let expected = [(0.0, "wrrrrrrr"), (0.25, "wwwrrrww"), (0.5, "wwwwwwww"), (0.75, "wwwbbbww"), (1.0, "wbbbbbbb")]
        for (time, colours) in expected {
            registry.mediaClock.advance(to: time)
            try root.render(into: canvas, mode: .dirtyRegions)
            let image = try canvas.rasterImage()
            #expect(row(image, xs) == colours, "t = \(time)")
            #expect(differences(image, try fullImage(root)).isEmpty, "t = \(time)")
        }
        registry.mediaClock.advance(to: 1.1)
        #expect(try card.value(ofProperty: "completions", as: Int32.self) == 1)
        #expect(try card.value(ofProperty: "lastFinished", as: Int32.self) == 1)
        #expect(card.subviews.count == 1)  // the front was removed, the back stays
        #expect(card.subviews.first?.backgroundColor == blueColor)
    }

    @Test("transition_with: a cross dissolve from a snapshot of the red card to the green one")
    func transitionWith() throws {
        let (registry, root, card) = try card()
        try registry.message(card, "tint").invoke()
        #expect(try card.value(ofProperty: "lastResult", as: Int32.self) == Int32(EASEL_OK))
        #expect(card.subviews.first?.backgroundColor == greenColor)  // the model at once
        #expect(root.subviews.count == 2)  // the snapshot, below the card
        registry.mediaClock.advance(to: 0.5)
        // Half the red snapshot over white, then half the green card over that: (127.5, 191.25, 63.75).
        let middle = try fullImage(root).pixel(x: 50, y: 40)
        #expect(near(middle, 128, 191, 64, tolerance: 2), "\(middle)")
        registry.mediaClock.advance(to: 1)
        #expect(row(try fullImage(root), [5, 12, 50, 88]) == "wggg")
        #expect(root.subviews.count == 1)
        #expect(try card.value(ofProperty: "completions", as: Int32.self) == 1)
    }

    @Test("add_layer_animation: a basic rotation and held keyframes with per-segment timing, values at given times")
    func layerAnimations() throws {
        let (registry, _, card) = try card()
        try registry.message(card, "spin").invoke()
        #expect(try card.value(ofProperty: "lastResult", as: Int32.self) == Int32(EASEL_OK))
        #expect(card.layer.animationKeys == ["spin", "x"])
        registry.mediaClock.advance(to: 0.25)
        // x: 0.125 of the way is the middle of the first segment, eased in: 50 + 40 x 0.3153568125725393.
        #expect(abs(card.presentedCenter.x - 62.61427250290157) < 1e-6)
        registry.mediaClock.advance(to: 0.5)
        let turn = card.presentedTransform  // a quarter turn: (cos 90°, sin 90°)
        #expect(abs(turn.a) < 1e-9 && abs(turn.b - 1) < 1e-9, "\(turn)")
        #expect(card.presentedCenter.x == 90)
        registry.mediaClock.advance(to: 1.25)
        #expect(card.presentedCenter.x == 70)  // the middle of the linear second segment
        #expect(card.layer.animationKeys == ["x"])  // the spin was removed at its end
        #expect(try card.value(ofProperty: "completions", as: Int32.self) == 1)
        registry.mediaClock.advance(to: 5)
        #expect(card.presentedCenter.x == 50)  // held: fill forwards, kept
        #expect(card.layer.animationKeys == ["x"])
        #expect(card.center.x == 50)
        // The presented value through the C table.
        let raw = try #require(HostAPI.table.pointee.get_extension?(EASEL_ANIMATION_EXTENSION_ID))
        let table = raw.assumingMemoryBound(to: easel_animation_api.self).pointee
        #expect(table.struct_size == UInt32(EASEL_ANIMATION_API_LAYER_SIZE))
        var values = [Double](repeating: 0, count: 6)
        #expect(table.presented_value!(card.handle, "position", &values, 6) == 2)
        #expect(Array(values.prefix(2)) == [50, 40])
        var key = [CChar](repeating: 0, count: 8)
        #expect(table.layer_animation_count!(card.handle) == 1)
        #expect(table.layer_animation_key_at!(card.handle, 0, &key, 8) == 1)
        #expect(String(cString: key) == "x")
        #expect(table.remove_layer_animation!(card.handle, "x") == Int32(EASEL_OK))
        #expect(table.remove_layer_animation!(card.handle, "x") == Int32(EASEL_ERROR_NOT_FOUND))
        #expect(card.presentedCenter.x == 50 && card.layer.animationKeys.isEmpty)
    }

    @Test("a path from C: along a line, then a cubic Bézier at its middle")
    func path() throws {
        let (registry, _, card) = try card()
        try registry.message(card, "trace").invoke()
        #expect(try card.value(ofProperty: "lastResult", as: Int32.self) == Int32(EASEL_OK))
        registry.mediaClock.advance(to: 0.5)
        #expect(card.presentedCenter == easel_point(x: 50, y: 0))
        registry.mediaClock.advance(to: 1.5)
        // B(1/2) = (P0 + 3 P1 + 3 P2 + P3) / 8 with (100, 0), (200, 0), (200, 100), (100, 100).
        #expect(card.presentedCenter == easel_point(x: 175, y: 50))
    }

    @Test("animate_keyframes and add_keyframe from C: each keyframe in its slot")
    func keyframes() throws {
        let (registry, _, card) = try card()
        try registry.message(card, "hop").invoke()
        #expect(try card.value(ofProperty: "lastResult", as: Int32.self) == Int32(EASEL_OK))
        #expect(card.center.y == 50)
        for (time, y) in [(0.25, 70.0), (0.5, 100), (0.75, 75)] {
            registry.mediaClock.advance(to: time)
            #expect(card.presentedCenter.y == y, "t = \(time)")
        }
    }

    @Test("a bad layer animation from C is refused with a diagnostic naming the function and the key path")
    func refused() throws {
        let (registry, _, card) = try card()
        _ = registry.takeDiagnostics()
        try registry.message(card, "bad").invoke()
        #expect(try card.value(ofProperty: "lastResult", as: Int32.self) == Int32(EASEL_ERROR_TYPE_MISMATCH))
        let messages = registry.takeDiagnostics().map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("animation->add_layer_animation: unknown animatable key path 'postion'; expected one of position") == true,
                "\(messages)")
    }
}

