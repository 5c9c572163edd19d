import EaselABI
import EaselEncoding
import EaselGeometry
import EaselGraphicsCore
import EaselRuntime
import EaselViews
import FoundationEssentials

// Images, image views and standalone layers in a scene file.
//
// An image view (`"class": "ImageView"`) takes `image` and `highlightedImage`
// (image files: a path relative to the scene file's folder, or absolute),
// `highlighted`, `contentMode` (UIKit's names: "scaleAspectFit", "topLeft",
// …), `renderingMode` ("automatic", "alwaysOriginal", "alwaysTemplate") and
// `tintColor`. A view's `layer` may hold `sublayers`: layer objects with
// `frame` (sets the bounds' size and the position through the anchor point)
// or `bounds` and `position`, `anchorPoint`, `transform`, `backgroundColor`,
// `contents` (an image file, as `image`), `contentsGravity` (CALayer's
// names), `contentsScale`, `contentsRect`, `contentsCenter`, `cornerRadius`,
// `borderWidth`, `borderColor`, `shadowColor`, `shadowOpacity`,
// `shadowOffset`, `shadowRadius`, `opacity`, `masksToBounds`, `hidden`,
// `zPosition`, `delegate` (an object of a plugin class) and `sublayers`. A
// layer with `contents` and neither `frame` nor `bounds` is sized to the
// image (in points at its `contentsScale`), as seed 004's example sizes it.

extension Scene {
    /// The keys an image view adds to a view object.
    package static let imageViewKeys: Set<String> = [
        "image", "highlightedImage", "highlighted", "renderingMode", "tintColor",
    ]

    /// The keys of a layer object in a view's `layer.sublayers`.
    package static let sublayerKeys: Set<String> = [
        "frame", "bounds", "position", "anchorPoint", "transform", "backgroundColor", "contents", "contentsGravity",
        "contentsScale", "contentsRect", "contentsCenter", "cornerRadius", "borderWidth", "borderColor", "shadowColor",
        "shadowOpacity", "shadowOffset", "shadowRadius", "opacity", "masksToBounds", "hidden", "zPosition", "delegate",
        "sublayers",
    ]
}

extension Scene {
    /// The image files the scene's views and layers name (`image`, `highlightedImage`, `contents`),
    /// resolved as the scene reads them: what an isolated render lets the worker read.
    public var imageFiles: [String] {
        let images = SceneImages(sceneFile: file)
        var files: [String] = []
        var views: [Node] = [root]
        var layers: [Node] = []
        // Bounded: each node is visited once, and the file's size bounds the nodes.
        while let node = views.popLast() ?? layers.popLast() {
            for key in ["image", "highlightedImage", "contents"] {
                if let value = node.child(key), let name = try? value.string() { files.append(images.path(of: name)) }
            }
            if let subviews = try? node.child("subviews")?.elements() { views += subviews }
            if let sublayers = try? node.child("layer")?.child("sublayers")?.elements() { layers += sublayers }
            if let sublayers = try? node.child("sublayers")?.elements() { layers += sublayers }
        }
        return files
    }
}

/// Reads the image files a scene names, relative to the scene's folder, each once.
struct SceneImages {
    /// The scene file's folder ("" for none: the current directory).
    let folder: String
    private var loaded: [String: CanvasImage] = [:]

    init(sceneFile: String?) {
        folder = sceneFile.map(PathText.folder(of:)) ?? ""
    }

    /// The path of an image file a scene names: absolute, or relative to the scene's folder.
    func path(of name: String) -> String {
        name.hasPrefix("/") || folder.isEmpty ? name : PathText.joining(folder, name)
    }

    /// The image a string node names.
    mutating func image(_ node: Node) throws(SceneError) -> CanvasImage {
        let name = try node.string()
        guard !name.isEmpty else { throw node.error("an image is a file path, not an empty string") }
        let path = path(of: name)
        if let image = loaded[path] { return image }
        do {
            let image = try CanvasImage(contentsOf: path)
            loaded[path] = image
            return image
        } catch {
            throw node.error("\(error)")
        }
    }
}

extension Builder {
    /// Sets an image view's keys; refuses them on other views.
    mutating func applyImageViewKeys(_ node: Node, to view: View, className: String) throws(SceneError) {
        let given = Scene.imageViewKeys.sorted().compactMap { node.child($0) }
        guard let first = given.first else { return }
        guard let imageView = view as? ImageView else {
            throw first.error("only an image view (class ImageView or a subclass) has '\(first.path.split(separator: ".").last ?? "")'; '\(className)' is not one")
        }
        if let value = node.child("renderingMode") {
            let name = try value.string()
            guard let mode = ImageRenderingMode(name: name) else {
                throw value.error("unknown rendering mode '\(name)'; expected one of: \(ImageRenderingMode.allCases.map(\.name).joined(separator: ", "))")
            }
            imageView.renderingMode = mode
        }
        if let value = node.child("tintColor") { imageView.tintColor = try ValueConversion.color(value) }
        if let value = node.child("image") { imageView.image = try images.image(value) }
        if let value = node.child("highlightedImage") { imageView.highlightedImage = try images.image(value) }
        if let value = node.child("highlighted") { imageView.isHighlighted = try value.bool() }
    }

    /// Adds the layers of `layer.sublayers` to the view's layer.
    mutating func addSublayers(_ node: Node, to view: View) throws(SceneError) {
        for item in try node.elements() {
            let layer = try self.layer(item, depth: 1)
            do { try view.layer.addSublayer(layer) } catch { throw item.error(error.message) }
        }
    }

