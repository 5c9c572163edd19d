import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

@Suite("EaselPluginKit's Image: a Swift plugin loads, measures and draws image files through easel.image.v1")
struct KitImageTests {
    @Test("a @2x PNG is drawn into the view and its left half into a quarter; a corrupt file is logged by name")
    func kitImage() throws {
        let folder = try Fixtures.makeTemporaryDirectory("kit-image")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try KitFixtures.buildSwiftPlugin("kit_image", moduleName: "KitImage", into: plugins)

        // 64x32 pixels, 32x16 points at @2x: red left half, blue right half.
        let source = try Canvas(width: 64, height: 32, background: blueColor, backing: .raster(scale: 1))
        source.fill(easel_rect(origin: easel_point(x: 0, y: 0), size: easel_size(width: 32, height: 32)), color: redColor)
        let good = folder.appendingPathComponent("card@2x.png")
        let png = try source.pngData()
        try Data(png).write(to: good)
        let broken = folder.appendingPathComponent("broken.png")
        try Data(png.prefix(png.count / 2)).write(to: broken)

        func scene(_ path: String) -> String {
            """
            { "canvas": { "size": [64, 32], "background": "#ffffff" },
              "root": { "subviews": [ { "class": "KitImage", "frame": [0, 0, 64, 32], "opaque": false, "properties": { "path": "\(path)" } } ] } }
            """
        }
        let sceneFile = folder.appendingPathComponent("scene.json"), output = folder.appendingPathComponent("out.png")
        try scene(good.path).write(to: sceneFile, atomically: true, encoding: .utf8)
        let result = try easel(["render", sceneFile.path, "--plugins", plugins.path, "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "note: [KitImage] KitImage: scale 2.0, size 32.0x16.0\n")
        let image = try RasterImage(contentsOfPNG: output.path)
        let red = RGBA(r: 255, g: 0, b: 0), blue = RGBA(r: 0, g: 0, b: 255)
        // The whole image stretched over 64x32 points: red left, blue right.
        #expect(image.pixel(x: 2, y: 20) == red && image.pixel(x: 60, y: 20) == blue && image.pixel(x: 60, y: 2) == blue)
        // Its left half (red) over the top-left quarter, 32x16: red even where the whole image is blue.
        #expect(image.pixel(x: 30, y: 2) == red && image.pixel(x: 30, y: 14) == red)
        #expect(image.pixel(x: 40, y: 2) == blue)

        try scene(broken.path).write(to: sceneFile, atomically: true, encoding: .utf8)
        let failed = try easel(["render", sceneFile.path, "--plugins", plugins.path, "-o", output.path])
        #expect(failed.status == 0)
        #expect(failed.stderr.hasPrefix("note: [KitImage] KitImage: cannot read \(broken.path): corrupt PNG image: "), "\(failed.stderr)")
        let blank = try RasterImage(contentsOfPNG: output.path)
        #expect(blank.pixel(x: 30, y: 20) == RGBA(r: 255, g: 255, b: 255), "\(blank.pixel(x: 30, y: 20)) \(blank.width)")

        // Image(named:for:) from the plugin's resource folder: card.png (1x, green) and card@2x.png (the red and blue card).
        let resources = plugins.appendingPathComponent("KitImage.resources")
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        try Data(png).write(to: resources.appendingPathComponent("card@2x.png"))
        let plainGreen = try Canvas(width: 32, height: 16, background: greenColor, backing: .raster(scale: 1))
        try Data(plainGreen.pngData()).write(to: resources.appendingPathComponent("card.png"))
        try scene("").replacingOccurrences(of: "\"path\": \"\"", with: "\"name\": \"card\"")
            .write(to: sceneFile, atomically: true, encoding: .utf8)
        // `easel list --json` shows the folder.
        let listed = try easel(["list", "--json", "--plugins", plugins.path])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let entries = try #require(json["plugins"] as? [[String: Any]])
        #expect(entries.first?["resources"] as? [String] == [resources.path])
        let named = try easel(["render", sceneFile.path, "--plugins", plugins.path, "-o", output.path, "--scale", "2"])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stderr == "note: [KitImage] KitImage: scale 2.0, size 32.0x16.0\n")
        let twice = try RasterImage(contentsOfPNG: output.path)
        #expect(twice.width == 128 && twice.pixel(x: 4, y: 40) == red && twice.pixel(x: 120, y: 40) == blue)
        let once = try easel(["render", sceneFile.path, "--plugins", plugins.path, "-o", output.path])
        #expect(once.stderr == "note: [KitImage] KitImage: scale 1.0, size 32.0x16.0\n")
        #expect(try RasterImage(contentsOfPNG: output.path).pixel(x: 60, y: 20) == RGBA(r: 0, g: 255, b: 0))
        try scene("").replacingOccurrences(of: "\"path\": \"\"", with: "\"name\": \"nothing\"")
            .write(to: sceneFile, atomically: true, encoding: .utf8)
        let missing = try easel(["render", sceneFile.path, "--plugins", plugins.path, "-o", output.path])
        #expect(missing.stderr == "note: [KitImage] KitImage: image_named: no image named 'nothing' in \(resources.path) "
            + "(tried .png, .jpg, .jpeg, .webp, .gif, .svg with @1x, @2x and @3x variants for scale 1)\n")
    }
}
