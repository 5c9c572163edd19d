@testable import EaselDiscovery
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

/// A fresh folder (mode 0755) holding `good_extra.so` (class Dot), and
/// `libShapes.so` copied from the sample plugins when `shapes` is set.
private func trustFolder(_ label: String, shapes: Bool = false) throws -> URL {
    let folder = try Fixtures.makeTemporaryDirectory(label)
    chmod(folder.path, 0o755)
    let dot = try Fixtures.buildFixture("good_extra", into: folder)
    chmod(dot.path, 0o755)
    if shapes {
        let copy = folder.appendingPathComponent("libShapes.so")
        try FileManager.default.copyItem(at: try Fixtures.samplePluginsDirectory().appendingPathComponent("libShapes.so"), to: copy)
        chmod(copy.path, 0o755)
    }
    return folder
}

/// The path with every link resolved (what the messages name for a link's target).
private func realPath(_ url: URL) -> String {
    guard let resolved = realpath(url.path, nil) else { return url.path }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// `sha256sum FILE`'s digest, from the coreutils tool itself.
private func sha256sum(_ file: URL) throws -> String {
    let tool = try Fixtures.executable(named: "sha256sum")
    let result = try Fixtures.run(tool, [file.path])
    guard result.status == 0, let digest = result.stdout.split(separator: " ").first else {
        throw FixtureError("sha256sum \(file.path) failed: \(result.stderr)")
    }
    return String(digest)
}

private let isRoot = getuid() == 0

/// Whether the group `root` has root as its only member in the files (no
/// listed members, no other user whose primary group it is), read directly.
private var rootGroupIsPrivate: Bool {
    guard let group = try? String(contentsOfFile: "/etc/group", encoding: .utf8),
          let passwd = try? String(contentsOfFile: "/etc/passwd", encoding: .utf8) else { return false }
    let rootLine = group.split(separator: "\n").first { $0.hasPrefix("root:") }
    guard let fields = rootLine?.split(separator: ":", omittingEmptySubsequences: false), fields.count >= 4,
          fields[2] == "0", fields[3].isEmpty || fields[3] == "root" else { return false }
    let primary = passwd.split(separator: "\n").map { $0.split(separator: ":", omittingEmptySubsequences: false) }
        .filter { $0.count > 3 && $0[3] == "0" }
    return primary.count == 1 && primary[0][2] == "0"
}

@Suite("Folder trust: permissions of plugin folders and files")
struct PermissionTests {
    @Test("a plugin folder writable by others is refused with the fix; the good plugins of other folders still load")
    func writableFolder() throws {
        let samples = try Fixtures.samplePluginsDirectory()
        let folder = try trustFolder("trust-folder")
        chmod(folder.path, 0o777)
        let expected = PluginLoadError(path: folder.path, kind: .insecurePermissions,
            message: "the plugin folder is writable by others (mode 0777); a plugin folder must be writable only by its owner: chmod go-w \(folder.path), or pass --allow-writable-plugins to load it anyway")

        let registry = Registry()
        registry.loadPlugins(from: [samples.path, folder.path])
        #expect(registry.failures == [expected])
        #expect(registry.plugins.count == 9)
        #expect(registry.objectClass(named: "Swatch") != nil)
        #expect(registry.objectClass(named: "Dot") == nil)

        // The scan refuses it the same way, before the helper sees it.
        let scan = try scanner().scan(folders: [samples.path, folder.path])
        let refusal = try #require(scan.entries.first { $0.path == folder.path })
        guard case .failed(let error) = refusal.outcome else { Issue.record("the folder was not refused"); return }
        #expect(error == expected)
        #expect(refusal.source == .host)
        #expect(scan.statistics.probed == 9)
        #expect(PluginCatalog(scan).plugins.count == 9)

        // Allowed explicitly, it loads.
        let trusting = Registry()
        trusting.loadPlugins(from: [folder.path], trust: PluginTrust(allowWritable: true))
        #expect(trusting.failures.isEmpty)
        #expect(trusting.objectClass(named: "Dot") != nil)
    }

    @Test("a plugin file writable by others is refused; the other plugins of its folder load")
    func writableFile() throws {
        let folder = try trustFolder("trust-file", shapes: true)
        let dot = folder.appendingPathComponent("good_extra.so")
        chmod(dot.path, 0o666)
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        #expect(registry.failures.map(\.description) == [
            "\(dot.path): the plugin file is writable by others (mode 0666); a plugin file must be writable only by its owner: chmod go-w \(dot.path), or pass --allow-writable-plugins to load it anyway",
        ])
        #expect(registry.failures.map(\.kind) == [.insecurePermissions])
        #expect(registry.objectClass(named: "Swatch") != nil)
        #expect(registry.objectClass(named: "Dot") == nil)

        let scan = try scanner().scan(folders: [folder.path])
        #expect(scan.failure(folder, "good_extra.so") == registry.failures.first)
        #expect(scan.plugin(folder, "libShapes.so") != nil)
        #expect(scan.statistics.probed == 1)

        let trusting = Registry()
        trusting.loadPlugins(from: [folder.path], trust: PluginTrust(allowWritable: true))
        #expect(trusting.failures.isEmpty)
        #expect(trusting.plugins.count == 2)
    }

    @Test("a plugin loaded on its own is refused when its folder is writable by others")
    func singleFile() throws {
        let folder = try trustFolder("trust-single")
        chmod(folder.path, 0o777)
        let registry = Registry()
        #expect(registry.loadPlugin(at: folder.appendingPathComponent("good_extra.so").path) == nil)
        #expect(registry.failures.map(\.description) == [
            "\(folder.path)/good_extra.so: its folder \(folder.path) is writable by others (mode 0777); a plugin folder must be writable only by its owner: chmod go-w \(folder.path), or pass --allow-writable-plugins to load it anyway",
        ])
        #expect(Registry().loadPlugin(at: folder.appendingPathComponent("good_extra.so").path,
                                      trust: PluginTrust(allowWritable: true)) != nil)
    }

    @Test("a link is judged by the file it resolves to and that file's folder")
    func links() throws {
        let folder = try trustFolder("trust-links")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("good_extra.so"))
        // Into a folder writable by others.
        let open = try trustFolder("trust-open")
        chmod(open.path, 0o777)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("a_into_open.so").path,
                                                   withDestinationPath: open.appendingPathComponent("good_extra.so").path)
        // To a file writable by others in a safe folder.
        let safe = try trustFolder("trust-safe")
        chmod(safe.appendingPathComponent("good_extra.so").path, 0o666)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("b_to_writable.so").path,
                                                   withDestinationPath: safe.appendingPathComponent("good_extra.so").path)
        // To a good file in a good folder, through a relative link.
        let good = try trustFolder("trust-good")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("c_good.so").path,
                                                   withDestinationPath: "../\(good.lastPathComponent)/good_extra.so")

        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        let openTarget = realPath(open), writableTarget = realPath(safe.appendingPathComponent("good_extra.so"))
        #expect(registry.failures.map(\.description) == [
            "\(folder.path)/a_into_open.so: the plugin file is a link into \(openTarget), a folder writable by others (mode 0777); a plugin folder must be writable only by its owner: chmod go-w \(openTarget), or pass --allow-writable-plugins to load it anyway",
            "\(folder.path)/b_to_writable.so: the plugin file is a link to \(writableTarget), which is writable by others (mode 0666); a plugin file must be writable only by its owner: chmod go-w \(writableTarget), or pass --allow-writable-plugins to load it anyway",
        ])
        #expect(registry.plugins.map(\.path) == ["\(folder.path)/c_good.so"])

        let scan = try scanner().scan(folders: [folder.path])
        #expect(scan.failure(folder, "a_into_open.so") == registry.failures[0])
        #expect(scan.failure(folder, "b_to_writable.so") == registry.failures[1])
        #expect(scan.plugin(folder, "c_good.so") != nil)
    }

    @Test("a folder writable by a group with other members is refused (as root: chgrp)",
          .enabled(if: isRoot && getgrgid(65534) != nil))
    func sharedGroup() throws {
        let folder = try trustFolder("trust-group")
        chown(folder.path, 0, 65534)
        chmod(folder.path, 0o775)
        let name = String(cString: getgrgid(65534)!.pointee.gr_name)
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        #expect(registry.failures.map(\.description) == [
            "\(folder.path): the plugin folder is writable by group '\(name)' (mode 0775); a plugin folder must be writable only by its owner: chmod go-w \(folder.path), or pass --allow-writable-plugins to load it anyway",
        ])
    }

    @Test("a folder and file writable by the owner's private group load (as Debian's OpenSSH allows)",
          .enabled(if: isRoot && rootGroupIsPrivate))
    func privateGroup() throws {
        let folder = try trustFolder("trust-private")
        chown(folder.path, 0, 0)
        chmod(folder.path, 0o775)
        chmod(folder.appendingPathComponent("good_extra.so").path, 0o775)
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        #expect(registry.failures.isEmpty)
        #expect(registry.objectClass(named: "Dot") != nil)
    }

    @Test("a plugin file owned by another user is refused (as root: chown)", .enabled(if: isRoot && getpwuid(1) != nil))
    func foreignOwner() throws {
        let folder = try trustFolder("trust-owner", shapes: true)
        let dot = folder.appendingPathComponent("good_extra.so")
        chown(dot.path, 1, 0)
        let name = String(cString: getpwuid(1)!.pointee.pw_name)
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        #expect(registry.failures.map(\.description) == [
            "\(dot.path): the plugin file is owned by user 1 (\(name)), not by root (mode 0755); a plugin file must belong to you or root: chown root \(dot.path), or pass --allow-writable-plugins to load it anyway",
        ])
        #expect(registry.objectClass(named: "Swatch") != nil)
    }

    @Test("refusals are never cached, and a refused folder keeps its cache entries for a run that allows it")
    func notCached() throws {
        let cache = try Fixtures.makeTemporaryDirectory("trust-cache")
        let folder = try trustFolder("trust-cached")
        chmod(folder.path, 0o777)
        var scanner = try scanner(cache: cache)
        scanner.trust = PluginTrust(allowWritable: true)
        let allowed = scanner.scan(folders: [folder.path])
        #expect(allowed.plugin(folder, "good_extra.so") != nil)
        #expect(allowed.statistics == PluginScan.Statistics(cacheHits: 0, probed: 1, helperLaunches: 1))

        scanner.trust = PluginTrust()
        let refused = scanner.scan(folders: [folder.path])
        #expect(refused.entries.count == 1)
        guard case .failed(let error)? = refused.entries.first?.outcome else { Issue.record("not refused"); return }
        #expect(error.kind == .insecurePermissions)
        #expect(refused.statistics == PluginScan.Statistics())

        scanner.trust = PluginTrust(allowWritable: true)
        let again = scanner.scan(folders: [folder.path])
        #expect(again.plugin(folder, "good_extra.so") != nil)
        #expect(again.statistics == PluginScan.Statistics(cacheHits: 1, probed: 0, helperLaunches: 0))

        // A writable file: refused before the cache is read, even though it holds a good answer.
        chmod(folder.path, 0o755)
        chmod(folder.appendingPathComponent("good_extra.so").path, 0o666)
        scanner.trust = PluginTrust()
        let file = scanner.scan(folders: [folder.path])
        #expect(file.failure(folder, "good_extra.so")?.kind == .insecurePermissions)
        #expect(file.entry(folder, "good_extra.so")?.source == .host)
        #expect(file.statistics == PluginScan.Statistics())
    }

    @Test("easel list, invoke: the refusal is listed with its reason; --allow-writable-plugins and EASEL_ALLOW_WRITABLE_PLUGINS=1 override it")
    func command() throws {
        let samples = try Fixtures.samplePluginsDirectory()
        let folder = try trustFolder("trust-cli")
        chmod(folder.path, 0o777)
        let message = "\(folder.path): the plugin folder is writable by others (mode 0777); a plugin folder must be writable only by its owner: chmod go-w \(folder.path), or pass --allow-writable-plugins to load it anyway"

        let list = try easel(["list", "--failed", "--plugins", folder.path])
        #expect(list.status == 0)
        let lines = list.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(5)) == ["Plugin folders:", "  \(folder.path)", "", "1 file failed to load", "  \(message)"])
        #expect(lines.count == 7 && lines[5].hasPrefix("    reason insecure-permissions, recorded ") && lines[6] == "")
        let json = try easel(["list", "--json", "--failed", "--plugins", folder.path])
        #expect(json.stdout.contains("\"reason\" : \"insecure-permissions\""))

        // The sample plugins still load and draw; the refused folder is a warning.
        let invoke = try easel(["invoke", "Swatch", "sizeThatFits:", "120,40", "--plugins", samples.path, "--plugins", folder.path])
        #expect(invoke.status == 0)
        #expect(invoke.stdout == "{width: 40, height: 40}\n")
        #expect(invoke.stderr == "warning: \(message)\n")
        let refused = try easel(["invoke", "Dot", "drawRect:", "0,0,10,10", "--plugins", folder.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("warning: \(message)\n"))

        let flag = try easel(["invoke", "Dot", "drawRect:", "0,0,10,10", "--plugins", folder.path, "--allow-writable-plugins"])
        #expect(flag.status == 0, "\(flag.stderr)")
        #expect(flag.stderr == "")
        let variable = try easel(["invoke", "Dot", "drawRect:", "0,0,10,10", "--plugins", folder.path],
                                 environment: ["EASEL_PLUGIN_PATH": "", "EASEL_ALLOW_WRITABLE_PLUGINS": "1"])
        #expect(variable.status == 0, "\(variable.stderr)")
        #expect(variable.stderr == "")
    }
}

