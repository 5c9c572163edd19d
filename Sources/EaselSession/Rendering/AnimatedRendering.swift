// Rendering a scene over time: `easel render scene.json --duration 2 --fps 30
// -o frames/%04d.png`. The media clock advances by 1/fps per frame; frame i
// shows the scene at i/fps (the steps due by then applied, the animations at
// their presented values). One canvas is kept for the whole run: the first
// frame is drawn whole, each later one repaints only the areas that changed
// since the frame before (the dirty regions the animator marks), and each
// frame is handed to the sink as it is produced, so memory does not grow
// with the number of frames.

import EaselGraphicsCore
import EaselCanvas
import EaselScene
import EaselViews
import EaselCanvasOutput
import FoundationEssentials
import EaselEncoding

/// The length and frame rate of an animated render.
public struct AnimationRendering: Sendable, Equatable {
    /// Seconds of the timeline to render, from 0 (ignored when ``untilTimelineEnds``).
    public var duration: Double
    /// Frames per second.
    public var framesPerSecond: Double
    /// Whether the run lasts as long as the scene's timeline (`easel render --fps 30 -o anim.webp`
    /// without `--duration`): frames from 0 up to and including the first at or after the end of
    /// the last animation (or step, or scripted gesture), so that the last frame shows the end state.
    public var untilTimelineEnds = false

    /// The most frames one render may write.
    public static let maximumFrames = 100_000

    /// Creates the settings.
    public init(duration: Double, framesPerSecond: Double) {
        self.duration = duration
        self.framesPerSecond = framesPerSecond
    }

    /// Settings for the whole of a scene's timeline (``untilTimelineEnds``) at a frame rate.
    public static func wholeTimeline(framesPerSecond: Double) -> AnimationRendering {
        var settings = AnimationRendering(duration: 0, framesPerSecond: framesPerSecond)
        settings.untilTimelineEnds = true
        return settings
    }

    /// Whether `output` can only hold frames (an animated GIF, a numbered PNG pattern such as
    /// `frames/%04d.png`), so that a render into it without a duration animates the whole timeline;
    /// a `.webp` holds a still picture too.
    public static func holdsOnlyFrames(output: String) -> Bool {
        switch try? FrameSequenceWriter.Format(path: output) {
        case .gif, .pngSequence: true
        case .webp, nil: false
        }
    }

    /// The number of frames: duration × fps, rounded (at least 1).
    public var frameCount: Int { max(1, Int((duration * framesPerSecond).rounded())) }

    /// The frame count for a timeline that ends at `end` seconds: the frames at 0, 1/fps, … up to
    /// the first at or after `end` (an end less than a millionth of a frame past a frame's time
    /// counts as that frame's), so `end` = 2 s at 30 fps gives 61 frames, the last at 2 s.
    static func frameCount(throughTimelineEnd end: Double, framesPerSecond: Double) -> Double {
        let frames = end * framesPerSecond
        return (frames - 1e-6).rounded(.up) + 1
    }
}

/// Where the frames of an animated render go, one at a time.
protocol FrameSink {
    /// Takes one frame, shown for `duration` seconds.
    mutating func append(_ canvas: Canvas, duration: Double) throws(SessionError)
    /// Ends the sequence.
    mutating func finish() throws(SessionError)
}

/// A ``FrameSequenceWriter`` (EaselCanvasOutput): an animated WebP or GIF, or a numbered PNG sequence.
struct WriterSink: FrameSink {
    let writer: FrameSequenceWriter

    mutating func append(_ canvas: Canvas, duration: Double) throws(SessionError) {
        do { try writer.append(canvas, duration: duration) } catch { throw SessionError("cannot write '\(writer.path)': \(error)", file: writer.path) }
    }

    mutating func finish() throws(SessionError) {
        do { try writer.finish() } catch { throw SessionError("cannot write '\(writer.path)': \(error)", file: writer.path) }
    }
}

