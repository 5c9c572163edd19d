import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Testing

@Suite("The sample plugin's Tile view")
struct SamplePluginTileTests {
    /// A 45x45 Tile at (10, 10) of an 80x80 root view, rendered into a raster canvas.
    private func renderTile(configure: (View) throws -> Void = { _ in }) throws -> (View, RasterImage) {
        let registry = try sampleRegistry()
        let root = try registry.makeView(ofClass: "View", frame: cgRect(0, 0, 80, 80))
        let tile = try registry.makeView(ofClass: "Tile", frame: cgRect(10, 10, 45, 45))
        tile.backgroundColor = easel_color(red: 0, green: 0, blue: 1, alpha: 1)
        try configure(tile)
        try root.addSubview(tile)
        let canvas = try Canvas(width: 80, height: 80, backing: .raster(scale: 1))
        let report = try root.render(into: canvas)
        #expect(report.drawnViews.count == 2)
        return (tile, try canvas.rasterImage())
    }

    @Test("init adds one overlay that draws with drawTail:")
    func overlay() throws {
        let (tile, _) = try renderTile()
        #expect(tile.subviews.count == 1)
        let overlay = try #require(tile.subviews.first as? OverlayView)
        #expect(overlay.host === tile)
        #expect(overlay.hostSelector == "drawTail:")
        #expect(overlay.frame == tile.bounds)
    }

    @Test("background, a 2 pt border inside the bounds, and the tail over the border")
    func pixels() throws {
        let (_, image) = try renderTile()
        let black = RGBA(r: 0, g: 0, b: 0)
        #expect(image.pixel(x: 32, y: 32) == opaqueBlue)  // the middle
        #expect(image.pixel(x: 10, y: 32) == black)  // left border, both pixels of it
        #expect(image.pixel(x: 11, y: 32) == black)
        #expect(image.pixel(x: 12, y: 32) == opaqueBlue)
        #expect(image.pixel(x: 54, y: 32) == black)  // right border
        #expect(image.pixel(x: 32, y: 10) == black)  // top border
        #expect(image.pixel(x: 10, y: 10) == opaqueBlue)  // outside the rounded corner: the background
        #expect(image.pixel(x: 32, y: 50) == opaqueRed)  // the tail
        #expect(image.pixel(x: 32, y: 53) == opaqueRed)  // the tail covers the bottom border
        #expect(image.pixel(x: 5, y: 5) == noPaint)  // outside the tile
        #expect(image.pixel(x: 55, y: 32) == noPaint)
    }

    @Test("borderColor, tailColor and cornerRadius are properties")
    func properties() throws {
        let green = easel_color(red: 0, green: 1, blue: 0, alpha: 1)
        let (tile, image) = try renderTile { tile in
            try tile.setValue(green, forProperty: "borderColor")
            try tile.setValue(easel_color(red: 1, green: 1, blue: 1, alpha: 1), forProperty: "tailColor")
            try tile.setValue(0.0, forProperty: "cornerRadius")
        }
        #expect(try tile.value(ofProperty: "cornerRadius", as: Double.self) == 0)
        #expect(image.pixel(x: 10, y: 32) == RGBA(r: 0, g: 255, b: 0))
        #expect(image.pixel(x: 10, y: 10) == RGBA(r: 0, g: 255, b: 0))  // a square corner
        #expect(image.pixel(x: 32, y: 50) == RGBA(r: 255, g: 255, b: 255))
    }
}
