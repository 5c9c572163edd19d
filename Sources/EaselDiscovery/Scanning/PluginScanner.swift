// Discovery: where plugins come from, and whether they may load.
//
// This module owns the search path (PluginSearchPath.swift), folder and file
// trust and SHA-256 allow-lists (Trust/), the scanner client with its helper
// processes, the registry cache and the listing cache (Scanning/), and
// loading folders into a registry (Registry+Folders.swift). It hands what
// passed to the runtime's link phase and knows nothing of views, scenes or
// drawing.
//
// Scanning plugins out of process, and the registry cache.
//
// Probing a plugin runs its code: its constructors and its entry point. A
// plugin that crashes, aborts, exits or hangs while it loads would take the
// host down with it, so the host does not probe new or changed files itself.
// It hands them to a helper process, `easel-plugin-scanner` (the EaselScanner
// target, installed next to `easel`), as GStreamer hands them to
// gst-plugin-scanner:
//
// - One helper probes many files, one after the other, with the same
//   `PluginProbe` the in-process loader uses (EaselProbe's PluginProbe.swift),
//   and registers nothing. The helper is built from the EaselProbe module
//   alone, which links no graphics library: its entry points get a host table
//   whose drawing and view functions do nothing (`ProbeHostTable`), so it
//   starts without loading cairo and its twenty-odd dependencies. The host
//   writes every path to the helper's standard input at once, each ended by a
//   NUL byte; the helper answers on its standard output with a hello
//   (protocol version, host ABI) and then one packet per file, in order, each
//   written before the next file's code runs: the plugin's description
//   (classes, superclasses, instance sizes, properties with encodings,
//   offsets and default bytes, methods with encodings: everything
//   `easel list` prints) or its `PluginLoadError`, as length-prefixed fields
//   (`ScannerProtocol` in EaselProbe's ScannerHelper.swift; JSON cost about
//   10 µs per plugin each way). The helper first moves its standard output
//   out of the plugins' way: whatever plugin code prints goes to standard error.
// - The host does not wake for every answer (ScannerProcess.swift): the
//   answers and the helper's standard error wait in pipes of up to 1 MiB
//   while the host sleeps in poll() until the helper closes its answer
//   channel (every file answered, or dead) or a 25 ms tick, then reads what
//   is there. The file being probed is the first one without an answer, and
//   its clock starts when the host sees the previous answer. When the helper
//   dies (end of its output, then waitpid), that file is recorded as crashed,
//   with the signal's name, or exited, with the status; when its clock passes
//   the time limit (5 s unless configured), the helper is killed and the file
//   recorded as timed out. Each keeps the last lines the helper wrote to
//   standard error after the previous answer: the helper writes a marker line
//   there after each answer, so the two channels need not be read in step. A
//   new helper takes the remaining files, so a bad plugin costs one restart
//   and the others of the scan are unaffected. A helper that cannot start, or
//   speaks another protocol, fails the remaining files as `scanner-failed`
//   without blaming a plugin.
// - A large scan runs helpers in parallel: one more for every 32 files to
//   probe (a helper's start-up costs about as much as probing 32), up to one
//   per online processor. The files are cut into runs of consecutive files,
//   each handled on its own thread by its own helper, restarted after a
//   crash like any other; answers keep the files' order.
// - Checks that run no plugin code are made in the host first, so an
//   unreadable or non-ELF file never costs a helper: each file to probe is
//   opened once (`PluginTrust.open`: its owner and mode, its digest under an
//   allow-list, its ELF headers, the libraries it brings from outside the
//   system's folders), and the helper inherits the descriptors that passed
//   and loads those, never the paths (EaselProbe's PluginImage.swift), so a
//   file renamed into place after the check is never run. Each run checks
//   its own files, then starts its helper. Before those, and before the cache
//   is consulted, the host applies its `PluginTrust` (Trust/PluginTrust.swift)
//   by path: a folder or file writable by group or others, or a file missing
//   from the allow-list, is refused without being probed.
//
// The registry cache (RegistryCache.swift) keeps every answer of a helper,
// good or bad, keyed by (path, mtime, size, host ABI version), in a versioned
// JSON file under `$XDG_CACHE_HOME/easel/`. A scan stats each file; when the
// key matches, the answer comes from the cache and none of the plugin's code
// runs. A changed file misses and is probed again, which is how a failed
// plugin is retried; a time-out is also retried under a longer time limit.
// Failures found by the host's own checks are not cached: they cost no helper
// and can change without the file changing (permissions), and trust refusals
// depend on the flags of the run. A refused folder's cache entries are kept
// for a run that trusts it. A scan also records what its answers depended on
// (`ScanInputs`), and `easel list` keeps its text with them
// (EaselSession's ListingCache.swift), so that listing an unchanged search path again stats
// the files and prints that text, without decoding, linking or formatting
// anything. A scan with a trust refusal records no inputs; the listing's key
// holds the trust policy, its check applies the permission rules to the
// folders and files it stats, and there is no such listing under an
// allow-list (digests are computed on every run).
//
// Using a scan: `PluginCatalog` links the descriptions with the registry's
// `PluginLinker` to list plugins without loading any, and
// `Registry.loadPlugins(from: PluginScan)` loads only the files the scan
// found good (opened and checked again under the scan's trust) and records
// the others with their recorded reason, so a plugin that crashed its scan
// never runs in the host process.

