import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselScene
import FoundationEssentials
import EaselEncoding

/// What to render a scene into, and what else to produce.
public struct RenderOptions {
    /// Where to write the image; `nil` to keep it only in the outcome's ``RenderOutcome/canvas``.
    public var output: OutputTarget?
    /// Pixels per point of a PNG; `nil` for the scene's own scale.
    public var scale: Double?
    /// A folder to write one PNG per step into: `frame-000.png` (before the
    /// first step), `frame-001.png`, …, each repainting only what its step changed.
    public var frames: String?
    /// How hard a PNG output is compressed.
    public var compression: ImageEncoding.Compression
    /// The quality of a JPEG or WebP output, 1 to 100.
    public var quality: Int
    /// The time on the scene's timeline to render at, in seconds: the
    /// steps up to it are applied and the media clock is advanced to it;
    /// `nil` for the end of the timeline (the time of the last step).
    public var time: Double?
    /// The latest ``time`` a render may ask for (a scene step's latest `"at"`).
    public static let maximumTime = Scene.maximumStepTime
    /// Whether to describe the laid-out view tree in the outcome (``RenderOutcome/dumpedTree``; `--dump-tree`).
    public var dumpTree = false

    /// Creates options.
    ///
    /// - Parameters:
    ///   - output: Where to write the image, if anywhere.
    ///   - scale: Pixels per point of a PNG, overriding the scene's.
    ///   - frames: A folder for the per-step frames, if any.
    ///   - compression: How hard a PNG output is compressed.
    ///   - quality: The quality of a JPEG or WebP output, 1 to 100.
    ///   - time: The time on the scene's timeline to render at; `nil` for its end.
    public init(output: OutputTarget? = nil, scale: Double? = nil, frames: String? = nil,
                compression: ImageEncoding.Compression = .default, quality: Int = ImageEncoding.defaultQuality,
                time: Double? = nil) {
        self.output = output
        self.scale = scale
        self.frames = frames
        self.compression = compression
        self.quality = quality
        self.time = time
    }
}

/// What a render produced besides its output.
public struct RenderOutcome {
    /// How long each stage took.
    public var times = StageTimes()
    /// The diagnostics of plugin code, as printed (`error: …`, `note: …`).
    public var diagnostics: [String] = []
    /// Notes for the user after the output is written (views marked as failed).
    public var notes: [String] = []
    /// Whether the command failed although the output was written (a
    /// diagnostic is an error, or views were marked as failed).
    public var failed = false
    /// The canvas drawn, when the render ran in this process.
    public var canvas: Canvas?
    /// The scene's view tree in its final state, when the render ran in this process.
    public var tree: SceneTree?
    /// The laid-out view tree, when the options asked for it (``RenderOptions/dumpTree``), in this process or the worker.
    public var dumpedTree: ViewTreeNode?
    /// The drawing ordinals of views skipped and marked (isolated worker).
    var marked: [Int] = []
    /// The cells of a contact sheet (`easel gallery`), in order; empty for a scene.
    public var galleryTiles: [GalleryTile] = []
}

/// Where the scene renderer gets its canvas and puts the drawn result.
///
/// A public ``OutputTarget`` in this process; the exchange's shared pixels
/// or encoded vectors in the isolated worker.
protocol RenderDestination {
    /// Whether the canvas is raster (PNG) rather than a recording (SVG, PDF).
    var isRaster: Bool { get }
    /// The canvas to draw a scene of this size into.
    func makeCanvas(width: Double, height: Double, background: easel_color?, scale: Double) throws(CanvasError) -> Canvas
    /// Writes the drawn canvas.
    func write(_ canvas: Canvas) throws(SessionError)
}

/// An output target, or nothing: draws into a canvas of its own.
struct CanvasDestination: RenderDestination {
    /// Where to write; `nil` to keep the canvas only.
    let target: OutputTarget?
    /// How hard a PNG is compressed.
    var compression = ImageEncoding.Compression.default
    /// The quality of a JPEG or WebP.
    var quality = ImageEncoding.defaultQuality

    /// The destination of a render's options.
    init(_ options: RenderOptions) {
        self.init(target: options.output, compression: options.compression, quality: options.quality)
    }

    /// A destination writing to `target`.
    init(target: OutputTarget?, compression: ImageEncoding.Compression = .default,
         quality: Int = ImageEncoding.defaultQuality) {
        self.target = target
        self.compression = compression
        self.quality = quality
    }

