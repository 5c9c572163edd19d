import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

/// A folder of fixtures, each compiled as `<file>.so` from `<fixture>.c`.
func pluginFolder(_ label: String, _ files: [(file: String, fixture: String)]) throws -> URL {
    let folder = try Fixtures.makeTemporaryDirectory(label)
    for (file, fixture) in files {
        _ = try Fixtures.buildFixture(fixture, into: folder, soName: file)
    }
    return folder
}

func scanner(timeLimit: Double = 5, cache: URL? = nil) throws -> PluginScanner {
    PluginScanner(helperPath: try Fixtures.scannerExecutable().path, timeLimit: timeLimit,
                  cache: cache.map { RegistryCache(directory: $0.path) })
}

extension PluginScan {
    /// The entry of the file `name` in `folder`.
    func entry(_ folder: URL, _ name: String) -> Entry? {
        entries.first { $0.path == folder.appendingPathComponent(name).path }
    }

    /// The failure of the file `name` in `folder`, if it failed.
    func failure(_ folder: URL, _ name: String) -> PluginLoadError? {
        guard case .failed(let error)? = entry(folder, name)?.outcome else { return nil }
        return error
    }

    /// The plugin of the file `name` in `folder`, if it loaded.
    func plugin(_ folder: URL, _ name: String) -> PluginDescription? {
        guard case .plugin(let plugin)? = entry(folder, name)?.outcome else { return nil }
        return plugin
    }
}

/// Sets a file's modification time (and so its cache key) to `seconds` after the epoch.
func setModificationTime(_ url: URL, _ seconds: Double) throws {
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: url.path)
}

@Suite("Scanning plugins out of process")
struct ScannerTests {
    @Test("plugins that abort, exit, hang or crash while loading are recorded with the reason and their last output; the helper restarts and the others of the same scan load")
    func badEntryPoints() throws {
        let folder = try pluginFolder("scan-bad", [
            ("1_abort", "abort_entry"), ("2_good", "good_extra"), ("3_exit", "exit_entry"), ("4_hang", "hang_entry"),
            ("5_crash", "crash_entry"), ("6_chatty", "load_log"), ("7_crash_draw", "crash_draw"),
        ])
        let started = Date()
        let scan = try scanner(timeLimit: 0.5).scan(folders: [folder.path])
        let elapsed = Date().timeIntervalSince(started)

        let abort = try #require(scan.failure(folder, "1_abort.so"))
        #expect(abort.kind == .crashed)
        #expect(abort.message == "crashed with SIGABRT (aborted) while being scanned")
        #expect(abort.output == ["abort_entry: giving up"])
        let exit = try #require(scan.failure(folder, "3_exit.so"))
        #expect(exit.kind == .exited)
        #expect(exit.message == "exited with status 3 while being scanned")
        #expect(exit.output == ["exit_entry: no configuration found, exiting"])
        let hang = try #require(scan.failure(folder, "4_hang.so"))
        #expect(hang.kind == .timedOut)
        #expect(hang.message == "did not finish loading within 0.5 s")
        #expect(hang.output == ["hang_entry: waiting for a server that never answers"])
        let crash = try #require(scan.failure(folder, "5_crash.so"))
        #expect(crash.kind == .crashed)
        #expect(crash.message == "crashed with SIGSEGV (segmentation fault) while being scanned")
        #expect(crash.description == "\(folder.path)/5_crash.so: crashed with SIGSEGV (segmentation fault) while being scanned")

        #expect(scan.plugin(folder, "2_good.so")?.classes.map(\.name) == ["Dot"])
        // A plugin printing on standard output does not disturb the protocol.
        #expect(scan.plugin(folder, "6_chatty.so")?.classes.map(\.name) == ["LoadLogged"])
        #expect(scan.plugin(folder, "7_crash_draw.so")?.classes.map(\.name) == ["CrashingView"])
        #expect(scan.statistics == PluginScan.Statistics(cacheHits: 0, probed: 7, helperLaunches: 5))
        #expect(elapsed < 4, "the scan took \(elapsed) s")

        // The good ones load in this process; the bad ones are never opened here.
        let registry = Registry()
        registry.loadPlugins(from: scan)
        #expect(registry.plugins.map(\.name) == ["good_extra", "load_log", "crash_draw"])
        #expect(registry.failures.map(\.kind) == [.crashed, .exited, .timedOut, .crashed])
        #expect(registry.failures.map(\.path) == ["1_abort.so", "3_exit.so", "4_hang.so", "5_crash.so"].map { folder.appendingPathComponent($0).path })
    }

