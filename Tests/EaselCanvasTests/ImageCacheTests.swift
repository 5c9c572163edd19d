import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselCanvasOutput
import EaselTestSupport
import Foundation
import Testing

@Suite("ImageCache: decoded images kept by file identity under a budget, least recently used out first")
struct ImageCacheTests {
    /// A folder with square PNGs of `pixels` a side (64 decoded bytes for 4 x 4), one per name.
    static func files(_ names: [String], pixels: Int = 4) throws -> [String] {
        let folder = try Fixtures.makeTemporaryDirectory("image-cache")
        let canvas = try Canvas(width: Double(pixels), height: Double(pixels), background: redColor, backing: .raster(scale: 1))
        let png = try canvas.pngData()
        return try names.map { name in
            let url = folder.appendingPathComponent(name)
            try Data(png).write(to: url)
            return url.path
        }
    }

    @Test("the same file loaded twice is decoded once and is the same image; a rewritten file is decoded again")
    func decodesOnce() throws {
        let cache = ImageCache()
        let path = try Self.files(["dot.png"])[0]
        let first = try cache.image(contentsOf: path)
        let second = try cache.image(contentsOf: path)
        #expect(first === second)
        #expect(cache.statistics == ImageCache.Statistics(count: 1, bytes: 64, decodes: 1, hits: 1))
        // A new modification time is a new identity: decoded again, replacing the entry.
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let third = try cache.image(contentsOf: path)
        #expect(third !== first)
        #expect(cache.statistics.decodes == 2 && cache.statistics.count == 2 && cache.statistics.bytes == 128)
        // The same bytes under an @2x name are another image (scale 2).
        let alias = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("dot@2x.png").path
        #expect(link(path, alias) == 0)
        #expect(try cache.image(contentsOf: alias).scale == 2)
        #expect(cache.statistics.decodes == 3)
    }

    @Test("over the budget the least recently used image goes; one larger than the budget is never kept")
    func budget() throws {
        let cache = ImageCache(budget: 150)   // two 4 x 4 images (64 bytes each) fit, three do not
        let paths = try Self.files(["a.png", "b.png", "c.png"])
        let a = try cache.image(contentsOf: paths[0])
        _ = try cache.image(contentsOf: paths[1])
        _ = try cache.image(contentsOf: paths[0])          // a is now the most recently used
        _ = try cache.image(contentsOf: paths[2])          // evicts b
        #expect(cache.statistics == ImageCache.Statistics(count: 2, bytes: 128, decodes: 3, hits: 1))
        #expect(try cache.image(contentsOf: paths[0]) === a)
        #expect(cache.statistics.decodes == 3)
        _ = try cache.image(contentsOf: paths[1])          // b again: decoded
        #expect(cache.statistics.decodes == 4)
        // A smaller budget drops at once; an image over the whole budget is returned, not kept.
        cache.budget = 64
        #expect(cache.statistics.count == 1 && cache.statistics.bytes == 64)
        let big = try Self.files(["big.png"], pixels: 8)[0]
        #expect(try cache.image(contentsOf: big).pixelWidth == 8)
        _ = try cache.image(contentsOf: big)
        #expect(cache.statistics.decodes == 6 && cache.statistics.count == 1)
    }

    @Test("a file that is not regular is refused by name without being opened for reading; errors are not cached")
    func refusals() throws {
        let cache = ImageCache()
        let folder = try Fixtures.makeTemporaryDirectory("image-cache-fifo")
        let fifo = folder.appendingPathComponent("pipe.png").path
        #expect(mkfifo(fifo, 0o644) == 0)
        for path in [fifo, folder.path] {
            let error = #expect(throws: CanvasError.self) { try cache.image(contentsOf: path) }
            #expect(error?.message == "cannot read \(path): not a regular file")
        }
        #expect(cache.statistics == ImageCache.Statistics(count: 0, bytes: 0, decodes: 0, hits: 0))
    }
}
