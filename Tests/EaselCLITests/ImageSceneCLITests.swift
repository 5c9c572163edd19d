// Scenes with image files, rendered by the `easel` executable: in process and
// isolated, where the worker's sandbox lets it read the images the scene names.

import EaselGraphicsCore
import EaselTestSupport
import Foundation
import Testing

@Suite("easel render: scenes with images")
struct ImageSceneCLITests {
    @Test("Examples/layers2.json renders as its reference in process and with --isolate (the sandbox lets the worker read its images)",
          arguments: [false, true])
    func layersExample(isolate: Bool) throws {
        let scene = Fixtures.packageRoot.appendingPathComponent("Examples/layers2.json")
        let output = try Fixtures.makeTemporaryDirectory("layers2").appendingPathComponent("out.png")
        let result = try easel(["render", scene.path, "-o", output.path] + (isolate ? ["--isolate"] : []))
        #expect(result.stderr == "")
        #expect(result.status == 0)
        let actual = try RasterImage(contentsOfPNG: output.path)
        let reference = try RasterImage(contentsOfPNG: Fixtures.packageRoot.appendingPathComponent("Examples/layers2.png").path)
        #expect(actual == reference)
    }

    @Test("a missing image is an error naming the file and the JSON path, with --isolate too", arguments: [false, true])
    func missingImage(isolate: Bool) throws {
        let scene = try writeScene("""
            { "canvas": { "size": [20, 20] }, "root": { "subviews": [
              { "class": "ImageView", "frame": [0, 0, 20, 20], "image": "photos/none.jpg" } ] } }
            """, label: "missing-image")
        let output = scene.deletingLastPathComponent().appendingPathComponent("out.png")
        let result = try easel(["render", scene.path, "-o", output.path] + (isolate ? ["--isolate"] : []))
        // Status 2 (the scene cannot be built); an isolated render reports every scene error with 1, as it did before images.
        #expect(result.status == (isolate ? 1 : 2))
        let folder = scene.deletingLastPathComponent().path
        #expect(result.stderr == "error: \(scene.path): root.subviews[0].image: cannot read \(folder)/photos/none.jpg: No such file or directory\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
