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
import Foundation

/// The length and frame rate of an animated render.
public struct AnimationRendering: Sendable, Equatable {
    /// Seconds of the timeline to render, from 0.
    public var duration: Double
    /// Frames per second.
    public var framesPerSecond: Double

    /// The most frames one render may write.
    public static let maximumFrames = 100_000

    /// Creates the settings.
    public init(duration: Double, framesPerSecond: Double) {
        self.duration = duration
        self.framesPerSecond = framesPerSecond
    }

    /// The number of frames: duration × fps, rounded (at least 1).
    public var frameCount: Int { max(1, Int((duration * framesPerSecond).rounded())) }
}

/// Where the frames of an animated render go, one at a time.
protocol FrameSink {
    /// Takes one frame, shown for `duration` seconds.
    mutating func append(_ canvas: Canvas, duration: Double) throws(SessionError)
    /// Ends the sequence.
    mutating func finish() throws(SessionError)
}

/// A numbered image sequence: `frames/%04d.png` gives frames/0000.png, frames/0001.png, …
struct ImageSequenceSink: FrameSink {
    let pattern: String
    let compression: ImageEncoding.Compression
    let quality: Int
    private var index = 0

    init(pattern: String, compression: ImageEncoding.Compression, quality: Int) throws(SessionError) {
        try Self.check(pattern)
        self.pattern = pattern
        self.compression = compression
        self.quality = quality
        let folder = (pattern as NSString).deletingLastPathComponent
        if !folder.isEmpty { try OutputFile.makeFolder(folder) }
    }

    /// Whether an output path is a numbered sequence (it holds a `%d` or `%0Nd`).
    static func isPattern(_ path: String) -> Bool { path.contains("%") }

    /// Checks that a pattern has exactly one `%d` or `%0Nd` (N from 1 to 9) and no other `%` but `%%`.
    static func check(_ pattern: String) throws(SessionError) {
        var numbers = 0
        var characters = Array(pattern)[...]
        while let character = characters.popFirst() {
            guard character == "%" else { continue }
            if characters.first == "%" { characters.removeFirst(); continue }
            if characters.first == "0" {
                characters.removeFirst()
                guard let digit = characters.popFirst(), digit.isNumber, digit != "0" else { break }
            }
            guard characters.popFirst() == "d" else { numbers = -100; break }
            numbers += 1
        }
        guard numbers == 1 else {
            throw SessionError("cannot write '\(pattern)': a numbered sequence has one %d or %0Nd (N from 1 to 9), "
                               + "as in frames/%04d.png; any other % is written %%", file: pattern, isUsageError: true)
        }
    }

    /// The path of frame `index`.
    func path(_ index: Int) -> String { String(format: pattern, Int32(clamping: index)) }

    mutating func append(_ canvas: Canvas, duration: Double) throws(SessionError) {
        try OutputTarget.file(path(index)).write(canvas, compression: compression, quality: quality)
        index += 1
    }

    mutating func finish() throws(SessionError) {}
}

extension SceneRenderer {
    /// Renders `settings.frameCount` frames of a scene at 1/fps apart into `sink`.
    ///
    /// - Returns: The outcome (the last frame's canvas and the tree).
    func renderAnimation(scene path: String, scale: Double?, settings: AnimationRendering,
                         sink: inout some FrameSink) throws(SessionError) -> RenderOutcome {
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
        for index in 0..<settings.frameCount {
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
    /// - Throws: ``SessionError``: a bad pattern or format, a bad scene, a drawing failure, an unwritable frame.
    public func renderAnimation(scene: String, output: String, settings: AnimationRendering,
                                options: RenderOptions) throws(SessionError) -> RenderOutcome {
        guard ImageSequenceSink.isPattern(output) else {
            let ext = (output as NSString).pathExtension.lowercased()
            if ext == "webp" || ext == "gif" {
                throw SessionError("cannot write '\(output)': animated \(ext == "gif" ? "GIF" : "WebP") needs the frame "
                                   + "sequence writer, which this build does not have yet; write a numbered PNG "
                                   + "sequence instead (-o frames/%04d.png)", file: output, isUsageError: true)
            }
            throw SessionError("cannot write '\(output)': --duration writes an animation: a numbered sequence "
                               + "(frames/%04d.png)", file: output, isUsageError: true)
        }
        let target = OutputTarget.file(output)
        try target.checkFormat()
        guard target.isPNG else {
            throw SessionError("cannot write '\(output)': the frames of an animation are raster images (.png, .jpg, .webp)",
                               file: output, isUsageError: true)
        }
        var sink = try ImageSequenceSink(pattern: output, compression: options.compression, quality: options.quality)
        var load = 0.0
        let registry = try measure(&load) { () throws(SessionError) in try plugins.loadRegistry(warn: report) }
        var outcome = try SceneRenderer(registry: registry).renderAnimation(scene: scene, scale: options.scale,
                                                                          settings: settings, sink: &sink)
        outcome.times.load += load
        return outcome
    }
}
