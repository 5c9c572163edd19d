// The PhotoCard sample widget (Plugins/PhotoCard, Swift with EaselPluginKit):
// a picture clipped to a rounded rect, a caption of two lines cut with "…",
// a badge with a shadow; rendered and read pixel by pixel.

import EaselABI
import EaselGraphicsCore
import EaselRuntime
import EaselTestSupport
import EaselViews
import Foundation
import Testing

@Suite("The PhotoCard sample widget")
struct PhotoCardWidgetTests {
    static let red = RGBA(r: 220, g: 40, b: 40), green = RGBA(r: 40, g: 180, b: 60)
    static let blue = RGBA(r: 40, g: 80, b: 220), yellow = RGBA(r: 240, g: 210, b: 40)
    /// The default badge colour, #E0483E.
    static let badgeRed = RGBA(r: 0xE0, g: 0x48, b: 0x3E)

    /// A PNG of 80 x 50 pixels (the card's 8:5), one colour per quadrant: red, green / blue, yellow.
    static func quadrantsPNG() throws -> String {
        var pixels: [RGBA] = []
        for y in 0..<50 {
            for x in 0..<80 {
                pixels.append(y < 25 ? (x < 40 ? red : green) : (x < 40 ? blue : yellow))
            }
        }
        let path = try Fixtures.makeTemporaryDirectory("photo-card").appendingPathComponent("quadrants.png").path
        try RasterImage(width: 80, height: 50, pixels: pixels).write(to: path)
        return path
    }

    /// A card 220 wide at (10, 10) of a grey root, as tall as it wants, showing `imagePath`.
    struct Fixture {
        let registry: Registry
        let root: View
        let card: View
        let strings = CStrings()

        /// `imagePath` nil: the generated quadrants; "": none (the card uses `imageName`).
        init(caption: String = "A short caption", badge: String = "", imagePath: String? = nil,
             imageName: String? = nil) throws {
            registry = try sampleRegistry()
            root = try plain(registry, rect(0, 0, 240, 220), color(0.5, 0.5, 0.5))
            card = try registry.makeView(ofClass: "PhotoCard", frame: rect(10, 10, 220, 10))
            try card.setValue(strings.string(caption), forProperty: "caption")
            try card.setValue(strings.string(badge), forProperty: "badge")
            try card.setValue(strings.string(try imagePath ?? PhotoCardWidgetTests.quadrantsPNG()), forProperty: "imagePath")
            if let imageName { try card.setValue(strings.string(imageName), forProperty: "imageName") }
            try root.addSubview(card)
            card.sizeToFit()
        }

        func render() throws -> RasterImage { try fullImage(root, scale: 2) }
    }

    /// The pixel at a point of an image rendered at 2x.
    static func at(_ image: RasterImage, _ x: Double, _ y: Double) -> RGBA {
        image.pixel(x: Int(x * 2), y: Int(y * 2))
    }

    @Test("sizeThatFits: keeps the width and is as tall as the padding, an 8:5 picture, the gap and two lines of 14-point text")
    func fits() throws {
        let f = try Fixture()
        #expect(f.card.frame.size.width == 220)
        let captionHeight = f.card.frame.size.height - 20 - 125 - 8
        // Two lines of DejaVu Sans 14: 2 x 16.3, rounded up with the rest.
        #expect(captionHeight >= 32 && captionHeight <= 34, "\(captionHeight)")
        #expect(f.card.sizeThatFits(easel_size(width: 300, height: 0)).width == 300)
    }

    @Test("the picture fills its rect (each quadrant where it belongs) inside rounded corners")
    func picture() throws {
        let f = try Fixture()
        let image = try f.render()
        func at(_ x: Double, _ y: Double) -> RGBA { Self.at(image, x, y) }
        // The picture: 200 x 125 at (20, 20); the image's 8:5 fills it exactly.
        #expect(at(70, 50).isClose(to: Self.red, tolerance: 2))
        #expect(at(170, 50).isClose(to: Self.green, tolerance: 2))
        #expect(at(70, 115).isClose(to: Self.blue, tolerance: 2))
        #expect(at(170, 115).isClose(to: Self.yellow, tolerance: 2))
        // Its corners are cut round (radius 10): the card's white shows in each corner of the rect,
        // the picture a little further in along the edge.
        let white = RGBA(r: 255, g: 255, b: 255)
        #expect(at(20.5, 20.5) == white)
        #expect(at(219, 20.5) == white)
        #expect(at(20.5, 144.5) == white)
        #expect(at(219, 144.5) == white)
        #expect(at(20.5, 40).isClose(to: Self.red, tolerance: 2))
        #expect(at(40, 20.5).isClose(to: Self.red, tolerance: 2))
        // The card's own corners (radius 14) show the grey root.
        #expect(at(10.25, 10.25) == RGBA(r: 128, g: 128, b: 128))
        #expect(f.registry.takeDiagnostics() == [])
    }

