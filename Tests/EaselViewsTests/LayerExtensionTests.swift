// The layer extension (easel.layer.v1) from a C plugin
// (Tests/Fixtures/layer_widgets.c): properties set in the plugin's init,
// read back from Swift and drawn.

import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

/// The folder with layer_widgets.so, built once per test process.
private let layerFolder: Result<URL, FixtureError> = {
    do {
        let folder = try Fixtures.makeTemporaryDirectory("layer")
        _ = try Fixtures.buildFixture("layer_widgets", into: folder)
        return .success(folder)
    } catch let error as FixtureError {
        return .failure(error)
    } catch {
        return .failure(FixtureError("cannot build the layer fixture: \(error)"))
    }
}()

@Suite("The layer extension from a C plugin")
struct LayerExtensionTests {
    private func registry() throws -> Registry {
        let registry = Registry()
        registry.loadPlugins(from: [try layerFolder.get().path])
        #expect(registry.failures.map(\.description) == [])
        return registry
    }

    @Test("a C plugin rounds, masks, borders and fills a view through easel.layer.v1; a negative radius is refused and reported")
    func cPluginSetsLayer() throws {
        let registry = try registry()
        let root = try whiteRoot(registry)
        let card = try registry.makeView(ofClass: "LayerCard", frame: rect(10, 10, 60, 60))
        try root.addSubview(card)
        #expect(try card.value(ofProperty: "missing", as: Int32.self) == 0)
        #expect(try card.value(ofProperty: "refused", as: Int32.self) == Int32(EASEL_ERROR_INVALID_OPERATION))
        #expect(card.layer.cornerRadius == 20)
        #expect(card.layer.masksToBounds)
        #expect(card.layer.borderWidth == 5)
        #expect(components(card.layer.borderColor) == [0, 1, 0, 1])
        #expect(card.backgroundColor.map(components) == [1, 0, 0, 1])
        #expect(card.subviews.count == 1)
        #expect(card.contentMode == .bottomRight)
        #expect(card.contentStretch == rect(0.25, 0, 0.5, 1))
        let diagnostics = registry.takeDiagnostics().map(\.message)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.contains("layer->set_corner_radius: the corner radius -1.0 is negative or not finite") == true,
                "\(diagnostics)")

        let image = try fullImage(root)
        #expect(image.pixel(x: 10, y: 10) == white)    // outside the rounded corner (radius 20)
        #expect(image.pixel(x: 16, y: 16) == green)    // inside it, in the 5-point border band
        #expect(image.pixel(x: 12, y: 40) == green)    // the border, above the blue subview
        #expect(image.pixel(x: 40, y: 40) == blue)     // the subview, clipped to the card
        #expect(image.pixel(x: 69, y: 69) == white)
    }

    @Test("a C plugin sets a shadow path, a z position and an anchor point, and converts to the screen")
    func cPluginShadowAndGeometry() throws {
        let registry = try registry()
        let window = try registry.makeView(ofClass: "Window", frame: rect(0, 0, 100, 100))
        window.backgroundColor = whiteColor
        let chip = try registry.makeView(ofClass: "ShadowChip", frame: rect(20, 20, 30, 30))
        let cover = try plain(registry, rect(0, 0, 40, 40), blueColor)
        try window.addSubview(chip)
        try window.addSubview(cover)   // later, but below the chip: z position 1
        #expect(chip.layer.zPosition == 1)
        #expect(chip.layer.anchorPoint == easel_point(x: 0, y: 0))
        // The anchor point moved the frame: the position (35, 35) is now its top left.
        #expect(chip.frame == rect(35, 35, 30, 30))
        #expect(chip.layer.shadowPath == .rect(rect(0, 0, 30, 30)))
        let image = try fullImage(window)
        #expect(image.pixel(x: 36, y: 36) == red)       // above the cover
        #expect(image.pixel(x: 30, y: 30) == blue)
        #expect(near(image.pixel(x: 70, y: 70), 128, 128, 128, tolerance: 1))   // the shadow at (45, 45)-(75, 75)
        #expect(image.pixel(x: 76, y: 70) == white)
        let message = try registry.message(chip, "screenPoint")
        message.invoke()
        #expect(try message.returnValue(as: easel_point.self) == easel_point(x: 35, y: 35))
        #expect(registry.takeDiagnostics().map(\.message) == [])
    }
}
