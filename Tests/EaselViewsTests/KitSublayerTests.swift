// EaselPluginKit's typed layer API (Sources/EaselPluginKit/Sublayers.swift):
// a Swift plugin makes layers that are not views, gives them image contents
// and a drawing delegate, arranges them, and sets up an image view and its
// own content mode (Tests/Fixtures/kit_sublayers.swift).

import EaselGraphicsCore
import EaselABI
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

@Suite("EaselPluginKit's layers, image views and content modes")
struct KitSublayerTests {
    @Test("Layer(), setContents, add/insert/remove sublayers, a drawLayer: delegate, ImageViewRef, contentMode and contentStretch")
    func kitSublayers() throws {
        let folder = try Fixtures.makeTemporaryDirectory("kit-sublayers")
        defer { try? FileManager.default.removeItem(at: folder) }
        try KitFixtures.buildSwiftPlugin("kit_sublayers", moduleName: "KitSublayers", into: folder)
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        #expect(registry.failures.map(\.description) == [])
        let root = try whiteRoot(registry)
        let view = try registry.makeView(ofClass: "KitSublayers", frame: rect(0, 0, 100, 100))
        try root.addSubview(view)
        let messages = registry.takeDiagnostics().map(\.message)
        #expect(messages.count == 2, "\(messages)")
        #expect(messages.first?.hasPrefix("layer->add_sublayer: <KitSublayers") == true, "\(messages)")
        #expect(messages.last == "[KitSublayers] KitSublayers: badge 40.0,45.0 20.0x10.0; gravity true; "
                + "badge sublayers true superlayers true true true; order true [true, true, true, true] refused status 4; "
                + "delegate KitPainter z 2.0; photo true true true; mode 4 stretch 0.25", "\(messages)")

        // What the host holds.
        let layers = view.layer.sublayers
        #expect(layers.count == 5)
        let badge = try #require(layers.dropFirst(2).first)
        #expect(badge.frame == rect(40, 45, 20, 10))
        #expect(badge.contentsGravity == .resizeAspect)
        #expect(layers.last?.delegate?.objectClass.name == "KitPainter")
        #expect(view.contentMode == .center)
        #expect(view.contentStretch == rect(0.25, 0.25, 0.5, 0.5))
        let photo = try #require(view.subviews.first as? ImageView)
        #expect(photo.isHighlighted && photo.contentMode == .scaleAspectFit)
        #expect(photo.intrinsicContentSize == easel_size(width: 10, height: 10))   // the highlighted image shows

        let image = try fullImage(root)
        #expect(image.pixel(x: 45, y: 50) == red && image.pixel(x: 55, y: 50) == blue)   // the badge's halves
        #expect(image.pixel(x: 41, y: 46) == RGBA(r: 255, g: 0, b: 255))                  // its magenta sublayer
        #expect(image.pixel(x: 5, y: 10) == red)       // A
        #expect(image.pixel(x: 15, y: 10) == red)      // A over B
        #expect(image.pixel(x: 22, y: 10) == green)    // B alone
        #expect(image.pixel(x: 27, y: 10) == blue)     // C over B
        #expect(image.pixel(x: 70, y: 10) == RGBA(r: 255, g: 255, b: 0))   // drawn by the delegate
        #expect(image.pixel(x: 20, y: 80) == green)    // the image view, highlighted
        #expect(image.pixel(x: 90, y: 90) == white)
    }
}
