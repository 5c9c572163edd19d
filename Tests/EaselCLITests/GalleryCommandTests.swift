import EaselGraphicsCore
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

/// `gallery_preview.so` (PreparedView, MisdeclaredView) alone, and with `crash_draw.so`, each folder built once.
private let previewFolders: Result<(preview: URL, crash: URL), FixtureError> = {
    do {
        let preview = try Fixtures.makeTemporaryDirectory("gallery-preview")
        _ = try Fixtures.buildFixture("gallery_preview", into: preview)
        let crash = try Fixtures.makeTemporaryDirectory("gallery-crash")
        _ = try Fixtures.buildFixture("gallery_preview", into: crash)
        _ = try Fixtures.buildFixture("crash_draw", into: crash)
        return .success((preview, crash))
    } catch let error as FixtureError {
        return .failure(error)
    } catch {
        return .failure(FixtureError("cannot build the gallery plugins: \(error)"))
    }
}()

/// A tile of `easel gallery --json`, as read back.
struct GalleryIndexTile: Decodable, Equatable {
    struct Cell: Decodable, Equatable { var x, y, width, height: Double }
    var `class`: String
    var plugin: String
    var file: String
    var cell: Cell
    var status: String
    var reason: String?
    var version: String? = nil
    var summary: String? = nil
}

@Suite("easel gallery: previews, red failure tiles, the --json index")
struct GalleryCommandTests {
    /// Runs `easel gallery` at scale 1 into a new folder; returns the result, the sheet and the index.
    func gallery(_ arguments: [String], label: String) throws -> (ProcessResult, RasterImage?, [GalleryIndexTile]) {
        let folder = try Fixtures.makeTemporaryDirectory(label)
        let sheet = folder.appendingPathComponent("sheet.png"), index = folder.appendingPathComponent("index.json")
        let result = try easel(["gallery", "-o", sheet.path, "--json", index.path, "--scale", "1"] + arguments)
        let image = try? RasterImage(contentsOfPNG: sheet.path)
        let tiles = (try? JSONDecoder().decode([GalleryIndexTile].self, from: Data(contentsOf: index))) ?? []
        return (result, image, tiles)
    }

    /// The pixels inside a tile's cell (2 points in from its edges).
    func pixels(of tile: GalleryIndexTile, in image: RasterImage) -> [RGBA] {
        let c = tile.cell
        return (Int(c.y) + 2..<Int(c.y + c.height) - 2).flatMap { y in
            (Int(c.x) + 2..<Int(c.x + c.width) - 2).map { image.pixel(x: $0, y: y) }
        }
    }

