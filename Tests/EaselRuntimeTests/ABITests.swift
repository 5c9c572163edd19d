import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselProbe
import EaselTestSupport
import Foundation
import Testing

/// The plugin ABI 2.0 as a plugin author meets it: the header in every
/// language mode, the pinned layout, the versioned entry point and the
/// extension query.
@Suite("ABI 2.0: the header, its pinned layout, the versioned entry point")
struct ABITests {
    /// A language mode the header promises to compile under.
    struct Mode: CustomTestStringConvertible, Sendable {
        let standard: String
        var isCxx: Bool { standard.hasPrefix("c++") }
        var testDescription: String { standard }
    }

    static let modes = ["c99", "c11", "c17", "c++11", "c++17", "c++20"].map(Mode.init)

    /// Compiles the fixture that uses every macro of easel.h and easel_util.h
    /// into `<folder>/every_macro_<mode>.so` under `-pedantic-errors -Wall -Wextra -Werror`.
    static func compileEveryMacro(_ mode: Mode, into folder: URL) throws -> (ProcessResult, URL) {
        let environment = ProcessInfo.processInfo.environment
        let compiler = try Fixtures.executable(named: mode.isCxx ? environment["CXX"] ?? "c++" : environment["CC"] ?? "cc")
        let output = folder.appendingPathComponent("every_macro_\(mode.standard.replacingOccurrences(of: "+", with: "x")).so")
        let result = try Fixtures.run(compiler, [
            "-x", mode.isCxx ? "c++" : "c", "-std=\(mode.standard)", "-pedantic-errors", "-Wall", "-Wextra", "-Werror",
            "-shared", "-fPIC", "-I", Fixtures.abiIncludeDirectory.path, "-o", output.path,
            Fixtures.fixturesDirectory.appendingPathComponent("every_macro.c").path,
        ])
        return (result, output)
    }

    @Test("easel.h and easel_util.h compile cleanly, every macro used, as C99, C11, C17, C++11, C++17 and C++20",
          arguments: modes)
    func headerCompiles(mode: Mode) throws {
        let folder = try Fixtures.makeTemporaryDirectory("modes")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, _) = try Self.compileEveryMacro(mode, into: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
    }

