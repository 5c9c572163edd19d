// Layers that are not views and image views from a C plugin
// (Tests/Fixtures/sublayer_widgets.c): seed 004's example, an image view
// made by plugin code, a layer drawn by its delegate, refused arrangements.

import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

/// libSublayerWidgets.so with SublayerWidgets.resources/badge.png (20 x 10: red left half, blue right half).
private let sublayerFolder: Result<URL, FixtureError> = {
    do {
        let folder = try Fixtures.makeTemporaryDirectory("sublayers")
        _ = try Fixtures.buildFixture("sublayer_widgets", into: folder, soName: "libSublayerWidgets")
        let resources = folder.appendingPathComponent("SublayerWidgets.resources")
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        let canvas = try Canvas(width: 20, height: 10, background: blueColor, backing: .raster(scale: 1))
        canvas.fill(rect(0, 0, 10, 10), color: redColor)
        try Data(canvas.pngData()).write(to: resources.appendingPathComponent("badge.png"))
        return .success(folder)
    } catch let error as FixtureError {
        return .failure(error)
    } catch {
        return .failure(FixtureError("cannot build the sublayer fixture: \(error)"))
    }
}()

@Suite("Layers and image views from a C plugin")
struct SublayerPluginTests {
    private func registry() throws -> Registry {
        let registry = Registry()
        registry.loadPlugins(from: [try sublayerFolder.get().path])
        #expect(registry.failures.map(\.description) == [])
        return registry
    }

    @Test("seed 004's example from a plugin: create_layer, set_contents from image_named, sized to the image, centred")
    func badgeView() throws {
        let registry = try registry()
        let root = try whiteRoot(registry)
        let badge = try registry.makeView(ofClass: "BadgeView", frame: rect(0, 0, 100, 100))
        try root.addSubview(badge)
        #expect(try badge.value(ofProperty: "count", as: Int32.self) == 1)
        #expect(try badge.value(ofProperty: "selfInto", as: Int32.self) == Int32(EASEL_ERROR_INVALID_OPERATION))
        #expect(try badge.value(ofProperty: "viewAsLayer", as: Int32.self) == Int32(EASEL_ERROR_TYPE_MISMATCH))
        let layer = try #require(badge.layer.sublayers.first)
        #expect(layer.frame == rect(40, 45, 20, 10))
        #expect(layer.sublayers.isEmpty)   // the inner layer was removed again
        let diagnostics = registry.takeDiagnostics().map(\.message)
        #expect(diagnostics.count == 2, "\(diagnostics)")
        #expect(diagnostics.first?.hasPrefix("layer->add_sublayer: cannot add <Layer: ") == true, "\(diagnostics)")
        #expect(diagnostics.last?.contains("is not a layer") == true, "\(diagnostics)")

        let image = try fullImage(root)
        #expect(image.pixel(x: 40, y: 45) == red)
        #expect(image.pixel(x: 59, y: 54) == blue)
        #expect(image.pixel(x: 39, y: 50) == white)
        #expect(image.pixel(x: 50, y: 55) == white)
    }

    @Test("an ImageView made by plugin code shows an image_named image scaled to fit (contentMode by name)")
    func photoFrame() throws {
        let registry = try registry()
        let root = try whiteRoot(registry)
        let frame = try registry.makeView(ofClass: "PhotoFrame", frame: rect(10, 10, 40, 40))
        try root.addSubview(frame)
        let photo = try #require(frame.subviews.first as? ImageView)
        #expect(photo.contentMode == .scaleAspectFit)
        #expect(photo.intrinsicContentSize == easel_size(width: 20, height: 10))
        let image = try fullImage(root)
        #expect(image.pixel(x: 10, y: 20) == red)
        #expect(image.pixel(x: 49, y: 39) == blue)
        #expect(image.pixel(x: 10, y: 19) == white)
    }

    @Test("a layer's delegate draws it with drawLayer:inContext:")
    func delegateDraws() throws {
        let registry = try registry()
        let root = try whiteRoot(registry)
        let painted = try registry.makeView(ofClass: "PaintedView", frame: rect(60, 60, 20, 20))
        try root.addSubview(painted)
        let image = try fullImage(root)
        #expect(image.pixel(x: 60, y: 60) == green)
        #expect(image.pixel(x: 79, y: 79) == green)
        #expect(image.pixel(x: 80, y: 80) == white)
        #expect(image.pixel(x: 59, y: 70) == white)
    }
}

extension SublayerPluginTests {
    @Test("insert_sublayer_at, _above and _below from C: each call's order, clamping, missing siblings, refused calls")
    func insertSlots() throws {
        let registry = try registry()
        let root = try whiteRoot(registry)
        let view = try registry.makeView(ofClass: "LayerOrder", frame: rect(0, 0, 100, 100))
        try root.addSubview(view)
        let diagnostics = registry.takeDiagnostics().map(\.message)
        // The plugin's log, after the host's reports of the refused calls (NULL is refused without one).
        #expect(diagnostics.count == 3, "\(diagnostics)")
        #expect(diagnostics.last == "[SublayerWidgets] LayerOrder: names ABCDE; orders A BA BCA DBCA DBCAE DBCEA EDBCA EBCAD EBCAD ; "
                + "codes 0 0 0 0 0 0 0 0 2 4 0 6", "\(diagnostics)")
        #expect(diagnostics.first?.hasPrefix("layer->insert_sublayer_above: <LayerOrder") == true, "\(diagnostics)")
        #expect(diagnostics.first?.hasSuffix("is not a layer") == true, "\(diagnostics)")
        #expect(diagnostics.dropFirst().first?.hasPrefix("layer->insert_sublayer_at: ") == true, "\(diagnostics)")
        // The same order seen from Swift, by colour, back to front: E B C A D.
        let colors = view.layer.sublayers.map { $0.backgroundColor.map { [$0.red, $0.green, $0.blue] } }
        #expect(colors == [[1, 0, 1], [0, 1, 0], [0, 0, 1], [1, 0, 0], [1, 1, 0]])
        // Each 40 x 40 layer stands 10 right and down of the one before (A at 0, E at 40): the drawn
        // order shows A over B and C, C over B, D over B, C and E.
        let image = try fullImage(root)
        #expect(image.pixel(x: 25, y: 25) == red)                            // A
        #expect(image.pixel(x: 45, y: 15) == green)                          // B
        #expect(image.pixel(x: 45, y: 25) == blue)                           // C over B
        #expect(image.pixel(x: 45, y: 45) == RGBA(r: 255, g: 255, b: 0))     // D over B, C, E
        #expect(image.pixel(x: 75, y: 75) == RGBA(r: 255, g: 0, b: 255))     // E
        #expect(image.pixel(x: 95, y: 5) == white)
    }
}
