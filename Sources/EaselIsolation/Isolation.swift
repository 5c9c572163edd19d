// EaselIsolation: the render worker, its protocol and its launch.
//
// `easel render --isolate` and `easel invoke --isolate` run plugin code in a
// child process, the `easel` executable itself with the hidden subcommand
// `isolated-worker`, so that a plugin that crashes or hangs cannot take
// `easel` down. IsolatedProcess.swift has the design of the mechanism.
//
// This module owns:
//
// - the mechanism: the shared memory (SharedMemory.swift), the exchange
//   that lays out the request, the flight recorder and the pixels in it
//   (IsolationExchange.swift), and starting, watching and killing the child
//   (IsolatedProcess.swift); what runs inside the child's calls into plugin
//   code: the flight recorder itself (FlightRecorder.swift), the observers
//   that write into it and loading plugin files under it
//   (Registry+Isolation.swift);
// - the protocol between the two processes (WorkerProtocol.swift): one
//   request as JSON in the exchange, one reply as a JSON line on the
//   child's standard output; a live worker (`easel preview`, `live` set in
//   the request) then reads command lines from that same socket and answers
//   each with a reply line, drawing into the same exchange, until the parent
//   closes it (LiveProcess, LiveWorker; LiveWorkerSession is the job's side);
// - the worker's process set-up and main loop (IsolatedWorker.swift):
//   descriptors, no core dumps, dying with its parent, loading the plugin
//   files it is given while the flight recorder notes every call;
// - the worker's sandbox (Sandbox.swift): no new privileges, limits, a
//   seccomp filter whose refusals the flight recorder reports, Landlock;
// - the parent's side (this file): starting one worker for one request and
//   turning the way it ended into a reply or into an IsolatedFailure that
//   names the view, class, selector and plugin.
//
// It knows nothing of scenes, rendering semantics, argument parsing or
// printing: the jobs themselves (what a render or an invoke does once the
// plugins are loaded) are handed to the worker as WorkerJobs by the
// application layer, EaselSession, which also runs the parent's retry loop
// (`--keep-going`). So a change to what rendering means is made in the
// session, once, for the isolated worker and for every other front end.

import EaselDiscovery
import EaselRuntime
import EaselViews
import Dispatch
import FoundationEssentials

/// One run of the worker that ended badly, described for the user.
package struct IsolatedFailure: Error {
    /// Where it happened: the view's JSON path, or `while <phase>`.
    package let place: String
    /// What happened: `-[Class selector] crashed with … (plugin name, path)`.
    package let detail: String
    /// The phase the worker was in (`drawing`, `invoking`, …).
    package let phase: String
    /// The view whose drawing failed, if one was drawing.
    package let view: FlightRecorder.DrawnView?
    /// The plugin call at fault (class, selector, plugin), if plugin code was running.
    package var culprit: FlightRecorder.Call? = nil
    /// How the worker ended, without the place: `crashed with SIGSEGV (segmentation fault)`,
    /// `did not return within 2 s and was stopped`.
    package var reason = ""

    /// `<place>: <detail>`.
    package var message: String { "\(place): \(detail)" }
}

/// A worker that could not be started at all.
package struct IsolationError: Error, CustomStringConvertible {
    /// What went wrong, starting with `--isolate:`.
    package let message: String
    /// The message.
    package var description: String { message }
}

