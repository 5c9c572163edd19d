import EaselGraphicsCore
import EaselRuntime
import EaselTestSupport
import Foundation
import Testing

/// Plugin metadata (easel.metadata.v1): a plugin's optional `easel_plugin_metadata_v2`.
@Suite("Plugin and class metadata in easel list, easel inspect and the registry")
struct MetadataTests {
    let folder: URL
    init() throws {
        folder = try pluginFolder("metadata", [("metadata_plugin", "metadata_plugin"), ("metadata_bad", "metadata_bad")])
    }

    @Test("easel list shows the plugin's description, version, author, licence and URL, and each class's summary (first line)")
    func listText() throws {
        let result = try easel(["list", "--plugins", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("""
            \(folder.path)/metadata_plugin.so
              plugin MetaPlugin, ABI 2.0
              description: Dots for tests
              version: 1.2.0
              author: Ada Lovelace <ada@example.org>
              license: MIT
              url: https://example.org/dots
              class MetaDot : View
                summary: A dot of colour
                property color: EaselColor  {EaselColor=dddd}
                property radius: double  d
                -[MetaDot drawRect:(CGRect)]  v@:{CGRect={CGPoint=dd}{CGSize=dd}}
              class MetaPlain : Object

            """), "\(result.stdout)")
        // Metadata for a class the plugin does not define refuses the plugin, saying so.
        #expect(result.stdout.contains("""
              \(folder.path)/metadata_bad.so: easel_plugin_metadata_v2: easel_class_metadata #0 names 'Elsewhere', \
            which is not a class of this plugin
            """))
        // The same from the cache, on a second run.
        let again = try easel(["list", "--plugins", folder.path], environment: ["EASEL_PLUGIN_PATH": "", "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path])
        let third = try easel(["list", "--plugins", folder.path], environment: ["EASEL_PLUGIN_PATH": "", "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path])
        #expect(again.stdout == result.stdout && third.stdout == result.stdout)
    }

    @Test("easel list --json: the plugin's metadata fields and the class's summary and previewProperties; omitted when not given")
    func listJSON() throws {
        let result = try easel(["list", "--json", "--plugins", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let plugin = try #require((json["plugins"] as? [[String: Any]])?.first)
        #expect(plugin["description"] as? String == "Dots for tests")
        #expect(plugin["version"] as? String == "1.2.0")
        #expect(plugin["author"] as? String == "Ada Lovelace <ada@example.org>")
        #expect(plugin["license"] as? String == "MIT")
        #expect(plugin["url"] as? String == "https://example.org/dots")
        let classes = try #require(plugin["classes"] as? [[String: Any]])
        #expect(classes[0]["summary"] as? String == "A dot of colour")
        #expect(classes[0]["previewProperties"] as? String == ##"{"color": "#ff8800", "radius": 12}"##)
        #expect(classes[1]["name"] as? String == "MetaPlain")
        #expect(classes[1]["summary"] == nil && classes[1]["previewProperties"] == nil)
    }

    @Test("easel inspect shows the summary, the plugin's metadata and the preview values")
    func inspect() throws {
        let result = try easel(["inspect", "MetaDot", "--plugins", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("""
            class MetaDot : View : Object
              A dot of colour
              plugin MetaPlugin, \(folder.path)/metadata_plugin.so
                description: Dots for tests
                version: 1.2.0
                author: Ada Lovelace <ada@example.org>
                license: MIT
                url: https://example.org/dots
              preview: {"color": "#ff8800", "radius": 12}

            properties:

            """), "\(result.stdout)")
        let plain = try easel(["inspect", "MetaPlain", "--plugins", folder.path])
        #expect(plain.stdout.hasPrefix("""
            class MetaPlain : Object
              plugin MetaPlugin, \(folder.path)/metadata_plugin.so
                description: Dots for tests
            """), "\(plain.stdout)")
    }

    @Test("a plugin loaded in-process carries its metadata in the registry")
    func registry() throws {
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        let plugin = try #require(registry.plugins.first { $0.name == "MetaPlugin" })
        #expect(plugin.metadata == PluginMetadata(
            description: "Dots for tests", version: "1.2.0", author: "Ada Lovelace <ada@example.org>", license: "MIT",
            url: "https://example.org/dots",
            classes: [ClassMetadata(className: "MetaDot", summary: "A dot of colour", previewProperties: ##"{"color": "#ff8800", "radius": 12}"##)]))
        #expect(registry.failures.map(\.message) == [
            "easel_plugin_metadata_v2: easel_class_metadata #0 names 'Elsewhere', which is not a class of this plugin",
        ])
    }
}

@Suite("The gallery draws a class with its metadata's preview values")
struct MetadataGalleryTests {
    /// `easel gallery` of metadata_plugin built with `defines`, at scale 1 with 100x80 cells: status, standard error, image.
    func gallery(_ label: String, defines: [String] = []) throws -> (ProcessResult, RasterImage?) {
        let folder = try Fixtures.makeTemporaryDirectory(label)
        _ = try Fixtures.buildFixture("metadata_plugin", into: folder, linkArguments: defines)
        let output = folder.appendingPathComponent("sheet.png")
        let result = try easel(["gallery", "--plugins", folder.path, "--cell", "100x80", "--scale", "1", "-o", output.path])
        return (result, try? RasterImage(contentsOfPNG: output.path))
    }

    @Test("MetaDot's preview colour #ff8800 fills its tile instead of its default blue")
    func previewValues() throws {
        let (result, image) = try gallery("gallery-preview-values")
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        let sheet = try #require(image)
        #expect(sheet.pixel(x: 62, y: 52) == RGBA(r: 255, g: 136, b: 0))   // the middle of the first cell (12, 12, 100, 80)
    }

    @Test("preview values that are not a JSON object, or name a property the class lacks, make a red tile with the reason")
    func refusedPreviewValues() throws {
        let (notJSON, notJSONImage) = try gallery("gallery-preview-not-json", defines: ["-DMETA_PREVIEW_NOT_JSON"])
        #expect(notJSON.status == 1)
        #expect(notJSON.stderr == "error: gallery: MetaDot: its preview values are not a JSON object: color: orange\n")
        let redTile = try #require(notJSONImage)
        #expect(redTile.pixel(x: 60, y: 88).isClose(to: RGBA(r: 219, g: 41, b: 41), tolerance: 2))   // the red tile, under its text
        let (unknown, _) = try gallery("gallery-preview-unknown", defines: ["-DMETA_PREVIEW_UNKNOWN"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == """
            error: gallery: MetaDot: the preview values of MetaDot: root.subviews[0].properties.colour: class 'MetaDot' has no \
            property 'colour' (it declares: color, radius); did you mean 'color'?

            """)
    }
}
