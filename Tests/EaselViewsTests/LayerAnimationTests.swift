// Layer animations by key path (Core Animation's CABasicAnimation and
// CAKeyframeAnimation): values at given times computed by hand, model versus
// presentation, fill modes, removal, timing, paths, standalone layers' pixels.

import EaselABI
import EaselCanvas
import EaselGeometry
import EaselGraphicsCore
import EaselRuntime
import EaselTestSupport
import EaselViews
import Foundation
import Testing

@Suite("Layer animations by key path: basic, keyframes, paths, fill modes, model and presentation")
struct LayerAnimationTests {
    /// A white 100 x 40 root with a red 10 x 10 view at its top-left corner (its position (5, 5)).
    private func scene() throws -> (registry: Registry, root: View, box: View) {
        let registry = Registry()
        let root = try whiteRoot(registry, width: 100, height: 40)
        let box = try plain(registry, rect(0, 0, 10, 10), redColor)
        try root.addSubview(box)
        return (registry, root, box)
    }

    private func x(_ box: View) -> Double { box.presentedCenter.x }

    @Test("basic: the model never changes; the presented value follows; removed at the end with finished = true")
    func basicModelAndPresentation() throws {
        let (registry, _, box) = try scene()
        var log: [Bool] = []
        try box.layer.add(.basic(keyPath: "position.x", from: .number(5), to: .number(85), duration: 1), forKey: "move",
                          completion: { log.append($0) })
        #expect(box.layer.animationKeys == ["move"])
        #expect(box.center == easel_point(x: 5, y: 5))
        registry.mediaClock.advance(to: 0.25)
        #expect(x(box) == 25)
        #expect(box.layer.presentedValue(forKeyPath: "position.x") == .number(25))
        #expect(box.layer.value(forKeyPath: "position.x") == .number(5))
        #expect(box.center.x == 5)
        registry.mediaClock.advance(to: 1)
        #expect(x(box) == 5)  // removed: back to the model, as in Core Animation
        #expect(box.layer.animationKeys.isEmpty)
        #expect(!box.hasAnimations)
        #expect(log == [true])
    }

    @Test("from, to and by: the six combinations Core Animation defines, at half the duration")
    func fromToBy() throws {
        let cases: [(LayerAnimationValue?, LayerAnimationValue?, LayerAnimationValue?, Double)] = [
            (.number(10), .number(30), nil, 20),          // from → to
            (.number(10), nil, .number(20), 20),          // from → from + by
            (nil, .number(50), .number(10), 45),          // to - by → to
            (.number(0), nil, nil, 2.5),                  // from → the current value (5)
            (nil, .number(85), nil, 45),                  // the current value (5) → to
            (nil, nil, .number(40), 25),                  // current → current + by
        ]
        for (from, to, by, expected) in cases {
            let (registry, _, box) = try scene()
            try box.layer.add(.basic(keyPath: "position.x", from: from, to: to, by: by, duration: 1))
            registry.mediaClock.advance(to: 0.5)
            #expect(x(box) == expected, "from \(String(describing: from)) to \(String(describing: to)) by \(String(describing: by))")
        }
    }

    @Test("additive adds to the model; two animations of one key path apply in the order added")
    func additive() throws {
        let (registry, _, box) = try scene()
        var shake = LayerAnimation.basic(keyPath: "position.x", from: .number(0), to: .number(40), duration: 1)
        shake.isAdditive = true
        try box.layer.add(.basic(keyPath: "position", from: .point(easel_point(x: 5, y: 5)),
                                 to: .point(easel_point(x: 45, y: 25)), duration: 1), forKey: "move")
        try box.layer.add(shake, forKey: "shake")
        registry.mediaClock.advance(to: 0.5)
        // The move gives (25, 15); the additive shake adds 20 to x.
        #expect(box.presentedCenter == easel_point(x: 45, y: 15))
        #expect(box.layer.animationKeys == ["move", "shake"])
        // An additive animation alone adds to the model value.
        let (other, _, second) = try scene()
        try second.layer.add(shake)
        other.mediaClock.advance(to: 0.25)
        #expect(x(second) == 15)
    }

