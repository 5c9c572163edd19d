import EaselGraphicsCore
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

@Suite("easel render and gallery: PNG, JPEG and WebP by extension, --compression and --quality")
struct OutputFormatTests {
    @Test("the demo renders to exactly the pixels of Examples/demo.png, at the default and fast compressions")
    func demoPixels() throws {
        let root = Fixtures.packageRoot
        let expected = try RasterImage(contentsOfPNG: root.appendingPathComponent("Examples/demo.png").path)
        let folder = try Fixtures.makeTemporaryDirectory("demo-output")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("demo.png").path
        for compression in [nil, "fast"] {
            let result = try easel(["render", root.appendingPathComponent("Examples/demo.json").path, "-o", output]
                                   + (compression.map { ["--compression", $0] } ?? []),
                                   environment: ["EASEL_PLUGIN_PATH": ""])
            #expect(result.status == 0, "\(result.stderr)")
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: output)))
            #expect(try decodePNGWithSpng(bytes) == expected, "--compression \(compression ?? "(none)")")
        }
    }

    @Test("-o .webp and .jpg write WebP and JPEG; WebP at --quality 100 keeps every pixel")
    func webpAndJPEG() throws {
        let file = try writeScene(RenderCommandTests.scene)
        let folder = file.deletingLastPathComponent()
        let png = folder.appendingPathComponent("out.png").path
        #expect(try easel(["render", file.path, "-o", png]).status == 0)
        let expected = try RasterImage(contentsOfPNG: png)

        let webp = folder.appendingPathComponent("out.webp").path
        let lossless = try easel(["render", file.path, "-o", webp, "--quality", "100"])
        #expect(lossless.status == 0, "\(lossless.stderr)")
        #expect(try decodeWebP(Array(Data(contentsOf: URL(fileURLWithPath: webp)))) == expected)

        let jpeg = folder.appendingPathComponent("out.JPEG").path
        let result = try easel(["render", file.path, "-o", jpeg, "--quality", "92"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try decodeJPEG(Array(Data(contentsOf: URL(fileURLWithPath: jpeg))))
        #expect(image.width == 200 && image.height == 100)
        #expect(image.pixel(x: 30, y: 30).isClose(to: RGBA(r: 255, g: 0, b: 0), tolerance: 6))
        #expect(image.pixel(x: 150, y: 50).isClose(to: RGBA(r: 127, g: 127, b: 255), tolerance: 6))

        let gallery = folder.appendingPathComponent("gallery.webp").path
        let sheet = try easel(["gallery", "-o", gallery, "--cell", "100x80", "--columns", "2", "--scale", "1", "--quality", "100"])
        #expect(sheet.status == 0, "\(sheet.stderr)")
        let galleryImage = try decodeWebP(Array(Data(contentsOf: URL(fileURLWithPath: gallery))))
        #expect(galleryImage.width == 12 + 2 * 112)
        #expect(galleryImage.pixel(x: 13, y: 13) == RGBA(r: 255, g: 255, b: 255))
    }

    @Test("an unknown extension, a bad --quality or --compression, or one that does not fit the format, is refused")
    func errors() throws {
        let file = try writeScene(RenderCommandTests.scene)
        let folder = file.deletingLastPathComponent()
        // (.gif is an animation format: without --duration it renders the scene's timeline.)
        let gif = folder.appendingPathComponent("out.bmp").path
        let unknown = try easel(["render", file.path, "-o", gif])
        #expect(unknown.status == 2)   // refused before any plugin loads
        #expect(unknown.stderr == "error: cannot write '\(gif)': unsupported file extension; use .png, .jpg, .jpeg, .webp, .svg or .pdf\n")
        #expect(!FileManager.default.fileExists(atPath: gif))

        func usageError(_ arguments: [String]) throws -> String {
            let result = try easel(arguments)
            #expect(result.status == 2, "\(arguments)")
            return result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        }
        let jpg = folder.appendingPathComponent("out.jpg").path, png = folder.appendingPathComponent("out.png").path
        #expect(try usageError(["render", file.path, "-o", jpg, "--quality", "0"]) == "Error: --quality must be between 1 and 100; got 0")
        #expect(try usageError(["render", file.path, "-o", jpg, "--quality", "101"]) == "Error: --quality must be between 1 and 100; got 101")
        #expect(try usageError(["render", file.path, "-o", jpg, "--quality", "-5"]) == "Error: --quality must be between 1 and 100; got -5")
        #expect(try usageError(["render", file.path, "-o", png, "--quality", "80"])
                == "Error: --quality applies to .jpg, .jpeg and .webp output, not '\(png)'")
        #expect(try usageError(["render", file.path, "-o", jpg, "--compression", "best"])
                == "Error: --compression applies to PNG output, not '\(jpg)'")
        #expect(try usageError(["render", file.path, "-o", png, "--compression", "slow"])
                == "Error: The value 'slow' is invalid for '--compression <compression>'. Please provide one of 'fast', 'default' or 'best'.")
        #expect(try usageError(["gallery", "-o", folder.appendingPathComponent("g.svg").path])
                == "Error: --output must be a .png, .jpg, .jpeg or .webp file or -; got '\(folder.appendingPathComponent("g.svg").path)'")
        #expect(try usageError(["gallery", "-o", "-", "--quality", "50"]) == "Error: --quality applies to .jpg, .jpeg and .webp output, not '-'")
        for name in ["out.jpg", "out.png"] {
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
        }
    }
}
