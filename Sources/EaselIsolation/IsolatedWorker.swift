import CEaselSupport
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselInvocation
import EaselProbe
import Foundation

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
}

extension WorkerJobs {
    /// No files besides the scene.
    package func readableFiles(for job: WorkerRequest.RenderJob) -> [String] { [] }
}

/// The child process of `--isolate`: its set-up, and its one request and reply.
package enum IsolatedWorker {
    /// The hidden subcommand of `easel` that runs the worker.
    package static let subcommand = "isolated-worker"

    /// Runs the request in the exchange (standard input) and answers on
    /// standard output; the status is 0 whenever the reply was sent.
    ///
    /// - Parameter jobs: What renders and invokes once the plugins are loaded.
    /// - Returns: The process's exit status: 0 when the reply was sent, 3 to 6 when the set-up failed.
    package static func main(jobs: some WorkerJobs) -> Int32 {
        // The exchange and the reply channel are this process's; plugin code
        // gets an empty standard input, and its standard output is standard error.
        guard let (exchangeFD, channel) = PluginProcess.takeStandardStreams(name: "easel isolated-worker") else { return 3 }

        // A worker left hanging in plugin code must not outlive easel.
        _ = easel_support_die_with_parent()

        var reply = WorkerReply()
        do {
            let exchange = try IsolationExchange(adopting: exchangeFD)
            let request = try JSONDecoder().decode(WorkerRequest.self, from: Data(try exchange.request()))
            // easel died before the kernel could be told to end this process with it.
            guard getppid() == request.parent else { return 6 }
            reply = run(request, exchange, jobs)
        } catch {
            reply.failure = .init(message: "easel isolated-worker: \(error)")
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

    /// Loads the plugins of the request, recording each call, then runs its job.
    private static func run(_ request: WorkerRequest, _ exchange: IsolationExchange, _ jobs: some WorkerJobs) -> WorkerReply {
        if request.forceLibffi { InvocationOptions.forceLibffi = true }
        let recorder = exchange.recorder
        PluginCalls.observer = RecordingCallObserver(recorder)
        recorder.setPhase("loading the plugins")
        if let settings = request.sandbox {
            do { try Sandbox.enter(settings, recorder: recorder, exchange: exchange) } catch {
                return WorkerReply(error)
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
            let folders = request.pluginFiles.map { $0.map { ($0 as NSString).deletingLastPathComponent } } ?? request.folders
            let files = request.render.map { [$0.scene] + jobs.readableFiles(for: $0) } ?? []
            do { try Sandbox.narrowReads(pluginFolders: folders, files: files) } catch {
                return WorkerReply(error)
            }
        }
        var reply = WorkerReply()
        if let job = request.render {
            reply = jobs.render(job, registry: registry, exchange: exchange)
        } else if let job = request.invoke {
            reply = jobs.invoke(job, registry: registry, exchange: exchange)
        } else if let job = request.gallery {
            reply = jobs.gallery(job, registry: registry, exchange: exchange)
        }
        reply.loadWarnings = warnings + reply.loadWarnings
        return reply
    }
}
