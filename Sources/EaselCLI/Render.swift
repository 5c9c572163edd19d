import EaselGraphicsCore
import ArgumentParser
import EaselCanvas
import EaselSession
import FoundationEssentials
import Glibc

extension ImageEncoding.Compression: ExpressibleByArgument {}

/// `--compression` and `--quality`, shared by `render` and `gallery`.
struct EncodingOptions: ParsableArguments {
    @Option(help: "How hard a PNG is compressed: fast, default or best.")
    var compression: ImageEncoding.Compression?

    // (Unconditional: `--quality -5` is a value out of range, not a missing value and an option -5.)
    @Option(parsing: .unconditional, help: "The quality of a JPEG or WebP, 1 to 100 (default 90; a WebP at 100 is lossless).")
    var quality: Int?

    /// Checks the options against the output's format.
    func validate(output: String) throws {
        if let quality, !(1...100).contains(quality) {
            throw ValidationError("--quality must be between 1 and 100; got \(quality)")
        }
        let format = OutputTarget(output).rasterFormat
        if quality != nil, format != .jpeg, format != .webp {
            throw ValidationError("--quality applies to .jpg, .jpeg and .webp output, not '\(output)'")
        }
        if compression != nil, format != .png {
            throw ValidationError("--compression applies to PNG output, not '\(output)'")
        }
    }
}

