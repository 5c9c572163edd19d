import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselScene
import EaselTestSupport
import Foundation
import Testing

/// Parses and builds a scene given as text; returns the error's description, or nil.
func sceneError(_ text: String, in registry: Registry? = nil) throws -> String? {
    let registry = try registry ?? sceneRegistry()
    do {
        let scene = try Scene.parse(Data(text.utf8), file: "test.json")
        _ = try scene.build(in: registry)
        return nil
    } catch {
        return error.description
    }
}

/// A scene whose root has the given subviews (JSON text).
func sceneText(_ subviews: String, steps: String = "[]") -> String {
    """
    { "canvas": { "size": [100, 80] }, "root": { "subviews": [\(subviews)] }, "steps": \(steps) }
    """
}

@Suite("Scene files: errors point at the place")
struct SceneErrorTests {
    @Test("a syntax error gives the line and column")
    func syntax() throws {
        let text = "{\n  \"canvas\": { \"size\": [100, 80] },\n  \"root\": { \"class\": \"View\",, }\n}\n"
        let message = try #require(try sceneError(text))
        // Line 3 is `  "root": { "class": "View",, }`: the second comma is its 29th character.
        #expect(message.hasPrefix("test.json: line 3, column 29: JSON syntax error"), "\(message)")
    }

