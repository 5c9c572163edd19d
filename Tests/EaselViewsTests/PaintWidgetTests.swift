// The painting extension (easel.paint.v1) from plugins: a C plugin that finds
// it with get_extension (Tests/Fixtures/paint_widgets.c) and a Swift plugin
// drawing the same picture through EaselPluginKit (Tests/Fixtures/paint_kit.swift),
// rendered through the view tree and read pixel by pixel.

import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

/// The folder with paint_widgets.so and libKitPaint.so, built once per test process.
private let paintFolder: Result<URL, FixtureError> = {
    do {
        let folder = try Fixtures.makeTemporaryDirectory("paint")
        _ = try Fixtures.buildFixture("paint_widgets", into: folder, linkArguments: ["-lm"])
        try KitFixtures.buildSwiftPlugin("paint_kit", moduleName: "KitPaint", into: folder)
        return .success(folder)
    } catch let error as FixtureError {
        return .failure(error)
    } catch {
        return .failure(FixtureError("cannot build the painting fixtures: \(error)"))
    }
}()

@Suite("Painting from plugins")
struct PaintWidgetTests {
    /// Renders a 100 x 100 view of `className` on a transparent root.
    private func card(_ className: String) throws -> RasterImage {
        let registry = Registry()
        registry.loadPlugins(from: [try paintFolder.get().path])
        #expect(registry.failures.map(\.description) == [])
        let root = try plain(registry, rect(0, 0, 100, 100))
        let card = try registry.makeView(ofClass: className, frame: rect(0, 0, 100, 100))
        card.isOpaque = false   // else UIKit's opaque black shows in the round corners
        try root.addSubview(card)
        let image = try fullImage(root)
        #expect(registry.takeDiagnostics() == [])
        return image
    }

    @Test("a C plugin draws a gradient clipped to per-corner rounded rect, an even-odd star, a layer and a shadow")
    func cPluginPaints() throws {
        let image = try card("PaintCard")
        // The gradient, red at x = 0 to blue at x = 100, at pixel centres.
        expectPixel(image, 10, 60, RGBA(r: 228, g: 0, b: 27), tolerance: 2)
        expectPixel(image, 1, 1, RGBA(r: 251, g: 0, b: 4), tolerance: 2)     // the top-left corner is sharp
        expectPixel(image, 98, 1, transparent, tolerance: 0)                  // the top-right one is round
        expectPixel(image, 1, 98, transparent, tolerance: 0)                  // and the bottom-left one
        // The star: a tip is white, the centre (even-odd) shows the gradient.
        expectPixel(image, 50, 25, white, tolerance: 0)
        expectPixel(image, 50, 50, RGBA(r: 126, g: 0, b: 129), tolerance: 2)
        // The two green squares at half alpha as one layer: the overlap is no greener.
        expectPixel(image, 90, 90, RGBA(r: 12, g: 128, b: 115), tolerance: 2)
        expectPixel(image, 82, 82, RGBA(r: 23, g: 128, b: 105), tolerance: 2)
        // The yellow square and its sharp shadow, 3 points down and right.
        expectPixel(image, 10, 85, RGBA(r: 255, g: 255, b: 0), tolerance: 0)
        expectPixel(image, 16, 91, black, tolerance: 0)
        expectPixel(image, 19, 91, RGBA(r: 204, g: 0, b: 51), tolerance: 2)   // past the shadow: the gradient
    }

    @Test("the kit's painting methods draw the same pixels as the C plugin")
    func swiftKitMatchesC() throws {
        expectSameImage(try card("KitPaintCard"), try card("PaintCard"))
    }
}