    @Test("plugin code reading standard input or writing standard output does not disturb the protocol")
    func standardStreams() throws {
        let folder = try pluginFolder("scan-streams", [("a_greedy", "greedy_stdin"), ("b_chatty", "load_log"), ("c_good", "good_extra")])
        let scan = try scanner().scan(folders: [folder.path])
        #expect(scan.plugin(folder, "a_greedy.so")?.classes.map(\.name) == ["Greedy"])
        #expect(scan.plugin(folder, "b_chatty.so")?.classes.map(\.name) == ["LoadLogged"])
        #expect(scan.plugin(folder, "c_good.so")?.classes.map(\.name) == ["Dot"])
        #expect(scan.statistics.helperLaunches == 1)
    }

    @Test("a description carries everything easel list prints: classes, superclasses, sizes, properties with defaults, methods")
    func descriptions() throws {
        let samples = try Fixtures.samplePluginsDirectory()
        let scan = try scanner().scan(folders: [samples.path])
        let shapes = try #require(scan.plugin(samples, "libShapes.so"))
        #expect(shapes.name == "Shapes" && shapes.abiMajor == 2 && shapes.abiMinor == 0)
        let swatch = try #require(shapes.classes.first { $0.name == "Swatch" })
        #expect(swatch.superclass == "View")
        #expect(swatch.instanceSize > 0)
        let color = try #require(swatch.properties.first { $0.name == "color" })
        #expect(color.encoding == "{EaselColor=dddd}")
        #expect(color.readableType == "EaselColor")
        // Red: the doubles 1, 0, 0, 1.
        let red: [UInt8] = [1.0, 0, 0, 1].flatMap { (value: Double) in withUnsafeBytes(of: value) { Array($0) } }
        #expect(color.defaultBytes == red)
        #expect(swatch.methods.first == MethodDescription(selector: "drawRect:", encoding: "v@:{CGRect={CGPoint=dd}{CGSize=dd}}"))
        #expect(swatch.methods.first?.readableSignature(className: "Swatch") == "-[Swatch drawRect:(CGRect)]")

        // The same as loading in process.
        let registry = Registry()
        registry.loadPlugins(from: [samples.path])
        #expect(PluginCatalog(scan).plugins == registry.pluginDescriptions)
    }

    @Test("a helper that cannot start fails the files as not scanned, blaming no plugin, and caches nothing")
    func missingHelper() throws {
        let folder = try pluginFolder("scan-nohelper", [("good", "good_extra")])
        let cache = try Fixtures.makeTemporaryDirectory("cache")
        let scan = PluginScanner(helperPath: "/nonexistent/easel-plugin-scanner", cache: RegistryCache(directory: cache.path))
            .scan(folders: [folder.path])
        let failure = try #require(scan.failure(folder, "good.so"))
        #expect(failure.kind == .scannerFailed)
        #expect(failure.message == "not scanned: the plugin scanner /nonexistent/easel-plugin-scanner could not be started: No such file or directory")
        let again = try scanner(cache: cache).scan(folders: [folder.path])
        #expect(again.plugin(folder, "good.so") != nil)
        #expect(again.statistics.probed == 1)
    }