/// The parent's side of isolated rendering: one request, one worker.
package enum Isolation {
    /// Runs a request in a worker.
    ///
    /// - Parameters:
    ///   - request: What the worker is to do.
    ///   - exchange: The shared memory the worker reads the request from and draws into.
    ///   - timeLimit: Seconds one plugin call may take before the worker is stopped.
    /// - Returns: The reply (its `load` time is the rest of the worker's wall
    ///   time: its start-up and loading the plugins), or how the worker failed.
    /// - Throws: ``IsolationError`` when the worker cannot be started.
    package static func run(_ request: WorkerRequest, exchange: IsolationExchange,
                            timeLimit: Double) throws(IsolationError) -> Result<WorkerReply, IsolatedFailure> {
        guard let executable = PluginSearchPath.easelExecutablePath() else {
            throw IsolationError(message: "--isolate: cannot find the easel executable (/proc/self/exe) to start the child process")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        var request = request
        let sandbox = request.sandbox ?? SandboxSettings(timeLimit: timeLimit)
        request.sandbox = sandbox
        do { try exchange.start(request: Array(try encoder.encode(request))) } catch {
            throw IsolationError(message: "--isolate: \(error)")
        }
        let ending: IsolatedProcess.Ending
        let start = DispatchTime.now().uptimeNanoseconds
        func timed(_ reply: WorkerReply) -> WorkerReply {
            var reply = reply
            let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            reply.load = max(0, wall - reply.scene - reply.layout - reply.draw - reply.encode)
            return reply
        }
        switch IsolatedProcess.run(executable: executable, arguments: [IsolatedWorker.subcommand], exchange: exchange,
                                   timeLimit: timeLimit) {
        case .failure(let error):
            throw IsolationError(message: "--isolate: cannot start \(executable): \(error.reason)")
        case .success(let value): ending = value
        }
        return outcome(of: ending, exchange: exchange, sandbox: sandbox, timeLimit: timeLimit).map(timed)
    }

    /// A worker's reply, or what its end means for the user (the view, class, selector and plugin at fault).
    static func outcome(of ending: IsolatedProcess.Ending, exchange: IsolationExchange, sandbox: SandboxSettings,
                        timeLimit: Double) -> Result<WorkerReply, IsolatedFailure> {
        let snapshot = exchange.recorder.snapshot()
        let what: String
        switch ending {
        case .finished(let reply):
            if let decoded = try? JSONDecoder().decode(WorkerReply.self, from: Data(reply)) { return .success(decoded) }
            what = "made the process exit with status 0"
        case .exited(let status, let reply):
            if !reply.isEmpty, let decoded = try? JSONDecoder().decode(WorkerReply.self, from: Data(reply)) {
                return .success(decoded)
            }
            what = "made the process exit with status \(status)"
        case .crashed(let signal):
            what = Sandbox.describeStop(signal: signal, refusal: snapshot.refusal, settings: sandbox)
                ?? "crashed with \(SignalNames.describe(signal))"
        case .timedOut:
            what = "did not return within \(formatSeconds(timeLimit)) and was stopped"
        }
        let place = snapshot.view?.location ?? "while \(snapshot.phase.isEmpty ? "starting" : snapshot.phase)"
        return .failure(IsolatedFailure(place: place, detail: describe(what, snapshot), phase: snapshot.phase,
                                        view: snapshot.view, culprit: snapshot.culprit, reason: what))
    }

    /// `-[CrashingView drawRect:] crashed with SIGSEGV (segmentation fault) (plugin crash_draw, /path/crash_draw.so)`.
    static func describe(_ what: String, _ snapshot: FlightRecorder.Snapshot) -> String {
        guard let call = snapshot.culprit else {
            return "the child process \(what) outside plugin code"
        }
        if call.receiver.isEmpty {
            let how = what.replacing("did not return", with: "did not finish loading")
            return "the plugin \(call.pluginPath) \(how)"
        }
        let plugin = call.pluginPath.isEmpty ? "" : " (plugin \(call.pluginName), \(call.pluginPath))"
        return "-[\(call.receiver) \(call.selector)] \(what)\(plugin)"
    }

    /// The plugin files a scan found good, in order: what the worker loads.
    package static func goodFiles(_ scan: PluginScan) -> [String] {
        scan.entries.compactMap { entry in
            if case .plugin = entry.outcome { return entry.path }
            return nil
        }
    }

    /// Starts a live worker (`easel preview`): the request's render job
    /// with ``WorkerRequest/live`` set; its first reply is the first render.
    ///
    /// - Parameters:
    ///   - request: The live render request.
    ///   - exchange: The shared memory the worker reads the request from and draws into.
    ///   - timeLimit: Seconds one plugin call may take before the worker is stopped.
    ///   - cpuSeconds: CPU seconds the worker may use in all (RLIMIT_CPU; a live worker runs long).
    /// - Throws: ``IsolationError`` when the worker cannot be started.
    package static func startLive(_ request: WorkerRequest, exchange: IsolationExchange, timeLimit: Double,
                                  cpuSeconds: Int) throws(IsolationError) -> LiveWorker {
        let (data, sandbox) = try liveRequest(request, timeLimit: timeLimit, cpuSeconds: cpuSeconds)
        do { try exchange.start(request: data) } catch {
            throw IsolationError(message: "--isolate: \(error)")
        }
        let process = try launch(exchange: exchange, timeLimit: timeLimit, arguments: [IsolatedWorker.subcommand])
        return LiveWorker(process: process, exchange: exchange, sandbox: sandbox, timeLimit: timeLimit)
    }

    /// Starts a spare live worker: it starts up and waits, with no request and no plugin loaded,
    /// until ``startLive(_:spare:timeLimit:cpuSeconds:)`` gives it one, so that the request costs
    /// no process start-up (`easel preview` keeps one ready for the next change of its plugins).
    ///
    /// - Parameters:
    ///   - exchange: The shared memory it is to read its request from and draw into (with room for the pixels of the scenes it may take).
    ///   - timeLimit: Seconds one plugin call may take before the worker is stopped.
    /// - Throws: ``IsolationError`` when the worker cannot be started.
    package static func startSpare(exchange: IsolationExchange, timeLimit: Double) throws(IsolationError) -> LiveWorker {
        let process = try launch(exchange: exchange, timeLimit: timeLimit,
                                 arguments: [IsolatedWorker.subcommand, IsolatedWorker.spareOption])
        return LiveWorker(process: process, exchange: exchange, sandbox: SandboxSettings(timeLimit: timeLimit), timeLimit: timeLimit)
    }

    /// Gives a spare worker (``startSpare(exchange:timeLimit:)``) its live request: it loads the
    /// request's plugins and answers with the first render, as a worker from
    /// ``startLive(_:exchange:timeLimit:cpuSeconds:)`` does.
    ///
    /// - Throws: ``IsolationError`` when the spare has ended or the request cannot be written.
    package static func startLive(_ request: WorkerRequest, spare: LiveWorker, timeLimit: Double,
                                  cpuSeconds: Int) throws(IsolationError) -> LiveWorker {
        let (data, sandbox) = try liveRequest(request, timeLimit: timeLimit, cpuSeconds: cpuSeconds)
        guard !spare.hasEnded else { throw IsolationError(message: "--isolate: the spare worker has ended") }
        do { try spare.exchange.start(request: data) } catch {
            throw IsolationError(message: "--isolate: \(error)")
        }
        spare.sandbox = sandbox
        guard spare.process.send(IsolatedWorker.goLine) else {
            spare.stop()
            throw IsolationError(message: "--isolate: the spare worker has ended")
        }
        return spare
    }

    /// A live request as JSON, with its sandbox (whose CPU time is at least `cpuSeconds`).
    private static func liveRequest(_ request: WorkerRequest, timeLimit: Double,
                                    cpuSeconds: Int) throws(IsolationError) -> ([UInt8], SandboxSettings) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        var request = request
        request.live = true
        var sandbox = request.sandbox ?? SandboxSettings(timeLimit: timeLimit)
        sandbox.cpuSeconds = max(sandbox.cpuSeconds, cpuSeconds)
        request.sandbox = sandbox
        do { return (Array(try encoder.encode(request)), sandbox) } catch {
            throw IsolationError(message: "--isolate: \(error)")
        }
    }

    /// Starts `easel` with `arguments` as a live worker over the exchange.
    private static func launch(exchange: IsolationExchange, timeLimit: Double,
                               arguments: [String]) throws(IsolationError) -> LiveProcess {
        guard let executable = PluginSearchPath.easelExecutablePath() else {
            throw IsolationError(message: "--isolate: cannot find the easel executable (/proc/self/exe) to start the child process")
        }
        switch LiveProcess.start(executable: executable, arguments: arguments, exchange: exchange, timeLimit: timeLimit) {
        case .failure(let error): throw IsolationError(message: "--isolate: cannot start \(executable): \(error.reason)")
        case .success(let process): return process
        }
    }
}

