// Scenes lay views out by constraints: the compact form, the object form,
// visual format strings, guides, and errors that name the JSON path.
// Frames computed by hand.

import EaselABI
import EaselRuntime
import EaselScene
import EaselTestSupport
import EaselViews
import Foundation
import Testing

/// Builds a 400 x 300 scene whose root has `subviews` and `rootExtra` keys, and lays it out.
private func laidOut(_ subviews: String, rootExtra: String = "") throws -> SceneTree {
    let text = """
        { "canvas": { "size": [400, 300] }, "root": { \(rootExtra) "subviews": [\(subviews)] } }
        """
    let tree = try Scene.parse(Data(text.utf8), file: "test.json").build(in: try sceneRegistry())
    tree.root.layoutIfNeeded()
    return tree
}

/// The error building the scene gives, as printed.
private func failure(_ subviews: String, rootExtra: String = "") throws -> String {
    let error = #expect(throws: SceneError.self) { try laidOut(subviews, rootExtra: rootExtra) }
    return error?.description ?? ""
}

@Suite("Scene files: constraints")
struct SceneConstraintTests {
    @Test("the compact form: items, multipliers before or after, constants, priorities; views it places stop translating their masks")
    func compactForm() throws {
        let tree = try laidOut(#"""
            { "class": "View", "id": "a", "constraints": [
                "self.leading == superview.leading + 10", "self.top == superview.top + 20",
                "self.width == superview.width * 0.5 - 20", "self.height == 40" ] },
            { "class": "View", "id": "b", "constraints": [
                "self.leading == a.trailing + 8", "self.top == a.top", "self.width == 0.5 * a.width",
                "self.height == a.height @750", "self.height <= 30" ] },
            { "class": "View", "id": "m", "translatesAutoresizingMaskIntoConstraints": false, "constraints": [
                "self.leading == superview.layoutMarginsGuide.leading", "self.bottom == superview.layoutMarginsGuide.bottom",
                "self.width == 10", "self.height == 10" ] }
            """#)
        let a = try #require(tree.viewsByID["a"]), b = try #require(tree.viewsByID["b"]), m = try #require(tree.viewsByID["m"])
        #expect(a.frame == rect(10, 20, 180, 40))    // 400 * 0.5 - 20 wide
        #expect(b.frame == rect(198, 20, 90, 30))    // the 750 height yields to <= 30
        #expect(m.frame == rect(8, 282, 10, 10))     // margins of 8
        #expect(!a.translatesAutoresizingMaskIntoConstraints && tree.root.translatesAutoresizingMaskIntoConstraints)
    }

    @Test("the object form, with toItem/toAttribute or one equalTo key")
    func objectForm() throws {
        let tree = try laidOut(#"""
            { "class": "View", "id": "a", "constraints": [
                { "attribute": "centerX", "equalTo": "superview.centerX" },
                { "item": "self", "attribute": "centerY", "relation": "equal", "toItem": "superview", "toAttribute": "centerY",
                  "constant": 10 },
                { "attribute": "width", "constant": 100, "identifier": "fixed width" },
                { "attribute": "height", "relation": ">=", "constant": 50, "priority": 1000 } ] }
            """#)
        let a = try #require(tree.viewsByID["a"])
        #expect(a.frame == rect(150, 135, 100, 50))
        #expect(tree.root.constraints.contains { $0.identifier == "fixed width" })
    }

    @Test("visual format strings: standard spacing, equal widths, explicit spacing and sizes, flush edges")
    func visualFormat() throws {
        let tree = try laidOut(#"""
            { "class": "View", "id": "a" }, { "class": "View", "id": "b" }, { "class": "View", "id": "c" }
            """#, rootExtra: #"""
            "constraints": [ "H:|-[a]-[b(==a)]-|", "V:|-10-[a(40)]", "V:|-10-[b(==a)]", "H:[a]-(>=12)-[c(60)]|", "V:[c(30)]-0-|" ],
            """#)
        // 20 + w + 8 + w + 20 = 400: w = 176.
        #expect(tree.viewsByID["a"]?.frame == rect(20, 10, 176, 40))
        #expect(tree.viewsByID["b"]?.frame == rect(204, 10, 176, 40))
        #expect(tree.viewsByID["c"]?.frame == rect(340, 270, 60, 30))
    }

    @Test("a StackView's subviews are its arranged subviews; 'stack' sets axis, distribution, alignment and spacing by name")
    func stackView() throws {
        let tree = try laidOut(#"""
            { "class": "StackView", "id": "stack", "frame": [10, 10, 100, 230],
              "stack": { "axis": "vertical", "distribution": "fillEqually", "alignment": "center", "spacing": 10 },
              "subviews": [ { "class": "View", "id": "a", "constraints": ["self.width == 40"] },
                            { "class": "View", "id": "b", "constraints": ["self.width == 60"] } ] }
            """#)
        let stack = try #require(tree.viewsByID["stack"] as? StackView)
        #expect(stack.arrangedSubviews.count == 2 && stack.axis == .vertical && stack.spacing == 10)
        #expect(tree.viewsByID["a"]?.frame == rect(30, 0, 40, 110))   // (230 - 10) / 2 high, centred across
        #expect(tree.viewsByID["b"]?.frame == rect(20, 120, 60, 110))
        #expect(try failure(#"{ "class": "View", "stack": { "axis": "vertical" } }"#)
                == "test.json: root.subviews[0].stack: only a StackView has 'stack'; 'View' is not one")
        #expect(try failure(#"{ "class": "StackView", "stack": { "axis": "diagonal" } }"#)
                == "test.json: root.subviews[0].stack.axis: unknown axis 'diagonal'; expected one of: horizontal, vertical")
    }

    @Test("rootViewController: a plugin controller with a view from the scene fills the window; callbacks in UIKit's order")
    func rootViewController() throws {
        let text = #"""
            { "canvas": { "size": [300, 200] }, "root": { "rootViewController": { "class": "CardController",
                "view": { "class": "View", "id": "content", "subviews": [ { "class": "View", "id": "title", "constraints": [
                  "self.leading == superview.layoutMarginsGuide.leading", "self.top == superview.top + 20",
                  "self.width == 100", "self.height == 30" ] } ] } } } }
            """#
        let registry = try LayoutWidgets.registry()
        let tree = try Scene.parse(Data(text.utf8), file: "test.json").build(in: registry)
        let window = try #require(tree.root as? Window)
        #expect(window.rootViewController?.objectClass.name == "CardController")
        #expect(window.rootViewController?.view === tree.viewsByID["content"])
        #expect(tree.viewsByID["content"]?.frame == rect(0, 0, 300, 200))
        #expect(tree.viewsByID["title"]?.frame == rect(8, 20, 100, 30))
        #expect(LayoutWidgets.log(registry) == ["CardController: viewDidLoad", "CardController: viewWillAppear:",
                                                "CardController: viewWillLayoutSubviews", "CardController: viewDidLayoutSubviews",
                                                "CardController: viewDidAppear:"])
        let notController = #expect(throws: SceneError.self) {
            try Scene.parse(Data(#"{ "canvas": { "size": [10, 10] }, "root": { "rootViewController": { "class": "View" } } }"#.utf8),
                            file: "test.json").build(in: registry)
        }
        #expect(notController?.description
                == "test.json: root.rootViewController.class: class 'View' is not a view controller class (it does not inherit from ViewController)")
        #expect(try failure(#"{ "class": "View", "rootViewController": { "class": "ViewController" } }"#)
                == "test.json: root.subviews[0].rootViewController: only the root view, a Window, has a root view controller")
    }

    @Test("layout keys: hugging and compression resistance per axis decide between two captions; margins and right to left place a view")
    func layoutKeys() throws {
        let text = #"""
            { "canvas": { "size": [400, 300] }, "root": { "subviews": [
              { "class": "View", "id": "wide", "frame": [0, 0, 300, 20], "subviews": [
                { "class": "Caption", "id": "a", "contentHuggingPriority": { "horizontal": 251 } },
                { "class": "Caption", "id": "b" } ],
                "constraints": ["H:|[a][b]|", "V:|[a]", "V:|[b]"] },
              { "class": "View", "id": "narrow", "frame": [0, 50, 120, 20], "subviews": [
                { "class": "Caption", "id": "c", "contentCompressionResistancePriority": 751 },
                { "class": "Caption", "id": "d" } ],
                "constraints": ["H:|[c][d]|", "V:|[c]", "V:|[d]"] },
              { "class": "View", "id": "box", "frame": [0, 100, 200, 100], "layoutMargins": [10, 20, 15, 30], "subviews": [
                { "class": "View", "id": "inset", "constraints": [
                  "self.leading == superview.layoutMarginsGuide.leading", "self.trailing == superview.layoutMarginsGuide.trailing",
                  "self.top == superview.layoutMarginsGuide.top", "self.bottom == superview.layoutMarginsGuide.bottom" ] } ] },
              { "class": "View", "id": "mirrored", "frame": [200, 100, 200, 100], "semanticContentAttribute": "forceRightToLeft",
                "directionalLayoutMargins": [0, 5, 0, 0], "subviews": [
                { "class": "View", "id": "first", "constraints": [
                  "self.leading == superview.layoutMarginsGuide.leading + 10", "self.top == superview.top", "self.width == 40",
                  "self.height == 20" ] } ] } ] } }
            """#
        let tree = try Scene.parse(Data(text.utf8), file: "test.json").build(in: try LayoutWidgets.registry())
        tree.root.layoutIfNeeded()
        let frame = { (id: String) in tree.viewsByID[id]?.frame }
        // Captions are 80 x 20; in 300 the lower hugging priority (b's 250) grows: 80 and 220.
        #expect(frame("a") == rect(0, 0, 80, 20) && frame("b") == rect(80, 0, 220, 20))
        // In 120 the lower compression resistance (d's 750) shrinks: 80 and 40.
        #expect(frame("c") == rect(0, 0, 80, 20) && frame("d") == rect(80, 0, 40, 20))
        #expect(tree.viewsByID["a"]?.contentHuggingPriority(for: .vertical) == .defaultLow)
        #expect(tree.viewsByID["c"]?.contentCompressionResistancePriority(for: .vertical) == LayoutPriority(751))
        // Margins top 10, left 20, bottom 15, right 30 of 200 x 100.
        #expect(frame("inset") == rect(20, 10, 150, 75))
        // Right to left: leading is the right edge; 5 of margin plus 10: the right edge at 200 - 15.
        #expect(frame("first") == rect(145, 0, 40, 20))
        #expect(tree.viewsByID["mirrored"]?.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    }

    @Test("layout key errors name the path", arguments: [
        (#"{ "class": "View", "contentHuggingPriority": { "vertical": 2000 } }"#,
         "test.json: root.subviews[0].contentHuggingPriority.vertical: a layout priority is from 1 to 1000 (1000 is required), not 2000"),
        (#"{ "class": "View", "contentCompressionResistancePriority": { "sideways": 10 } }"#,
         "test.json: root.subviews[0].contentCompressionResistancePriority.sideways: unknown key 'sideways'; expected one of: horizontal, vertical"),
        (#"{ "class": "View", "contentHuggingPriority": "high" }"#,
         "test.json: root.subviews[0].contentHuggingPriority: expected a priority (1 to 1000) or {\"horizontal\": …, \"vertical\": …}, got a string"),
        (#"{ "class": "View", "semanticContentAttribute": "rightToLeft" }"#,
         "test.json: root.subviews[0].semanticContentAttribute: unknown semantic content attribute 'rightToLeft'; expected one of: "
            + "forceLeftToRight, forceRightToLeft, playback, spatial, unspecified"),
        (#"{ "class": "View", "layoutMargins": [1, 2, 3, 4], "directionalLayoutMargins": [1, 2, 3, 4] }"#,
         "test.json: root.subviews[0].directionalLayoutMargins: give 'layoutMargins' or 'directionalLayoutMargins', not both: they are one set of margins"),
        (#"{ "class": "View", "layoutMargins": [1, 2, 3e7, 4] }"#,
         "test.json: root.subviews[0].layoutMargins[2]: a margin is a number from -1e6 to 1e6, not 30000000"),
    ])
    func layoutKeyErrors(subviews: String, message: String) throws {
        #expect(try failure(subviews) == message)
    }

    @Test("a resize step on the root window tells its root view controller first: viewWillTransitionToSize:withTransitionCoordinator:")
    func windowResizeStep() throws {
        let text = #"""
            { "canvas": { "size": [300, 200] }, "root": { "id": "window", "rootViewController": { "class": "CardController" } },
              "steps": [ { "at": 1, "resize": "window", "size": [200, 300] } ] }
            """#
        let registry = try LayoutWidgets.registry()
        let tree = try Scene.parse(Data(text.utf8), file: "test.json").build(in: registry)
        _ = LayoutWidgets.log(registry)
        tree.run(to: 1)
        #expect(LayoutWidgets.log(registry).filter { $0.contains("Transition") }
                == ["CardController: viewWillTransitionToSize:withTransitionCoordinator: 200x300 NULL"])
        #expect((tree.root as? Window)?.rootViewController?.view.frame == rect(0, 0, 200, 300))
    }

    @Test("errors name the file, the JSON path and what in the constraint is wrong", arguments: [
        (#"{ "class": "View", "id": "a", "constraints": ["self.widht == 100"] }"#, "",
         "test.json: root.subviews[0].constraints[0]: in 'self.widht == 100': 'widht' is not a layout attribute; did you mean 'width'?"),
        (#"{ "class": "View", "id": "a", "constraints": ["self.leading == nobody.leading"] }"#, "",
         "test.json: root.subviews[0].constraints[0]: in 'self.leading == nobody.leading': no view has the id 'nobody'; ids: a"),
        (#"{ "class": "View", "id": "a", "constraints": ["self.leading == 10"] }"#, "",
         "test.json: root.subviews[0].constraints[0]: invalid constraint View.leading == 10.0: a position needs a second item "
            + "(only widths and heights can be constants)"),
        (#"{ "class": "View", "id": "a", "constraints": ["self.width == 10 @0"] }"#, "",
         "test.json: root.subviews[0].constraints[0]: in 'self.width == 10 @0': the priority must be between 1 and 1000, not 0"),
        (#"{ "class": "View", "id": "a", "constraints": [{ "attribute": "width", "equalTo": "superview.width", "relation": "==" }] }"#, "",
         "test.json: root.subviews[0].constraints[0].relation: 'relation' and 'equalTo' say the same thing; give one"),
        (#"{ "class": "View", "id": "a" }"#, #""constraints": ["H:|-[a]-[zz]-|"],"#,
         "test.json: root.constraints[0]: in 'H:|-[a]-[zz]-|' at character 10: no view has the id 'zz'; ids: a"),
        (#"{ "class": "View", "id": "a" }"#, #""constraints": ["H:|-(8-[a]"],"#,
         "test.json: root.constraints[0]: in 'H:|-(8-[a]' at character 7: expected ',' or ')'"),
        (#"{ "class": "View", "id": "a", "constraints": [3] }"#, "",
         "test.json: root.subviews[0].constraints[0]: expected a constraint: a string (\"self.width == 100\", \"H:|-[a]-|\") or an object, got a number"),
    ])
    func errors(subviews: String, rootExtra: String, message: String) throws {
        #expect(try failure(subviews, rootExtra: rootExtra) == message)
    }
}
