import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselDrawingExtensions
import EaselProbe
import EaselRuntime
import EaselTestSupport
import Foundation
import Testing

@Suite("easel.image.v1: images loaded, measured and drawn through the extension table")
struct ImageExtensionTests {
    /// The table, as a plugin finds it through the host table.
    static func imageAPI() throws -> easel_image_api_v1 {
        let query = try #require(HostAPI.table.pointee.get_extension)
        let raw = try #require(query(EASEL_IMAGE_EXTENSION_V1))
        return raw.assumingMemoryBound(to: easel_image_api_v1.self).pointee
    }

    /// A 64x32-pixel PNG (white, a red square at 4..<28, a blue one at 36..<60) written as `name`.
    static func cardFile(_ name: String) throws -> String {
        let canvas = try Canvas(width: 64, height: 32, background: whiteColor, backing: .raster(scale: 1))
        canvas.fill(easel_rect(origin: easel_point(x: 4, y: 4), size: easel_size(width: 24, height: 24)), color: redColor)
        canvas.fill(easel_rect(origin: easel_point(x: 36, y: 4), size: easel_size(width: 24, height: 24)), color: blueColor)
        let url = try Fixtures.makeTemporaryDirectory("image-extension").appendingPathComponent(name)
        try Data(canvas.pngData()).write(to: url)
        return url.path
    }

    @Test("the table's header, size and slot offsets are the pinned ones")
    func layout() throws {
        let api = try Self.imageAPI()
        // The first size is the least a host has; this host has every slot appended since.
        #expect(EASEL_IMAGE_API_V1_SIZE == 56)
        #expect(api.struct_size == UInt32(MemoryLayout<easel_image_api_v1>.size))
        #expect(MemoryLayout<easel_image_api_v1>.size == 128)
        #expect(api.abi_version == UInt32(EASEL_ABI_VERSION_MAJOR) << 16 | UInt32(EASEL_ABI_VERSION_MINOR))
        let offsets = [
            MemoryLayout<easel_image_api_v1>.offset(of: \.load_image), MemoryLayout<easel_image_api_v1>.offset(of: \.release_image),
            MemoryLayout<easel_image_api_v1>.offset(of: \.image_size), MemoryLayout<easel_image_api_v1>.offset(of: \.image_scale),
            MemoryLayout<easel_image_api_v1>.offset(of: \.draw_image), MemoryLayout<easel_image_api_v1>.offset(of: \.draw_image_part),
            MemoryLayout<easel_image_api_v1>.offset(of: \.image_named),
            MemoryLayout<easel_image_api_v1>.offset(of: \.set_interpolation_quality),
            MemoryLayout<easel_image_api_v1>.offset(of: \.interpolation_quality),
            MemoryLayout<easel_image_api_v1>.offset(of: \.draw_tiled_image),
            MemoryLayout<easel_image_api_v1>.offset(of: \.clip_to_image_mask),
            MemoryLayout<easel_image_api_v1>.offset(of: \.image_from_pixels),
            MemoryLayout<easel_image_api_v1>.offset(of: \.bitmap_context_create),
            MemoryLayout<easel_image_api_v1>.offset(of: \.image_from_bitmap_context),
            MemoryLayout<easel_image_api_v1>.offset(of: \.bitmap_context_release),
        ]
        #expect(offsets == [8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120])
    }

    @Test("a @2x PNG loads with its size in points and scale 2, and draws scaled into a rect and in part")
    func loadAndDraw() throws {
        let api = try Self.imageAPI()
        let path = try Self.cardFile("card@2x.png")
        var image: OpaquePointer?
        var message = [CChar](repeating: 65, count: 64)
        #expect(api.load_image?(path, &image, &message, UInt32(message.count)) == 0)
        #expect(message[0] == 0)
        let handle = try #require(image)
        defer { api.release_image?(handle) }
        let size = try #require(api.image_size?(handle))
        #expect(size.width == 32 && size.height == 16)
        #expect(api.image_scale?(handle) == 2)

        let canvas = try Canvas(width: 100, height: 60, background: greenColor, backing: .raster(scale: 1))
        api.draw_image?(canvas.context, handle, easel_rect(origin: easel_point(x: 10, y: 10), size: easel_size(width: 64, height: 32)))
        // The red square alone, in the image's points, into the bottom-right corner.
        api.draw_image_part?(canvas.context, handle,
                             easel_rect(origin: easel_point(x: 2, y: 2), size: easel_size(width: 12, height: 12)),
                             easel_rect(origin: easel_point(x: 80, y: 44), size: easel_size(width: 16, height: 16)))
        #expect(canvas.takeError() == nil)
        let drawn = try canvas.rasterImage()
        #expect(drawn.pixel(x: 9, y: 9) == RGBA(r: 0, g: 255, b: 0))
        #expect(drawn.pixel(x: 10, y: 10) == RGBA(r: 255, g: 255, b: 255) && drawn.pixel(x: 73, y: 41) == RGBA(r: 255, g: 255, b: 255))
        #expect(drawn.pixel(x: 20, y: 20) == RGBA(r: 255, g: 0, b: 0) && drawn.pixel(x: 50, y: 20) == RGBA(r: 0, g: 0, b: 255))
        #expect(drawn.pixel(x: 80, y: 44) == RGBA(r: 255, g: 0, b: 0) && drawn.pixel(x: 95, y: 59) == RGBA(r: 255, g: 0, b: 0))
        #expect(drawn.pixel(x: 79, y: 43) == RGBA(r: 0, g: 255, b: 0))
    }

