import EaselRuntime
import EaselTestSupport
import Foundation
import Testing

/// Property metadata (easel.metadata.v1, class metadata size 48): descriptions and value names,
/// checked when the plugin loads.
@Suite("Property descriptions and value names: checked at load, carried by the scan and the cache")
struct PropertyMetadataTests {
    /// The messages of the plugins refused when `metadata_bad_property` is built with `define`.
    func refusals(_ define: String) throws -> [String] {
        let folder = try Fixtures.makeTemporaryDirectory("property-metadata")
        _ = try Fixtures.buildFixture("metadata_bad_property", into: folder, linkArguments: define.isEmpty ? [] : [define])
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        return registry.failures.map(\.message)
    }

    @Test("good property metadata loads: a char enumeration with explicit values, a description")
    func good() throws {
        let folder = try Fixtures.makeTemporaryDirectory("property-metadata-good")
        _ = try Fixtures.buildFixture("metadata_bad_property", into: folder)
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        #expect(registry.failures.isEmpty)
        let knob = try #require(registry.objectClass(named: "Knob"))
        #expect(knob.propertyMetadata("angle") == PropertyMetadata(name: "angle", description: "How far it is turned"))
        #expect(knob.propertyMetadata("size")?.enumCases == [.init(name: "small", value: 1), .init(name: "large", value: 100)])
    }

    @Test("bad property metadata refuses the plugin with a message naming the entry", arguments: [
        ("-DBAD_NAME", "easel_plugin_metadata_v2: easel_class_metadata #0 ('Knob'): easel_property_metadata #0: names 'angel', "
            + "which is not a property of the class (it declares: angle, size)"),
        ("-DBAD_TYPE", "easel_plugin_metadata_v2: easel_class_metadata #0 ('Knob'): easel_property_metadata #0: 'angle' has "
            + "value names but its type is double (d); only integer properties can"),
        ("-DBAD_VALUE", "easel_plugin_metadata_v2: easel_class_metadata #0 ('Knob'): easel_property_metadata #1: 'size': the "
            + "value 300 of 'large' does not fit its type int8_t"),
        ("-DBAD_TWICE", "easel_plugin_metadata_v2: easel_class_metadata #0 ('Knob'): easel_property_metadata #1: 'size': the "
            + "value name 'small' is given twice"),
    ])
    func bad(define: String, message: String) throws {
        #expect(try refusals(define) == [message])
    }

    @Test("the scanner and the registry cache carry descriptions and value names (easel list --json twice, the second from the cache)")
    func throughTheScanner() throws {
        let folder = try Fixtures.makeTemporaryDirectory("property-metadata-scan")
        _ = try Fixtures.buildFixture("metadata_bad_property", into: folder)
        let environment = ["EASEL_PLUGIN_PATH": "", "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path]
        var outputs: [String] = []
        for _ in 0..<2 {
            let result = try easel(["list", "--json", "--plugins", folder.path], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(result.stdout)
        }
        #expect(outputs[0] == outputs[1])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outputs[1].utf8)) as? [String: Any])
        let properties = try #require((((json["plugins"] as? [[String: Any]])?.first?["classes"] as? [[String: Any]])?.first?["properties"])
                                      as? [[String: Any]])
        #expect(properties.map { $0["description"] as? String } == ["How far it is turned", nil])
        #expect((properties[1]["values"] as? [[String: Any]])?.map { "\($0["name"] ?? "")=\($0["value"] ?? "")" } == ["small=1", "large=100"])
    }

    @Test("a plugin built against the first metadata.v1 (32-byte class entries, no property fields) still loads")
    func oldEntries() throws {
        // EASEL_CLASS_METADATA fills the current size; a plugin built against the first metadata.v1 header
        // wrote 32-byte entries. Build one by hand: struct_size 32, two entries back to back.
        let folder = try Fixtures.makeTemporaryDirectory("property-metadata-v1")
        let source = folder.appendingPathComponent("old_metadata.c")
        try """
            #include "easel.h"
            #include "easel_util.h"
            static void Draw(easel_object *self, easel_sel cmd, easel_rect rect) { (void)self; (void)cmd; (void)rect; }
            static const easel_method_desc kMethods[] = { EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Draw) };
            static const easel_class_desc kClasses[] = {
                EASEL_CLASS_WITHOUT_PROPERTIES("OldA", "View", 0, kMethods),
                EASEL_CLASS_WITHOUT_PROPERTIES("OldB", "View", 0, kMethods),
            };
            EASEL_DEFINE_PLUGIN(kPlugin, "Old", kClasses);
            typedef struct { uint32_t abi_version, struct_size; const char *class_name, *summary, *preview_properties; } v1_entry;
            static const v1_entry kEntries[] = {
                {EASEL_ABI_VERSION, 32, "OldA", "first", NULL},
                {EASEL_ABI_VERSION, 32, "OldB", "second", NULL},
            };
            static const easel_plugin_metadata kMetadata = {EASEL_ABI_VERSION, sizeof(easel_plugin_metadata), "old", NULL, NULL,
                                                            NULL, NULL, 2, (const easel_class_metadata *)(const void *)kEntries};
            EASEL_PLUGIN_METADATA() { return &kMetadata; }
            EASEL_PLUGIN_ENTRY(host) { (void)host; return &kPlugin; }
            """.write(to: source, atomically: true, encoding: .utf8)
        _ = try Fixtures.compileC(source, into: folder.appendingPathComponent("libOld.so"))
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        #expect(registry.failures.map(\.message) == [])
        #expect(registry.plugins.first?.metadata?.classes.map(\.summary) == ["first", "second"])
        #expect(registry.plugins.first?.metadata?.classes.map(\.properties) == [[], []])
    }
}
