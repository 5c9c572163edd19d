// Image views and standalone layers in scene files: images resolved against
// the scene file's folder, gravity and content-mode names, errors with JSON
// paths. The image is a 20 x 10 PNG, its left half red and right half blue.

import EaselABI
import EaselCanvas
import EaselGeometry
import EaselGraphicsCore
import EaselRuntime
import EaselViews
import EaselScene
import EaselTestSupport
import Foundation
import Testing

/// A folder with `photos/halves.png`; scenes are parsed as if they were `<folder>/scene.json`.
private struct ImageFolder {
    let folder: URL
    var scenePath: String { folder.appendingPathComponent("scene.json").path }

    init() throws {
        folder = try Fixtures.makeTemporaryDirectory("scene-images")
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let canvas = try Canvas(width: 20, height: 10, background: blueColor, backing: .raster(scale: 1))
        canvas.fill(rect(0, 0, 10, 10), color: redColor)
        try Data(canvas.pngData()).write(to: photos.appendingPathComponent("halves.png"))
        try Data("not an image".utf8).write(to: photos.appendingPathComponent("broken.png"))
    }

    func build(_ subviews: String) throws -> SceneTree {
        let scene = try Scene.parse(Data(sceneText(subviews).utf8), file: scenePath)
        return try scene.build(in: try sceneRegistry())
    }

    func error(_ subviews: String) throws -> String? {
        do {
            _ = try build(subviews)
            return nil
        } catch let error as SceneError {
            return error.description
        }
    }
}

