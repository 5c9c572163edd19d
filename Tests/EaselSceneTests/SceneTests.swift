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
    @Test("a syntax error gives the line and column and Jansson's reason")
    func syntax() throws {
        let text = "{\n  \"canvas\": { \"size\": [100, 80] },\n  \"root\": { \"class\": \"View\",, }\n}\n"
        let message = try #require(try sceneError(text))
        // Line 3 is `  "root": { "class": "View",, }`: the second comma is its 29th character.
        #expect(message == "test.json: line 3, column 29: JSON syntax error: string or '}' expected near ','")
        // An unfinished file ends at its last character; an empty one is at its start.
        #expect(try sceneError("{\"canvas\": ") == "test.json: line 1, column 11: JSON syntax error: unexpected token near end of file")
        #expect(try sceneError("") == "test.json: line 1, column 1: JSON syntax error: unexpected token near end of file")
    }

    @Test("wrong things are named with their JSON path", arguments: [
        (sceneText(##"{ "class": "Swach", "frame": [0, 0, 10, 10] }"##),
         "test.json: root.subviews[0].class: unknown class 'Swach'; did you mean 'Swatch'?"),
        (sceneText(##"{ "class": "Nothing" }"##),
         "test.json: root.subviews[0].class: unknown class 'Nothing' (registered classes: "),
        (sceneText(##"{ "class": "View", "backgroundColour": "#fff" }"##),
         "test.json: root.subviews[0].backgroundColour: unknown key 'backgroundColour'; did you mean 'backgroundColor'?"),
        (sceneText(##"{ "class": "swatch" }"##),
         "test.json: root.subviews[0].class: unknown class 'swatch'; did you mean 'Swatch'?"),
        (sceneText(##"{ "class": "View" }, { "class": "Swatch", "properties": { "colour": "#ff0000" } }"##),
         "test.json: root.subviews[1].properties.colour: class 'Swatch' has no property 'colour' (it declares: color, cornerRadius, style); did you mean 'color'?"),
        (sceneText(##"{ "class": "Swatch", "properties": { "cornerRadius": "big" } }"##),
         "test.json: root.subviews[0].properties.cornerRadius: expected a number, got a string for property 'cornerRadius' (double)"),
        (sceneText(##"{ "class": "Swatch", "properties": { "color": "#12345" } }"##),
         "test.json: root.subviews[0].properties.color: expected a colour (\"#rrggbb\", \"#rgb\", \"#rrggbbaa\", a CSS name such as \"red\", \"rgb(…)\", \"rgba(…)\" or \"hsl(…)\"), got \"#12345\" for property 'color' (EaselColor)"),
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
         "test.json: root.subviews[0].delegate: only a right-handed view (a subclass of RHView) or a scroll view (ScrollView) has a delegate; 'Swatch' is not one"),
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
        (##"{ "canvas": { "size": [10, 10] }, "root": {}, "imageFolders": "images" }"##,
         "test.json: imageFolders: expected an array, got a string"),
        (##"{ "canvas": { "size": [10, 10] }, "root": {}, "imageFolders": ["images", 3] }"##,
         "test.json: imageFolders[1]: expected a string, got a number"),
        (##"{ "canvas": { "size": [10, 10] }, "root": {}, "imageFolders": [""] }"##,
         "test.json: imageFolders[0]: an image folder may not be empty"),
        ("{ \"canvas\": { \"size\": [10, 10] }, \"root\": {}, \"imageFolders\": [" + Array(repeating: "\"a\"", count: 65).joined(separator: ", ") + "] }",
         "test.json: imageFolders: at most 64 image folders, not 65"),
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
    @Test("imageFolders are resolved against the scene file's folder; absolute ones are kept")
    func imageFolders() throws {
        let text = ##"{ "canvas": { "size": [10, 10] }, "root": {}, "imageFolders": ["art", "/srv/icons", "../shared"] }"##
        #expect(try Scene.parse(Data(text.utf8), file: "/work/scenes/card.json").imageFolders
            == ["/work/scenes/art", "/srv/icons", "/work/scenes/../shared"])
        #expect(try Scene.parse(Data(text.utf8)).imageFolders == ["art", "/srv/icons", "../shared"])
    }

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
@Suite("Scene files: every value form's message, as the value codec reports it")
struct SceneValueMessageTests {
    /// Recorded before scenes used the value codec: each input with its exact message (nil: accepted).
    @Test("values are accepted or refused with the same words and paths", arguments: [
        (sceneText(##"{ "class": "Props", "properties": { "count": 5 } }"##),
         nil),
        (sceneText(##"{ "class": "Props", "properties": { "count": 2.5 } }"##),
         ##"test.json: root.subviews[0].properties.count: property 'count' (int32_t) takes an integer from -2147483648 to 2147483647, not 2.5"##),
        (sceneText(##"{ "class": "Props", "properties": { "count": 3000000000 } }"##),
         ##"test.json: root.subviews[0].properties.count: property 'count' (int32_t) takes an integer from -2147483648 to 2147483647, not 3000000000.0"##),
        (sceneText(##"{ "class": "Props", "properties": { "count": "x" } }"##),
         ##"test.json: root.subviews[0].properties.count: expected a number, got a string for property 'count' (int32_t)"##),
        (sceneText(##"{ "class": "Props", "properties": { "count": true } }"##),
         ##"test.json: root.subviews[0].properties.count: expected a number, got a boolean for property 'count' (int32_t)"##),
        (sceneText(##"{ "class": "Props", "properties": { "count": null } }"##),
         ##"test.json: root.subviews[0].properties.count: expected a number, got null for property 'count' (int32_t)"##),
        (sceneText(##"{ "class": "Props", "properties": { "count": [1] } }"##),
         ##"test.json: root.subviews[0].properties.count: expected a number, got an array for property 'count' (int32_t)"##),
        (sceneText(##"{ "class": "Props", "properties": { "count": -2147483648 } }"##),
         nil),
        (sceneText(##"{ "class": "Props", "properties": { "big": 1e19 } }"##),
         ##"test.json: root.subviews[0].properties.big: property 'big' (int64_t) takes an integer from -9223372036854775808 to 9223372036854775807, not 1e+19"##),
        (sceneText(##"{ "class": "Props", "properties": { "big": -1e19 } }"##),
         ##"test.json: root.subviews[0].properties.big: property 'big' (int64_t) takes an integer from -9223372036854775808 to 9223372036854775807, not -1e+19"##),
        (sceneText(##"{ "class": "Props", "properties": { "big": 9007199254740993 } }"##),
         nil),
        (sceneText(##"{ "class": "Props", "properties": { "ratio": "x" } }"##),
         ##"test.json: root.subviews[0].properties.ratio: expected a number, got a string for property 'ratio' (float)"##),
        // A float that overflows is refused (it used to be stored as infinity).
        (sceneText(##"{ "class": "Props", "properties": { "ratio": 1e40 } }"##),
         ##"test.json: root.subviews[0].properties.ratio: 1e+40 is too large for property 'ratio' (float): a float is at most 3.4028235e+38"##),
        (sceneText(##"{ "class": "Props", "properties": { "flag": 1 } }"##),
         ##"test.json: root.subviews[0].properties.flag: expected a boolean (true or false), got a number for property 'flag' (BOOL)"##),
        (sceneText(##"{ "class": "Props", "properties": { "flag": "true" } }"##),
         ##"test.json: root.subviews[0].properties.flag: expected a boolean (true or false), got a string for property 'flag' (BOOL)"##),
        (sceneText(##"{ "class": "Props", "properties": { "title": 5 } }"##),
         ##"test.json: root.subviews[0].properties.title: expected a string, got a number for property 'title' (char *)"##),
        (sceneText(##"{ "class": "Props", "properties": { "title": null } }"##),
         ##"test.json: root.subviews[0].properties.title: expected a string, got null for property 'title' (char *)"##),
        (sceneText(##"{ "class": "Props", "properties": { "tint": "#12345" } }"##),
         ##"test.json: root.subviews[0].properties.tint: expected a colour ("#rrggbb", "#rgb", "#rrggbbaa", a CSS name such as "red", "rgb(…)", "rgba(…)" or "hsl(…)"), got "#12345" for property 'tint' (EaselColor)"##),
        (sceneText(##"{ "class": "Props", "properties": { "tint": "rouge" } }"##),
         ##"test.json: root.subviews[0].properties.tint: expected a colour ("#rrggbb", "#rgb", "#rrggbbaa", a CSS name such as "red", "rgb(…)", "rgba(…)" or "hsl(…)"), got "rouge" for property 'tint' (EaselColor)"##),
        (sceneText(##"{ "class": "Props", "properties": { "tint": [1, 0, 0] } }"##),
         nil),
        (sceneText(##"{ "class": "Props", "properties": { "tint": "hsl(210, 50%, 40%)" } }"##),
         nil),
        (sceneText(##"{ "class": "View", "backgroundColor": "tomato" }"##),
         nil),
        (sceneText(##"{ "class": "Props", "properties": { "tint": [1, 0] } }"##),
         ##"test.json: root.subviews[0].properties.tint: expected a colour ("#rrggbb", "#rrggbbaa" or [r, g, b, a] in 0...1), got an array for property 'tint' (EaselColor)"##),
        (sceneText(##"{ "class": "Props", "properties": { "tint": [2, 0, 0] } }"##),
         ##"test.json: root.subviews[0].properties.tint: colour components must be between 0 and 1 for property 'tint' (EaselColor)"##),
        (sceneText(##"{ "class": "Props", "properties": { "tint": [1, "x", 0] } }"##),
         ##"test.json: root.subviews[0].properties.tint: expected a number, got a string (in a colour [r, g, b, a] with components in 0...1) for property 'tint' (EaselColor)"##),
        (sceneText(##"{ "class": "Props", "properties": { "tint": 5 } }"##),
         ##"test.json: root.subviews[0].properties.tint: expected a colour ("#rrggbb", "#rrggbbaa" or [r, g, b, a] in 0...1), got a number for property 'tint' (EaselColor)"##),
        (sceneText(##"{ "class": "Props", "properties": { "tint": {} } }"##),
         ##"test.json: root.subviews[0].properties.tint: expected a colour ("#rrggbb", "#rrggbbaa" or [r, g, b, a] in 0...1), got an object for property 'tint' (EaselColor)"##),
        (sceneText(##"{ "class": "Props", "properties": { "tint": "#FFFFFF" } }"##),
         nil),
        (sceneText(##"{ "class": "Props", "properties": { "extent": [1] } }"##),
         ##"test.json: root.subviews[0].properties.extent: expected a size [width, height], got an array for property 'extent' (CGSize)"##),
        (sceneText(##"{ "class": "Props", "properties": { "extent": [-1, 2] } }"##),
         ##"test.json: root.subviews[0].properties.extent: a size must not be negative for property 'extent' (CGSize)"##),
        (sceneText(##"{ "class": "Props", "properties": { "extent": ["a", 2] } }"##),
         ##"test.json: root.subviews[0].properties.extent: expected a number, got a string (in a size [width, height]) for property 'extent' (CGSize)"##),
        (sceneText(##"{ "class": "Props", "properties": { "place": "x" } }"##),
         ##"test.json: root.subviews[0].properties.place: expected a point [x, y], got a string for property 'place' (CGPoint)"##),
        (sceneText(##"{ "class": "Props", "properties": { "place": [1, null] } }"##),
         ##"test.json: root.subviews[0].properties.place: expected a number, got null (in a point [x, y]) for property 'place' (CGPoint)"##),
        (sceneText(##"{ "class": "Props", "properties": { "area": [0, 0, -1, 1] } }"##),
         ##"test.json: root.subviews[0].properties.area: a rect's width and height must not be negative for property 'area' (CGRect)"##),
        (sceneText(##"{ "class": "Props", "properties": { "area": [0, 0, 1] } }"##),
         ##"test.json: root.subviews[0].properties.area: expected a rect [x, y, width, height], got an array for property 'area' (CGRect)"##),
        (sceneText(##"{ "class": "Props", "properties": { "area": [0, 0, 1, "x"] } }"##),
         ##"test.json: root.subviews[0].properties.area: expected a number, got a string (in a rect [x, y, width, height]) for property 'area' (CGRect)"##),
        (sceneText(##"{ "class": "Props", "properties": { "turn": [0, 0, 0, 0, 0, 0] } }"##),
         ##"test.json: root.subviews[0].properties.turn: the transform is singular (it cannot be inverted) for property 'turn' (CGAffineTransform)"##),
        (sceneText(##"{ "class": "Props", "properties": { "turn": [1, 2] } }"##),
         ##"test.json: root.subviews[0].properties.turn: expected a transform [a, b, c, d, tx, ty] or {"scale", "rotate", "translate"}, got an array for property 'turn' (CGAffineTransform)"##),
        (sceneText(##"{ "class": "Props", "properties": { "turn": {"scale": 0} } }"##),
         ##"test.json: root.subviews[0].properties.turn: the transform is singular (it cannot be inverted) for property 'turn' (CGAffineTransform)"##),
        (sceneText(##"{ "class": "Props", "properties": { "turn": {"rotate": "x"} } }"##),
         ##"test.json: root.subviews[0].properties.turn: expected a number, got a string for property 'turn' (CGAffineTransform)"##),
        (sceneText(##"{ "class": "Props", "properties": { "turn": {"foo": 1} } }"##),
         ##"test.json: root.subviews[0].properties.turn: unknown key 'foo'; expected one of: rotate, scale, translate for property 'turn' (CGAffineTransform)"##),
        (sceneText(##"{ "class": "Props", "properties": { "turn": "x" } }"##),
         ##"test.json: root.subviews[0].properties.turn: expected a transform [a, b, c, d, tx, ty] or {"scale", "rotate", "translate"}, got a string for property 'turn' (CGAffineTransform)"##),
        (sceneText(##"{ "class": "Props", "properties": { "turn": [1, "x", 0, 1, 0, 0] } }"##),
         ##"test.json: root.subviews[0].properties.turn: expected a number, got a string (in a transform [a, b, c, d, tx, ty] or {"scale", "rotate", "translate"}) for property 'turn' (CGAffineTransform)"##),
        (sceneText(##"{ "class": "Props", "properties": { "turn": {"scale": [1]} } }"##),
         ##"test.json: root.subviews[0].properties.turn: expected a scale s or [sx, sy], got an array for property 'turn' (CGAffineTransform)"##),
        (sceneText(##"{ "class": "Props", "properties": { "points": "x" } }"##),
         ##"test.json: root.subviews[0].properties.points: expected an array, got a string for property 'points' (EaselPointArray)"##),
        (sceneText(##"{ "class": "Props", "properties": { "points": [[1, 2], [3]] } }"##),
         ##"test.json: root.subviews[0].properties.points[1]: expected a point [x, y], got an array"##),
        (sceneText(##"{ "class": "Props", "properties": { "points": [[1, "a"]] } }"##),
         ##"test.json: root.subviews[0].properties.points[0][1]: expected a number, got a string (in a point [x, y])"##),
        (sceneText(##"{ "class": "Props", "properties": { "points": [5] } }"##),
         ##"test.json: root.subviews[0].properties.points[0]: expected a point [x, y], got a number"##),
        (sceneText(##"{ "class": "Props", "properties": { "names": 5 } }"##),
         ##"test.json: root.subviews[0].properties.names: expected an array, got a number for property 'names' (EaselStringArray)"##),
        (sceneText(##"{ "class": "Props", "properties": { "names": ["a", 1] } }"##),
         ##"test.json: root.subviews[0].properties.names[1]: expected a string, got a number"##),
        (sceneText(##"{ "class": "Props", "properties": { "buddy": 5 } }"##),
         ##"test.json: root.subviews[0].properties.buddy: expected an object, got a number"##),
        (sceneText(##"{ "class": "Props", "properties": { "buddy": null } }"##),
         ##"test.json: root.subviews[0].properties.buddy: expected an object, got null"##),
        (sceneText(##"{ "class": "View", "id": "v", "frame": [0, 0, -1, 1] }"##),
         ##"test.json: root.subviews[0].frame: a rect's width and height must not be negative"##),
        (sceneText(##"{ "class": "View", "id": "v", "frame": "x" }"##),
         ##"test.json: root.subviews[0].frame: expected a rect [x, y, width, height], got a string"##),
        (sceneText(##"{ "class": "View", "id": "v", "frame": [0, "a", 1, 1] }"##),
         ##"test.json: root.subviews[0].frame[1]: expected a number, got a string (in a rect [x, y, width, height])"##),
        (sceneText(##"{ "class": "View", "id": "v", "backgroundColor": "#12" }"##),
         ##"test.json: root.subviews[0].backgroundColor: expected a colour ("#rrggbb", "#rgb", "#rrggbbaa", a CSS name such as "red", "rgb(…)", "rgba(…)" or "hsl(…)"), got "#12" for 'backgroundColor' (EaselColor)"##),
        (sceneText(##"{ "class": "View", "id": "v", "backgroundColor": [1, "x", 0] }"##),
         ##"test.json: root.subviews[0].backgroundColor: expected a number, got a string (in a colour [r, g, b, a] with components in 0...1) for 'backgroundColor' (EaselColor)"##),
        (sceneText(##"{ "class": "View", "id": "v", "backgroundColor": [1.5, 0, 0] }"##),
         ##"test.json: root.subviews[0].backgroundColor: colour components must be between 0 and 1 for 'backgroundColor' (EaselColor)"##),
        (sceneText(##"{ "class": "View", "id": "v", "backgroundColor": 3 }"##),
         ##"test.json: root.subviews[0].backgroundColor: expected a colour ("#rrggbb", "#rrggbbaa" or [r, g, b, a] in 0...1), got a number for 'backgroundColor' (EaselColor)"##),
        (sceneText(##"{ "class": "View", "id": "v", "alpha": "half" }"##),
         ##"test.json: root.subviews[0].alpha: expected a number, got a string for 'alpha' (double)"##),
        (sceneText(##"{ "class": "View", "id": "v", "tag": 1.5 }"##),
         ##"test.json: root.subviews[0].tag: 'tag' (int64_t) takes an integer from -9223372036854775808 to 9223372036854775807, not 1.5"##),
        (sceneText(##"{ "class": "View", "id": "v", "tag": "x" }"##),
         ##"test.json: root.subviews[0].tag: expected a number, got a string for 'tag' (int64_t)"##),
        (sceneText(##"{ "class": "View", "id": "v", "hidden": 1 }"##),
         ##"test.json: root.subviews[0].hidden: expected a boolean (true or false), got a number for 'hidden' (BOOL)"##),
        (sceneText(##"{ "class": "View", "id": "v", "transform": [0, 0, 0, 0, 0, 0] }"##),
         ##"test.json: root.subviews[0].transform: the transform is singular (it cannot be inverted)"##),
        (sceneText(##"{ "class": "View", "id": "v", "transform": {"scale": "x"} }"##),
         ##"test.json: root.subviews[0].transform.scale: expected a scale s or [sx, sy], got a string"##),
        (sceneText(##"{ "class": "View", "id": "v", "transform": [1, "x", 0, 1, 0, 0] }"##),
         ##"test.json: root.subviews[0].transform[1]: expected a number, got a string (in a transform [a, b, c, d, tx, ty] or {"scale", "rotate", "translate"})"##),
        (sceneText(##"{ "class": "View", "id": "v", "transform": [1] }"##),
         ##"test.json: root.subviews[0].transform: expected a transform [a, b, c, d, tx, ty] or {"scale", "rotate", "translate"}, got an array"##),
        (sceneText(##"{ "class": "View", "id": "v", "autoresizingMask": 64 }"##),
         ##"test.json: root.subviews[0].autoresizingMask: an autoresizing mask number is 0...63"##),
        (sceneText(##"{ "class": "View", "id": "v", "autoresizingMask": "x" }"##),
         ##"test.json: root.subviews[0].autoresizingMask: expected an array, got a string"##),
        (##"{ "canvas": { "size": [10, 10], "background": "#1" }, "root": {} }"##,
         ##"test.json: canvas.background: expected a colour ("#rrggbb", "#rgb", "#rrggbbaa", a CSS name such as "red", "rgb(…)", "rgba(…)" or "hsl(…)"), got "#1""##),
        (##"{ "canvas": { "size": [10, 10], "background": [1, "x", 0] }, "root": {} }"##,
         ##"test.json: canvas.background[1]: expected a number, got a string (in a colour [r, g, b, a] with components in 0...1)"##),
        (##"{ "canvas": { "size": [0, 10] }, "root": {} }"##,
         ##"test.json: canvas.size: the canvas size must be between 1 and 32767 points a side, not 0.0 x 10.0"##),
        (##"{ "canvas": { "size": ["a", 10] }, "root": {} }"##,
         ##"test.json: canvas.size[0]: expected a number, got a string (in a size [width, height])"##),
        (##"{ "canvas": { "size": [10] }, "root": {} }"##,
         ##"test.json: canvas.size: expected a size [width, height], got an array"##),
        (##"{ "canvas": { "size": [100, 80] }, "root": { "subviews": [{ "class": "View", "id": "v" }] }, "steps": [{ "resize": "v", "frame": [0, 0, -1, 1] }] }"##,
         ##"test.json: steps[0].frame: a rect's width and height must not be negative"##),
        (##"{ "canvas": { "size": [100, 80] }, "root": { "subviews": [{ "class": "View", "id": "v" }] }, "steps": [{ "resize": "v", "size": [-1, 2] }] }"##,
         ##"test.json: steps[0].size: a size must not be negative"##),
        (##"{ "canvas": { "size": [100, 80] }, "root": { "subviews": [{ "class": "View", "id": "v" }] }, "steps": [{ "resize": "v", "size": ["a", 2] }] }"##,
         ##"test.json: steps[0].size[0]: expected a number, got a string (in a size [width, height])"##),
        (##"{ "canvas": { "size": [100, 80] }, "root": { "subviews": [{ "class": "View", "id": "v" }] }, "steps": [{ "touch": [{ "phase": "began", "at": ["a", 1] }] }] }"##,
         ##"test.json: steps[0].touch[0].at[0]: expected a number, got a string (in a point [x, y])"##),
        (##"{ "canvas": { "size": [100, 80] }, "root": { "subviews": [{ "class": "View", "id": "v" }] }, "steps": [{ "touch": [{ "phase": "began", "at": [1] }] }] }"##,
         ##"test.json: steps[0].touch[0].at: expected a point [x, y], got an array"##),
    ] as [(String, String?)])
    func messages(_ text: String, _ expected: String?) throws {
        #expect(try sceneError(text) == expected)
    }
}

@Suite("Scene files: deep nesting")
struct SceneDeepNestingTests {
    /// A scene of `depth` views, each the only subview of the one before, inset by a point.
    private func chainScene(depth: Int) -> String {
        var text = ##"{ "class": "View", "frame": [0, 0, 1, 1], "backgroundColor": "#0000ff" }"##
        for _ in 1..<depth {
            text = #"{ "class": "View", "frame": [1, 1, 98, 78], "subviews": [\#(text)] }"#
        }
        return sceneText(text)
    }

    @Test("a chain of 160 nested views (320 levels of JSON) builds; the deepest view is where it belongs")
    func deepChain() throws {
        let registry = try sceneRegistry()
        let scene = try Scene.parse(Data(chainScene(depth: 160).utf8), file: "deep.json")
        let tree = try scene.build(in: registry)
        var view = tree.root
        var depth = 0
        while let first = view.subviews.first { view = first; depth += 1 }
        #expect(depth == 160)
        #expect(view.backgroundColor == blueColor)
        #expect(view.convert(easel_point(x: 0, y: 0), to: nil) == easel_point(x: 159, y: 159))
    }

    @Test("JSON nested deeper than the parser's 512 levels is an error with its line and column")
    func tooDeep() throws {
        let message = try #require(try sceneError(chainScene(depth: 300)))
        #expect(message.hasPrefix("test.json: line 1, column "), "\(message)")
        #expect(message.contains("JSON syntax error: more than 512 levels of nested arrays and objects"), "\(message)")
    }
}