    @Test("files the host can judge alone are not sent to the helper: a dangling link, a text file")
    func hostChecks() throws {
        let folder = try Fixtures.makeTemporaryDirectory("scan-host")
        try Data("not a plugin".utf8).write(to: folder.appendingPathComponent("text.so"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.so").path,
                                                   withDestinationPath: "/nonexistent/libNothing.so")
        let scan = try scanner().scan(folders: [folder.path])
        #expect(scan.statistics.helperLaunches == 0)
        #expect(scan.failure(folder, "link.so")?.message == "cannot read the file: it is a dangling symbolic link to '/nonexistent/libNothing.so' (No such file or directory)")
        #expect(scan.failure(folder, "text.so")?.message == "not a shared object (no ELF header)")
        #expect(scan.entries.allSatisfy { $0.source == .host })
    }
}

@Suite("The registry cache")
struct RegistryCacheTests {
    @Test("an unchanged file is answered from the cache; a changed one is probed again; a failed one is retried when its file changes")
    func keyedByFile() throws {
        let folder = try pluginFolder("cache-key", [("a_good", "good_extra")])
        let cacheFolder = try Fixtures.makeTemporaryDirectory("cache")
        let plugin = folder.appendingPathComponent("b_plugin.so")
        try FileManager.default.copyItem(at: try PluginZoo.folder().appendingPathComponent("crash_entry.so"), to: plugin)
        let scanner = try scanner(cache: cacheFolder)

        let first = scanner.scan(folders: [folder.path])
        #expect(first.statistics == PluginScan.Statistics(cacheHits: 0, probed: 2, helperLaunches: 1))
        #expect(first.failure(folder, "b_plugin.so")?.kind == .crashed)
        #expect(FileManager.default.fileExists(atPath: cacheFolder.appendingPathComponent("registry-v1.json").path))

        let second = scanner.scan(folders: [folder.path])
        #expect(second.statistics == PluginScan.Statistics(cacheHits: 2, probed: 0, helperLaunches: 0))
        #expect(second.entries.allSatisfy { $0.source == .cache })
        #expect(second.failure(folder, "b_plugin.so")?.message == "crashed with SIGSEGV (segmentation fault) while being scanned")
        #expect(second.failure(folder, "b_plugin.so")?.output == ["crash_entry: about to write through a NULL pointer"])
        let recorded = try #require(first.entry(folder, "b_plugin.so")?.recordedAt)
        #expect(abs(try #require(second.entry(folder, "b_plugin.so")?.recordedAt).timeIntervalSince(recorded)) < 0.001)

        // Only the modification time changes: probed again.
        try setModificationTime(folder.appendingPathComponent("a_good.so"), 1_000_000)
        let touched = scanner.scan(folders: [folder.path])
        #expect(touched.statistics == PluginScan.Statistics(cacheHits: 1, probed: 1, helperLaunches: 1))

        // The crashing plugin is replaced by a good one: retried, and it loads.
        try FileManager.default.removeItem(at: plugin)
        _ = try Fixtures.buildFixture("crash_draw", into: folder, soName: "b_plugin")
        let fixed = scanner.scan(folders: [folder.path])
        #expect(fixed.statistics.probed == 1)
        #expect(fixed.plugin(folder, "b_plugin.so")?.classes.map(\.name) == ["CrashingView"])
    }

    @Test("entries are keyed by the host ABI version: another version's entry is kept but not used")
    func keyedByABI() throws {
        let folder = try pluginFolder("cache-abi", [("good", "good_extra")])
        let cacheFolder = try Fixtures.makeTemporaryDirectory("cache")
        let file = cacheFolder.appendingPathComponent("registry-v1.json")
        _ = try scanner(cache: cacheFolder).scan(folders: [folder.path])
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\"hostABI\":\"2.0\""))
        try Data(text.replacingOccurrences(of: "\"hostABI\":\"2.0\"", with: "\"hostABI\":\"1.0\"").utf8).write(to: file)

