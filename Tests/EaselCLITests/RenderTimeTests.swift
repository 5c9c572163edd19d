import EaselGraphicsCore
import EaselTestSupport
import Foundation
import Testing

@Suite("easel render --at: a moment on the scene's timeline")
struct RenderTimeTests {
    /// A red swatch that grows from 10 to 40 points wide at 1 s.
    static let scene = ##"""
        { "canvas": { "size": [60, 20], "background": "#ffffff" },
          "root": { "subviews": [
            { "class": "Swatch", "id": "s", "frame": [0, 0, 10, 20], "opaque": false, "properties": { "color": "#ff0000" } } ] },
          "steps": [ { "at": 1, "resize": "s", "size": [40, 20] } ] }
        """##

    @Test("before a step's time the step is not applied; at it and without --at (the end) it is; in process and isolated",
          arguments: [[], ["--isolate"]])
    func at(extra: [String]) throws {
        let file = try writeScene(Self.scene)
        let folder = file.deletingLastPathComponent()
        func widthOfRed(_ arguments: [String]) throws -> Int {
            let output = folder.appendingPathComponent("out-\(UUID().uuidString).png").path
            let result = try easel(["render", file.path, "-o", output] + arguments + extra)
            #expect(result.status == 0, "\(result.stderr)")
            let image = try RasterImage(contentsOfPNG: output)
            return (0..<image.width).filter { image.pixel(x: $0, y: 10) == RGBA(r: 255, g: 0, b: 0) }.count
        }
        #expect(try widthOfRed(["--at", "0.5"]) == 10)
        #expect(try widthOfRed(["--at", "1"]) == 40)
        #expect(try widthOfRed([]) == 40)
    }

    @Test("--at must be a time, and cannot be combined with --frames (exit 2)")
    func refused() throws {
        let file = try writeScene(Self.scene)
        let negative = try easel(["render", file.path, "-o", "/tmp/x.png", "--at=-1"])
        #expect(negative.status == 2)
        #expect(negative.stderr.contains("--at must be a number of seconds from 0 to 86400; got -1.0"))
        let frames = try easel(["render", file.path, "-o", "/tmp/x.png", "--at", "1", "--frames", "/tmp/f"])
        #expect(frames.status == 2)
        #expect(frames.stderr.contains("--at renders one moment; --frames writes one image per step: give one of them"))
    }
}
