@testable import EaselDiscovery
import EaselDiscovery
@testable import EaselProbe
import EaselRuntime
import EaselTestSupport
import Foundation
import Synchronization
import Testing

// Loading exactly the bytes that were checked, the libraries a plugin
// brings, and names that cannot lie (EaselProbe's PluginImage.swift,
// PluginDependencies.swift, PluginNames.swift).

/// A folder with mode 0755 (the temporary folder's default may differ).
/// A file read with read(2) until its end (for /proc files, whose size reads as 0).
private func readWhole(_ path: String) -> String {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return "" }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(fd, &chunk, chunk.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        bytes += chunk[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

private func folder(_ label: String) throws -> URL {
    let url = try Fixtures.makeTemporaryDirectory(label)
    chmod(url.path, 0o755)
    return url
}

private func subfolder(_ parent: URL, _ name: String, mode: mode_t = 0o755) throws -> URL {
    let url = parent.appendingPathComponent(name, isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    chmod(url.path, mode)
    return url
}

private func digest(_ url: URL) throws -> String {
    try SHA256.hexDigest(ofFileAt: url.path).get()
}

@Suite("Loading exactly the bytes that were checked")
struct ExactBytesTests {
    @Test("a plugin swapped between listed and unlisted bytes during 200 loads in this process never runs the unlisted bytes")
    func swapInProcess() throws {
        let root = try folder("swap-in-process")
        let scratch = try subfolder(root, "scratch"), plugins = try subfolder(root, "plugins")
        let marker = root.appendingPathComponent("marker.txt")
        let (good, evil) = try swapVariants(scratch, marker: marker)
        let list = try PluginAllowList(parsing: "\(try digest(good))  good.so\n", path: "swap-allow-list")
        let swapper = Swapper(scratch: scratch)
        let registry = Registry()
        let trust = PluginTrust(allowList: list)
        for index in 0..<200 {
            // A new name each time: the loader would answer a name it has already loaded from memory.
            let target = plugins.appendingPathComponent("p\(index).so").path
            _ = link(good.path, target)
            swapper.swap(target, good: good, evil: evil)
            registry.loadPlugin(at: target, trust: trust)
        }
        swapper.stop()
        #expect(markerText(marker) == "")
        #expect(swapper.swaps.load(ordering: .relaxed) > 20)   // it ran (each swap is one rename)
        // Every load either ran the listed bytes or refused the others.
        let kinds = Set(registry.failures.map(\.kind))
        #expect(kinds.isSubset(of: [.notAllowListed, .duplicateClass]))
        #expect(registry.objectClass(named: "Swapped") != nil)
    }

    @Test("files swapped while the scanner probes them and while the host loads the scan never run the unlisted bytes")
    func swapWhileScanning() throws {
        let root = try folder("swap-scan")
        let scratch = try subfolder(root, "scratch"), plugins = try subfolder(root, "plugins")
        let marker = root.appendingPathComponent("marker.txt")
        let (good, evil) = try swapVariants(scratch, marker: marker)
        let list = try PluginAllowList(parsing: "\(try digest(good))  good.so\n", path: "swap-allow-list")
        let targets = try swapTargets(40, plugins: plugins, scratch: scratch, good: good, evil: evil)
        let swapper = Swapper(scratch: scratch)
        swapper.swap(targets)
        var scanning = try scanner()
        scanning.trust = PluginTrust(allowList: list)
        let scan = scanning.scan(folders: [plugins.path])
        let registry = Registry()
        registry.loadPlugins(from: scan)
        swapper.stop()
        #expect(markerText(marker) == "")
        #expect(scan.entries.count == 40)
        for entry in scan.entries {
            switch entry.outcome {
            case .plugin(let plugin): #expect(plugin.classes.map(\.name) == ["Swapped"])
            case .failed(let error): #expect(error.kind == .notAllowListed, "\(error)")
            }
        }
        #expect(Set(registry.failures.map(\.kind)).isSubset(of: [.notAllowListed, .duplicateClass]))
    }

    @Test("under an allow-list the loader maps the sealed copy that was digested, and the plugin keeps its path")
    func loadsTheSealedCopy() throws {
        let root = try folder("sealed-copy")
        let file = try Fixtures.buildFixture("good_extra", into: root, soName: "sealed_copy_probe")
        chmod(file.path, 0o755)
        let list = try PluginAllowList(parsing: "\(try digest(file))  sealed_copy_probe.so\n", path: "list")
        let registry = Registry()
        let plugin = try #require(registry.loadPlugin(at: file.path, trust: PluginTrust(allowList: list)))
        #expect(plugin.path == file.path)
        // The plugin's code is mapped from the sealed memfd, not from the file: writing into the file
        // now changes nothing loaded. (The mapping is found by the address of one of its methods: other
        // tests load plugins in this process at the same time.)
        let method = try #require(registry.classes.first { $0.plugin?.path == file.path }?.methods.first)
        let address = UInt(bitPattern: Int(bitPattern: method.implementation))
        // /proc/self/maps is read in pieces, and a line can be missed while other threads map and
        // unmap memory: read it again until the line is there (the test fails after 50 reads).
        var found: Substring?
        for _ in 0..<50 where found == nil {
            let maps = readWhole("/proc/self/maps")
            found = maps.split(separator: "\n").first { line in
                let range = line.prefix(while: { $0 != " " }).split(separator: "-").compactMap { UInt($0, radix: 16) }
                return range.count == 2 && range[0] <= address && address < range[1]
            }
        }
        let mapping = try #require(found)
        #expect(mapping.contains("/memfd:easel-plugin"), "\(mapping)")
        #expect(!mapping.contains(file.path))
    }
}

/// A plugin folder (mode 0755) with `dependency_plugin.so`, linked with
/// RUNPATH `$ORIGIN/deps`, and `deps/libplugin_dep.so` (mode `depsMode`),
/// whose constructor writes to `marker`.
private func dependencyFolder(_ label: String, depsMode: mode_t, soname: Bool = true) throws
    -> (folder: URL, deps: URL, plugin: URL, library: URL, marker: URL) {
    let root = try folder(label)
    let marker = root.appendingPathComponent("marker.txt")
    let deps = try subfolder(root, "deps")
    let library = try Fixtures.buildFixture("plugin_dep", into: deps, soName: "libplugin_dep.so",
        linkArguments: (soname ? ["-Wl,-soname,libplugin_dep.so"] : []) + [markerFlag(marker)])
    chmod(library.path, 0o755)
    let plugin = try Fixtures.buildFixture("dependency_plugin", into: root,
        linkArguments: ["-L", deps.path, "-lplugin_dep", "-Wl,-rpath,$ORIGIN/deps"])
    chmod(plugin.path, 0o755)
    chmod(deps.path, depsMode)
    return (root, deps, plugin, library, marker)
}

@Suite("Folder trust covers the libraries a plugin brings")
struct DependencyTrustTests {
    @Test("a library found through RUNPATH $ORIGIN/deps in a world-writable folder is refused, naming it and its folder; none of its code runs")
    func writableDependencyFolder() throws {
        let (folder, deps, plugin, _, marker) = try dependencyFolder("dep-writable", depsMode: 0o777)
        let expected = PluginLoadError(path: plugin.path, kind: .insecurePermissions,
            message: "the library it needs, libplugin_dep.so (\(deps.path)/libplugin_dep.so, through RUNPATH $ORIGIN/deps): its folder \(deps.path) is writable by others (mode 0777); the folder of a plugin's library must be writable only by its owner: chmod go-w \(deps.path), or pass --allow-writable-plugins to load it anyway")
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        #expect(registry.failures == [expected])
        #expect(registry.objectClass(named: "NeedsDep") == nil)

        // The scan refuses it the same way, in the host, before any helper runs it.
        let scan = try scanner().scan(folders: [folder.path])
        #expect(scan.failure(folder, "dependency_plugin.so") == expected)
        #expect(scan.statistics.probed == 0)
        #expect(markerText(marker) == "")

        // --allow-writable-plugins loads it, library first.
        let allowed = Registry()
        allowed.loadPlugins(from: [folder.path], trust: PluginTrust(allowWritable: true))
        #expect(allowed.failures == [])
        #expect(allowed.objectClass(named: "NeedsDep") != nil)
        #expect(markerText(marker) == "plugin_dep: constructor ran\n")
    }

    @Test("a library that only its owner can change loads with the plugin, in this process and in the scanner")
    func safeDependency() throws {
        let (folder, _, plugin, _, marker) = try dependencyFolder("dep-safe", depsMode: 0o755)
        let scan = try scanner().scan(folders: [folder.path])
        #expect(scan.plugin(folder, "dependency_plugin.so")?.classes.map(\.name) == ["NeedsDep"])
        #expect(markerText(marker) == "plugin_dep: constructor ran\n")   // in the helper
        let registry = Registry()
        registry.loadPlugins(from: scan)
        #expect(registry.failures == [])
        #expect(registry.objectClass(named: "NeedsDep")?.plugin?.path == plugin.path)
        #expect(markerText(marker) == "plugin_dep: constructor ran\nplugin_dep: constructor ran\n")
    }

    @Test("with an allow-list, a library from outside the system's folders must be listed too")
    func allowListedDependency() throws {
        let (folder, deps, plugin, library, marker) = try dependencyFolder("dep-listed", depsMode: 0o755)
        let pluginDigest = try digest(plugin), libraryDigest = try digest(library)
        let onlyPlugin = try PluginAllowList(parsing: "\(pluginDigest)  dependency_plugin.so\n", path: "list")
        let expected = PluginLoadError(path: plugin.path, kind: .notAllowListed,
            message: "the library it needs, libplugin_dep.so (\(deps.path)/libplugin_dep.so, through RUNPATH $ORIGIN/deps), is not in the allow-list list: its SHA-256 digest is \(libraryDigest); to trust it, add the line '\(libraryDigest)  \(deps.path)/libplugin_dep.so' to the allow-list")
        let registry = Registry()
        registry.loadPlugins(from: [folder.path], trust: PluginTrust(allowList: onlyPlugin))
        #expect(registry.failures == [expected])
        var scanning = try scanner()
        scanning.trust = PluginTrust(allowList: onlyPlugin)
        #expect(scanning.scan(folders: [folder.path]).failure(folder, "dependency_plugin.so") == expected)
        #expect(markerText(marker) == "")

        let both = try PluginAllowList(parsing: "\(pluginDigest)  dependency_plugin.so\n\(libraryDigest)  deps/libplugin_dep.so\n",
                                       path: "list")
        let listed = Registry()
        listed.loadPlugins(from: [folder.path], trust: PluginTrust(allowList: both))
        #expect(listed.failures == [])
        #expect(listed.objectClass(named: "NeedsDep") != nil)
    }

    @Test("a library without the DT_SONAME the plugin needs it by is refused with the fix, before any code runs")
    func dependencyWithoutSoname() throws {
        let (folder, deps, plugin, _, marker) = try dependencyFolder("dep-soname", depsMode: 0o755, soname: false)
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        #expect(registry.failures == [PluginLoadError(path: plugin.path, kind: .dependencyRefused,
            message: "it needs the library libplugin_dep.so (\(deps.path)/libplugin_dep.so, through RUNPATH $ORIGIN/deps), but it has no DT_SONAME: easel loads a plugin's own libraries from the descriptors it checked, and the loader matches them by that name; link the library with -Wl,-soname,libplugin_dep.so")])
        #expect(markerText(marker) == "")
    }

    @Test("the Swift runtime's folder, where plugins' libswiftCore.so comes from, is the one /proc/self/maps lists, and a system folder")
    func swiftRuntimeFolder() throws {
        // Read to the end: the file's size says 0.
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps"))
        defer { try? handle.close() }
        let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        let core = try #require(maps.split(separator: "\n").compactMap { line -> String? in
            guard let slash = line.firstIndex(of: "/"), line.hasSuffix("/libswiftCore.so") else { return nil }
            return String(line[slash...])
        }.first)
        let folder = String(core[..<core.lastIndex(of: "/")!])
        #expect(PluginDependencies.swiftRuntimeFolder() == folder)
        #expect(PluginDependencies.isSystemFolder(folder))
    }

    @Test("the dynamic section is read with bounds: a plugin's DT_NEEDED, RUNPATH and a library's DT_SONAME")
    func dynamicSection() throws {
        let (_, _, plugin, library, _) = try dependencyFolder("dep-dynamic", depsMode: 0o755)
        let image = try PluginImage.open(plugin.path).get()
        let dynamic = try ELFCheck.dynamic(descriptor: image.descriptor, fileSize: image.size).get()
        #expect(dynamic.needed.contains("libplugin_dep.so"))
        #expect(dynamic.runpath == ["$ORIGIN/deps"])
        let libraryImage = try PluginImage.open(library.path).get()
        #expect(try ELFCheck.dynamic(descriptor: libraryImage.descriptor, fileSize: libraryImage.size).get().soname
                == "libplugin_dep.so")
        // Truncated after the program headers: refused with a reason, nothing read past the end.
        let bytes = try Data(contentsOf: plugin)
        let cut = try folder("dep-truncated").appendingPathComponent("cut.so")
        try bytes.prefix(bytes.count / 3).write(to: cut)
        let truncated = try PluginImage.open(cut.path).get()
        guard case .failure = ELFCheck.dynamic(descriptor: truncated.descriptor, fileSize: truncated.size) else {
            Issue.record("a truncated dynamic section was read")
            return
        }
    }
}

