// View animations on the media clock: presented values, pixels at given
// times, completions and their finished flags, repeat and autoreverse.

import EaselABI
import EaselCanvas
import EaselGeometry
import EaselGraphicsCore
import Foundation
import EaselRuntime
import EaselTestSupport
import EaselViews
import Testing

@Suite("View animations: presentation values, completions, pixels")
struct ViewAnimationTests {
    /// A white 100 x 20 root with a red 10 x 10 view at its top-left corner.
    private func scene() throws -> (registry: Registry, root: View, box: View) {
        let registry = Registry()
        let root = try whiteRoot(registry, width: 100, height: 20)
        let box = try plain(registry, rect(0, 0, 10, 10), redColor)
        try root.addSubview(box)
        return (registry, root, box)
    }

    @Test("the model value changes at once; the presented value follows the curve on the clock")
    func modelAndPresentation() throws {
        let (registry, _, box) = try scene()
        View.animate(withDuration: 1, options: .curveLinear) { box.center = easel_point(x: 85, y: 5) }
        #expect(box.center == easel_point(x: 85, y: 5))
        #expect(box.presentedCenter == easel_point(x: 5, y: 5))
        registry.mediaClock.advance(to: 0.25)
        #expect(box.presentedCenter == easel_point(x: 25, y: 5))
        registry.mediaClock.advance(to: 1)
        #expect(box.presentedCenter == easel_point(x: 85, y: 5))
        #expect(!box.hasAnimations)
    }

    @Test("easeInOut is exactly halfway at half the duration; a spring follows the closed form")
    func curves() throws {
        let (registry, _, box) = try scene()
        View.animate(withDuration: 1, options: .curveEaseInOut) { box.alpha = 0 }
        registry.mediaClock.advance(to: 0.5)
        #expect(box.presentedAlpha == 0.5)
        let other = try plain(registry, rect(0, 0, 10, 10))
        View.animate(withDuration: 0.5, usingSpringWithDamping: 0.5, initialSpringVelocity: 0) {
            other.center = easel_point(x: 105, y: 5)  // from x = 5: a distance of 100
        }
        registry.mediaClock.advance(to: 0.6)  // 0.1 s into the spring: 1.0853051745619267 of the way
        #expect(abs(other.presentedCenter.x - (5 + 108.53051745619267)) < 1e-6)
    }

    @Test("pixels of a moving view at three times (a full render and a dirty-region render agree)")
    func movingPixels() throws {
        let (registry, root, box) = try scene()
        let canvas = try rasterCanvas(for: root)
        try root.render(into: canvas)
        View.animate(withDuration: 1, options: .curveLinear) { box.center = easel_point(x: 85, y: 5) }
        // t = 0: x 0..10; t = 0.5: x 40..50; t = 1 (ended): x 80..90.
        for (time, left) in [(0.0, 0), (0.5, 40), (1.0, 80)] {
            registry.mediaClock.advance(to: time)
            try root.render(into: canvas, mode: .dirtyRegions)
            let image = try canvas.rasterImage()
            #expect(differences(image, try fullImage(root)).isEmpty, "t = \(time)")
            for x in stride(from: 0, to: 100, by: 5) {
                let inside = x >= left && x < left + 10
                expectPixel(image, x, 5, inside ? RGBA(r: 255, g: 0, b: 0, a: 255) : RGBA(r: 255, g: 255, b: 255, a: 255))
            }
            expectPixel(image, left + 5, 15, RGBA(r: 255, g: 255, b: 255, a: 255))
        }
    }

    @Test("completions run once each, in time order, with finished = false when interrupted")
    func completionOrder() throws {
        let (registry, root, box) = try scene()
        let other = try plain(registry, rect(0, 10, 10, 10), blueColor)
        try root.addSubview(other)
        var log: [String] = []
        View.animate(withDuration: 1, animations: { box.center = easel_point(x: 50, y: 5) },
                     completion: { log.append("A \($0)") })
        View.animate(withDuration: 0.5, animations: { other.alpha = 0.5 }, completion: { log.append("B \($0)") })
        registry.mediaClock.advance(to: 0.25)
        #expect(log.isEmpty)
        // The same property again, without beginFromCurrentState: A is interrupted.
        View.animate(withDuration: 1, animations: { box.center = easel_point(x: 90, y: 5) },
                     completion: { log.append("C \($0)") })
        #expect(box.presentedCenter == easel_point(x: 50, y: 5))  // from the model value the block found
        registry.mediaClock.advance(to: 0.3)
        #expect(log == ["A false"])
        registry.mediaClock.advance(to: 5)
        #expect(log == ["A false", "B true", "C true"])
    }