@Suite("Folder trust: the allow-list of SHA-256 digests")
struct AllowListTests {
    @Test("SHA-256 through GLib's GChecksum: the standard test vectors, and the digests sha256sum prints")
    func digests() throws {
        #expect(SHA256.hexDigest(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hexDigest(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hexDigest(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // A file larger than the read buffer, not a multiple of it.
        let folder = try Fixtures.makeTemporaryDirectory("trust-digest")
        let file = folder.appendingPathComponent("data.bin")
        try Data((0..<(3 * 65536 + 17)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }).write(to: file)
        #expect(try SHA256.hexDigest(ofFileAt: file.path).get() == sha256sum(file))
        let shapes = try Fixtures.samplePluginsDirectory().appendingPathComponent("libShapes.so")
        #expect(try SHA256.hexDigest(ofFileAt: shapes.path).get() == sha256sum(shapes))
        #expect(SHA256.hexDigest(ofFileAt: folder.appendingPathComponent("none").path)
                == .failure(SHA256.DigestError(reason: "No such file or directory")))
    }

    @Test("an allow-list lets in the plugins it lists and refuses the others, printing their digest")
    func allowList() throws {
        let folder = try trustFolder("trust-allow", shapes: true)
        let shapes = folder.appendingPathComponent("libShapes.so"), dot = folder.appendingPathComponent("good_extra.so")
        let listFile = folder.appendingPathComponent("allowed.sha256")
        // sha256sum's own output, with a comment and a blank line.
        try "# plugins we trust\n\n\(try sha256sum(shapes))  \(shapes.path)\n".write(to: listFile, atomically: true, encoding: .utf8)
        let list = try PluginAllowList(contentsOfFile: listFile.path)
        let dotDigest = try sha256sum(dot)

        let registry = Registry()
        registry.loadPlugins(from: [folder.path], trust: PluginTrust(allowList: list))
        let expected = "\(dot.path): not in the allow-list \(listFile.path): its SHA-256 digest is \(dotDigest); to trust this file, add the line '\(dotDigest)  \(dot.path)' to the allow-list"
        #expect(registry.failures.map(\.description) == [expected])
        #expect(registry.failures.map(\.kind) == [.notAllowListed])
        #expect(registry.plugins.map(\.name) == ["Shapes"])

        // Through the scan, and not lifted by allowing writable plugins.
        let scan = try scanner().scan(folders: [folder.path])
        #expect(scan.failure(folder, "good_extra.so") == nil)
        var listing = try scanner()
        listing.trust = PluginTrust(allowWritable: true, allowList: list)
        let listed = listing.scan(folders: [folder.path])
        #expect(listed.failure(folder, "good_extra.so")?.description == expected)
        #expect(listed.plugin(folder, "libShapes.so") != nil)
        #expect(listed.statistics.probed == 1)

        // The command line: --allow-list, and EASEL_ALLOW_LIST.
        let flag = try easel(["list", "--failed", "--plugins", folder.path, "--allow-list", listFile.path])
        #expect(flag.status == 0)
        #expect(flag.stdout.contains("\n1 file failed to load\n  \(expected)\n    reason not-allow-listed, recorded "))
        let variable = try easel(["invoke", "Dot", "drawRect:", "0,0,10,10", "--plugins", folder.path],
                                 environment: ["EASEL_PLUGIN_PATH": "", "EASEL_ALLOW_LIST": listFile.path])
        #expect(variable.status == 1)
        #expect(variable.stderr.hasPrefix("warning: \(expected)\n"))

        // Listing the second digest (any name) lets it in.
        try "\(try sha256sum(shapes))  libShapes.so\n\(dotDigest.uppercased()) *whatever.so\n".write(to: listFile, atomically: true, encoding: .utf8)
        let both = try easel(["invoke", "Dot", "drawRect:", "0,0,10,10", "--plugins", folder.path, "--allow-list", listFile.path])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(both.stderr == "")
    }

    @Test("a malformed, missing or writable allow-list is an error naming the file (and line); nothing is loaded")
    func malformed() throws {
        let folder = try trustFolder("trust-bad-list")
        let listFile = folder.appendingPathComponent("allow.txt")
        let digest = try sha256sum(folder.appendingPathComponent("good_extra.so"))
        try "\(digest)  good_extra.so\nzz\n".write(to: listFile, atomically: true, encoding: .utf8)
        let malformed = try easel(["list", "--plugins", folder.path, "--allow-list", listFile.path])
        #expect(malformed.status == 1)
        #expect(malformed.stdout == "")
        #expect(malformed.stderr == "error: \(listFile.path):2: expected a SHA-256 digest (64 hexadecimal digits), two spaces and a file name, as sha256sum prints them; found 'zz'\n")

        let missing = try easel(["list", "--plugins", folder.path],
                                environment: ["EASEL_PLUGIN_PATH": "", "EASEL_ALLOW_LIST": folder.path + "/none.txt"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: \(folder.path)/none.txt: cannot read the allow-list: No such file or directory\n")

        try "\(digest)  good_extra.so\n".write(to: listFile, atomically: true, encoding: .utf8)
        chmod(listFile.path, 0o666)
        let writable = try easel(["list", "--plugins", folder.path, "--allow-list", listFile.path])
        #expect(writable.status == 1)
        #expect(writable.stderr == "error: the allow-list \(listFile.path) is writable by others (mode 0666); an allow-list must be writable only by its owner: chmod go-w \(listFile.path), or pass --allow-writable-plugins to use it anyway\n")
    }

    @Test("the allow-list format: sha256sum's text and binary lines, --tag lines, escapes, comments; clear errors for other digests")
    func format() throws {
        let a = String(repeating: "a", count: 64), b = String(repeating: "B", count: 64), c = String(repeating: "c", count: 64)
        let d = String(repeating: "d", count: 64), e = String(repeating: "0", count: 64)
        let list = try PluginAllowList(parsing: """
            # comment
              \(a)  libA.so\r
            \(b) *lib B.so

            SHA256 (libC (1).so) = \(c)
            \\\(d)  dir\\\\libD\\nx.so
            \(e)
            """, path: "list")
        #expect(list.entries == [a: ["libA.so"], b.lowercased(): ["lib B.so"], c: ["libC (1).so"], d: ["dir\\libD\nx.so"], e: [""]])
        #expect(list.contains(digest: b) && list.contains(digest: b.lowercased()))
        #expect(!list.contains(digest: String(repeating: "f", count: 64)))
        #expect(try PluginAllowList(parsing: "", path: "empty").entries.isEmpty)

        func error(_ text: String) -> String {
            do { _ = try PluginAllowList(parsing: text, path: "/etc/easel/allow"); return "no error" } catch { return error.description }
        }
        #expect(error("\(a)  ok.so\nd41d8cd98f00b204e9800998ecf8427e  old.so")
                == "/etc/easel/allow:2: 'd41d8cd98f00b204e9800998ecf8427e' has 32 hexadecimal digits, a SHA-256 digest has 64 (an MD5 digest?)")
        #expect(error("MD5 (libA.so) = d41d8cd98f00b204e9800998ecf8427e")
                == "/etc/easel/allow:1: 'MD5' digests cannot be checked; an allow-list holds SHA-256 digests (sha256sum)")
        #expect(error(String(repeating: "g", count: 64) + "  x.so")
                == "/etc/easel/allow:1: expected a SHA-256 digest (64 hexadecimal digits), two spaces and a file name, as sha256sum prints them; found '\(String(repeating: "g", count: 64))'")
        #expect(error("\n\n\(a)x  y.so").hasPrefix("/etc/easel/allow:3: expected a SHA-256 digest"))
    }
}
