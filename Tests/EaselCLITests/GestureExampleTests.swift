import EaselGraphicsCore
import EaselSession
import EaselTestSupport
import Foundation
import Testing

/// `Examples/gestures.json` rendered at several times of its timeline (`easel render --at`), each
/// against its reviewed reference `Examples/gestures.at-<time>.png`; the end is the ordinary golden
/// image `Examples/gestures.png` (GoldenImageTests).
@Suite("Golden images: the gestures example over time")
struct GestureExampleTests {
    /// Renders the example at a time of its media clock, as `easel render --at` does.
    private func render(at time: Double) throws -> RasterImage {
        let warnings = ReportedLines()
        let session = Session(plugins: PluginEnvironment(folders: [try Fixtures.samplePluginsDirectory().path]),
                              report: warnings.append)
        var options = RenderOptions()
        options.time = time
        let outcome = try session.render(scene: Examples.folder.appendingPathComponent("gestures.json").path, options: options)
        #expect(warnings.lines == [])
        #expect(outcome.diagnostics == [])
        return try #require(outcome.canvas).rasterImage()
    }

    @Test("mid-drag (0.5 s: the list follows the finger, its indicator shows) and while it decelerates (1.5 s: the calendar paged to December, the picker tapped to Large)",
          arguments: ["0.5", "1.5"])
    func atTime(_ time: String) throws {
        let actual = try render(at: try #require(Double(time)))
        let path = Examples.folder.appendingPathComponent("gestures.at-\(time).png").path
        let reference = try RasterImage(contentsOfPNG: path)
        #expect(actual.width == reference.width && actual.height == reference.height)
        let comparison = ImageComparison(actual, reference, tolerance: GoldenImageTests.tolerance)
        if comparison.differing > 0 {
            let folder = try Fixtures.makeTemporaryDirectory("golden-gestures-\(time)")
            let actualPath = folder.appendingPathComponent("actual.png").path
            try actual.write(to: actualPath)
            try comparison.diff.write(to: folder.appendingPathComponent("diff.png").path)
            Issue.record("gestures at \(time) s: \(comparison.differing) pixels differ from \(path) (worst \(comparison.worst)); actual: \(actualPath)")
        }
    }

    @Test("the indicator: at 0.5 s a dark bar inside the list's right edge; at the end (faded) none")
    func indicatorOverTime() throws {
        // The list is at x 20 ... 280 (2x: 40 ... 560); its vertical bar 3 points wide, 3 inside the right edge: x 274 ... 277.
        let during = try render(at: 0.5)
        let end = try render(at: 5.05)
        let column = 2 * 275 + 1
        let darkDuring = (100..<800).contains { y in during.pixel(x: column, y: y).r < 180 }
        let darkAtEnd = (100..<800).contains { y in end.pixel(x: column, y: y).r < 180 }
        #expect(darkDuring)
        #expect(!darkAtEnd)
    }
}
