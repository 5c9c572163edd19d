import EaselGraphicsCore
import EaselTestSupport
import Foundation
import Testing

/// Examples/animation.json (issue 15's example: a bubble popping in with a spring, a list
/// scrolling, seed 004's flip) rendered through `easel render` at a moment and as an animated
/// WebP, against the reviewed references Examples/animation-mid.png and Examples/animation.webp.
@Suite("Golden animation: Examples/animation.json at 1.2 s and as a 2 s WebP at 10 fps")
struct AnimationGoldenTests {
    static var scene: String { Examples.folder.appendingPathComponent("animation.json").path }
    static let background = RGBA(r: 0xee, g: 0xf1, b: 0xf5)
    static let cardBlue = RGBA(r: 0x2f, g: 0x6f, b: 0xd0)

    /// Records an issue when more pixels differ than antialiasing explains, writing the actual picture out.
    private func compare(_ actual: RasterImage, _ reference: RasterImage, _ what: String) throws {
        guard actual.width == reference.width, actual.height == reference.height else {
            Issue.record("\(what): \(actual.width)x\(actual.height) pixels, the reference is \(reference.width)x\(reference.height)")
            return
        }
        let comparison = ImageComparison(actual, reference, tolerance: GoldenImageTests.tolerance)
        if comparison.differing > 0 {
            let folder = try Fixtures.makeTemporaryDirectory("golden-animation")
            let path = folder.appendingPathComponent("actual.png").path
            try actual.write(to: path)
            let message = "\(what): \(comparison.differing) pixels differ (worst \(comparison.worst)); actual: \(path). "
                + "Look at both; replace the reference only if the new picture is right."
            Issue.record(Comment(rawValue: message))
        }
    }

    @Test("--at 1.2: the list mid-scroll and the card a third into its flip, as the reference")
    func middle() throws {
        let folder = try Fixtures.makeTemporaryDirectory("animation-mid")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("mid.png").path
        let result = try easel(["render", Self.scene, "--at", "1.2", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try RasterImage(contentsOfPNG: output)
        try compare(image, try RasterImage(contentsOfPNG: Examples.folder.appendingPathComponent("animation-mid.png").path),
                    "--at 1.2")
        // The flip (0.9 s + 0.9 s, easeInOut) is a third in: the front photo narrowed about the card's middle
        // (x 495), so the card's own left edge (x 415) shows the background; the end state shows the blue back.
        #expect(image.pixel(x: 415, y: 140) == Self.background)
        #expect(image.pixel(x: 495, y: 140) != Self.background)
        let end = try Examples.render("animation")
        #expect(end.pixel(x: 415, y: 140) == Self.cardBlue)
    }

    @Test("--duration 2 --fps 10: 2 s of frames (the last two, identical, stored once), each as the reference's; the bubble pops in, the card ends flipped")
    func webP() throws {
        let folder = try Fixtures.makeTemporaryDirectory("animation-webp")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("animation.webp").path
        let result = try easel(["render", Self.scene, "--duration", "2", "--fps", "10", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let actual = try decodeAnimatedWebP([UInt8](try Data(contentsOf: URL(fileURLWithPath: output))))
        let reference = try decodeAnimatedWebP([UInt8](try Data(contentsOf: Examples.folder.appendingPathComponent("animation.webp"))))
        // 20 frames of 0.1 s; the animation ends at 1.8 s, so frames 18 and 19 are the same picture, which
        // libwebp's encoder stores once for 0.2 s.
        #expect(actual.frames.count == 19)
        #expect(actual.delays == Array(repeating: 100, count: 18) + [200])
        #expect(reference.frames.count == actual.frames.count)
        for (index, (frame, golden)) in zip(actual.frames, reference.frames).enumerated() {
            try compare(frame, golden, "frame \(index)")
        }
        // Frame 0: the bubble (alpha 0, scale 0.1) is not there yet: its middle shows the background.
        #expect(actual.frames.first?.pixel(x: 120, y: 100) == Self.background)
        #expect(actual.frames.last.map { $0.pixel(x: 120, y: 80) != Self.background } == true)  // the bubble's fill
        #expect(actual.frames.last?.pixel(x: 415, y: 140) == Self.cardBlue)
    }
}
