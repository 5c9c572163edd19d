import EaselTestSupport
import Foundation
import Testing

@Suite("easel inspect")
struct InspectCommandTests {
    @Test("a sample class: chain, plugin, inherited and own properties with defaults, own and inherited methods")
    func bubble() throws {
        let result = try easel(["inspect", "BubbleView", "--plugins", try Fixtures.samplePluginsDirectory().path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "class BubbleView : View : Object")
        #expect(lines.dropFirst().first == "  A speech bubble that wraps its first subview")   // its metadata's summary
        #expect(lines.dropFirst(2).first?.hasPrefix("  plugin Bubble, ") == true && lines[2].hasSuffix("/libBubble.so"))
        #expect(lines.contains("      The radius of the body's outer corners"))
        #expect(lines.contains("  frame: CGRect = {origin: {x: 0, y: 0}, size: {width: 0, height: 0}}  (View)"))
        #expect(lines.contains("  alpha: double = 1  (View)"))
        #expect(lines.contains("  cornerRadius: double = 12"))
        #expect(lines.contains("  fillColor: EaselColor = {red: 1, green: 1, blue: 1, alpha: 1}"))
        #expect(lines.contains("  -[BubbleView drawRect:(CGRect)]  v@:{CGRect={CGPoint=dd}{CGSize=dd}}"))
        #expect(lines.contains("  -[View hitTest:(CGPoint) withEvent:(id)] -> id  @@:{CGPoint=dd}@  (inherited from View)"))
    }

    @Test("--json carries the same, with where each method is implemented")
    func json() throws {
        let result = try easel(["inspect", "Chart", "--json", "--plugins", try Fixtures.samplePluginsDirectory().path])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["superclasses"] as? [String] == ["Swatch", "View", "Object"])
        #expect(object["plugin"] as? String == "Charts")
        #expect(object["isView"] as? Bool == true)
        let methods = try #require(object["methods"] as? [[String: Any]])
        // Chart overrides Swatch's drawRect:; the inherited one is listed as overridden.
        let drawRects = methods.filter { $0["selector"] as? String == "drawRect:" }
        #expect(drawRects.map { $0["implementedBy"] as? String } == ["Chart", "Swatch"])
        #expect(drawRects.map { $0["overridden"] as? Bool } == [false, true])
        let properties = try #require(object["properties"] as? [[String: Any]])
        #expect(properties.contains { $0["name"] as? String == "color" && $0["declaredBy"] as? String == "Swatch" })
    }

    @Test("an unknown class exits 2 with a did-you-mean")
    func unknown() throws {
        let result = try easel(["inspect", "Bubbleview", "--plugins", try Fixtures.samplePluginsDirectory().path])
        #expect(result.status == 2)
        #expect(result.stderr == "error: no class named 'Bubbleview'; did you mean 'BubbleView'?\n")
    }

    @Test("list --json gives every property's default")
    func listDefaults() throws {
        let result = try easel(["list", "--json", "--plugins", try Fixtures.samplePluginsDirectory().path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let classes = (object["plugins"] as? [[String: Any]] ?? []).flatMap { $0["classes"] as? [[String: Any]] ?? [] }
        let bubble = try #require(classes.first { $0["name"] as? String == "BubbleView" })
        let properties = bubble["properties"] as? [[String: Any]] ?? []
        #expect(properties.first { $0["name"] as? String == "cornerRadius" }?["default"] as? String == "12")
        #expect(properties.first { $0["name"] as? String == "fillColor" }?["default"] as? String == "{red: 1, green: 1, blue: 1, alpha: 1}")
    }

    @Test("invoke suggests the class or selector meant")
    func invokeDidYouMean() throws {
        let samples = try Fixtures.samplePluginsDirectory().path
        let cls = try easel(["invoke", "Swach", "isRounded", "--plugins", samples])
        #expect(cls.stderr == "error: no class named 'Swach' is registered; did you mean 'Swatch'?\n")
        let selector = try easel(["invoke", "Swatch", "isRounde", "--plugins", samples])
        #expect(selector.stderr == "error: an instance of 'Swatch' does not respond to selector 'isRounde'; did you mean 'isRounded'?\n")
        #expect(cls.status == selector.status && cls.status != 0)
    }
}
