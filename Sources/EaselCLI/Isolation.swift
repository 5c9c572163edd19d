import ArgumentParser
import EaselABI
import EaselCanvas
import EaselHost
import EaselInvocation
import EaselScene
import CEaselSupport
import Foundation

// `--isolate`: `easel render` and `easel invoke` run the plugin code in a
// child process, the `easel` executable itself with the hidden subcommand
// `isolated-worker` (see Sources/EaselHost/Isolation/IsolatedProcess.swift
// for the design). This file holds the options, the request and reply
// between the two processes, the worker, and the parent's side.

/// The options of isolated rendering, shared by `render` and `invoke`.
struct IsolationOptions: ParsableArguments {
    @Flag(help: "Run the plugin code in a child process: a crash or a hang in a plugin method becomes an error naming the view, class, selector and plugin.")
    var isolate = false

    @Flag(name: .customLong("keep-going"), help: "With --isolate: when a view's drawing crashes or hangs, draw the rest without it, mark its place, and still write the output (exit status 1).")
    var keepGoing = false

    @Option(name: .customLong("draw-timeout"), help: ArgumentHelp(
        "With --isolate: seconds a plugin method may run before it counts as hanging and is stopped (default 10).",
        valueName: "seconds"))
    var drawTimeout: Double?

    static let defaultTimeLimit = 10.0

    /// Seconds one plugin call may take.
    var timeLimit: Double { drawTimeout ?? Self.defaultTimeLimit }

    func validate() throws {
        if let drawTimeout, !(drawTimeout > 0 && drawTimeout.isFinite) {
            throw ValidationError("--draw-timeout must be a positive number of seconds; got \(drawTimeout)")
        }
        if !isolate {
            if keepGoing { throw ValidationError("--keep-going needs --isolate (only a child process can survive a crashing plugin)") }
            if drawTimeout != nil { throw ValidationError("--draw-timeout needs --isolate (only a child process can be stopped)") }
        }
    }
}

// MARK: - Between the processes

/// What the worker is to do (JSON, in the exchange).
struct WorkerRequest: Codable {
    /// The process that started the worker: the worker ends if it has another parent.
    var parent: Int32 = getpid()
    /// Plugin files to load, in order (the files the scan found good).
    var pluginFiles: [String]?
    /// Plugin folders to load every file of, when there was no scan.
    var folders: [String] = []
    var forceLibffi = false
    var render: RenderJob?
    var invoke: InvokeJob?

    struct RenderJob: Codable {
        var scene: String
        var scale: Double
        /// `nil` for PNG, drawn into the exchange's pixels.
        var vector: Canvas.VectorFormat?
        /// Drawing ordinals of views to skip and mark.
        var skip: [Int]
    }

    struct InvokeJob: Codable {
        var className: String
        var selector: String
        var arguments: [String]
        var width: Double
        var height: Double
        var scale: Double
        /// `png`, `svg` or `pdf` when the canvas is to be written, encoded in the exchange.
        var output: String?
    }
}

/// What the worker answers (one JSON line on its standard output).
struct WorkerReply: Codable {
    /// Lines for standard error when the command failed, and its exit status.
    var errorLines: [String] = []
    var status: Int32 = 0
    /// Failures of plugin files the worker found, as warnings (`easel` prints those it has not printed).
    var loadWarnings: [String] = []
    /// Diagnostics of plugin code, as printed, and whether one is an error.
    var diagnostics: [String] = []
    var diagnosticErrors = false
    /// What `invoke` prints.
    var returnValue: String?
    /// The drawing ordinals of the views skipped and marked.
    var marked: [Int] = []
    /// Milliseconds; `load` is filled in by the parent.
    var load = 0.0, scene = 0.0, layout = 0.0, draw = 0.0, encode = 0.0
}

// MARK: - The worker

/// `easel isolated-worker`: the child process of `--isolate`. Not for users.
struct IsolatedWorker: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "isolated-worker",
        abstract: "The child process of easel render --isolate and easel invoke --isolate (started by easel).",
        shouldDisplay: false)

    func run() throws { _exit(Worker.main()) }
}

