// `easel render --timings` on real scenes: the demo and 1000 BubbleViews.
//
// Runs the release `easel` executable next to this benchmark (so the numbers
// include everything a user waits for: process start, plugin loading, scene
// parsing and building, layout, drawing and PNG encoding), several times per
// scene, and reports the best time of each stage as `--timings` prints it.

import Foundation

/// The stages `easel render --timings` reports, in order.
let renderStages = ["load", "scene", "layout", "draw", "encode", "total"]

/// A scene of `count` BubbleViews in a grid, each wrapping a coloured content view;
/// the canvas just holds the grid unless `size` is given.
func bubbleGridScene(count: Int, columns: Int, size: (width: Double, height: Double)? = nil) -> String {
    let cell = (width: 96.0, height: 72.0)
    let rows = (count + columns - 1) / columns
    var views: [String] = []
    for index in 0..<count {
        let x = 8 + Double(index % columns) * cell.width, y = 8 + Double(index / columns) * cell.height
        let hue = ["#fde2e4", "#e2ece9", "#dfe7fd", "#fff1c1", "#e8dff5"][index % 5]
        views.append("""
            { "class": "BubbleView", "frame": [\(x), \(y), 88, 64], \
            "subviews": [ { "class": "View", "frame": [0, 0, 72, 36], "backgroundColor": "\(hue)" } ] }
            """)
    }
    let width = size?.width ?? 16 + Double(columns) * cell.width, height = size?.height ?? 16 + Double(rows) * cell.height
    return """
        { "canvas": { "size": [\(width), \(height)], "background": "#ffffff" },
          "root": { "subviews": [
        \(views.joined(separator: ",\n"))
          ] } }
        """
}

/// Runs `easel render SCENE -o OUT --timings` `rounds` times; the best time of each stage, in ms.
func timeRender(easel: String, scene: String, output: String, rounds: Int) -> [String: Double] {
    var best: [String: Double] = [:]
    for _ in 0..<rounds {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: easel)
        process.arguments = ["render", scene, "-o", output, "--timings"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { fail("cannot run \(easel): \(error)") }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { fail("easel render \(scene) failed:\n\(text)") }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 2, let value = Double(parts[1]) else { continue }
            let stage = String(parts[0])
            best[stage] = min(best[stage] ?? .infinity, value)
        }
    }
    return best
}

/// Prints the render table; returns true (the issue sets no target for these numbers).
func runRenderBenchmarks(rounds: Int) -> Bool {
    let directory = URL(fileURLWithPath: PluginSearchPathFolder.executableFolder)
    let easel = directory.appendingPathComponent("easel").path
    guard FileManager.default.isExecutableFile(atPath: easel) else {
        fail("no easel executable next to the benchmark (\(easel)); run `swift build -c release` first")
    }
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("easel-render-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temporary) }
    let bubbles = temporary.appendingPathComponent("bubbles-1000.json")
    do { try Data(bubbleGridScene(count: 1000, columns: 40).utf8).write(to: bubbles) } catch { fail("\(error)") }
    let demo = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Examples/demo.json")
    var scenes: [(String, String)] = [("1000 BubbleViews (3856x1816 pt, 1x)", bubbles.path)]
    if FileManager.default.fileExists(atPath: demo.path) {
        scenes.insert(("demo (Examples/demo.json)", demo.path), at: 0)
    } else {
        print("(Examples/demo.json not found: run from the package folder to include the demo)")
    }
    print("### easel render --timings (ms, best of \(rounds) runs of the release executable)")
    print("")
    print("| scene | " + renderStages.joined(separator: " | ") + " |")
    print("|---|" + renderStages.map { _ in "---:" }.joined(separator: "|") + "|")
    for (name, path) in scenes {
        let times = timeRender(easel: easel, scene: path, output: temporary.appendingPathComponent("out.png").path, rounds: rounds)
        print("| \(name) | " + renderStages.map { format(times[$0] ?? .nan) }.joined(separator: " | ") + " |")
    }
    return true
}

/// The folder of the running executable.
enum PluginSearchPathFolder {
    static var executableFolder: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path
    }
}
