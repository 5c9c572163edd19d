import ArgumentParser
import EaselCanvas
import EaselHost
import EaselInvocation
import Foundation

/// A failure with the exit status it should end the process with.
struct CommandFailure: Error {
    /// 1 for a runtime failure, 2 for a usage error.
    let status: Int32
    /// Lines for standard error.
    let lines: [String]
}

/// Options shared by every command that loads plugins.
struct PluginOptions: ParsableArguments {
    @Option(name: .customLong("plugins"), help: ArgumentHelp(
        "A plugin folder (repeatable), searched before EASEL_PLUGIN_PATH; without either, the folder of the easel executable.",
        valueName: "dir"))
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
        valueName: "file"))
    var allowList: String?

    func validate() throws {
        if let scanTimeout, !(scanTimeout > 0 && scanTimeout.isFinite) {
            throw ValidationError("--scan-timeout must be a positive number of seconds; got \(scanTimeout)")
        }
    }

    /// The trust policy of the flags and the environment. An allow-list that
    /// cannot be read, is malformed or is writable by others ends the
    /// process with status 1 and a message naming the file (and line).
    func trust(environment: [String: String]) -> PluginTrust {
        var trust = PluginTrust(allowWritable: allowsWritable(environment: environment))
        guard let path = allowListPath(environment: environment) else { return trust }
        if let problem = trust.checkAllowListFile(path) {
            printError("error: \(problem)")
            Foundation.exit(1)
        }
        do {
            trust.allowList = try PluginAllowList(contentsOfFile: path)
        } catch {
            printError("error: \(error)")
            Foundation.exit(1)
        }
        return trust
    }

    /// Whether writable plugin files and folders may be loaded (the flag or the variable).
    func allowsWritable(environment: [String: String]) -> Bool {
        allowWritable || PluginTrust.allowsWritable(environment: environment)
    }

    /// The allow-list file of `--allow-list` or `$EASEL_ALLOW_LIST`, if any.
    func allowListPath(environment: [String: String]) -> String? {
        allowList ?? environment[PluginTrust.allowListEnvironmentVariable].flatMap({ $0.isEmpty ? nil : $0 })
    }

    /// The folders, the registry cache (nil with `--no-cache`) and the time limit.
    func settings() -> (folders: [String], cache: RegistryCache?, timeLimit: Double, environment: [String: String]) {
        // The variables these read, with getenv (cheaper than all of ProcessInfo's environment).
        var environment = [String: String](minimumCapacity: 8)
        for name in [PluginSearchPath.environmentVariable, PluginScanner.helperEnvironmentVariable,
                     PluginScanner.timeLimitEnvironmentVariable, PluginTrust.allowWritableEnvironmentVariable,
                     PluginTrust.allowListEnvironmentVariable, "XDG_CACHE_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        let folders = PluginSearchPath.resolve(explicit: folders, environment: environment)
        let cache = noCache ? nil : RegistryCache.defaultDirectory(environment: environment).map(RegistryCache.init(directory:))
        let limit = scanTimeout ?? PluginScanner.timeLimit(environment: environment) ?? PluginScanner.defaultTimeLimit
        return (folders, cache, limit, environment)
    }

    /// Writes the last listing of the search path to standard output, when
    /// nothing it depends on has changed (see ``ListingCache``), and the
    /// folders and files still pass the permission checks of folder trust.
    /// Never with an allow-list: the files' digests are computed on every run.
    ///
    /// - Returns: Whether it did.
    func writeCachedListing() -> Bool {
        let (folders, cache, limit, environment) = settings()
        guard allowListPath(environment: environment) == nil else { return false }
        let executable = PluginSearchPath.currentExecutablePath()
        guard let cache, let executable, PluginScanner.locateHelper(environment: environment, executablePath: executable) != nil
        else { return false }
        return ListingCache(cache: cache, program: executable)
            .write(folders: folders, timeLimit: limit, allowWritable: allowsWritable(environment: environment), to: STDOUT_FILENO)
    }

    /// Keeps the text of a listing of `scan`, made under `trust`, for the next `easel list`.
    func recordListing(_ text: String, of scan: PluginScan, trust: PluginTrust) {
        let (_, cache, limit, _) = settings()
        if let cache, let executable = PluginSearchPath.currentExecutablePath() {
            ListingCache(cache: cache, program: executable).record(text, of: scan, timeLimit: limit, trust: trust)
        }
    }

    /// Scans the plugins of the search path through easel-plugin-scanner and
    /// the registry cache, printing warnings; `nil` when there is no scanner.
    ///
    /// - Parameter isolated: Whether the plugins will be loaded in the isolated
    ///   child process (only the warning about a missing scanner changes).
    func scan(isolated: Bool = false) -> (PluginScan?, [String], PluginTrust) {
        let (folders, cache, limit, environment) = settings()
        let trust = self.trust(environment: environment)
        guard let helper = PluginScanner.locateHelper(environment: environment) else {
            let looked = environment[PluginScanner.helperEnvironmentVariable].flatMap { $0.isEmpty ? nil : $0 }
                ?? PluginSearchPath.currentExecutablePath().map { PluginSearchPath.defaultFolder(forExecutable: $0) + "/" + PluginScanner.helperName }
                ?? PluginScanner.helperName
            let place = isolated ? "the isolated child process" : "this process"
            printError("warning: the plugin scanner \(looked) is not an executable file; probing plugins in \(place), without the cache")
            return (nil, folders, trust)
        }
        let scan = PluginScanner(helperPath: helper, timeLimit: limit, cache: cache, trust: trust).scan(folders: folders)
        for warning in scan.warnings { printError("warning: \(warning)") }
        return (scan, folders, trust)
    }

    /// Loads the plugins of the search path into a new registry: the files
    /// the scan found good, in this process (the others are recorded failures).
    func loadRegistry() -> (Registry, [String]) {
        let (scan, folders, trust) = scan()
        let registry = Registry()
        if let scan { registry.loadPlugins(from: scan) } else { registry.loadPlugins(from: folders, trust: trust) }
        return (registry, folders)
    }

    /// The plugins and failures of the search path, without running plugin
    /// code when the scanner is there.
    func catalog() -> (PluginCatalog, [String], PluginScan?, PluginTrust) {
        let (scan, folders, trust) = scan()
        if let scan { return (PluginCatalog(scan), folders, scan, trust) }
        let registry = Registry()
        registry.loadPlugins(from: folders, trust: trust)
        return (PluginCatalog(registry: registry), folders, nil, trust)
    }
}