    var isRaster: Bool { target?.isPNG ?? true }

    func makeCanvas(width: Double, height: Double, background: easel_color?, scale: Double) throws(CanvasError) -> Canvas {
        try Canvas(width: width, height: height, background: background, backing: isRaster ? .raster(scale: scale) : .recording)
    }

    func write(_ canvas: Canvas) throws(SessionError) {
        try target?.write(canvas, compression: compression, quality: quality)
    }
}

/// The scene renderer: the one pipeline from a scene file to an image.
///
/// Read the scene, build its view tree from the registry's classes, apply
/// its steps (resizes, touch sequences) in order, lay out, draw, write.
/// `easel render` (in this process and in the isolated worker) and the
/// golden-image tests all render through it; `easel gallery` shares its
/// drawing and writing stages.
public struct SceneRenderer {
    /// The registry holding the loaded plugins' classes.
    public let registry: Registry

    /// A renderer for the classes of a registry.
    public init(registry: Registry) { self.registry = registry }

    /// Renders a scene file.
    ///
    /// - Parameters:
    ///   - scene: The scene file (JSON).
    ///   - options: Output, scale and frames.
    /// - Returns: The timings (without `load`), the diagnostics and, with no output, the canvas.
    /// - Throws: ``SessionError`` naming the scene file and JSON path for a
    ///   bad scene, the view class and selector for a drawing failure, the
    ///   file for an output that cannot be written.
    public func render(scene: String, options: RenderOptions) throws(SessionError) -> RenderOutcome {
        try options.output?.checkFormat()
        var outcome = try render(scene: scene, scale: options.scale, frames: options.frames, time: options.time,
                                 destination: CanvasDestination(options))
        if options.dumpTree, let tree = outcome.tree { outcome.dumpedTree = ViewTreeNode(tree.root, in: tree) }
        return outcome
    }

    /// Renders a scene already read (from memory rather than a file).
    ///
    /// - Parameters:
    ///   - scene: The scene; its ``Scene/file``, if any, is named in a drawing error.
    ///   - options: Output, scale and frames.
    /// - Returns: As ``render(scene:options:)``.
    /// - Throws: ``SessionError`` as ``render(scene:options:)``.
    public func render(_ scene: Scene, options: RenderOptions) throws(SessionError) -> RenderOutcome {
        try options.output?.checkFormat()
        var outcome = try render(loaded: scene, file: scene.file, scale: options.scale, frames: options.frames, time: options.time,
                                 destination: CanvasDestination(options))
        if options.dumpTree, let tree = outcome.tree { outcome.dumpedTree = ViewTreeNode(tree.root, in: tree) }
        return outcome
    }

    /// The pipeline, with the isolated worker's hooks.
    ///
    /// - Parameters:
    ///   - observer: Makes the observer of the drawing, once the tree is built.
    ///   - phase: Told each stage as it starts (the worker's flight recorder).
    func render(scene path: String, scale: Double?, frames: String?, time: Double?, destination: some RenderDestination,
                observer: (SceneTree) -> RenderObserver? = { _ in nil },
                phase: (String) -> Void = { _ in },
                read: (() -> Result<Scene, SessionError>)? = nil) throws(SessionError) -> RenderOutcome {
        var times = StageTimes()
        phase("building the scene")
        // `read`: the scene already being read on another thread; `scene` then counts what this thread waits for it.
        let model = try measure(&times.scene) { () throws(SessionError) in
            if let read { return try read().get() }
            return try Self.load(path)
        }
        return try render(loaded: model, file: path, scale: scale, frames: frames, time: time, destination: destination,
                          observer: observer, phase: phase, times: times)
    }

