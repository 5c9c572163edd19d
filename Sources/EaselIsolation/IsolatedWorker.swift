import CEaselSupport
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselInvocation
import EaselProbe
import FoundationEssentials
import Glibc

/// The jobs an isolated worker runs once its plugins are loaded: the
/// application layer (EaselSession) implements them with the same code that
/// renders and invokes in `easel` itself.
package protocol WorkerJobs {
    /// Renders a scene with the loaded plugins; the pixels or the encoded vectors go into the exchange.
    func render(_ job: WorkerRequest.RenderJob, registry: Registry, exchange: IsolationExchange) -> WorkerReply
    /// Sends a message with the loaded plugins; the encoded canvas, if asked for, goes into the exchange.
    func invoke(_ job: WorkerRequest.InvokeJob, registry: Registry, exchange: IsolationExchange) -> WorkerReply
    /// Draws the contact sheet of the loaded view classes; the encoded PNG goes into the exchange.
    func gallery(_ job: WorkerRequest.GalleryJob, registry: Registry, exchange: IsolationExchange) -> WorkerReply
    /// The files besides the scene that rendering it reads (the images it names, as the scene
    /// file gives them), which the sandbox then lets the worker read.
    func readableFiles(for job: WorkerRequest.RenderJob) -> [String]
    /// Starts a live scene (`easel preview`): renders the job's scene like ``render(_:registry:exchange:)``
    /// and keeps its view tree for the commands that follow (``LiveWorkerSession``).
    ///
    /// - Returns: The first reply, and the session that answers the commands; `nil` when the scene failed.
    func startLive(_ job: WorkerRequest.RenderJob, registry: Registry, exchange: IsolationExchange) -> (WorkerReply, LiveWorkerSession?)
    /// Does ahead of time what every job does first and that runs no plugin code (a spare worker
    /// waiting for its request: the font configuration, the text layout's font map).
    func warmUp()
}

/// A scene kept alive in the worker between commands (`easel preview`'s touches, clock and edits).
package protocol LiveWorkerSession: AnyObject {
    /// Carries out one command (JSON, as the parent sent it) and answers it.
    func handle(_ command: [UInt8]) -> WorkerReply
}

extension WorkerJobs {
    /// No files besides the scene.
    package func readableFiles(for job: WorkerRequest.RenderJob) -> [String] { [] }

    /// Nothing to warm up.
    package func warmUp() {}

    /// A render, and no live session.
    package func startLive(_ job: WorkerRequest.RenderJob, registry: Registry,
                           exchange: IsolationExchange) -> (WorkerReply, LiveWorkerSession?) {
        (render(job, registry: registry, exchange: exchange), nil)
    }
}