    @Test("every sample class's tile has ink that is not the opaque black of an unprepared view, and its index entry")
    func samplePluginTilesHaveInk() throws {
        let (result, image, tiles) = try gallery(["--cell", "200x140", "--columns", "4"], label: "gallery-samples")
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        let sheet = try #require(image)
        #expect(tiles.map(\.class) == ["BubbleView", "CalendarPicker", "Chart", "GraphView", "ListView", "ListRow", "Label",
                                       "MiniPicker", "PhotoCard", "Swatch", "Tally", "Tile"])
        #expect(tiles.allSatisfy { $0.status == "drawn" && $0.reason == nil && $0.file.hasSuffix(".so") })
        // Cells are 200 x 140, 12 apart, with 30 for the label under each: the 9th is at (12, 12 + 2 * 182).
        #expect(tiles[8].cell == .init(x: 12, y: 376, width: 200, height: 140))
        for tile in tiles {
            let cell = pixels(of: tile, in: sheet)
            let ink = cell.filter { !near($0, 255, 255, 255, tolerance: 8) }.count
            let black = cell.filter { near($0, 0, 0, 0, tolerance: 20) }.count
            #expect(ink >= 100, "\(tile.class): \(ink) pixels of ink")
            #expect(black < cell.count / 4, "\(tile.class): \(black) of \(cell.count) pixels black")
        }
        // Label shows dark text; GraphView its sample curve in its line colour (#1F6FD1); MiniPicker a value.
        let label = try #require(tiles.first { $0.class == "Label" })
        #expect(pixels(of: label, in: sheet).filter { $0.r < 80 && $0.g < 80 && $0.b < 80 }.count >= 50)
        let graph = try #require(tiles.first { $0.class == "GraphView" })
        #expect(pixels(of: graph, in: sheet).filter { $0.isClose(to: RGBA(r: 0x1F, g: 0x6F, b: 0xD1), tolerance: 12) }.count >= 100)
        let picker = try #require(tiles.first { $0.class == "MiniPicker" })
        #expect(pixels(of: picker, in: sheet).filter { $0.r < 80 && $0.g < 80 && $0.b < 80 }.count >= 50)
    }

    @Test("the index and the labels carry each plugin's version and each class's summary from the sample plugins' metadata")
    func metadataInLabelsAndIndex() throws {
        let (result, image, tiles) = try gallery(["--cell", "300x60", "--columns", "1"], label: "gallery-metadata")
        #expect(result.status == 0, "\(result.stderr)")
        let swatch = try #require(tiles.first { $0.class == "Swatch" })
        #expect(swatch.version == "1.0.0")
        #expect(swatch.summary == "A rectangle, pill or circle of one colour")
        let bubble = try #require(tiles.first { $0.class == "BubbleView" })
        #expect(bubble.summary == "A speech bubble that wraps its first subview")
        // Every sample plugin but the pickers (MiniPicker's Label and MiniPicker, CalendarPicker) declares a version.
        #expect(Set(tiles.filter { $0.version == nil }.map(\.class)).isSubset(of: ["Label", "MiniPicker", "CalendarPicker"]), "\(tiles)")
        // The label's second line ("plugin Shapes 1.0.0 · A rectangle, …") reaches far to the right of "plugin Shapes":
        // grey ink (the caption's colour) past x = 200 in the caption's band, 16 to 30 points under the cell.
        let sheet = try #require(image)
        let band = (Int(swatch.cell.y + swatch.cell.height) + 18)..<(Int(swatch.cell.y + swatch.cell.height) + 30)
        let inked = band.contains { y in (Int(swatch.cell.x) + 200..<Int(swatch.cell.x) + 296).contains { sheet.pixel(x: $0, y: y).r < 200 } }
        #expect(inked)
        let tally = try #require(tiles.first { $0.class == "Tally" })
        #expect(tally.summary == "Counts its drawRect: calls (for benchmarks and tests); draws nothing")
    }

    @Test("prepareForInterfaceBuilder is sent once to each instance; a misdeclared one makes a red tile with its reason")
    func prepareOnceAndMisdeclaredRedTile() throws {
        let folder = try previewFolders.get().preview
        let (result, image, tiles) = try gallery(["--plugins", folder.path, "--cell", "100x80"], label: "gallery-prepare")
        let reason = #"-[MisdeclaredView prepareForInterfaceBuilder] is declared "i@:", but views are sent prepareForInterfaceBuilder as "v@:": it will not be called"#
        #expect(result.status == 1)
        #expect(result.stderr == "error: gallery: MisdeclaredView: \(reason)\n")
        let sheet = try #require(image)
        let file = folder.appendingPathComponent("gallery_preview.so").path
        let expected: [GalleryIndexTile] = [
            GalleryIndexTile(class: "PreparedView", plugin: "gallery_preview", file: file,
                             cell: GalleryIndexTile.Cell(x: 12, y: 12, width: 100, height: 80), status: "drawn"),
            GalleryIndexTile(class: "MisdeclaredView", plugin: "gallery_preview", file: file,
                             cell: GalleryIndexTile.Cell(x: 124, y: 12, width: 100, height: 80), status: "failed", reason: reason),
        ]
        #expect(tiles == expected)
        // PreparedView is 40 x 30 in the middle of its cell, green when it was prepared exactly once (red: more, blue: never).
        expectPixel(sheet, 62, 52, RGBA(r: 0, g: 204, b: 0))
        // The red tile, its white reason text inside, and its label under it.
        expectPixel(sheet, 126, 90, RGBA(r: 219, g: 41, b: 41))
        let failed = pixels(of: tiles[1], in: sheet)
        #expect(failed.filter { near($0, 219, 41, 41, tolerance: 3) }.count > failed.count / 2)
        #expect(failed.filter { $0.r > 240 && $0.g > 200 && $0.b > 200 }.count >= 50)
        #expect((126..<220).contains { x in (94..<106).contains { sheet.pixel(x: x, y: $0).r < 100 } })
    }

    @Test("easel list warns about a prepareForInterfaceBuilder with another signature than v@:")
    func listWarnsAboutMisdeclaredPrepare() throws {
        let folder = try previewFolders.get().preview
        let result = try easel(["list", "--plugins", folder.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("""
                -[MisdeclaredView prepareForInterfaceBuilder] -> int32_t  i@:
                warning: -[MisdeclaredView prepareForInterfaceBuilder] is declared "i@:", but views are sent prepareForInterfaceBuilder as "v@:": it will not be called

            """))
        #expect(!result.stdout.contains("warning: -[PreparedView"))
    }

    @Test("gallery --timeout: a class whose drawRect: crashes is a red tile with the crash, the others are drawn")
    func crashIsRedTile() throws {
        let folder = try previewFolders.get().crash
        let (result, image, tiles) = try gallery(["--plugins", folder.path, "--cell", "100x80", "--timeout", "10"],
                                                 label: "gallery-crash")
        let crash = "-[CrashingView drawRect:] crashed with SIGSEGV (segmentation fault) (plugin crash_draw, \(folder.appendingPathComponent("crash_draw.so").path))"
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: gallery: the cell of CrashingView: \(crash)\n"), "\(result.stderr)")
        let sheet = try #require(image)
        #expect(tiles.map(\.class) == ["CrashingView", "PreparedView", "MisdeclaredView"])
        #expect(tiles.map(\.status) == ["failed", "drawn", "failed"])
        #expect(tiles.first?.reason == crash)
        #expect(tiles.first?.file == folder.appendingPathComponent("crash_draw.so").path)
        let red = pixels(of: tiles[0], in: sheet)
        #expect(red.filter { near($0, 219, 41, 41, tolerance: 3) }.count > red.count / 2)
        expectPixel(sheet, 174, 52, RGBA(r: 0, g: 204, b: 0))
    }

    @Test("--json - writes the index to standard output; with -o - it is a usage error")
    func indexOnStandardOutput() throws {
        let folder = try previewFolders.get().preview
        let sheet = try Fixtures.makeTemporaryDirectory("gallery-stdout").appendingPathComponent("sheet.png")
        let result = try easel(["gallery", "-o", sheet.path, "--index", "-", "--plugins", folder.path, "--scale", "1"])
        #expect(result.status == 1)
        let tiles = try JSONDecoder().decode([GalleryIndexTile].self, from: Data(result.stdout.utf8))
        #expect(tiles.map(\.class) == ["PreparedView", "MisdeclaredView"])
        let both = try easel(["gallery", "-o", "-", "--json", "-", "--plugins", folder.path])
        #expect(both.status == 2)
        #expect(both.stderr.contains("--json - and --output - cannot both write to standard output"))
    }
}