        let rescanned = try scanner(cache: cacheFolder).scan(folders: [folder.path])
        #expect(rescanned.statistics.probed == 1)
        let after = try String(contentsOf: file, encoding: .utf8)
        #expect(after.contains("\"hostABI\":\"1.0\"") && after.contains("\"hostABI\":\"2.0\""))
    }

    @Test("a cache file in another format or not JSON is ignored with a warning and rewritten")
    func versioned() throws {
        let folder = try pluginFolder("cache-format", [("good", "good_extra")])
        let cacheFolder = try Fixtures.makeTemporaryDirectory("cache")
        let file = cacheFolder.appendingPathComponent("registry-v1.json")
        try Data("{\"format\": 2, \"entries\": []}".utf8).write(to: file)
        let scan = try scanner(cache: cacheFolder).scan(folders: [folder.path])
        #expect(scan.warnings == ["ignoring the plugin cache \(file.path): format 2, this easel reads format 1; scanning again"])
        #expect(scan.plugin(folder, "good.so") != nil)
        let rewritten = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect(rewritten["format"] as? Int == 1)

        try Data("garbage".utf8).write(to: file)
        let again = try scanner(cache: cacheFolder).scan(folders: [folder.path])
        #expect(again.warnings.first?.hasPrefix("ignoring the plugin cache \(file.path)") == true)
        #expect(try scanner(cache: cacheFolder).scan(folders: [folder.path]).warnings == [])
    }

    @Test("a time-out is cached under its time limit and retried when the limit grows")
    func timeOuts() throws {
        let folder = try pluginFolder("cache-timeout", [("hang", "hang_entry")])
        let cacheFolder = try Fixtures.makeTemporaryDirectory("cache")
        let first = try scanner(timeLimit: 0.3, cache: cacheFolder).scan(folders: [folder.path])
        #expect(first.failure(folder, "hang.so")?.message == "did not finish loading within 0.3 s")
        let same = try scanner(timeLimit: 0.3, cache: cacheFolder).scan(folders: [folder.path])
        #expect(same.statistics.probed == 0)
        let shorter = try scanner(timeLimit: 0.2, cache: cacheFolder).scan(folders: [folder.path])
        #expect(shorter.statistics.probed == 0)
        let longer = try scanner(timeLimit: 0.4, cache: cacheFolder).scan(folders: [folder.path])
        #expect(longer.statistics.probed == 1)
        #expect(longer.failure(folder, "hang.so")?.message == "did not finish loading within 0.4 s")
    }

    @Test("files that disappeared from a scanned folder leave the cache; other folders' entries stay")
    func pruning() throws {
        let one = try pluginFolder("cache-prune-1", [("a", "good_extra"), ("b", "crash_draw")])
        let two = try pluginFolder("cache-prune-2", [("c", "hang_draw")])
        let cacheFolder = try Fixtures.makeTemporaryDirectory("cache")
        let file = cacheFolder.appendingPathComponent("registry-v1.json")
        _ = try scanner(cache: cacheFolder).scan(folders: [one.path, two.path])
        try FileManager.default.removeItem(at: one.appendingPathComponent("b.so"))
        _ = try scanner(cache: cacheFolder).scan(folders: [one.path])
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\(one.path)/a.so") && !text.contains("\(one.path)/b.so") && text.contains("\(two.path)/c.so"))
    }

    @Test("the cache folder: $XDG_CACHE_HOME/easel, else ~/.cache/easel")
    func location() {
        #expect(RegistryCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]) == "/x/cache/easel")
        #expect(RegistryCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.cache/easel")
        #expect(RegistryCache.defaultDirectory(environment: ["HOME": "/home/u"]) == "/home/u/.cache/easel")
        #expect(RegistryCache(directory: "/x/cache/easel").file == "/x/cache/easel/registry-v1.json")
    }
}