    @Test("fill modes: backwards shows the start before beginTime, forwards holds the end when not removed")
    func fillModes() throws {
        for mode in FillMode.allCases {
            let (registry, _, box) = try scene()
            var animation = LayerAnimation.basic(keyPath: "position.x", from: .number(25), to: .number(65), duration: 1)
            animation.beginTime = 0.5  // on the media clock
            animation.fillMode = mode
            animation.isRemovedOnCompletion = false
            try box.layer.add(animation, forKey: "a")
            registry.mediaClock.advance(to: 0.25)
            let before = mode == .backwards || mode == .both ? 25.0 : 5.0
            #expect(x(box) == before, "\(mode.name) before")
            registry.mediaClock.advance(to: 1)
            #expect(x(box) == 45, "\(mode.name) halfway")
            registry.mediaClock.advance(to: 2)
            let after = mode == .forwards || mode == .both ? 65.0 : 5.0
            #expect(x(box) == after, "\(mode.name) after")
            #expect(box.layer.animationKeys == ["a"], "not removed on completion: still there")
            #expect(box.center.x == 5)
        }
        // Removed on completion (the default): forwards does not hold.
        let (registry, _, box) = try scene()
        var animation = LayerAnimation.basic(keyPath: "position.x", to: .number(65), duration: 1)
        animation.fillMode = .forwards
        try box.layer.add(animation)
        registry.mediaClock.advance(to: 2)
        #expect(x(box) == 5)
        #expect(box.layer.animationKeys.isEmpty)
    }