/// The parent's side of a live worker: send a command, get its reply or how the worker failed.
package final class LiveWorker {
    fileprivate let process: LiveProcess
    /// The shared memory the worker draws into.
    package let exchange: IsolationExchange
    fileprivate var sandbox: SandboxSettings
    private let timeLimit: Double

    init(process: LiveProcess, exchange: IsolationExchange, sandbox: SandboxSettings, timeLimit: Double) {
        self.process = process
        self.exchange = exchange
        self.sandbox = sandbox
        self.timeLimit = timeLimit
    }

    /// Whether the worker has ended (crashed, hung, or stopped).
    package var hasEnded: Bool { process.ending != nil }

    /// The next reply (the first one is the first render's).
    package func reply() -> Result<WorkerReply, IsolatedFailure> {
        switch process.nextReply() {
        case .success(let line):
            if let decoded = try? JSONDecoder().decode(WorkerReply.self, from: Data(line)) { return .success(decoded) }
            return .failure(IsolatedFailure(place: "while answering", detail: "the worker sent a reply that is not JSON",
                                            phase: "answering", view: nil))
        case .failure(let ending):
            return Isolation.outcome(of: ending, exchange: exchange, sandbox: sandbox, timeLimit: timeLimit)
                .flatMap { _ in .failure(IsolatedFailure(place: "while answering", detail: "the worker ended",
                                                         phase: "answering", view: nil, reason: "ended")) }
        }
    }

    /// Sends a command and waits for its reply.
    package func send(_ command: [UInt8]) -> Result<WorkerReply, IsolatedFailure> {
        guard process.send(command) else { return reply() }
        return reply()
    }

    /// Stops the worker.
    package func stop() { process.stop() }
}
