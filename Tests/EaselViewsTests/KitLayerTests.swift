// EaselPluginKit's layer (Sources/EaselPluginKit/Layers.swift): a Swift
// plugin sets layer properties through easel.layer.v1 (Tests/Fixtures/kit_layer.swift).

import EaselGraphicsCore
import EaselABI
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

@Suite("EaselPluginKit's layer")
struct KitLayerTests {
    @Test("a Swift plugin rounds, masks and borders its view with view.layer, and reads the values back")
    func kitLayer() throws {
        let folder = try Fixtures.makeTemporaryDirectory("kit-layer")
        defer { try? FileManager.default.removeItem(at: folder) }
        try KitFixtures.buildSwiftPlugin("kit_layer", moduleName: "KitLayer", into: folder)
        let registry = Registry()
        registry.loadPlugins(from: [folder.path])
        #expect(registry.failures.map(\.description) == [])
        let root = try whiteRoot(registry)
        let card = try registry.makeView(ofClass: "KitLayerCard", frame: rect(10, 10, 60, 60))
        try root.addSubview(card)
        #expect(registry.takeDiagnostics().map(\.message) == ["[KitLayer] KitLayerCard: radius 20.0, anchor 0.5"])
        #expect(card.layer.cornerRadius == 20)
        #expect(card.layer.shadowOffset == easel_size(width: 2, height: 2))
        let image = try fullImage(root)
        #expect(image.pixel(x: 10, y: 10) == white)
        #expect(image.pixel(x: 16, y: 16) == green)
        #expect(image.pixel(x: 12, y: 40) == green)
        #expect(image.pixel(x: 40, y: 40) == blue)
        #expect(image.pixel(x: 69, y: 69) == white)
    }
}
