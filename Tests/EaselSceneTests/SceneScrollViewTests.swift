// Scroll views in scenes: a delegate object (`"delegate": {"class": …}`) that hears the scroll
// view's callbacks and names the view for zooming, zoom keys, indicator keys, and errors with
// their JSON paths (fixture delegates: Tests/Fixtures/gesture_widgets.c).

import EaselABI
import EaselRuntime
import EaselViews
import EaselScene
import EaselTestSupport
import Foundation
import Testing

/// The sample plugins and the fixture widgets, with gesture_widgets.so built once per test process.
private let delegateFolder: Result<URL, FixtureError> = {
    do {
        let folder = try Fixtures.makeTemporaryDirectory("scene-scroll")
        _ = try Fixtures.buildFixture("gesture_widgets", into: folder)
        return .success(folder)
    } catch let error as FixtureError {
        return .failure(error)
    } catch {
        return .failure(FixtureError("cannot build the gesture fixture: \(error)"))
    }
}()

@Suite("Scene files: scroll views with delegates, zooming and indicators")
struct SceneScrollViewTests {
    private func registry() throws -> Registry {
        let registry = try sceneRegistry()
        registry.loadPlugins(from: [try delegateFolder.get().path])
        return registry
    }

    private func build(_ text: String) throws -> SceneTree {
        try Scene.parse(Data(text.utf8), file: "test.json").build(in: try registry())
    }

    @Test("a scroll view's delegate from a scene hears a pan step: dragging, scrolling, decelerating")
    func delegateHearsPan() throws {
        let tree = try build(##"""
            { "canvas": { "size": [200, 200] },
              "root": { "subviews": [ { "class": "ScrollView", "id": "list", "frame": [0, 0, 200, 200],
                                        "contentSize": [200, 1000], "delegate": { "class": "ScrollLog" } } ] },
              "steps": [ { "at": 0.5, "pan": { "from": [100, 150], "to": [100, 50], "duration": 0.2 } } ] }
            """##)
        let list = try #require(tree.viewsByID["list"] as? ScrollView)
        let log = try #require(list.delegate)
        #expect(log.objectClass.name == "ScrollLog")
        tree.run(to: tree.duration)
        #expect(try log.value(ofProperty: "beginDragging", as: Int32.self) == 1)
        #expect(try log.value(ofProperty: "endDragging", as: Int32.self) == 1)
        #expect(try log.value(ofProperty: "willDecelerate", as: Int32.self) == 1)  // 500 points per second at the end
        #expect(try log.value(ofProperty: "scrolls", as: Int32.self) > 5)
        tree.run(to: tree.duration + 10)
        #expect(try log.value(ofProperty: "endDecelerating", as: Int32.self) == 1)
    }

    @Test("zoom keys: a delegate that names the first subview for zooming, zoomScale 2 about the centre, then a pinch to the maximum")
    func zoomScene() throws {
        let tree = try build(##"""
            { "canvas": { "size": [200, 200] },
              "root": { "subviews": [ { "class": "ScrollView", "id": "photo", "frame": [0, 0, 200, 200],
                                        "minimumZoomScale": 0.5, "maximumZoomScale": 3, "zoomScale": 2,
                                        "showsHorizontalScrollIndicator": false, "bouncesZoom": false,
                                        "delegate": { "class": "ZoomDelegate" },
                                        "subviews": [ { "class": "View", "id": "image", "frame": [0, 0, 200, 200] } ] } ] },
              "steps": [ { "at": 1, "pinch": { "center": [100, 100], "scale": 2, "distance": 60 } } ] }
            """##)
        let photo = try #require(tree.viewsByID["photo"] as? ScrollView)
        let image = try #require(tree.viewsByID["image"])
        #expect(photo.zoomScale == 2)
        #expect(photo.contentSize == easel_size(width: 400, height: 400))
        #expect(photo.contentOffset == easel_point(x: 100, y: 100))
        #expect(image.frame == easel_rect(x: 0, y: 0, width: 400, height: 400))
        #expect(!photo.showsHorizontalScrollIndicator && !photo.bouncesZoom)
        tree.run(to: tree.duration + 1)
        #expect(photo.zoomScale == 3)  // 2 x 2 = 4, held at the maximum without bouncesZoom
        #expect(try photo.delegate?.value(ofProperty: "endZooming", as: Int32.self) == 1)
    }

    @Test("bad scroll view keys are refused with their JSON path", arguments: [
        (#"{ "class": "ScrollView", "delegate": { "class": "BadScrollDelegate" } }"#,
         "test.json: root.subviews[0].delegate: -[BadScrollDelegate scrollViewDidScroll:(int32_t)] does not have the signature a scroll view sends (v@:@)"),
        (#"{ "class": "ScrollView", "delegate": { "class": "ScrolLog" } }"#,
         "test.json: root.subviews[0].delegate.class: unknown class 'ScrolLog'; did you mean 'ScrollLog'?"),
        (#"{ "class": "ScrollView", "zoomScale": 2 }"#,
         "test.json: root.subviews[0].zoomScale: 'zoomScale' needs a view for zooming: a 'delegate' whose class implements viewForZoomingInScrollView: and returns a subview"),
        (#"{ "class": "ScrollView", "maximumZoomScale": -1 }"#,
         "test.json: root.subviews[0].maximumZoomScale: a zoom scale is a positive number"),
        (#"{ "class": "View", "showsVerticalScrollIndicator": false }"#,
         "test.json: root.subviews[0].showsVerticalScrollIndicator: only a scroll view (ScrollView) has 'showsVerticalScrollIndicator'; 'View' is not one"),
        (#"{ "class": "View", "delegate": { "class": "ScrollLog" } }"#,
         "test.json: root.subviews[0].delegate: only a right-handed view (a subclass of RHView) or a scroll view (ScrollView) has a delegate; 'View' is not one"),
    ])
    func refused(view: String, message: String) throws {
        let error = try sceneError(sceneText(view), in: try registry())
        #expect(error == message)
    }
}