extension SceneRenderer {
    /// Renders `settings.frameCount` frames of a scene at 1/fps apart into `sink`.
    ///
    /// - Returns: The outcome (the last frame's canvas and the tree).
    func renderAnimation(scene path: String, scale: Double?, settings: AnimationRendering,
                         sink: inout some FrameSink, progress: ((Int, Int) -> Void)? = nil) throws(SessionError) -> RenderOutcome {
        var times = StageTimes()
        let model: Scene
        do { model = try Scene.load(contentsOf: path) } catch { throw SessionError(error) }
        try Self.checkRasterSize(model, scale: scale)
        let pixelScale = scale ?? model.scale
        registry.imageFolders = model.imageFolders
        registry.imageScale = pixelScale
        let tree: SceneTree
        do { tree = try measure(&times.scene) { () throws(SceneError) in try model.build(in: registry) } } catch {
            throw SessionError(error)
        }
        let canvas: Canvas
        do {
            canvas = try Canvas(width: model.width, height: model.height, background: model.background,
                                backing: .raster(scale: pixelScale))
        } catch { throw SessionError(describing: error) }
        let frameDuration = 1 / settings.framesPerSecond
        var frameCount = settings.frameCount
        if settings.untilTimelineEnds {
            // The timeline as built: its steps, scripted gestures and the animations plugin code started.
            let end = tree.duration
            guard end > 0 else {
                throw SessionError("\(path): the scene has no timeline to animate (no step after 0 s, no animation): "
                                   + "give --duration", file: path, isUsageError: true)
            }
            let count = AnimationRendering.frameCount(throughTimelineEnd: end, framesPerSecond: settings.framesPerSecond)
            guard count <= Double(AnimationRendering.maximumFrames) else {
                throw SessionError("\(path): its timeline lasts \(end) s, \(Int(count)) frames at \(settings.framesPerSecond) fps; "
                                   + "at most \(AnimationRendering.maximumFrames): give a shorter --duration or a lower --fps",
                                   file: path, isUsageError: true)
            }
            frameCount = Int(count)
        }
        for index in 0..<frameCount {
            progress?(index, frameCount)
            measure(&times.scene) { tree.run(to: Double(index) * frameDuration) }
            measure(&times.layout) { tree.root.layoutIfNeeded() }
            try measure(&times.draw) { () throws(SessionError) in
                do throws(RenderError) {
                    _ = try tree.root.render(into: canvas, mode: index == 0 ? .full : .dirtyRegions)
                } catch {
                    throw SessionError("\(path): \(error.message)", file: path)
                }
            }
            try measure(&times.encode) { () throws(SessionError) in try sink.append(canvas, duration: frameDuration) }
        }
        try measure(&times.encode) { () throws(SessionError) in try sink.finish() }
        var outcome = RenderOutcome(times: times)
        let diagnostics = registry.takeDiagnostics()
        outcome.diagnostics = diagnostics.map(\.description)
        outcome.failed = diagnostics.contains { $0.severity == .error }
        outcome.canvas = canvas
        outcome.tree = tree
        return outcome
    }
}

extension Session {
    /// Loads the plugins, then renders a scene's timeline as frames into `output`.
    ///
    /// - Parameters:
    ///   - scene: The scene file.
    ///   - output: A numbered sequence (`frames/%04d.png`; any raster extension).
    ///   - settings: Duration and frame rate.
    ///   - options: Scale, compression and quality.
    ///   - progress: Told the index (from 0) and count of each frame before it is drawn.
    /// - Throws: ``SessionError``: a bad pattern or format, a bad scene, a drawing failure, an unwritable frame.
    public func renderAnimation(scene: String, output: String, settings: AnimationRendering,
                                options: RenderOptions, progress: ((Int, Int) -> Void)? = nil) throws(SessionError) -> RenderOutcome {
        let format: FrameSequenceWriter.Format
        do { format = try FrameSequenceWriter.Format(path: output) } catch {
            throw SessionError("\(error)", file: output, isUsageError: true)
        }
        var load = 0.0
        let registry = try measure(&load) { () throws(SessionError) in try plugins.loadRegistry(warn: report) }
        let model: Scene
        do { model = try Scene.load(contentsOf: scene) } catch { throw SessionError(error) }
        let pixelScale = options.scale ?? model.scale
        if case .pngSequence = format {
            let folder = PathText.folder(of: output)
            if !folder.isEmpty { try OutputFile.makeFolder(folder) }
        }
        let writer: FrameSequenceWriter
        do {
            writer = try FrameSequenceWriter(path: output, format: format,
                                             pixelWidth: Int((model.width * pixelScale).rounded(.up)),
                                             pixelHeight: Int((model.height * pixelScale).rounded(.up)),
                                             quality: options.quality == ImageEncoding.defaultQuality ? 100 : options.quality,
                                             compression: options.compression)
        } catch { throw SessionError("\(error)", file: output) }
        var sink = WriterSink(writer: writer)
        var outcome = try SceneRenderer(registry: registry).renderAnimation(scene: scene, scale: options.scale,
                                                                          settings: settings, sink: &sink, progress: progress)
        outcome.times.load += load
        return outcome
    }
}