    @Test("timing: repeatCount with autoreverses, a fractional repeat, speed, timeOffset, the default duration")
    func timing() throws {
        func presented(_ configure: (inout LayerAnimation) -> Void, at times: [Double]) throws -> [Double] {
            let (registry, _, box) = try scene()
            var animation = LayerAnimation.basic(keyPath: "position.x", from: .number(0), to: .number(100), duration: 1)
            configure(&animation)
            try box.layer.add(animation)
            return times.map { time in
                registry.mediaClock.advance(to: time)
                return x(box)
            }
        }
        // Two cycles of there and back (4 s): 0.5 s into the way back is halfway; then the second cycle.
        #expect(try presented({ $0.repeatCount = 2; $0.autoreverses = true }, at: [0.25, 1.5, 2.25, 3.75, 4]) == [25, 50, 25, 25, 5])
        // 1.5 cycles holding the end: stops at 50.
        #expect(try presented({ $0.repeatCount = 1.5; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false },
                              at: [1.25, 3]) == [25, 50])
        // Twice as fast: halfway at 0.25 s, over at 0.5 s.
        #expect(try presented({ $0.speed = 2 }, at: [0.25, 0.5]) == [50, 5])
        // Starting 0.5 s in: 75 at 0.25 s, over at 0.5 s.
        #expect(try presented({ $0.timeOffset = 0.5 }, at: [0.25, 0.5]) == [75, 5])
        // Duration 0 is Core Animation's 0.25 s.
        #expect(try presented({ $0.duration = 0 }, at: [0.125, 0.25]) == [50, 5])
        // A timing function over the cycle: easeInOut is exactly halfway at half the duration.
        #expect(try presented({ $0.timingFunction = .easeInOut }, at: [0.5]) == [50])
    }

    @Test("keyframes: values at key times, linear between, per-segment timing functions, discrete and paced")
    func keyframes() throws {
        func presented(_ animation: LayerAnimation, at times: [Double]) throws -> [Double] {
            let (registry, _, box) = try scene()
            try box.layer.add(animation)
            return times.map { time in
                registry.mediaClock.advance(to: time)
                return x(box)
            }
        }
        var animation = LayerAnimation.keyframes(keyPath: "position.x", values: [.number(0), .number(100), .number(50)],
                                                 keyTimes: [0, 0.25, 1], duration: 2)
        // Progress 0.125 (half of the first segment), 0.25 (the second key time), 0.625 (half of the second).
        #expect(try presented(animation, at: [0.25, 0.5, 1.25]) == [50, 100, 75])
        // easeIn over the first segment: at its middle the Bézier (0.42, 0), (1, 1) gives 0.3153568125725393.
        animation.timingFunctions = [.easeIn, .linear]
        let eased = try presented(animation, at: [0.25, 1.25])
        #expect(abs(eased[0] - 31.53568125725393) < 1e-6)
        #expect(eased[1] == 75)
        // Discrete: each value holds until the next key time (evenly spread: 0, 0.5, 1).
        var discrete = LayerAnimation.keyframes(keyPath: "position.x", values: [.number(0), .number(100), .number(50)], duration: 1)
        discrete.calculationMode = .discrete
        discrete.fillMode = .forwards
        discrete.isRemovedOnCompletion = false
        #expect(try presented(discrete, at: [0.4, 0.6, 1]) == [0, 100, 50])
        // Paced: distances 30 and 10 put the middle value at 0.75 of the time.
        var paced = LayerAnimation.keyframes(keyPath: "position.x", values: [.number(0), .number(30), .number(40)],
                                             keyTimes: [0, 0.1, 1], duration: 1)
        paced.calculationMode = .paced
        let pacedValues = try presented(paced, at: [0.5, 0.75, 0.875])
        for (value, expected) in zip(pacedValues, [20.0, 30, 35]) { #expect(abs(value - expected) < 1e-9, "\(pacedValues)") }
    }

    @Test("a position along a path: lines evenly timed, paced by length, and a cubic curve at its middle")
    func path() throws {
        func presented(_ animation: LayerAnimation, at times: [Double]) throws -> [easel_point] {
            let (registry, _, box) = try scene()
            try box.layer.add(animation)
            return times.map { time in
                registry.mediaClock.advance(to: time)
                return box.presentedCenter
            }
        }
        let corner = AnimationPath([.move(to: easel_point(x: 0, y: 0)), .line(to: easel_point(x: 100, y: 0)),
                                    .line(to: easel_point(x: 100, y: 50))])
        #expect(try presented(.path(corner, duration: 1), at: [0.25, 0.75])
                == [easel_point(x: 50, y: 0), easel_point(x: 100, y: 25)])
        var paced = LayerAnimation.path(corner, duration: 1)
        paced.calculationMode = .paced  // lengths 100 and 50: the corner at 2/3 of the time
        let middle = try presented(paced, at: [0.5])[0]
        #expect(abs(middle.x - 75) < 1e-9 && middle.y == 0, "\(middle)")
        // B(1/2) = (P0 + 3 P1 + 3 P2 + P3) / 8 = ((0 + 0 + 300 + 100) / 8, (0 + 300 + 300 + 0) / 8).
        let arch = AnimationPath([.move(to: easel_point(x: 0, y: 0)),
                                  .curve(to: easel_point(x: 100, y: 0), control1: easel_point(x: 0, y: 100),
                                         control2: easel_point(x: 100, y: 100))])
        #expect(try presented(.path(arch, duration: 1), at: [0.5]) == [easel_point(x: 50, y: 75)])
    }

    @Test("transform sub-key paths: rotation, scale and translation")
    func transformKeyPaths() throws {
        let (registry, _, box) = try scene()
        try box.layer.add(.basic(keyPath: "transform.rotation.z", from: .number(0), to: .number(Double.pi / 2), duration: 1))
        try box.layer.add(.basic(keyPath: "transform.scale", from: .number(1), to: .number(3), duration: 1))
        try box.layer.add(.basic(keyPath: "transform.translation.x", to: .number(20), duration: 1))
        registry.mediaClock.advance(to: 0.5)
        // A quarter turn halfway (45°) at scale 2, moved 10 points: a = d = 2 cos 45°, b = -c = 2 sin 45°.
        let t = box.presentedTransform
        let c = 2 * cos(Double.pi / 4)
        for (value, expected) in [(t.a, c), (t.b, c), (t.c, -c), (t.d, c), (t.tx, 10), (t.ty, 0)] {
            #expect(abs(value - expected) < 1e-9, "\(t)")
        }
        #expect(box.transform == .identity)
    }

    @Test("removeAnimation, a new animation under the same key, and removeAllAnimations: finished = false, once")
    func removal() throws {
        let (registry, _, box) = try scene()
        var log: [String] = []
        try box.layer.add(.basic(keyPath: "opacity", to: .number(0), duration: 1), forKey: "fade", completion: { log.append("fade \($0)") })
        try box.layer.add(.basic(keyPath: "position.x", to: .number(50), duration: 1), forKey: "move", completion: { log.append("move \($0)") })
        try box.layer.add(.basic(keyPath: "position.y", to: .number(30), duration: 1), forKey: "drop", completion: { log.append("drop \($0)") })
        registry.mediaClock.advance(to: 0.5)
        #expect(box.presentedAlpha == 0.5)
        box.layer.removeAnimation(forKey: "fade")
        #expect(box.presentedAlpha == 1)
        try box.layer.add(.basic(keyPath: "position.x", to: .number(90), duration: 1), forKey: "move", completion: { log.append("move2 \($0)") })
        #expect(box.layer.animationKeys == ["drop", "move"])
        registry.mediaClock.advance(to: 0.6)
        #expect(log == ["fade false", "move false"])
        box.layer.removeAllAnimations()
        registry.mediaClock.advance(to: 3)
        #expect(log == ["fade false", "move false", "drop false", "move2 false"])
        #expect(box.layer.animationKeys.isEmpty)
    }

    @Test("bad animations are refused with messages naming the key path")
    func refused() throws {
        let (_, _, box) = try scene()
        func message(_ animation: LayerAnimation) -> String? {
            do { try box.layer.add(animation) } catch { return error.message }
            return nil
        }
        #expect(message(.basic(keyPath: "postion", to: .number(1)))?.hasPrefix("unknown animatable key path 'postion'; expected one of position[.x|.y]") == true)
        #expect(message(.basic(keyPath: "position", to: .number(1)))
                == "toValue of 'position' must be a point with finite components, got number(1.0)")
        #expect(message(.keyframes(keyPath: "opacity", values: [.number(0), .number(1)], keyTimes: [0]))
                == "'opacity': keyTimes needs one time per value (2), got 1")
        #expect(message(.keyframes(keyPath: "opacity", values: [.number(0), .number(1)], keyTimes: [0.5, 0.2]))
                == "'opacity': keyTimes are from 0 to 1 in increasing order; keyTimes[1] is 0.2")
        #expect(message(.path(keyPath: "opacity", AnimationPath([.move(to: .zero), .line(to: .zero)])))
                == "a path animates a point: 'opacity' is a number; use 'position'")
        var negative = LayerAnimation.basic(keyPath: "opacity", to: .number(1))
        negative.speed = -1
        #expect(message(negative) == "the animation's speed must not be negative, got -1.0")
        #expect(box.layer.animationKeys.isEmpty)
    }

    @Test("a standalone layer: its position and colour animate; pixels at three times; the model stays")
    func standaloneLayerPixels() throws {
        let registry = Registry()
        let root = try whiteRoot(registry, width: 100, height: 20)
        let layer = registry.makeLayer()
        layer.bounds = rect(0, 0, 10, 10)
        layer.position = easel_point(x: 5, y: 5)
        layer.backgroundColor = redColor
        try root.layer.addSublayer(layer)
        let canvas = try rasterCanvas(for: root)
        try root.render(into: canvas)
        try layer.add(.basic(keyPath: "position.x", to: .number(85), duration: 1))
        try layer.add(.basic(keyPath: "backgroundColor", to: .color(blueColor), duration: 1))
        // t = 0: x 0..10 red; t = 0.5: x 40..50, half red half blue (128, 0, 128); t = 1: back at x 0..10, red.
        for (time, left, colour) in [(0.0, 0, red), (0.5, 40, RGBA(r: 128, g: 0, b: 128)), (1.0, 0, red)] {
            registry.mediaClock.advance(to: time)
            try root.render(into: canvas, mode: .dirtyRegions)
            let image = try canvas.rasterImage()
            #expect(differences(image, try fullImage(root)).isEmpty, "t = \(time)")
            for x in stride(from: 2, to: 100, by: 5) {
                let inside = x >= left && x < left + 10
                #expect(near(image.pixel(x: x, y: 5), inside ? Int(colour.r) : 255, inside ? Int(colour.g) : 255, inside ? Int(colour.b) : 255),
                        "t = \(time), x = \(x): \(image.pixel(x: x, y: 5))")
            }
        }
        #expect(layer.position == easel_point(x: 5, y: 5))
        #expect(layer.animationKeys.isEmpty)
    }

    @Test("a standalone layer's contentsRect animates by key path")
    func layerContentsRect() throws {
        let registry = Registry()
        let root = try whiteRoot(registry, width: 60, height: 60)
        let layer = registry.makeLayer()
        layer.frame = rect(10, 10, 40, 40)
        layer.contents = try halvesImage()
        try root.layer.addSublayer(layer)
        try layer.add(.basic(keyPath: "contentsRect", to: .rect(rect(0.5, 0, 0.5, 1)), duration: 1))
        registry.mediaClock.advance(to: 0.5)
        #expect(layer.presentedValue(forKeyPath: "contentsRect") == .rect(rect(0.25, 0, 0.75, 1)))
        #expect(layer.contentsRect == rect(0, 0, 1, 1))
        let image = try fullImage(root)
        #expect(image.pixel(x: 15, y: 30) == red)   // red up to 10 + 40/3
        #expect(image.pixel(x: 30, y: 30) == blue)
    }
}
