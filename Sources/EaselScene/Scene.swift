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

    /// Parses a scene from JSON data.
    ///
    /// - Throws: ``SceneError`` as ``load(contentsOf:)``.
    public static func parse(_ data: Data, file: String? = nil) throws(SceneError) -> Scene {
        do {
            let scene = try parseDocument(data)
            return Scene(width: scene.width, height: scene.height, scale: scene.scale, background: scene.background,
                         file: file, root: scene.root, steps: scene.steps)
        } catch var error {
            error.file = file
            throw error
        }
    }

    private static func parseDocument(_ data: Data) throws(SceneError) -> Scene {
        let document: Value
        do {
            guard let value = Value(jsonObject: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
            else { throw syntaxError(in: data) }
            document = value
        } catch {
            throw syntaxError(in: data)
        }
        let top = Node(value: document, path: "")
        _ = try top.requireObject()
        try top.checkKeys(["canvas", "root", "steps"])
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
        return Scene(width: size[0], height: size[1], scale: scale, background: background, file: nil, root: root, steps: steps)
    }

    /// The line and column of a JSON syntax error, found by `JSONSerialization`'s character offset.
    private static func syntaxError(in data: Data) -> SceneError {
        var detail = "the file is not valid JSON"
        var offset: Int?
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let description = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
            detail = "JSON syntax error: \(description.trimmingCharacters(in: CharacterSet(charactersIn: ".")))"
            if let range = description.range(of: "around character "),
               let number = Int(description[range.upperBound...].prefix(while: \.isNumber)) {
                offset = number
            } else if description.contains("end of file") || description.contains("Unexpected end") {
                offset = data.count
            }
        }
        guard let offset else { return SceneError(path: "", detail) }
        let bytes = Array(data.prefix(offset))
        let line = bytes.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let lastNewline = bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lastNewline...], as: UTF8.self).count + 1
        return SceneError(path: "line \(line), column \(column)", detail)
    }
}
