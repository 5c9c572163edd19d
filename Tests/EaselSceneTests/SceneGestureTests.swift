import EaselABI
import EaselRuntime
import EaselViews
import EaselScene
import EaselTestSupport
import Foundation
import Testing

@Suite("Scene files: multitouch steps, gesture shorthands and gesture recognizers")
struct SceneGestureTests {
    private func build(_ text: String) throws -> SceneTree {
        try Scene.parse(Data(text.utf8), file: "g.json").build(in: try sceneRegistry())
    }

    @Test("a double tap shorthand recognizes a two-tap recognizer at its second tap's end; the single tap that requires it to fail never fires")
    func doubleTapScene() throws {
        let tree = try build(##"""
            { "canvas": { "size": [100, 100] },
              "root": { "subviews": [ { "class": "View", "id": "box", "frame": [0, 0, 100, 100],
                "gestureRecognizers": [
                  { "class": "TapGestureRecognizer", "id": "double", "numberOfTapsRequired": 2 },
                  { "class": "TapGestureRecognizer", "requireToFail": "double" } ] } ] },
              "steps": [ { "at": 0.1, "tap": [20, 20], "count": 2 } ] }
            """##)
        let box = try #require(tree.viewsByID["box"])
        let recognizers = box.gestureRecognizers.compactMap { $0 as? TapGestureRecognizer }
        #expect(recognizers.map(\.numberOfTapsRequired) == [2, 1])
        var fired: [String] = []
        recognizers[0].addAction { fired.append("double \($0.state.name) at \($0.mediaClock.time)") }
        recognizers[1].addAction { fired.append("single \($0.state.name) at \($0.mediaClock.time)") }
        // Taps: down at 0.1, up at 0.15, down at 0.25, up at 0.3.
        #expect(abs(tree.duration - 0.3) < 1e-12)
        tree.run(to: 0.29)
        #expect(fired == [])
        tree.run(to: tree.duration)
        #expect(fired.count == 1)
        #expect(fired.first?.hasPrefix("double ended at 0.3") == true)
        tree.run(to: 2)
        #expect(fired.count == 1)
    }

    @Test("a scene's target and action by name: a view id's plugin object gets ping at each recognized tap; a {class} target is made for it")
    func targetActionScene() throws {
        let tree = try build(##"""
            { "canvas": { "size": [100, 100] },
              "root": { "subviews": [
                { "class": "Tally", "id": "counter", "frame": [0, 0, 10, 10] },
                { "class": "View", "id": "box", "frame": [20, 20, 80, 80],
                  "gestureRecognizers": [
                    { "class": "TapGestureRecognizer", "target": "counter", "action": "ping" },
                    { "class": "TapGestureRecognizer", "numberOfTapsRequired": 2, "target": { "class": "Tally" }, "action": "ping" } ] } ] },
              "steps": [ { "at": 0.1, "tap": [50, 50] }, { "at": 1, "tap": [60, 60] } ] }
            """##)
        let counter = try #require(tree.viewsByID["counter"])
        let taps = try #require(tree.viewsByID["box"]?.gestureRecognizers)
        #expect(taps.count == 2)
        tree.run(to: tree.duration)
        // Two single taps, 0.9 s apart: each recognized once by the one-tap recognizer, never a double.
        #expect(try counter.value(ofProperty: "calls", as: Int64.self) == 2)
        #expect(taps.map(\.actionCount) == [2, 0])
    }

    @Test("a long press shorthand held 0.8 s: the recognizer begins 0.5 s after the finger comes down, not before, and ends when it lifts")
    func longPressScene() throws {
        let tree = try build(##"""
            { "canvas": { "size": [100, 100] },
              "root": { "subviews": [ { "class": "View", "id": "box", "frame": [0, 0, 100, 100],
                "gestureRecognizers": [ { "class": "LongPressGestureRecognizer" } ] } ] },
              "steps": [ { "at": 0.2, "longPress": [40, 40], "duration": 0.8 } ] }
            """##)
        let press = try #require(tree.viewsByID["box"]?.gestureRecognizers.first as? LongPressGestureRecognizer)
        var fired: [(state: GestureState, time: Double)] = []
        press.addAction { fired.append(($0.state, $0.mediaClock.time)) }
        #expect(abs(tree.duration - 1.0) < 1e-12)  // down at 0.2, up at 1.0
        tree.run(to: 0.69)
        #expect(fired.isEmpty)
        #expect(press.state == .possible)
        tree.run(to: 0.75)
        #expect(fired.map(\.state) == [.began])
        #expect(abs((fired.first?.time ?? 0) - 0.7) < 1e-12)
        tree.run(to: tree.duration)
        #expect(fired.map(\.state) == [.began, .ended])
        #expect(abs((fired.last?.time ?? 0) - 1.0) < 1e-12)
    }

    @Test("a pan shorthand moves on the media clock: rendered mid-gesture, the translation is the part travelled; the duration includes its end")
    func panScene() throws {
        let tree = try build(##"""
            { "canvas": { "size": [100, 100] },
              "root": { "subviews": [ { "class": "View", "id": "box", "frame": [0, 0, 100, 100],
                "gestureRecognizers": [ { "class": "PanGestureRecognizer" } ] } ] },
              "steps": [ { "at": 0.5, "pan": { "from": [10, 10], "to": [70, 10], "duration": 0.3 } } ] }
            """##)
        let pan = try #require(tree.viewsByID["box"]?.gestureRecognizers.first as? PanGestureRecognizer)
        #expect(abs(tree.duration - 0.8) < 1e-12)
        // 18 moves of 60/18 points every 1/60 s: at 0.66 s nine have happened (the ninth at 0.65 s).
        tree.run(to: 0.66)
        #expect(pan.state == .changed)
        let translation = pan.translation(in: nil)
        #expect(abs(translation.x - 30) < 1e-9 && translation.y == 0)
        #expect(abs(pan.velocity(in: nil).x - 200) < 1e-6)  // (60/18) / (1/60)
        var ended: easel_point?
        pan.addAction { if $0.state == .ended { ended = ($0 as! PanGestureRecognizer).translation(in: nil) } }
        tree.run(to: tree.duration)
        #expect(ended == easel_point(x: 60, y: 0))
    }

    @Test("a pinch shorthand to scale 2 ends with scale 2; a touches step is one event of two fingers")
    func pinchAndTouches() throws {
        let tree = try build(##"""
            { "canvas": { "size": [200, 200] },
              "root": { "subviews": [ { "class": "View", "id": "box", "frame": [0, 0, 200, 200],
                "gestureRecognizers": [ { "class": "PinchGestureRecognizer" } ] } ] },
              "steps": [ { "pinch": { "center": [100, 100], "scale": 2, "distance": 50 } },
                         { "at": 1, "touches": [ { "finger": 1, "phase": "began", "at": [50, 100] },
                                                 { "finger": 2, "phase": "began", "at": [150, 100] } ] },
                         { "at": 1.1, "touches": [ { "finger": 1, "phase": "moved", "at": [75, 100] },
                                                   { "finger": 2, "phase": "stationary", "at": [150, 100] } ] } ] }
            """##)
        let pinch = try #require(tree.viewsByID["box"]?.gestureRecognizers.first as? PinchGestureRecognizer)
        var scales: [Double] = []
        pinch.addAction { if $0.state == .ended { scales.append(($0 as! PinchGestureRecognizer).scale) } }
        tree.run(to: 0.5)
        #expect(scales.count == 1)
        #expect(abs(scales[0] - 2) < 1e-9)
        tree.run(to: tree.duration)
        #expect(tree.root.touchesInFlight.map(\.finger) == [1, 2])
        #expect(pinch.scale == 0.75)  // 100 points apart, then 75
    }

    @Test("a scroll view in a scene: its content keys, and a pan step that scrolls it on the media clock")
    func scrollViewScene() throws {
        let tree = try build(##"""
            { "canvas": { "size": [100, 100] },
              "root": { "subviews": [ { "class": "ScrollView", "id": "list", "frame": [0, 0, 100, 100],
                                        "contentSize": [100, 1000], "contentOffset": [0, 100], "bounces": false,
                                        "contentInset": [10, 0, 20, 0] } ] },
              "steps": [ { "at": 1, "pan": { "from": [50, 90], "to": [50, 30], "duration": 0.5 } } ] }
            """##)
        let list = try #require(tree.viewsByID["list"] as? ScrollView)
        #expect(list.contentOffset == easel_point(x: 0, y: 100))
        #expect(list.contentInset == EdgeInsets(top: 10, left: 0, bottom: 20, right: 0))
        #expect(list.maximumOffset == easel_point(x: 0, y: 920))
        #expect(!list.bounces)
        tree.run(to: 1.25)  // half of the 60 points
        #expect(abs(list.contentOffset.y - 130) < 1e-9)
        tree.run(to: tree.duration)
        #expect(abs(list.contentOffset.y - 160) < 1e-9)
        #expect(list.isDecelerating)  // 120 points per second at the end
    }

    @Test("bad input steps and recognizers are refused with their JSON path", arguments: [
        (#"{ "touches": [ { "finger": 1, "phase": "moved", "at": [1, 1] } ] }"#,
         "test.json: steps[0].touches[0].phase: finger 1 is moved but it is not down: a touch starts with 'began'"),
        (#"{ "touches": [ { "finger": 1, "phase": "began", "at": [1, 1] } ] }, { "touches": [ { "finger": 1, "phase": "began", "at": [1, 1] } ] }"#,
         "test.json: steps[1].touches[0].phase: finger 1 began in an earlier step and has not ended"),
        (#"{ "tap": [1, 1], "count": 0 }"#, "test.json: steps[0].count: a tap count is a whole number from 1 to 10"),
        (#"{ "longPress": [500, 1] }"#,
         "test.json: steps[0].longPress: the touch at [500, 1] is outside the window, which is 100 x 80 points; UIKit delivers only touches inside it"),
        (#"{ "pan": { "from": [1, 1] } }"#,
         "test.json: steps[0].pan: a pan needs 'from' [x, y] and 'to' [x, y] (and optionally a 'duration' in seconds, default 0.3)"),
        (#"{ "pinch": { "center": [1, 1], "duration": 0 } }"#,
         "test.json: steps[0].pinch.duration: a gesture's duration is a number of seconds from 0.01 to 60"),
    ])
    func refusedSteps(steps: String, message: String) throws {
        #expect(try sceneError(sceneText(#"{ "class": "View", "id": "box" }"#, steps: "[\(steps)]")) == message)
    }

    @Test("bad gesture recognizers are refused with their JSON path", arguments: [
        (#"[ { "class": "Tapper" } ]"#, "test.json: root.subviews[0].gestureRecognizers[0].class: unknown class 'Tapper'"),
        (#"[ { "class": "View" } ]"#,
         "test.json: root.subviews[0].gestureRecognizers[0].class: class 'View' is not a gesture recognizer class (it does not inherit from GestureRecognizer)"),
        (#"[ { "class": "TapGestureRecognizer", "numberOfTaps": 2 } ]"#,
         "test.json: root.subviews[0].gestureRecognizers[0].numberOfTaps: a TapGestureRecognizer has no key 'numberOfTaps' (keys: action, "
         + "cancelsTouchesInView, class, delaysTouchesBegan, delaysTouchesEnded, delegate, enabled, id, location, numberOfTapsRequired, "
         + "numberOfTouches, numberOfTouchesRequired, requireToFail, state, target, view)"),
        (#"[ { "class": "TapGestureRecognizer", "numberOfTapsRequired": 0 } ]"#,
         "test.json: root.subviews[0].gestureRecognizers[0].numberOfTapsRequired: 0 is out of range (1 to 1000)"),
        (#"[ { "class": "TapGestureRecognizer", "target": "self", "action": "handleTap:" } ]"#,
         "test.json: root.subviews[0].gestureRecognizers[0].action: an instance of 'View' does not respond to selector 'handleTap:'"),
        (#"[ { "class": "TapGestureRecognizer", "target": "self" } ]"#,
         "test.json: root.subviews[0].gestureRecognizers[0]: a gesture recognizer's 'target' and 'action' come together"),
        (#"[ { "class": "TapGestureRecognizer", "requireToFail": "nope" } ]"#,
         "test.json: root.subviews[0].gestureRecognizers[0].requireToFail: no gesture recognizer has the id 'nope'"),
    ])
    func refusedRecognizers(recognizers: String, message: String) throws {
        let error = try sceneError(sceneText(#"{ "class": "View", "id": "box", "gestureRecognizers": \#(recognizers) }"#))
        #expect(error?.hasPrefix(message) == true, "\(error ?? "no error")")
    }

    @Test("scroll view keys on a view that is not a scroll view are refused with the path")
    func scrollKeysOnView() throws {
        #expect(try sceneError(sceneText(#"{ "class": "View", "contentSize": [10, 10] }"#))
                == "test.json: root.subviews[0].contentSize: only a scroll view (ScrollView) has 'contentSize'; 'View' is not one")
    }
}
