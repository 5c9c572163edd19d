// Easel's benchmarks, in one release executable:
//
// - call paths (CallBenchmarks.swift): what a message costs compared with a
//   plain C call, on the sample class `Tally`;
// - view rendering (ViewBenchmarks.swift): a 1920x1080 frame of 1000 and of
//   10,000 `Tile` views rendered through Easel compared with the same drawing
//   done with cairo directly, a one-view dirty-region redraw, and the heap
//   memory a view costs.
// - layers (LayerBenchmarks.swift, `layers`): 1000 views with rounded
//   corners, borders and shadows against the same drawn with cairo directly.
//
// - scanning (ScanBenchmarks.swift): a cold scan of 200 plugins through
//   easel-plugin-scanner compared with an in-process dlopen + dlsym loop, and
//   `easel list` on an unchanged folder (the plugin cache) compared with
//   stat()-ing the files.
//
// - bubbles (BubbleBenchmarks.swift): a 1920x1080 frame of 1000 BubbleViews
//   with a gradient and a shadow through Easel compared with the same drawing
//   done with cairo directly.
//
// - output (OutputBenchmarks.swift): a 1920x1080 PNG encode compared with
//   cairo_surface_write_to_png on the same surface, and `easel render` of
//   the demo end to end compared with its drawing alone.
//
// - animation (AnimationBenchmarks.swift, `animation`): 60 frames of the demo
//   at 30 fps encoded as an animated WebP and GIF compared with drawing them alone;
//   the animation engine: 1000 bubbles moving and fading against a full redraw,
//   the demo animated end to end through the clock into a WebP against drawing
//   its 60 frames, and the peak heap of 30 against 300 frames.
//
// - text (TextBenchmarks.swift): 1000 Label views of shaped text in a
//   1920x1080 frame compared with the same Pango calls made directly.
//
// - touch dispatch (GestureBenchmarks.swift, `gestures`): a touch event through hit
//   testing and three gesture recognizers of a 1000-view tree, against a bare hit test.
//
// - the constraint solver (SolverBenchmarks.swift): the first solve of a 1000-view
//   grid laid out by 4000 constraints, and one incremental change of a constant.
//
// Run in release:
//   swift build -c release && swift run -c release EaselBenchmarks [calls] [views] [bubbles] [layers] [scan] [render] [output] [animation] [text] [solver] [gestures] [options]
// With none of `calls`, `views`, `scan`, `render`, the first two run. `render` times
// `easel render --timings` on Examples/demo.json and 1000 BubbleViews
// (RenderBenchmarks.swift); run it from the package folder. Options (view benchmark):
//   --png DIR             also write the Easel and the direct-cairo frames as PNGs into DIR
//   --rounds N            rounds per measurement (best of N; default 15)
//   --profile-frames N    only render N full 1000-view frames through Easel and
//                         exit (for a profiler such as callgrind; with `bubbles`, bubble frames)
//   --profile-dirty       with --profile-frames: N one-tile dirty-region redraws instead
//   --profile-tiny        with --profile-frames: frames of the 10,000 tiles of 14x14
//   --profile-text N      only render N frames of the text benchmark's 1000 labels
//                         through Easel (--profile-direct: with Pango directly;
//                         --profile-new-texts: new texts every frame) and exit
//   --cpu-time            time with the thread's CPU clock instead of the wall
//                         clock (leaves out the time other processes take the CPU)
// Each measurement is the best of several rounds, so that other work on a
// shared machine disturbs it as little as possible.

import CMallocCounter
import EaselDiscovery
import EaselRuntime
import EaselViews
#if canImport(Glibc)
import Glibc
#endif

/// The clock every measurement reads: the monotonic wall clock, or with
/// `--cpu-time` the CPU time of the calling thread.
nonisolated(unsafe) var benchmarkClock = CLOCK_MONOTONIC

func nanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(benchmarkClock, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Best ns per iteration over several rounds; `loop` runs `n` iterations itself.
func measure(_ iterations: Int, rounds: Int = 7, _ loop: (Int) -> Void) -> Double {
    loop(iterations / 10)  // warm up
    var best = Double.infinity
    for _ in 0..<rounds {
        let start = nanoseconds()
        loop(iterations)
        best = min(best, Double(nanoseconds() - start) / Double(iterations))
    }
    return best
}

/// Times two bodies in rounds of one frame each: each round runs `prepare`
/// (untimed), then both bodies once, in an order that alternates from round
/// to round (so that neither always runs first after the preparation).
///
/// - Returns: The best round of each, in ns, and the median of the rounds'
///   own ratios (first / second). This VM's speed drifts by tens of percent
///   over seconds; the two frames of one round run within milliseconds of
///   each other, at one speed, so their ratio is what the drift leaves alone,
///   while the best rounds of the two can come from different speeds.
func timeInterleaved(
    rounds: Int, prepare: () throws -> Void, _ bodies: [() throws -> Void]
) throws -> (best: [Double], ratio: Double) {
    try prepare()
    for body in bodies { try body() }  // warm up
    var best = [Double](repeating: .infinity, count: bodies.count)
    var ratios: [Double] = []
    for round in 0..<rounds {
        try prepare()
        var times = [Double](repeating: 0, count: bodies.count)
        for step in 0..<bodies.count {
            let index = (round + step) % bodies.count
            let start = nanoseconds()
            try bodies[index]()
            times[index] = Double(nanoseconds() - start)
            best[index] = min(best[index], times[index])
        }
        ratios.append(times[0] / times[1])
    }
    ratios.sort()
    let middle = ratios.count / 2
    return (best, ratios.count % 2 == 1 ? ratios[middle] : (ratios[middle - 1] + ratios[middle]) / 2)
}

/// Heap allocations per iteration of `loop`.
func allocations(_ iterations: Int, _ loop: (Int) -> Void) -> Double {
    let before = easel_malloc_count()
    loop(iterations)
    return Double(easel_malloc_count() - before) / Double(iterations)
}

func fail(_ message: String) -> Never {
    print("easel-bench: \(message)")
    exit(1)
}

func format(_ value: Double, digits: Int = 2) -> String {
    let scale = pow(10, Double(digits))
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    }
    if digits == 0, text.hasSuffix(".0") { text.removeLast(2) }
    return text
}