    /// The pipeline from a scene read: build, steps, layout, draw, write.
    private func render(loaded model: Scene, file path: String?, scale: Double?, frames: String?, time: Double?,
                        destination: some RenderDestination, observer: (SceneTree) -> RenderObserver? = { _ in nil },
                        phase: (String) -> Void = { _ in }, times: StageTimes = StageTimes()) throws(SessionError) -> RenderOutcome {
        var times = times
        if frames != nil || destination.isRaster { try Self.checkRasterSize(model, scale: scale) }
        let pixelScale = scale ?? model.scale
        // What image_named searches after a plugin's resource folders, and the scale its variants are chosen by.
        registry.imageFolders = model.imageFolders
        registry.imageScale = pixelScale
        let tree = try measure(&times.scene) { () throws(SessionError) in try build(model) }
        func makeCanvas(_ destination: some RenderDestination) throws(SessionError) -> Canvas {
            do {
                return try destination.makeCanvas(width: model.width, height: model.height, background: model.background,
                                                  scale: pixelScale)
            } catch { throw SessionError(describing: error) }
        }
        if let frames {
            try writeFrames(tree, scene: path, into: frames, canvas: makeCanvas(CanvasDestination(target: nil)))
        } else {
            measure(&times.scene) {
                tree.run(to: time ?? tree.duration) { step in phase("applying \(step.path)") }
            }
        }
        phase("laying out the views")
        measure(&times.layout) { tree.root.layoutIfNeeded() }
        // Making the canvas (and painting its background) is drawing: it is timed with the views.
        var canvasTime = 0.0
        let canvas = try measure(&canvasTime) { () throws(SessionError) in try makeCanvas(destination) }
        times.draw += canvasTime
        var outcome = try finish(tree.root, on: canvas, destination: destination, scene: path, observer: observer(tree),
                                 times: times, phase: phase)
        outcome.tree = tree
        return outcome
    }

    /// The last stages of every render: draw the view tree, decorate the
    /// canvas, write it, collect the diagnostics.
    ///
    /// - Parameters:
    ///   - scene: The scene file, named in a drawing error; `nil` when the tree is not a scene's.
    ///   - decorate: Draws over the views before writing (the gallery's labels).
    func finish(_ root: View, on canvas: Canvas, destination: some RenderDestination, scene: String?,
                observer: RenderObserver? = nil, times: StageTimes, decorate: (Canvas) -> Void = { _ in },
                phase: (String) -> Void = { _ in }) throws(SessionError) -> RenderOutcome {
        var outcome = RenderOutcome(times: times)
        // One frame: views are drawn straight into it, with no backing store
        // that no later frame would composite (View+BackingStore.swift).
        root.backingStorePolicy = .onChange
        phase("drawing")
        try measure(&outcome.times.draw) { () throws(SessionError) in try draw(root, on: canvas, scene: scene, observer: observer) }
        decorate(canvas)
        phase("writing the output")
        try measure(&outcome.times.encode) { () throws(SessionError) in try destination.write(canvas) }
        let diagnostics = registry.takeDiagnostics()
        outcome.diagnostics = diagnostics.map(\.description)
        outcome.failed = diagnostics.contains { $0.severity == .error }
        outcome.canvas = canvas
        return outcome
    }

    /// Refuses a scene whose canvas is too large for a raster image, naming the file and `canvas.size`.
    static func checkRasterSize(_ scene: Scene, scale: Double?) throws(SessionError) {
        do { try scene.checkRasterSize(scale: scale, limit: Canvas.maximumDimension) } catch { throw SessionError(error) }
    }

    /// Reads a scene file.
    static func load(_ path: String) throws(SessionError) -> Scene {
        do { return try Scene.load(contentsOf: path) } catch { throw SessionError(error) }
    }

    /// Builds a scene's view tree from the registry's classes.
    private func build(_ scene: Scene) throws(SessionError) -> SceneTree {
        do { return try scene.build(in: registry) } catch { throw SessionError(error) }
    }

    /// Draws a view tree, naming the scene file in a failure.
    private func draw(_ root: View, on canvas: Canvas, mode: RenderMode = .full, scene: String?,
                      observer: RenderObserver? = nil) throws(SessionError) {
        do {
            _ = try root.render(into: canvas, mode: mode, observer: observer)
        } catch {
            throw SessionError(scene.map { "\($0): \(error.message)" } ?? error.message, file: scene)
        }
    }

    /// Renders the initial state and the state after each step into `folder`, repainting only what each step changed.
    private func writeFrames(_ tree: SceneTree, scene: String?, into folder: String, canvas: Canvas) throws(SessionError) {
        try OutputFile.makeFolder(folder)
        for index in 0...tree.steps.count {
            if index > 0 { tree.applyNextStep() }
            let path = PathText.joining(folder, String(printf: "frame-%03d.png", index))
            try draw(tree.root, on: canvas, mode: index == 0 ? .full : .dirtyRegions, scene: scene)
            try OutputTarget.file(path).write(canvas)
        }
    }
}
