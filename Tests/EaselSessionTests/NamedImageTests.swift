import EaselABI
import EaselCanvas
import EaselCanvasOutput
import EaselDiscovery
import EaselGraphicsCore
import EaselRuntime
import EaselSession
import EaselTestSupport
import EaselViews
import Foundation
import Testing

/// A plugin folder for the image_named tests: libNamedImages.so (Tests/Fixtures/named_images.c)
/// with a resource folder holding `dot.png` (red, 4 x 4 pixels) and `dot@2x.png` (blue, 8 x 8).
struct NamedImageFolder {
    let folder: URL
    let plugin: URL
    let resources: URL

    init(resourceFolder: String = "NamedImages.resources") throws {
        folder = try Fixtures.makeTemporaryDirectory("named-images")
        plugin = try Fixtures.buildFixture("named_images", into: folder, soName: "libNamedImages")
        resources = folder.appendingPathComponent(resourceFolder)
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        try Self.square(redColor, pixels: 4, to: resources.appendingPathComponent("dot.png"))
        try Self.square(blueColor, pixels: 8, to: resources.appendingPathComponent("dot@2x.png"))
    }

    /// Writes a PNG of one colour, `pixels` a side.
    static func square(_ color: easel_color, pixels: Int, to url: URL) throws {
        let canvas = try Canvas(width: Double(pixels), height: Double(pixels), background: color, backing: .raster(scale: 1))
        try Data(canvas.pngData()).write(to: url)
    }

    /// A registry with the fixture loaded.
    func registry(trust: PluginTrust = PluginTrust()) throws -> Registry {
        let registry = Registry()
        registry.loadPlugins(from: [folder.path], trust: trust)
        try #require(registry.failures.isEmpty, "\(registry.failures)")
        return registry
    }

    /// Writes a 20 x 20 scene with one NamedImageView filling it, and renders it at `scale`.
    func render(_ name: String, scale: Double, imageFolders: [String] = [], registry: Registry? = nil) throws
        -> (image: RasterImage, diagnostics: [String]) {
        let folders = imageFolders.map { "\"\($0)\"" }.joined(separator: ", ")
        let scene = folder.appendingPathComponent("scene-\(UUID().uuidString).json")
        try Data("""
            { "canvas": { "size": [20, 20] }, "imageFolders": [\(folders)],
              "root": { "class": "Window", "subviews": [
                { "class": "NamedImageView", "frame": [0, 0, 20, 20], "properties": { "imageName": "\(name)" } } ] } }
            """.utf8).write(to: scene)
        let renderer = SceneRenderer(registry: try registry ?? self.registry())
        let outcome = try renderer.render(scene: scene.path, options: RenderOptions(scale: scale))
        let canvas = try #require(outcome.canvas)
        return (try canvas.rasterImage(), outcome.diagnostics)
    }

    /// Calls image_named on the host's table with a new NamedImageView as the owner.
    func imageNamed(_ name: String, registry: Registry) throws -> (status: Int32, image: OpaquePointer?, message: String) {
        let raw = try #require(HostAPI.table.pointee.get_extension?(EASEL_IMAGE_EXTENSION_V1))
        let api = raw.assumingMemoryBound(to: easel_image_api_v1.self).pointee
        let owner = try registry.makeObject(ofClass: "NamedImageView")
        var image: OpaquePointer?
        var message = [CChar](repeating: 65, count: 2048)
        let named = try #require(api.image_named)
        let status = named(owner.handle, name, &image, &message, UInt32(message.count))
        return (status, image, String(cString: message))
    }

    func release(_ image: OpaquePointer?) throws {
        let raw = try #require(HostAPI.table.pointee.get_extension?(EASEL_IMAGE_EXTENSION_V1))
        raw.assumingMemoryBound(to: easel_image_api_v1.self).pointee.release_image?(image)
    }
}

@Suite("image_named: a plugin's resource folder, @2x variants by the render's scale, the scene's image folders")
struct NamedImageTests {
    @Test("the render's scale picks the variant: dot.png (red) at scale 1, dot@2x.png (blue) at scale 2")
    func variantsByScale() throws {
        let fixture = try NamedImageFolder()
        let one = try fixture.render("dot", scale: 1)
        #expect(one.diagnostics.isEmpty, "\(one.diagnostics)")
        #expect(one.image.width == 20 && one.image.pixel(x: 10, y: 10) == red && one.image.pixel(x: 0, y: 19) == red)
        let two = try fixture.render("dot", scale: 2)
        #expect(two.diagnostics.isEmpty, "\(two.diagnostics)")
        #expect(two.image.width == 40 && two.image.pixel(x: 20, y: 20) == blue && two.image.pixel(x: 39, y: 0) == blue)
        // At 3 there is no @3x: the largest, @2x, is taken. A name with its extension still gets
        // the variant (as UIKit's "dot.png"), one with its scale only that file.
        #expect(try fixture.render("dot", scale: 3).image.pixel(x: 30, y: 30) == blue)
        #expect(try fixture.render("dot.png", scale: 2).image.pixel(x: 20, y: 20) == blue)
        #expect(try fixture.render("dot@2x", scale: 1).image.pixel(x: 10, y: 10) == blue)
    }

