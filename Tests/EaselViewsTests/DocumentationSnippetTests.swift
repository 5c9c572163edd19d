// The Swift host-API fragments of the articles, kept verbatim between `// doc-snippet: NAME` and
// `// doc-snippet-end` (DocumentationCoverageTests checks that each region equals the article's
// block of that name), with the variables they use declared above them, run and checked here.

import EaselABI
import EaselCanvas
import EaselCanvasOutput
import EaselDiscovery
import EaselGeometry
import EaselGraphicsCore
import EaselRuntime
import EaselTestSupport
import EaselViews
import Foundation
import Testing

@Suite("The articles' Swift host fragments run and do what the articles say")
struct DocumentationSnippetTests {
    @Test("Animation.md: a spring brings the bubble back, the badge spins forever, the card flips from front to back")
    func animation() throws {
        let registry = Registry()
        let root = try whiteRoot(registry, width: 200, height: 100)
        // The bubble: shrunk to half and invisible; the badge: a 40 x 10 bar; the card: front (green), back (yellow).
        let bubble = try plain(registry, rect(10, 10, 40, 40), redColor)
        bubble.transform = easel_affine_transform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0, ty: 0)
        bubble.alpha = 0
        let badge = try plain(registry, rect(80, 40, 40, 10), blueColor)
        let front = try plain(registry, rect(140, 20, 40, 40), greenColor)
        let back = try plain(registry, rect(140, 20, 40, 40), color(1, 1, 0))
        for view in [bubble, badge, front] { try root.addSubview(view) }

        // doc-snippet: animate.swift
        View.animate(withDuration: 0.4, usingSpringWithDamping: 0.6, initialSpringVelocity: 0) {
            bubble.transform = .identity
            bubble.alpha = 1
        }
        var spin = LayerAnimation.basic(keyPath: "transform.rotation.z", from: .number(0), to: .number(.pi), duration: 1)
        spin.repeatCount = .infinity
        try badge.layer.add(spin, forKey: "spin")
        try View.transition(from: front, to: back, duration: 0.6, options: .transitionFlipFromLeft)
        // doc-snippet-end

        // The model changed at once; what is drawn follows the clock.
        #expect(bubble.alpha == 1 && bubble.transform == .identity)
        #expect(back.superview === root)
        #expect(badge.layer.animationKeys == ["spin"])
        let white = RGBA(r: 255, g: 255, b: 255), red = RGBA(r: 255, g: 0, b: 0), blue = RGBA(r: 0, g: 0, b: 255)
        let canvas = try rasterCanvas(for: root)

        registry.mediaClock.advance(to: 0)
        try root.render(into: canvas)
        var image = try canvas.rasterImage()
        expectPixel(image, 30, 30, white)                     // the bubble: still invisible
        expectPixel(image, 84, 45, blue)                      // the badge: not turned yet, horizontal
        expectPixel(image, 100, 30, white)
        expectPixel(image, 160, 40, RGBA(r: 0, g: 255, b: 0)) // the front of the card

        registry.mediaClock.advance(to: 0.5)                  // a quarter turn: the bar stands upright
        try root.render(into: canvas)
        image = try canvas.rasterImage()
        expectPixel(image, 100, 30, blue)
        expectPixel(image, 84, 45, white)

        registry.mediaClock.advance(to: 1)                    // half a turn: lying again; the spring and the flip are over
        try root.render(into: canvas)
        image = try canvas.rasterImage()
        expectPixel(image, 12, 12, red)                       // the bubble at full size (half size would start at x 20)
        expectPixel(image, 30, 30, red)
        expectPixel(image, 84, 45, blue)
        expectPixel(image, 100, 30, white)
        expectPixel(image, 160, 40, RGBA(r: 255, g: 255, b: 0)) // the back of the card
        #expect(front.superview == nil)

        registry.mediaClock.advance(to: 1.5)                  // and it goes on turning
        try root.render(into: canvas)
        expectPixel(try canvas.rasterImage(), 100, 30, blue)
        #expect(badge.layer.animationKeys == ["spin"])
    }

    @Test("Views.md: a host program builds a tree from a plugin's class, renders it, sends a touch, repaints and writes a PNG")
    func hostTree() throws {
        let pluginFolder = try ViewWidgets.folder().path    // Panel: two Dots side by side; a touch turns it green
        let outputFolder = try Fixtures.makeTemporaryDirectory("doc-host-tree").path
        defer { try? FileManager.default.removeItem(atPath: outputFolder) }

        // doc-snippet: host-tree.swift
        let registry = Registry()
        registry.loadPlugins(from: [pluginFolder])           // e.g. "/path/to/plugins"
        let root = try registry.makeView(ofClass: "Window", frame: easel_rect(x: 0, y: 0, width: 400, height: 300))
        let card = try registry.makeView(ofClass: "Panel", frame: easel_rect(x: 20, y: 20, width: 200, height: 120))
        card.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        try root.addSubview(card)
        let canvas = try Canvas(width: 400, height: 300, backing: .raster(scale: 2))
        try root.render(into: canvas)                        // lays out, draws everything
        _ = try root.sendTouch(.began, at: easel_point(x: 40, y: 40))
        try root.render(into: canvas, mode: .dirtyRegions)   // repaints what the touch changed
        try canvas.write(to: outputFolder + "/card.png")
        // doc-snippet-end

        #expect(registry.failures.map(\.description) == [])
        // The touch reached the panel (through the Dot it hit, up the responder chain) and turned it green.
        #expect(try card.value(ofProperty: "touches", as: Int32.self) == 1)
        #expect(try card.value(ofProperty: "lastTouch", as: easel_point.self) == easel_point(x: 20, y: 20))
        #expect(try card.value(ofProperty: "fill", as: easel_color.self) == color(0, 1, 0))
        // Laid out: the Panel's two Dots side by side (red, blue), 2 pixels a point.
        let image = try RasterImage(contentsOfPNG: outputFolder + "/card.png")
        #expect(image.width == 800 && image.height == 600)
        expectPixel(image, 2 * 70, 2 * 80, RGBA(r: 255, g: 0, b: 0))
        expectPixel(image, 2 * 170, 2 * 80, RGBA(r: 0, g: 0, b: 255))
        #expect(image.pixel(x: 2 * 300, y: 2 * 200).a == 0)   // outside the card: the window draws nothing
        // The repaint after the touch agrees with drawing everything again.
        expectSameImage(image, try fullImage(root, scale: 2))
    }
}