    @Test("beginFromCurrentState starts from the presented value")
    func beginFromCurrentState() throws {
        let (registry, _, box) = try scene()
        View.animate(withDuration: 1, options: .curveLinear) { box.center = easel_point(x: 105, y: 5) }
        registry.mediaClock.advance(to: 0.5)  // presented x = 55
        View.animate(withDuration: 1, options: [.curveLinear, .beginFromCurrentState]) { box.center = easel_point(x: 5, y: 5) }
        #expect(box.presentedCenter == easel_point(x: 55, y: 5))
        registry.mediaClock.advance(to: 1)
        #expect(box.presentedCenter == easel_point(x: 30, y: 5))
    }

    @Test("setting the property directly or removing the view interrupts (finished = false)")
    func directSetAndRemoval() throws {
        let (registry, root, box) = try scene()
        let other = try plain(registry, rect(0, 10, 10, 10), blueColor)
        try root.addSubview(other)
        var log: [String] = []
        View.animate(withDuration: 1, animations: { box.alpha = 0 }, completion: { log.append("alpha \($0)") })
        View.animate(withDuration: 1, animations: { other.center = easel_point(x: 50, y: 15) },
                     completion: { log.append("moved \($0)") })
        registry.mediaClock.advance(to: 0.5)
        box.alpha = 0.25
        #expect(box.presentedAlpha == 0.25)
        #expect(!box.hasAnimations)
        other.removeFromSuperview()
        registry.mediaClock.advance(to: 0.6)
        #expect(log == ["alpha false", "moved false"])
        registry.mediaClock.advance(to: 2)
        #expect(log.count == 2)
    }

    @Test("repeat with autoreverse runs back and forth; autoreverse alone ends at the model value")
    func repeatAutoreverse() throws {
        let (registry, _, box) = try scene()
        View.animate(withDuration: 1, options: [.curveLinear, .repeat, .autoreverse]) { box.center = easel_point(x: 105, y: 5) }
        let other = try plain(registry, rect(0, 0, 10, 10))
        var finished: [Bool] = []
        View.animate(withDuration: 1, options: [.curveLinear, .autoreverse], animations: {
            other.center = easel_point(x: 105, y: 5)
        }, completion: { finished.append($0) })
        // Repeating: 0.25 → 25 of the way, 1.25 → back to 75, 2.5 → 50 (third leg, forward).
        for (time, x, y) in [(0.25, 30.0, 30.0), (1.25, 80.0, 80.0), (2.5, 55.0, 105.0)] {
            registry.mediaClock.advance(to: time)
            #expect(box.presentedCenter.x == x, "t = \(time)")
            #expect(other.presentedCenter.x == y, "t = \(time)")
        }
        #expect(finished == [true])
        #expect(box.hasAnimations)
    }

