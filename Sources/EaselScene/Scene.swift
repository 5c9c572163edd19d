// Scene files: a JSON description of a canvas and a view tree built from
// plugin classes, plus optional steps (resizes, touch sequences) applied in
// order before the final render.
//
//     {
//       "canvas": { "size": [400, 300], "scale": 2, "background": "#ffffff" },
//       "root": {
//         "class": "Window",
//         "subviews": [
//           { "class": "BubbleView", "id": "bubble", "frame": [20, 20, 200, 120],
//             "properties": { "borderColor": "#336699", "tailWidth": 20 },
//             "subviews": [ { "class": "GraphView", "frame": [0, 0, 160, 80],
//                             "backgroundColor": "#ffffff",
//                             "delegate": { "class": "GraphController" } } ] }
//         ]
//       },
//       "steps": [
//         { "resize": "bubble", "size": [240, 140] },
//         { "touch": [ { "phase": "began", "at": [50, 40] }, { "phase": "ended", "at": [20, 40] } ] }
//       ]
//     }
//
// A view's keys: `class` (required; the root defaults to `Window`), `id` (a
// name steps refer to), `frame` [x, y, w, h] (the root defaults to the whole
// canvas), the UIKit attributes `tag`, `hidden`, `alpha`, `clipsToBounds`,
// `backgroundColor`, `opaque`, `clearsContextBeforeDrawing`, `transform`,
// `autoresizingMask`, `autoresizesSubviews`, `userInteractionEnabled`;
// `properties` (the class's declared properties by name, typed by their
// encodings), `overlays` (selector names of the view's class), `delegate` (an
// object of a plugin class, with its own `properties`, for a right-handed
// view) and `subviews`. The README documents the value forms.
//
// Building goes top-down: the view is created with its frame (its `init`
// runs), its attributes and properties are set (properties in the order the
// class declares them), its overlays and delegate are added, then its
// subviews are built and added in order. Every error names the file and the
// JSON path of the bad value, or the line and column of a syntax error.

import EaselABI
import EaselEncoding
import EaselRuntime
import EaselViews
import Foundation

/// A scene file, parsed and checked for shape; ``build(in:)`` makes the view tree.
public struct Scene {
    /// The canvas width, in points.
    public let width: Double
    /// The canvas height, in points.
    public let height: Double
    /// Pixels per point for PNG output (default 1).
    public let scale: Double
    /// The colour under everything, or `nil` for transparent.
    public let background: easel_color?
    /// The file the scene came from, if any.
    public let file: String?
    /// The folders `image_named` searches after a plugin's own resource
    /// folders (`"imageFolders"`), resolved against the scene file's folder.
    public private(set) var imageFolders: [String] = []

    let root: Node
    let steps: [Node]

    /// Reads and parses a scene file.
    ///
    /// - Throws: ``SceneError`` naming the file: unreadable, a JSON syntax
    ///   error (with its line and column), or a bad canvas or tree shape.
    public static func load(contentsOf path: String) throws(SceneError) -> Scene {
        guard let data = FileManager.default.contents(atPath: path) else {
            var error = SceneError(path: "", "cannot read the scene file")
            error.file = path
            throw error
        }
        return try parse(data, file: path)
    }

    /// Checks that the canvas makes a raster image (PNG) of at most `limit` pixels a side.
    ///
    /// - Parameters:
    ///   - requested: The pixels per point asked for instead of the scene's `canvas.scale`, if any.
    ///   - limit: The most pixels a side of a raster image (the canvas module's `maximumDimension`).
    /// - Throws: ``SceneError`` naming the file and `canvas.size`, the scale and where it came
    ///   from, the pixels they make, and the limit.
    public func checkRasterSize(scale requested: Double?, limit: Double) throws(SceneError) {
        let scale = requested ?? self.scale
        let pixels = [width, height].map { ($0 * scale).rounded(.up) }
        guard pixels.contains(where: { !($0 <= limit) }) else { return }
        let points = "\(ValueCodec.formatReal(width)) x \(ValueCodec.formatReal(height)) points"
        let source = requested == nil ? "canvas.scale" : "the scale asked for"
        var error = SceneError(path: "canvas.size",
                               "\(points) at scale \(ValueCodec.formatReal(scale)) (\(source)) make "
                               + "\(ValueCodec.formatReal(pixels[0])) x \(ValueCodec.formatReal(pixels[1])) pixels; "
                               + "a raster image is at most \(ValueCodec.formatReal(limit)) pixels a side")
        error.file = file
        throw error
    }

    /// Parses a scene from JSON data.
    ///
    /// - Throws: ``SceneError`` as ``load(contentsOf:)``.
    public static func parse(_ data: Data, file: String? = nil) throws(SceneError) -> Scene {
        do {
            let scene = try parseDocument(data)
            var parsed = Scene(width: scene.width, height: scene.height, scale: scene.scale, background: scene.background,
                               file: file, root: scene.root, steps: scene.steps)
            parsed.imageFolders = resolve(scene.imageFolders, relativeTo: file)
            return parsed
        } catch var error {
            error.file = file
            throw error
        }
    }

    /// Image folders as written, resolved against the folder of `file` (kept as written without one).
    private static func resolve(_ folders: [String], relativeTo file: String?) -> [String] {
        let base = file.map { ($0 as NSString).deletingLastPathComponent } ?? ""
        return folders.map { $0.hasPrefix("/") || base.isEmpty ? $0 : (base as NSString).appendingPathComponent($0) }
    }

    private static func parseDocument(_ data: Data) throws(SceneError) -> Scene {
        let document: Value
        // Read with JSONSerialization (linear in the nesting depth, see
        // JSONValue.swift); when it refuses the file, JSONDecoder finds where.
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
              let value = Value(jsonObject: object)
        else { throw decodingError(in: data) }
        document = value
        let top = Node(value: document, path: "")
        _ = try top.requireObject()
        try top.checkKeys(["canvas", "root", "steps", "imageFolders"])
        guard let canvas = top.child("canvas") else { throw SceneError(path: "canvas", "missing: a scene needs a canvas with a size") }
        try canvas.checkKeys(["size", "scale", "background"])
        guard let sizeNode = canvas.child("size") else { throw SceneError(path: "canvas.size", "missing: the canvas size [width, height]") }
        let size = try sizeNode.numbers(2, "a size [width, height]")
        guard size.allSatisfy({ $0 > 0 && $0 <= 32767 }) else {
            throw sizeNode.error("the canvas size must be between 1 and 32767 points a side, not \(size[0]) x \(size[1])")
        }
        var scale = 1.0
        if let node = canvas.child("scale") {
            scale = try node.number()
            guard scale > 0, scale <= 16 else { throw node.error("the scale must be greater than 0 and at most 16, not \(scale)") }
        }
        let background = try canvas.child("background").map { (node) throws(SceneError) in try ValueConversion.color(node) }
        guard let root = top.child("root") else { throw SceneError(path: "root", "missing: a scene needs a root view") }
        _ = try root.requireObject()
        let steps = try top.child("steps")?.elements() ?? []
        var scene = Scene(width: size[0], height: size[1], scale: scale, background: background, file: nil, root: root, steps: steps)
        for node in try top.child("imageFolders")?.elements() ?? [] {
            let folder = try node.string()
            guard !folder.isEmpty else { throw node.error("an image folder may not be empty") }
            scene.imageFolders.append(folder)
        }
        return scene
    }
}
