import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselScene
import EaselSession
import EaselTestSupport
import Foundation
import Testing

@Suite("The scene format article's example")
struct ReadmeSceneTests {
    @Test("parses, builds, runs its steps and renders what the article says")
    func example() throws {
        let scene = try Scene.parse(Data(try readmeExample("scene-format.json").utf8), file: "SceneFiles.md")
        let outcome = try SceneRenderer(registry: try sceneRegistry()).render(scene, options: RenderOptions())
        #expect(outcome.tree?.viewsByID["swatch"]?.frame == easel_rect(x: 20, y: 20, width: 120, height: 80))
        let image = try #require(outcome.canvas).rasterImage()
        #expect(image.pixel(x: 160, y: 120) == RGBA(r: 0x33, g: 0x66, b: 0xcc))   // the swatch's middle, after the resize
        #expect(image.pixel(x: 300, y: 300) == RGBA(r: 0xee, g: 0xf2, b: 0xf7))   // the root's background
    }
}