    @Test("a plugin compiled as C++ exports the unmangled entry point, loads, and draws its class")
    func cxxPluginLoadsAndDraws() throws {
        let folder = try Fixtures.makeTemporaryDirectory("cxx")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, _) = try Self.compileEveryMacro(Mode(standard: "c++17"), into: folder)
        try #require(result.status == 0, "\(result.stderr)")

        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        #expect(registry.failures.map(\.description) == [])
        #expect(registry.plugins.map(\.name) == ["EveryMacro"])
        #expect(registry.classes.map(\.name).filter { $0.hasPrefix("Macro") }.sorted()
                == ["MacroDot", "MacroEmpty", "MacroMarker"])

        // MacroDot fills its bounds, rounded by its `radius` property (default 4), with `color` (default blue).
        let root = try registry.makeView(ofClass: "View", frame: cgRect(0, 0, 40, 20))
        let dot = try registry.makeView(ofClass: "MacroDot", frame: cgRect(0, 0, 40, 20))
        dot.isOpaque = false
        try root.addSubview(dot)
        let canvas = try Canvas(width: 40, height: 20)
        try root.render(into: canvas)
        let image = try RasterImage(pngData: canvas.pngData())
        #expect(image.pixel(x: 20, y: 10) == opaqueBlue)
        #expect(image.pixel(x: 0, y: 0) == noPaint)      // cut off by the rounded corner
        #expect(image.pixel(x: 4, y: 0) == opaqueBlue)   // the top edge, past the corner
        #expect(registry.takeDiagnostics() == [])

        let answer = try registry.invoke(className: "MacroMarker", selector: "answer", arguments: [], canvas: canvas)
        #expect(answer.returnValue == "42")
    }

    @Test("the C++ example fixture (a View subclass written against the macros) builds with c++, loads and fills its bounds")
    func cxxExample() throws {
        let folder = try Fixtures.makeTemporaryDirectory("cpp-example")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Fixtures.buildFixture("cpp_plugin", into: folder)
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        #expect(registry.failures.map(\.description) == [])
        let dot = try registry.makeView(ofClass: "CppDot", frame: cgRect(0, 0, 10, 10))
        let canvas = try Canvas(width: 10, height: 10)
        try dot.render(into: canvas)
        let image = try RasterImage(pngData: canvas.pngData())
        #expect(image.pixel(x: 5, y: 5) == RGBA(r: 0, g: 255, b: 0))
        #expect(registry.takeDiagnostics() == [])
    }

    @Test("every size and offset pinned in easel_abi_pins.h is what Swift imports, and no field is left unpinned")
    func pinnedLayoutMatchesSwift() throws {
        var count: UInt32 = 0
        var paintCount: UInt32 = 0
        var imageCount: UInt32 = 0
        var textCount: UInt32 = 0
        var layerCount: UInt32 = 0
        var gestureCount: UInt32 = 0
        var metadataCount: UInt32 = 0
        var animationCount: UInt32 = 0
        var layoutCount: UInt32 = 0
        let pins = Array(UnsafeBufferPointer(start: easel_abi_pins(&count), count: Int(count)))
            + UnsafeBufferPointer(start: easel_paint_pins(&paintCount), count: Int(paintCount))
            + UnsafeBufferPointer(start: easel_image_pins(&imageCount), count: Int(imageCount))
            + UnsafeBufferPointer(start: easel_text_v1_pins(&textCount), count: Int(textCount))
            + UnsafeBufferPointer(start: easel_layer_pins(&layerCount), count: Int(layerCount))
            + UnsafeBufferPointer(start: easel_gesture_pins(&gestureCount), count: Int(gestureCount))
            + UnsafeBufferPointer(start: easel_metadata_pins(&metadataCount), count: Int(metadataCount))
            + UnsafeBufferPointer(start: easel_animation_pins(&animationCount), count: Int(animationCount))
            + UnsafeBufferPointer(start: easel_layout_pins(&layoutCount), count: Int(layoutCount))
        var sizes: [String: Int] = [:]
        var fields: [String: [(String, Int)]] = [:]
        for pin in pins {
            let type = String(cString: pin.type)
            if let field = pin.field {
                fields[type, default: []].append((String(cString: field), Int(pin.value)))
            } else {
                sizes[type] = Int(pin.value)
            }
        }

        /// The fields of a C struct as Swift imported it: names in order, with
        /// offsets laid out by C's rules from each field's imported size and alignment.
        func imported<T>(_ value: T) -> (size: Int, fields: [(String, Int)]) {
            var offset = 0
            var layout: [(String, Int)] = []
            for child in Mirror(reflecting: value).children {
                func place<F>(_ field: F) {
                    offset = (offset + MemoryLayout<F>.alignment - 1) / MemoryLayout<F>.alignment * MemoryLayout<F>.alignment
                    layout.append((child.label ?? "?", offset))
                    offset += MemoryLayout<F>.size
                }
                place(child.value)
            }
            return (MemoryLayout<T>.size, layout)
        }
        let swift: [String: (size: Int, fields: [(String, Int)])] = [
            "easel_point": imported(easel_point()), "easel_size": imported(easel_size()),
            "easel_rect": imported(easel_rect()), "easel_affine_transform": imported(easel_affine_transform()),
            "easel_color": imported(easel_color()), "easel_point_array": imported(easel_point_array()),
            "easel_string_array": imported(easel_string_array()),
            "easel_property_desc": imported(easel_property_desc()), "easel_method_desc": imported(easel_method_desc()),
            "easel_class_desc": imported(easel_class_desc()), "easel_layout": imported(easel_layout()),
            "easel_plugin_desc": imported(easel_plugin_desc()), "easel_graphics_api": imported(easel_graphics_api()),
            "easel_view_api": imported(easel_view_api()), "easel_host_api": imported(easel_host_api()),
            "easel_paint_api": imported(easel_paint_api()),
            "easel_image_api_v1": imported(easel_image_api_v1()),
            "easel_font_desc": imported(easel_font_desc()), "easel_font_metrics": imported(easel_font_metrics()),
            "easel_text_style": imported(easel_text_style()), "easel_text_attribute": imported(easel_text_attribute()),
            "easel_text_api": imported(easel_text_api()),
            "easel_layer_api": imported(easel_layer_api()),
            "easel_gesture_api": imported(easel_gesture_api()),
            "easel_class_metadata": imported(easel_class_metadata()), "easel_plugin_metadata": imported(easel_plugin_metadata()),
            "easel_property_metadata": imported(easel_property_metadata()),
            "easel_animation_api": imported(easel_animation_api()),
            "easel_animation_options": imported(easel_animation_options()),
            "easel_path_element": imported(easel_path_element()),
            "easel_layer_animation": imported(easel_layer_animation()),
            "easel_layout_api": imported(easel_layout_api()),
        ]
        #expect(Set(sizes.keys) == Set(swift.keys))
        for (type, layout) in swift.sorted(by: { $0.key < $1.key }) {
            #expect(sizes[type] == layout.size, "\(type)")
            let pinned = fields[type] ?? []
            #expect(pinned.map(\.0) == layout.fields.map(\.0), "\(type): pinned fields differ from the imported ones")
            #expect(pinned.map(\.1) == layout.fields.map(\.1), "\(type): pinned offsets differ from the imported ones")
        }
        // The tables the host fills in are exactly their 2.0 size.
        #expect(HostAPI.table.pointee.struct_size == UInt32(EASEL_HOST_API_SIZE_2_0))
        #expect(HostAPI.table.pointee.graphics.pointee.struct_size == UInt32(EASEL_GRAPHICS_API_SIZE_2_0))
        #expect(HostAPI.table.pointee.views.pointee.struct_size == UInt32(EASEL_VIEW_API_SIZE_2_0))
        // The painting extension is found by its identifier, at its pinned size.
        let paint = try #require(HostAPI.table.pointee.get_extension?(EASEL_PAINT_EXTENSION_ID))
        #expect(paint.assumingMemoryBound(to: easel_paint_api.self).pointee.struct_size == 160)
    }

    @Test("a plugin built for another major is refused by name, and none of its code runs: not its constructor, not its entry point",
          arguments: [
            ("abi1_entry", "built for Easel ABI 1.x; this host loads 2.x: rebuild it against easel.h 2.0"),
            ("abi3_entry", "built for Easel ABI 3.x; this host loads 2.x: update Easel to load it, or rebuild it against easel.h 2.0"),
          ])
    func otherMajorRunsNoCode(fixture: String, message: String) throws {
        let folder = try Fixtures.makeTemporaryDirectory("major")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugin = try Fixtures.buildFixture(fixture, into: folder)
        let marker = folder.appendingPathComponent("ran")
        let easel = try Fixtures.samplePluginsDirectory().appendingPathComponent("easel")
        let environment = ["EASEL_TEST_MARKER": marker.path, "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path]

        for arguments in [["list", "--failed", "--plugins", folder.path], ["list", "--failed", "--no-cache", "--plugins", folder.path]] {
            let result = try Fixtures.run(easel, arguments, environment: environment)
            #expect(result.stdout.contains("  \(plugin.path): \(message)\n"), "\(result.stdout)")
            #expect(result.stdout.contains("reason abi-major"))
        }
        #expect(!FileManager.default.fileExists(atPath: marker.path), "the plugin's code ran")

        // In this process too (no marker here: the environment is shared with other tests).
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        #expect(registry.failures.map(\.description) == ["\(plugin.path): \(message)"])
        #expect(registry.failures.map(\.kind) == [.abiMajor])
    }

    @Test("get_extension answers a registered table by identifier, and NULL for an unknown or NULL one")
    func extensionQuery() throws {
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 2)
        table.initialize(repeating: 0, count: 2)
        table[0] = UInt32(EASEL_ABI_VERSION)
        table[1] = 8
        HostExtensions.register("easel.test.extension.v1", table: UnsafeRawPointer(table))

        let query = try #require(HostAPI.table.pointee.get_extension)
        #expect(query("easel.test.extension.v1") == UnsafeRawPointer(table))
        #expect(query("easel.test.extension.v2") == nil)
        #expect(query(nil) == nil)
    }
}

