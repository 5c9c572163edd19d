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