#if canImport(Glibc)
import Glibc
#endif
import EaselRuntime
import FoundationEssentials

/// Probes plugin files in a helper process, `easel-plugin-scanner`, with an
/// optional ``RegistryCache`` (see PluginScanner.swift for the design).
public struct PluginScanner: Sendable {
    /// The helper executable's name, looked for next to the running executable.
    public static let helperName = "easel-plugin-scanner"
    /// The environment variable naming the helper explicitly.
    public static let helperEnvironmentVariable = "EASEL_PLUGIN_SCANNER"
    /// The environment variable with the time limit in seconds.
    public static let timeLimitEnvironmentVariable = "EASEL_SCAN_TIMEOUT"
    /// How long a plugin may take to load in the helper, unless configured.
    public static let defaultTimeLimit = 5.0

    /// The helper executable.
    public var helperPath: String
    /// Seconds one file may take, from the previous answer to its own.
    public var timeLimit: Double
    /// Where answers are kept between runs; `nil` scans every file.
    public var cache: RegistryCache?
    /// Which folders and files may be loaded at all: checked in this process
    /// before the cache is consulted, and never cached.
    public var trust: PluginTrust
    /// The host's built-in classes (a registry's ``Registry/builtInClassNames``):
    /// what `class_named` finds inside entry points in the helper, and what a
    /// scan's plugins may inherit from when the scan is listed (``PluginCatalog``).
    public var builtInClassNames: [String]
    /// The most helpers one scan runs at the same time (by default, one per
    /// online processor); a scan starts one more helper for every
    /// ``filesPerHelper`` files to probe, up to this number.
    public var maximumHelpers: Int = PluginScanner.onlineProcessors
    /// Files to probe per helper started in parallel: a helper's start-up
    /// costs about as much as probing this many files.
    public static let filesPerHelper = 32

    /// The number of online processors (at least 1).
    public static var onlineProcessors: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// How many helpers probe `files` files in parallel.
    package static func helperCount(files: Int, maximum: Int) -> Int {
        max(1, min(maximum, files / filesPerHelper))
    }

    /// A scanner.
    ///
    /// - Parameters:
    ///   - helperPath: The `easel-plugin-scanner` executable.
    ///   - timeLimit: Seconds a file may take to load before it counts as hanging.
    ///   - cache: The registry cache to read and update, or `nil` for none.
    ///   - trust: The permission rules and allow-list (by default: refuse
    ///     folders and files writable by group or others, no allow-list).
    ///   - builtInClassNames: The host's built-in classes (``Registry/builtInClassNames``).
    public init(helperPath: String, timeLimit: Double = PluginScanner.defaultTimeLimit, cache: RegistryCache? = nil,
                trust: PluginTrust = PluginTrust(), builtInClassNames: [String]) {
        self.helperPath = helperPath
        self.timeLimit = timeLimit
        self.cache = cache
        self.trust = trust
        self.builtInClassNames = builtInClassNames
    }