    @Test("a long caption takes two lines, the second ending in \"…\", inside the card")
    func truncatedCaption() throws {
        let long = "Evening light over the lake, the hills fading into the haze while the sun goes down behind them and the water turns gold"
        let image = try Fixture(caption: long).render()
        // Ink (dark pixels) under the picture, by pixel rows and columns at 2x, within the card
        // (10...230) and below it: the grey root around the card is no ink.
        let top = 2 * 153, bottom = image.height, cardColumns = 2 * 11..<2 * 229
        func isInk(_ x: Int, _ y: Int) -> Bool { image.pixel(x: x, y: y).r < 100 }
        let inkRows = (top..<bottom).filter { y in cardColumns.contains { isInk($0, y) } }
        // The rows form two bands (lines), both inside the card.
        var bands: [[Int]] = []
        for y in inkRows {
            if let last = bands.last?.last, y == last + 1 { bands[bands.count - 1].append(y) } else { bands.append([y]) }
        }
        #expect(bands.count == 2, "ink bands \(bands.map { ($0.first!, $0.last!) })")
        #expect((inkRows.last ?? 0) < 2 * (10 + 186))
        let second = try #require(bands.last)
        let columns = cardColumns.filter { x in second.contains { isInk(x, $0) } }
        let right = try #require(columns.last)
        #expect(right <= 2 * 220)
        // The line ends in the ellipsis: the last 3 points of ink are a dot at the baseline, at most 3 points tall.
        let tail = second.filter { y in (right - 5...right).contains { isInk($0, y) } }
        #expect(!tail.isEmpty && tail.count <= 6, "the last ink is \(tail.count) pixels tall")
        // A short caption: one line.
        let short = try Fixture(caption: "Lake").render()
        let shortRows = (top..<short.height).filter { y in cardColumns.contains { short.pixel(x: $0, y: y).r < 100 } }
        #expect(!shortRows.isEmpty && shortRows.last! - shortRows.first! < 2 * 16)
    }

    @Test("the badge is a pill of badgeColor over the picture's corner, casting a shadow that falls down")
    func badge() throws {
        let with = try Fixture(badge: "NEW").render()
        let without = try Fixture(badge: "").render()
        // The pill starts 8 points into the picture: (28, 28). Its rows: those with badgeColor in x 28...90.
        let pillRows = (0..<2 * 80).filter { y in (2 * 28..<2 * 90).contains { with.pixel(x: $0, y: y).isClose(to: Self.badgeRed, tolerance: 4) } }
        let pillTop = try #require(pillRows.first), pillBottom = try #require(pillRows.last)
        #expect(abs(pillTop - 2 * 28) <= 8, "pill top \(pillTop)")
        #expect(pillBottom - pillTop >= 2 * 15, "pill \(pillTop)...\(pillBottom)")
        // Just under the pill the picture is darker with the badge than without; well under it, the same.
        let x = 2 * 40
        let shaded = with.pixel(x: x, y: pillBottom + 3), plain = without.pixel(x: x, y: pillBottom + 3)
        #expect(plain.isClose(to: Self.red, tolerance: 2))
        #expect(Int(shaded.r) < Int(plain.r) - 20, "under the badge: \(shaded), without: \(plain)")
        #expect(with.pixel(x: x, y: pillBottom + 2 * 9).isClose(to: plain, tolerance: 3))
        // Without the badge nothing of it is drawn.
        #expect(without.pixel(x: 2 * 40, y: pillTop + 4).isClose(to: Self.red, tolerance: 2))
    }

    @Test("a picture that cannot be read is reported with the file's name and a grey placeholder takes its place")
    func missingPicture() throws {
        let f = try Fixture(imagePath: "/nonexistent/photo.png")
        let image = try f.render()
        #expect(Self.at(image, 120, 80) == RGBA(r: 217, g: 217, b: 217))
        let messages = f.registry.takeDiagnostics().map(\.message)
        #expect(!messages.isEmpty && messages.allSatisfy { $0.contains("/nonexistent/photo.png") }, "\(messages)")
    }

    @Test("by default the picture is photo@2x.png from the plugin's resource folder (Easel_PhotoCard.resources), found by image_named")
    func resourcePicture() throws {
        let f = try Fixture(imagePath: "")
        let image = try f.render()
        let folder = try Fixtures.samplePluginsDirectory().appendingPathComponent("Easel_PhotoCard.resources")
        let photo = try RasterImage(contentsOfPNG: folder.appendingPathComponent("photo@2x.png").path)
        #expect(photo.width == 480 && photo.height == 300)
        // The picture's rect is 200 x 125 at (20, 20), the photo's 8:5: at 2x, 400 x 250 pixels for its 480 x 300.
        for (u, v) in [(0.5, 0.5), (0.25, 0.3), (0.66, 0.56), (0.8, 0.9)] {
            let drawn = Self.at(image, 20 + 200 * u, 20 + 125 * v)
            let source = photo.pixel(x: Int(480 * u), y: Int(300 * v))
            #expect(drawn.isClose(to: source, tolerance: 8), "at \(u), \(v): drawn \(drawn), photo \(source)")
        }
        #expect(f.registry.takeDiagnostics() == [])
    }

    @Test("an imageName the resource folder lacks is reported with the name, and the placeholder is drawn")
    func missingName() throws {
        let f = try Fixture(imagePath: "", imageName: "no-such-photo")
        let image = try f.render()
        #expect(Self.at(image, 120, 80) == RGBA(r: 217, g: 217, b: 217))
        let messages = f.registry.takeDiagnostics().map(\.message)
        #expect(!messages.isEmpty && messages.allSatisfy { $0.contains("no-such-photo") }, "\(messages)")
    }
}
