import EaselGraphicsCore
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

@Suite("easel list, the plugin cache and easel cache")
struct CacheCommandTests {
    /// A folder with `load_log.so` and `good_extra.so`, its environment and the log (``loadLoggingFolder(_:)``).
    func setUp(_ label: String) throws -> (folder: URL, environment: [String: String], log: URL) {
        let (folder, environment, log, _) = try loadLoggingFolder(label)
        return (folder, environment, log)
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
        #expect(cleared.stdout == "removed \(environment["XDG_CACHE_HOME"]!)/easel/registry-v4.bin\n")
        #expect(try easel(["cache", "clear"], environment: environment).stdout
                == "no plugin cache at \(environment["XDG_CACHE_HOME"]!)/easel/registry-v4.bin\n")
        _ = try easel(["list"], environment: environment)
        #expect(loads(log) == 4)
    }

    @Test("the cache file is $XDG_CACHE_HOME/easel/registry-v4.bin, else ~/.cache/easel/registry-v4.bin")
    func cacheLocation() throws {
        let (_, environment, _) = try setUp("list-location")
        let xdg = environment["XDG_CACHE_HOME"]!
        #expect(try easel(["cache", "path"], environment: environment).stdout == "\(xdg)/easel/registry-v4.bin\n")
        _ = try easel(["list"], environment: environment)
        #expect(FileManager.default.fileExists(atPath: "\(xdg)/easel/registry-v4.bin"))

        let home = try Fixtures.makeTemporaryDirectory("home")
        var withoutXDG = environment
        withoutXDG["XDG_CACHE_HOME"] = ""   // empty: not an absolute path, so ignored
        withoutXDG["HOME"] = home.path
        #expect(try easel(["list"], environment: withoutXDG).status == 0)
        #expect(FileManager.default.fileExists(atPath: "\(home.path)/.cache/easel/registry-v4.bin"))
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
            // What load_log's entry point prints to standard output goes to standard error (never into the output).
            #expect(result.stderr == """
                load_log: hello from the entry point
                warning: \(folder.path)/crash_entry.so: crashed with SIGSEGV (segmentation fault) while being scanned

                """)
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
        #expect(result.stderr == """
            warning: the plugin scanner /nonexistent/easel-plugin-scanner is not an executable file; probing plugins in this process, without the cache
            load_log: hello from the entry point

            """)
        #expect(result.stdout.contains("  class LoadLogged : View\n"))
        #expect(!result.stdout.contains("hello"))
        #expect(loads(log) == 1)
    }
}