    @Test("wrong things are named with their JSON path", arguments: [
        (sceneText(##"{ "class": "Swach", "frame": [0, 0, 10, 10] }"##),
         "test.json: root.subviews[0].class: unknown class 'Swach' (registered classes: "),
        (sceneText(##"{ "class": "swatch" }"##),
         "test.json: root.subviews[0].class: unknown class 'swatch'; did you mean 'Swatch'?"),
        (sceneText(##"{ "class": "View" }, { "class": "Swatch", "properties": { "colour": "#ff0000" } }"##),
         "test.json: root.subviews[1].properties.colour: class 'Swatch' has no property 'colour' (it declares: color, cornerRadius)"),
        (sceneText(##"{ "class": "Swatch", "properties": { "cornerRadius": "big" } }"##),
         "test.json: root.subviews[0].properties.cornerRadius: expected a number, got a string for property 'cornerRadius' (double)"),
        (sceneText(##"{ "class": "Swatch", "properties": { "color": "#12345" } }"##),
         "test.json: root.subviews[0].properties.color: expected a colour \"#rrggbb\" or \"#rrggbbaa\", got \"#12345\" for property 'color' (EaselColor)"),
        (sceneText(##"{ "class": "Props", "properties": { "count": 2.5 } }"##),
         "test.json: root.subviews[0].properties.count: property 'count' (int32_t) takes an integer from -2147483648 to 2147483647, not 2.5"),
        (sceneText(##"{ "class": "Props", "properties": { "points": [[1, 2], [3]] } }"##),
         "test.json: root.subviews[0].properties.points[1]: expected a point [x, y], got an array"),
        (sceneText(##"{ "class": "Swatch", "overlays": ["drawArrows:"] }"##),
         "test.json: root.subviews[0].overlays[0]: an instance of 'Swatch' does not respond to selector 'drawArrows:'"),
        (sceneText(##"{ "class": "Swatch", "overlays": ["sizeThatFits:"] }"##),
         "test.json: root.subviews[0].overlays[0]: overlay selector -[Swatch sizeThatFits:(CGSize)] -> CGSize must take one CGRect and return void (v@:{CGRect={CGPoint=dd}{CGSize=dd}})"),
        (sceneText(##"{ "class": "Plot", "delegate": { "class": "Nobody" } }"##),
         "test.json: root.subviews[0].delegate.class: unknown class 'Nobody' (registered classes: "),
        (sceneText(##"{ "class": "Plot", "delegate": { "class": "ChartCoordinator", "properties": { "speed": 1 } } }"##),
         "test.json: root.subviews[0].delegate.properties.speed: class 'ChartCoordinator' has no property 'speed' (it declares none)"),
        (sceneText(##"{ "class": "Plot", "delegate": { "class": "RectRecorder" } }, { "class": "Plot", "delegate": { "class": "Dot" } }"##),
         "test.json: root.subviews[1].delegate: the delegate's class 'Dot' does not respond to drawView:inRect:inContext:, which a right-handed view sends its delegate"),
        (sceneText(##"{ "class": "Swatch", "delegate": { "class": "PlotDelegate" } }"##),
         "test.json: root.subviews[0].delegate: only a right-handed view (a subclass of RHView) has a delegate; 'Swatch' is not one"),
        (sceneText(##"{ "class": "View", "frame": [0, 0, 10] }"##),
         "test.json: root.subviews[0].frame: expected a rect [x, y, width, height], got an array"),
        (sceneText(##"{ "class": "View", "alpha": "half" }"##),
         "test.json: root.subviews[0].alpha: expected a number, got a string for 'alpha' (double)"),
        (sceneText(##"{ "class": "View", "autoresizingMask": ["flexibleWidht"] }"##),
         "test.json: root.subviews[0].autoresizingMask[0]: unknown autoresizing flag 'flexibleWidht'; expected one of: flexibleLeftMargin, flexibleWidth, flexibleRightMargin, flexibleTopMargin, flexibleHeight, flexibleBottomMargin"),
        (sceneText(##"{ "class": "View", "colour": "#fff" }"##),
         "test.json: root.subviews[0].colour: unknown key 'colour'; expected one of: "),
        (sceneText(##"{ "class": "Tally" }"##, steps: ##"[{ "resize": "nobody", "size": [1, 1] }]"##),
         "test.json: steps[0].resize: no view has the id 'nobody'"),
        (sceneText(##"{ "class": "View", "id": "a" }"##, steps: ##"[{ "touch": [{ "phase": "moved", "at": [1, 1] }] }]"##),
         "test.json: steps[0].touch[0].phase: a touch sequence starts with 'began'"),
    ])
    func located(_ text: String, _ expected: String) throws {
        let message = try #require(try sceneError(text))
        if let prefix = expected.split(separator: "…", omittingEmptySubsequences: false).first, expected.hasSuffix("…") {
            #expect(message.hasPrefix(String(prefix)), "\(message)")
        } else if expected.hasSuffix(": ") {
            #expect(message.hasPrefix(expected), "\(message)")
        } else if expected.contains("(registered classes: ") {
            #expect(message.hasPrefix(expected), "\(message)")
        } else {
            #expect(message == expected)
        }
    }
}

@Suite("Scene files: building trees")
struct SceneBuildTests {
    @Test("every value form a property can take is stored as its encoding says")
    func valueForms() throws {
        let registry = try sceneRegistry()
        let scene = try Scene.parse(Data(sceneText(##"""
            { "class": "Props", "id": "p", "properties": {
                "title": "Hello, wörld", "points": [[1, 2], [3.5, -4]], "names": ["Jan", "Feb", "Mar"],
                "flag": true, "count": -7, "big": 9007199254740993, "ratio": 0.25, "extent": [30, 40],
                "place": [5, 6], "area": [1, 2, 3, 4], "turn": { "scale": 2, "translate": [10, 0] },
                "tint": "#ff800080", "buddy": { "class": "PlotDelegate" } } }
            """##).utf8))
        let tree = try scene.build(in: registry)
        let props = try #require(tree.viewsByID["p"])
        let title: UnsafePointer<CChar> = try props.value(ofProperty: "title")
        #expect(String(cString: title) == "Hello, wörld")
        let points: easel_point_array = try props.value(ofProperty: "points")
        #expect(Array(UnsafeBufferPointer(start: points.points, count: Int(points.count))) == [easel_point(x: 1, y: 2), easel_point(x: 3.5, y: -4)])
        let names: easel_string_array = try props.value(ofProperty: "names")
        #expect((0..<Int(names.count)).map { String(cString: names.strings[$0]!) } == ["Jan", "Feb", "Mar"])
        #expect(try props.value(ofProperty: "flag", as: Bool.self))
        #expect(try props.value(ofProperty: "count", as: Int32.self) == -7)
        // JSON numbers are read as doubles: 2^53 + 1 rounds to 2^53.
        #expect(try props.value(ofProperty: "big", as: Int64.self) == 9007199254740992)
        #expect(try props.value(ofProperty: "ratio", as: Float.self) == 0.25)
        #expect(try props.value(ofProperty: "extent", as: easel_size.self) == easel_size(width: 30, height: 40))
        #expect(try props.value(ofProperty: "place", as: easel_point.self) == easel_point(x: 5, y: 6))
        #expect(try props.value(ofProperty: "area", as: easel_rect.self) == easel_rect(x: 1, y: 2, width: 3, height: 4))
        #expect(try props.value(ofProperty: "turn", as: easel_affine_transform.self) == easel_affine_transform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 0))
        let tint: easel_color = try props.value(ofProperty: "tint")
        #expect(tint.red == 1 && abs(tint.green - 128.0 / 255) < 1e-12 && tint.blue == 0 && abs(tint.alpha - 128.0 / 255) < 1e-12)
        let buddy: UInt = try props.value(ofProperty: "buddy")
        #expect(buddy != 0)
    }

    @Test("attributes, overlays, delegates and subviews build the tree the file describes")
    func tree() throws {
        let registry = try sceneRegistry()
        let scene = try Scene.parse(Data(##"""
            { "canvas": { "size": [200, 100], "scale": 2, "background": "#ffffff" },
              "root": { "backgroundColor": "#000000", "subviews": [
                { "class": "Marks", "id": "m", "frame": [10, 10, 50, 40], "tag": 7, "alpha": 0.5, "hidden": false,
                  "clipsToBounds": true, "opaque": false, "autoresizingMask": ["flexibleWidth", "flexibleBottomMargin"],
                  "overlays": ["drawRedMark:", "drawBlueMark:"],
                  "subviews": [ { "class": "Dot", "frame": [0, 0, 5, 5], "properties": { "color": [0, 1, 0] } } ] },
                { "class": "Plot", "id": "plot", "frame": [100, 0, 100, 100], "delegate": { "class": "PlotDelegate" },
                  "properties": { "point": [10, 10] } } ] } }
            """##.utf8), file: "tree.json")
        #expect(scene.width == 200 && scene.height == 100 && scene.scale == 2)
        let tree = try scene.build(in: registry)
        #expect(tree.root.objectClass.name == "Window")
        #expect(tree.root.frame == easel_rect(x: 0, y: 0, width: 200, height: 100))
        let marks = try #require(tree.viewsByID["m"])
        #expect(marks.tag == 7 && marks.alpha == 0.5 && marks.clipsToBounds && !marks.isOpaque)
        #expect(marks.autoresizingMask == [.flexibleWidth, .flexibleBottomMargin])
        #expect(marks.subviews.map(\.objectClass.name) == ["Dot", "OverlayView", "OverlayView"])
        #expect(marks.subviews.compactMap { ($0 as? OverlayView)?.hostSelector?.name } == ["drawRedMark:", "drawBlueMark:"])
        #expect(tree.path(of: marks) == "root.subviews[0]")
        #expect(tree.path(of: marks.subviews[0]) == "root.subviews[0].subviews[0]")
        let plot = try #require(tree.viewsByID["plot"] as? RightHandedView)
        #expect(plot.delegate?.objectClass.name == "PlotDelegate")
    }

    @Test("steps: a resize autoresizes and lays out; a touch reaches the plugin, and the frames show both")
    func steps() throws {
        let registry = try sceneRegistry()
        let scene = try Scene.parse(Data(##"""
            { "canvas": { "size": [100, 100] },
              "root": { "subviews": [
                { "class": "View", "id": "box", "frame": [0, 0, 100, 100], "subviews": [
                  { "class": "Panel", "id": "panel", "frame": [10, 10, 80, 40], "autoresizingMask": ["flexibleWidth"] } ] } ] },
              "steps": [ { "resize": "box", "size": [60, 100] },
                         { "touch": [ { "phase": "began", "at": [20, 20] }, { "phase": "ended", "at": [25, 20] } ] } ] }
            """##.utf8))
        let tree = try scene.build(in: registry)
        let panel = try #require(tree.viewsByID["panel"])
        #expect(tree.steps.map(\.path) == ["steps[0]", "steps[1]"])
        tree.apply(tree.steps[0])
        #expect(panel.frame == easel_rect(x: 10, y: 10, width: 40, height: 40))   // flexible width: 80 − 40
        #expect(panel.subviews.map(\.frame) == [easel_rect(x: 0, y: 0, width: 20, height: 40), easel_rect(x: 20, y: 0, width: 20, height: 40)])
        tree.apply(tree.steps[1])
        #expect(try panel.value(ofProperty: "touches", as: Int32.self) == 1)
        #expect(try panel.value(ofProperty: "lastTouch", as: easel_point.self) == easel_point(x: 10, y: 10))
    }
}