func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

@main
struct Easel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "easel",
        abstract: "Load widget plugins, list their classes and selectors, invoke their methods, and render scenes of views.",
        subcommands: [List.self, Invoke.self, Render.self, Gallery.self, CacheCommand.self, IsolatedWorker.self])

    /// Runs the command with Easel's exit statuses: 0 success, 1 runtime failure, 2 usage error.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            failure.lines.forEach(printError)
            Foundation.exit(failure.status)
        } catch {
            let code = exitCode(for: error)
            let text = fullMessage(for: error)
            if code == .success {
                print(text)
                Foundation.exit(0)
            }
            printError(text)
            Foundation.exit(code == .validationFailure ? 2 : 1)
        }
    }
}

// MARK: - easel list

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
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
        defer { if timings { times.report().forEach(printError) } }
        // An unchanged search path: the last listing's text, as it was.
        if !json && !failed && !plugins.noCache, measure(&times.cached, { plugins.writeCachedListing() }) { return }
        let (catalog, folders, scan, trust) = measure(&times.scan) { plugins.catalog() }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let listing = Listing(catalog: catalog, folders: folders)
            let data = failed ? try encoder.encode(["failures": listing.failures]) : try encoder.encode(listing)
            print(String(decoding: data, as: UTF8.self))
            return
        }
        if failed {
            print(Listing.failedText(catalog: catalog, folders: folders), terminator: "")
        } else {
            let text = measure(&times.format) { Listing.text(catalog: catalog, folders: folders) }
            measure(&times.write) { print(text, terminator: "") }
            if let scan, !plugins.noCache { measure(&times.record) { plugins.recordListing(text, of: scan, trust: trust) } }
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
            "  " + name.padding(toLength: 8, withPad: " ", startingAt: 0) + String(format: "%9.3f", value)
        }
    }
}


