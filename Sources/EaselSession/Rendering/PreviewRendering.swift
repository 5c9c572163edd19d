import EaselCanvas
import EaselCanvasOutput
import EaselDiscovery
import EaselGraphicsCore
import EaselInvocation
import EaselIsolation
import EaselScene
import Dispatch
import FoundationEssentials
import Glibc

/// Why a preview render produced no frame, in parts the workbench's failure panel shows.
public struct PreviewFailure: Codable, Sendable, Equatable {
    /// What failed: `scene` (the file cannot be read or parsed), `plugin`
    /// (plugin code crashed, hung, raised a drawing error or was refused in the worker),
    /// `load` (a plugin file just added or rebuilt cannot be loaded), `render`
    /// (the scene names something the plugins do not have, a drawing error), `setup`.
    public var kind: String
    /// The whole message, as `easel render --isolate` prints it after `error: `.
    public var message: String
    /// The scene file.
    public var file: String?
    /// The scene's JSON path of the view or value at fault, when known.
    public var path: String?
    /// The line and column of a syntax error in the scene file.
    public var line: Int?, column: Int?
    /// The class whose method was running.
    public var `class`: String?
    /// The selector that was running.
    public var selector: String?
    /// The plugin's name and its file.
    public var plugin: String?, pluginFile: String?
    /// How the worker ended (`crashed with SIGSEGV (segmentation fault)`, `did not return within 2 s and was stopped`).
    public var reason: String?

    /// A failure with only a kind and a message.
    public init(kind: String, message: String, file: String? = nil) {
        self.kind = kind
        self.message = message
        self.file = file
    }
}

/// One render of `easel preview`: the PNG, or why there is none, and what the page shows beside it.
public struct PreviewFrame: Sendable {
    /// The PNG, when the render succeeded.
    public var png: [UInt8]?
    /// The scene's size in points and its pixels per point.
    public var width = 0.0, height = 0.0, scale = 1.0
    /// The laid-out view tree.
    public var tree: ViewTreeNode?
    /// Why there is no frame.
    public var failure: PreviewFailure?
    /// The diagnostics of plugin code, as printed.
    public var diagnostics: [String] = []
    /// Warnings of the plugin scan (files that failed to load), as printed.
    public var warnings: [String] = []
    /// Milliseconds from the start of the render to the PNG.
    public var milliseconds = 0.0

    /// An empty frame.
    public init() {}
}

extension Session {
    /// Renders a scene for the preview in a new isolated worker: plugin code
    /// never runs in this process, and each render loads the plugin files as
    /// they are now (a rebuilt plugin's new code draws; nothing is `dlclose`d).
    ///
    /// Never throws: every failure is described in ``PreviewFrame/failure``.
    ///
    /// - Parameters:
    ///   - scene: The scene file.
    ///   - scale: Pixels per point, overriding the scene's.
    ///   - timeLimit: Seconds one plugin call may take.
    public func renderPreview(scene: String, scale: Double?, timeLimit: Double) -> PreviewFrame {
        let start = DispatchTime.now().uptimeNanoseconds
        var frame = PreviewFrame()
        func finish(_ frame: PreviewFrame) -> PreviewFrame {
            var frame = frame
            frame.milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            return frame
        }
        let scanned: PluginEnvironment.Scan
        do { scanned = try plugins.scan(isolated: true, warn: { frame.warnings.append($0) }) } catch {
            frame.failure = PreviewFailure(kind: "setup", message: error.message)
            return finish(frame)
        }
        if let scan = scanned.scan {
            frame.warnings += PluginCatalog(scan).failures.map { "warning: \($0.error)" }
        }
        let model: Scene
        do { model = try Scene.load(contentsOf: scene) } catch {
            frame.failure = Self.sceneFailure(error, file: scene)
            return finish(frame)
        }
        let pixelScale = scale ?? model.scale
        frame.width = model.width
        frame.height = model.height
        frame.scale = pixelScale
        let exchange: IsolationExchange
        do {
            try SceneRenderer.checkRasterSize(model, scale: scale)
            let pixelBytes = try Canvas.rasterLayout(width: model.width, height: model.height, scale: pixelScale).byteCount
            exchange = try IsolationExchange(pixelBytes: pixelBytes)
        } catch let error as SessionError {
            frame.failure = PreviewFailure(kind: "scene", message: error.message, file: scene)
            return finish(frame)
        } catch {
            frame.failure = PreviewFailure(kind: "setup", message: "\(error)", file: scene)
            return finish(frame)
        }
        let request = WorkerRequest(
            pluginFiles: scanned.scan.map(Isolation.goodFiles), folders: plugins.folders, trust: scanned.trust,
            forceLibffi: InvocationOptions.forceLibffi,
            render: .init(scene: scene, scale: pixelScale, vector: nil, skip: [], dumpTree: true))
        let reply: WorkerReply
        do {
            switch try Isolation.run(request, exchange: exchange, timeLimit: timeLimit) {
            case .success(let answer): reply = answer
            case .failure(let failure):
                frame.failure = Self.previewFailure(failure, scene: scene)
                return finish(frame)
            }
        } catch {
            frame.failure = PreviewFailure(kind: "setup", message: error.message)
            return finish(frame)
        }
        let seen = Set(frame.warnings)
        frame.warnings += reply.loadWarnings.filter { !seen.contains($0) }
        frame.diagnostics = reply.diagnostics
        frame.tree = try? JSONDecoder().decode(ViewTreeNode.self, from: Data(reply.tree))
        if let failure = reply.failure {
            var described = PreviewFailure(kind: "render", message: failure.message, file: scene)
            described.path = Self.jsonPath(in: failure.message, file: scene)
            frame.failure = described
            return finish(frame)
        }
        do {
            let canvas = try Canvas(width: model.width, height: model.height, background: model.background,
                                    scale: pixelScale, pixels: exchange.pixels)
            frame.png = try canvas.encodedData(ImageEncoding(format: .png, compression: .fast))
        } catch {
            frame.failure = PreviewFailure(kind: "setup", message: "cannot encode the frame: \(error)", file: scene)
        }
        return finish(frame)
    }