    /// A layer object and its sublayers.
    mutating func layer(_ node: Node, depth: Int) throws(SceneError) -> Layer {
        _ = try node.requireObject()
        try node.checkKeys(Scene.sublayerKeys)
        guard depth <= Layer.maximumDepth else { throw node.error("layers nest at most \(Layer.maximumDepth) deep") }
        let layer = registry.makeLayer()
        if let value = node.child("anchorPoint") {
            let point = try ValueConversion.point(value)
            guard abs(point.x) <= 1e6, abs(point.y) <= 1e6 else { throw value.error("an anchor point is at most 1e6 from the origin") }
            layer.anchorPoint = point
        }
        if let value = node.child("contentsScale") {
            let scale = try value.number()
            guard scale > 0, scale <= 16 else { throw value.error("a contents scale is greater than 0 and at most 16, got \(ValueCodec.formatReal(scale))") }
            layer.contentsScale = scale
        }
        if let value = node.child("contentsRect") { layer.contentsRect = try unitRect(value, "contentsRect") }
        if let value = node.child("contentsCenter") { layer.contentsCenter = try unitRect(value, "contentsCenter") }
        if let value = node.child("contents") { layer.contents = try images.image(value) }
        let frame = try node.child("frame").map(ValueConversion.rect)
        let bounds = try node.child("bounds").map(ValueConversion.rect)
        if let frame, let bounds, frame.size != bounds.size {
            throw node.child("bounds")!.error("the bounds' size differs from the frame's; a layer's frame (before its transform) and bounds have one size")
        }
        if let bounds {
            layer.bounds = bounds
        } else if frame == nil, let contents = layer.contents {
            // Sized to the image, as seed 004's example sizes it.
            let part = layer.contentsRect
            layer.bounds = easel_rect(x: 0, y: 0, width: contents.width * contents.scale * part.size.width / layer.contentsScale,
                                      height: contents.height * contents.scale * part.size.height / layer.contentsScale)
        }
        if let frame {
            if let position = node.child("position") {
                throw position.error("give a layer's 'frame' or its 'position', not both")
            }
            layer.frame = frame
            if let bounds { layer.bounds = bounds }
        }
        if let value = node.child("position") { layer.position = try ValueConversion.point(value) }
        if let value = node.child("transform") { layer.transform = try ValueConversion.transform(value) }
        if let value = node.child("backgroundColor") { layer.backgroundColor = try ValueConversion.color(value) }
        if let value = node.child("contentsGravity") {
            let name = try value.string()
            guard let gravity = ContentsGravity(name: name) else {
                throw value.error("unknown contents gravity '\(name)'; expected one of: \(ContentsGravity.allCases.map(\.name).joined(separator: ", "))")
            }
            layer.contentsGravity = gravity
        }
        if let value = node.child("cornerRadius") { layer.cornerRadius = try length(value, "a corner radius") }
        if let value = node.child("borderWidth") { layer.borderWidth = try length(value, "a border width") }
        if let value = node.child("borderColor") { layer.borderColor = try ValueConversion.color(value) }
        if let value = node.child("shadowColor") { layer.shadowColor = try ValueConversion.color(value) }
        if let value = node.child("shadowOpacity") { layer.shadowOpacity = try unit(value, "a shadow opacity") }
        if let value = node.child("shadowOffset") {
            let numbers = try value.numbers(2, "an offset [width, height]")
            guard abs(numbers[0]) <= 1e6, abs(numbers[1]) <= 1e6 else { throw value.error("a shadow offset is at most 1e6 each way") }
            layer.shadowOffset = easel_size(width: numbers[0], height: numbers[1])
        }
        if let value = node.child("shadowRadius") {
            let radius = try length(value, "a shadow radius")
            guard radius <= 1000 else { throw value.error("a shadow radius is at most 1000 points") }
            layer.shadowRadius = radius
        }
        if let value = node.child("opacity") { layer.opacity = try unit(value, "an opacity") }
        if let value = node.child("masksToBounds") { layer.masksToBounds = try value.bool() }
        if let value = node.child("hidden") { layer.isHidden = try value.bool() }
        if let value = node.child("zPosition") { layer.zPosition = try value.number() }
        if let value = node.child("delegate") {
            let delegate = try object(value)
            guard delegate.objectClass.method(for: Selector("drawLayer:inContext:")) != nil else {
                throw value.error("the delegate's class '\(delegate.objectClass.name)' does not respond to drawLayer:inContext:, which a layer sends its delegate")
            }
            layer.delegate = delegate
        }
        if let value = node.child("sublayers") {
            for item in try value.elements() {
                let sublayer = try self.layer(item, depth: depth + 1)
                do { try layer.addSublayer(sublayer) } catch { throw item.error(error.message) }
            }
        }
        return layer
    }

    private func length(_ node: Node, _ what: String) throws(SceneError) -> Double {
        let value = try node.number()
        guard value >= 0 else { throw node.error("\(what) must not be negative, got \(ValueCodec.formatReal(value))") }
        return value
    }

    private func unit(_ node: Node, _ what: String) throws(SceneError) -> Double {
        let value = try node.number()
        guard (0...1).contains(value) else { throw node.error("\(what) is between 0 and 1, got \(ValueCodec.formatReal(value))") }
        return value
    }

    private func unitRect(_ node: Node, _ name: String) throws(SceneError) -> easel_rect {
        let rect = try ValueConversion.rect(node)
        guard rect.size.width >= 0, rect.size.height >= 0, rect.minX >= 0, rect.minY >= 0, rect.maxX <= 1, rect.maxY <= 1 else {
            throw node.error("\(name) is a rect [x, y, w, h] within the unit square [0, 0, 1, 1]")
        }
        return rect
    }
}