@Suite("Names that cannot lie")
struct NameTests {
    private func refusal(_ label: String, _ flags: [String] = []) throws -> (URL, [PluginLoadError], Registry) {
        let root = try folder(label)
        let file = try Fixtures.buildFixture("bad_names", into: root, linkArguments: flags)
        chmod(file.path, 0o755)
        let registry = Registry()
        registry.loadPlugins(from: [root.path])
        return (file, registry.failures, registry)
    }

    @Test("a class name with a terminal escape is refused, shown escaped with the offending byte's position")
    func escapeInClassName() throws {
        let (file, failures, registry) = try refusal("names-escape")
        #expect(failures == [PluginLoadError(path: file.path, kind: .invalidName,
                                             message: "class #1: class name \"Bad\\x1b[31m\" has a control character at byte 3")])
        #expect(registry.objectClass(named: "Decent") == nil)
        #expect(!failures[0].description.contains("\u{1B}"))
    }

    @Test("a class name that forges a line of the listing is refused, and the message is one line")
    func forgedLine() throws {
        let (file, failures, _) = try refusal("names-forged", ["-DFORGED_LINE"])
        #expect(failures == [PluginLoadError(path: file.path, kind: .invalidName,
            message: "class #1: class name \"Evil\\x0a  class Forged : View\" has a control character at byte 4")])
        #expect(!failures[0].description.contains("\n"))
    }

    @Test("a selector with a tab and a plugin name that is not UTF-8 are refused, naming the class or the plugin")
    func selectorAndPluginName() throws {
        let (file, failures, _) = try refusal("names-selector", ["-DBAD_SELECTOR"])
        #expect(failures == [PluginLoadError(path: file.path, kind: .invalidName, className: "Fine",
            message: "class 'Fine': method #0: selector \"lay\\x09out\" has a control character at byte 3")])
        let (other, pluginFailures, _) = try refusal("names-plugin", ["-DBAD_PLUGIN_NAME"])
        #expect(pluginFailures == [PluginLoadError(path: other.path, kind: .invalidName,
            message: "plugin name \"bad\\xffname\" has a byte that is not UTF-8 (0xff) at byte 3")])
    }

    @Test("the scanner refuses the same names with the same messages")
    func scannerRefusesNames() throws {
        let root = try folder("names-scan")
        let file = try Fixtures.buildFixture("bad_names", into: root)
        chmod(file.path, 0o755)
        #expect(try scanner().scan(folders: [root.path]).failure(root, "bad_names.so")
                == PluginLoadError(path: file.path, kind: .invalidName,
                                   message: "class #1: class name \"Bad\\x1b[31m\" has a control character at byte 3"))
    }

    @Test("a file name that is not UTF-8 loads like any other, in process and through the scanner")
    func nonUTF8FileName() throws {
        let root = try folder("names-file")
        let built = try Fixtures.buildFixture("good_extra", into: root)
        let bad = Array(root.path.utf8) + Array("/good".utf8) + [0xFF] + Array(".so".utf8)
        let renamed = bad.withUnsafeBufferPointer { buffer -> Bool in
            let path = buffer.map { CChar(bitPattern: $0) } + [0]
            return rename(built.path, path) == 0 && chmod(path, 0o755) == 0
        }
        try #require(renamed)
        let registry = Registry()
        registry.loadPlugins(from: [root.path])
        #expect(registry.failures == [])
        #expect(registry.objectClass(named: "Dot") != nil)
        let entries = try scanner().scan(folders: [root.path]).entries
        let loaded = entries.compactMap { entry -> [UInt8]? in
            if case .plugin = entry.outcome { return FileSystemName.bytes(entry.path) } else { return nil }
        }
        #expect(loaded == [bad])
        #expect(entries.map { DisplayText.escaped($0.path) } == [root.path + "/good\\xff.so"])
    }

    @Test("file names map to strings and back to the same bytes, also names that look like the mapping")
    func fileSystemNamesRoundTrip() {
        let names: [[UInt8]] = [
            Array("plain.so".utf8), Array("café.so".utf8), [0x67, 0xFF, 0x2E], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80],
            Array("\u{10FF80}x".utf8), [0xF4, 0x8F, 0xBF, 0xBF], [0x80, 0x80, 0x41],
        ]
        for name in names {
            #expect(FileSystemName.bytes(FileSystemName.decode(name)) == name)
        }
        #expect(DisplayText.escaped(FileSystemName.decode([0x67, 0xFF, 0x2E, 0x73, 0x6F])) == "g\\xff.so")
        #expect(FileSystemName.decode(Array("café".utf8)) == "café")
    }
}