enum Worker {
    /// Runs the request in the exchange (standard input) and answers on
    /// standard output; the status is 0 whenever the reply was sent.
    static func main() -> Int32 {
        // The exchange and the reply channel are this process's; plugin code
        // gets an empty standard input, and its standard output is standard error.
        let exchangeFD = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3)
        let channel = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        let empty = open("/dev/null", O_RDONLY)
        guard exchangeFD >= 0, channel >= 0, empty >= 0, dup2(empty, STDIN_FILENO) >= 0,
              dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
            perror("easel isolated-worker: cannot set up its input and output")
            return 3
        }
        close(empty)
        // A crashing plugin must not cost a core dump.
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)

        // A worker left hanging in plugin code must not outlive easel.
        _ = easel_support_die_with_parent()

        var reply = WorkerReply()
        do {
            let exchange = try IsolationExchange(adopting: exchangeFD)
            let request = try JSONDecoder().decode(WorkerRequest.self, from: Data(try exchange.request()))
            // easel died before the kernel could be told to end this process with it.
            guard getppid() == request.parent else { return 6 }
            reply = run(request, exchange)
        } catch {
            reply.errorLines = ["error: easel isolated-worker: \(error)"]
            reply.status = 1
        }
        guard var line = try? JSONEncoder().encode(reply) else { return 4 }
        line.append(UInt8(ascii: "\n"))
        var sent = 0
        while sent < line.count {
            let count = line.withUnsafeBytes { write(channel, $0.baseAddress! + sent, $0.count - sent) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return 5 }
            sent += count
        }
        close(channel)
        return 0
    }

    private static func run(_ request: WorkerRequest, _ exchange: IsolationExchange) -> WorkerReply {
        var reply = WorkerReply()
        if request.forceLibffi { InvocationOptions.forceLibffi = true }
        let recorder = exchange.recorder
        PluginCalls.observer = RecordingCallObserver(recorder)
        recorder.setPhase("loading the plugins")
        let registry = Registry()
        var failures: [PluginLoadError] = []
        if let files = request.pluginFiles {
            registry.loadPlugins(files: files, recorder: recorder)
        } else {
            let listed = Registry.pluginFiles(in: request.folders)
            failures = listed.failures
            registry.loadPlugins(files: listed.files, recorder: recorder)
        }
        reply.loadWarnings = (failures + registry.failures).map { "warning: \($0)" }
        if let job = request.render {
            render(job, registry: registry, exchange: exchange, into: &reply)
        } else if let job = request.invoke {
            invoke(job, registry: registry, exchange: exchange, into: &reply)
        }
        return reply
    }

    private static func render(_ job: WorkerRequest.RenderJob, registry: Registry, exchange: IsolationExchange,
                               into reply: inout WorkerReply) {
        let recorder = exchange.recorder
        recorder.setPhase("building the scene")
        let tree: SceneTree
        let model: Scene
        let sceneStart = DispatchTime.now().uptimeNanoseconds
        defer { reply.scene += Double(DispatchTime.now().uptimeNanoseconds - sceneStart) / 1e6 }
        do {
            model = try Scene.load(contentsOf: job.scene)
            tree = try model.build(in: registry)
        } catch {
            reply.errorLines = ["error: \(error)"]
            reply.status = 1
            return
        }
        for step in tree.steps {
            recorder.setPhase("applying \(step.path)")
            tree.apply(step)
        }
        recorder.setPhase("laying out the views")
        measure(&reply.layout) { tree.root.layoutIfNeeded() }
        let canvas: Canvas
        do {
            if job.vector != nil {
                canvas = try Canvas(width: model.width, height: model.height, background: model.background, backing: .recording)
            } else {
                canvas = try Canvas(width: model.width, height: model.height, background: model.background,
                                    scale: job.scale, pixels: exchange.pixels)
            }
        } catch {
            reply.errorLines = ["error: \(error)"]
            reply.status = 1
            return
        }
        recorder.setPhase("drawing")
        let observer = RecordingRenderObserver(recorder, skipping: Set(job.skip)) { view in
            Worker.location(of: view, in: tree)
        }
        let drawStart = DispatchTime.now().uptimeNanoseconds
        defer { reply.draw += Double(DispatchTime.now().uptimeNanoseconds - drawStart) / 1e6 }
        do {
            try tree.root.render(into: canvas, observer: observer)
        } catch {
            reply.errorLines = ["error: \(job.scene): \(error.message)"]
            reply.status = 1
            return
        }
        reply.marked = observer.marked
        if let format = job.vector {
            recorder.setPhase("writing the output")
            do {
                try exchange.writeOutput(try canvas.vectorData(format))
            } catch {
                reply.errorLines = ["error: \(error)"]
                reply.status = 1
                return
            }
        }
        let diagnostics = registry.takeDiagnostics()
        reply.diagnostics = diagnostics.map(\.description)
        reply.diagnosticErrors = diagnostics.contains { $0.severity == .error }
    }

    /// Where a view comes from: its JSON path, or for a view plugin code made,
    /// what it is and the nearest view the scene declared.
    static func location(of view: View, in tree: SceneTree) -> String {
        if let path = tree.path(of: view) { return path }
        if let overlay = view as? OverlayView, let host = overlay.host {
            return "the overlay of \(location(of: host, in: tree))"
        }
        var ancestor = view.superview
        while let current = ancestor {
            if let path = tree.path(of: current) { return "a \(view.objectClass.name) inside \(path)" }
            ancestor = current.superview
        }
        return "a \(view.objectClass.name) outside the scene's tree"
    }

    private static func invoke(_ job: WorkerRequest.InvokeJob, registry: Registry, exchange: IsolationExchange,
                               into reply: inout WorkerReply) {
        let recorder = exchange.recorder
        recorder.setPhase("invoking")
        let canvas: Canvas
        do { canvas = try Canvas(width: job.width, height: job.height) } catch {
            reply.errorLines = ["error: \(error)"]
            reply.status = 1
            return
        }
        let result: InvokeResult
        do {
            result = try registry.invoke(className: job.className, selector: job.selector, arguments: job.arguments, canvas: canvas)
        } catch {
            reply.errorLines = ["error: \(error.message)"] + (error.usage.map { ["usage: \($0)"] } ?? [])
            reply.status = error.isUsageError ? 2 : 1
            return
        }
        reply.diagnostics = result.diagnostics.map(\.description)
        reply.diagnosticErrors = result.diagnostics.contains { $0.severity == .error }
        reply.returnValue = result.returnValue
        if let format = job.output {
            recorder.setPhase("writing the output")
            do {
                let bytes = switch format {
                case "svg": try canvas.vectorData(.svg, scale: job.scale)
                case "pdf": try canvas.vectorData(.pdf, scale: job.scale)
                default: try canvas.pngData(scale: job.scale)
                }
                try exchange.writeOutput(bytes)
            } catch {
                reply.errorLines = ["error: \(error)"]
                reply.status = 1
            }
        }
    }
}

