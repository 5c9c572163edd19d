import EaselCanvasOutput
import EaselGraphicsCore
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import Foundation
import Testing

/// A folder of broken plugins (and good ones), built once per test process.
///
/// Holds every fixture from `Tests/Fixtures/*.c` (and `*.cpp`) named in
/// ``brokenFixtures`` and ``loadingFixtures`` compiled to `<name>.so`, plus:
/// `not_elf.so` (a text file), `truncated.so` (the first 600 bytes of a real
/// shared object), `unreadable_link.so` (a symbolic link to a file that does
/// not exist: open() fails even for root) and, where permissions stop this
/// process from reading a file (not as root), `unreadable.so` (a real plugin
/// with mode 000). `missing_dependency.so` is linked against
/// `libeasel_gone.so`, which is deleted once it is built.
///
/// The zoo holds plugins that crash in their entry point: load it through a
/// scan (``scan()``, or `easel`), never with `Registry.loadPlugins(from:)`
/// directly.
public enum PluginZoo {
    /// The fixtures whose file the host must refuse, by file base name.
    public static let brokenFixtures = [
        "abi_major", "abi_minor", "bad_arity", "bad_encoding", "duplicate_class", "entry_null",
        "layout_mismatch", "missing_superclass", "no_entry", "null_imp", "missing_dependency", "crash_entry",
        "abi1_entry", "abi3_entry", "mangled_entry",
    ]

    /// The fixtures that load: `good_extra` (class Dot), and `crash_draw`
    /// (CrashingView) and `hang_draw` (HangingView), whose drawRect: crashes or
    /// never returns.
    public static let loadingFixtures = ["good_extra", "crash_draw", "hang_draw"]

    /// The plugin names of ``loadingFixtures``.
    public static let loadingPluginNames = ["crash_draw", "good_extra", "hang_draw"]

    /// Every file of the zoo the host must refuse, by base name.
    public static var brokenFiles: [String] {
        brokenFixtures + ["not_elf", "truncated", "unreadable_link"] + (hasUnreadableFile ? ["unreadable"] : [])
    }

    /// Whether the zoo has `unreadable.so`: a mode-000 file stops reads only
    /// when the process lacks the power to ignore permissions (not as root).
    public static var hasUnreadableFile: Bool { (try? built.get())?.unreadable ?? false }

    /// Where `unreadable_link.so` points.
    public static func danglingTarget() throws -> URL {
        try folder().appendingPathComponent("gone/libGone.so")
    }

    private static let built: Result<(folder: URL, unreadable: Bool), FixtureError> = {
        do {
            let folder = try Fixtures.makeTemporaryDirectory("zoo")
            let scratch = try Fixtures.makeTemporaryDirectory("zoo-gone")
            for name in brokenFixtures + loadingFixtures where name != "missing_dependency" {
                _ = try Fixtures.buildFixture(name, into: folder)
            }
            // Linked (DT_NEEDED) against a library that is then deleted.
            _ = try Fixtures.buildFixture("gone_dependency", into: scratch, soName: "libeasel_gone.so")
            _ = try Fixtures.buildFixture("missing_dependency", into: folder,
                                          linkArguments: ["-L", scratch.path, "-Wl,--no-as-needed", "-leasel_gone"])
            try FileManager.default.removeItem(at: scratch)

            try Data("this is not a plugin\n".utf8).write(to: folder.appendingPathComponent("not_elf.so"))
            let real = try Data(contentsOf: folder.appendingPathComponent("good_extra.so"))
            try real.prefix(600).write(to: folder.appendingPathComponent("truncated.so"))
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("unreadable_link.so").path,
                withDestinationPath: folder.appendingPathComponent("gone/libGone.so").path)

            // A real plugin nobody may read, kept only if that stops this process.
            let unreadable = folder.appendingPathComponent("unreadable.so")
            try real.write(to: unreadable)
            chmod(unreadable.path, 0)
            let descriptor = open(unreadable.path, O_RDONLY)
            let stopsReads = descriptor < 0
            if descriptor >= 0 {
                close(descriptor)
                try FileManager.default.removeItem(at: unreadable)
            }
            return .success((folder, stopsReads))
        } catch let error as FixtureError {
            return .failure(error)
        } catch {
            return .failure(FixtureError("cannot build the plugin zoo: \(error)"))
        }
    }()

    /// The zoo folder.
    public static func folder() throws -> URL { try built.get().folder }

    private static let scanned: Result<PluginScan, FixtureError> = {
        do {
            let scanner = PluginScanner(helperPath: try Fixtures.scannerExecutable().path, timeLimit: 5, cache: nil,
                                        builtInClassNames: BuiltIns.withViews.classNames)
            return .success(scanner.scan(folders: [try Fixtures.samplePluginsDirectory().path, try folder().path]))
        } catch let error as FixtureError {
            return .failure(error)
        } catch {
            return .failure(FixtureError("cannot scan the plugin zoo: \(error)"))
        }
    }()

    /// One scan of the sample plugins' folder, then the zoo, through
    /// `easel-plugin-scanner` without a cache (made once per test process).
    public static func scan() throws -> PluginScan { try scanned.get() }
}

/// The plugins of the sample folder and the zoo that load.
public let zooPluginNames = (["Bubble", "CalendarPicker", "Charts", "Graph", "GraphControl", "ListView", "MiniPicker", "PhotoCard", "Shapes"] + PluginZoo.loadingPluginNames).sorted()

/// Expects the good plugins of the zoo's search path to be registered and to
/// draw: `Dot` (the zoo's own good plugin) and `Chart` (a sample class whose
/// superclass lives in another plugin).
public func expectGoodPluginsDraw(_ registry: Registry, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(registry.plugins.map(\.name).sorted() == zooPluginNames, sourceLocation: sourceLocation)
    let root = try registry.makeView(ofClass: "View", frame: cgRect(0, 0, 100, 50))
    let dot = try registry.makeView(ofClass: "Dot", frame: cgRect(0, 0, 50, 50))
    dot.isOpaque = false   // no black underlay around the circle
    try root.addSubview(dot)
    try root.addSubview(try registry.makeView(ofClass: "Chart", frame: cgRect(50, 0, 50, 50)))
    let canvas = try Canvas(width: 100, height: 50)
    try root.render(into: canvas)
    let image = try RasterImage(pngData: canvas.pngData())
    #expect(image.pixel(x: 25, y: 25).isClose(to: RGBA(r: 0, g: 0, b: 0), tolerance: 8), sourceLocation: sourceLocation)
    #expect(!image.pixel(x: 2, y: 2).isClose(to: RGBA(r: 0, g: 0, b: 0), tolerance: 8), sourceLocation: sourceLocation)  // outside the circle
    #expect(image.pixel(x: 75, y: 40).isClose(to: opaqueRed, tolerance: 8), sourceLocation: sourceLocation)  // Swatch's fill
    #expect(registry.takeDiagnostics() == [], sourceLocation: sourceLocation)
}
