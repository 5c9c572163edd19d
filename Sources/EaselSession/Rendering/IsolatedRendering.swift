import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselInvocation
import EaselIsolation
import EaselScene
import FoundationEssentials

/// How plugin code runs in the isolated child process (`--isolate`).
public struct IsolationSettings: Sendable {
    /// The time limit of one plugin call when none is given: 10 s.
    public static let defaultTimeLimit = 10.0

    /// Seconds one plugin call may take before it counts as hanging and is stopped.
    public var timeLimit: Double
    /// When a view's drawing (or the invoked call) fails, still write the output with the failure marked.
    public var keepGoing: Bool

    /// Creates settings.
    ///
    /// - Parameters:
    ///   - timeLimit: Seconds one plugin call may take.
    ///   - keepGoing: Whether to write the output with failed views marked.
    public init(timeLimit: Double = IsolationSettings.defaultTimeLimit, keepGoing: Bool = false) {
        self.timeLimit = timeLimit
        self.keepGoing = keepGoing
    }
}

extension Session {
    /// Renders a scene in an isolated child process: a crash or a hang in a
    /// plugin method is a failure naming the view, class, selector and plugin.
    ///
    /// The scan runs here (it runs no plugin code); the worker loads the good
    /// files and renders through the same ``SceneRenderer``, into shared
    /// pixels (PNG) or encoded vectors (SVG, PDF), which are written here.
    /// With `keepGoing`, a view whose drawing fails is skipped and marked in
    /// a new attempt, until one completes.
    ///
    /// - Parameters:
    ///   - scene: The scene file.
    ///   - options: Output and scale (frames are not supported).
    ///   - isolation: The time limit and `keepGoing`.
    /// - Returns: Timings, diagnostics, notes, and whether the run failed although the output was written.
    /// - Throws: ``SessionError`` for a bad scene, a failure of the child
    ///   (without `keepGoing`, or outside a view's drawing), an unwritable
    ///   output; a usage error for options with frames.
    public func renderIsolated(scene: String, options: RenderOptions,
                               isolation: IsolationSettings) throws(SessionError) -> RenderOutcome {
        guard options.frames == nil else {
            throw SessionError("--frames cannot be combined with --isolate", isUsageError: true)
        }
        guard scene != "-" else {
            // The worker reads the scene file itself, under its sandbox.
            throw SessionError("a scene from standard input (-) cannot be rendered isolated (--isolate or --timeout): "
                               + "save it to a file first", isUsageError: true)
        }
        var times = StageTimes()
        let scanned = try measure(&times.load) { () throws(SessionError) in try plugins.scan(isolated: true, warn: report) }
        let printed = reportScanFailures(scanned.scan)
        let model: Scene
        do { model = try Scene.load(contentsOf: scene) } catch { throw SessionError(error) }
        let target = options.output
        guard target != nil || options.dumpTree else { throw SessionError("an isolated render needs an output to write") }
        try target?.checkFormat()
        let pixelScale = options.scale ?? model.scale
        let vector = target?.vectorFormat
        if vector == nil { try SceneRenderer.checkRasterSize(model, scale: options.scale) }
        let exchange: IsolationExchange
        do {
            let pixelBytes = vector == nil
                ? try Canvas.rasterLayout(width: model.width, height: model.height, scale: pixelScale).byteCount : 0
            exchange = try IsolationExchange(pixelBytes: pixelBytes)
        } catch {
            throw SessionError(describing: error)
        }

        var skip: [Int] = []
        var failures: [IsolatedFailure] = []
        let reply: WorkerReply
        while true {
            let request = WorkerRequest(
                pluginFiles: scanned.scan.map(Isolation.goodFiles), folders: plugins.folders, trust: scanned.trust,
                forceLibffi: InvocationOptions.forceLibffi,
                render: .init(scene: scene, scale: pixelScale, vector: vector, skip: skip, time: options.time,
                              dumpTree: options.dumpTree))
            switch try runWorker(request, exchange: exchange, timeLimit: isolation.timeLimit) {
            case .success(let answer):
                reply = answer
            case .failure(let failure):
                let message = "\(scene): \(failure.message)"
                guard isolation.keepGoing else { throw SessionError(message, file: scene) }
                report("error: \(message)")
                guard let view = failure.view else {
                    throw SessionError(
                        "--keep-going skips views whose drawing fails; this failure happened outside a view's drawing, so \(target?.name ?? "nothing") was not written")
                }
                guard !skip.contains(view.ordinal) else {
                    // Only a plugin that draws differently from one run to the next gets here.
                    throw SessionError(
                        "--keep-going: \(view.location) failed again although it was skipped, so \(target?.name ?? "nothing") was not written")
                }
                skip.append(view.ordinal)
                failures.append(failure)
                continue
            }
            break
        }
        try check(reply, printed: printed)
        times.load += reply.load
        times.scene += reply.scene
        times.layout += reply.layout
        times.draw += reply.draw
        times.encode += reply.encode
        try measure(&times.encode) { () throws(SessionError) in
            guard let target else { return }
            if vector != nil {
                let bytes: [UInt8]
                do { bytes = try exchange.output() ?? [] } catch { throw SessionError(describing: error) }
                try target.write(bytes)
            } else {
                let canvas: Canvas
                do {
                    canvas = try Canvas(width: model.width, height: model.height, background: model.background,
                                        scale: pixelScale, pixels: exchange.pixels)
                } catch {
                    throw SessionError(describing: error)
                }
                try target.write(canvas, compression: options.compression, quality: options.quality)
            }
        }
        var outcome = RenderOutcome(times: times, diagnostics: reply.diagnostics)
        if options.dumpTree { outcome.dumpedTree = try? JSONDecoder().decode(ViewTreeNode.self, from: Data(reply.tree)) }
        if !failures.isEmpty {
            let count = failures.count
            let name = target.map { $0 == .standardOutput ? "the image" : $0.name } ?? "the tree"
            outcome.notes = ["note: \(name) was written with \(count) view\(count == 1 ? "" : "s") marked as failed"]
        }
        outcome.failed = reply.diagnosticErrors || !failures.isEmpty
        return outcome
    }

    /// Runs one request in a worker.
    func runWorker(_ request: WorkerRequest, exchange: IsolationExchange,
                   timeLimit: Double) throws(SessionError) -> Result<WorkerReply, IsolatedFailure> {
        do { return try Isolation.run(request, exchange: exchange, timeLimit: timeLimit) } catch {
            throw SessionError(error.message)
        }
    }

    /// Reports the scan's failures as warnings, as loading in this process
    /// would; returns what was reported.
    func reportScanFailures(_ scan: PluginScan?) -> Set<String> {
        guard let scan else { return [] }
        let lines = PluginCatalog(scan).failures.map { "warning: \($0.error)" }
        lines.forEach(report)
        return Set(lines)
    }

    /// Reports the worker's load failures that the scan's did not already
    /// say (a file that changed since it was scanned), then throws the job's failure, if any.
    func check(_ reply: WorkerReply, printed: Set<String>) throws(SessionError) {
        for line in reply.loadWarnings where !printed.contains(line) { report(line) }
        if let failure = reply.failure {
            throw SessionError(failure.message, usage: failure.usage, isUsageError: failure.isUsageError)
        }
    }
}