/// The child process of `--isolate`: its set-up, and its one request and reply.
package enum IsolatedWorker {
    /// The hidden subcommand of `easel` that runs the worker.
    package static let subcommand = "isolated-worker"

    /// The option of ``subcommand`` that starts a spare worker (`easel preview`): it starts up,
    /// warms up (``WorkerJobs/warmUp()``) and waits for the line ``goLine`` on its standard output's
    /// socket before it reads its request, so that the request costs no process start-up.
    package static let spareOption = "--spare"

    /// What the parent sends a spare worker once the request is in the exchange.
    package static let goLine = Array("go".utf8)

    /// Runs the request in the exchange (standard input) and answers on
    /// standard output; the status is 0 whenever the reply was sent.
    ///
    /// - Parameters:
    ///   - jobs: What renders and invokes once the plugins are loaded.
    ///   - spare: Whether to wait for ``goLine`` before reading the request (a spare worker).
    /// - Returns: The process's exit status: 0 when the reply was sent (or a spare was let go), 3 to 6 when the set-up failed.
    package static func main(jobs: some WorkerJobs, spare: Bool = false) -> Int32 {
        // The exchange and the reply channel are this process's; plugin code
        // gets an empty standard input, and its standard output is standard error.
        guard let (exchangeFD, channel) = PluginProcess.takeStandardStreams(name: "easel isolated-worker") else { return 3 }

        // A worker left hanging in plugin code must not outlive easel.
        _ = easel_support_die_with_parent()

        var reader = LineReader(descriptor: channel)
        if spare {
            jobs.warmUp()
            // The parent writes the request into the exchange, then says go; a spare it
            // never needed sees its socket close.
            guard let line = reader.next() else { return 0 }
            guard line == goLine else { return 4 }
        }

        var reply = WorkerReply()
        var live: LiveWorkerSession?
        // Kept for the whole process: a live scene draws into its pixels and notes its calls in its recorder.
        var exchange: IsolationExchange?
        do {
            let adopted = try IsolationExchange(adopting: exchangeFD)
            exchange = adopted
            let request = try JSONDecoder().decode(WorkerRequest.self, from: Data(try adopted.request()))
            // easel died before the kernel could be told to end this process with it.
            guard getppid() == request.parent else { return 6 }
            (reply, live) = run(request, adopted, jobs)
        } catch {
            reply.failure = .init(message: "easel isolated-worker: \(error)")
        }
        guard send(reply, on: channel) else { return 5 }
        if let live {
            // A live scene: one command per line from the parent, one reply line each, until the parent closes the socket.
            while let command = reader.next() {
                guard send(live.handle(command), on: channel) else { return 5 }
            }
        }
        close(channel)
        withExtendedLifetime(exchange) {}
        return 0
    }

    /// Writes a reply as one JSON line; false when the parent is gone (or the reply cannot be encoded).
    private static func send(_ reply: WorkerReply, on channel: Int32) -> Bool {
        guard var line = try? JSONEncoder().encode(reply) else { return false }
        line.append(UInt8(ascii: "\n"))
        var sent = 0
        while sent < line.count {
            let count = line.withUnsafeBytes { write(channel, $0.baseAddress! + sent, $0.count - sent) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Loads the plugins of the request, recording each call, then runs its job.
    private static func run(_ request: WorkerRequest, _ exchange: IsolationExchange,
                            _ jobs: some WorkerJobs) -> (WorkerReply, LiveWorkerSession?) {
        if request.forceLibffi { InvocationOptions.forceLibffi = true }
        let recorder = exchange.recorder
        PluginCalls.observer = RecordingCallObserver(recorder)
        recorder.setPhase("loading the plugins")
        if let settings = request.sandbox {
            do { try Sandbox.enter(settings, recorder: recorder, exchange: exchange) } catch {
                return (WorkerReply(error), nil)
            }
        }
        let registry = Registry()
        var failures: [PluginLoadError] = []
        if let files = request.pluginFiles {
            registry.loadPlugins(files: files.map { ($0, nil) }, trust: request.trust, recorder: recorder)
        } else {
            let listed = Registry.pluginFiles(in: request.folders, trust: request.trust)
            failures = listed.failures
            registry.loadPlugins(files: listed.files, trust: request.trust, recorder: recorder)
        }
        let warnings = (failures + registry.failures).map { "warning: \($0)" }
        if request.sandbox != nil {
            let folders = request.pluginFiles.map { $0.map(PluginSearchPath.defaultFolder(forExecutable:)) } ?? request.folders
            let files = request.render.map { [$0.scene] + jobs.readableFiles(for: $0) } ?? []
            do { try Sandbox.narrowReads(pluginFolders: folders, files: files) } catch {
                return (WorkerReply(error), nil)
            }
        }
        var reply = WorkerReply()
        var live: LiveWorkerSession?
        if let job = request.render, request.live == true {
            (reply, live) = jobs.startLive(job, registry: registry, exchange: exchange)
        } else if let job = request.render {
            reply = jobs.render(job, registry: registry, exchange: exchange)
        } else if let job = request.invoke {
            reply = jobs.invoke(job, registry: registry, exchange: exchange)
        } else if let job = request.gallery {
            reply = jobs.gallery(job, registry: registry, exchange: exchange)
        }
        reply.loadWarnings = warnings + reply.loadWarnings
        return (reply, live)
    }
}

/// Reads newline-terminated lines from a descriptor (the live worker's commands), each at most 16 MB.
struct LineReader {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    static let longest = 16 << 20

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// The next line without its newline; `nil` at the end of the stream, on an error, or for a line too long.
    mutating func next() -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        // Bounded: every pass either returns or grows the buffer, which is capped.
        while buffer.count <= Self.longest {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                return line
            }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
        return nil
    }
}
