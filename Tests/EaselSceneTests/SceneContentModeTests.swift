// Scenes set a view's contentMode (UIKit's case names) and contentStretch;
// bad values are refused naming the JSON path.

import EaselABI
import EaselGeometry
import EaselRuntime
import EaselViews
import EaselScene
import EaselTestSupport
import Foundation
import Testing

@Suite("Scene files: contentMode and contentStretch")
struct SceneContentModeTests {
    @Test("contentMode and contentStretch are set from a scene")
    func set() throws {
        let text = sceneText(##"{ "class": "Dot", "frame": [0, 0, 20, 20], "contentMode": "scaleAspectFit", "contentStretch": [0.25, 0.25, 0.5, 0.5] }, { "class": "Dot", "frame": [0, 0, 20, 20] }"##)
        let tree = try Scene.parse(Data(text.utf8), file: "test.json").build(in: try sceneRegistry())
        #expect(tree.root.subviews[0].contentMode == .scaleAspectFit)
        #expect(tree.root.subviews[0].contentStretch == rect(0.25, 0.25, 0.5, 0.5))
        #expect(tree.root.subviews[1].contentMode == .scaleToFill)   // UIKit's default
    }

    @Test("an unknown mode or a stretch outside the unit square is an error naming the JSON path", arguments: [
        (##"{ "class": "Dot", "contentMode": "aspectFit" }"##,
         "test.json: root.subviews[0].contentMode: unknown content mode 'aspectFit'; expected one of: scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight"),
        (##"{ "class": "Dot", "contentStretch": [0.5, 0, 0.75, 1] }"##,
         "test.json: root.subviews[0].contentStretch: contentStretch is a rect [x, y, w, h] inside the unit square [0, 0, 1, 1]"),
    ])
    func bad(subviews: String, message: String) throws {
        #expect(try sceneError(sceneText(subviews)) == message)
    }
}

extension SceneContentModeTests {
    /// A white 100 x 80 view holding an opaque 20 x 20 Patch "p" at (10, 10) (black, its top-left
    /// 10 x 10 red) with `mode`, then `steps`; the tree after them.
    private func patchTree(mode: String, steps: String) throws -> SceneTree {
        let text = sceneText(##"""
            { "class": "View", "frame": [0, 0, 100, 80], "backgroundColor": "#ffffff", "subviews": [
              { "class": "Patch", "id": "p", "frame": [10, 10, 20, 20], "contentMode": "\##(mode)",
                "properties": { "patch": [0, 0, 10, 10], "color": "#ff0000" } } ] }
            """##, steps: steps)
        let tree = try Scene.parse(Data(text.utf8), file: "test.json").build(in: try sceneRegistry())
        tree.run(to: tree.duration)
        return tree
    }

    @Test("a display step keeps the drawn content: a later resize places it by contentMode, with no drawRect:")
    func displayStep() throws {
        // Without it the steps apply before the one render: drawn at 40 x 30, black beyond the red quarter.
        let drawnLate = try fullImage(try patchTree(mode: "topLeft", steps: #"[{ "resize": "p", "size": [40, 30] }]"#).root)
        #expect(drawnLate.pixel(x: 15, y: 15) == red && drawnLate.pixel(x: 45, y: 15) == black)

        let tree = try patchTree(mode: "topLeft", steps: #"[{ "display": true }, { "resize": "p", "size": [40, 30] }]"#)
        let view = try #require(tree.viewsByID["p"])
        #expect(view.frame == rect(10, 10, 40, 30))
        let canvas = try rasterCanvas(for: tree.root.subviews[0])
        let report = try tree.root.render(into: canvas)
        #expect(!report.drawnViews.contains { $0 === view })   // composited from what the display step drew
        let image = try canvas.rasterImage()
        // The 20 x 20 content at the top left of the 40 x 30 bounds; nothing beyond it.
        #expect(image.pixel(x: 15, y: 15) == red && image.pixel(x: 25, y: 25) == black)
        #expect(image.pixel(x: 45, y: 15) == white && image.pixel(x: 15, y: 35) == white)
        // scaleToFill stretches it: the red quarter is 20 x 15.
        let stretched = try fullImage(try patchTree(mode: "scaleToFill", steps: #"[{ "display": true }, { "resize": "p", "size": [40, 30] }]"#).root)
        #expect(stretched.pixel(x: 28, y: 23) == red && stretched.pixel(x: 32, y: 27) == black)
    }

    @Test("a display step is {\"display\": true}")
    func displayStepErrors() throws {
        #expect(try sceneError(sceneText(#"{ "class": "View" }"#, steps: #"[{ "display": false }]"#))
                == #"test.json: steps[0].display: a display step is {"display": true}"#)
        #expect(try sceneError(sceneText(#"{ "class": "View" }"#, steps: #"[{ "display": true, "size": [1, 1] }]"#))
                == "test.json: steps[0].size: unknown key 'size'; expected one of: at, display")
    }
}