/// The JSON form of `easel list`.
struct Listing: Encodable {
    struct PropertyEntry: Encodable { let name: String; let encoding: String; let type: String }
    struct MethodEntry: Encodable { let selector: String; let encoding: String; let signature: String }
    struct ClassEntry: Encodable {
        let name: String; let superclass: String
        let properties: [PropertyEntry]; let methods: [MethodEntry]
    }
    struct PluginEntry: Encodable { let path: String; let name: String; let abiVersion: String; let classes: [ClassEntry] }
    struct FailureEntry: Encodable {
        let path: String; let reason: String; let message: String
        let className: String?; let selector: String?
        let output: [String]; let recordedAt: String
    }
    let folders: [String]
    let plugins: [PluginEntry]
    let failures: [FailureEntry]

    init(catalog: PluginCatalog, folders: [String]) {
        self.folders = folders
        plugins = catalog.plugins.map { plugin in
            PluginEntry(path: plugin.path, name: plugin.name, abiVersion: "\(plugin.abiMajor).\(plugin.abiMinor)",
                        classes: plugin.classes.map(Listing.classEntry))
        }
        failures = catalog.failures.map {
            FailureEntry(path: $0.error.path, reason: $0.error.kind.rawValue, message: $0.error.message,
                         className: $0.error.className, selector: $0.error.selector,
                         output: $0.error.output, recordedAt: timestamp($0.recordedAt))
        }
    }

    static func classEntry(_ cls: ClassDescription) -> ClassEntry {
        ClassEntry(
            name: cls.name, superclass: cls.superclass,
            properties: cls.properties.map { PropertyEntry(name: $0.name, encoding: $0.encoding, type: $0.readableType) },
            methods: cls.methods.map {
                MethodEntry(selector: $0.selector, encoding: $0.encoding, signature: $0.readableSignature(className: cls.name))
            })
    }

    static func text(catalog: PluginCatalog, folders: [String]) -> String {
        var out = "Plugin folders:\n" + folders.map { "  \($0)\n" }.joined()
        out += "\n\(catalog.plugins.count) plugin\(catalog.plugins.count == 1 ? "" : "s") loaded\n"
        for plugin in catalog.plugins {
            out += "\n\(plugin.path)\n  plugin \(plugin.name), ABI \(plugin.abiMajor).\(plugin.abiMinor)\n"
            for cls in plugin.classes {
                out += "  class \(cls.name) : \(cls.superclass)\n"
                for property in cls.properties {
                    out += "    property \(property.name): \(property.readableType)  \(property.encoding)\n"
                }
                for method in cls.methods {
                    out += "    \(method.readableSignature(className: cls.name))  \(method.encoding)\n"
                }
            }
        }
        if !catalog.failures.isEmpty {
            out += "\n\(failureCount(catalog))\n"
            for failure in catalog.failures {
                out += "  \(failure.error.path): \(failure.error.message)\n"
                for line in failure.error.output { out += "      | \(line)\n" }
            }
        }
        return out
    }

    /// `easel list --failed`: every failure with its reason, the time it was recorded and the plugin's last output.
    static func failedText(catalog: PluginCatalog, folders: [String]) -> String {
        var out = "Plugin folders:\n" + folders.map { "  \($0)\n" }.joined()
        out += "\n\(failureCount(catalog))\n"
        for failure in catalog.failures {
            out += "  \(failure.error.path): \(failure.error.message)\n"
            out += "    reason \(failure.error.kind.rawValue), recorded \(timestamp(failure.recordedAt))\n"
            for line in failure.error.output { out += "      | \(line)\n" }
        }
        return out
    }

    static func failureCount(_ catalog: PluginCatalog) -> String {
        "\(catalog.failures.count) file\(catalog.failures.count == 1 ? "" : "s") failed to load"
    }
}

/// A time as ISO 8601 in UTC, e.g. `2025-06-01T12:34:56Z`.
func timestamp(_ date: Date) -> String {
    date.formatted(.iso8601)
}

