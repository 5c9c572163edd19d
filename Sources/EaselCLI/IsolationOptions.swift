import ArgumentParser
import EaselIsolation
import EaselSession
import FoundationEssentials
import Glibc

// `--isolate`: `easel render` and `easel invoke` run the plugin code in a
// child process, the `easel` executable itself with the hidden subcommand
// `isolated-worker` (EaselIsolation; the parent's side is the session's).

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

    @Option(help: ArgumentHelp(
        "Stop plugin code that runs longer than this: each call into a plugin may take at most SECONDS. Implies --isolate.",
        valueName: "seconds"))
    var timeout: Double?

    /// Whether the plugin code runs in a child process: `--isolate`, or a time limit (only a child can be stopped).
    var isolated: Bool { isolate || timeout != nil }

    /// The session's settings of these flags.
    var settings: IsolationSettings {
        IsolationSettings(timeLimit: timeout ?? drawTimeout ?? IsolationSettings.defaultTimeLimit, keepGoing: keepGoing)
    }

    func validate() throws {
        try validateTimeout(timeout)
        if let drawTimeout, !(drawTimeout > 0 && drawTimeout.isFinite) {
            throw ValidationError("--draw-timeout must be a positive number of seconds; got \(drawTimeout)")
        }
        if timeout != nil && drawTimeout != nil {
            throw ValidationError("--timeout and --draw-timeout set the same limit; give one")
        }
        if !isolated {
            if keepGoing { throw ValidationError("--keep-going needs --isolate (only a child process can survive a crashing plugin)") }
            if drawTimeout != nil { throw ValidationError("--draw-timeout needs --isolate (only a child process can be stopped)") }
        }
    }
}

/// Checks a `--timeout`: a positive, finite number of seconds.
func validateTimeout(_ timeout: Double?) throws {
    if let timeout, !(timeout > 0 && timeout.isFinite) {
        throw ValidationError("--timeout must be a positive number of seconds; got \(timeout)")
    }
}

/// `easel isolated-worker`: the child process of `--isolate`. Not for users.
struct IsolatedWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: IsolatedWorker.subcommand,
        abstract: "The child process of easel render --isolate and easel invoke --isolate (started by easel).",
        shouldDisplay: false)

    /// Start up and wait for the parent's go before reading the request (`easel preview`'s spare worker).
    @Flag(name: .customLong(String(IsolatedWorker.spareOption.dropFirst(2))), help: .hidden)
    var spare = false

    func run() throws {
        let status = IsolatedWorker.main(jobs: SessionWorkerJobs(), spare: spare)
        fflush(nil)   // what plugin code printed (to standard error) before the reply
        _exit(status)
    }
}
