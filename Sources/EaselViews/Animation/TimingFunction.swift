// Timing: how an animation's progress follows its time.
//
// A ``TimingFunction`` is Core Animation's `CAMediaTimingFunction`: a cubic
// Bézier from (0, 0) to (1, 1) with two control points, read as y (progress)
// for x (the fraction of the duration). Solving x → y follows WebKit's
// `UnitBezier`: Newton's method from x itself (eight steps), then, when the
// slope is too flat for it to converge, bisection on [0, 1]; both to 1e-12,
// far below what a pixel can show.
//
// A ``Spring`` is UIKit's `animate(withDuration:delay:usingSpringWithDamping:
// initialSpringVelocity:…)`: a damped harmonic oscillator of unit mass
// released at the start value with the initial velocity, pulled to the end
// value. UIKit does not document how it picks the spring's stiffness from the
// duration; Easel picks it so that the oscillation's envelope has decayed to
// 1/1000 of the distance at the end of the duration:
//
//     slowest decay rate λ · duration = ln 1000 (≈ 6.9078)
//     λ = ζ·ω₀                  for ζ < 1 (under-damped)
//     λ = ω₀                    for ζ = 1 (critically damped)
//     λ = ω₀·(ζ − √(ζ² − 1))    for ζ > 1 (over-damped)
//     stiffness k = ω₀² (mass 1), damping c = 2ζω₀
//
// so ω₀ = ln 1000 / (duration · λ/ω₀). At the end of the duration the
// animation ends and the model value is drawn (a jump of at most about
// 0.1 % of the distance, invisible for distances under 1000 points).

import FoundationEssentials
import Glibc

/// A cubic Bézier timing curve from (0, 0) to (1, 1): Core Animation's `CAMediaTimingFunction`.
public struct TimingFunction: Sendable, Equatable {
    /// The first control point.
    public let x1, y1: Double
    /// The second control point.
    public let x2, y2: Double

    /// A curve with two control points; x values are clamped to 0...1 as Core Animation requires.
    public init(controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        func unit(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
        self.x1 = unit(x1)
        self.y1 = y1.isFinite ? y1 : 0
        self.x2 = unit(x2)
        self.y2 = y2.isFinite ? y2 : 1
    }

    /// `kCAMediaTimingFunctionLinear`: (0, 0), (1, 1).
    public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseIn`: (0.42, 0), (1, 1).
    public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseOut`: (0, 0), (0.58, 1).
    public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut`: (0.42, 0), (0.58, 1).
    public static let easeInOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)

    // The polynomial coefficients (Horner form), as UnitBezier keeps them.
    private var cx: Double { 3 * x1 }
    private var bx: Double { 3 * (x2 - x1) - cx }
    private var ax: Double { 1 - cx - bx }
    private var cy: Double { 3 * y1 }
    private var by: Double { 3 * (y2 - y1) - cy }
    private var ay: Double { 1 - cy - by }

    /// The curve's x at parameter `t`.
    public func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    /// The curve's y at parameter `t`.
    public func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The parameter at which the curve's x is `x` (0...1): Newton, then bisection.
    public func parameter(forX x: Double) -> Double {
        let epsilon = 1e-12
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < epsilon { return t }
            let slope = derivativeX(t)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var low = 0.0, high = 1.0
        t = x
        if t <= low { return low }
        if t >= high { return high }
        for _ in 0..<100 where low < high {
            let value = sampleX(t)
            if abs(value - x) < epsilon { return t }
            if x > value { low = t } else { high = t }
            t = (high - low) / 2 + low
        }
        return t
    }

    /// The progress at a fraction of the duration (clamped to 0...1): y for x.
    public func progress(at fraction: Double) -> Double {
        if !(fraction > 0) { return 0 }
        if fraction >= 1 { return 1 }
        if self == .linear { return fraction }
        return sampleY(parameter(forX: fraction))
    }
}

/// A spring: UIKit's `usingSpringWithDamping:initialSpringVelocity:` (see the top of this file).
public struct Spring: Sendable, Equatable {
    /// The damping ratio ζ: below 1 oscillates, 1 is critically damped, above 1 creeps.
    public let dampingRatio: Double
    /// The initial velocity, in distances per second (UIKit: 1 covers the whole distance in one second).
    public let initialVelocity: Double
    /// The duration the spring settles in, in seconds.
    public let duration: Double

    /// The smallest damping ratio used (0 would never settle).
    public static let minimumDampingRatio = 0.01
    /// ln(1000): the envelope decays to 1/1000 of the distance over the duration.
    public static let settlingDecay = log(1000.0)

    /// A spring settling within `duration`.
    public init(dampingRatio: Double, initialVelocity: Double, duration: Double) {
        self.dampingRatio = dampingRatio.isFinite ? max(dampingRatio, Self.minimumDampingRatio) : 1
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
        self.duration = duration.isFinite && duration > 0 ? duration : 0
    }

    /// The undamped angular frequency ω₀ (rad/s): ln 1000 / (duration · λ/ω₀).
    public var angularFrequency: Double {
        guard duration > 0 else { return 0 }
        let zeta = dampingRatio
        let rate = zeta < 1 ? zeta : (zeta == 1 ? 1 : zeta - (zeta * zeta - 1).squareRoot())
        return Self.settlingDecay / (duration * rate)
    }

    /// The stiffness k = ω₀² of a unit mass.
    public var stiffness: Double { angularFrequency * angularFrequency }

    /// The progress (0 at the start, 1 at rest) `time` seconds after the start; exactly 1 from the duration on.
    public func progress(atTime time: Double) -> Double {
        if !(time > 0) { return 0 }
        if time >= duration { return 1 }
        let w0 = angularFrequency, zeta = dampingRatio, v0 = initialVelocity
        // u = x - 1: u(0) = -1, u'(0) = v0.
        let u: Double
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 - zeta * w0) / wd
            u = exp(-zeta * w0 * time) * (-cos(wd * time) + b * sin(wd * time))
        } else if zeta == 1 {
            u = exp(-w0 * time) * (-1 + (v0 - w0) * time)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let c2 = (v0 + r1) / (r2 - r1), c1 = -1 - c2
            u = c1 * exp(r1 * time) + c2 * exp(r2 * time)
        }
        return 1 + u
    }
}