// MARK: - The parent's side

/// One run of the worker that ended badly, described for the user.
struct IsolatedFailure: Error {
    /// Where it happened: the view's JSON path, or `while <phase>`.
    let place: String
    /// What happened: `-[Class selector] crashed with … (plugin name, path)`.
    let detail: String
    /// The phase the worker was in (`drawing`, `invoking`, …).
    let phase: String
    /// The view whose drawing failed, if one was drawing.
    let view: FlightRecorder.DrawnView?

    /// `<place>: <detail>`.
    var message: String { "\(place): \(detail)" }
}

enum Isolation {
    /// Runs a request in a worker; the reply (its `load` time is the rest of
    /// the worker's wall time: its start-up and loading the plugins), or how
    /// the worker failed.
    static func run(_ request: WorkerRequest, exchange: IsolationExchange, timeLimit: Double) throws -> Result<WorkerReply, IsolatedFailure> {
        guard let executable = PluginSearchPath.currentExecutablePath() else {
            throw CommandFailure(status: 1, lines: ["error: --isolate: cannot find the easel executable (/proc/self/exe) to start the child process"])
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        do { try exchange.start(request: Array(try encoder.encode(request))) } catch {
            throw CommandFailure(status: 1, lines: ["error: --isolate: \(error)"])
        }
        let ending: IsolatedProcess.Ending
        let start = DispatchTime.now().uptimeNanoseconds
        func timed(_ reply: WorkerReply) -> WorkerReply {
            var reply = reply
            let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            reply.load = max(0, wall - reply.scene - reply.layout - reply.draw - reply.encode)
            return reply
        }
        switch IsolatedProcess.run(executable: executable, arguments: ["isolated-worker"], exchange: exchange, timeLimit: timeLimit) {
        case .failure(let error):
            throw CommandFailure(status: 1, lines: ["error: --isolate: cannot start \(executable): \(error.reason)"])
        case .success(let value): ending = value
        }
        let snapshot = exchange.recorder.snapshot()
        let what: String
        switch ending {
        case .finished(let reply):
            if let decoded = try? JSONDecoder().decode(WorkerReply.self, from: Data(reply)) { return .success(timed(decoded)) }
            what = "made the process exit with status 0"
        case .exited(let status, let reply):
            if !reply.isEmpty, let decoded = try? JSONDecoder().decode(WorkerReply.self, from: Data(reply)) {
                return .success(timed(decoded))
            }
            what = "made the process exit with status \(status)"
        case .crashed(let signal):
            what = "crashed with \(SignalNames.describe(signal))"
        case .timedOut:
            what = "did not return within \(formatSeconds(timeLimit)) and was stopped"
        }
        let place = snapshot.view?.location ?? "while \(snapshot.phase.isEmpty ? "starting" : snapshot.phase)"
        return .failure(IsolatedFailure(place: place, detail: describe(what, snapshot), phase: snapshot.phase,
                                        view: snapshot.view))
    }

    /// `-[CrashingView drawRect:] crashed with SIGSEGV (segmentation fault) (plugin crash_draw, /path/crash_draw.so)`.
    static func describe(_ what: String, _ snapshot: FlightRecorder.Snapshot) -> String {
        guard let call = snapshot.culprit else {
            return "the child process \(what) outside plugin code"
        }
        if call.receiver.isEmpty {
            let how = what.replacingOccurrences(of: "did not return", with: "did not finish loading")
            return "the plugin \(call.pluginPath) \(how)"
        }
        let plugin = call.pluginPath.isEmpty ? "" : " (plugin \(call.pluginName), \(call.pluginPath))"
        return "-[\(call.receiver) \(call.selector)] \(what)\(plugin)"
    }

    /// Prints the scan's failures as warnings, as loading in process would;
    /// returns what was printed.
    static func printScanWarnings(_ scan: PluginScan?) -> Set<String> {
        guard let scan else { return [] }
        let lines = PluginCatalog(scan).failures.map { "warning: \($0.error)" }
        lines.forEach(printError)
        return Set(lines)
    }

    /// Prints the worker's load failures that the scan's did not already say
    /// (a file that changed since it was scanned).
    static func printWorkerWarnings(_ reply: WorkerReply, printed: Set<String>) {
        for line in reply.loadWarnings where !printed.contains(line) { printError(line) }
    }

    /// The plugin files a scan found good, in order.
    static func goodFiles(_ scan: PluginScan) -> [String] {
        scan.entries.compactMap { entry in
            if case .plugin = entry.outcome { return entry.path }
            return nil
        }
    }
}

extension Render {
    /// `easel render --isolate`.
    func runIsolated() throws {
        var times = StageTimes()
        let (scan, folders, _) = measure(&times.load) { plugins.scan(isolated: true) }
        let printed = Isolation.printScanWarnings(scan)
        let model: Scene
        do { model = try Scene.load(contentsOf: scene) } catch {
            throw CommandFailure(status: 1, lines: ["error: \(error)"])
        }
        let target = OutputTarget(output)
        let pixelScale = scale ?? model.scale
        var vector: Canvas.VectorFormat?
        if case .file(let path) = target, !target.isPNG {
            vector = path.lowercased().hasSuffix(".svg") ? .svg : .pdf
        }
        let exchange: IsolationExchange
        do {
            let pixelBytes = vector == nil
                ? try Canvas.rasterLayout(width: model.width, height: model.height, scale: pixelScale).byteCount : 0
            exchange = try IsolationExchange(pixelBytes: pixelBytes)
        } catch {
            throw CommandFailure(status: 1, lines: ["error: \(error)"])
        }

        var skip: [Int] = []
        var failures: [IsolatedFailure] = []
        let reply: WorkerReply
        while true {
            let request = WorkerRequest(
                pluginFiles: scan.map(Isolation.goodFiles), folders: folders, forceLibffi: InvocationOptions.forceLibffi,
                render: .init(scene: scene, scale: pixelScale, vector: vector, skip: skip))
            switch try Isolation.run(request, exchange: exchange, timeLimit: isolation.timeLimit) {
            case .success(let answer):
                reply = answer
            case .failure(let failure):
                printError("error: \(scene): \(failure.message)")
                guard isolation.keepGoing else { throw CommandFailure(status: 1, lines: []) }
                guard let view = failure.view else {
                    throw CommandFailure(status: 1, lines: [
                        "error: --keep-going skips views whose drawing fails; this failure happened outside a view's drawing, so \(output) was not written"])
                }
                guard !skip.contains(view.ordinal) else {
                    // Only a plugin that draws differently from one run to the next gets here.
                    throw CommandFailure(status: 1, lines: [
                        "error: --keep-going: \(view.location) failed again although it was skipped, so \(output) was not written"])
                }
                skip.append(view.ordinal)
                failures.append(failure)
                continue
            }
            break
        }
        Isolation.printWorkerWarnings(reply, printed: printed)
        if !reply.errorLines.isEmpty { throw CommandFailure(status: reply.status, lines: reply.errorLines) }
        times.load += reply.load
        times.scene += reply.scene
        times.layout += reply.layout
        times.draw += reply.draw
        times.encode += reply.encode
        do {
            try measure(&times.encode) { () throws in
                if vector != nil, case .file(let path) = target {
                    let bytes = try exchange.output() ?? []
                    do { try Data(bytes).write(to: URL(fileURLWithPath: path)) } catch {
                        throw CommandFailure(status: 1, lines: ["error: cannot write \(path): \(error.localizedDescription)"])
                    }
                } else {
                    let canvas = try Canvas(width: model.width, height: model.height, background: model.background,
                                            scale: pixelScale, pixels: exchange.pixels)
                    try target.write(canvas)
                }
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(status: 1, lines: ["error: \(error)"])
        }
        reply.diagnostics.forEach(printError)
        if timings { times.report().forEach(printError) }
        if !failures.isEmpty {
            let count = failures.count
            printError("note: \(output == "-" ? "the image" : output) was written with \(count) view\(count == 1 ? "" : "s") marked as failed")
        }
        if reply.diagnosticErrors || !failures.isEmpty { throw CommandFailure(status: 1, lines: []) }
    }
}

extension Invoke {
    /// `easel invoke --isolate`.
    func runIsolated() throws {
        let (scan, folders, _) = plugins.scan(isolated: true)
        let printed = Isolation.printScanWarnings(scan)
        let (width, height) = parseSize(size)!
        var format: String?
        if let output {
            let lower = output.lowercased()
            format = lower.hasSuffix(".svg") ? "svg" : lower.hasSuffix(".pdf") ? "pdf" : "png"
        }
        let exchange: IsolationExchange
        do { exchange = try IsolationExchange(pixelBytes: 0) } catch {
            throw CommandFailure(status: 1, lines: ["error: \(error)"])
        }
        let request = WorkerRequest(
            pluginFiles: scan.map(Isolation.goodFiles), folders: folders, forceLibffi: forceLibffi || InvocationOptions.forceLibffi,
            invoke: .init(className: className, selector: selector, arguments: arguments, width: width, height: height,
                          scale: scale, output: format))
        switch try Isolation.run(request, exchange: exchange, timeLimit: isolation.timeLimit) {
        case .failure(let failure):
            printError("error: \(failure.phase == "invoking" ? failure.detail : failure.message)")
            if isolation.keepGoing, let output {
                try writeFailedCanvas(to: output, width: width, height: height)
                printError("note: \(output == "-" ? "the image" : output) was written with the canvas marked as failed")
            }
            throw CommandFailure(status: 1, lines: [])
        case .success(let reply):
            Isolation.printWorkerWarnings(reply, printed: printed)
            if !reply.errorLines.isEmpty { throw CommandFailure(status: reply.status, lines: reply.errorLines) }
            reply.diagnostics.forEach(printError)
            if let value = reply.returnValue { print(value) }
            if let output {
                do {
                    let bytes = try exchange.output() ?? []
                    if output == "-" {
                        FileHandle.standardOutput.write(Data(bytes))
                    } else {
                        try Data(bytes).write(to: URL(fileURLWithPath: output))
                    }
                } catch {
                    throw CommandFailure(status: 1, lines: ["error: cannot write \(output): \(error.localizedDescription)"])
                }
            }
            if reply.diagnosticErrors { throw CommandFailure(status: 1, lines: []) }
        }
    }

    /// With --keep-going, what is left of a call that crashed or hung: the
    /// canvas with the failure mark over it.
    private func writeFailedCanvas(to output: String, width: Double, height: Double) throws {
        do {
            let canvas = try Canvas(width: width, height: height)
            canvas.withCurrentContext { canvas.drawFailureMark(in: easel_rect(x: 0, y: 0, width: width, height: height)) }
            if output == "-" {
                FileHandle.standardOutput.write(Data(try canvas.pngData(scale: scale)))
            } else {
                try canvas.write(to: output, scale: scale)
            }
        } catch {
            throw CommandFailure(status: 1, lines: ["error: \(error)"])
        }
    }
}