@Suite("Clear messages for sizes, links and the cache")
struct LoadMessageTests {
    @Test("struct_size 0xFFFFFFF0 is refused as larger than any descriptor")
    func hugeStructSize() throws {
        let root = try folder("sizes-huge")
        let file = try Fixtures.buildFixture("bad_sizes", into: root)
        chmod(file.path, 0o755)
        let registry = Registry()
        registry.loadPlugins(from: [root.path])
        #expect(registry.failures == [PluginLoadError(path: file.path, kind: .invalidDescription,
            message: "class #0: easel_class_desc.struct_size is 4294967280, larger than 4096 bytes: not the size of a easel_class_desc")])
    }

    @Test("a method_count larger than the method array says so instead of contradicting itself")
    func shortMethodArray() throws {
        let root = try folder("sizes-short")
        let file = try Fixtures.buildFixture("bad_sizes", into: root, linkArguments: ["-DSHORT_METHODS"])
        chmod(file.path, 0o755)
        let registry = Registry()
        registry.loadPlugins(from: [root.path])
        let failure = try #require(registry.failures.first)
        #expect(failure.kind == .invalidDescription)
        #expect(failure.message == "class 'Short': method #1: easel_method_desc.struct_size is 56 but method #0's is 32; every method of the array has the same size (is method_count 5 more than the array holds?)")
    }

    @Test("a symbolic link in a loop is called a loop, not dangling")
    func linkLoop() throws {
        let root = try folder("link-loop")
        let loop = root.appendingPathComponent("loop.so").path
        symlink(loop, loop)
        let registry = Registry()
        registry.loadPlugins(from: [root.path])
        #expect(registry.failures == [PluginLoadError(path: loop, kind: .unreadable,
            message: "cannot read the file: it is a symbolic link in a loop, or through too many links (Too many levels of symbolic links)")])
    }

    @Test("a folder in place of the registry cache file is named as such, and the scan still answers")
    func cacheIsAFolder() throws {
        let root = try folder("cache-folder")
        let plugins = try subfolder(root, "plugins")
        let dot = try Fixtures.buildFixture("good_extra", into: plugins)
        chmod(dot.path, 0o755)
        let cache = try subfolder(root, "cache")
        let cacheFile = RegistryCache(directory: cache.path).file
        try FileManager.default.createDirectory(atPath: cacheFile, withIntermediateDirectories: true)
        let scan = try scanner(cache: cache).scan(folders: [plugins.path])
        #expect(scan.plugin(plugins, "good_extra.so") != nil)
        #expect(scan.warnings.first == "cannot use the plugin cache \(cacheFile): it is a folder; scanning without the cache (remove it to let easel write one)")
        #expect(!scan.warnings.joined().contains("NSCocoaErrorDomain"))
    }
}

