import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselRuntime
import EaselTestSupport
import EaselViews
import Foundation
import Testing

// EaselPluginKit's text API (Font, AttributedText, ParagraphStyle) from a
// Swift plugin: Tests/Fixtures/kit_text.swift.

@Suite("Swift kit: text through easel.text.v1")
struct KitTextTests {
    static let built: Result<URL, Error> = Result {
        let folder = try Fixtures.makeTemporaryDirectory("kit-text")
        try KitFixtures.buildSwiftPlugin("kit_text", moduleName: "KitText", into: folder)
        return folder
    }

    func registry() throws -> Registry {
        let registry = Registry()
        registry.loadPlugins(from: [try Self.built.get().path])
        #expect(registry.failures.map(\.description) == [])
        return registry
    }

    /// The size the host measures for the fixture's text in bold DejaVu Sans 16, `width` wide.
    func hostSize(width: Double) -> easel_size {
        withFont(nil, family: "DejaVu Sans", size: 16, weight: Int32(EASEL_FONT_WEIGHT_BOLD)) { desc in
            var style = easel_text_style()
            style.struct_size = UInt32(MemoryLayout<easel_text_style>.size)
            style.font = desc
            return Canvas.textAPI.pointee.measure_text!(
                nil, "The quick brown fox jumps over the lazy dog", -1, width, 0, &style, nil, 0)
        }
    }

    @Test("a kit label draws a red run and a tail-truncated line inside its 150 points")
    func drawsAttributedTruncatedText() throws {
        let registry = try registry()
        let view = try registry.makeView(ofClass: "KitTextLabel", frame: cgRect(0, 0, 240, 30))
        let canvas = try Canvas(width: 240, height: 30, background: whiteColor, backing: .raster(scale: 1))
        try view.render(into: canvas)
        #expect(canvas.takeError() == nil)
        let image = try RasterImage(pngData: canvas.pngData())
        try? image.write(to: "/tmp/easel-kit-text.png")
        var reds: [Int] = [], inkColumns: [Int] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if p.isClose(to: red, tolerance: 60) { reds.append(x) }
                if Int(p.r) + Int(p.g) + Int(p.b) < 3 * 160 { inkColumns.append(x) }
            }
        }
        // "quick" is red, after "The ".
        #expect(reds.count > 30)
        #expect((reds.min() ?? 0) > 30 && (reds.max() ?? 200) < 90)
        // Cut to fit 150 points, with the ellipsis reaching near the end.
        #expect((inkColumns.max() ?? 999) < 150)
        #expect((inkColumns.max() ?? 0) > 120)
    }

    @Test("sizeThatFits: from the kit measures as the host does: one line, and wrapped to a width")
    func sizeThatFitsMeasures() throws {
        let registry = try registry()
        let view = try registry.makeView(ofClass: "KitTextLabel", frame: cgRect(0, 0, 240, 30))
        let oneLine = view.sizeThatFits(easel_size(width: 0, height: 0))
        #expect(oneLine == hostSize(width: 0))
        #expect(oneLine.width > 300)
        let wrapped = view.sizeThatFits(easel_size(width: 120, height: 0))
        #expect(wrapped == hostSize(width: 120))
        #expect(wrapped.width <= 120 && wrapped.height > 3 * oneLine.height - 0.01)
    }

    @Test("the kit's context metrics are the host's, a string draws at a point, and size(maximumHeight:) counts the lines that fit")
    func metricsAndHeightLimit() throws {
        let registry = try registry()
        let view = try registry.makeView(ofClass: "KitTextMetrics", frame: cgRect(0, 0, 100, 60))
        let canvas = try Canvas(width: 100, height: 60, background: whiteColor, backing: .raster(scale: 1))
        try view.render(into: canvas)
        #expect(canvas.takeError() == nil)
        let image = try RasterImage(pngData: canvas.pngData())
        func barHeight(_ x: Int) -> Int { (0..<image.height).filter { image.pixel(x: x, y: $0).r < 128 }.count }
        let twenty = withFont("DejaVu Sans 20") { Canvas.textAPI.pointee.font_metrics!(nil, $0) }
        let bold = withFont(nil, family: "DejaVu Sans", size: 40, weight: Int32(EASEL_FONT_WEIGHT_BOLD)) {
            Canvas.textAPI.pointee.font_metrics!(nil, $0)
        }
        #expect(barHeight(5) == Int(twenty.line_height.rounded()))
        #expect(barHeight(25) == Int(bold.ascent.rounded()))
        #expect((40..<70).contains { barHeight($0) > 5 }, "no \"Hi\" drawn")
        // Limited to two and a half lines: two lines.
        let oneLine = hostSize(width: 0).height
        let limited = view.sizeThatFits(easel_size(width: 120, height: 2.5 * oneLine))
        #expect(abs(limited.height - 2 * oneLine) < 0.01, "\(limited) vs line height \(oneLine)")
        #expect(limited.width <= 120)
    }
}