@Suite("easel list, the plugin cache and easel cache")
struct CacheCommandTests {
    /// A folder with `load_log.so` (whose entry point appends a line to
    /// `$EASEL_TEST_LOAD_LOG`) and `good_extra.so`, a cache folder and the log.
    func setUp(_ label: String) throws -> (folder: URL, environment: [String: String], log: URL) {
        let folder = try pluginFolder(label, [("load_log", "load_log"), ("good_extra", "good_extra")])
        let scratch = try Fixtures.makeTemporaryDirectory("\(label)-scratch")
        let log = scratch.appendingPathComponent("loads.log")
        let environment = ["EASEL_PLUGIN_PATH": folder.path, "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path,
                           "EASEL_TEST_LOAD_LOG": log.path]
        return (folder, environment, log)
    }

    func loads(_ log: URL) -> Int {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    @Test("easel list on an unchanged folder runs no plugin code; a changed file, --no-cache and cache clear probe again")
    func noPluginCode() throws {
        let (folder, environment, log) = try setUp("list-cache")
        let first = try easel(["list"], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("  class LoadLogged : View\n"))
        #expect(loads(log) == 1)   // once, in the scanner

        let second = try easel(["list"], environment: environment)
        #expect(second.stdout == first.stdout)
        #expect(second.stderr == "")
        #expect(loads(log) == 1)   // the plugin's code did not run

        try setModificationTime(folder.appendingPathComponent("load_log.so"), 1_000_000)
        #expect(try easel(["list"], environment: environment).stdout == first.stdout)
        #expect(loads(log) == 2)
        #expect(try easel(["list"], environment: environment).status == 0)
        #expect(loads(log) == 2)

        #expect(try easel(["list", "--no-cache"], environment: environment).stdout == first.stdout)
        #expect(loads(log) == 3)

        let cleared = try easel(["cache", "clear"], environment: environment)
        #expect(cleared.status == 0)
        #expect(cleared.stdout == "removed \(environment["XDG_CACHE_HOME"]!)/easel/registry-v1.json\n")
        #expect(try easel(["cache", "clear"], environment: environment).stdout
                == "no plugin cache at \(environment["XDG_CACHE_HOME"]!)/easel/registry-v1.json\n")
        _ = try easel(["list"], environment: environment)
        #expect(loads(log) == 4)
    }

    @Test("the cache file is $XDG_CACHE_HOME/easel/registry-v1.json, else ~/.cache/easel/registry-v1.json")
    func cacheLocation() throws {
        let (_, environment, _) = try setUp("list-location")
        let xdg = environment["XDG_CACHE_HOME"]!
        #expect(try easel(["cache", "path"], environment: environment).stdout == "\(xdg)/easel/registry-v1.json\n")
        _ = try easel(["list"], environment: environment)
        #expect(FileManager.default.fileExists(atPath: "\(xdg)/easel/registry-v1.json"))

        let home = try Fixtures.makeTemporaryDirectory("home")
        var withoutXDG = environment
        withoutXDG["XDG_CACHE_HOME"] = ""   // empty: not an absolute path, so ignored
        withoutXDG["HOME"] = home.path
        #expect(try easel(["list"], environment: withoutXDG).status == 0)
        #expect(FileManager.default.fileExists(atPath: "\(home.path)/.cache/easel/registry-v1.json"))
    }

