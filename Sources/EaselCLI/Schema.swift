import ArgumentParser
import EaselSession

// MARK: - easel schema

/// `easel schema`: the JSON Schema of scene files, with the plugins' classes.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print a JSON Schema for scene files, with the loaded plugins' view classes and their properties.",
        discussion: """
            Point an editor at it for completion and checking: save it (easel schema > easel-scene.schema.json) and \
            add "$schema": "./easel-scene.schema.json" to a scene, or map *.scene.json to it in the editor's settings.
            """)

    @OptionGroup var plugins: PluginOptions

    func run() throws {
        let session = plugins.session()
        let text = try perform { () throws(SessionError) in try session.sceneSchema() }
        try printOutput(text)
    }
}
