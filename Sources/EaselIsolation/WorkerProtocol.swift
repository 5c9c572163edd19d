import EaselCanvas
import EaselDiscovery
import FoundationEssentials
import Glibc

/// What the isolated worker is to do, sent as JSON in the exchange.
package struct WorkerRequest: Codable {
    /// The process that started the worker: the worker ends if it has another parent.
    package var parent: Int32 = getpid()
    /// Plugin files to load, in order (the files the scan found good).
    package var pluginFiles: [String]?
    /// Plugin folders to load every file of, when there was no scan.
    package var folders: [String] = []
    /// The trust policy the worker opens and checks every plugin file under
    /// before it loads it (the file may have changed since easel's scan).
    package var trust = PluginTrust()
    /// Whether every plugin call goes through libffi (`--force-libffi`).
    package var forceLibffi = false
    /// The limits of the worker's sandbox (Sandbox.swift); `Isolation.run` always sets them (`nil` runs no sandbox).
    package var sandbox: SandboxSettings?
    /// A scene to render, or nil.
    package var render: RenderJob?
    /// A message to send, or nil.
    package var invoke: InvokeJob?
    /// A contact sheet to draw, or nil.
    package var gallery: GalleryJob?
    /// Whether the render job starts a live scene that stays in the worker and answers commands, one per line (`easel preview`).
    package var live: Bool?

    /// Creates a request.
    package init(pluginFiles: [String]?, folders: [String], trust: PluginTrust, forceLibffi: Bool,
                 render: RenderJob? = nil, invoke: InvokeJob? = nil, gallery: GalleryJob? = nil) {
        self.pluginFiles = pluginFiles
        self.folders = folders
        self.trust = trust
        self.forceLibffi = forceLibffi
        self.render = render
        self.invoke = invoke
        self.gallery = gallery
    }

    /// A contact sheet of every view class to draw in the worker (`easel gallery --timeout`), encoded (PNG, JPEG or WebP) in the exchange.
    package struct GalleryJob: Codable {
        /// The size of a cell in points.
        package var cellWidth: Double, cellHeight: Double
        /// Cells per row.
        package var columns: Int
        /// Pixels per point.
        package var scale: Double
        /// The raster format (`png`, `jpeg`, `webp`); `nil` for PNG.
        package var format: String?
        /// The PNG compression (`fast`, `default`, `best`); `nil` for the default.
        package var compression: String?
        /// The JPEG or WebP quality; `nil` for the default.
        package var quality: Int?
        /// Classes not to make, with why they failed in an earlier worker (drawn as red tiles).
        package var failed: [String: String] = [:]

        /// Creates a gallery job.
        package init(cellWidth: Double, cellHeight: Double, columns: Int, scale: Double,
                     format: String? = nil, compression: String? = nil, quality: Int? = nil) {
            self.cellWidth = cellWidth
            self.cellHeight = cellHeight
            self.columns = columns
            self.scale = scale
            self.format = format
            self.compression = compression
            self.quality = quality
        }
    }

    /// A scene to render in the worker (`easel render --isolate`).
    package struct RenderJob: Codable {
        /// The scene file.
        package var scene: String
        /// Pixels per point of the raster canvas.
        package var scale: Double
        /// `nil` for PNG, drawn into the exchange's pixels.
        package var vector: Canvas.VectorFormat?
        /// Drawing ordinals of views to skip and mark.
        package var skip: [Int]
        /// The time on the scene's timeline to render at; `nil` for its end.
        package var time: Double?
        /// Whether to send the laid-out view tree back (``WorkerReply/tree``); `nil` for no.
        package var dumpTree: Bool?

        /// Creates a render job.
        package init(scene: String, scale: Double, vector: Canvas.VectorFormat?, skip: [Int], time: Double? = nil,
                     dumpTree: Bool = false) {
            self.scene = scene
            self.scale = scale
            self.vector = vector
            self.skip = skip
            self.time = time
            self.dumpTree = dumpTree ? true : nil
        }
    }

    /// A message to send in the worker (`easel invoke --isolate`).
    package struct InvokeJob: Codable {
        /// The class to instantiate.
        package var className: String
        /// The selector to send.
        package var selector: String
        /// The arguments, as the user wrote them.
        package var arguments: [String]
        /// The canvas size in points.
        package var width: Double, height: Double
        /// Pixels per point of a written PNG.
        package var scale: Double
        /// `png`, `svg` or `pdf` when the canvas is to be written, encoded in the exchange.
        package var output: String?

        /// Creates an invoke job.
        package init(className: String, selector: String, arguments: [String], width: Double, height: Double,
                     scale: Double, output: String?) {
            self.className = className
            self.selector = selector
            self.arguments = arguments
            self.width = width
            self.height = height
            self.scale = scale
            self.output = output
        }
    }
}

/// What the isolated worker answers: one JSON line on its standard output.
package struct WorkerReply: Codable {
    /// Why the job failed, if it did.
    package var failure: Failure?
    /// Failures of plugin files the worker found, as warnings (`easel` prints those it has not printed).
    package var loadWarnings: [String] = []
    /// Diagnostics of plugin code, as printed.
    package var diagnostics: [String] = []
    /// Whether one of the diagnostics is an error.
    package var diagnosticErrors = false
    /// What `invoke` prints.
    package var returnValue: String?
    /// The drawing ordinals of the views skipped and marked.
    package var marked: [Int] = []
    /// A gallery's tiles, as `easel gallery --json` writes them.
    package var galleryIndex: [UInt8] = []
    /// The laid-out view tree as JSON, when the render job asked for it (`--dump-tree`).
    package var tree: [UInt8] = []
    /// Milliseconds per stage; `load` is filled in by the parent.
    package var load = 0.0, scene = 0.0, layout = 0.0, draw = 0.0, encode = 0.0
    /// What a live scene's worker reports after each command (`easel preview`), JSON; empty otherwise.
    package var live: String?

    /// An empty (successful) reply.
    package init() {}

    /// A job's failure: the error message (without `error: `) and, for a usage error, the usage line.
    package struct Failure: Codable, Equatable {
        /// What went wrong.
        package var message: String
        /// The expected form of the command, for a usage error.
        package var usage: String?
        /// Whether the user's input was wrong (exit status 2) rather than the run (1).
        package var isUsageError: Bool

        /// Creates a failure.
        package init(message: String, usage: String? = nil, isUsageError: Bool = false) {
            self.message = message
            self.usage = usage
            self.isUsageError = isUsageError
        }
    }
}
