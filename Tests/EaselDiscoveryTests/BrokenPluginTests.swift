import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

@Suite("Broken plugins are refused one by one", .serialized)
struct BrokenPluginTests {
    /// A registry loaded from one scan of the samples, then the zoo: the good
    /// files loaded in this process, the others recorded with the scan's reason.
    func loaded() throws -> (Registry, URL, URL) {
        let registry = Registry()
        registry.loadPlugins(from: try PluginZoo.scan())
        return (registry, try Fixtures.samplePluginsDirectory(), try PluginZoo.folder())
    }

    @Test("every bad file is reported with its path and its own reason; this process keeps running and the good plugins load and draw",
          arguments: [
            ("abi_major", PluginLoadError.Kind.abiMajor,
             "plugin ABI 3.0 has a different major version than the host's ABI 2.0; rebuild the plugin against this easel.h"),
            ("abi_minor", .abiMinor, "plugin ABI 2.1 is newer than the host's ABI 2.0; update Easel to load it"),
            ("bad_arity", .arityMismatch,
             "class 'BadArity': selector 'drawRect:' takes 1 argument(s) but its encoding \"v@:\" declares 0"),
            ("bad_encoding", .malformedEncoding,
             "class 'BadEncoding': selector 'drawRect:': malformed type encoding \"v@:{CGRect={CGPoint=dd}{CGSize=dd}\" at position 34"),
            ("entry_null", .entryReturnedNull, "the entry point 'easel_plugin_entry_v2' returned NULL"),
            ("layout_mismatch", .layoutMismatch,
             "geometry layout mismatch: point is 8 bytes (host: 16), rect is 16 bytes (host: 32); geometry must be 64-bit doubles laid out like CoreGraphics"),
            ("missing_superclass", .missingSuperclass,
             "class 'Orphan' inherits from 'NoSuchView', which no built-in class or loaded plugin defines"),
            ("no_entry", .noEntryPoint, "no entry point: the library does not export 'easel_plugin_entry_v2'"),
            ("abi1_entry", .abiMajor, "built for Easel ABI 1.x; this host loads 2.x: rebuild it against easel.h 2.0"),
            ("abi3_entry", .abiMajor,
             "built for Easel ABI 3.x; this host loads 2.x: update Easel to load it, or rebuild it against easel.h 2.0"),
            ("mangled_entry", .noEntryPoint,
             "no entry point: the library does not export 'easel_plugin_entry_v2'; found `_Z21easel_plugin_entry_v2PK14easel_host_api`: declare it extern \"C\" (EASEL_PLUGIN_ENTRY does)"),
            ("null_imp", .nullImplementation, "class 'NullImp': selector 'drawRect:' has a NULL implementation"),
            ("not_elf", .notSharedObject, "not a shared object (no ELF header)"),
            ("truncated", .notSharedObject, "not a loadable shared object: truncated: "),
            ("missing_dependency", .dlopenFailed,
             "the dynamic loader refused it: libeasel_gone.so: cannot open shared object file: No such file or directory"),
            ("crash_entry", .crashed, "crashed with SIGSEGV (segmentation fault) while being scanned"),
            ("unreadable_link", .unreadable,
             "cannot read the file: it is a dangling symbolic link to '{zoo}/gone/libGone.so' (No such file or directory)"),
          ])
    func refused(file: String, kind: PluginLoadError.Kind, message: String) throws {
        let (registry, _, zoo) = try loaded()
        let path = zoo.appendingPathComponent("\(file).so").path
        let failure = try #require(registry.failures.first { $0.path == path }, "no failure recorded for \(path)")
        #expect(failure.kind == kind)
        let expected = message.replacingOccurrences(of: "{zoo}", with: zoo.path)
        #expect(failure.message.hasPrefix(expected), "\(failure.message)")
        #expect(failure.description.hasPrefix("\(path): "))
        try expectGoodPluginsDraw(registry)
    }

    @Test("a file nobody may read is reported as such (needs a process that permissions stop: not root)",
          .enabled(if: PluginZoo.hasUnreadableFile))
    func permissionDenied() throws {
        let (registry, _, zoo) = try loaded()
        let path = zoo.appendingPathComponent("unreadable.so").path
        let failure = try #require(registry.failures.first { $0.path == path })
        #expect(failure.kind == .unreadable)
        #expect(failure.message == "cannot read the file: Permission denied")
        try expectGoodPluginsDraw(registry)
    }

    @Test("a crash in the entry point keeps the plugin's last words and never reaches this process")
    func crashOutput() throws {
        let scan = try PluginZoo.scan()
        let path = try PluginZoo.folder().appendingPathComponent("crash_entry.so").path
        let entry = try #require(scan.entries.first { $0.path == path })
        guard case .failed(let error) = entry.outcome else { Issue.record("crash_entry.so was not refused"); return }
        #expect(error.output == ["crash_entry: about to write through a NULL pointer"])
        #expect(entry.source == .scanner)
        // One helper for the whole zoo, restarted once after the crash.
        #expect(scan.statistics.helperLaunches == 2)
    }