// MARK: - Options

var runCalls = false, runViews = false, runBubbles = false, runScan = false, runRender = false, runOutput = false, runLayers = false, runText = false, runSolver = false, runAnimation = false, runGestures = false
var options = ViewBenchmarkOptions()
var textOptions = TextBenchmarkOptions()
var scanOptions = ScanBenchmarkOptions()
var arguments = CommandLine.arguments.dropFirst()
@MainActor func value(after flag: String) -> String {
    guard let value = arguments.popFirst() else { fail("\(flag) needs a value") }
    return value
}
while let argument = arguments.popFirst() {
    switch argument {
    case "calls": runCalls = true
    case "views": runViews = true
    case "bubbles": runBubbles = true
    case "scan": runScan = true
    case "render": runRender = true
    case "output": runOutput = true
    case "animation": runAnimation = true
    case "layers": runLayers = true
    case "text": runText = true
    case "solver": runSolver = true
    case "gestures": runGestures = true
    case "--png":
        options.pngFolder = value(after: argument)
        textOptions.pngFolder = options.pngFolder
    case "--rounds":
        guard let rounds = Int(value(after: argument)), rounds > 0 else { fail("--rounds needs a positive number") }
        options.rounds = rounds
        scanOptions.rounds = rounds
        textOptions.rounds = rounds
    case "--profile-frames":
        guard let frames = Int(value(after: argument)), frames > 0 else { fail("--profile-frames needs a positive number") }
        options.profileFrames = frames
    case "--profile-text":
        guard let frames = Int(value(after: argument)), frames > 0 else { fail("--profile-text needs a positive number") }
        textOptions.profileFrames = frames
        runText = true
    case "--profile-direct":
        textOptions.profileDirect = true
    case "--profile-new-texts":
        textOptions.profileNewTexts = true
    case "--profile-dirty":
        options.profileDirty = true
    case "--profile-tiny":
        options.profileTiny = true
    case "--cpu-time":
        benchmarkClock = CLOCK_THREAD_CPUTIME_ID
    default:
        fail("unknown argument '\(argument)'; usage: EaselBenchmarks [calls] [views] [bubbles] [layers] [scan] [render] [output] [animation] [text] [solver] [gestures] [--png DIR] [--rounds N] [--cpu-time] [--profile-frames N [--profile-dirty] [--profile-tiny]] [--profile-text N [--profile-direct] [--profile-new-texts]]")
    }
}
if options.profileFrames != nil && !runBubbles { runViews = true }
if !runCalls && !runViews && !runBubbles && !runScan && !runRender && !runOutput && !runLayers && !runText && !runSolver && !runAnimation && !runGestures { runCalls = true; runViews = true }

// MARK: - Set-up

let executable = PluginSearchPath.currentExecutablePath() ?? "."
let folder = PluginSearchPath.defaultFolder(forExecutable: executable)
let registry = Registry()
if runCalls || runViews || runBubbles || runOutput || runLayers || runText || runAnimation || runGestures { registry.loadPlugins(from: [folder]) }

var allMet = true
if runScan {
    allMet = try runScanBenchmarks(options: scanOptions) && allMet
    print("")
}
if runCalls && options.profileFrames == nil {
    allMet = try runCallBenchmarks(registry: registry) && allMet
    print("")
}
if runViews {
    allMet = try runViewBenchmarks(registry: registry, options: options) && allMet
}
if runBubbles {
    if runViews { print("") }
    allMet = try runBubbleBenchmark(registry: registry, options: options) && allMet
}
if runLayers && options.profileFrames == nil {
    if runViews || runBubbles { print("") }
    allMet = try runLayerBenchmarks(registry: registry, options: options) && allMet
}
if runRender {
    print("")
    allMet = runRenderBenchmarks(rounds: min(options.rounds, 7)) && allMet
}
if runOutput {
    print("")
    allMet = runOutputBenchmarks(registry: registry, rounds: min(options.rounds, 9)) && allMet
}
if runAnimation {
    print("")
    allMet = runAnimationBenchmarks(registry: registry, rounds: min(options.rounds, 3)) && allMet
    print("")
    allMet = runAnimationEngineBenchmarks(registry: registry, rounds: min(options.rounds, 3)) && allMet
}
if runText {
    if textOptions.profileFrames == nil { print("") }
    allMet = try runTextBenchmarks(registry: registry, options: textOptions) && allMet
}
if runSolver {
    print("")
    allMet = runSolverBenchmarks(rounds: min(options.rounds, 7)) && allMet
}
if runGestures {
    print("")
    allMet = try runGestureBenchmarks(registry: registry, rounds: min(options.rounds, 7)) && allMet
}
print("")
print(allMet ? "All targets met." : "Some targets NOT met.")
