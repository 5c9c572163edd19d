import EaselEncoding
import EaselRuntime
import EaselSession
import EaselTestSupport
import EaselViews
import Foundation
import Testing

/// Renders a scene file with the built `easel`, killed after `timeout` seconds: a widget that
/// loops on a value makes the test fail instead of hang.
private func renderWithDeadline(_ scene: String, label: String, timeout: Double = 20) throws -> ProcessResult {
    let path = try writeScene(scene, label: label).path
    let environment = ["EASEL_PLUGIN_PATH": "", "EASEL_ALLOW_WRITABLE_PLUGINS": "", "EASEL_ALLOW_LIST": "",
                       "XDG_CACHE_HOME": try Fixtures.makeTemporaryDirectory("cache").path]
    let executable = try Fixtures.samplePluginsDirectory().appendingPathComponent("easel")
    return try Fixtures.run(executable, ["render", path, "-o", path + ".png"], environment: environment, timeout: timeout)
}

/// A session on the sample plugins, loaded in this process.
private func sampleSession() throws -> Session {
    Session(plugins: PluginEnvironment(folders: [try Fixtures.samplePluginsDirectory().path]), report: { _ in })
}

@Suite("Sample widgets and scenes under hostile values: every render ends, bounded by what it draws")
struct HostileSceneTests {
    /// A picker scaled down to (almost) nothing turns a drag of 10 or 11 points in the window into
    /// one of 10 x 2^500, 10 x 2^60 (1.2e19) or 11 x 2^27 (1.5e9) points in its own coordinates (scales
    /// of powers of two keep the touch's place in the picker exact): one step per 20 points used to
    /// loop that many times. The drag is to the left, which shows the next values. The picker's
    /// font size is 0, so that it draws no text: text drawn scaled by 1e-8 or less disturbs text
    /// that other tests draw at the same time in this process (a canvas matter, not the picker's).
    @Test("a MiniPicker dragged 1e151, 1.2e19 or 1.5e9 points in its own coordinates stops at the end of its list, or goes round it", arguments: [
        (scale: "3.054936363499605e-151", dx: 10, wraps: false, index: 3),
        (scale: "8.673617379884035e-19", dx: 10, wraps: false, index: 3),
        (scale: "7.450580596923828e-09", dx: 11, wraps: false, index: 3),
        // 11 x 2^27 points is 73,819,750 steps of 20 points: from value 0 of 4 round to value 2.
        (scale: "7.450580596923828e-09", dx: 11, wraps: true, index: 2),
    ])
    func farDrag(scale: String, dx: Int, wraps: Bool, index: Int32) throws {
        let scene = """
            { "canvas": { "size": [200, 100] },
              "root": { "subviews": [ { "class": "MiniPicker", "id": "picker", "frame": [0, 0, 100, 30],
                                        "transform": { "scale": \(scale) },
                                        "properties": { "values": ["a", "b", "c", "d"], "wraps": \(wraps), "fontSize": 0 } } ] },
              "steps": [ { "touch": [ { "phase": "began", "at": [50, 15] }, { "phase": "moved", "at": [\(50 - dx), 15] },
                                      { "phase": "ended", "at": [\(50 - dx), 15] } ] } ] }
            """
        let result = try renderWithDeadline(scene, label: "far-drag")
        #expect(!result.timedOut, "the render of a far drag did not finish in 20 seconds")
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        guard !result.timedOut else { return }
        // It ends: now render it here and read the picker's index.
        let outcome = try sampleSession().render(scene: try writeScene(scene, label: "far-drag").path, options: RenderOptions())
        let picker = try #require(outcome.tree?.viewsByID["picker"])
        let found = try picker.value(ofProperty: "index", as: Int32.self)
        #expect(found == index, "scale \(scale): index \(found)")
    }

    @Test("a GraphView with gridSpacing 1e-300 draws its grid as one fill of the grid colour; one of 1e9 points draws only what shows")
    func denseAndHugeGrids() throws {
        let scene = """
            { "canvas": { "size": [100, 100], "background": "#ffffff" },
              "root": { "subviews": [
                { "class": "GraphView", "frame": [10, 10, 40, 40],
                  "properties": { "gridSpacing": 1e-300, "gridColor": "#ff0000", "borderWidth": 0 } },
                { "class": "GraphView", "frame": [50, 50, 1e9, 1e9],
                  "properties": { "gridSpacing": 3, "gridColor": "#0000ff", "borderWidth": 0 } } ] } }
            """
        let result = try renderWithDeadline(scene, label: "dense-grid")
        #expect(!result.timedOut, "the render of a dense grid did not finish in 20 seconds")
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        guard !result.timedOut else { return }
        let outcome = try sampleSession().render(scene: try writeScene(scene, label: "dense-grid").path, options: RenderOptions())
        let image = try #require(outcome.canvas).rasterImage()
        for (x, y) in [(10, 10), (30, 30), (49, 49)] { expectPixel(image, x, y, red, tolerance: 0) }
        expectPixel(image, 9, 30, white, tolerance: 0)
    }