// MARK: - easel render

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene file to PNG, SVG or PDF.",
        discussion: """
            Builds the scene's view tree from the loaded plugins, applies its steps (resizes, touch sequences) \
            in order, lays out and renders the final state. The output format follows the extension of -o \
            (.png, .jpg or .jpeg, .webp, .svg, .pdf); -o - writes PNG to standard output. --compression sets how \
            hard a PNG is compressed, --quality the quality of a JPEG or WebP.
            """)

    @Argument(help: "The scene file (JSON; - reads standard input). Several scenes render in one process into the folder -o names.",
              completion: Completions.scenes)
    var scenes: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The image to write (.png, .jpg, .jpeg, .webp, .svg or .pdf; - for PNG on standard output), or with several scenes (or a name ending in /) the folder to write them into.", valueName: "file"),
            completion: Completions.images)
    var output: String?

    @Flag(name: .customLong("dump-tree"), help: ArgumentHelp(
        "Print the laid-out view tree as JSON on standard output: class, plugin, id, JSON path, frame, bounds, "
        + "transform, alpha, hidden, flags, autoresizing mask and subviews. -o is then optional."))
    var dumpTree = false

    @Option(help: ArgumentHelp("The format of the images a batch writes into the -o folder (png, jpg, jpeg, webp, svg, pdf; default png).", valueName: "ext"),
            completion: .list(["png", "jpg", "jpeg", "webp", "svg", "pdf"]))
    var format: String?

    /// Whether this run renders into a folder: several scenes, or `-o` ending in `/`.
    var isBatch: Bool { scenes.count > 1 || (output ?? "").hasSuffix("/") }

    @OptionGroup var encoding: EncodingOptions

    @Option(help: "Pixels per point of a PNG (default: the scene's scale, else 1).")
    var scale: Double?

    @OptionGroup var plugins: PluginOptions

    @Option(help: ArgumentHelp("Also write one PNG per step into DIR: frame-000.png (before the first step), frame-001.png, …", valueName: "dir"),
            completion: .directory)
    var frames: String?

    @Flag(help: "Print the time of each stage (load, scene, layout, draw, encode) to standard error.")
    var timings = false

    @Option(name: .customLong("at"), help: ArgumentHelp(
        "Render the scene this many seconds after its start: the steps up to that time are applied and the media clock is advanced to it (default: the time of the last step).",
        valueName: "seconds"))
    var time: Double?

    @Option(help: ArgumentHelp(
        "Render this many seconds of the scene's timeline as frames, 1/fps apart, into an animated -o anim.webp, anim.gif or a numbered sequence (-o frames/%04d.png).",
        valueName: "seconds"))
    var duration: Double?

    @Option(help: "Frames per second of an animation (default 30); without --duration the frames run to the end of the scene's timeline.")
    var fps: Double?

    /// Whether this run writes frames: `--duration`, `--fps`, or an output that holds only frames
    /// (`.gif`, a numbered PNG pattern); without `--duration` they cover the whole timeline.
    var isAnimation: Bool {
        duration != nil || fps != nil || (!isBatch && output.map(AnimationRendering.holdsOnlyFrames(output:)) == true)
    }

    @OptionGroup var isolation: IsolationOptions

    func validate() throws {
        if let scale, !(scale > 0 && scale <= 16) { throw ValidationError("--scale must be between 0 and 16; got \(scale)") }
        if let time, !(time >= 0 && time <= RenderOptions.maximumTime) {
            throw ValidationError("--at must be a number of seconds from 0 to \(Int(RenderOptions.maximumTime)); got \(time)")
        }
        if time != nil && frames != nil {
            throw ValidationError("--at renders one moment; --frames writes one image per step: give one of them")
        }
        guard !scenes.isEmpty else { throw ValidationError("give a scene file to render") }
        if let fps, !(fps > 0 && fps <= 240) { throw ValidationError("--fps must be greater than 0 and at most 240; got \(fps)") }
        if let duration {
            guard duration > 0, duration <= RenderOptions.maximumTime else {
                throw ValidationError("--duration must be greater than 0 and at most \(Int(RenderOptions.maximumTime)) seconds; got \(duration)")
            }
            let settings = AnimationRendering(duration: duration, framesPerSecond: fps ?? 30)
            guard settings.frameCount <= AnimationRendering.maximumFrames else {
                throw ValidationError("--duration \(duration) at \(fps ?? 30) fps makes \(settings.frameCount) frames; at most \(AnimationRendering.maximumFrames)")
            }
        }
        if isAnimation {
            // Named after the option that asked for frames.
            let asked = duration != nil ? "--duration" : fps != nil ? "--fps" : "-o \(output ?? "")"
            if time != nil { throw ValidationError("--at renders one moment; \(asked) renders frames from 0: give one of them") }
            if frames != nil { throw ValidationError("--frames writes one image per step; \(asked) one per frame: give one of them") }
            if isBatch { throw ValidationError("\(asked) renders one scene; it cannot be combined with several") }
            if isolation.isolated {
                throw ValidationError("\(asked) renders in this process; it cannot be combined with --isolate or --timeout yet")
            }
            if dumpTree { throw ValidationError("--dump-tree prints one moment; \(asked) renders frames: give one of them") }
        }
        guard let output else {
            guard dumpTree else { throw ValidationError("give -o with the image to write (or --dump-tree to print the view tree)") }
            guard scenes.count == 1 else { throw ValidationError("--dump-tree prints the tree of one scene; give one scene file") }
            guard frames == nil else { throw ValidationError("--frames needs -o") }
            if format != nil { throw ValidationError("--format applies to a batch of scenes written into a folder") }
            return
        }
        if dumpTree && output == "-" {
            throw ValidationError("--dump-tree prints the tree on standard output: -o - cannot write the image there too")
        }
        if isBatch {
            guard !dumpTree else { throw ValidationError("--dump-tree prints the tree of one scene; it cannot be combined with several") }
            guard output != "-" else { throw ValidationError("several scenes are written into a folder: give -o a folder, not -") }
            guard !scenes.contains("-") else { throw ValidationError("a batch of scenes cannot read one from standard input (-)") }
            guard frames == nil else { throw ValidationError("--frames renders one scene; it cannot be combined with several") }
            guard ["png", "jpg", "jpeg", "webp", "svg", "pdf"].contains(batchExtension) else {
                throw ValidationError("--format must be png, jpg, jpeg, webp, svg or pdf; got '\(format ?? "")'")
            }
            try encoding.validate(output: "x." + batchExtension)
            return
        }
        if format != nil { throw ValidationError("--format applies to a batch of scenes written into a folder; -o names the file here") }
        try encoding.validate(output: output)
        if isolation.isolated && frames != nil {
            throw ValidationError(isolation.isolate ? "--frames cannot be combined with --isolate"
                                  : "--frames cannot be combined with --timeout (it runs the plugin code in a child process)")
        }
    }

    /// The extension of a batch's images.
    var batchExtension: String { (format ?? "png").lowercased() }

    func run() throws {
        if isBatch { return try runBatch() }
        let scene = scenes[0]
        if isAnimation { return try runAnimation(scene: scene) }
        // An output Easel cannot write is refused before any plugin loads (status 2).
        let target = output.map(OutputTarget.init)
        try perform { () throws(SessionError) in try target?.checkFormat() }
        let session = plugins.session()
        var options = RenderOptions(output: target, scale: scale, frames: frames,
                                    compression: encoding.compression ?? .default,
                                    quality: encoding.quality ?? ImageEncoding.defaultQuality, time: time)
        options.dumpTree = dumpTree
        let outcome = try perform { () throws(SessionError) in
            isolation.isolated
                ? try session.renderIsolated(scene: scene, options: options, isolation: isolation.settings)
                : try session.render(scene: scene, options: options)
        }
        outcome.diagnostics.forEach(printError)
        if timings { outcome.times.report().forEach(printError) }
        outcome.notes.forEach(printError)
        if dumpTree {
            guard let tree = outcome.dumpedTree else {
                throw CommandFailure(status: 1, lines: ["error: \(scene): the isolated worker sent no view tree"])
            }
            try printOutput(tree.json(), terminator: "")
        }
        if outcome.failed { throw CommandFailure(status: 1, lines: []) }
    }

    /// `--duration` (or `--fps`, or a GIF or frame pattern output): the timeline as frames,
    /// for `--duration` seconds or else to the end of the timeline.
    func runAnimation(scene: String) throws {
        guard let output else { throw ValidationError("\(duration != nil ? "--duration" : "--fps") writes frames: give -o anim.webp, anim.gif or frames/%04d.png") }
        let session = plugins.session()
        let settings = duration.map { AnimationRendering(duration: $0, framesPerSecond: fps ?? 30) }
            ?? .wholeTimeline(framesPerSecond: fps ?? 30)
        let options = RenderOptions(scale: scale, compression: encoding.compression ?? .default,
                                    quality: encoding.quality ?? ImageEncoding.defaultQuality)
        let progress = ProgressLine(total: settings.frameCount)
        defer { progress.finish() }
        let outcome = try perform { () throws(SessionError) in
            try session.renderAnimation(scene: scene, output: output, settings: settings, options: options) { index, count in
                progress.show(index, of: count, "frame \(index + 1) of \(scene)")
            }
        }
        progress.finish()
        outcome.diagnostics.forEach(printError)
        if timings { outcome.times.report().forEach(printError) }
        if outcome.failed { throw CommandFailure(status: 1, lines: []) }
    }

    /// Several scenes into the `-o` folder, plugins loaded once (each scene in
    /// its own worker with `--isolate` or `--timeout`): one line per scene,
    /// status 1 when any failed.
    func runBatch() throws {
        let session = plugins.session()
        let options = RenderOptions(scale: scale, compression: encoding.compression ?? .default,
                                    quality: encoding.quality ?? ImageEncoding.defaultQuality, time: time)
        var items: [BatchItem]
        let progress = ProgressLine(total: scenes.count)
        defer { progress.finish() }
        if isolation.isolated {
            items = []
            let paths = try perform { () throws(SessionError) in
                try Session.checkBatch(scenes: scenes, into: output ?? "", extension: batchExtension)
            }
            for (index, (scene, path)) in zip(scenes, paths).enumerated() {
                progress.show(index, scene)
                var itemOptions = options
                itemOptions.output = .file(path)
                do {
                    let outcome = try session.renderIsolated(scene: scene, options: itemOptions, isolation: isolation.settings)
                    items.append(BatchItem(scene: scene, output: path, result: .success(outcome)))
                } catch {
                    items.append(BatchItem(scene: scene, output: path, result: .failure(error)))
                }
            }
        } else {
            items = try perform { () throws(SessionError) in
                try session.renderBatch(scenes: scenes, into: output ?? "", extension: batchExtension, options: options,
                                        progress: progress.show)
            }
        }
        progress.finish()
        var failed = 0
        for item in items {
            switch item.result {
            case .success(let outcome):
                outcome.diagnostics.forEach(printError)
                if timings { outcome.times.report().forEach(printError) }
                outcome.notes.forEach(printError)
                if outcome.failed { failed += 1 }
                try printOutput("\(item.scene) -> \(item.output)\(outcome.failed ? " (with errors)" : "")")
            case .failure(let error):
                failed += 1
                printError("error: \(error.message)")
            }
        }
        if failed > 0 {
            throw CommandFailure(status: 1, lines: ["error: \(failed) of \(items.count) scenes failed"])
        }
    }
}