@Suite("Scene files: image views and sublayers")
struct SceneImageTests {
    @Test("an ImageView shows an image file named relative to the scene, with its content mode")
    func imageView() throws {
        let images = try ImageFolder()
        let tree = try images.build(##"""
            { "class": "View", "frame": [0, 0, 100, 100], "backgroundColor": "#ffffff", "subviews": [
              { "class": "ImageView", "id": "photo", "frame": [10, 10, 40, 40], "image": "photos/halves.png",
                "contentMode": "scaleAspectFit", "tintColor": "#00ff00", "renderingMode": "alwaysOriginal" } ] }
            """##)
        let view = try #require(tree.viewsByID["photo"] as? ImageView)
        #expect(view.contentMode == .scaleAspectFit)
        #expect(view.intrinsicContentSize == easel_size(width: 20, height: 10))
        let image = try fullImage(tree.root)
        #expect(image.pixel(x: 10, y: 20) == red)       // fitted: 40 x 20 at (10, 20)
        #expect(image.pixel(x: 49, y: 39) == blue)
        #expect(image.pixel(x: 10, y: 19) == white)
        #expect(image.pixel(x: 10, y: 40) == white)
    }

    @Test("seed 004's example from a scene: a layer with an image as contents, sized to the image, centred in the view")
    func sublayerSizedToImage() throws {
        let images = try ImageFolder()
        let tree = try images.build(##"""
            { "class": "View", "frame": [0, 0, 100, 100], "backgroundColor": "#ffffff",
              "layer": { "sublayers": [ { "contents": "photos/halves.png", "position": [50, 50] } ] } }
            """##)
        let view = try #require(tree.root.subviews.first)
        let layer = try #require(view.layer.sublayers.first)
        #expect(layer.bounds == rect(0, 0, 20, 10))
        #expect(layer.frame == rect(40, 45, 20, 10))
        let image = try fullImage(tree.root)
        #expect(image.pixel(x: 40, y: 45) == red)
        #expect(image.pixel(x: 59, y: 54) == blue)
        #expect(image.pixel(x: 39, y: 50) == white)
        #expect(image.pixel(x: 60, y: 50) == white)
    }

    @Test("every sublayer key is read, nested sublayers included")
    func sublayerKeys() throws {
        let images = try ImageFolder()
        let tree = try images.build(##"""
            { "class": "View", "frame": [0, 0, 100, 100],
              "layer": { "sublayers": [ { "frame": [10, 10, 40, 40], "anchorPoint": [0, 0], "backgroundColor": "#ff0000",
                  "contents": "photos/halves.png", "contentsGravity": "bottomRight", "contentsScale": 2,
                  "contentsRect": [0, 0, 0.5, 1], "contentsCenter": [0.25, 0.25, 0.5, 0.5], "cornerRadius": 4,
                  "borderWidth": 1, "borderColor": "#000000", "shadowColor": "#0000ff", "shadowOpacity": 0.5,
                  "shadowOffset": [1, 2], "shadowRadius": 2, "opacity": 0.5, "masksToBounds": true, "hidden": false,
                  "zPosition": 3, "transform": { "rotate": 90 },
                  "sublayers": [ { "bounds": [0, 0, 5, 5], "position": [1, 2] } ] } ] } }
            """##)
        let layer = try #require(tree.root.subviews.first?.layer.sublayers.first)
        #expect(layer.bounds == rect(0, 0, 40, 40))
        #expect(layer.position == easel_point(x: 10, y: 10))
        #expect(layer.contentsGravity == .bottomRight)
        #expect(layer.contentsScale == 2)
        #expect(layer.contentsRect == rect(0, 0, 0.5, 1))
        #expect(layer.contentsCenter == rect(0.25, 0.25, 0.5, 0.5))
        #expect(layer.cornerRadius == 4)
        #expect(layer.borderWidth == 1)
        #expect(layer.shadowOpacity == 0.5)
        #expect(layer.shadowOffset == easel_size(width: 1, height: 2))
        #expect(layer.opacity == 0.5)
        #expect(layer.masksToBounds)
        #expect(layer.zPosition == 3)
        #expect(abs(layer.transform.b - 1) < 1e-12)
        #expect(layer.sublayers.first?.bounds == rect(0, 0, 5, 5))
        #expect(layer.sublayers.first?.superlayer === layer)
    }

    @Test("bad images, gravity and mode names, and image keys on other views are errors with JSON paths")
    func errors() throws {
        let images = try ImageFolder()
        let folder = images.folder.path
        let cases: [(String, String)] = [
            (##"{ "class": "ImageView", "image": "photos/missing.png" }"##,
             "\(images.scenePath): root.subviews[0].image: cannot read \(folder)/photos/missing.png: No such file or directory"),
            (##"{ "class": "ImageView", "highlightedImage": "photos/broken.png" }"##,
             "\(images.scenePath): root.subviews[0].highlightedImage: cannot read \(folder)/photos/broken.png: not a PNG, JPEG, WebP, GIF or SVG image"),
            (##"{ "class": "ImageView", "contentMode": "aspectFit" }"##,
             "\(images.scenePath): root.subviews[0].contentMode: unknown content mode 'aspectFit'; expected one of: scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight"),
            (##"{ "class": "View", "image": "photos/halves.png" }"##,
             "\(images.scenePath): root.subviews[0].image: only an image view (class ImageView or a subclass) has 'image'; 'View' is not one"),
            (##"{ "class": "View", "layer": { "sublayers": [ { "contentsGravity": "middle" } ] } }"##,
             "\(images.scenePath): root.subviews[0].layer.sublayers[0].contentsGravity: unknown contents gravity 'middle'; expected one of: resize, resizeAspect, resizeAspectFill, center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight"),
            (##"{ "class": "View", "layer": { "sublayers": [ { "sublayers": [ { "contents": "nope.png" } ] } ] } }"##,
             "\(images.scenePath): root.subviews[0].layer.sublayers[0].sublayers[0].contents: cannot read \(folder)/nope.png: No such file or directory"),
            (##"{ "class": "View", "layer": { "sublayers": [ { "contentsRect": [0, 0, 2, 1] } ] } }"##,
             "\(images.scenePath): root.subviews[0].layer.sublayers[0].contentsRect: contentsRect is a rect [x, y, w, h] within the unit square [0, 0, 1, 1]"),
            (##"{ "class": "View", "layer": { "sublayers": [ { "frame": [0, 0, 1, 1], "position": [1, 1] } ] } }"##,
             "\(images.scenePath): root.subviews[0].layer.sublayers[0].position: give a layer's 'frame' or its 'position', not both"),
            (##"{ "class": "View", "layer": { "sublayers": [ { "opacty": 1 } ] } }"##,
             "\(images.scenePath): root.subviews[0].layer.sublayers[0].opacty: unknown key 'opacty'; did you mean 'opacity'?"),
        ]
        for (subviews, message) in cases {
            #expect(try images.error(subviews) == message)
        }
    }
}

extension SceneImageTests {
    @Test("a sublayer's delegate from a scene draws it through drawLayer:inContext: (the sample RingPainter), clipped to its bounds")
    func layerDelegate() throws {
        let images = try ImageFolder()
        let tree = try images.build(##"""
            { "class": "View", "frame": [0, 0, 100, 80], "backgroundColor": "#ffffff", "subviews": [
              { "class": "View", "frame": [10, 10, 60, 60],
                "layer": { "sublayers": [ { "frame": [0, 0, 60, 60],
                  "delegate": { "class": "RingPainter", "properties": { "color": "#ff0000", "lineWidth": 6 } } } ] } } ] }
            """##)
        let layer = try #require(tree.root.subviews.first?.subviews.first?.layer.sublayers.first)
        #expect(layer.delegate?.objectClass.name == "RingPainter")
        // The ring: the ellipse inscribed in (3, 3, 54, 54) of the layer stroked 6 wide, so 24 to 30
        // from the centre (40, 40) of the root; the dot: 6 from it.
        let image = try fullImage(tree.root)
        #expect(image.pixel(x: 40, y: 13) == red)    // 27 above the centre: on the ring
        #expect(image.pixel(x: 67, y: 40) == red)    // 27 right of it
        #expect(image.pixel(x: 40, y: 40) == red)    // the dot
        #expect(image.pixel(x: 40, y: 25) == white)  // 15 above: between the dot and the ring
        #expect(image.pixel(x: 12, y: 12) == white)  // the layer's corner, outside the ring
        #expect(image.pixel(x: 40, y: 8) == white)   // outside the layer
    }

    @Test("a layer delegate whose class does not respond to drawLayer:inContext: is an error with its JSON path")
    func layerDelegateErrors() throws {
        let images = try ImageFolder()
        let cases: [(String, String)] = [
            (##"{ "class": "View", "layer": { "sublayers": [ { "delegate": { "class": "GraphController" } } ] } }"##,
             "root.subviews[0].layer.sublayers[0].delegate: the delegate's class 'GraphController' does not respond to drawLayer:inContext:, which a layer sends its delegate"),
            (##"{ "class": "View", "layer": { "sublayers": [ { "sublayers": [ {}, { "delegate": { "class": "Tally" } } ] } ] } }"##,
             "root.subviews[0].layer.sublayers[0].sublayers[1].delegate: the delegate's class 'Tally' does not respond to drawLayer:inContext:, which a layer sends its delegate"),
            (##"{ "class": "View", "layer": { "sublayers": [ { "delegate": { "class": "RingPainer" } } ] } }"##,
             "root.subviews[0].layer.sublayers[0].delegate.class: unknown class 'RingPainer'; did you mean 'RingPainter'?"),
            (##"{ "class": "View", "layer": { "sublayers": [ { "delegate": "RingPainter" } ] } }"##,
             "root.subviews[0].layer.sublayers[0].delegate: expected an object, got a string"),
        ]
        for (subviews, message) in cases {
            let error = try images.error(subviews)
            #expect(error == "\(images.scenePath): \(message)", "\(error ?? "no error")")
        }
    }
}