    /// A Label too narrow for its text used to measure every shorter prefix in turn (100,000
    /// measurements of up to 100,000 characters); it finds the longest prefix that fits by bisection.
    @Test("a Label with 100,000 characters in 60 points shows what one with the first 50 shows: the longest prefix that fits, then …")
    func longLabel() throws {
        func scene(_ text: String) -> String {
            """
            { "canvas": { "size": [80, 30], "background": "#ffffff" },
              "root": { "subviews": [ { "class": "Label", "frame": [10, 5, 60, 20], "properties": { "text": "\(text)" } } ] } }
            """
        }
        let long = String(repeating: "Mississippi ", count: 8_334)
        let result = try renderWithDeadline(scene(long), label: "long-label")
        #expect(!result.timedOut, "the render of a long label did not finish in 20 seconds")
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        guard !result.timedOut else { return }
        let session = try sampleSession()
        // The long text, its first 50 characters (both cut short to the same prefix), and no text.
        let images = try [long, String(long.prefix(50)), ""].map { text in
            try #require(session.render(scene: try writeScene(scene(text), label: "long-label").path,
                                        options: RenderOptions()).canvas).rasterImage()
        }
        expectSameImage(images[0], images[1])
        #expect(!contentsEqual(images[0], images[2]), "the long label shows nothing")
    }

    @Test("a canvas too big for a PNG names the scene file, canvas.size and the limit, rendered here, by easel and by easel --isolate")
    func canvasTooBig() throws {
        let path = try writeScene(#"{ "canvas": { "size": [100, 32767], "scale": 2 }, "root": {} }"#, label: "too-big").path
        let message = "\(path): canvas.size: 100 x 32767 points at scale 2 (canvas.scale) make 200 x 65534 pixels; "
            + "a raster image is at most 32767 pixels a side"
        let error = try #require(throws: SessionError.self) { try sampleSession().render(scene: path, options: RenderOptions()) }
        #expect(error.message == message && error.file == path && error.jsonPath == "canvas.size")
        for extra in [[], ["--isolate"]] {
            let result = try easel(["render", path, "-o", path + ".png"] + extra)
            #expect(result.status == 2 && result.stderr == "error: \(message)\n", "\(extra): \(result.stderr)")
        }
        // A vector output has no pixels to count.
        #expect(try easel(["render", path, "-o", path + ".svg"]).status == 0)
    }

    /// Each sample view class, each numeric property at each hostile value, in one scene per
    /// class: every render ends well inside its deadline and writes its image.
    @Test("every numeric property of every sample view class at 0, -1, 1e-300, ±1e308, 9.2e18 and the integer limits renders")
    func everyNumericProperty() throws {
        let registry = try sampleRegistry()
        let viewClasses = registry.classes.filter { $0.plugin != nil && $0.ancestry.contains { $0.name == "View" } }
        #expect(Set(viewClasses.map(\.name)).isSuperset(of: [
            "BubbleView", "CalendarPicker", "Chart", "GraphView", "Label", "MiniPicker", "PhotoCard", "Swatch", "Tally", "Tile",
        ]))
        for cls in viewClasses {
            var views: [String] = []
            for frame in ["[0, 0, 0, 0]", "[10, 10, 1e-300, 1e-300]", "[-1e8, -1e8, 1e9, 1e9]", "[0, 0, 1e300, 1e300]"] {
                views.append(#"{ "class": "\#(cls.name)", "frame": \#(frame) }"#)
            }
            for property in cls.ancestry.flatMap(\.properties) {
                for value in Self.hostileValues(property.type) {
                    views.append(#"{ "class": "\#(cls.name)", "frame": [10, 10, 120, 90], "properties": { "\#(property.name)": \#(value) } }"#)
                }
            }
            let scene = """
                { "canvas": { "size": [200, 150], "background": "#ffffff" },
                  "root": { "subviews": [\(views.joined(separator: ",\n"))] } }
                """
            let started = Date()
            let result = try renderWithDeadline(scene, label: "hostile-\(cls.name)")
            #expect(!result.timedOut, "\(cls.name): the render did not finish in 20 seconds")
            #expect(result.status == 0 && result.stderr == "", "\(cls.name): \(result.stderr)")
            #expect(Date().timeIntervalSince(started) < 10, "\(cls.name): the render took \(Date().timeIntervalSince(started)) s")
        }
    }

    /// The JSON texts of hostile values of a numeric type (none for other types).
    static func hostileValues(_ type: TypeEncoding) -> [String] {
        switch type {
        case .double: ["0", "-1", "1e-300", "5e-324", "1e308", "-1e308", "9.2e18", "-9.2e18"]
        case .float: ["0", "-1", "1e-300", "3.4e38", "-3.4e38"]
        case .char, .short, .int, .long, .longLong:
            // 0, -1 and the type's limits (a 64-bit one near its limit: 2^63 - 1 is no double).
            switch type.size {
            case 8: ["0", "-1", "9200000000000000000", "-9200000000000000000"]
            case 4: ["0", "-1", "2147483647", "-2147483648"]
            case 2: ["0", "-1", "32767", "-32768"]
            default: ["0", "-1", "127", "-128"]
            }
        case .unsignedChar, .unsignedShort, .unsignedInt, .unsignedLong, .unsignedLongLong: ["0", "1"]
        default: []
        }
    }
}
