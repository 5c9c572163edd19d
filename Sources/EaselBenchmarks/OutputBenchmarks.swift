// Output: encoding a 1920x1080 frame as PNG (libspng) compared with
// cairo_surface_write_to_png on the same surface, and `easel render` of the
// demo end to end (process start to file written) compared with its drawing alone.

import EaselGraphicsCore
import CCairo
import EaselCanvas
import EaselRuntime
import EaselSession
import Foundation

/// Writes `bytes` to `path`; false when it cannot.
private func writeBytes(_ bytes: [UInt8], to path: String) -> Bool {
    guard let file = fopen(path, "wb") else { return false }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    return fclose(file) == 0 && written == bytes.count
}

/// A frame drawn by the scene renderer, in a raster canvas.
private func renderedCanvas(_ sceneText: String, registry: Registry, in folder: URL, scale: Double? = nil) -> Canvas {
    let file = folder.appendingPathComponent("scene-\(UUID().uuidString).json")
    do { try Data(sceneText.utf8).write(to: file) } catch { fail("\(error)") }
    do {
        guard let canvas = try SceneRenderer(registry: registry).render(scene: file.path, options: RenderOptions(scale: scale)).canvas
        else { fail("the scene renderer kept no canvas") }
        return canvas
    } catch {
        fail("cannot render the benchmark scene: \(error)")
    }
}

/// An ARGB32 surface holding the canvas's pixels (cairo's own PNG, read back and painted).
private func argbSurface(of canvas: Canvas, folder: URL) -> OpaquePointer {
    let path = folder.appendingPathComponent("cairo-source.png").path
    guard let bytes = try? canvas.cairoPNGData(), writeBytes(bytes, to: path) else { fail("cannot write \(path)") }
    let decoded: OpaquePointer = cairo_image_surface_create_from_png(path)
    defer { cairo_surface_destroy(decoded) }
    let surface: OpaquePointer = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, cairo_image_surface_get_width(decoded), cairo_image_surface_get_height(decoded))
    let context: OpaquePointer = cairo_create(surface)
    cairo_set_source_surface(context, decoded, 0, 0)
    cairo_paint(context)
    cairo_destroy(context)
    cairo_surface_flush(surface)
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { fail("cannot make the ARGB32 surface") }
    return surface
}