/// A progress line on standard error while many scenes render, only when
/// standard error is a terminal (`[2/10] scenes/b.json`, rewritten in place
/// and erased at the end); nothing when it is piped or a file.
final class ProgressLine {
    /// How many items there are (``show(_:of:_:)`` may change it).
    private(set) var total: Int
    let enabled = isatty(STDERR_FILENO) == 1
    private var shown = false

    init(total: Int) { self.total = total }

    func show(_ index: Int, _ item: String) {
        guard enabled else { return }
        shown = true
        writeError("\r\u{1B}[K[\(min(index + 1, total))/\(total)] \(item)")
    }

    /// Shows item `index` of `total` (a count known only once the work started: the gallery's classes).
    func show(_ index: Int, of total: Int, _ item: String) {
        self.total = total
        show(index, item)
    }

    func finish() {
        guard shown else { return }
        shown = false
        writeError("\r\u{1B}[K")
    }

    private func writeError(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }
}

// MARK: - easel gallery

struct Gallery: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Render every view class of every loaded plugin into one labelled contact sheet (PNG, JPEG or WebP).",
        discussion: """
            Each class gets a cell: an instance sent prepareForInterfaceBuilder (when it implements it) after \
            init, at the size its sizeThatFits: proposes for the cell (scaled down when larger than the cell), \
            drawn on white and labelled with the class and plugin name. A class that fails is a red tile with \
            its reason.
            """)

    @Option(name: .shortAndLong, help: ArgumentHelp("The image to write (.png, .jpg, .jpeg or .webp; - for PNG on standard output).", valueName: "file"),
            completion: .file(extensions: ["png", "jpg", "jpeg", "webp"]))
    var output: String

    @OptionGroup var encoding: EncodingOptions

    @OptionGroup var plugins: PluginOptions

    @Option(help: ArgumentHelp("The size of a cell in points.", valueName: "WxH"))
    var cell: String = "200x140"

    @Option(help: "Cells per row.")
    var columns: Int = 4

    @Option(name: [.customLong("json"), .customLong("index")],
            help: ArgumentHelp("Also write a JSON index of the tiles: class, plugin, file, cell in points, status and reason (- for standard output).",
                               valueName: "file"),
            completion: .file(extensions: ["json"]))
    var json: String?

    @Option(help: "Pixels per point.")
    var scale: Double = 2

    @Option(help: ArgumentHelp(
        "Stop plugin code that runs longer than this: each call into a plugin may take at most SECONDS (runs the plugin code in a child process).",
        valueName: "seconds"))
    var timeout: Double?

    func validate() throws {
        guard parseSize(cell) != nil else { throw ValidationError("--cell must be WxH with positive numbers, e.g. 200x140; got '\(cell)'") }
        guard columns > 0, columns <= 64 else { throw ValidationError("--columns must be between 1 and 64; got \(columns)") }
        guard scale > 0, scale <= 8 else { throw ValidationError("--scale must be between 0 and 8; got \(scale)") }
        guard OutputTarget(output).rasterFormat != nil else {
            throw ValidationError("--output must be a .png, .jpg, .jpeg or .webp file or -; got '\(output)'")
        }
        try encoding.validate(output: output)
        try validateTimeout(timeout)
        if json == "-" && output == "-" { throw ValidationError("--json - and --output - cannot both write to standard output") }
    }

    func run() throws {
        guard let (width, height) = parseSize(cell) else { throw ValidationError("--cell must be WxH with positive numbers") }
        let options = GalleryOptions(cellWidth: width, cellHeight: height, columns: columns, scale: scale,
                                     output: OutputTarget(output), compression: encoding.compression ?? .default,
                                     quality: encoding.quality ?? ImageEncoding.defaultQuality, index: json)
        let progress = ProgressLine(total: 0)
        defer { progress.finish() }
        let session = plugins.session()
        let outcome = try perform { () throws(SessionError) in
            if let timeout { try session.galleryIsolated(options, isolation: IsolationSettings(timeLimit: timeout)) }
            else { try session.gallery(options) { index, count, name in progress.show(index, of: count, name) } }
        }
        progress.finish()
        outcome.diagnostics.forEach(printError)
        if outcome.failed { throw CommandFailure(status: 1, lines: []) }
    }
}