    @Test("easel list --failed shows every failure with its reason and the time it was recorded")
    func failed() throws {
        let (folder, environment, _) = try setUp("list-failed")
        let zoo = try PluginZoo.folder()
        for name in ["crash_entry.so", "abi_major.so"] {
            try FileManager.default.copyItem(at: zoo.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let before = Date()
        let result = try easel(["list", "--failed"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 10, "\(result.stdout)")
        #expect(Array(lines.prefix(4)) == ["Plugin folders:", "  \(folder.path)", "", "2 files failed to load"])
        #expect(lines[4] == "  \(folder.path)/abi_major.so: plugin ABI 3.0 has a different major version than the host's ABI 2.0; rebuild the plugin against this easel.h")
        #expect(lines[5].hasPrefix("    reason abi-major, recorded "))
        #expect(lines[6] == "  \(folder.path)/crash_entry.so: crashed with SIGSEGV (segmentation fault) while being scanned")
        #expect(lines[7].hasPrefix("    reason crashed, recorded "))
        #expect(lines[8] == "      | crash_entry: about to write through a NULL pointer")
        let recorded = String(lines[7].dropFirst("    reason crashed, recorded ".count))
        let date = try #require(try? Date(recorded, strategy: .iso8601))
        #expect(date >= before.addingTimeInterval(-1) && date <= Date().addingTimeInterval(1))
        #expect(!result.stdout.contains("LoadLogged"))

        // From the cache: the same failures, recorded at the same time.
        let again = try easel(["list", "--failed"], environment: environment)
        #expect(again.stdout == result.stdout)

        let json = try easel(["list", "--failed", "--json"], environment: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let failures = try #require(object["failures"] as? [[String: Any]])
        #expect(failures.map { $0["reason"] as? String } == ["abi-major", "crashed"])
        #expect(failures.last?["recordedAt"] as? String == recorded)
        #expect(failures.last?["output"] as? [String] == ["crash_entry: about to write through a NULL pointer"])
    }

    @Test("easel render does not load a plugin whose scan crashed and draws the others")
    func renderSkipsCrashed() throws {
        let (folder, environment, _) = try setUp("render-crashed")
        try FileManager.default.copyItem(at: try PluginZoo.folder().appendingPathComponent("crash_entry.so"),
                                         to: folder.appendingPathComponent("crash_entry.so"))
        let scene = folder.appendingPathComponent("scene.json")
        try Data(#"{ "canvas": { "size": [40, 40] }, "root": { "subviews": [ { "class": "Dot", "frame": [0, 0, 40, 40] } ] } }"#.utf8)
            .write(to: scene)
        let png = folder.appendingPathComponent("dot.png").path
        for flags in [[], ["--no-cache"]] {
            let result = try easel(["render", scene.path, "-o", png] + flags, environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr == "warning: \(folder.path)/crash_entry.so: crashed with SIGSEGV (segmentation fault) while being scanned\n")
            #expect(try RasterImage(contentsOfPNG: png).pixel(x: 20, y: 20).isClose(to: RGBA(r: 0, g: 0, b: 0), tolerance: 8))
        }
    }

    @Test("--scan-timeout and EASEL_SCAN_TIMEOUT set the time limit")
    func scanTimeout() throws {
        let folder = try pluginFolder("list-timeout", [("hang", "hang_entry")])
        let flag = try easel(["list", "--no-cache", "--plugins", folder.path, "--scan-timeout", "0.25"])
        #expect(flag.stdout.contains("  \(folder.path)/hang.so: did not finish loading within 0.25 s\n"))
        #expect(flag.stdout.contains("      | hang_entry: waiting for a server that never answers\n"))
        let variable = try easel(["list", "--no-cache", "--plugins", folder.path], environment: ["EASEL_SCAN_TIMEOUT": "0.3"])
        #expect(variable.stdout.contains("  \(folder.path)/hang.so: did not finish loading within 0.3 s\n"))
        let bad = try easel(["list", "--scan-timeout", "0"])
        #expect(bad.status == 2)
    }

    @Test("without the scanner, easel warns and loads plugins in its own process")
    func noScanner() throws {
        let (_, environment, log) = try setUp("list-noscanner")
        var without = environment
        without["EASEL_PLUGIN_SCANNER"] = "/nonexistent/easel-plugin-scanner"
        let result = try easel(["list"], environment: without)
        #expect(result.status == 0)
        #expect(result.stderr == "warning: the plugin scanner /nonexistent/easel-plugin-scanner is not an executable file; probing plugins in this process, without the cache\n")
        #expect(result.stdout.contains("  class LoadLogged : View\n"))
        #expect(loads(log) == 1)
    }
}