/// Prints the output tables; returns whether both targets are met.
func runOutputBenchmarks(registry: Registry, rounds: Int) -> Bool {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("easel-output-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temporary) }
    func met(_ ok: Bool) -> String { ok ? "yes" : "**no**" }
    func ms(_ ns: Double) -> String { format(ns / 1e6) + " ms" }

    // MARK: PNG encoding of one surface

    let frames: [(String, Canvas)] = [
        ("1920x1080, 300 BubbleViews", renderedCanvas(bubbleGridScene(count: 300, columns: 20, size: (1920, 1080)),
                                                      registry: registry, in: temporary)),
    ]
    let clock = benchmarkClock == CLOCK_MONOTONIC ? "wall clock" : "thread CPU time"
    print("### PNG encoding (release, best of \(rounds) rounds, \(clock), the same ARGB32 surface written to a file)")
    print("")
    print("| frame | `cairo_surface_write_to_png` | Easel `--compression` | Easel | Easel / cairo | file size (cairo → Easel) | pixels identical | target | met |")
    print("|---|---:|---|---:|---:|---|---|---|---|")
    var allMet = true
    var writeLines: [String] = []
    for (name, canvas) in frames {
        let surface = argbSurface(of: canvas, folder: temporary)
        defer { cairo_surface_destroy(surface) }
        let cairoPath = temporary.appendingPathComponent("cairo.png").path
        let easelPath = temporary.appendingPathComponent("easel.png").path
        let cairoTime = measure(1, rounds: rounds) { count in
            for _ in 0..<count where cairo_surface_write_to_png(surface, cairoPath) != CAIRO_STATUS_SUCCESS {
                fail("cairo cannot write \(cairoPath)")
            }
        }
        let cairoSize = (try? FileManager.default.attributesOfItem(atPath: cairoPath)[.size] as? Int) ?? 0
        let reference = try? RasterImage(contentsOfPNG: cairoPath)
        for compression in ImageEncoding.Compression.allCases {
            let encoding = ImageEncoding(format: .png, compression: compression)
            var size = 0
            let time = measure(1, rounds: rounds) { count in
                for _ in 0..<count {
                    guard let bytes = try? encoding.encode(surface, failure: { CanvasError(message: $0) }),
                          writeBytes(bytes, to: easelPath) else { fail("cannot encode \(easelPath)") }
                    size = bytes.count
                }
            }
            let identical = reference != nil && (try? RasterImage(contentsOfPNG: easelPath)) == reference
            let ratio = time / cairoTime
            let target = compression == .default ? "≤ 0.25" : "–"
            let ok = compression != .default || ratio <= 0.25
            allMet = allMet && ok && identical
            print("| \(name) | \(ms(cairoTime)) | \(compression.rawValue) | \(ms(time)) | \(format(ratio)) | \(cairoSize / 1024) KiB → \(size / 1024) KiB | \(identical ? "yes" : "**no**") | \(target) | \(compression == .default ? met(ok) : "–") |")
        }
        let whole = measure(1, rounds: rounds) { count in
            for _ in 0..<count {
                do { try canvas.write(to: easelPath) } catch { fail("\(error)") }
            }
        }
        writeLines.append("`Canvas.write(to:)` of the \(name) frame (each row composited over the background as it is encoded, then the file written): \(ms(whole)).")
    }

    print("")
    writeLines.forEach { print($0) }

    // MARK: easel render of the demo, end to end

    let directory = URL(fileURLWithPath: PluginSearchPathFolder.executableFolder)
    let easel = directory.appendingPathComponent("easel").path
    let demo = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Examples/demo.json").path
    guard FileManager.default.isExecutableFile(atPath: easel), FileManager.default.fileExists(atPath: demo) else {
        print("")
        print("(no easel executable next to the benchmark, or Examples/demo.json not found: run from the package folder after `swift build -c release`)")
        return false
    }
    // Process start to exit is wall-clock time whatever --cpu-time says: the work is in another process.
    func wallClock() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }
    // Each run's end to end over its own drawing: this VM's speed drifts by
    // ±20 % from one run to the next, and the fastest wall clock and the
    // fastest drawing seldom come from the same run. The ratio reported is the
    // median of the runs' ratios (at least 21 runs); the times are medians too.
    var written: [Double] = [], exited: [Double] = [], ratios: [Double] = []
    var stages: [String: [Double]] = [:]
    let output = temporary.appendingPathComponent("demo.png").path
    let runs = max(rounds, 21)
    for _ in 0..<runs {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: easel)
        process.arguments = ["render", demo, "-o", output, "--timings"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let start = wallClock()
        do { try process.run() } catch { fail("cannot run \(easel): \(error)") }
        // The clock stops when the file is written: `--timings` prints its
        // report right after the encoder has closed the file, and its last
        // line is `total`. It is read as it comes, with read(2) (Foundation's
        // waitUntilExit polls a run loop every 50 ms on Linux). The time to
        // exit (the kernel unmapping the process) is kept as well.
        let descriptor = errors.fileHandleForReading.fileDescriptor
        var data: [UInt8] = []
        var end = Double.nan
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data += chunk[0..<count]
            if end.isNaN, String(decoding: data, as: UTF8.self).contains("\n  total") { end = wallClock() }
        }
        let exit = wallClock()
        let text = String(decoding: data, as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, !end.isNaN else { fail("easel render \(demo) failed:\n\(text)") }
        var times: [String: Double] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 2, let value = Double(parts[1]) else { continue }
            times[String(parts[0])] = value
            stages[String(parts[0]), default: []].append(value)
        }
        guard let drawn = times["draw"], drawn > 0 else { fail("easel render --timings printed no draw time:\n\(text)") }
        written.append(end - start)
        exited.append(exit - start)
        ratios.append((end - start) / (drawn * 1e6))
    }
    func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }
    let ratio = median(ratios)
    let ok = ratio <= 2
    print("")
    print("### `easel render Examples/demo.json -o demo.png` end to end (release, \(runs) runs, wall clock, medians; the stages as `--timings` prints them)")
    print("")
    print("| process start to file written | its drawing alone (`draw`) | end to end / drawing (median of the runs; fastest run) | load | scene | encode | (to exit) | target | met |")
    print("|---:|---:|---:|---:|---:|---:|---:|---|---|")
    print("| \(ms(median(written))) | \(format(median(stages["draw"] ?? []))) ms | \(format(ratio)) (\(format(ratios.min() ?? .nan))) | \(format(median(stages["load"] ?? []))) ms | \(format(median(stages["scene"] ?? []))) ms | \(format(median(stages["encode"] ?? []))) ms | \(ms(median(exited))) | ≤ 2 | \(met(ok)) |")
    return allMet && ok
}
