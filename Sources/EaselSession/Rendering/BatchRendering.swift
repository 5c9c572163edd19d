import EaselRuntime

/// One scene of a batch render: where it went, or why it failed.
public struct BatchItem {
    /// The scene file.
    public var scene: String
    /// The image written for it.
    public var output: String
    /// How it went: the outcome, or the error (the batch goes on with the next scene).
    public var result: Result<RenderOutcome, SessionError>

    /// Creates an item.
    public init(scene: String, output: String, result: Result<RenderOutcome, SessionError>) {
        self.scene = scene
        self.output = output
        self.result = result
    }
}

extension Session {
    /// The output file of a scene in a batch: the scene's file name with
    /// its `.json` extension replaced by `.<ext>`, in `folder`.
    public static func batchOutput(for scene: String, folder: String, extension ext: String) -> String {
        let name = scene.split(separator: "/").last.map(String.init) ?? scene
        let stem = name.lowercased().hasSuffix(".json") ? String(name.dropLast(5)) : name
        return (folder.hasSuffix("/") ? folder : folder + "/") + stem + "." + ext
    }

    /// The output file of each scene of a batch, checked before anything is
    /// drawn: a format Easel writes, no two scenes writing the same file; the
    /// folder is created.
    ///
    /// - Throws: ``SessionError`` (usage) naming the clash or the format; the
    ///   system's reason when the folder cannot be created.
    public static func checkBatch(scenes: [String], into folder: String, extension ext: String) throws(SessionError) -> [String] {
        let outputs = scenes.map { batchOutput(for: $0, folder: folder, extension: ext) }
        for output in outputs { try OutputTarget(output).checkFormat() }
        var seen: [String: String] = [:]
        for (scene, output) in zip(scenes, outputs) {
            if let other = seen[output] {
                throw SessionError("'\(other)' and '\(scene)' would both be written to '\(output)': rename one of them",
                                   isUsageError: true)
            }
            seen[output] = scene
        }
        try OutputFile.makeFolder(folder)
        return outputs
    }

    /// Renders many scene files, loading the plugins once: each scene's
    /// image goes to ``batchOutput(for:folder:extension:)``.
    ///
    /// A scene that fails (a bad scene, a plugin failure, an unwritable
    /// output) is reported in its item and the batch goes on. Two scenes that
    /// would write the same file are refused before anything is drawn.
    ///
    /// - Parameters:
    ///   - scenes: The scene files.
    ///   - folder: The folder to write into (created when missing).
    ///   - ext: The output format's extension (`png`, `jpg`, `jpeg`, `webp`, `svg`, `pdf`).
    ///   - options: Scale, compression and quality (its output and frames are ignored).
    ///   - progress: Told the index (from 0) and file of each scene before it renders.
    /// - Returns: One item per scene, in order.
    /// - Throws: ``SessionError`` (usage) for an unknown format or clashing
    ///   outputs; for plugins that cannot be loaded (an allow-list that cannot be used).
    public func renderBatch(scenes: [String], into folder: String, extension ext: String,
                            options: RenderOptions,
                            progress: (Int, String) -> Void = { _, _ in }) throws(SessionError) -> [BatchItem] {
        let outputs = try Self.checkBatch(scenes: scenes, into: folder, extension: ext)
        var load = 0.0
        let registry = try measure(&load) { () throws(SessionError) in try plugins.loadRegistry(warn: report) }
        let renderer = SceneRenderer(registry: registry)
        var items: [BatchItem] = []
        for (index, (scene, output)) in zip(scenes, outputs).enumerated() {
            progress(index, scene)
            var itemOptions = options
            itemOptions.output = .file(output)
            itemOptions.frames = nil
            do {
                var outcome = try renderer.render(scene: scene, scale: itemOptions.scale, frames: nil, time: itemOptions.time,
                                                  destination: CanvasDestination(itemOptions),
                                                  phase: PluginExitGuard.setPhase)
                if index == 0 { outcome.times.load += load }
                items.append(BatchItem(scene: scene, output: output, result: .success(outcome)))
            } catch {
                items.append(BatchItem(scene: scene, output: output, result: .failure(error)))
            }
        }
        return items
    }
}
