import Dispatch
import FoundationEssentials

/// How long each stage of a render took, in milliseconds.
public struct StageTimes: Sendable, Equatable {
    /// Finding and loading the plugins.
    public var load = 0.0
    /// Reading the scene, building its view tree and applying its steps.
    ///
    /// `easel render` reads the scene file on a second thread while the plugins
    /// load; its time here is then only what the main thread waited for it, so
    /// that the stages add up to the time they took.
    public var scene = 0.0
    /// Laying out the view tree.
    public var layout = 0.0
    /// Making the canvas (its background painted) and drawing the views into it.
    public var draw = 0.0
    /// Encoding and writing the output.
    public var encode = 0.0

    /// No time spent yet.
    public init() {}

    /// `timings (ms):`, then one line per stage and the total, as `easel render --timings` prints them.
    public func report() -> [String] {
        let stages = [("load", load), ("scene", scene), ("layout", layout), ("draw", draw), ("encode", encode)]
        let total = stages.reduce(0) { $0 + $1.1 }
        return ["timings (ms):"] + (stages + [("total", total)]).map { name, value in
            "  " + name.padded(to: 8) + String(printf: "%9.2f", value)
        }
    }
}

/// Runs a block and adds its wall-clock time, in milliseconds, to a stage.
///
/// - Parameters:
///   - milliseconds: The stage's time so far.
///   - body: The work.
/// - Returns: What the block returned.
/// - Throws: What the block threw (its time is still added).
public func measure<T, E: Error>(_ milliseconds: inout Double, _ body: () throws(E) -> T) throws(E) -> T {
    let start = DispatchTime.now().uptimeNanoseconds
    defer { milliseconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 }
    return try body()
}

/// Runs a block and adds its wall-clock time, in milliseconds, to a stage that may not have run before.
///
/// - Parameters:
///   - milliseconds: The stage's time so far, `nil` when it has not run.
///   - body: The work.
/// - Returns: What the block returned.
/// - Throws: What the block threw (its time is still added).
public func measure<T, E: Error>(_ milliseconds: inout Double?, _ body: () throws(E) -> T) throws(E) -> T {
    var spent = milliseconds ?? 0
    defer { milliseconds = spent }
    return try measure(&spent, body)
}
