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
// view) and `subviews`. The SceneFiles article (Easel.docc) documents the value forms.
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
import FoundationEssentials
import Glibc

/// A scene file, parsed and checked for shape; ``build(in:)`` makes the view tree.
public struct Scene {
    /// The canvas width, in points (the root window's, unless the root has a frame).
    public private(set) var width: Double
    /// The canvas height, in points.
    public private(set) var height: Double
    /// Pixels per point for PNG output (default 1).
    public let scale: Double
    /// The colour under everything, or `nil` for transparent.
    public let background: easel_color?
    /// The file the scene came from, if any.
    public let file: String?
    /// The folders `image_named` searches after a plugin's own resource
    /// folders (`"imageFolders"`), resolved against the scene file's folder.
    public private(set) var imageFolders: [String] = []
    /// The most `imageFolders` a scene may name (each `image_named` call looks in every one).
    public static let maximumImageFolders = 64

    let root: Node
    let steps: [Node]

    /// The scene with a canvas of another size: its root window (when the root has no frame of
    /// its own) takes that size too, so a layout made by constraints or autoresizing shows
    /// at another window size.
    ///
    /// - Throws: ``SceneError`` naming `canvas.size` for a size outside 1...32767 points a side.
    public func resizingCanvas(to size: easel_size) throws(SceneError) -> Scene {
        guard size.width >= 1, size.width <= 32767, size.height >= 1, size.height <= 32767 else {
            var error = SceneError(path: "canvas.size", "the canvas size must be between 1 and 32767 points a side, "
                                   + "not \(ValueCodec.formatReal(size.width)) x \(ValueCodec.formatReal(size.height))")
            error.file = file
            throw error
        }
        var resized = self
        resized.width = size.width
        resized.height = size.height
        return resized
    }

    /// Reads and parses a scene file.
    ///
    /// - Throws: ``SceneError`` naming the file: unreadable, a JSON syntax
    ///   error (with its line and column), or a bad canvas or tree shape.
    /// `-` reads standard input (named `<stdin>` in messages).
    public static func load(contentsOf path: String) throws(SceneError) -> Scene {
        let name = path == "-" ? standardInputName : path
        switch readAll(path == "-" ? nil : path) {
        case .success(let bytes): return try parse(Data(bytes), file: name)
        case .failure(let failure):
            var error = SceneError(path: "", "cannot read the scene file: \(failure.reason)")
            error.file = name
            throw error
        }
    }

    /// Why a file could not be read: the system's reason, or a size limit.
    public struct ReadFailure: Error, Sendable {
        /// The reason, e.g. `No such file or directory`.
        public let reason: String
    }

    /// How messages name a scene read from standard input.
    public static let standardInputName = "<stdin>"

    /// The most bytes a scene file may have (a scene of 100,000 views is about 10 MB).
    public static let maximumFileSize = 256 << 20

    /// The bytes of a file (standard input for `nil`), or the system's reason it cannot be read.
    public static func readAll(_ path: String?) -> Result<[UInt8], ReadFailure> {
        let fd: Int32
        if let path {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return .failure(ReadFailure(reason: String(cString: strerror(errno)))) }
            var info = stat()
            if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                close(fd)
                return .failure(ReadFailure(reason: "it is a folder"))
            }
        } else {
            fd = STDIN_FILENO
        }
        defer { if path != nil { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return .failure(ReadFailure(reason: String(cString: strerror(errno)))) }
            if count == 0 { return .success(bytes) }
            bytes += chunk[..<count]
            if bytes.count > maximumFileSize {
                return .failure(ReadFailure(reason: "it is larger than \(maximumFileSize >> 20) MiB"))
            }
        }
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
        let document: Value
        // Read with Jansson (JSONReader); when it refuses the file, its line
        // and column, and for a value the value's JSON path (Scene+JSONErrors.swift).
        do { document = try data.withUnsafeBytes { bytes in Result { () throws(JSONSyntaxError) in try JSONReader.read(bytes) } }.get() } catch {
            var failure = readError(error, in: data)
            failure.file = file
            throw failure
        }
        return try parse(document, file: file)
    }

    /// Parses a scene from a JSON document already read (a one-view scene the gallery makes).
    ///
    /// - Throws: ``SceneError`` as ``load(contentsOf:)``, but never a syntax error.
    public static func parse(_ document: Value, file: String? = nil) throws(SceneError) -> Scene {
        do {
            let scene = try parseDocument(document)
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
        let base = file.map(PathText.folder(of:)) ?? ""
        return folders.map { $0.hasPrefix("/") || base.isEmpty ? $0 : PathText.joining(base, $0) }
    }

    private static func parseDocument(_ document: Value) throws(SceneError) -> Scene {
        let top = Node(value: document, path: "")
        _ = try top.requireObject()
        try top.checkKeys(["$schema", "canvas", "root", "steps", "imageFolders"])
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
        let folderNodes = try top.child("imageFolders")?.elements() ?? []
        guard folderNodes.count <= maximumImageFolders else {
            throw SceneError(path: "imageFolders", "at most \(maximumImageFolders) image folders, not \(folderNodes.count)")
        }
        for node in folderNodes {
            let folder = try node.string()
            guard !folder.isEmpty else { throw node.error("an image folder may not be empty") }
            scene.imageFolders.append(folder)
        }
        return scene
    }
}
