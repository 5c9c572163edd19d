import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

// Font files registered from a folder (TextEngine.registerFonts(inFolder:)).
// The font: DejaVu Sans Mono (fonts-dejavu-core) with its family renamed in
// its name table to one no system has, so that the family is new to this
// process; monospaced, so that "iiii" and "mmmm" are equally wide in it and
// not in the proportional font that stands in for a missing family.

@Suite("Font files registered from a folder")
struct FontFileTests {
    @Test("a folder's font becomes available by its family on every thread; a corrupt file is named, other files ignored")
    func registersAFolder() async throws {
        let mono = try #require(FileManager.default.contents(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"),
                                "fonts-dejavu-core is not installed")
        let family = "Easeltest Mono X"  // as long as "DejaVu Sans Mono"
        let folder = try Fixtures.makeTemporaryDirectory("fonts")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(fontRenamingFamily(Array(mono), "DejaVu Sans Mono", family)).write(to: folder.appendingPathComponent("EaselTest.TTF"))
        try Data("not a font".utf8).write(to: folder.appendingPathComponent("broken.otf"))
        try Data("a note".utf8).write(to: folder.appendingPathComponent("README.txt"))

        func widths() -> (narrow: Double, wide: Double) {
            (measure("iiii", font: "\(family) 20").width, measure("mmmm", font: "\(family) 20").width)
        }
        let before = widths()
        #expect(before.narrow < before.wide * 0.8, "the family is already installed: \(before)")

        let result = TextEngine.registerFonts(inFolder: folder.path)
        #expect(result.registered == [folder.path + "/EaselTest.TTF"])
        #expect(result.errors.map(\.description) == ["cannot register font \(folder.path)/broken.otf: not a font file FreeType can read"])

        let after = widths()
        #expect(abs(after.narrow - after.wide) < 0.01, "\(after)")
        #expect(after.wide > 40)
        // Another thread's font map sees it too, drawing as well as measuring.
        let elsewhere = await Task.detached { widths() }.value
        #expect(abs(elsewhere.narrow - elsewhere.wide) < 0.01)
        let image = try drawText(width: 120, height: 40) { api, _, ctx in
            withFont("\(family) 20") { api.set_font!(ctx, $0) }
            api.draw_text_at!(ctx, "iiii", -1, 5, 30, nil, 0)
        }
        let ink = try #require(inkBounds(image))
        #expect(Double(ink.maxX - ink.minX) > after.narrow * 0.7, "\(ink)")
    }

    @Test("a folder that cannot be read is one error naming it; a folder without fonts registers nothing")
    func badFolders() throws {
        let missing = "/nonexistent-easel-fonts-\(UUID().uuidString)"
        let result = TextEngine.registerFonts(inFolder: missing)
        #expect(result.registered.isEmpty)
        #expect(result.errors.map(\.description) == ["cannot register font \(missing): No such file or directory"])
        let empty = try Fixtures.makeTemporaryDirectory("no-fonts")
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = TextEngine.registerFonts(inFolder: empty.path)
        #expect(none.registered.isEmpty && none.errors.isEmpty)
    }
}
