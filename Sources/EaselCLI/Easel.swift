// Nothing is used from CLinkOrder: importing it links libc, libstdc++ and the Swift
// runtime early in the executable's list of libraries (see Package.swift).
import CLinkOrder
import ArgumentParser
import EaselSession
import FoundationEssentials
import Glibc

// `easel`: argument parsing and printing. Every command builds a Session
// from its flags, calls it, and prints what it returns; warnings reach
// standard error as they happen through the session's report handler.

/// A failure with the exit status it should end the process with.
struct CommandFailure: Error {
    /// 1 for a runtime failure, 2 for a usage error.
    let status: Int32
    /// Lines for standard error.
    let lines: [String]
}

extension CommandFailure {
    /// A session's error: `error: <message>`, then `usage: <form>` for a usage error (status 2).
    init(_ error: SessionError) {
        status = error.isUsageError ? 2 : 1
        lines = ["error: \(error.message)"] + (error.usage.map { ["usage: \($0)"] } ?? [])
    }
}

/// Options shared by every command that loads plugins.
struct PluginOptions: ParsableArguments {
    @Option(name: .customLong("plugins"), help: ArgumentHelp(
        "A plugin folder (repeatable), searched before EASEL_PLUGIN_PATH; without either, the folder of the easel executable.",
        valueName: "dir"), completion: .directory)
    var folders: [String] = []

    @Flag(name: .customLong("no-cache"), help: "Neither read nor write the plugin cache: scan every plugin file again.")
    var noCache = false

    @Option(name: .customLong("scan-timeout"), help: ArgumentHelp(
        "Seconds a plugin may take to load while it is scanned (default 5, or EASEL_SCAN_TIMEOUT).", valueName: "seconds"))
    var scanTimeout: Double?

    @Flag(name: .customLong("allow-writable-plugins"), help: """
        Load plugin files and folders even when they are writable by group or others or owned by another user \
        (also EASEL_ALLOW_WRITABLE_PLUGINS=1).
        """)
    var allowWritable = false

    @Option(name: .customLong("allow-list"), help: ArgumentHelp(
        "Load only plugin files whose SHA-256 digest is listed in this file, in sha256sum's format (also EASEL_ALLOW_LIST).",
        valueName: "file"), completion: .file())
    var allowList: String?

    func validate() throws {
        if let scanTimeout, !(scanTimeout > 0 && scanTimeout.isFinite) {
            throw ValidationError("--scan-timeout must be a positive number of seconds; got \(scanTimeout)")
        }
    }

    /// The flags.
    func settings() -> PluginSettings {
        PluginSettings(folders: folders, noCache: noCache, scanTimeout: scanTimeout,
                       allowWritable: allowWritable, allowList: allowList)
    }

    /// The plugin environment of the flags and the process environment.
    func environment() -> PluginEnvironment {
        PluginEnvironment(settings())
    }

    /// A session on that environment whose messages go to standard error.
    func session() -> Session {
        Session(plugins: environment(), report: printError)
    }
}

/// `WxH` with positive numbers, e.g. `200x120`.
func parseSize(_ text: String) -> (Double, Double)? {
    let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
    guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
    return (parts[0], parts[1])
}

/// Runs a session call, turning its error into the command's failure.
func perform<T>(_ body: () throws(SessionError) -> T) throws(CommandFailure) -> T {
    do { return try body() } catch { throw CommandFailure(error) }
}

/// Writes a line to standard error (a failure to do so has nowhere to be reported, and ends nothing).
func printError(_ line: String) {
    fflush(nil)   // first what plugin code printed (descriptor 1 is standard error: see StandardOutput)
    StandardError.write(line: line)
}

/// Writes the command's output to standard output, checked (see ``StandardOutput``).
func printOutput(_ text: String, terminator: String = "\n") throws(CommandFailure) {
    try perform { () throws(SessionError) in try StandardOutput.write(text + terminator) }
}

@main
struct Easel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "easel",
        abstract: "Load widget plugins, list their classes and selectors, invoke their methods, and render scenes of views.",
        subcommands: [List.self, Inspect.self, Invoke.self, Render.self, Gallery.self, Preview.self, Compare.self, Schema.self, New.self, CacheCommand.self,
                      IsolatedWorkerCommand.self])

    @Flag(name: .long, help: "Print Easel's version, its plugin ABI and the versions of cairo, Pango and libffi it runs with.")
    var version = false

    func run() throws {
        guard version else { throw CleanExit.helpRequest(self) }
        for line in EaselVersions.lines() { try printOutput(line) }
    }

    /// Runs the command with Easel's exit statuses: 0 success, 1 runtime failure, 2 usage error.
    ///
    /// Before a command runs, standard output is kept from plugin code
    /// (``StandardOutput/protect()``, except in the isolated worker, which
    /// sets up its own descriptors); after it, the output is closed and
    /// checked, so that a write error is never a silent success.
    static func main() {
        let status = runCommand()
        PluginExitGuard.disarm()
        Glibc.exit(status)
    }

    /// Parses and runs the command; the exit status.
    private static func runCommand() -> Int32 {
        do {
            var command = try parseAsRoot()
            // The isolated worker sets up its own descriptors; preview becomes easel-preview, which runs no plugin code.
            if !(command is IsolatedWorkerCommand || command is Preview) {
                StandardOutput.protect()
                PluginExitGuard.install()
            }
            try command.run()
            try perform { () throws(SessionError) in try StandardOutput.finish() }
            return 0
        } catch let failure as CommandFailure {
            failure.lines.forEach(printError)
            return failure.status
        } catch {
            let code = exitCode(for: error)
            let text = fullMessage(for: error)
            if code == .success {
                do {
                    try printOutput(text)
                    try perform { () throws(SessionError) in try StandardOutput.finish() }
                } catch {
                    error.lines.forEach(printError)
                    return error.status
                }
                return 0
            }
            printError(text)
            return code == .validationFailure ? 2 : 1
        }
    }
}