    @Test("plugins that crash or hang only when drawn are scanned, listed and loaded like any good plugin")
    func breakWhenDrawn() throws {
        let (registry, _, zoo) = try loaded()
        for (file, className) in [("crash_draw", "CrashingView"), ("hang_draw", "HangingView")] {
            let path = zoo.appendingPathComponent("\(file).so").path
            #expect(!registry.failures.contains { $0.path == path })
            let cls = try #require(registry.objectClass(named: className))
            #expect(cls.superclass?.name == "View")
            #expect(cls.plugin?.path == path)
            #expect(cls.responds(to: "drawRect:"))
        }
        let catalog = PluginCatalog(try PluginZoo.scan())
        let listed = catalog.plugins.flatMap { $0.classes.map(\.name) }
        #expect(listed.contains("CrashingView") && listed.contains("HangingView"))
        let crashing = try #require(catalog.plugins.first { $0.name == "crash_draw" })
        #expect(crashing.classes.first?.methods == [MethodDescription(selector: "drawRect:", encoding: "v@:{CGRect={CGPoint=dd}{CGSize=dd}}")])
    }

    @Test("the in-process loader gives the same reasons as the scanner for every zoo file it can survive")
    func inProcessAgrees() throws {
        let samples = try Fixtures.samplePluginsDirectory()
        let zoo = try PluginZoo.folder()
        let safe = try Fixtures.makeTemporaryDirectory("safe-zoo")
        let fileManager = FileManager.default
        for name in try fileManager.contentsOfDirectory(atPath: zoo.path) where name.hasSuffix(".so") && name != "crash_entry.so" {
            let original = zoo.appendingPathComponent(name).path
            // A link to the file, or for the dangling link a link to the same place.
            let destination = (try? fileManager.destinationOfSymbolicLink(atPath: original)) ?? original
            try fileManager.createSymbolicLink(atPath: safe.appendingPathComponent(name).path, withDestinationPath: destination)
        }
        let inProcess = Registry()
        inProcess.loadPlugins(from: [samples.path, safe.path])
        let (scanned, _, _) = try loaded()
        func reasons(_ registry: Registry, in folder: URL) -> [String: String] {
            Dictionary(registry.failures.map { failure in
                let name = String(failure.path.dropFirst(folder.path.count + 1))
                return (name, "\(failure.kind): \(failure.message)")
            }, uniquingKeysWith: { first, _ in first })
        }
        var expected = reasons(scanned, in: zoo)
        expected["crash_entry.so"] = nil
        #expect(reasons(inProcess, in: safe) == expected)
        #expect(expected.count == PluginZoo.brokenFiles.count - 1)
        try expectGoodPluginsDraw(inProcess)
    }

    @Test("a duplicate class: the first in search-path order wins, the other is reported")
    func duplicate() throws {
        let (registry, samples, zoo) = try loaded()
        let failure = try #require(registry.failures.first { $0.kind == .duplicateClass })
        #expect(failure.path == zoo.appendingPathComponent("duplicate_class.so").path)
        #expect(failure.className == "Swatch")
        #expect(failure.message == "class 'Swatch' is already defined by \(samples.appendingPathComponent("libShapes.so").path); the first definition in search-path order wins")
        // The winner is Shapes' red Swatch.
        let swatch = try registry.makeObject(ofClass: "Swatch")
        #expect(try swatch.value(ofProperty: "color", as: easel_color.self).red == 1)
        #expect(registry.failures.count == PluginZoo.brokenFiles.count)
    }

    @Test("the malformed encoding error quotes the encoding and points at the position")
    func encodingPosition() throws {
        let (registry, _, _) = try loaded()
        let failure = try #require(registry.failures.first { $0.kind == .malformedEncoding })
        #expect(failure.selector == "drawRect:")
        #expect(failure.className == "BadEncoding")
        #expect(failure.message.contains("unterminated"), "\(failure.message)")
    }