/// The entry-point check reads a plugin file's section headers and symbol
/// tables before the dynamic loader sees it: hostile bytes there must give a
/// refusal or a pass, never a trap.
@Suite("ABI 2.0: the entry point read from hostile ELF files")
struct EntrySymbolFuzzTests {
    /// SplitMix64: a small seeded generator, so that a failure repeats.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func write(_ bytes: [UInt8], to url: URL) throws -> Int {
        try Data(bytes).write(to: url)
        return bytes.count
    }

    @Test("1,000 mutated and truncated copies of a plugin are each refused or passed, without a crash")
    func mutatedFiles() throws {
        let folder = try Fixtures.makeTemporaryDirectory("elf-fuzz")
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try [UInt8](Data(contentsOf: try Fixtures.buildFixture("good_extra", into: folder)))
        let file = folder.appendingPathComponent("mutant.so")
        #expect(PluginProbe.checkContents(folder.appendingPathComponent("good_extra.so").path, fileSize: original.count) == nil)

        // Where the ELF header keeps the tables' places and sizes: e_phoff, e_shoff, e_phnum, e_shentsize, e_shnum.
        let fields: [(offset: Int, width: Int)] = [(32, 8), (40, 8), (56, 2), (58, 2), (60, 2)]
        let extremes: [UInt64] = [0, 1, 0x7FFF, 0xFFFF, 0x7FFF_FFFF, 0xFFFF_FFFF, UInt64(Int64.max), UInt64.max]
        var random = Seeded(state: 0xEA5E1)
        var outcomes: [String: Int] = [:]
        for round in 0..<1000 {
            var bytes = original
            switch round % 4 {
            case 0:  // a header field at an extreme
                let field = fields[Int.random(in: 0..<fields.count, using: &random)]
                let value = extremes[Int.random(in: 0..<extremes.count, using: &random)]
                for index in 0..<field.width { bytes[field.offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
            case 1:  // a few random bytes anywhere
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
            case 2:  // random words in the last quarter (section headers, symbol tables)
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let at = Int.random(in: (bytes.count * 3 / 4)..<(bytes.count - 8), using: &random)
                    let word = random.next()
                    for index in 0..<8 { bytes[at + index] = UInt8(truncatingIfNeeded: word >> (8 * UInt64(index))) }
                }
            default:  // truncated
                bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
            }
            let size = try Self.write(bytes, to: file)
            let outcome = PluginProbe.checkContents(file.path, fileSize: size)
            outcomes[outcome?.kind.rawValue ?? "passed", default: 0] += 1
        }
        // Both answers occur: the check is neither blind nor refusing everything.
        #expect(outcomes["passed", default: 0] > 50, "\(outcomes)")
        #expect(outcomes["not-shared-object", default: 0] > 50, "\(outcomes)")
    }

    @Test("a 1.x plugin without section headers is still told apart, by dlsym after dlopen")
    func noSectionHeaders() throws {
        let folder = try Fixtures.makeTemporaryDirectory("elf-stripped")
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = try [UInt8](Data(contentsOf: try Fixtures.buildFixture("abi1_entry", into: folder)))
        for index in 40..<48 { bytes[index] = 0 }  // e_shoff
        for index in 60..<64 { bytes[index] = 0 }  // e_shnum, e_shstrndx
        let file = folder.appendingPathComponent("stripped.so")
        #expect(PluginProbe.checkContents(file.path, fileSize: try Self.write(bytes, to: file)) == nil)
        let registry = Registry()
        registry.loadPlugins(from: [folder.path], trust: PluginTrust())
        let failure = try #require(registry.failures.first { $0.path == file.path })
        #expect(failure.kind == .abiMajor)
        #expect(failure.message == "built for Easel ABI 1.x; this host loads 2.x: rebuild it against easel.h 2.0")
    }
}
