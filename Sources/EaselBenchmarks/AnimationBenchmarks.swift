// Animated output: 60 frames of the demo (Examples/demo.json, 2024x940 pixels at
// its scale 2) at 30 fps, with the bubble moving 3 points a frame, encoded as
// an animated WebP (lossless and lossy) and GIF by FrameSequenceWriter, compared
// with drawing the same 60 frames alone. Each frame is a full render through
// the scene renderer; `draw` is its drawing stage, as `--timings` reports it.
// The animation engine's own end-to-end benchmark (issue 15 item 7) replaces
// the scene files with a clock; the encoding cost measured here is the same.

import EaselCanvas
import EaselCanvasOutput
import EaselGraphicsCore
import EaselRuntime
import EaselSession
import Foundation

/// Prints the animation table; returns whether the lossless WebP meets its target (≤ 3x the drawing).
func runAnimationBenchmarks(registry: Registry, rounds: Int) -> Bool {
    let demo = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Examples/demo.json")
    guard let data = try? Data(contentsOf: demo),
          var scene = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
          var root = scene["root"] as? [String: Any], var subviews = root["subviews"] as? [[String: Any]],
          let bubble = subviews.firstIndex(where: { $0["id"] as? String == "bubble" }),
          let frame = subviews[bubble]["frame"] as? [Double], frame.count == 4
    else {
        print("(Examples/demo.json with its \"bubble\" view not found: run from the package folder)")
        return false
    }
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("easel-animation-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temporary) }
    let frameCount = 60
    var scenes: [String] = []
    for index in 0..<frameCount {
        subviews[bubble]["frame"] = [frame[0] + 3 * Double(index), frame[1], frame[2], frame[3]]
        root["subviews"] = subviews
        scene["root"] = root
        let file = temporary.appendingPathComponent("frame-\(index).json")
        guard let json = try? JSONSerialization.data(withJSONObject: scene), (try? json.write(to: file)) != nil else {
            fail("cannot write \(file.path)")
        }
        scenes.append(file.path)
    }
    let renderer = SceneRenderer(registry: registry)
    func ms(_ value: Double) -> String { format(value) + " ms" }
    func now() -> Double {
        var time = timespec()
        clock_gettime(benchmarkClock, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }

    print("### Animated output: 60 frames of the demo at 30 fps (release, best of \(rounds) rounds; the bubble moves 3 points a frame)")
    print("")
    print("| output | drawing the 60 frames (`draw`) | encoding and writing them | (drawing + encoding) / drawing | file size | target | met |")
    print("|---|---:|---:|---:|---:|---|---|")
    var allMet = true
    let outputs: [(String, String, Int)] = [
        ("WebP, lossless", "demo.webp", 100), ("WebP, quality 90", "demo-lossy.webp", 90), ("GIF", "demo.gif", 100),
    ]
    for (name, file, quality) in outputs {
        let path = temporary.appendingPathComponent(file).path
        var bestDraw = Double.infinity, bestEncode = Double.infinity
        for _ in 0..<rounds {
            var draw = 0.0, encode = 0.0
            var writer: FrameSequenceWriter?
            for scene in scenes {
                let result: RenderOutcome
                do { result = try renderer.render(scene: scene, options: RenderOptions()) } catch { fail("cannot render \(scene): \(error)") }
                guard let canvas = result.canvas else { fail("the scene renderer kept no canvas") }
                draw += result.times.draw
                let start = now()
                do {
                    if writer == nil {
                        let pixelWidth = Int((canvas.width * 2).rounded(.up)), pixelHeight = Int((canvas.height * 2).rounded(.up))
                        writer = try FrameSequenceWriter(path: path, pixelWidth: pixelWidth, pixelHeight: pixelHeight, quality: quality)
                    }
                    try writer?.append(canvas, duration: 1.0 / 30)
                } catch { fail("cannot encode \(path): \(error)") }
                encode += now() - start
            }
            let start = now()
            do { try writer?.finish() } catch { fail("cannot finish \(path): \(error)") }
            encode += now() - start
            bestDraw = min(bestDraw, draw)
            bestEncode = min(bestEncode, encode)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let ratio = (bestDraw + bestEncode) / bestDraw
        let target = quality == 100 && file.hasSuffix(".webp")
        let ok = !target || ratio <= 3
        allMet = allMet && ok
        print("| \(name) | \(ms(bestDraw)) | \(ms(bestEncode)) | \(format(ratio)) | \(size / 1024) KiB | \(target ? "≤ 3" : "–") | \(target ? (ok ? "yes" : "**no**") : "–") |")
    }
    return allMet
}