@Suite("Names from outside this process's probe are checked too")
struct ForeignNameTests {
    @Test("a registry cache entry whose class name holds an escape is refused like the probe refuses it")
    func cachedBadName() throws {
        let root = try folder("cache-names")
        let plugins = try subfolder(root, "plugins")
        let dot = try Fixtures.buildFixture("good_extra", into: plugins)
        chmod(dot.path, 0o755)
        let cache = try subfolder(root, "cache")
        #expect(try scanner(cache: cache).scan(folders: [plugins.path]).plugin(plugins, "good_extra.so") != nil)
        // An older easel's cache (or anyone who can write it) holds a name this one refuses.
        let file = URL(fileURLWithPath: RegistryCache(directory: cache.path).file)
        let bytes = try [UInt8](Data(contentsOf: file))
        let magic = Array("EASELREG".utf8)
        var records = try #require(bytes.withUnsafeBytes {
            ScannerProtocol.readCacheRecords(UnsafeRawBufferPointer(rebasing: $0[magic.count...]))
        })
        try #require(records.count == 1)
        guard case .success(var plugin) = records[0].result else { Issue.record("not a plugin"); return }
        try #require(plugin.classes.first?.name == "Dot")
        plugin.classes[0].name = "Dot\u{1B}[31m"
        records[0].result = .success(plugin)
        var writer = ScannerProtocol.Writer()
        ScannerProtocol.writeCacheRecord(records[0], to: &writer)
        try Data(magic + writer.bytes).write(to: file)
        let scan = try scanner(cache: cache).scan(folders: [plugins.path])
        #expect(scan.statistics.cacheHits == 1)
        #expect(scan.failure(plugins, "good_extra.so") == PluginLoadError(path: dot.path, kind: .invalidName,
            message: "class #0: class name \"Dot\\x1b[31m\" has a control character at byte 3"))
    }
}

