import EaselDiscovery
import EaselRuntime
import EaselViews
import FoundationEssentials
import Glibc

/// What a user asked for about plugins: the flags shared by every command that loads them.
public struct PluginSettings: Sendable, Codable {
    /// Plugin folders given explicitly (`--plugins`), searched before `EASEL_PLUGIN_PATH`.
    public var folders: [String]
    /// Neither read nor write the plugin cache (`--no-cache`).
    public var noCache: Bool
    /// Seconds a plugin may take to load while it is scanned (`--scan-timeout`); `nil` for the default.
    public var scanTimeout: Double?
    /// Load writable plugin files and folders (`--allow-writable-plugins`).
    public var allowWritable: Bool
    /// An allow-list file of SHA-256 digests (`--allow-list`).
    public var allowList: String?

    /// Creates settings; every default is what `easel` does without flags.
    public init(folders: [String] = [], noCache: Bool = false, scanTimeout: Double? = nil, allowWritable: Bool = false,
                allowList: String? = nil) {
        self.folders = folders
        self.noCache = noCache
        self.scanTimeout = scanTimeout
        self.allowWritable = allowWritable
        self.allowList = allowList
    }
}

/// Where plugins come from and under which rules: folders, cache, trust, scanner.
///
/// Made from ``PluginSettings`` and the process environment (the flags win
/// over the variables); it then scans and loads the plugins of its folders.
/// It never prints and never ends the process: warnings go to the handler
/// it is given, failures are thrown as ``SessionError``.
public struct PluginEnvironment: Sendable {
    /// The variables an environment reads.
    public static let variableNames = [
        PluginSearchPath.environmentVariable, PluginScanner.helperEnvironmentVariable,
        PluginScanner.timeLimitEnvironmentVariable, PluginTrust.allowWritableEnvironmentVariable,
        PluginTrust.allowListEnvironmentVariable, "XDG_CACHE_HOME", "HOME",
    ]

    /// The folders to load, in search-path order.
    public var folders: [String]
    /// The registry cache; `nil` with `--no-cache`.
    public var cache: RegistryCache?
    /// Seconds a plugin may take to load while it is scanned.
    public var timeLimit: Double
    /// Whether writable plugin files and folders may be loaded.
    public var allowsWritable: Bool
    /// The allow-list file, if any.
    public var allowListPath: String?
    /// The environment variables it was made from (those of ``variableNames`` that are set).
    public var variables: [String: String]
    /// Whether to probe plugins in this process without looking for the
    /// scanner (and without the cache): for programs embedding the session.
    public var probesInProcess = false

    /// The environment of a command's settings.
    ///
    /// - Parameters:
    ///   - settings: The flags.
    ///   - variables: The environment variables; by default, this process's.
    public init(_ settings: PluginSettings, variables: [String: String] = PluginEnvironment.processVariables()) {
        self.variables = variables
        folders = PluginSearchPath.resolve(explicit: settings.folders, environment: variables)
        cache = settings.noCache ? nil : RegistryCache.defaultDirectory(environment: variables).map(RegistryCache.init(directory:))
        timeLimit = settings.scanTimeout ?? PluginScanner.timeLimit(environment: variables) ?? PluginScanner.defaultTimeLimit
        allowsWritable = settings.allowWritable || PluginTrust.allowsWritable(environment: variables)
        allowListPath = settings.allowList
            ?? variables[PluginTrust.allowListEnvironmentVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// An environment that loads the given folders in this process, without scanner, cache or trust rules beyond the defaults.
    ///
    /// - Parameter folders: The plugin folders, in order.
    public init(folders: [String]) {
        self.folders = folders
        cache = nil
        timeLimit = PluginScanner.defaultTimeLimit
        allowsWritable = false
        allowListPath = nil
        variables = [:]
        probesInProcess = true
    }

    /// The variables of ``variableNames`` that are set in this process (read with getenv, cheaper than all of ProcessInfo's).
    public static func processVariables() -> [String: String] {
        var environment = [String: String](minimumCapacity: 8)
        for name in variableNames {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// The trust policy of the settings.
    ///
    /// - Throws: ``SessionError`` naming the allow-list file (and line) when
    ///   it cannot be read, is malformed or is writable by others.
    public func trust() throws(SessionError) -> PluginTrust {
        var trust = PluginTrust(allowWritable: allowsWritable)
        guard let path = allowListPath else { return trust }
        if let problem = trust.checkAllowListFile(path) { throw SessionError(problem, file: path) }
        do {
            trust.allowList = try PluginAllowList(contentsOfFile: path)
        } catch {
            throw SessionError(describing: error, file: path)
        }
        return trust
    }

    /// The scanner executable to probe plugins with, if there is one.
    public func scannerPath() -> String? {
        probesInProcess ? nil : PluginScanner.locateHelper(environment: variables)
    }

    /// What a scan found, and the trust policy it ran under.
    public struct Scan {
        /// The scan; `nil` when plugins are probed in this process (no scanner).
        public var scan: PluginScan?
        /// The trust policy.
        public var trust: PluginTrust
    }

    /// Scans the plugins of the folders through easel-plugin-scanner and the
    /// registry cache; `scan` is `nil` when there is no scanner.
    ///
    /// - Parameters:
    ///   - isolated: Whether the plugins will be loaded in the isolated
    ///     child process (only the warning about a missing scanner changes).
    ///   - warn: Receives each warning line as it happens.
    /// - Throws: ``SessionError`` for an allow-list that cannot be used.
    public func scan(isolated: Bool = false, warn: (String) -> Void) throws(SessionError) -> Scan {
        let trust = try self.trust()
        if probesInProcess { return Scan(scan: nil, trust: trust) }
        guard let helper = scannerPath() else {
            let looked = variables[PluginScanner.helperEnvironmentVariable].flatMap { $0.isEmpty ? nil : $0 }
                ?? PluginSearchPath.currentExecutablePath().map {
                    PluginSearchPath.defaultFolder(forExecutable: $0) + "/" + PluginScanner.helperName
                }
                ?? PluginScanner.helperName
            let place = isolated ? "the isolated child process" : "this process"
            warn("warning: the plugin scanner \(looked) is not an executable file; probing plugins in \(place), without the cache")
            return Scan(scan: nil, trust: trust)
        }
        let scan = PluginScanner(helperPath: helper, timeLimit: timeLimit, cache: cache, trust: trust,
                                 builtInClassNames: BuiltIns.withViews.classNames).scan(folders: folders)
        for warning in scan.warnings { warn("warning: \(warning)") }
        return Scan(scan: scan, trust: trust)
    }

    /// Loads the plugins of the folders into a new registry: the files the
    /// scan found good, in this process (the others are recorded failures);
    /// every failure is passed to `warn` as a warning.
    ///
    /// - Parameter warn: Receives each warning line as it happens.
    /// - Throws: ``SessionError`` for an allow-list that cannot be used.
    public func loadRegistry(warn: (String) -> Void) throws(SessionError) -> Registry {
        let scanned = try scan(warn: warn)
        let registry = Registry()
        PluginExitGuard.watch(registry)
        PluginExitGuard.setPhase("loading the plugins")
        if let scan = scanned.scan {
            registry.loadPlugins(from: scan)
        } else {
            registry.loadPlugins(from: folders, trust: scanned.trust)
        }
        for failure in registry.failures { warn("warning: \(failure)") }
        return registry
    }
}
