// Swapping plugin files under the host while it loads them, for the tests of
// loading exactly the bytes that were checked (EaselProbe's PluginImage.swift).

import Foundation
import Synchronization

/// The compiler flag that makes a fixture's constructor write to `marker`
/// (`swapped_variant.c`, `plugin_dep.c`).
public func markerFlag(_ marker: URL) -> String { "-DEASEL_MARKER_PATH=\"\(marker.path)\"" }

/// What a marker file holds ("" when nothing wrote it).
public func markerText(_ marker: URL) -> String { (try? String(contentsOf: marker, encoding: .utf8)) ?? "" }

/// A thread that keeps replacing files by one of two others, in turn, with
/// link() and rename() (what someone who can write the folder can do):
/// every target alternates between its own copies of `good` and `evil`.
public final class Swapper: @unchecked Sendable {
    private let scratch: String
    private let targets = Mutex<[(target: String, good: String, evil: String)]>([])
    private let stopped = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)
    public let swaps = Atomic<Int>(0)

    public init(scratch: URL) {
        self.scratch = scratch.appendingPathComponent("swap.tmp").path
        Thread.detachNewThread { [self] in run() }
    }

    /// Swaps `target` between `good` and `evil` from now on (and no other file).
    public func swap(_ target: String, good: URL, evil: URL) { swap([(target, good.path, evil.path)]) }

    /// Swaps each target between its two files from now on.
    public func swap(_ list: [(target: String, good: String, evil: String)]) { targets.withLock { $0 = list } }

    private func run() {
        var next = 0
        while !stopped.load(ordering: .relaxed) {
            let paths = targets.withLock { $0 }
            if paths.isEmpty { usleep(20); continue }
            for (path, good, evil) in paths {
                unlink(scratch)
                guard link(next % 2 == 0 ? good : evil, scratch) == 0, rename(scratch, path) == 0 else { continue }
                swaps.add(1, ordering: .relaxed)
            }
            next += 1
            usleep(30)
        }
        finished.store(true, ordering: .relaxed)
    }

    public func stop() {
        stopped.store(true, ordering: .relaxed)
        while !finished.load(ordering: .relaxed) { usleep(100) }
    }
}

/// `swapped_variant` built twice in `scratch`: `good.so` and `evil.so`, whose
/// constructor writes to `marker` (mode 0755 both).
public func swapVariants(_ scratch: URL, marker: URL) throws -> (good: URL, evil: URL) {
    let good = try Fixtures.buildFixture("swapped_variant", into: scratch, soName: "good.so")
    let evil = try Fixtures.buildFixture("swapped_variant", into: scratch, soName: "evil.so",
                                         linkArguments: ["-DEASEL_UNLISTED", markerFlag(marker)])
    chmod(good.path, 0o755)
    chmod(evil.path, 0o755)
    return (good, evil)
}

/// `count` plugin files in `plugins`, `p0.so`…, each first a copy of `good`,
/// with its own copies of `good` and `evil` in `scratch` to be swapped between
/// (each name its own files: a scan loads one file once).
public func swapTargets(_ count: Int, plugins: URL, scratch: URL, good: URL, evil: URL) throws
    -> [(target: String, good: String, evil: String)] {
    var targets: [(target: String, good: String, evil: String)] = []
    for index in 0..<count {
        let pair = (scratch.appendingPathComponent("good\(index).so"), scratch.appendingPathComponent("evil\(index).so"))
        try FileManager.default.copyItem(at: good, to: pair.0)
        try FileManager.default.copyItem(at: evil, to: pair.1)
        let target = plugins.appendingPathComponent("p\(index).so").path
        _ = link(pair.0.path, target)
        targets.append((target, pair.0.path, pair.1.path))
    }
    return targets
}