@Suite("The character sets of names")
struct NameRuleTests {
    @Test("names and the first byte each rule refuses", arguments: [
        (Array("Swatch".utf8), PluginNames.Role.className, nil),
        (Array("_Private2".utf8), .className, nil),
        (Array("2Fast".utf8), .className, "class name \"2Fast\" has a digit first at byte 0; a class name is ASCII letters, digits and '_', not starting with a digit"),
        (Array("Two Words".utf8), .className, "class name \"Two Words\" has ' ' at byte 3; a class name is ASCII letters, digits and '_', not starting with a digit"),
        (Array("Caf\u{E9}".utf8), .property, "property name \"Caf\u{E9}\" has the byte 0xc3 at byte 3; a property name is ASCII letters, digits and '_', not starting with a digit"),
        (Array("setColor:alpha:".utf8), .selector, nil),
        (Array("drawRect:".utf8), .className, "class name \"drawRect:\" has ':' at byte 8; a class name is ASCII letters, digits and '_', not starting with a digit"),
        (Array("Grafik \u{DC}bersicht".utf8), .plugin, nil),
        (Array("evil\u{202E}txt".utf8), .plugin, "plugin name \"evil\\xe2\\x80\\xaetxt\" has a control character at byte 4"),
        ([0x41, 0x7F], .selector, "selector \"A\\x7f\" has a control character at byte 1"),
    ] as [([UInt8], PluginNames.Role, String?)])
    func rules(_ name: [UInt8], _ role: PluginNames.Role, _ refusal: String?) {
        switch PluginNames.check(name, role) {
        case .success(let text): #expect(refusal == nil && Array(text.utf8) == name)
        case .failure(let problem): #expect(problem.message == refusal)
        }
    }

