import ArgumentParser
import EaselABI
import EaselCanvas
import EaselHost
import EaselScene
import Foundation

/// The output a canvas is written to, chosen by the extension.
enum OutputTarget {
    case standardOutput
    case file(String)

    init(_ text: String) { self = text == "-" ? .standardOutput : .file(text) }

    /// Whether the output is a PNG (raster) rather than SVG or PDF (vectors).
    var isPNG: Bool {
        guard case .file(let path) = self else { return true }
        return !(path.lowercased().hasSuffix(".svg") || path.lowercased().hasSuffix(".pdf"))
    }

    func write(_ canvas: Canvas) throws(CanvasError) {
        switch self {
        case .standardOutput: FileHandle.standardOutput.write(Data(try canvas.pngData()))
        case .file(let path): try canvas.write(to: path)
        }
    }
}

/// Wall-clock time of a block, in milliseconds.
func measure<T>(_ milliseconds: inout Double, _ body: () throws -> T) rethrows -> T {
    let start = DispatchTime.now().uptimeNanoseconds
    defer { milliseconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 }
    return try body()
}

/// Wall-clock time of a block, in milliseconds, added to a stage that may not have run before.
func measure<T>(_ milliseconds: inout Double?, _ body: () throws -> T) rethrows -> T {
    var spent = milliseconds ?? 0
    defer { milliseconds = spent }
    return try measure(&spent, body)
}

// MARK: - easel render

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene file to PNG, SVG or PDF.",
        discussion: """
            Builds the scene's view tree from the loaded plugins, applies its steps (resizes, touch sequences) \
            in order, lays out and renders the final state. The output format follows the extension of -o \
            (.png, .svg, .pdf); -o - writes PNG to standard output.
            """)

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The image to write (.png, .svg or .pdf; - for PNG on standard output).", valueName: "file"))
    var output: String

    @Option(help: "Pixels per point of a PNG (default: the scene's scale, else 1).")
    var scale: Double?

    @OptionGroup var plugins: PluginOptions

    @Option(help: ArgumentHelp("Also write one PNG per step into DIR: frame-000.png (before the first step), frame-001.png, …", valueName: "dir"))
    var frames: String?

    @Flag(help: "Print the time of each stage (load, scene, layout, draw, encode) to standard error.")
    var timings = false

    @OptionGroup var isolation: IsolationOptions

    func validate() throws {
        if let scale, !(scale > 0 && scale <= 16) { throw ValidationError("--scale must be between 0 and 16; got \(scale)") }
        if isolation.isolate && frames != nil { throw ValidationError("--frames cannot be combined with --isolate") }
    }

    func run() throws {
        if isolation.isolate { return try runIsolated() }
        var times = StageTimes()
        let (registry, _) = measure(&times.load) { plugins.loadRegistry() }
        for failure in registry.failures { printError("warning: \(failure)") }
        let tree: SceneTree
        let model: Scene
        let sceneStart = DispatchTime.now().uptimeNanoseconds
        do {
            model = try Scene.load(contentsOf: scene)
            tree = try model.build(in: registry)
        } catch {
            throw CommandFailure(status: 1, lines: ["error: \(error)"])
        }
        times.scene += Double(DispatchTime.now().uptimeNanoseconds - sceneStart) / 1e6
        let target = OutputTarget(output)
        let pixelScale = scale ?? model.scale
        func makeCanvas(raster: Bool) throws -> Canvas {
            do {
                return try Canvas(width: model.width, height: model.height, background: model.background,
                                  backing: raster ? .raster(scale: pixelScale) : .recording)
            } catch { throw CommandFailure(status: 1, lines: ["error: \(error)"]) }
        }
        if let frames {
            try writeFrames(tree, into: frames, canvas: makeCanvas(raster: true))
        } else {
            measure(&times.scene) { for step in tree.steps { tree.apply(step) } }
        }
        measure(&times.layout) { tree.root.layoutIfNeeded() }
        let canvas = try makeCanvas(raster: target.isPNG)
        let drawStart = DispatchTime.now().uptimeNanoseconds
        do {
            try tree.root.render(into: canvas)
        } catch {
            throw CommandFailure(status: 1, lines: ["error: \(describe(error, in: tree))"])
        }
        let encodeStart = DispatchTime.now().uptimeNanoseconds
        times.draw += Double(encodeStart - drawStart) / 1e6
        do {
            try target.write(canvas)
        } catch {
            throw CommandFailure(status: 1, lines: ["error: \(error)"])
        }
        times.encode += Double(DispatchTime.now().uptimeNanoseconds - encodeStart) / 1e6
        let diagnostics = registry.takeDiagnostics()
        diagnostics.forEach { printError($0.description) }
        if timings { times.report().forEach(printError) }
        if diagnostics.contains(where: { $0.severity == .error }) { throw CommandFailure(status: 1, lines: []) }
    }

    /// Renders the initial state and the state after each step into `folder`, repainting only what each step changed.
    private func writeFrames(_ tree: SceneTree, into folder: String, canvas: Canvas) throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(status: 1, lines: ["error: cannot create the frames folder \(folder): \(error.localizedDescription)"])
        }
        for index in 0...tree.steps.count {
            if index > 0 { tree.apply(tree.steps[index - 1]) }
            let path = (folder as NSString).appendingPathComponent(String(format: "frame-%03d.png", index))
            do {
                try tree.root.render(into: canvas, mode: index == 0 ? .full : .dirtyRegions)
                try canvas.write(to: path)
            } catch let error as RenderError {
                throw CommandFailure(status: 1, lines: ["error: \(describe(error, in: tree))"])
            } catch {
                throw CommandFailure(status: 1, lines: ["error: \(error)"])
            }
        }
    }

    private func describe(_ error: RenderError, in tree: SceneTree) -> String {
        "\(scene): \(error.message)"
    }
}

/// How long each stage of `easel render` took.
struct StageTimes {
    var load = 0.0, scene = 0.0, layout = 0.0, draw = 0.0, encode = 0.0

    func report() -> [String] {
        let stages = [("load", load), ("scene", scene), ("layout", layout), ("draw", draw), ("encode", encode)]
        let total = stages.reduce(0) { $0 + $1.1 }
        return ["timings (ms):"] + (stages + [("total", total)]).map { name, value in
            "  " + name.padding(toLength: 8, withPad: " ", startingAt: 0) + String(format: "%9.2f", value)
        }
    }
}
