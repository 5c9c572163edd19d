import EaselCanvas
import EaselDiscovery
import EaselProbe
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

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
        let scan = PluginScanner(helperPath: "/nonexistent/easel-plugin-scanner", cache: RegistryCache(directory: cache.path),
                                 builtInClassNames: BuiltIns.withViews.classNames)
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
        #expect(FileManager.default.fileExists(atPath: cacheFolder.appendingPathComponent("registry-v4.bin").path))

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
        let file = cacheFolder.appendingPathComponent("registry-v4.bin")
        _ = try scanner(cache: cacheFolder).scan(folders: [folder.path])
        // The host ABI is a length-prefixed string in each record's header.
        let current: [UInt8] = [3, 0, 0, 0] + Array("2.0".utf8), other: [UInt8] = [3, 0, 0, 0] + Array("1.0".utf8)
        let bytes = try [UInt8](Data(contentsOf: file))
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: current) })
        try Data(bytes[..<at] + other + bytes[(at + current.count)...]).write(to: file)

        let rescanned = try scanner(cache: cacheFolder).scan(folders: [folder.path])
        #expect(rescanned.statistics.probed == 1)
        let after = try [UInt8](Data(contentsOf: file))
        func count(_ pattern: [UInt8]) -> Int { after.indices.filter { after[$0...].starts(with: pattern) }.count }
        #expect(count(other) == 1 && count(current) == 1)
    }

    @Test("a cache file in another format, or a damaged one, is ignored with a warning and rewritten")
    func versioned() throws {
        let folder = try pluginFolder("cache-format", [("good", "good_extra")])
        let cacheFolder = try Fixtures.makeTemporaryDirectory("cache")
        let file = cacheFolder.appendingPathComponent("registry-v4.bin")
        try Data("{\"format\": 1, \"entries\": []}".utf8).write(to: file)
        let scan = try scanner(cache: cacheFolder).scan(folders: [folder.path])
        #expect(scan.warnings == ["ignoring the plugin cache \(file.path): it is not a format-4 cache file; scanning again"])
        #expect(scan.plugin(folder, "good.so") != nil)
        let rewritten = try [UInt8](Data(contentsOf: file))
        #expect(rewritten.starts(with: Array("EASELREG".utf8)))
        #expect(try scanner(cache: cacheFolder).scan(folders: [folder.path]).statistics.probed == 0)

        // Cut inside the last record: damaged.
        try Data(rewritten.dropLast(3)).write(to: file)
        let again = try scanner(cache: cacheFolder).scan(folders: [folder.path])
        #expect(again.warnings == ["ignoring the plugin cache \(file.path): it is damaged; scanning again"])
        #expect(again.plugin(folder, "good.so") != nil)
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
        let file = cacheFolder.appendingPathComponent("registry-v4.bin")
        _ = try scanner(cache: cacheFolder).scan(folders: [one.path, two.path])
        try FileManager.default.removeItem(at: one.appendingPathComponent("b.so"))
        _ = try scanner(cache: cacheFolder).scan(folders: [one.path])
        let text = try String(decoding: Data(contentsOf: file), as: UTF8.self)
        #expect(text.contains("\(one.path)/a.so") && !text.contains("\(one.path)/b.so") && text.contains("\(two.path)/c.so"))
    }

    @Test("a scan decodes only the records it looks up: another folder's records are written back byte for byte")
    func untouchedRecordsKept() throws {
        let one = try pluginFolder("cache-lazy-1", [("a", "good_extra"), ("b", "hang_draw")])
        let two = try pluginFolder("cache-lazy-2", [("c", "good_extra"), ("d", "crash_entry")])
        let cacheFolder = try Fixtures.makeTemporaryDirectory("cache")
        let file = cacheFolder.appendingPathComponent("registry-v4.bin")
        _ = try scanner(cache: cacheFolder).scan(folders: [one.path, two.path])
        let before = try [UInt8](Data(contentsOf: file))
        /// The bytes of the record of `path`: from its header packet to the next header packet (or the end).
        func record(_ path: String, in bytes: [UInt8]) throws -> ArraySlice<UInt8> {
            let name = Array(path.utf8)
            let at = try #require(bytes.indices.first { bytes[$0...].starts(with: name) })
            let start = try #require(bytes[..<at].indices.last { isHeader(bytes, $0) })
            let end = bytes[(at + name.count)...].indices.first { isHeader(bytes, $0) } ?? bytes.endIndex
            return bytes[start..<end]
        }
        /// A cache record's header packet starts at `index`: 'C', its length, the host ABI string's length, the string.
        func isHeader(_ bytes: [UInt8], _ index: Int) -> Bool {
            guard bytes[index] == 0x43, index + 9 < bytes.count else { return false }
            let abi = Array(HostABI.versionString.utf8)
            return bytes[(index + 9)...].starts(with: abi)
        }
        let kept = try record("\(two.path)/c.so", in: before)
        let keptCrash = try record("\(two.path)/d.so", in: before)

        // Folder one changes (b.so removed): the cache is written again, having decoded only a.so's record.
        try FileManager.default.removeItem(at: one.appendingPathComponent("b.so"))
        let rescan = try scanner(cache: cacheFolder).scan(folders: [one.path])
        #expect(rescan.statistics.probed == 0 && rescan.statistics.cacheHits == 1)
        let after = try [UInt8](Data(contentsOf: file))
        #expect(after != before)
        #expect(try record("\(two.path)/c.so", in: after) == kept)
        #expect(try record("\(two.path)/d.so", in: after) == keptCrash)
        // And they still answer a scan of their folder.
        let two2 = try scanner(cache: cacheFolder).scan(folders: [two.path])
        #expect(two2.statistics.probed == 0 && two2.statistics.cacheHits == 2)
        #expect(two2.plugin(two, "c.so") != nil && two2.failure(two, "d.so") != nil)
    }

    @Test("a record whose framing reads but whose answer does not decode is a miss: that file alone is probed again, without a warning, and its record replaced")
    func undecodableAnswerIsAMiss() throws {
        let folder = try pluginFolder("cache-bad-answer", [("a", "good_extra"), ("b", "good_extra")])
        let cacheFolder = try Fixtures.makeTemporaryDirectory("cache")
        let file = cacheFolder.appendingPathComponent("registry-v4.bin")
        _ = try scanner(cache: cacheFolder).scan(folders: [folder.path])
        var bytes = try [UInt8](Data(contentsOf: file))
        // In a.so's answer: path, name (each a 4-byte length and the bytes), ABI major and minor
        // (8 bytes each), then the class count, made larger than the packet can hold.
        let path = Array("\(folder.path)/a.so".utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: path) })
        let nameLength = Int(bytes[at + path.count]) | Int(bytes[at + path.count + 1]) << 8
        let classCount = at + path.count + 4 + nameLength + 16
        for index in classCount..<classCount + 4 { bytes[index] = 0xFF }
        try Data(bytes).write(to: file)

        let again = try scanner(cache: cacheFolder).scan(folders: [folder.path])
        #expect(again.warnings == [])
        #expect(again.statistics.probed == 1 && again.statistics.cacheHits == 1)
        #expect(again.plugin(folder, "a.so") != nil && again.plugin(folder, "b.so") != nil)
        let third = try scanner(cache: cacheFolder).scan(folders: [folder.path])
        #expect(third.statistics.probed == 0 && third.statistics.cacheHits == 2)
    }

    @Test("the cache folder: $XDG_CACHE_HOME/easel, else ~/.cache/easel")
    func location() {
        #expect(RegistryCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]) == "/x/cache/easel")
        #expect(RegistryCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.cache/easel")
        #expect(RegistryCache.defaultDirectory(environment: ["HOME": "/home/u"]) == "/home/u/.cache/easel")
        #expect(RegistryCache(directory: "/x/cache/easel").file == "/x/cache/easel/registry-v4.bin")
    }
}