    @Test("a delay shows the start value until the animation begins; a block that changes nothing still completes")
    func delay() throws {
        let (registry, _, box) = try scene()
        var log: [Bool] = []
        View.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { box.center = easel_point(x: 105, y: 5) },
                     completion: { log.append($0) })
        registry.mediaClock.advance(to: 0.4)
        #expect(box.presentedCenter.x == 5)
        registry.mediaClock.advance(to: 1)
        #expect(box.presentedCenter.x == 55)
        var unchanged: [Bool] = []
        View.animate(withDuration: 1, animations: { box.alpha = box.alpha }, completion: { unchanged.append($0) })
        #expect(unchanged.isEmpty)
        registry.mediaClock.advance(to: 1.2)  // the next advance runs it
        #expect(unchanged == [true])
        #expect(log.isEmpty)
        registry.mediaClock.advance(to: 1.5)
        #expect(log == [true])
        #expect(box.presentedCenter.x == 105)
    }

    @Test("transforms animate as turns; colours and layer properties interpolate")
    func transformsAndLayers() throws {
        let (registry, _, box) = try scene()
        View.animate(withDuration: 1, options: .curveLinear) {
            box.transform = easel_affine_transform(rotationAngle: .pi / 2)
            box.backgroundColor = blueColor
            box.layer.cornerRadius = 4
            box.layer.borderColor = color(0, 1, 0)
        }
        registry.mediaClock.advance(to: 0.5)
        let turn = box.presentedTransform
        #expect(abs(turn.a - cos(.pi / 4)) < 1e-12 && abs(turn.b - sin(.pi / 4)) < 1e-12)
        let background = try #require(box.presentedBackgroundColor)
        #expect(components(background) == [0.5, 0, 0.5, 1])
        #expect(box.presentedValue(.cornerRadius)[0] == 2)
        #expect(box.layer.cornerRadius == 4)
    }

    @Test("an animating view takes no touches unless the animation has allowUserInteraction")
    func interaction() throws {
        let (_, root, box) = try scene()
        View.animate(withDuration: 1) { box.alpha = 0.5 }
        #expect(root.hitTest(easel_point(x: 5, y: 5)) === root)
        View.animate(withDuration: 1, options: .allowUserInteraction) { box.alpha = 0.9 }
        #expect(root.hitTest(easel_point(x: 5, y: 5)) === box)
    }

    @Test("keyframes: each runs in its relative slot; the value holds between them; values at key times are exact")
    func keyframes() throws {
        let (registry, _, box) = try scene()
        var finished: [Bool] = []
        View.animateKeyframes(withDuration: 2, animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { box.center = easel_point(x: 45, y: 5) }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { box.center = easel_point(x: 85, y: 5) }
        }, completion: { finished.append($0) })
        #expect(box.center.x == 85)
        // Key times 0, 0.25, 0.5, 1 of 2 s: x 5, 45, 45, 85; halfway through each moving slot: 25 and 65.
        for (time, x) in [(0.0, 5.0), (0.25, 25.0), (0.5, 45.0), (0.75, 45.0), (1.0, 45.0), (1.5, 65.0)] {
            registry.mediaClock.advance(to: time)
            #expect(box.presentedCenter.x == x, "t = \(time)")
        }
        registry.mediaClock.advance(to: 2)
        #expect(box.presentedCenter.x == 85)
        #expect(finished == [true])
    }

    @Test("a flip transition is edge-on at its middle (the container shows), half-wide at a quarter; from is removed at the end")
    func flip() throws {
        let registry = Registry()
        let root = try whiteRoot(registry, width: 100, height: 20)
        let front = try plain(registry, rect(0, 0, 100, 20), redColor)
        let back = try plain(registry, rect(0, 0, 100, 20), blueColor)
        try root.addSubview(front)
        var finished: [Bool] = []
        try View.transition(from: front, to: back, duration: 1, options: [.transitionFlipFromLeft, .curveLinear]) { finished.append($0) }
        let white = RGBA(r: 255, g: 255, b: 255, a: 255), red = RGBA(r: 255, g: 0, b: 0, a: 255), blue = RGBA(r: 0, g: 0, b: 255, a: 255)
        // At 0.25 s the front is about half as wide (scale 1 → 0.000001 halfway): x ≈ 25...75.
        for (time, inside, outside) in [(0.25, red, white), (0.5, white, white), (0.75, blue, white), (1.0, blue, blue)] {
            registry.mediaClock.advance(to: time)
            let image = try fullImage(root)
            expectPixel(image, 50, 10, inside)
            expectPixel(image, 10, 10, outside)
        }
        #expect(front.superview == nil)
        #expect(front.transform == .identity)
        #expect(finished == [true])
    }

    @Test("two runs of the same animation render identical bytes")
    func determinism() throws {
        func run() throws -> [UInt8] {
            let (registry, root, box) = try scene()
            View.animate(withDuration: 0.8, usingSpringWithDamping: 0.4, initialSpringVelocity: 1) {
                box.center = easel_point(x: 60, y: 10)
                box.transform = easel_affine_transform(rotationAngle: 0.7)
                box.alpha = 0.6
            }
            registry.mediaClock.advance(to: 0.37)
            let canvas = try rasterCanvas(for: root)
            try root.render(into: canvas)
            return try canvas.pngData()
        }
        #expect(try run() == run())
    }
}