// MARK: - easel cache

struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Manage the plugin cache (what easel-plugin-scanner found in each plugin file).",
        subcommands: [Clear.self, Location.self])

    static func cache() throws -> RegistryCache {
        guard let directory = RegistryCache.defaultDirectory(environment: ProcessInfo.processInfo.environment) else {
            throw CommandFailure(status: 1, lines: ["error: no cache folder: neither XDG_CACHE_HOME nor HOME is set"])
        }
        return RegistryCache(directory: directory)
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete the plugin cache: the next command scans every plugin file again, failed ones included.")

        func run() throws {
            let cache = try CacheCommand.cache()
            do {
                print(try cache.clear() ? "removed \(cache.file)" : "no plugin cache at \(cache.file)")
            } catch {
                throw CommandFailure(status: 1, lines: ["error: \(error)"])
            }
        }
    }

    struct Location: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "path", abstract: "Print the plugin cache file's path.")

        func run() throws { print(try CacheCommand.cache().file) }
    }
}

// MARK: - easel invoke

struct Invoke: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create an instance of a class, send it a selector with arguments, print the result and optionally write the canvas.",
        discussion: """
            Arguments are read by the method's signature: a rect as x,y,w,h, a point as x,y, a size as w,h, \
            integers, reals, booleans (true/false), strings, colours as #rrggbb or #rrggbbaa. An object argument \
            is nil, self or a class name (a new instance); a context argument (^v) is context or NULL.
            """)

    @Argument(help: "The class to instantiate.")
    var className: String

    @Argument(help: "The selector to send, e.g. drawRect:.")
    var selector: String

    @Argument(parsing: .allUnrecognized, help: "The selector's arguments.")
    var arguments: [String] = []

    @OptionGroup var plugins: PluginOptions

    @Option(help: ArgumentHelp("Canvas size in points.", valueName: "WxH"))
    var size: String = "200x200"

    @Option(help: "Pixels per point of the written image.")
    var scale: Double = 1

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the canvas to FILE (.png, .svg or .pdf; - for PNG on standard output).", valueName: "file"))
    var output: String?

    @Flag(help: "Send every call through libffi instead of the direct typed calls (also EASEL_FORCE_LIBFFI=1).")
    var forceLibffi = false

    @OptionGroup var isolation: IsolationOptions

    func validate() throws {
        guard parseSize(size) != nil else { throw ValidationError("--size must be WxH with positive numbers, e.g. 200x120; got '\(size)'") }
        guard scale > 0, scale <= 16 else { throw ValidationError("--scale must be between 0 and 16; got \(scale)") }
    }

    func parseSize(_ text: String) -> (Double, Double)? {
        let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
        return (parts[0], parts[1])
    }

    func run() throws {
        if forceLibffi { InvocationOptions.forceLibffi = true }
        if isolation.isolate { return try runIsolated() }
        let (registry, _) = plugins.loadRegistry()
        for failure in registry.failures { printError("warning: \(failure)") }
        let (width, height) = parseSize(size)!
        let canvas: Canvas
        do { canvas = try Canvas(width: width, height: height) } catch {
            throw CommandFailure(status: 1, lines: ["error: \(error)"])
        }
        let result: InvokeResult
        do {
            result = try registry.invoke(className: className, selector: selector, arguments: arguments, canvas: canvas)
        } catch {
            var lines = ["error: \(error.message)"]
            if let usage = error.usage { lines.append("usage: \(usage)") }
            throw CommandFailure(status: error.isUsageError ? 2 : 1, lines: lines)
        }
        for diagnostic in result.diagnostics { printError(diagnostic.description) }
        if let value = result.returnValue { print(value) }
        if let output {
            do {
                if output == "-" {
                    FileHandle.standardOutput.write(Data(try canvas.pngData(scale: scale)))
                } else {
                    try canvas.write(to: output, scale: scale)
                }
            } catch {
                throw CommandFailure(status: 1, lines: ["error: \(error)"])
            }
        }
        if result.diagnostics.contains(where: { $0.severity == .error }) {
            throw CommandFailure(status: 1, lines: [])
        }
    }
}
