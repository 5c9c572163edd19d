import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

@Suite("easel list of an unchanged search path: the listing cache")
struct ListingCacheTests {
    /// A folder with `load_log.so` and `good_extra.so`, its environment, the log (``loadLoggingFolder(_:)``)
    /// and where the listing is cached.
    func setUp(_ label: String) throws -> (folder: URL, environment: [String: String], log: URL, listing: URL) {
        let (folder, environment, log, cache) = try loadLoggingFolder(label)
        return (folder, environment, log, cache.appendingPathComponent("easel/listing-v1.txt"))
    }

    /// `easel list --timings` (plus `extra`): its standard output and the names of the stages it timed.
    func list(_ environment: [String: String], _ extra: [String] = []) throws -> (stdout: String, stages: [String]) {
        let result = try easel(["list", "--timings"] + extra, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "timings (ms):", "\(result.stderr)")
        return (result.stdout, lines.dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) })
    }

    /// The stages of a list that checked the last listing, found it stale and scanned.
    static let scanned = ["cached", "scan", "format", "write", "record", "total"]
    /// The stages of a list that printed the last listing again.
    static let replayed = ["cached", "total"]

    @Test("an unchanged search path prints the last listing again, byte for byte, without scanning or running plugin code")
    func replay() throws {
        let (folder, environment, log, listing) = try setUp("listing-replay")
        let first = try list(environment)
        #expect(first.stages == Self.scanned)
        #expect(first.stdout.contains("  class LoadLogged : View\n"))
        #expect(loads(log) == 1)
        #expect(FileManager.default.fileExists(atPath: listing.path))

        let second = try list(environment)
        #expect(second.stages == Self.replayed)
        #expect(second.stdout == first.stdout)
        #expect(loads(log) == 1)
        let plain = try easel(["list"], environment: environment)
        #expect(plain.stdout == first.stdout && plain.stderr == "")

        // The file: its key lines, then the text.
        let contents = try String(contentsOf: listing, encoding: .utf8)
        let lines = contents.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "easel-listing 1 \(contents.utf8.count - first.stdout.utf8.count)")
        #expect(lines[1].hasPrefix("program "))
        #expect(lines[2] == "abi 2 0")
        #expect(lines[3].hasPrefix("cache "))
        #expect(lines[4] == "timeouts -")
        #expect(lines[5] == "trust 0")
        #expect(lines[6] == "folders 1")
        // Made a moment ago: not settled (0), so its names are read again each time.
        #expect(lines[7].hasPrefix("folder ") && lines[7].hasSuffix(" 0 2 \(folder.path)"))
        #expect(lines[8].hasSuffix(" good_extra.so") && lines[9].hasSuffix(" load_log.so"))
        #expect(lines[10] == "text \(first.stdout.utf8.count)")
        #expect(contents.hasSuffix("\n" + first.stdout))
    }

    /// The `folder` line of a listing file.
    func folderLine(_ listing: URL) throws -> String {
        try #require(try String(contentsOf: listing, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("folder ") }.map(String.init))
    }

    @Test("a folder left alone for 2 s is marked settled once listed again, and from then on its modification time stands for its names")
    func settling() throws {
        let (folder, environment, _, listing) = try setUp("listing-settling")
        let original = try list(environment).stdout
        #expect(try folderLine(listing).contains(" 0 2 /"))
        Thread.sleep(forTimeInterval: 2.2)
        #expect(try list(environment).stages == Self.replayed)
        #expect(try folderLine(listing).contains(" 1 2 /"))
        #expect(try list(environment) == (original, Self.replayed))

        // Any new name changes the folder's modification time.
        _ = try Fixtures.buildFixture("chatty_good", into: folder, soName: "z_added")
        let added = try list(environment)
        #expect(added.stages == Self.scanned)
        #expect(added.stdout.contains("  plugin chatty_good, ABI 2.0\n"))
        #expect(try folderLine(listing).contains(" 0 3 /"))   // just changed: not settled
    }

    @Test("a folder whose modification time is long past is settled at once; a renamed file changes it")
    func settled() throws {
        let (folder, environment, _, listing) = try setUp("listing-settled")
        try setModificationTime(folder, 1_000_000)
        let original = try list(environment).stdout
        #expect(try folderLine(listing).contains(" 1 2 /"))
        #expect(try list(environment) == (original, Self.replayed))
        #expect(rename(folder.appendingPathComponent("good_extra.so").path, folder.appendingPathComponent("good_extra2.so").path) == 0)
        let renamed = try list(environment)
        #expect(renamed.stages == Self.scanned)
        #expect(renamed.stdout.contains("\n\(folder.path)/good_extra2.so\n"))
    }

    @Test("a new, removed, touched or replaced file, another search path or a rewritten registry cache lists afresh, as without any cache")
    func invalidation() throws {
        let (folder, environment, log, _) = try setUp("listing-changes")
        let original = try list(environment).stdout
        #expect(try list(environment).stages == Self.replayed)
        func expectFresh(_ what: Comment) throws {
            let fresh = try list(environment)
            #expect(fresh.stages == Self.scanned, what)
            let uncached = try easel(["list", "--no-cache"], environment: environment)
            #expect(fresh.stdout == uncached.stdout, what)
            #expect(try list(environment).stages == Self.replayed, what)
        }

        // A new file, then gone again.
        let added = folder.appendingPathComponent("z_added.so")
        _ = try Fixtures.buildFixture("chatty_good", into: folder, soName: "z_added")
        try expectFresh("a file was added")
        #expect(try list(environment).stdout.contains("  plugin chatty_good, ABI 2.0\n"))
        try FileManager.default.removeItem(at: added)
        try expectFresh("a file was removed")
        #expect(try list(environment).stdout == original)

        // A new modification time: the plugin is probed again.
        try setModificationTime(folder.appendingPathComponent("load_log.so"), 1_000_000)
        let loadsBefore = loads(log)
        try expectFresh("a file was touched")
        #expect(loads(log) == loadsBefore + 2)   // the scan, and the uncached list

        // Replaced by a copy with the same size and modification time: another inode.
        let good = folder.appendingPathComponent("good_extra.so")
        let copy = folder.appendingPathComponent(".good_extra.tmp")
        try FileManager.default.copyItem(at: good, to: copy)
        let attributes = try FileManager.default.attributesOfItem(atPath: good.path)
        try FileManager.default.setAttributes([.modificationDate: attributes[.modificationDate]!], ofItemAtPath: copy.path)
        #expect(rename(copy.path, good.path) == 0)
        try expectFresh("a file was replaced")

        // Another search path in between: the last listing is of that one.
        let other = try pluginFolder("listing-other", [("good_extra", "good_extra")])
        var elsewhere = environment
        elsewhere["EASEL_PLUGIN_PATH"] = other.path
        #expect(try list(elsewhere).stages == Self.scanned)
        #expect(try list(elsewhere).stages == Self.replayed)
        try expectFresh("another search path was listed")

        // The registry cache rewritten (by any scan that records an answer).
        let registryFile = URL(fileURLWithPath: environment["XDG_CACHE_HOME"]! + "/easel/registry-v4.bin")
        try setModificationTime(registryFile, 2_000_000)
        try expectFresh("the registry cache was rewritten")
        #expect(try list(environment).stdout == original)
    }

    @Test("a recorded time-out is replayed under the same or a shorter time limit, and probed again under a longer one")
    func timeOuts() throws {
        let folder = try pluginFolder("listing-timeout", [("good", "good_extra"), ("hang", "hang_entry")])
        let environment = ["EASEL_PLUGIN_PATH": folder.path,
                           "XDG_CACHE_HOME": try Fixtures.makeTemporaryDirectory("listing-timeout-cache").path]
        let first = try list(environment, ["--scan-timeout", "0.25"])
        #expect(first.stages == Self.scanned)
        #expect(first.stdout.contains("  \(folder.path)/hang.so: did not finish loading within 0.25 s\n"))
        #expect(try list(environment, ["--scan-timeout", "0.25"]) == (first.stdout, Self.replayed))
        #expect(try list(environment, ["--scan-timeout", "0.2"]) == (first.stdout, Self.replayed))
        let longer = try list(environment, ["--scan-timeout", "0.5"])
        #expect(longer.stages == Self.scanned)
        #expect(longer.stdout.contains("  \(folder.path)/hang.so: did not finish loading within 0.5 s\n"))
    }

    @Test("nothing is replayed for a file the host refused itself, a missing folder, --no-cache, --json or --failed")
    func notKept() throws {
        // A text file named .so: refused by the host's own checks, never cached.
        let folder = try pluginFolder("listing-not-elf", [("good", "good_extra")])
        try Data("not a plugin\n".utf8).write(to: folder.appendingPathComponent("notes.so"))
        let cache = try Fixtures.makeTemporaryDirectory("listing-not-elf-cache")
        let environment = ["EASEL_PLUGIN_PATH": folder.path, "XDG_CACHE_HOME": cache.path]
        #expect(try list(environment).stages == Self.scanned)
        #expect(try list(environment).stages == Self.scanned)
        #expect(!FileManager.default.fileExists(atPath: cache.path + "/easel/listing-v1.txt"))

        // A missing folder.
        let (good, goodEnvironment, _, listing) = try setUp("listing-missing")
        var withMissing = goodEnvironment
        withMissing["EASEL_PLUGIN_PATH"] = good.path + ":" + good.path + "-gone"
        #expect(try list(withMissing).stages == Self.scanned)
        #expect(try list(withMissing).stages == Self.scanned)
        #expect(!FileManager.default.fileExists(atPath: listing.path))

        // --no-cache neither reads nor writes it; --json and --failed always scan.
        #expect(try list(goodEnvironment, ["--no-cache"]).stages == ["scan", "format", "write", "total"])
        #expect(!FileManager.default.fileExists(atPath: listing.path))
        _ = try list(goodEnvironment)
        #expect(try list(goodEnvironment, ["--json"]).stages == ["scan", "total"])
        #expect(try list(goodEnvironment, ["--failed"]).stages == ["scan", "total"])
        #expect(try list(goodEnvironment).stages == Self.replayed)
    }

    @Test("folder trust holds on the fast path: a folder or file made writable by others since (same modification time) is scanned again and refused")
    func trustChanged() throws {
        let (folder, environment, _, _) = try setUp("listing-trust")
        chmod(folder.path, 0o755)
        try setModificationTime(folder, 1_000_000)   // settled: only its modification time is checked
        let original = try list(environment).stdout
        #expect(try list(environment) == (original, Self.replayed))

        // chmod changes no modification time.
        chmod(folder.path, 0o777)
        let refused = try list(environment)
        #expect(refused.stages == Self.scanned)
        #expect(refused.stdout.contains(
            "  \(folder.path): the plugin folder is writable by others (mode 0777); a plugin folder must be writable only by its owner: chmod go-w \(folder.path), or pass --allow-writable-plugins to load it anyway\n"))
        #expect(!refused.stdout.contains("class LoadLogged"))
        #expect(try list(environment).stages == Self.scanned)   // a refusal keeps no listing
        chmod(folder.path, 0o755)
        #expect(try list(environment).stdout == original)
        #expect(try list(environment) == (original, Self.replayed))

        let file = folder.appendingPathComponent("good_extra.so")
        chmod(file.path, 0o666)
        let fileRefused = try list(environment)
        #expect(fileRefused.stages == Self.scanned)
        #expect(fileRefused.stdout.contains(
            "  \(file.path): the plugin file is writable by others (mode 0666); a plugin file must be writable only by its owner: chmod go-w \(file.path), or pass --allow-writable-plugins to load it anyway\n"))
        chmod(file.path, 0o755)
        // The listing recorded before still holds.
        #expect(try list(environment) == (original, Self.replayed))
    }

    @Test("the listing's key holds the trust policy: --allow-writable-plugins has its own listing; none is kept or printed under an allow-list; links are not kept")
    func trustPolicy() throws {
        let (folder, environment, _, listing) = try setUp("listing-trust-policy")
        chmod(folder.path, 0o777)
        let allowed = try list(environment, ["--allow-writable-plugins"])
        #expect(allowed.stdout.contains("class LoadLogged"))
        #expect(try list(environment, ["--allow-writable-plugins"]) == (allowed.stdout, Self.replayed))
        var byVariable = environment
        byVariable["EASEL_ALLOW_WRITABLE_PLUGINS"] = "1"
        #expect(try list(byVariable) == (allowed.stdout, Self.replayed))
        #expect(try String(contentsOf: listing, encoding: .utf8).contains("\ntrust 1\n"))
        // Without the flag, the writable folder's listing is not printed: it is refused.
        let refused = try list(environment)
        #expect(refused.stages == Self.scanned)
        #expect(refused.stdout.contains("the plugin folder is writable by others (mode 0777)"))
        chmod(folder.path, 0o755)

        // An allow-list: every run computes the digests, nothing is replayed.
        let scratch = try Fixtures.makeTemporaryDirectory("listing-trust-allow")
        let allowList = scratch.appendingPathComponent("allowed.sha256")
        try Data("# nothing\n".utf8).write(to: allowList)
        chmod(allowList.path, 0o644)
        _ = try list(environment)
        #expect(try list(environment).stages == Self.replayed)
        for _ in 0..<2 {
            let restricted = try list(environment, ["--allow-list", allowList.path])
            #expect(restricted.stages == Self.scanned)
            #expect(restricted.stdout.contains("0 plugins loaded\n"))
            #expect(restricted.stdout.contains("\(folder.path)/load_log.so: not in the allow-list \(allowList.path)"))
        }

        // A plugin file that is a link: not kept unless writable plugins are allowed.
        let linked = try Fixtures.makeTemporaryDirectory("listing-trust-link")
        chmod(linked.path, 0o755)
        #expect(symlink(folder.appendingPathComponent("good_extra.so").path, linked.appendingPathComponent("linked.so").path) == 0)
        var linkEnvironment = environment
        linkEnvironment["EASEL_PLUGIN_PATH"] = linked.path
        let viaLink = try list(linkEnvironment)
        #expect(viaLink.stdout.contains("\(linked.path)/linked.so\n"))
        #expect(try list(linkEnvironment).stages == Self.scanned)
        #expect(try list(linkEnvironment, ["--allow-writable-plugins"]).stages == Self.scanned)
        #expect(try list(linkEnvironment, ["--allow-writable-plugins"]).stages == Self.replayed)
    }

    @Test("a damaged listing file is ignored and written again; easel cache clear removes it")
    func damaged() throws {
        let (_, environment, _, listing) = try setUp("listing-damaged")
        let original = try list(environment).stdout
        let contents = try Data(contentsOf: listing)
        for damage in [Data("garbage\n".utf8), contents.prefix(contents.count / 2), contents + Data("more".utf8), Data()] {
            try damage.write(to: listing)
            let again = try list(environment)
            #expect(again.stages == Self.scanned)
            #expect(again.stdout == original)
            #expect(try list(environment).stages == Self.replayed)
        }
        #expect(try easel(["cache", "clear"], environment: environment).status == 0)
        #expect(!FileManager.default.fileExists(atPath: listing.path))
        #expect(try list(environment).stdout == original)
    }
}
