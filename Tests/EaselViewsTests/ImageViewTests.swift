// The built-in ImageView (UIImageView): content modes, intrinsic size,
// highlighted images, template tint. The image is 20 x 10 pixels, its left
// half red and its right half blue; the image view is 40 x 40 at (10, 10)
// of a white 100 x 100 root.

import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselGeometry
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

@Suite("ImageView: content modes, intrinsic size, highlight, tint")
struct ImageViewTests {
    func imageView(_ registry: Registry, _ root: View) throws -> ImageView {
        let view = try #require(try registry.makeView(ofClass: "ImageView", frame: rect(10, 10, 40, 40)) as? ImageView)
        try root.addSubview(view)
        return view
    }

    /// Where the image goes on the canvas, per content mode (as the layer gravities, ``SublayerTests``).
    static let modeRects: [(ContentMode, easel_rect)] = [
        (.scaleToFill, rect(10, 10, 40, 40)),
        (.redraw, rect(10, 10, 40, 40)),
        (.scaleAspectFit, rect(10, 20, 40, 20)),
        (.scaleAspectFill, rect(-10, 10, 80, 40)),
        (.center, rect(20, 25, 20, 10)),
        (.top, rect(20, 10, 20, 10)),
        (.bottom, rect(20, 40, 20, 10)),
        (.left, rect(10, 25, 20, 10)),
        (.right, rect(30, 25, 20, 10)),
        (.topLeft, rect(10, 10, 20, 10)),
        (.topRight, rect(30, 10, 20, 10)),
        (.bottomLeft, rect(10, 40, 20, 10)),
        (.bottomRight, rect(30, 40, 20, 10)),
    ]

    @Test("each contentMode places the image as UIKit does", arguments: ImageViewTests.modeRects.map(\.0.rawValue))
    func contentModes(_ raw: Int) throws {
        let mode = try #require(ContentMode(rawValue: raw))
        let expected = try #require(Self.modeRects.first { $0.0 == mode }?.1)
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let view = try imageView(registry, root)
        view.image = try halvesImage()
        view.contentMode = mode
        let image = try fullImage(root)
        let x0 = Int(expected.minX), y0 = Int(expected.minY), x1 = Int(expected.maxX), y1 = Int(expected.maxY)
        func check(_ x: Int, _ y: Int, _ color: RGBA) {
            guard (0..<100).contains(x), (0..<100).contains(y) else { return }
            #expect(image.pixel(x: x, y: y) == color, "\(mode.name) at (\(x), \(y))")
        }
        let middle = (y0 + y1) / 2
        check(max(x0, 0), y0, red)
        check(x1 - 1, y1 - 1, blue)
        check(x0 - 1, middle, white)
        check(x1, middle, white)
        check((x0 + x1) / 2 - 2, y0 - 1, white)
        check((x0 + x1) / 2 - 2, y1, white)
    }

    @Test("scaleAspectFill overflows an image view that does not clip, and is cut at its bounds when it does")
    func aspectFillClipping() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let view = try imageView(registry, root)
        view.image = try halvesImage()
        view.contentMode = .scaleAspectFill
        #expect(try fullImage(root).pixel(x: 5, y: 30) == red)
        #expect(try fullImage(root).pixel(x: 60, y: 30) == blue)
        view.clipsToBounds = true
        let image = try fullImage(root)
        #expect(image.pixel(x: 5, y: 30) == white)
        #expect(image.pixel(x: 60, y: 30) == white)
        #expect(image.pixel(x: 10, y: 30) == red)
        #expect(image.pixel(x: 49, y: 30) == blue)
    }

    @Test("intrinsicContentSize is the shown image's size in points: a 2x image is half its pixels; none without an image")
    func intrinsicSize() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let view = try imageView(registry, root)
        #expect(view.intrinsicContentSize == easel_size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric))
        view.image = try halvesImage()
        #expect(view.intrinsicContentSize == easel_size(width: 20, height: 10))
        view.highlightedImage = try halvesImage(scale: 2)
        #expect(view.intrinsicContentSize == easel_size(width: 20, height: 10))
        view.isHighlighted = true
        #expect(view.intrinsicContentSize == easel_size(width: 10, height: 5))
        // The highlighted 2x image at top left: 10 x 5 points.
        view.contentMode = .topLeft
        let image = try fullImage(root)
        #expect(image.pixel(x: 10, y: 10) == red)
        #expect(image.pixel(x: 19, y: 14) == blue)
        #expect(image.pixel(x: 20, y: 10) == white)
        #expect(image.pixel(x: 10, y: 15) == white)
        view.image = nil
        view.highlightedImage = nil
        #expect(view.intrinsicContentSize.width == View.noIntrinsicMetric)
        #expect(try fullImage(root).pixel(x: 10, y: 10) == white)
    }

    @Test("a template image is filled with the tint colour through its alpha")
    func templateTint() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let view = try imageView(registry, root)
        // Opaque red on the left, transparent on the right.
        view.image = try testImage(width: 20, height: 10) { x, _ in x < 10 ? 0xFFFF_0000 : 0 }
        view.contentMode = .topLeft
        var image = try fullImage(root)
        #expect(image.pixel(x: 10, y: 10) == red)
        view.renderingMode = .alwaysTemplate
        image = try fullImage(root)
        #expect(image.pixel(x: 10, y: 10) == RGBA(r: 0, g: 122, b: 255))   // UIKit's default tint
        #expect(image.pixel(x: 25, y: 10) == white)
        view.tintColor = greenColor
        image = try fullImage(root)
        #expect(image.pixel(x: 19, y: 19) == green)
        #expect(image.pixel(x: 20, y: 19) == white)
    }

    @Test("image view properties by name; an image view is not opaque and ignores touches by default")
    func propertiesByName() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry)
        let view = try imageView(registry, root)
        #expect(!view.isOpaque)
        #expect(!view.isUserInteractionEnabled)
        try view.setValue(Int64(ContentMode.scaleAspectFit.rawValue), forProperty: "contentMode")
        #expect(view.contentMode == .scaleAspectFit)
        try view.setValue(ImageRenderingMode.alwaysTemplate.rawValue, forProperty: "renderingMode")
        #expect(view.renderingMode == .alwaysTemplate)
        try view.setValue(true, forProperty: "highlighted")
        #expect(view.isHighlighted)
    }
}