    /// The helper to use: `$EASEL_PLUGIN_SCANNER` when set, else
    /// `easel-plugin-scanner` in the folder of `executablePath` (read only when it is needed).
    ///
    /// - Returns: The path, or `nil` when no executable file is there.
    public static func locateHelper(environment: [String: String],
                                    executablePath: @autoclosure () -> String? = PluginSearchPath.currentExecutablePath()) -> String? {
        let candidate: String
        if let explicit = environment[helperEnvironmentVariable], !explicit.isEmpty {
            candidate = explicit
        } else if let executablePath = executablePath() {
            candidate = PluginSearchPath.defaultFolder(forExecutable: executablePath) + "/" + helperName
        } else {
            return nil
        }
        return access(candidate, X_OK) == 0 ? candidate : nil
    }

    /// The time limit from `$EASEL_SCAN_TIMEOUT`, when it is a positive number.
    public static func timeLimit(environment: [String: String]) -> Double? {
        environment[timeLimitEnvironmentVariable].flatMap(Double.init).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    }

    /// Scans every `*.so` file of the folders, in search-path order and by
    /// name within a folder, as ``Registry/loadPlugins(from:)`` would load them.
    ///
    /// Files whose cached answer matches are not opened; the others are
    /// checked in this process, then probed by the helper; new answers are
    /// written back to the cache.
    ///
    /// - Parameter folders: Plugin folders in search-path order.
    /// - Returns: One entry per file (and per missing folder), in order.
    public func scan(folders: [String]) -> PluginScan {
        let now = Date()
        var warnings: [String] = []
        // The cache is read when the first file needs it.
        var loadedStore: RegistryCache.Store?
        func store() -> RegistryCache.Store {
            if let loadedStore { return loadedStore }
            var loaded = RegistryCache.Store()
            if let cache {
                let (read, warning) = cache.load()
                loaded = read
                warning.map { warnings.append($0) }
            }
            loadedStore = loaded
            return loaded
        }

        var entries: [PluginScan.Entry] = []
        var misses: [(index: Int, path: String, folder: String, key: RegistryCache.Key)] = []
        var seen = Set<FileIdentity>()
        var found = Set<String>()
        var statistics = PluginScan.Statistics()
        var refusedFolders = Set<String>()   // their cache entries are kept
        // What the answers depend on, for a listing cache (nil once a host
        // failure, a trust refusal or a scanner failure makes the scan depend on more).
        var inputs: ScanInputs? = cache == nil ? nil : ScanInputs()
        for folder in folders {
            // The folder as it was before it was listed, and whether it had
            // been left alone long enough for its modification time to
            // change with any later entry (see EaselSession's ListingCache).
            let listedAt = realtimeNanoseconds()
            var folderInfo = stat()
            let folderKnown = inputs != nil && stat(folder, &folderInfo) == 0
            let files: [String]
            switch PluginFolder.sharedObjects(in: folder) {
            case .success(let list): files = list
            case .failure(let error):
                entries.append(PluginScan.Entry(path: folder, outcome: .failed(error), recordedAt: now, source: .host))
                inputs = nil
                continue
            }
            if let refusal = trust.checkFolder(folder) {
                entries.append(PluginScan.Entry(path: folder, outcome: .failed(refusal), recordedAt: now, source: .host))
                refusedFolders.insert(folder)
                inputs = nil
                continue
            }
            if folderKnown {
                let mtime = Int64(folderInfo.st_mtim.tv_sec) * 1_000_000_000 + Int64(folderInfo.st_mtim.tv_nsec)
                inputs?.folders.append(ScanInputs.Folder(path: folder, device: UInt64(folderInfo.st_dev),
                    inode: UInt64(folderInfo.st_ino), mtime: mtime, settled: listedAt - mtime >= ScanInputs.settlingTime, files: []))
            } else {
                inputs = nil
            }
            for path in files {
                var info = stat()
                guard FileSystemName.stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                    inputs = nil
                    guard seen.insert(FileIdentity(path: path)).inserted else { continue }
                    let error = PluginProbe.checkFile(path)
                        ?? PluginLoadError(path: path, kind: .unreadable, message: "cannot read the file")
                    entries.append(PluginScan.Entry(path: path, outcome: .failed(error), recordedAt: now, source: .host, folder: folder))
                    continue
                }
                let key = RegistryCache.Key(mtime: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                                            size: Int64(info.st_size))
                inputs?.add(ScanInputs.File(path: path, key: key, device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
                guard seen.insert(FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else { continue }
                found.insert(path)
                if let refusal = trust.checkFile(path, folder: folder, status: info) {
                    entries.append(PluginScan.Entry(path: path, outcome: .failed(refusal), recordedAt: now, source: .host,
                                                    folder: folder))
                    inputs = nil
                    continue
                }
                if cache != nil, let hit = store().lookup(path, key, timeLimit: timeLimit) {
                    statistics.cacheHits += 1
                    if hit.failure?.kind == .timedOut { inputs?.noteTimeOut(under: hit.timeLimit ?? 0) }
                    // A cache written by an older easel may hold names this one refuses.
                    let outcome: PluginScan.Outcome = hit.plugin.map { $0.nameRefusal.map { .failed($0) } ?? .plugin($0) }
                        ?? .failed(hit.failure ?? PluginLoadError(path: path, kind: .scannerFailed, message: "not scanned"))
                    entries.append(PluginScan.Entry(path: path, outcome: outcome,
                                                    recordedAt: Date(timeIntervalSince1970: hit.recordedAt), source: .cache,
                                                    folder: folder))
                    continue
                }
                if cache != nil { _ = store() }   // so that the answer is recorded
                misses.append((entries.count, path, folder, key))
                entries.append(PluginScan.Entry(path: path, outcome: .failed(PluginLoadError(path: path, kind: .scannerFailed,
                    message: "not scanned")), recordedAt: now, source: .scanner, folder: folder))
            }
        }

        // The host's own checks of the files to probe, then the helpers:
        // each starts as soon as one of its files passes, and loads while
        // the others are checked.
        if !misses.isEmpty {
            let helper = HelperRun(helperPath: helperPath, timeLimit: timeLimit, builtInClassNames: builtInClassNames,
                                   trust: trust)
            let requests = misses.map { HelperRun.Request(path: $0.path, folder: $0.folder) }
            let (answers, launches) = helper.checkAndScan(requests, runs: Self.helperCount(files: misses.count,
                                                                                           maximum: maximumHelpers))
            statistics.helperLaunches = launches
            let finished = Date()
            for (miss, answer) in zip(misses, answers) {
                let result: Result<PluginDescription, PluginLoadError>
                switch answer {
                case .refused(let error):
                    entries[miss.index] = PluginScan.Entry(path: miss.path, outcome: .failed(error), recordedAt: now, source: .host,
                                                           folder: miss.folder)
                    inputs = nil
                    continue
                case .scanned(let answer): result = answer
                }
                statistics.probed += 1
                entries[miss.index].outcome = switch result {
                case .success(let plugin): .plugin(plugin)
                case .failure(let error): .failed(error)
                }
                entries[miss.index].recordedAt = finished
                // A scanner that could not run says nothing about the file.
                if case .failure(let error) = result, error.kind == .scannerFailed { inputs = nil; continue }
                if case .failure(let error) = result, error.kind == .timedOut { inputs?.noteTimeOut(under: timeLimit) }
                loadedStore?.record(miss.path, miss.key, result, at: finished.timeIntervalSince1970, timeLimit: timeLimit)
            }
        }

        if let cache, var updated = loadedStore {
            updated.prune(folders: folders.filter { !refusedFolders.contains($0) }, keeping: found)
            if updated.changed, let warning = cache.save(updated) { warnings.append(warning) }
        }
        var scan = PluginScan(folders: folders, entries: entries, statistics: statistics, warnings: warnings,
                              builtInClassNames: builtInClassNames, inputs: warnings.isEmpty ? inputs : nil)
        scan.trust = trust
        return scan
    }
}

/// What identifies a file once: its device and inode, or its path when it
/// cannot be stat()ed.
private struct FileIdentity: Hashable {
    var device: UInt64 = 0
    var inode: UInt64 = 0
    var path: String?

    init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    init(path: String) { self.path = path }
}

/// The result of ``PluginScanner/scan(folders:)``: for every plugin file of
/// the search path, its description or why it cannot be loaded.
public struct PluginScan: Sendable {
    /// A scanned file's description, or why it failed.
    public enum Outcome: Sendable {
        /// The file is a plugin that passed every check of the probe.
        case plugin(PluginDescription)
        /// The file (or folder) failed, with the recorded reason.
        case failed(PluginLoadError)
    }

    /// Where an answer came from.
    public enum Source: Sendable {
        /// The registry cache: nothing was opened.
        case cache
        /// The helper process, in this scan.
        case scanner
        /// The host's own checks of the file or folder, in this scan.
        case host
    }

    /// One plugin file (or a plugin folder that cannot be listed).
    public struct Entry: Sendable {
        /// The file or folder.
        public var path: String
        /// Its description or failure.
        public var outcome: Outcome
        /// When the answer was recorded (for a cached answer, the scan that made it).
        public var recordedAt: Date
        /// Where the answer came from.
        public var source: Source
        /// The plugin folder the file was found in (`nil` for a folder's own entry).
        package var folder: String? = nil
    }

    /// Counts of what a scan did.
    public struct Statistics: Sendable, Equatable {
        /// Files answered from the cache.
        public var cacheHits = 0
        /// Files sent to the helper.
        public var probed = 0
        /// Helper processes started (1 plus one per crash, exit or time-out).
        public var helperLaunches = 0

        /// Counts.
        public init(cacheHits: Int = 0, probed: Int = 0, helperLaunches: Int = 0) {
            self.cacheHits = cacheHits
            self.probed = probed
            self.helperLaunches = helperLaunches
        }
    }

    /// The folders scanned, in search-path order.
    public let folders: [String]
    /// Every file, in search-path order.
    public internal(set) var entries: [Entry]
    /// What the scan did.
    public let statistics: Statistics
    /// Problems with the cache (it is ignored or not written; the scan is still complete).
    public let warnings: [String]
    /// The built-in classes the scan's plugins were probed and may be linked against.
    public let builtInClassNames: [String]
    /// The trust policy the scan ran under, which loading its files applies again.
    package var trust = PluginTrust()
    /// What every answer depended on, when each came from the cache or
    /// was just recorded in it (what the listing cache of `easel list` keys a listing by); `nil` otherwise.
    package var inputs: ScanInputs?

    init(folders: [String], entries: [Entry], statistics: Statistics, warnings: [String], builtInClassNames: [String],
         inputs: ScanInputs? = nil) {
        self.folders = folders
        self.entries = entries
        self.statistics = statistics
        self.warnings = warnings
        self.builtInClassNames = builtInClassNames
        self.inputs = inputs
    }
}

/// The plugins of a scan, linked as the registry would link them, without
/// loading any: what `easel list` prints.
public struct PluginCatalog: Sendable {
    /// A file that cannot be loaded, with the time its reason was recorded.
    public struct Failure: Sendable {
        /// The reason.
        public let error: PluginLoadError
        /// When it was recorded: by the scan (maybe one read from the cache),
        /// or, for a link failure (duplicate class, missing superclass), now.
        public let recordedAt: Date
    }

    /// The plugins that would be registered, in load order.
    public let plugins: [PluginDescription]
    /// Every file that would be refused: scan failures in search-path order,
    /// then link failures.
    public let failures: [Failure]

    /// Links a scan's plugins against the host's built-in classes (those the scan was made with).
    public init(_ scan: PluginScan, now: Date = Date()) {
        var failures: [Failure] = []
        var described: [PluginDescription] = []
        for entry in scan.entries {
            switch entry.outcome {
            case .plugin(let plugin): described.append(plugin)
            case .failed(let error): failures.append(Failure(error: error, recordedAt: entry.recordedAt))
            }
        }
        let builtIns = Set(scan.builtInClassNames)
        let units = described.map { plugin in
            PluginLinker.Unit(path: plugin.path, classes: plugin.classes.map { ($0.name, $0.superclass) })
        }
        let linked = PluginLinker.link(units) { builtIns.contains($0) ? .builtIn : nil }
        plugins = linked.accepted.map { index in
            var plugin = described[index]
            if let dropped = linked.dropped[index] { plugin.classes.removeAll { dropped.contains($0.name) } }
            return plugin
        }
        self.failures = failures + linked.failures.map { Failure(error: $0, recordedAt: now) }
    }

    /// The plugins and failures of a registry that loaded plugins in this process.
    public init(registry: Registry, recordedAt: Date = Date()) {
        plugins = registry.pluginDescriptions
        failures = registry.failures.map { Failure(error: $0, recordedAt: recordedAt) }
    }
}

extension Registry {
    /// Loads the plugins a scan found good, in its order, and records the
    /// files it found bad with their recorded reasons, without opening them.
    ///
    /// The good files are opened, checked and probed again in this process
    /// (their code runs here, as when loading folders) and linked; a file
    /// whose scan crashed, exited or hung is never loaded. The trust checks
    /// of the scan (``PluginScanner/trust``) are made again on what is
    /// loaded: the file may have changed since it was scanned, and only the
    /// bytes checked here are loaded (``PluginTrust/open(_:folder:)``).
    ///
    /// - Parameter scan: A scan of the search path.
    /// - Returns: The plugins registered by this call.
    @discardableResult
    public func loadPlugins(from scan: PluginScan) -> [LoadedPlugin] {
        var candidates: [PluginCandidate] = []
        for entry in scan.entries {
            switch entry.outcome {
            case .failed(let error): recordFailure(error)
            case .plugin:
                if let candidate = probe(entry.path, folder: entry.folder, trust: scan.trust) { candidates.append(candidate) }
            }
        }
        return link(candidates)
    }
}

/// What a scan's answers depended on: every file of every folder as it was
/// listed and stat()ed, and the shortest time limit a recorded time-out ran
/// under. Only a scan whose every answer came from the registry cache or was
/// just recorded in it has inputs (what the listing cache of `easel list` keys a listing by).
package struct ScanInputs: Sendable {
    /// A listed file and what its stat() said.
    package struct File: Sendable {
        package let path: String
        package let key: RegistryCache.Key
        package let device: UInt64
        package let inode: UInt64
    }

    /// A folder, what its stat() said before it was listed, and its
    /// `*.so` files in name order.
    package struct Folder: Sendable {
        package let path: String
        package let device: UInt64
        package let inode: UInt64
        package let mtime: Int64
        /// Whether it had not changed for ``settlingTime`` when it was
        /// listed: then any later change of its entries changes its
        /// modification time, however coarse the file system's clock.
        package let settled: Bool
        package var files: [File]
    }

    /// How long a folder must have been left alone for its modification
    /// time to stand for its entries: 2 s, longer than the kernel's clock
    /// tick and as long as the coarsest file system timestamps (FAT's).
    package static let settlingTime: Int64 = 2_000_000_000

    /// The folders in search-path order.
    package var folders: [Folder] = []
    /// The shortest time limit a recorded time-out ran under, if any did.
    package var shortestTimeOutLimit: Double?

    mutating func add(_ file: File) { folders[folders.count - 1].files.append(file) }

    mutating func noteTimeOut(under limit: Double) {
        shortestTimeOutLimit = min(shortestTimeOutLimit ?? limit, limit)
    }
}

/// Nanoseconds since the epoch on the wall clock (the clock of file times).
package func realtimeNanoseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}
