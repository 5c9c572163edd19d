import EaselTestSupport
import Foundation
import Testing

@Suite("easel inspect: delegate protocols, overlays and one property")
struct InspectProtocolsTests {
    /// `easel inspect CLASS` (text, or the JSON object with `--json`) with the sample plugins and the gesture and layer fixtures.
    func inspect(_ arguments: [String]) throws -> ProcessResult {
        let folder = try pluginFolder("inspect-protocols", [("gesture_widgets", "gesture_widgets"), ("sublayer_widgets", "sublayer_widgets")])
        return try easel(["inspect"] + arguments + ["--plugins", folder.path, "--plugins", try Fixtures.samplePluginsDirectory().path])
    }

    @Test("each delegate protocol a class answers, with the selectors it answers and who sends them", arguments: [
        ("GraphController", "  right-handed view delegate (sent by RHView): drawView:inRect:inContext:\n"),
        ("ScrollLog", "  scroll view delegate (sent by ScrollView): scrollViewDidScroll:, scrollViewWillBeginDragging:, "
            + "scrollViewDidEndDragging:willDecelerate:, scrollViewWillBeginDecelerating:, scrollViewDidEndDecelerating:\n"),
        ("GestureDelegate", "  gesture recognizer delegate (sent by GestureRecognizer): gestureRecognizerShouldBegin:, "
            + "gestureRecognizer:shouldReceiveTouch:, gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:\n"),
        ("LayerPainter", "  layer delegate (sent by Layer): drawLayer:inContext:\n"),
    ])
    func delegateProtocols(className: String, line: String) throws {
        let result = try inspect([className])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\ndelegate protocols:\n\(line)"), "\(result.stdout)")
        let json = try inspect([className, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let protocols = try #require(object["delegateProtocols"] as? [[String: Any]])
        #expect(protocols.count == 1 && line.contains("(sent by \(protocols[0]["sender"] as? String ?? "?"))"))
    }

    @Test("a class that answers no delegate call lists none")
    func noProtocols() throws {
        let result = try inspect(["Swatch"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("delegate protocols:"))
    }

    @Test("overlays: the selectors with drawRect:'s signature (BubbleView's and Tile's drawTail:), and OverlayView itself")
    func overlays() throws {
        for name in ["BubbleView", "Tile"] {
            let result = try inspect([name])
            #expect(result.stdout.contains("\noverlays:\n  drawTail:  (a scene's \"overlays\": [\"drawTail:\"])\n"),
                    "\(name): \(result.stdout)")
        }
        let overlay = try inspect(["OverlayView"])
        #expect(overlay.stdout.contains("\noverlays:\n  an overlay view itself (a subclass of OverlayView)\n"), "\(overlay.stdout)")
        let json = try inspect(["BubbleView", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["overlays"] as? [String] == ["drawTail:"])
        #expect(object["isOverlayView"] as? Bool == false)
    }

    @Test("easel inspect CLASS PROPERTY: one property with its description and value names; an unknown one exits 2 with a did-you-mean")
    func oneProperty() throws {
        let style = try inspect(["Swatch", "style"])
        #expect(style.status == 0, "\(style.stderr)")
        #expect(style.stdout == "  style: int32_t = rounded\n      The shape filled\n      values: rounded (0), pill (1), circle (2)\n")
        let inherited = try inspect(["Chart", "color"])
        #expect(inherited.stdout == "  color: EaselColor = {red: 1, green: 0, blue: 0, alpha: 1}  (Swatch)\n      The fill colour\n")
        let unknown = try inspect(["Swatch", "colour"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("class 'Swatch' has no property 'colour' (it has: "), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("; did you mean 'color'?"), "\(unknown.stderr)")
    }
}
