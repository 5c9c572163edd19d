import EaselCanvas
import EaselDrawingExtensions
import EaselGraphicsCore
import EaselTestSupport
import Foundation
import Testing

@Suite("easel render --duration: frames of an animation")
struct RenderAnimationTests {
    /// A red 10 x 10 box moving linearly from x 0 to x 80 between 0 and 1 s.
    static let scene = ##"""
        { "canvas": { "size": [100, 20], "background": "#ffffff" },
          "root": { "subviews": [ { "class": "View", "id": "box", "frame": [0, 0, 10, 10], "backgroundColor": "#ff0000" } ] },
          "steps": [ { "animate": { "view": "box", "duration": 1, "curve": "linear", "set": { "center": [85, 5] } } } ] }
        """##

    /// The left edge of the red box in row 5.
    private func left(_ path: String) throws -> Int? {
        let image = try RasterImage(contentsOfPNG: path)
        return (0..<image.width).first { image.pixel(x: $0, y: 5) == RGBA(r: 255, g: 0, b: 0) }
    }

    @Test("--duration 1 --fps 4 writes 4 numbered frames at 0, 0.25, 0.5, 0.75 s; --at shows one moment; two runs are identical")
    func frames() throws {
        let file = try writeScene(Self.scene)
        let folder = file.deletingLastPathComponent().appendingPathComponent("frames-\(UUID().uuidString)")
        let result = try easel(["render", file.path, "--duration", "1", "--fps", "4", "-o", folder.path + "/%02d.png"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["00.png", "01.png", "02.png", "03.png"])
        #expect(try names.map { try left(folder.appendingPathComponent($0).path) } == [0, 20, 40, 60])
        let again = file.deletingLastPathComponent().appendingPathComponent("again-\(UUID().uuidString)")
        #expect(try easel(["render", file.path, "--duration", "1", "--fps", "4", "-o", again.path + "/%02d.png"]).status == 0)
        for name in names {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == Data(contentsOf: again.appendingPathComponent(name)))
        }
        let moment = file.deletingLastPathComponent().appendingPathComponent("m-\(UUID().uuidString).png").path
        #expect(try easel(["render", file.path, "--at", "0.3", "-o", moment]).status == 0)
        #expect(try left(moment) == 24)
    }

    @Test("--duration 1 --fps 10 writes an animated GIF and WebP of 10 frames of 0.1 s; the box moves across them")
    func animatedFiles() throws {
        let file = try writeScene(Self.scene)
        let folder = file.deletingLastPathComponent()
        for ext in ["gif", "webp"] {
            let output = folder.appendingPathComponent("anim-\(UUID().uuidString).\(ext)").path
            let result = try easel(["render", file.path, "--duration", "1", "--fps", "10", "-o", output])
            #expect(result.status == 0, "\(result.stderr)")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
            let animation = ext == "gif" ? try decodeAnimatedGIF(bytes) : try decodeAnimatedWebP(bytes)
            #expect(animation.frames.count == 10, "\(ext)")
            #expect(animation.delays == Array(repeating: ext == "gif" ? 10 : 100, count: 10), "\(ext)")
            // Frame 5 is at 0.5 s: the box's left edge at x 40.
            let middle = animation.frames[5]
            #expect(middle.pixel(x: 45, y: 5) == RGBA(r: 255, g: 0, b: 0), "\(ext)")
            #expect(middle.pixel(x: 5, y: 5) == RGBA(r: 255, g: 255, b: 255), "\(ext)")
        }
    }

    @Test("--at with SVG and PDF output: the vector file shows the box where it is at that moment (rasterized back)")
    func atVector() throws {
        let file = try writeScene(Self.scene)
        let folder = file.deletingLastPathComponent()
        let svg = folder.appendingPathComponent("m-\(UUID().uuidString).svg").path
        let pdf = folder.appendingPathComponent("m-\(UUID().uuidString).pdf").path
        for output in [svg, pdf] {
            let result = try easel(["render", file.path, "--at", "0.3", "-o", output])
            #expect(result.status == 0, "\(result.stderr)")
        }
        // The SVG, decoded by the image loader (librsvg) at 1x and drawn on a raster canvas of the scene's size.
        let image = try CanvasImage(data: [UInt8](try Data(contentsOf: URL(fileURLWithPath: svg))), scale: 1)
        let canvas = try Canvas(width: 100, height: 20, backing: .raster(scale: 1))
        canvas.draw(image, in: rect(0, 0, 100, 20))
        let pixels = try canvas.rasterImage()
        // At 0.3 s of a linear move from x 0 to 80: the left edge at 24 (as the PNG above).
        // (librsvg antialiases the right edge pixel; the PNG and the PDF below have it pure red.)
        #expect((0..<100).first { pixels.pixel(x: $0, y: 5) == RGBA(r: 255, g: 0, b: 0) } == 24)
        #expect((32...33).contains((0..<100).last { pixels.pixel(x: $0, y: 5) == RGBA(r: 255, g: 0, b: 0) } ?? -1))
        #expect(pixels.pixel(x: 22, y: 5) == RGBA(r: 255, g: 255, b: 255) && pixels.pixel(x: 35, y: 5) == RGBA(r: 255, g: 255, b: 255))
        // The PDF, rasterized by poppler's pdftoppm at 72 dpi (one pixel a point).
        let ppm = Process()
        ppm.executableURL = URL(fileURLWithPath: "/usr/bin/pdftoppm")
        let prefix = folder.appendingPathComponent("p-\(UUID().uuidString)").path
        ppm.arguments = ["-png", "-r", "72", "-singlefile", pdf, prefix]
        try ppm.run()
        ppm.waitUntilExit()
        #expect(ppm.terminationStatus == 0)
        let page = try RasterImage(contentsOfPNG: prefix + ".png")
        #expect(page.width == 100 && page.height == 20)
        #expect((0..<100).first { page.pixel(x: $0, y: 5) == RGBA(r: 255, g: 0, b: 0) } == 24)
        #expect((0..<100).last { page.pixel(x: $0, y: 5) == RGBA(r: 255, g: 0, b: 0) } == 33)
    }

    @Test("without --duration, --fps or a GIF or frame pattern output animates the whole timeline: its last frame at the end")
    func wholeTimeline() throws {
        let file = try writeScene(Self.scene)
        let folder = file.deletingLastPathComponent()
        // The box's animation ends at 1 s: at 10 fps frames at 0, 0.1, … 1.0 (11), the last with the box at x 80.
        let gif = folder.appendingPathComponent("whole-\(UUID().uuidString).gif").path
        var result = try easel(["render", file.path, "--fps", "10", "-o", gif])
        #expect(result.status == 0, "\(result.stderr)")
        let animation = try decodeAnimatedGIF([UInt8](try Data(contentsOf: URL(fileURLWithPath: gif))))
        #expect(animation.frames.count == 11)
        #expect(animation.delays == Array(repeating: 10, count: 11))
        let last = try #require(animation.frames.last)
        #expect((0..<100).first { last.pixel(x: $0, y: 5) == RGBA(r: 255, g: 0, b: 0) } == 80)
        // A frame pattern alone: 30 fps, frames 00 … 30, the middle one at 0.5 s and the last at 1 s.
        let frames = folder.appendingPathComponent("whole-\(UUID().uuidString)")
        result = try easel(["render", file.path, "-o", frames.path + "/%02d.png"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
        #expect(names == (0...30).map { String(format: "%02d.png", $0) })
        #expect(try left(frames.appendingPathComponent("30.png").path) == 80)
        #expect(try left(frames.appendingPathComponent("15.png").path) == 40)
        // A WebP without --duration or --fps stays a still picture, at the end of the timeline.
        let still = folder.appendingPathComponent("still-\(UUID().uuidString).webp").path
        #expect(try easel(["render", file.path, "-o", still]).status == 0)
        let decoded = try decodeAnimatedWebP([UInt8](try Data(contentsOf: URL(fileURLWithPath: still))))
        #expect(decoded.frames.count == 1)
    }

    @Test("a scene without a timeline cannot be animated without --duration: exit 2, naming the scene")
    func noTimeline() throws {
        let file = try writeScene(##"""
            { "canvas": { "size": [20, 20] }, "root": { "backgroundColor": "#ffffff" } }
            """##)
        let output = file.deletingLastPathComponent().appendingPathComponent("none-\(UUID().uuidString).gif").path
        let result = try easel(["render", file.path, "--fps", "10", "-o", output])
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: \(file.path): the scene has no timeline to animate (no step after 0 s, no animation): give --duration"),
                "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("bad --duration combinations and patterns are refused (exit 2)", arguments: [
        (["--duration", "1", "--isolate", "-o", "/tmp/f/%d.png"],
         "--duration renders in this process; it cannot be combined with --isolate or --timeout yet"),
        (["--fps", "10", "-o", "/tmp/x.png"], "unsupported file extension for an animation; use .webp, .gif or a numbered PNG pattern such as frames/%04d.png"),
        (["--fps", "10", "--at", "1", "-o", "/tmp/x.gif"], "--at renders one moment; --fps renders frames from 0: give one of them"),
        (["--timeout", "5", "-o", "/tmp/x.gif"], "-o /tmp/x.gif renders in this process; it cannot be combined with --isolate or --timeout yet"),
        (["--duration", "1", "--at", "1", "-o", "/tmp/f/%d.png"], "--at renders one moment; --duration renders frames from 0: give one of them"),
        (["--duration", "1", "-o", "/tmp/f/%d%d.png"],
         "a numbered frame pattern needs exactly one %d or %0Nd (N from 1 to 9, such as frames/%04d.png) and no other % sequence (write %% for a %)"),
        (["--duration", "1", "-o", "/tmp/anim.mov"], "unsupported file extension for an animation; use .webp, .gif or a numbered PNG pattern such as frames/%04d.png"),
    ])
    func refused(arguments: [String], message: String) throws {
        let file = try writeScene(Self.scene)
        let result = try easel(["render", file.path] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
