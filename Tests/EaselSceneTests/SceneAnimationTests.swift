import EaselABI
import EaselRuntime
import EaselViews
import EaselScene
import EaselTestSupport
import Foundation
import Testing

@Suite("Scene files: animate steps")
struct SceneAnimationTests {
    static let text = ##"""
        { "canvas": { "size": [100, 20] },
          "root": { "subviews": [ { "class": "View", "id": "box", "frame": [0, 0, 10, 10], "backgroundColor": "#ff0000" } ] },
          "steps": [ { "at": 0.5, "animate": { "view": "box", "duration": 1, "curve": "linear",
                                               "set": { "center": [85, 5], "alpha": 0.5, "layer": { "cornerRadius": 4 } } } },
                     { "at": 0.75, "animate": { "view": "box", "duration": 0.5, "delay": 0.5, "curve": "spring", "damping": 0.7,
                                                "options": ["autoreverse"], "set": { "transform": { "rotate": 1 } } } } ] }
        """##

    @Test("the duration ends with the last animation; run(to:) shows the presented values at each time")
    func timeline() throws {
        let tree = try Scene.parse(Data(Self.text.utf8), file: "t.json").build(in: try sceneRegistry())
        let box = try #require(tree.viewsByID["box"])
        // The second animation: 0.75 + 0.5 delay + 2 × 0.5 (autoreverse) = 2.25.
        #expect(tree.duration == 2.25)
        tree.run(to: 0.4)
        #expect(box.presentedCenter.x == 5)
        tree.run(to: 1)  // half of the linear move from x 5 to 85
        #expect(box.center.x == 85)
        #expect(box.presentedCenter.x == 45)
        #expect(box.presentedAlpha == 0.75)
        #expect(box.presentedValue(.cornerRadius)[0] == 2)
        tree.run(to: tree.duration)
        #expect(box.presentedCenter.x == 85)
        #expect(!box.hasAnimations)
    }

    @Test("a bad animate step is refused with its JSON path", arguments: [
        (#"{ "animate": { "view": "nope", "set": {} } }"#, "test.json: steps[0].animate.view: no view has the id 'nope'; ids: box"),
        (#"{ "animate": { "view": "box" } }"#, "test.json: steps[0].animate: an animate step needs 'set': the values to animate to"),
        (#"{ "animate": { "view": "box", "curve": "bouncy", "set": {} } }"#,
         "test.json: steps[0].animate.curve: unknown curve 'bouncy'; expected linear, easeIn, easeOut, easeInOut, spring or control points [x1, y1, x2, y2]"),
        (#"{ "animate": { "view": "box", "options": ["loop"], "set": {} } }"#,
         "test.json: steps[0].animate.options[0]: unknown animation option 'loop'; expected repeat, autoreverse, beginFromCurrentState, allowUserInteraction, layoutSubviews"),
        (#"{ "animate": { "view": "box", "duration": -1, "set": {} } }"#,
         "test.json: steps[0].animate.duration: 'duration' is a number of seconds from 0 to 3600"),
        (#"{ "animate": { "view": "box", "damping": 0.5, "set": {} } }"#,
         "test.json: steps[0].animate.damping: 'damping' belongs to a spring: add \"curve\": \"spring\""),
        (#"{ "animate": { "view": "box", "set": { "alpha": 2 } } }"#, "test.json: steps[0].animate.set.alpha: an alpha is between 0 and 1"),
    ])
    func refused(step: String, message: String) throws {
        let text = sceneText(#"{ "class": "View", "id": "box" }"#, steps: "[\(step)]")
        #expect(try sceneError(text) == message)
    }
}
