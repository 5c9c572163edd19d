import EaselABI
import EaselGraphicsCore
import EaselRuntime
import EaselScene
import EaselTestSupport
import EaselViews
import Foundation
import Testing

@Suite("Scene files: transition steps (seed 004's flip)")
struct SceneTransitionTests {
    /// A white root with a card (10, 10, 80, 60) holding a red front and a hidden blue back, and one step.
    static func text(_ step: String) -> String {
        ##"""
        { "canvas": { "size": [100, 80] },
          "root": { "backgroundColor": "#ffffff", "subviews": [
            { "class": "View", "id": "card", "frame": [10, 10, 80, 60], "subviews": [
              { "class": "View", "id": "front", "frame": [0, 0, 80, 60], "backgroundColor": "#ff0000" },
              { "class": "View", "id": "back", "frame": [0, 0, 80, 60], "backgroundColor": "#0000ff", "hidden": true } ] } ] },
          "steps": [ \##(step) ] }
        """##
    }

    /// Row 40's colours at x 5, 12, 27, 32, 50, 68, 73, 88: "r", "b", "w" or "?".
    private func row(_ image: RasterImage) -> String {
        [5, 12, 27, 32, 50, 68, 73, 88].map { x in
            let p = image.pixel(x: x, y: 40)
            switch (p.r, p.g, p.b) {
            case (255, 0, 0): return "r"
            case (0, 0, 255): return "b"
            case (255, 255, 255): return "w"
            default: return "?"
            }
        }.joined()
    }

    @Test("flipFromLeft from front to back: half wide, edge-on (background only) at the middle, then the back")
    func flip() throws {
        let step = #"{ "at": 0.5, "transition": { "from": "front", "to": "back", "duration": 1, "curve": "linear", "#
            + #""options": ["flipFromLeft", "showHideTransitionViews"] } }"#
        let tree = try Scene.parse(Data(Self.text(step).utf8), file: "t.json").build(in: try sceneRegistry())
        #expect(tree.duration == 1.5)
        let canvas = try rasterCanvas(for: tree.root)
        for (time, colours) in [(0.5, "wrrrrrrr"), (0.75, "wwwrrrww"), (1.0, "wwwwwwww"), (1.25, "wwwbbbww"), (1.5, "wbbbbbbb")] {
            tree.run(to: time)
            try tree.root.render(into: canvas, mode: .dirtyRegions)
            let image = try canvas.rasterImage()
            #expect(row(image) == colours, "t = \(time)")
            #expect(differences(image, try fullImage(tree.root)).isEmpty, "t = \(time)")
        }
        #expect(tree.viewsByID["front"]?.isHidden == true)
        #expect(tree.viewsByID["back"]?.isHidden == false)
    }

    @Test("transition of one view: hidden changes shown through a cross dissolve from a snapshot")
    func transitionWith() throws {
        let step = #"{ "transition": { "view": "card", "duration": 1, "curve": "linear", "options": "crossDissolve", "#
            + #""hidden": { "front": true, "back": false } } }"#
        let tree = try Scene.parse(Data(Self.text(step).utf8), file: "t.json").build(in: try sceneRegistry())
        #expect(tree.duration == 1)
        tree.run(to: 0.5)
        #expect(tree.viewsByID["front"]?.isHidden == true)  // the model at once
        // Half the red snapshot over white, half the blue card over that: (127.5, 63.75, 191.25).
        let middle = try fullImage(tree.root).pixel(x: 50, y: 40)
        #expect(near(middle, 128, 64, 191, tolerance: 2), "\(middle)")
        tree.run(to: 1)
        #expect(row(try fullImage(tree.root)) == "wbbbbbbb")
        #expect(tree.root.subviews.count == 1)  // the snapshot is gone
    }

    @Test("a bad transition step is refused with its JSON path", arguments: [
        (#"{ "transition": { "from": "front", "to": "back" } }"#,
         "test.json: steps[0].transition.to: 'to' is hidden: add \"showHideTransitionViews\" to options to show it in place (UIKit's showHideTransitionViews), or make it visible"),
        (#"{ "transition": { "from": "front", "to": "nope" } }"#,
         "test.json: steps[0].transition.to: no view has the id 'nope'; ids: back, card, front"),
        (#"{ "transition": { "from": "front" } }"#,
         "test.json: steps[0].transition: a transition step needs 'from' and 'to' (view ids: to replaces from) or 'view' (a view id) with 'set'"),
        (#"{ "transition": { "from": "front", "to": "back", "options": "flip" } }"#,
         "test.json: steps[0].transition.options: unknown transition option 'flip'; expected flipFromLeft, flipFromRight, flipFromTop, flipFromBottom, curlUp, curlDown, crossDissolve, showHideTransitionViews"),
        (#"{ "transition": { "from": "front", "to": "back", "options": ["curlUp", "crossDissolve", "showHideTransitionViews"] } }"#,
         "test.json: steps[0].transition.options: a transition has one kind; the options name 2"),
        (#"{ "transition": { "view": "card", "to": "back", "set": {} } }"#,
         "test.json: steps[0].transition.to: 'to' belongs to a transition from one view to another; this one changes 'view'"),
        (#"{ "transition": { "view": "card" } }"#,
         "test.json: steps[0].transition: a transition of 'view' needs 'set' or 'hidden': the changes to show"),
        (#"{ "transition": { "view": "card", "hidden": { "front": 1 } } }"#,
         "test.json: steps[0].transition.hidden.front: expected a boolean (true or false), got a number"),
        (#"{ "transition": { "view": "card", "curve": "spring", "set": {} } }"#,
         "test.json: steps[0].transition.curve: unknown transition curve 'spring'; expected linear, easeIn, easeOut, easeInOut"),
        (#"{ "transition": { "from": "front", "to": "back", "duration": -1 } }"#,
         "test.json: steps[0].transition.duration: 'duration' is a number of seconds from 0 to 3600"),
    ])
    func refused(step: String, message: String) throws {
        let text = Self.text(step).replacingOccurrences(of: "\"t.json\"", with: "")
        #expect(try sceneError(text) == message)
    }
}