    @Test("a missing image is an error naming the image and every folder searched, logged by the plugin")
    func missingImage() throws {
        let fixture = try NamedImageFolder()
        let scenes = fixture.folder.appendingPathComponent("art")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        let result = try fixture.render("arrow", scale: 2, imageFolders: ["art"])
        let expected = "image_named: no image named 'arrow' in \(fixture.resources.path), \(scenes.path) "
            + "(tried .png, .jpg, .jpeg, .webp, .gif, .svg with @1x, @2x and @3x variants for scale 2)"
        #expect(result.diagnostics == ["note: [NamedImages] NamedImageView: \(expected)"])
        // The plugin filled its bounds magenta instead.
        #expect(result.image.pixel(x: 20, y: 20) == RGBA(r: 255, g: 0, b: 255))

        let registry = try fixture.registry()
        let direct = try fixture.imageNamed("arrow", registry: registry)
        #expect(direct.status == -1 && direct.image == nil)
        #expect(direct.message == "image_named: no image named 'arrow' in \(fixture.resources.path) "
            + "(tried .png, .jpg, .jpeg, .webp, .gif, .svg with @1x, @2x and @3x variants for scale 1)")
        #expect(try fixture.imageNamed("../dot", registry: registry).message
            == "image_named: invalid image name '../dot': it may not contain '..'")
        #expect(try fixture.imageNamed("/etc/passwd", registry: registry).message
            == "image_named: invalid image name '/etc/passwd': it must be relative to the resource folder")
    }

    @Test("the scene's imageFolders, relative to the scene file, are searched after the plugin's own folder")
    func sceneImageFolders() throws {
        let fixture = try NamedImageFolder()
        let art = fixture.folder.appendingPathComponent("art")
        try FileManager.default.createDirectory(at: art, withIntermediateDirectories: true)
        try NamedImageFolder.square(greenColor, pixels: 4, to: art.appendingPathComponent("leaf.png"))
        try NamedImageFolder.square(greenColor, pixels: 4, to: art.appendingPathComponent("dot.png"))
        let result = try fixture.render("leaf", scale: 1, imageFolders: ["art"])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.image.pixel(x: 10, y: 10) == green)
        // The plugin's own dot.png comes first.
        #expect(try fixture.render("dot", scale: 1, imageFolders: ["art"]).image.pixel(x: 10, y: 10) == red)
    }

    @Test("a SwiftPM resource bundle beside the plugin, <Package>_<Name>.resources, is its resource folder")
    func swiftPMBundle() throws {
        let fixture = try NamedImageFolder(resourceFolder: "Easel_NamedImages.resources")
        #expect(PluginResources.folders(forPluginAt: fixture.plugin.path) == [fixture.resources.path])
        #expect(try fixture.render("dot", scale: 2).image.pixel(x: 20, y: 20) == blue)
    }

    @Test("a resource folder writable by others is not searched, and the message says why; a FIFO is never opened")
    func untrustedFolderAndFIFO() throws {
        let fixture = try NamedImageFolder()
        let resources = fixture.resources.path
        #expect(mkfifo(resources + "/pipe.png", 0o644) == 0)
        let registry = try fixture.registry()
        // A FIFO is skipped as no file at all: no hang, a plain "no image".
        #expect(try fixture.imageNamed("pipe", registry: registry).message.hasPrefix("image_named: no image named 'pipe' in \(resources) ("))
        let good = try fixture.imageNamed("dot", registry: registry)
        #expect(good.status == 0 && good.message.isEmpty)
        try fixture.release(good.image)

        #expect(chmod(resources, 0o777) == 0)
        let refused = try fixture.imageNamed("dot", registry: try fixture.registry())
        #expect(refused.status == -1)
        #expect(refused.message == "image_named: no image named 'dot': the plugin NamedImages (\(fixture.plugin.path)) has no "
            + "resource folder and the scene names no image folders; the resource folder \(resources) is not used: it is "
            + "writable by others (mode 0777); a resource folder follows the rule of a plugin folder: chmod go-w \(resources), "
            + "or pass --allow-writable-plugins")
        let allowed = try fixture.imageNamed("dot", registry: try fixture.registry(trust: PluginTrust(allowWritable: true)))
        #expect(allowed.status == 0)
        try fixture.release(allowed.image)
    }

    @Test("a corrupt image in the resource folder is an error naming the file")
    func corruptImage() throws {
        let fixture = try NamedImageFolder()
        let broken = fixture.resources.appendingPathComponent("broken.png")
        let bytes = try Data(contentsOf: fixture.resources.appendingPathComponent("dot.png"))
        try bytes.prefix(bytes.count / 2).write(to: broken)
        let result = try fixture.imageNamed("broken", registry: try fixture.registry())
        #expect(result.status == -1 && result.image == nil)
        #expect(result.message.hasPrefix("cannot read \(broken.path): corrupt PNG image: "), "\(result.message)")
    }
}