    @Test("a name longer than 256 bytes is refused without printing it whole")
    func tooLong() {
        let name = [UInt8](repeating: UInt8(ascii: "A"), count: 300)
        guard case .failure(let problem) = PluginNames.check(name, .className) else {
            Issue.record("a 300-byte name was accepted")
            return
        }
        #expect(problem.message == "class name \"\(String(repeating: "A", count: 64))…\" is longer than 256 bytes")
    }
}

@Suite("The loader's name for an image is never one it already has")
struct LoaderNameTests {
    @Test("a descriptor number the loader knows (its file closed behind its back and reused) is not handed out again")
    func reusedNumber() throws {
        let root = try folder("loader-name")
        let first = try Fixtures.buildFixture("good_extra", into: root, soName: "loader_name_first")
        let second = try Fixtures.buildFixture("good_extra", into: root, soName: "loader_name_second")
        let image = try PluginImage.open(first.path).get()
        let name = try #require(image.loaderName())
        #expect(name == image.loaderPath)
        #expect(dlopen(name, RTLD_NOW | RTLD_LOCAL) != nil)
        image.keepOpen()
        // Someone closes the loaded image's descriptor and the number is reused for another file.
        let other = open(second.path, O_RDONLY | O_CLOEXEC)
        #expect(other >= 0)
        #expect(dup2(other, image.descriptor) == image.descriptor)
        close(other)
        let reused = try #require(PluginImage.adopting(image.descriptor, path: second.path))
        let fresh = try #require(reused.loaderName())
        #expect(fresh != image.loaderPath)
        // The fresh name opens the second file, not the library loaded first.
        let handle = try #require(dlopen(fresh, RTLD_NOW | RTLD_LOCAL))
        #expect(handle != dlopen(name, RTLD_NOW | RTLD_NOLOAD))
        reused.keepOpen()
    }
}

