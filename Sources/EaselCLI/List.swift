import ArgumentParser
import EaselEncoding
import EaselSession
import FoundationEssentials

// MARK: - easel list

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List plugins, their classes, properties and selectors, then the files that failed to load.",
        discussion: """
            Plugin files are probed by easel-plugin-scanner, in a process of its own, and its answers are kept \
            in the plugin cache, so listing an unchanged folder runs no plugin code.
            """)

    @OptionGroup var plugins: PluginOptions

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(help: "Print only the files that failed to load, with the reason and the time it was recorded.")
    var failed = false

    @Flag(help: "Print how long listing took (after start-up) to standard error.")
    var timings = false

    func run() throws {
        var times = ListTimes()
        let session = plugins.session()
        // An unchanged search path: the last listing's text, as it was.
        if !json && !failed && !plugins.noCache,
           try perform({ () throws(SessionError) in
               try measure(&times.cached) { () throws(SessionError) in try session.plugins.writeCachedListing(to: StandardOutput.descriptor) }
           }) {
            if timings { times.report().forEach(printError) }
            return
        }
        // A failure (an allow-list that cannot be used) ends the command without timings.
        let listing = try perform { () throws(SessionError) in try measure(&times.scan) { () throws(SessionError) in try session.listing() } }
        defer { if timings { times.report().forEach(printError) } }
        if json {
            try printOutput(try listing.json(failedOnly: failed))
            return
        }
        if failed {
            try printOutput(listing.failedText, terminator: "")
        } else {
            let text = measure(&times.format) { listing.text }
            try measure(&times.write) { () throws(CommandFailure) in try printOutput(text, terminator: "") }
            if !plugins.noCache { measure(&times.record) { session.plugins.recordListing(text, of: listing) } }
        }
    }
}

/// How long each stage of `easel list` took, in milliseconds (`nil`: the stage did not run).
struct ListTimes {
    /// Checking the last listing and, when nothing changed, writing it (the whole work then).
    var cached: Double?
    /// Otherwise: scanning, making the text, writing it, keeping it for the next time.
    var scan: Double?, format: Double?, write: Double?, record: Double?

    func report() -> [String] {
        let stages = [("cached", cached), ("scan", scan), ("format", format), ("write", write), ("record", record)]
            .compactMap { name, value in value.map { (name, $0) } }
        let total = stages.reduce(0) { $0 + $1.1 }
        return ["timings (ms):"] + (stages + [("total", total)]).map { name, value in
            "  " + name.padded(to: 8) + String(printf: "%9.3f", value)
        }
    }
}

// MARK: - easel cache

struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Manage the plugin cache (what easel-plugin-scanner found in each plugin file).",
        subcommands: [Clear.self, Location.self])

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear",
            abstract: "Delete the plugin cache: the next command scans every plugin file again, failed ones included.")

        func run() throws {
            let (file, existed) = try perform { () throws(SessionError) in
                try PluginEnvironment.clearCache(variables: PluginEnvironment.processVariables())
            }
            try printOutput(existed ? "removed \(file)" : "no plugin cache at \(file)")
        }
    }

    struct Location: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "path", abstract: "Print the plugin cache file's path.")

        func run() throws {
            try printOutput(try perform { () throws(SessionError) in
                try PluginEnvironment.cacheLocation(variables: PluginEnvironment.processVariables()).file
            })
        }
    }
}