    @Test("a corrupt, missing or NULL file is -1, a NULL image and a message naming the file; bad handles are ignored")
    func failures() throws {
        let api = try Self.imageAPI()
        let good = try Self.cardFile("card.png")
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: good)))
        let corrupt = URL(fileURLWithPath: good).deletingLastPathComponent().appendingPathComponent("broken.png").path
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: corrupt))

        func load(_ path: String?, capacity: Int = 256) -> (Int32?, OpaquePointer?, String) {
            var image = OpaquePointer(bitPattern: 0x10)
            var message = [CChar](repeating: 65, count: capacity)
            let status = api.load_image?(path, &image, &message, UInt32(capacity))
            return (status, image, String(cString: message))
        }
        let (status, image, message) = load(corrupt)
        #expect(status == -1 && image == nil)
        #expect(message.hasPrefix("cannot read \(corrupt): corrupt PNG image: "), "\(message)")
        let missing = load("/nonexistent-easel-dir/arrow.png")
        #expect(missing.0 == -1 && missing.1 == nil)
        #expect(missing.2 == "cannot read /nonexistent-easel-dir/arrow.png: No such file or directory")
        #expect(load(nil).2 == "load_image: the path is NULL")
        let short = load(corrupt, capacity: 12)
        #expect(short.0 == -1 && short.2 == "cannot read")   // truncated to 11 bytes and a NUL

        // NULL and made-up handles: nothing happens, zeroes come back.
        let bogus = OpaquePointer(bitPattern: 0x1234)
        #expect(api.image_size?(bogus).width == 0 && api.image_scale?(bogus) == 0)
        api.release_image?(bogus)
        api.release_image?(nil)
        let canvas = try Canvas(width: 10, height: 10, backing: .raster(scale: 1))
        api.draw_image?(canvas.context, bogus, easel_rect(origin: easel_point(x: 0, y: 0), size: easel_size(width: 10, height: 10)))
        api.draw_image?(nil, nil, easel_rect())
        #expect(canvas.takeError() == nil)
        #expect(try canvas.rasterImage().pixel(x: 5, y: 5) == RGBA(r: 0, g: 0, b: 0, a: 0))
        // A released handle is unknown afterwards.
        var loaded: OpaquePointer?
        #expect(api.load_image?(good, &loaded, nil, 0) == 0)
        api.release_image?(loaded)
        #expect(api.image_scale?(loaded) == 0)
    }

    @Test("an unchanged file loaded twice is decoded once: both handles are the cached image, each released on its own")
    func loadsShareTheCachedImage() throws {
        let api = try Self.imageAPI()
        let path = try Self.cardFile("shared.png")
        let before = ImageCache.shared.statistics
        var first: OpaquePointer?, second: OpaquePointer?
        #expect(api.load_image?(path, &first, nil, 0) == 0)
        #expect(api.load_image?(path, &second, nil, 0) == 0)
        // The cache hands out one image behind two handles of their own.
        #expect(first != nil && second != nil && first != second)
        #expect(CanvasImage.resolve(first) != nil && CanvasImage.resolve(first) === CanvasImage.resolve(second))
        // Other tests load too: at least one hit, and this file decoded once (by identity, not counted globally).
        #expect(ImageCache.shared.statistics.hits > before.hits)
        api.release_image?(first)
        #expect(api.image_scale?(second) == 1)   // still held by the second handle
        api.release_image?(second)
        #expect(api.image_scale?(second) == 0)
        // A released handle stays dead when its slot is used again; releasing it twice does nothing to the new one.
        var third: OpaquePointer?
        #expect(api.load_image?(path, &third, nil, 0) == 0)
        #expect(third != nil && third != first && third != second)
        api.release_image?(second)
        #expect(api.image_scale?(second) == 0 && api.image_scale?(third) == 1)
        // A made-up handle is not followed.
        #expect(api.image_scale?(OpaquePointer(bitPattern: 0x1234_5678)) == 0)
        api.release_image?(third)
    }
}