    @Test("a class whose superclass is defined nowhere is refused alone: the plugin's other classes load, as in Objective-C")
    func cascade() throws {
        let samples = try Fixtures.samplePluginsDirectory()
        // Only Charts: without Shapes, Chart's superclass Swatch is defined nowhere.
        let folder = try Fixtures.makeTemporaryDirectory("cascade")
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("libCharts.so"),
                                                   withDestinationURL: samples.appendingPathComponent("libCharts.so"))
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        let failure = try #require(registry.failures.first)
        #expect(failure.kind == .missingSuperclass)
        #expect(failure.message == "class 'Chart' inherits from 'Swatch', which no built-in class or loaded plugin defines")
        // ChartCoordinator is in the same file and inherits from Object: it loads.
        #expect(registry.objectClass(named: "ChartCoordinator") != nil)
        #expect(registry.objectClass(named: "Chart") == nil)
        #expect(registry.plugins.map(\.name) == ["Charts"])
        #expect(registry.plugins.first?.classNames == ["ChartCoordinator"])
    }

    @Test("a missing plugin folder is reported; the same file reached twice loads once")
    func folders() throws {
        let samples = try Fixtures.samplePluginsDirectory()
        let registry = Registry()
        registry.loadPlugins(from: ["/nonexistent/plugins", samples.path, samples.path + "/"])
        #expect(registry.failures.map(\.description) == ["/nonexistent/plugins: plugin folder does not exist or is not a folder"])
        #expect(registry.plugins.count == 9)   // the nine sample plugins, each once
    }

    @Test("search path: --plugins folders, then EASEL_PLUGIN_PATH, else the executable's folder")
    func searchPath() {
        #expect(PluginSearchPath.resolve(explicit: ["/a", "/b"], environment: ["EASEL_PLUGIN_PATH": "/c::/d"],
                                         executablePath: "/x/easel") == ["/a", "/b", "/c", "/d"])
        #expect(PluginSearchPath.resolve(explicit: [], environment: ["EASEL_PLUGIN_PATH": "/c"],
                                         executablePath: "/x/easel") == ["/c"])
        #expect(PluginSearchPath.resolve(explicit: [], environment: [:], executablePath: "/x/bin/easel") == ["/x/bin"])
    }
}

@Suite("Linking class by class")
struct ClassLinkingTests {
    /// A C plugin `name` defining `classes` (name, superclass), each a view that fills its rect with `colour`.
    func plugin(_ name: String, _ classes: [(String, String)], into folder: URL) throws {
        let definitions = classes.map { #"EASEL_CLASS_WITHOUT_PROPERTIES("\#($0.0)", "\#($0.1)", 0, methods)"# }
        let source = """
            #include "easel.h"
            #include "easel_util.h"
            static const easel_host_api *g_host;
            static void draw(easel_object *self, easel_sel cmd, easel_rect rect) {
                (void)self; (void)cmd;
                easel_context *ctx = g_host->graphics->current_context();
                g_host->graphics->set_fill_color(ctx, (easel_color){0, 0, 1, 1});
                g_host->graphics->fill_rect(ctx, rect);
            }
            static const easel_method_desc methods[] = { EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, draw) };
            static const easel_class_desc classes[] = { \(definitions.joined(separator: ", ")) };
            EASEL_DEFINE_PLUGIN(plugin, "\(name)", classes);
            EASEL_PLUGIN_ENTRY(host) { g_host = host; return &plugin; }
            """
        let file = folder.appendingPathComponent("\(name).c")
        try Data(source.utf8).write(to: file)
        let library = try Fixtures.compileC(file, into: folder.appendingPathComponent("\(name).so"))
        chmod(library.path, 0o755)
    }

    @Test("a duplicate class drops only that class: the later plugin's other classes and their subclasses load")
    func duplicateDropsOneClass() throws {
        let folder = try Fixtures.makeTemporaryDirectory("link-duplicate")
        chmod(folder.path, 0o755)
        try plugin("a_first", [("Shared", "View")], into: folder)
        try plugin("b_second", [("Shared", "View"), ("OnlyInB", "View"), ("BelowShared", "Shared")], into: folder)
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        #expect(registry.failures == [PluginLoadError(path: folder.appendingPathComponent("b_second.so").path,
            kind: .duplicateClass, className: "Shared",
            message: "class 'Shared' is already defined by \(folder.appendingPathComponent("a_first.so").path); the first definition in search-path order wins")])
        #expect(registry.objectClass(named: "OnlyInB")?.plugin?.name == "b_second")
        // A subclass of the duplicate name inherits from the definition that won.
        #expect(registry.objectClass(named: "BelowShared")?.superclass?.plugin?.name == "a_first")
        #expect(registry.plugins.map(\.classNames) == [["Shared"], ["OnlyInB", "BelowShared"]])
    }

    @Test("a scene naming a class that was refused is told which plugin defined it and why")
    func unknownClassNamesThePlugin() throws {
        let folder = try Fixtures.makeTemporaryDirectory("link-refused")
        chmod(folder.path, 0o755)
        try plugin("orphans", [("Orphan", "NoSuchView"), ("Fine", "View")], into: folder)
        let scene = folder.appendingPathComponent("scene.json")
        try Data(#"{ "canvas": { "size": [10, 10] }, "root": { "class": "Orphan" } }"#.utf8).write(to: scene)
        let result = try easel(["render", scene.path, "--plugins", folder.path, "-o", folder.appendingPathComponent("x.png").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: \(scene.path): root.class: unknown class 'Orphan': \(folder.appendingPathComponent("orphans.so").path) defines it but it was not loaded (class 'Orphan' inherits from 'NoSuchView', which no built-in class or loaded plugin defines)\n"),
                "\(result.stderr)")
        let listing = try easel(["list", "--plugins", folder.path])
        #expect(listing.stdout.contains("  class Fine : View\n"), "\(listing.stdout)")
    }
}