@Suite("The ELF check on what the fuzzer found")
struct ELFFindingsTests {
    /// Before the fix, each trapped on an arithmetic overflow (in-process loading took the host down).
    @Test("section offsets near 2^63 (Fuzz/Findings/elf) are read as empty sections, not added until they overflow",
          arguments: [
              // No symbol table inside the file: nothing to tell, the loader decides.
              ("dynsym-offset-overflow", ELFCheck.Outcome.ok),
              // A symbol table whose names lie outside the file: no entry point is found.
              ("strtab-offset-overflow", ELFCheck.Outcome.noEntry(mangled: nil)),
          ])
    func offsetOverflow(_ name: String, _ expected: ELFCheck.Outcome) throws {
        let file = Fixtures.packageRoot.appendingPathComponent("Fuzz/Findings/elf/\(name)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        #expect(ELFCheck.check(path: file.path, fileSize: size) == expected)
    }
}

@Suite("RUNPATH tokens as the loader expands them")
struct RunpathTokenTests {
    @Test("$ORIGIN and ${ORIGIN} become the plugin's folder wherever they are; another token is refused by name; an empty entry is the current folder",
          arguments: [
              ("$ORIGIN/deps", "/p/lib/deps"),
              ("${ORIGIN}/../deps", "/p/lib/../deps"),
              ("$ORIGIN:${ORIGIN}", "/p/lib:/p/lib"),
              ("/usr/lib", "/usr/lib"),
              ("", "."),
              ("x$ORIGINy", "x/p/liby"),
          ])
    func expandsOrigin(_ entry: String, _ expected: String) {
        guard case .success(let text) = PluginDependencies.expand(entry, origin: "/p/lib") else {
            Issue.record("\(entry) was refused")
            return
        }
        #expect(text == expected)
    }

    @Test("an unknown token ($LIB, $PLATFORM) is a failure naming it")
    func unknownToken() {
        guard case .failure(let error) = PluginDependencies.expand("$ORIGIN/$LIB/x", origin: "/p") else {
            Issue.record("$LIB was expanded")
            return
        }
        #expect(error.token == "$LIB")
    }
}
