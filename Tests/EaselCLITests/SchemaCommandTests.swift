import EaselTestSupport
import Foundation
import Testing

@Suite("easel schema")
struct SchemaCommandTests {
    /// Validates each scene text against the schema with Python's `jsonschema` (Draft 2020-12); one line per scene:
    /// "ok" or the first error's JSON path.
    func validate(_ scenes: [String]) throws -> [String] {
        let folder = try Fixtures.makeTemporaryDirectory("schema")
        let schema = try easel(["schema", "--plugins", try Fixtures.samplePluginsDirectory().path])
        #expect(schema.status == 0, "\(schema.stderr)")
        try Data(schema.stdout.utf8).write(to: folder.appendingPathComponent("schema.json"))
        var files: [String] = []
        for (index, scene) in scenes.enumerated() {
            let file = folder.appendingPathComponent("scene\(index).json")
            try Data(scene.utf8).write(to: file)
            files.append(file.path)
        }
        let program = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            for name in sys.argv[2:]:
                errors = sorted(validator.iter_errors(json.load(open(name))), key=lambda e: list(map(str, e.absolute_path)))
                print("ok" if not errors else "/".join(map(str, errors[0].absolute_path)) or "(top)")
            """
        let result = try Fixtures.run(URL(fileURLWithPath: "/usr/bin/python3"),
                                      ["-c", program, folder.appendingPathComponent("schema.json").path] + files)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test("every example scene validates against the schema; bad keys, types and classes do not")
    func examplesAndBadScenes() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: Fixtures.packageRoot.appendingPathComponent("Examples").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(examples.count >= 8)
        let texts = try examples.map {
            try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Examples/\($0)"), encoding: .utf8)
        }
        #expect(try validate(texts) == Array(repeating: "ok", count: texts.count))

        let canvas = #""canvas": {"size": [10, 10]}"#
        let bad = [
            #"{\#(canvas), "root": {"class": "View", "backgroundColour": "red"}}"#,
            #"{\#(canvas), "root": {"class": "Swatch", "properties": {"cornerRadius": "big"}}}"#,
            #"{\#(canvas), "root": {"class": "Nope"}}"#,
            ##"{\##(canvas), "root": {"class": "Chart", "properties": {"color": "#ff0000", "lineWidth": 2, "speed": 1}}}"##,
            #"{"root": {"class": "View"}}"#,
            #"{\#(canvas), "root": {"class": "Chart", "properties": {"color": "tomato", "lineWidth": 2}}, "$schema": "./s.json"}"#,
        ]
        #expect(try validate(bad) == ["root", "root/properties/cornerRadius", "root/class", "root/properties", "(top)", "ok"])
    }

    @Test("properties carry their type and default; a scene may name its schema with $schema")
    func descriptions() throws {
        let result = try easel(["schema", "--plugins", try Fixtures.samplePluginsDirectory().path])
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let view = try #require((schema["$defs"] as? [String: Any])?["view"] as? [String: Any])
        let rules = try #require(view["allOf"] as? [[String: Any]])
        let bubble = try #require(rules.first {
            (($0["if"] as? [String: Any])?["properties"] as? [String: Any])?["class"] as? [String: String] == ["const": "BubbleView"]
        })
        let properties = ((((bubble["then"] as? [String: Any])?["properties"] as? [String: Any])?["properties"]
            as? [String: Any])?["properties"] as? [String: Any]) ?? [:]
        let radius = try #require(properties["cornerRadius"] as? [String: Any])
        #expect(radius["type"] as? String == "number")
        #expect(radius["default"] as? Double == 12)
        // The description from Bubble's metadata, then the type and default.
        #expect(radius["description"] as? String == "The radius of the body's outer corners (double, default 12)")

        let scene = try writeScene(#"{"$schema": "./easel-scene.schema.json", "canvas": {"size": [4, 4]}, "root": {}}"#, label: "with-schema")
        let render = try easel(["render", scene.path, "-o", scene.deletingLastPathComponent().appendingPathComponent("x.png").path])
        #expect(render.status == 0, "\(render.stderr)")
    }
}
