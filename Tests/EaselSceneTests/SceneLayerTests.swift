// Scenes set the whole geometry (frame, bounds, center, anchorPoint,
// transform, in a documented order) and a view's layer; contradictions are
// refused naming the JSON path. Values computed by hand.

import EaselABI
import EaselGeometry
import EaselRuntime
import EaselViews
import EaselScene
import EaselTestSupport
import Foundation
import Testing

/// Builds a scene whose root has the given subviews; returns the tree.
private func build(_ subviews: String) throws -> SceneTree {
    let scene = try Scene.parse(Data(sceneText(subviews).utf8), file: "test.json")
    return try scene.build(in: try sceneRegistry())
}

private func first(_ subviews: String) throws -> View {
    try #require(try build(subviews).root.subviews.first)
}

@Suite("Scene files: geometry and layers")
struct SceneLayerTests {
    @Test("bounds (whose origin scrolls the content) and center place a view; the frame follows")
    func boundsAndCenter() throws {
        let view = try first(##"{ "class": "View", "bounds": [5, 10, 40, 20], "center": [50, 30] }"##)
        #expect(view.bounds == rect(5, 10, 40, 20))
        #expect(view.center == easel_point(x: 50, y: 30))
        #expect(view.frame == rect(30, 20, 40, 20))
        // Bounds alone: the frame's origin is (0, 0).
        let alone = try first(##"{ "class": "View", "bounds": [0, 0, 40, 20] }"##)
        #expect(alone.frame == rect(0, 0, 40, 20))
    }

    @Test("the documented order: anchor point, size, position (from the frame through the anchor point), bounds origin, transform")
    func geometryOrder() throws {
        // The frame's origin is where the anchor point (0, 0) lies: the
        // position is (20, 20); a quarter turn about it puts (x, y) of the
        // bounds at (20 - y, 20 + x): the frame becomes [0, 20, 20, 40].
        let view = try first(##"""
            { "class": "View", "frame": [20, 20, 40, 20], "anchorPoint": [0, 0], "transform": { "rotate": 90 } }
            """##)
        #expect(view.center == easel_point(x: 20, y: 20))
        #expect(view.layer.anchorPoint == easel_point(x: 0, y: 0))
        expectSceneRect(view.frame, rect(0, 20, 20, 40))
        // The default anchor point turns about the middle (40, 30).
        let middle = try first(##"{ "class": "View", "frame": [20, 20, 40, 20], "transform": { "rotate": 90 } }"##)
        expectSceneRect(middle.frame, rect(30, 10, 20, 40))
        // A center that agrees with the frame and a bounds origin are kept.
        let agreed = try first(##"""
            { "class": "View", "frame": [0, 0, 40, 20], "center": [40, 20], "layer": { "anchorPoint": [1, 1] },
              "bounds": [3, 4, 40, 20] }
            """##)
        #expect(agreed.center == easel_point(x: 40, y: 20))
        #expect(agreed.bounds == rect(3, 4, 40, 20))
        #expect(agreed.frame == rect(0, 0, 40, 20))
    }

    @Test("contradictions UIKit cannot hold are refused, naming both values", arguments: [
        (##"{ "class": "View", "frame": [0, 0, 40, 20], "bounds": [0, 0, 30, 20] }"##,
         "test.json: root.subviews[0].bounds: the bounds' size 30 x 20 differs from the frame's 40 x 20; a view's frame (before its transform) and bounds have one size"),
        (##"{ "class": "View", "frame": [0, 0, 40, 20], "center": [10, 10] }"##,
         "test.json: root.subviews[0].center: the center [10, 10] contradicts the frame [0, 0, 40, 20], which puts the center (the layer's position, where the anchor point [0.5, 0.5] lies) at [20, 10]"),
        (##"{ "class": "View", "frame": [0, 0, 40, 20], "anchorPoint": [0, 0], "center": [20, 10] }"##,
         "test.json: root.subviews[0].center: the center [20, 10] contradicts the frame [0, 0, 40, 20], which puts the center (the layer's position, where the anchor point [0, 0] lies) at [0, 0]"),
        (##"{ "class": "View", "center": [5, 5], "layer": { "position": [6, 5] } }"##,
         "test.json: root.subviews[0].layer.position: layer.position contradicts center: they are one property of the view, given two different values"),
        (##"{ "class": "View", "alpha": 0.5, "layer": { "opacity": 0.25 } }"##,
         "test.json: root.subviews[0].layer.opacity: layer.opacity contradicts alpha: they are one property of the view, given two different values"),
        (##"{ "class": "View", "anchorPoint": [0, 0], "layer": { "anchorPoint": [1, 0] } }"##,
         "test.json: root.subviews[0].layer.anchorPoint: layer.anchorPoint contradicts anchorPoint: they are one property of the view, given two different values"),
        (##"{ "class": "View", "clipsToBounds": false, "layer": { "masksToBounds": true } }"##,
         "test.json: root.subviews[0].layer.masksToBounds: layer.masksToBounds contradicts clipsToBounds: they are one property of the view, given two different values"),
    ])
    func contradictions(subviews: String, message: String) throws {
        #expect(try sceneError(sceneText(subviews)) == message)
    }

    @Test("bad layer values are named with their JSON path", arguments: [
        (##"{ "class": "View", "layer": { "cornerRadius": -2 } }"##,
         "test.json: root.subviews[0].layer.cornerRadius: a corner radius must not be negative, got -2"),
        (##"{ "class": "View", "layer": { "shadowOpacity": 1.5 } }"##,
         "test.json: root.subviews[0].layer.shadowOpacity: a shadow opacity is between 0 and 1, got 1.5"),
        (##"{ "class": "View", "layer": { "borderColor": "#12345" } }"##,
         "test.json: root.subviews[0].layer.borderColor: expected a colour \"#rrggbb\" or \"#rrggbbaa\", got \"#12345\""),
        (##"{ "class": "View", "layer": { "maskedCorners": ["topLeft"] } }"##,
         "test.json: root.subviews[0].layer.maskedCorners[0]: unknown corner 'topLeft'; expected one of: minXMinY, maxXMinY, minXMaxY, maxXMaxY"),
        (##"{ "class": "View", "layer": { "shadowPath": { "rect": [0, 0, 1, 1], "ellipse": [0, 0, 1, 1] } } }"##,
         "test.json: root.subviews[0].layer.shadowPath: a shadow path is one of {\"rect\": [x, y, w, h]}, {\"roundedRect\": [x, y, w, h], \"cornerRadius\": r}, {\"ellipse\": [x, y, w, h]}, {\"polygon\": [[x, y], …]}; it gives rect and ellipse"),
        (##"{ "class": "View", "layer": { "cornerRadus": 3 } }"##,
         "test.json: root.subviews[0].layer.cornerRadus: unknown key 'cornerRadus'; expected one of: allowsGroupOpacity, anchorPoint, backgroundColor, borderColor, borderWidth, cornerRadius, hidden, maskedCorners, masksToBounds, opacity, position, shadowColor, shadowOffset, shadowOpacity, shadowPath, shadowRadius, zPosition"),
        (##"{ "class": "View", "layer": { "shadowOffset": [1] } }"##,
         "test.json: root.subviews[0].layer.shadowOffset: expected an offset [width, height], got an array"),
    ])
    func badLayerValues(subviews: String, message: String) throws {
        #expect(try sceneError(sceneText(subviews)) == message)
    }

    @Test("every layer property is set from a scene")
    func layerProperties() throws {
        let view = try first(##"""
            { "class": "View", "frame": [10, 10, 40, 40], "backgroundColor": "#ff0000",
              "layer": { "cornerRadius": 12, "maskedCorners": ["minXMinY", "maxXMaxY"], "masksToBounds": true,
                         "borderWidth": 2, "borderColor": "#00ff00", "shadowColor": "#0000ff", "shadowOpacity": 0.3,
                         "shadowOffset": [2, -4], "shadowRadius": 5, "shadowPath": { "roundedRect": [0, 0, 40, 40], "cornerRadius": 6 },
                         "opacity": 0.75, "zPosition": 2, "hidden": false, "backgroundColor": "#ff0000",
                         "allowsGroupOpacity": false } }
            """##)
        let layer = view.layer
        #expect(layer.cornerRadius == 12)
        #expect(layer.maskedCorners == [.minXMinY, .maxXMaxY])
        #expect(layer.masksToBounds)
        #expect(layer.borderWidth == 2)
        #expect(components(layer.borderColor) == [0, 1, 0, 1])
        #expect(components(layer.shadowColor) == [0, 0, 1, 1])
        #expect(layer.shadowOpacity == 0.3)
        #expect(layer.shadowOffset == easel_size(width: 2, height: -4))
        #expect(layer.shadowRadius == 5)
        #expect(layer.shadowPath == .roundedRect(rect(0, 0, 40, 40), cornerRadius: 6))
        #expect(view.alpha == 0.75)
        #expect(layer.zPosition == 2)
        #expect(!layer.allowsGroupOpacity)
    }
}

private func expectSceneRect(_ actual: easel_rect, _ expected: easel_rect, sourceLocation: SourceLocation = #_sourceLocation) {
    let close = [actual.origin.x - expected.origin.x, actual.origin.y - expected.origin.y,
                 actual.size.width - expected.size.width, actual.size.height - expected.size.height]
        .allSatisfy { abs($0) < 1e-9 }
    #expect(close, "\(actual) is not \(expected)", sourceLocation: sourceLocation)
}
