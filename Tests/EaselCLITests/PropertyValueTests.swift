import EaselGraphicsCore
import EaselTestSupport
import Foundation
import Testing

/// The `scene_values` fixture (class `Values`) beside the sample plugins (for `Swatch`).
enum ValuesFixture {
    static func folder(_ label: String) throws -> URL {
        try pluginFolder(label, [("scene_values", "scene_values")])
    }

    static func pluginArguments(_ folder: URL) throws -> [String] {
        ["--plugins", folder.path, "--plugins", try Fixtures.samplePluginsDirectory().path]
    }

    /// A 40 x 10 scene with one `Values` view whose properties are `properties` (JSON text).
    static func scene(_ properties: String) -> String {
        """
        {"canvas": {"size": [40, 10]}, "root": {"subviews": [
          {"class": "Values", "frame": [0, 0, 40, 10], "properties": {\(properties)}}]}}
        """
    }

    /// Runs `easel render - -o OUT` with `scene` on standard input (through the shell, `< file`).
    static func renderFromStandardInput(_ scene: String, plugins: [String], label: String) throws -> (ProcessResult, RasterImage?) {
        let folder = try Fixtures.makeTemporaryDirectory(label)
        let input = folder.appendingPathComponent("scene.json")
        try Data(scene.utf8).write(to: input)
        let output = folder.appendingPathComponent("out.png")
        let easel = try Fixtures.samplePluginsDirectory().appendingPathComponent("easel")
        let result = try Fixtures.run(URL(fileURLWithPath: "/bin/sh"),
            ["-c", #"exec "$@" < "$SCENE""#, "sh", easel.path, "render", "-", "-o", output.path] + plugins,
            environment: ["SCENE": input.path, "EASEL_PLUGIN_PATH": "", "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
                          "EASEL_ALLOW_WRITABLE_PLUGINS": "", "EASEL_ALLOW_LIST": ""])
        return (result, try? RasterImage(contentsOfPNG: output.path))
    }
}

@Suite("Scenes set every property type: mixed and nested structs, classes and selectors by name, enumerations by name")
struct PropertyValueTests {
    @Test("easel render - reads the scene from standard input: {FI=fi}, a nested struct, Class, SEL and enum names drawn as colours")
    func standardInput() throws {
        let folder = try ValuesFixture.folder("values-stdin")
        let scene = ValuesFixture.scene(#"""
            "fi": [0.5, 128], "nest": [[0.25, 64], 10, [20, 30]],
            "kind": "Swatch", "action": "drawRect:", "ref": ["Swatch", "drawRect:"],
            "style": "pill", "weight": "bold"
            """#)
        let (result, image) = try ValuesFixture.renderFromStandardInput(scene, plugins: try ValuesFixture.pluginArguments(folder),
                                                                        label: "values-stdin-run")
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        let sheet = try #require(image)
        // {FI=fi} [0.5, 128] and nest.c 10: red 0.5, green 128/255, blue 10/255.
        #expect(sheet.pixel(x: 5, y: 5).isClose(to: RGBA(r: 128, g: 128, b: 10), tolerance: 1))
        // nest [[0.25, 64], 10, [20, 30]]: red 0.25, green 64/255, blue (20 + 30)/255.
        #expect(sheet.pixel(x: 15, y: 5).isClose(to: RGBA(r: 64, g: 64, b: 50), tolerance: 1))
        // The class Swatch and the selector drawRect:, alone and in a struct: green.
        #expect(sheet.pixel(x: 25, y: 5) == RGBA(r: 0, g: 255, b: 0))
        // style "pill" is 2 (red 2/2), weight "bold" is 700 (green).
        #expect(sheet.pixel(x: 35, y: 5) == RGBA(r: 255, g: 255, b: 0))
    }

    @Test("the sample Swatch's style by name: rounded corners, a pill, an ellipse")
    func swatchStyles() throws {
        let scene = ##"""
            {"canvas": {"size": [200, 60]}, "root": {"backgroundColor": "white", "subviews": [
             {"class": "Swatch", "frame": [5, 10, 55, 40], "opaque": false, "properties": {"style": "rounded", "cornerRadius": 8, "color": "#ff0000"}},
             {"class": "Swatch", "frame": [70, 10, 55, 40], "opaque": false, "properties": {"style": "pill", "color": "#00ff00"}},
             {"class": "Swatch", "frame": [135, 10, 55, 40], "opaque": false, "properties": {"style": "circle", "color": "#0000ff"}}]}}
            """##
        let (result, image) = try ValuesFixture.renderFromStandardInput(scene, plugins: ["--plugins", try Fixtures.samplePluginsDirectory().path],
                                                                        label: "swatch-styles")
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try #require(image)
        let white = RGBA(r: 255, g: 255, b: 255)
        // Each (x, y) is inside the frame but outside the shape (a corner: 9.9 from the radius-8 arc's centre; 24 from
        // the pill's radius-20 end; outside the ellipse of radii 27.5 and 20), then a point inside it.
        #expect(sheet.pixel(x: 6, y: 11) == white && sheet.pixel(x: 10, y: 30) == RGBA(r: 255, g: 0, b: 0))
        #expect(sheet.pixel(x: 73, y: 13) == white && sheet.pixel(x: 75, y: 30) == RGBA(r: 0, g: 255, b: 0))
        #expect(sheet.pixel(x: 138, y: 14) == white && sheet.pixel(x: 140, y: 30) == RGBA(r: 0, g: 0, b: 255))
    }

    @Test("null clears a class and a selector; numbers still set an enumeration; the default weight is light (300)")
    func nullsAndNumbers() throws {
        let folder = try ValuesFixture.folder("values-null")
        let scene = ValuesFixture.scene(#""kind": null, "action": null, "ref": [null, null], "style": 1"#)
        let (result, image) = try ValuesFixture.renderFromStandardInput(scene, plugins: try ValuesFixture.pluginArguments(folder),
                                                                        label: "values-null-run")
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try #require(image)
        #expect(sheet.pixel(x: 25, y: 5) == RGBA(r: 0, g: 0, b: 255))
        #expect(sheet.pixel(x: 35, y: 5).isClose(to: RGBA(r: 128, g: 0, b: 255), tolerance: 1))
    }

    @Test("bad names are refused before drawing (status 2), naming the JSON path and the allowed names", arguments: [
        (#""style": "rounde""#,
         "root.subviews[0].properties.style: unknown value 'rounde' for property 'style' (int32_t); expected one of: plain, rounded, pill or a number; did you mean 'rounded'?"),
        (#""weight": "heavy""#,
         "root.subviews[0].properties.weight: unknown value 'heavy' for property 'weight' (int16_t); expected one of: light, bold or a number"),
        (#""kind": "Swach""#,
         "root.subviews[0].properties.kind: property 'kind' (Class): no class named 'Swach' is registered; did you mean 'Swatch'?"),
        (#""action": "draw rect""#,
         "root.subviews[0].properties.action: property 'action' (SEL): 'draw rect' is not a selector name (ASCII letters, digits, '_' and ':', not starting with a digit)"),
        (#""fi": [0.5]"#,
         "root.subviews[0].properties.fi: expected"),
    ])
    func refused(properties: String, message: String) throws {
        let folder = try ValuesFixture.folder("values-bad")
        let (result, _) = try ValuesFixture.renderFromStandardInput(ValuesFixture.scene(properties),
                                                                    plugins: try ValuesFixture.pluginArguments(folder), label: "values-bad-run")
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("easel schema: an enumeration's names (anyOf its enum and the integer), descriptions, defaults by name; Class and SEL as strings")
    func schema() throws {
        let folder = try ValuesFixture.folder("values-schema")
        let result = try easel(["schema"] + ValuesFixture.pluginArguments(folder))
        #expect(result.status == 0, "\(result.stderr)")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let view = try #require((schema["$defs"] as? [String: Any])?["view"] as? [String: Any])
        let branches = try #require(view["allOf"] as? [[String: Any]])
        let values = try #require(branches.first {
            (($0["if"] as? [String: Any])?["properties"] as? [String: Any]).flatMap { $0["class"] as? [String: Any] }?["const"] as? String == "Values"
        })
        let properties = try #require(((((values["then"] as? [String: Any])?["properties"] as? [String: Any])?["properties"]
            as? [String: Any])?["properties"]) as? [String: [String: Any]])
        let style = try #require(properties["style"])
        let anyOf = try #require(style["anyOf"] as? [[String: Any]])
        #expect(anyOf.first?["enum"] as? [String] == ["plain", "rounded", "pill"])
        #expect(anyOf.last?["type"] as? String == "integer")
        #expect(style["description"] as? String == "The shape of its ends (int32_t, default plain; one of plain, rounded, pill)")
        #expect(style["default"] as? String == "plain")
        #expect(properties["weight"]?["default"] as? String == "light")
        #expect(properties["fi"]?["description"] as? String == "A float and an int (FI, default {0, 0})")
        #expect(properties["kind"]?["type"] as? [String] == ["string", "null"])
        #expect(properties["action"]?["type"] as? [String] == ["string", "null"])
    }

    @Test("easel inspect and list --json show descriptions and value names; the default by its name")
    func inspectAndList() throws {
        let folder = try ValuesFixture.folder("values-inspect")
        let inspect = try easel(["inspect", "Values", "--plugins", folder.path])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.contains("""
              style: int32_t = plain
                  The shape of its ends
                  values: plain (0), rounded (1), pill (2)
              weight: int16_t = light
                  values: light (300), bold (700)

            """), "\(inspect.stdout)")
        #expect(inspect.stdout.contains("  fi: FI = {0, 0}\n      A float and an int\n"))
        let json = try easel(["inspect", "Values", "--json", "--plugins", folder.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let style = try #require((object["properties"] as? [[String: Any]])?.first { $0["name"] as? String == "style" })
        #expect(style["description"] as? String == "The shape of its ends")
        #expect((style["values"] as? [[String: Any]])?.map { $0["name"] as? String } == ["plain", "rounded", "pill"])

        let list = try easel(["list", "--json", "--plugins", folder.path])
        let listing = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
        let cls = try #require(((listing["plugins"] as? [[String: Any]])?.first?["classes"] as? [[String: Any]])?.first)
        let weight = try #require((cls["properties"] as? [[String: Any]])?.first { $0["name"] as? String == "weight" })
        #expect((weight["values"] as? [[String: Any]])?.map { $0["value"] as? Int } == [300, 700])
        #expect(weight["description"] == nil)
    }

    @Test("easel invoke takes value names for a setter of an enumeration and in an object's properties")
    func invoke() throws {
        let folder = try ValuesFixture.folder("values-invoke")
        let set = try easel(["invoke", "Values", "setStyle:", "pill", "--plugins", folder.path])
        #expect(set.status == 0, "\(set.stderr)")
        let bad = try easel(["invoke", "Values", "setStyle:", "pil", "--plugins", folder.path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("argument 1 of -[Values setStyle:(int32_t)]: unknown value 'pil' for property 'style' (int32_t); "
            + "expected one of: plain, rounded, pill or a number; did you mean 'pill'?"), "\(bad.stderr)")
        let read = try easel(["invoke", "Values", "styleOf:", #"Values{"style": "rounded"}"#, "--plugins", folder.path])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout == "1\n", "\(read.stdout)")
    }
}