    /// A scene file's error with its JSON path, or its line and column for a syntax error.
    static func sceneFailure(_ error: SceneError, file: String) -> PreviewFailure {
        var failure = PreviewFailure(kind: "scene", message: error.description, file: file)
        let location = error.location
        if location.hasPrefix("line ") {
            // `line L, column C`
            let numbers = location.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            if numbers.count == 2 { failure.line = numbers[0]; failure.column = numbers[1] }
        } else if !location.isEmpty {
            failure.path = location
        }
        return failure
    }

    /// The JSON path in a message `file: root.subviews[0].class: …`, if it has one.
    static func jsonPath(in message: String, file: String) -> String? {
        var rest = Substring(message)
        if rest.hasPrefix(file + ": ") { rest = rest.dropFirst(file.count + 2) }
        guard let end = rest.firstRange(of: ": ") else { return nil }
        let candidate = rest[..<end.lowerBound]
        guard ["root", "canvas", "steps"].contains(where: { candidate.hasPrefix($0) }) else { return nil }
        return String(candidate)
    }
}

extension Session {
    /// Renders the contact sheet of every view class (``galleryIsolated(_:isolation:)``) for
    /// `easel preview` without a scene: a class that crashes or hangs is a red tile with its reason.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point.
    ///   - timeLimit: Seconds one plugin call may take.
    public func renderGalleryPreview(scale: Double, timeLimit: Double) -> PreviewFrame {
        let start = DispatchTime.now().uptimeNanoseconds
        var frame = PreviewFrame()
        frame.scale = scale
        var messages: [String] = []
        var session = self
        session.report = { messages.append($0) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("easel-preview-\(getpid())")
        let file = folder.appendingPathComponent("gallery.png").path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let outcome = try session.galleryIsolated(GalleryOptions(scale: scale, output: .file(file)),
                                                      isolation: IsolationSettings(timeLimit: timeLimit))
            frame.diagnostics = outcome.diagnostics
            let png = [UInt8](FileManager.default.contents(atPath: file) ?? Data())
            if png.count > 24 {
                let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
                frame.width = Double(width) / scale
                frame.height = Double(height) / scale
                frame.png = png
            } else {
                frame.failure = PreviewFailure(kind: "setup", message: "the gallery wrote no image")
            }
        } catch let error as SessionError {
            frame.failure = PreviewFailure(kind: "render", message: error.message)
        } catch {
            frame.failure = PreviewFailure(kind: "setup", message: "cannot write the gallery into \(folder.path): \(error)")
        }
        try? FileManager.default.removeItem(atPath: file)
        frame.warnings = messages.filter { $0.hasPrefix("warning: ") }
        frame.diagnostics += messages.filter { !$0.hasPrefix("warning: ") }
        frame.milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        return frame
    }
}
