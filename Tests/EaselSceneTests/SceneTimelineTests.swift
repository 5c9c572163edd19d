import EaselABI
import EaselRuntime
import EaselViews
import EaselScene
import EaselTestSupport
import Foundation
import Testing

@Suite("Scene files: steps on a timeline")
struct SceneTimelineTests {
    static let text = ##"""
        { "canvas": { "size": [100, 100] },
          "root": { "subviews": [ { "class": "View", "id": "box", "frame": [0, 0, 10, 10] } ] },
          "steps": [ { "resize": "box", "size": [20, 10] },
                     { "at": 0.5, "resize": "box", "size": [30, 10] },
                     { "resize": "box", "size": [40, 10] },
                     { "at": 2, "resize": "box", "size": [50, 10] } ] }
        """##

    @Test("a step's time is its 'at', else the time of the step before; the duration is the last step's time")
    func times() throws {
        let tree = try Scene.parse(Data(Self.text.utf8), file: "t.json").build(in: try sceneRegistry())
        #expect(tree.stepTimes == [0, 0.5, 0.5, 2])
        #expect(tree.duration == 2)
    }

    @Test("run(to:) applies the steps due by then with the clock at each step's time, and never goes back")
    func run() throws {
        let tree = try Scene.parse(Data(Self.text.utf8), file: "t.json").build(in: try sceneRegistry())
        let box = try #require(tree.viewsByID["box"])
        var seen: [String] = []
        tree.run(to: 0.25) { seen.append("\($0.path)@\(tree.mediaClock.time)") }
        #expect(box.frame.size.width == 20)
        #expect(tree.mediaClock.time == 0.25)
        tree.run(to: 1) { seen.append("\($0.path)@\(tree.mediaClock.time)") }
        #expect(box.frame.size.width == 40)
        #expect(tree.mediaClock.time == 1)
        #expect(seen == ["steps[0]@0.0", "steps[1]@0.5", "steps[2]@0.5"])
        tree.run(to: 0)
        #expect(tree.mediaClock.time == 1)
        #expect(tree.appliedStepCount == 3)
        tree.run(to: tree.duration)
        #expect(box.frame.size.width == 50)
        #expect(tree.mediaClock.time == 2)
    }

    @Test("a step time that is not a time, or out of order, is refused with its JSON path", arguments: [
        (#"{ "at": -1, "resize": "box", "size": [5, 5] }"#,
         "test.json: steps[0].at: a step's time must be a number of seconds from 0 to 86400"),
        (#"{ "at": "soon", "resize": "box", "size": [5, 5] }"#,
         "test.json: steps[0].at: expected a number, got a string"),
        (#"{ "at": 1, "resize": "box", "size": [5, 5] }, { "at": 0.5, "touch": [ { "phase": "began", "at": [1, 1] } ] }"#,
         "test.json: steps[1].at: this step is at 0.5 s, before the step above it (1 s); steps are listed in time order"),
    ])
    func refused(steps: String, message: String) throws {
        let text = sceneText(#"{ "class": "View", "id": "box" }"#, steps: "[\(steps)]")
        #expect(try sceneError(text) == message)
    }
}
