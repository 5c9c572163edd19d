import EaselScene
import EaselTestSupport
import Foundation
import Testing

/// A scene of three lines whose third holds `view`, so that line and column numbers are plain to see.
private func threeLines(_ view: String) -> String {
    """
    { "canvas": { "size": [100, 80] },
      "root": { "subviews": [
        \(view) ] } }
    """
}

@Suite("Scene files: numbers that are not finite, lone surrogates, touches outside the window, canvases too big")
struct SceneHostileValueTests {
    @Test("a number JSONDecoder cannot read, or a string with a lone surrogate, names its JSON path, line and column", arguments: [
        (threeLines(#"{ "class": "GraphView", "properties": { "gridSpacing": 1e400 } }"#),
         "test.json: root.subviews[0].properties.gridSpacing: 1e400 is not a finite number (line 3, column 60)"),
        // Two of the same: the one named is the one at the path.
        (#"{ "canvas": { "size": [100, 80] }, "root": { "subviews": [{ "class": "View", "frame": [0, 0, 1e400, -1e400] }] } }"#,
         "test.json: root.subviews[0].frame[2]: 1e400 is not a finite number (line 1, column 94)"),
        // After a whole pair, a high half alone.
        (threeLines(#"{ "class": "Label", "properties": { "text": "caf\u00e9 \ud83d\ude00 \ud800!" } }"#),
         #"test.json: root.subviews[0].properties.text: the string has a lone surrogate \ud800, half of a UTF-16 pair and no character (line 3, column 73)"#),
        // A low half first.
        (#"{ "canvas": { "size": [100, 80] }, "root": { "subviews": [{ "class": "View", "id": "x\udc00" }] } }"#,
         #"test.json: root.subviews[0].id: the string has a lone surrogate \udc00, half of a UTF-16 pair and no character (line 1, column 86)"#),
    ])
    func unreadable(_ text: String, _ expected: String) throws {
        #expect(try sceneError(text) == expected)
    }

    @Test("values that overflow are refused at their JSON path", arguments: [
        (sceneText(#"{ "class": "Props", "properties": { "ratio": 1e39 } }"#),
         "test.json: root.subviews[0].properties.ratio: 1e+39 is too large for property 'ratio' (float): a float is at most 3.4028235e+38"),
        (sceneText(#"{ "class": "View", "frame": [1e308, 0, 1e308, 10] }"#),
         "test.json: root.subviews[0].frame: a rect's x + width and y + height must be finite numbers"),
        (sceneText(#"{ "class": "View", "id": "v", "frame": [1e308, 0, 1, 1] }"#, steps: #"[{ "resize": "v", "size": [1e308, 1] }]"#),
         "test.json: steps[0].size: the view's x + width and y + height must be finite numbers"),
        (sceneText(#"{ "class": "View", "transform": { "scale": [1e200, 1e200] } }"#),
         "test.json: root.subviews[0].transform: the transform overflows: its components and determinant must be finite numbers"),
    ])
    func overflow(_ text: String, _ expected: String) throws {
        #expect(try sceneError(text) == expected)
    }

    @Test("a touch outside the window is refused, as UIKit never delivers one", arguments: [
        ("1e308", "1e+308"), ("9.2e18", "9.2e+18"), ("-1e9", "-1000000000"), ("100.5", "100.5"),
    ])
    func touchOutside(_ x: String, _ shown: String) throws {
        let steps = #"[{ "touch": [{ "phase": "began", "at": [50, 40] }, { "phase": "moved", "at": [\#(x), 10] }] }]"#
        #expect(try sceneError(sceneText(#"{ "class": "MiniPicker", "frame": [0, 0, 100, 30] }"#, steps: steps))
                == "test.json: steps[0].touch[1].at: the touch at [\(shown), 10] is outside the window, which is 100 x 80 points; UIKit delivers only touches inside it")
        // The edges are inside.
        let edges = #"[{ "touch": [{ "phase": "began", "at": [0, 0] }, { "phase": "ended", "at": [100, 80] }] }]"#
        #expect(try sceneError(sceneText(#"{ "class": "View" }"#, steps: edges)) == nil)
    }

    @Test("a canvas too big for a raster image names the file, canvas.size, the scale and where it came from, and the limit")
    func rasterSize() throws {
        let tall = try Scene.parse(Data(#"{ "canvas": { "size": [100, 32767], "scale": 2 }, "root": {} }"#.utf8), file: "test.json")
        let error = try #require(throws: SceneError.self) { try tall.checkRasterSize(scale: nil, limit: 32767) }
        #expect(error.description == "test.json: canvas.size: 100 x 32767 points at scale 2 (canvas.scale) make 200 x 65534 pixels; a raster image is at most 32767 pixels a side")
        #expect(error.file == "test.json" && error.location == "canvas.size")
        #expect(throws: Never.self) { try tall.checkRasterSize(scale: 1, limit: 32767) }

        let wide = try Scene.parse(Data(#"{ "canvas": { "size": [3000, 100] }, "root": {} }"#.utf8), file: "test.json")
        let asked = try #require(throws: SceneError.self) { try wide.checkRasterSize(scale: 16, limit: 32767) }
        #expect(asked.description == "test.json: canvas.size: 3000 x 100 points at scale 16 (the scale asked for) make 48000 x 1600 pixels; a raster image is at most 32767 pixels a side")
    }
}
