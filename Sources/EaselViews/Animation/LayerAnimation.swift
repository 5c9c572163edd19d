// Layer animations by key path, as Core Animation has them
// (CABasicAnimation, CAKeyframeAnimation, CAMediaTiming).
//
// `layer.add(animation, forKey:)` (a view's layer or a standalone ``Layer``)
// runs an explicit animation of one key path on the media clock. As in Core
// Animation it never changes the model: the getters keep returning the model
// value, and what is drawn (``View/presentedValue(_:)``,
// ``Layer/presentedValue(forKeyPath:)``) is the model with the running
// animations applied in the order they were added, each replacing the value
// so far (or adding to it when `isAdditive`). A view animation block's
// animations (Animator.swift) are applied first.
//
// Timing is CAMediaTiming's: the animation's local time is
// `(clock - beginTime) * speed + timeOffset`; one cycle is `duration` (0:
// Core Animation's default of 0.25 s), twice that with `autoreverses`; it
// plays `repeatCount` cycles (0: one; fractions stop part way; infinity:
// forever). Before its begin time the animation shows its start value only
// with a fill mode of `backwards` or `both`; after its end, its end value only
// with `forwards` or `both` and `isRemovedOnCompletion = false` (a removed
// animation shows nothing, as in Core Animation). The completion runs once:
// at the end (finished = true), or when the animation is removed early, by
// `removeAnimation(forKey:)`, `removeAllAnimations()`, another animation
// added under its key, or the view leaving its superview (finished = false).
//
// Values: a basic animation interpolates between `fromValue`, `toValue` and
// `byValue` as Core Animation does (from + to; from + by; by + to; from
// alone or to alone against the current value; by alone from the current
// value). A keyframe animation goes through `values` at `keyTimes`
// (evenly spread when not given), with an optional timing function per
// segment, in the `linear`, `discrete` or `paced` (constant speed) mode. A
// path animation moves a point-valued key path (`position`) along a path of
// lines and Bézier curves, each segment a keyframe. Numbers interpolate
// component by component; transforms as their decomposition (a turn as a
// turn, see AnimatedProperty.swift); colours in RGBA. Additive transforms
// add translations and angles and multiply scales (Core Animation
// concatenates them: the same for turns, scales and moves about the anchor).
// Not supported: rotationMode, cumulative animations, animation groups and
// implicit (action) animations of standalone layers.

import EaselABI
import EaselGeometry
import EaselRuntime

/// Core Animation's fill modes: whether an animation shows outside its active time.
public enum FillMode: Int32, Sendable, CaseIterable {
    /// Shows only while active (the default).
    case removed = 0
    /// Keeps its end value after it ends (with `isRemovedOnCompletion = false`).
    case forwards = 1
    /// Shows its start value before its begin time.
    case backwards = 2
    /// Both.
    case both = 3

    /// The Core Animation name (`kCAFillModeForwards` is `"forwards"`).
    public var name: String {
        switch self {
        case .removed: "removed"
        case .forwards: "forwards"
        case .backwards: "backwards"
        case .both: "both"
        }
    }
}

/// How a keyframe animation goes from one value to the next (Core Animation's `calculationMode`).
public enum CalculationMode: Int32, Sendable, CaseIterable {
    /// Straight from one value to the next between key times (the default).
    case linear = 0
    /// Each value holds until the next key time.
    case discrete = 1
    /// A constant speed over the whole: key times and timing functions are ignored.
    case paced = 2

    /// The Core Animation name (`kCAAnimationPaced` is `"paced"`).
    public var name: String {
        switch self {
        case .linear: "linear"
        case .discrete: "discrete"
        case .paced: "paced"
        }
    }
}

/// A value of a layer animation: the type the key path's property has.
public enum LayerAnimationValue: Sendable, Equatable {
    case number(Double)
    case point(easel_point)
    case size(easel_size)
    case rect(easel_rect)
    case color(easel_color)
    case transform(easel_affine_transform)

    /// The value's numbers (a transform's six matrix entries a, b, c, d, tx, ty).
    public var components: [Double] {
        switch self {
        case .number(let value): [value]
        case .point(let point): [point.x, point.y]
        case .size(let size): [size.width, size.height]
        case .rect(let rect): [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
        case .color(let color): [color.red, color.green, color.blue, color.alpha]
        case .transform(let t): [t.a, t.b, t.c, t.d, t.tx, t.ty]
        }
    }
}

/// A path a point moves along (``LayerAnimation/path(keyPath:_:)``): CGPath's elements.
public struct AnimationPath: Sendable, Equatable {
    /// One element.
    public enum Element: Sendable, Equatable {
        case move(to: easel_point)
        case line(to: easel_point)
        case quadCurve(to: easel_point, control: easel_point)
        case curve(to: easel_point, control1: easel_point, control2: easel_point)
        /// A line back to the start.
        case close
    }
    /// The elements: a `move` first, then lines and curves (one subpath).
    public var elements: [Element]
    public init(_ elements: [Element]) { self.elements = elements }
}

/// An explicit layer animation of one key path (CABasicAnimation and
/// CAKeyframeAnimation with CAMediaTiming; see LayerAnimation.swift).
public struct LayerAnimation: Sendable, Equatable {
    /// What the animation interpolates.
    public enum Kind: Sendable, Equatable {
        /// CABasicAnimation: any one or two of from, to and by.
        case basic(from: LayerAnimationValue?, to: LayerAnimationValue?, by: LayerAnimationValue?)
        /// CAKeyframeAnimation with `values`.
        case keyframes(values: [LayerAnimationValue])
        /// CAKeyframeAnimation with a `path` (a point-valued key path).
        case path(AnimationPath)
    }
    /// The animated key path: `position`, `position.x`, `bounds.size.width`, `transform.rotation.z`, `opacity`, …
    public var keyPath: String
    public var kind: Kind
    /// The key times of a keyframe or path animation (0...1, one per value or path vertex; `nil`: evenly spread).
    public var keyTimes: [Double]? = nil
    /// A timing function per keyframe segment (`nil`: linear).
    public var timingFunctions: [TimingFunction]? = nil
    /// How keyframes are interpolated.
    public var calculationMode = CalculationMode.linear
    /// The media-clock time it begins; 0 (the default) means when it is added, as in Core Animation.
    public var beginTime = 0.0
    /// Seconds one cycle lasts; 0 means Core Animation's default, 0.25.
    public var duration = 0.0
    /// Cycles to play (0: one; `.infinity`: forever).
    public var repeatCount = 0.0
    /// Plays each cycle forward, then backward.
    public var autoreverses = false
    /// How fast local time runs against the clock (0 holds it at `timeOffset`).
    public var speed = 1.0
    /// Added to the local time.
    public var timeOffset = 0.0
    /// The curve over each cycle (`nil`: linear, Core Animation's default for explicit animations).
    public var timingFunction: TimingFunction? = nil
    public var fillMode = FillMode.removed
    /// Whether the animation is removed when it ends (the default); with `false` it stays in `animationKeys`.
    public var isRemovedOnCompletion = true
    /// Whether the value adds to the value so far instead of replacing it.
    public var isAdditive = false

    /// An animation of `keyPath`.
    public init(keyPath: String, kind: Kind) {
        self.keyPath = keyPath
        self.kind = kind
    }

    /// CABasicAnimation.
    public static func basic(keyPath: String, from: LayerAnimationValue? = nil, to: LayerAnimationValue? = nil,
                             by: LayerAnimationValue? = nil, duration: Double = 0) -> LayerAnimation {
        var animation = LayerAnimation(keyPath: keyPath, kind: .basic(from: from, to: to, by: by))
        animation.duration = duration
        return animation
    }

    /// CAKeyframeAnimation with values (and optional key times).
    public static func keyframes(keyPath: String, values: [LayerAnimationValue], keyTimes: [Double]? = nil,
                                 duration: Double = 0) -> LayerAnimation {
        var animation = LayerAnimation(keyPath: keyPath, kind: .keyframes(values: values))
        animation.keyTimes = keyTimes
        animation.duration = duration
        return animation
    }

    /// CAKeyframeAnimation along a path.
    public static func path(keyPath: String = "position", _ path: AnimationPath, duration: Double = 0) -> LayerAnimation {
        var animation = LayerAnimation(keyPath: keyPath, kind: .path(path))
        animation.duration = duration
        return animation
    }

    /// The most keyframes or path elements an animation may have.
    public static let maximumKeyframes = 10_000
}

/// A layer key path resolved to an animated property and the lanes of its
/// ``AnimationValue`` that the path names (`position.x`: lane 0 of `position`).
struct LayerKeyPath: Equatable {
    enum ValueKind: Equatable { case number, point, size, rect, color, transform, scale }
    let property: AnimatedProperty
    let lanes: [Int]
    let kind: ValueKind

    /// The key paths, as Core Animation spells them (CALayer's KVC extensions for structs and transforms).
    static func resolve(_ keyPath: String) -> LayerKeyPath? {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let head = parts.first else { return nil }
        let rest = Array(parts.dropFirst())
        func point(_ property: AnimatedProperty) -> LayerKeyPath? {
            switch rest {
            case []: LayerKeyPath(property: property, lanes: [0, 1], kind: .point)
            case ["x"]: LayerKeyPath(property: property, lanes: [0], kind: .number)
            case ["y"]: LayerKeyPath(property: property, lanes: [1], kind: .number)
            default: nil
            }
        }
        func rect(_ property: AnimatedProperty) -> LayerKeyPath? {
            switch rest {
            case []: LayerKeyPath(property: property, lanes: [0, 1, 2, 3], kind: .rect)
            case ["origin"]: LayerKeyPath(property: property, lanes: [0, 1], kind: .point)
            case ["origin", "x"]: LayerKeyPath(property: property, lanes: [0], kind: .number)
            case ["origin", "y"]: LayerKeyPath(property: property, lanes: [1], kind: .number)
            case ["size"]: LayerKeyPath(property: property, lanes: [2, 3], kind: .size)
            case ["size", "width"]: LayerKeyPath(property: property, lanes: [2], kind: .number)
            case ["size", "height"]: LayerKeyPath(property: property, lanes: [3], kind: .number)
            default: nil
            }
        }
        func scalar(_ property: AnimatedProperty) -> LayerKeyPath? {
            rest.isEmpty ? LayerKeyPath(property: property, lanes: [0], kind: .number) : nil
        }
        func color(_ property: AnimatedProperty) -> LayerKeyPath? {
            rest.isEmpty ? LayerKeyPath(property: property, lanes: [0, 1, 2, 3, 7], kind: .color) : nil
        }
        switch head {
        case "position": return point(.center)
        case "anchorPoint": return point(.anchorPoint)
        case "bounds": return rect(.bounds)
        case "contentsRect": return rect(.contentsRect)
        case "opacity": return scalar(.alpha)
        case "cornerRadius": return scalar(.cornerRadius)
        case "borderWidth": return scalar(.borderWidth)
        case "shadowOpacity": return scalar(.shadowOpacity)
        case "shadowRadius": return scalar(.shadowRadius)
        case "backgroundColor": return color(.backgroundColor)
        case "borderColor": return color(.borderColor)
        case "shadowColor": return color(.shadowColor)
        case "shadowOffset":
            switch rest {
            case []: return LayerKeyPath(property: .shadowOffset, lanes: [0, 1], kind: .size)
            case ["width"]: return LayerKeyPath(property: .shadowOffset, lanes: [0], kind: .number)
            case ["height"]: return LayerKeyPath(property: .shadowOffset, lanes: [1], kind: .number)
            default: return nil
            }
        case "transform", "affineTransform":
            switch rest {
            case []: return LayerKeyPath(property: .transform, lanes: [0, 1, 2, 3, 4, 5], kind: .transform)
            case ["rotation"], ["rotation", "z"]: return LayerKeyPath(property: .transform, lanes: [4], kind: .number)
            case ["scale"]: return LayerKeyPath(property: .transform, lanes: [2, 3], kind: .scale)
            case ["scale", "x"]: return LayerKeyPath(property: .transform, lanes: [2], kind: .number)
            case ["scale", "y"]: return LayerKeyPath(property: .transform, lanes: [3], kind: .number)
            case ["translation"]: return LayerKeyPath(property: .transform, lanes: [0, 1], kind: .size)
            case ["translation", "x"]: return LayerKeyPath(property: .transform, lanes: [0], kind: .number)
            case ["translation", "y"]: return LayerKeyPath(property: .transform, lanes: [1], kind: .number)
            default: return nil
            }
        default: return nil
        }
    }

    /// The key paths ``resolve(_:)`` knows, for messages.
    static let known = "position[.x|.y], anchorPoint[.x|.y], bounds[.origin[.x|.y]|.size[.width|.height]], "
        + "contentsRect[…as bounds], opacity, cornerRadius, borderWidth, shadowOpacity, shadowRadius, "
        + "shadowOffset[.width|.height], backgroundColor, borderColor, shadowColor, "
        + "transform[.rotation[.z]|.scale[.x|.y]|.translation[.x|.y]]"

    /// What a value of this key path is, for messages.
    var kindName: String {
        switch kind {
        case .number: "a number"
        case .point: "a point"
        case .size: "a size"
        case .rect: "a rect"
        case .color: "a colour"
        case .transform: "a transform"
        case .scale: "a number"
        }
    }

    /// A value as the lanes of this key path; `nil` when its type does not fit.
    func lanesValue(_ value: LayerAnimationValue) -> [Double]? {
        let lanes: [Double]
        switch (kind, value) {
        case (.number, .number(let x)): lanes = [x]
        case (.scale, .number(let x)): lanes = [x, x]
        case (.point, .point(let p)): lanes = [p.x, p.y]
        case (.point, .size(let s)), (.size, .size(let s)): lanes = [s.width, s.height]
        case (.size, .point(let p)): lanes = [p.x, p.y]
        case (.rect, .rect(let r)): lanes = [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case (.color, .color(let c)): lanes = [c.red, c.green, c.blue, c.alpha, 1]
        case (.transform, .transform(let t)):
            let d = AnimationValue.transform(t)
            lanes = [d[0], d[1], d[2], d[3], d[4], d[5]]
        default: return nil
        }
        return lanes.allSatisfy({ $0.isFinite && abs($0) <= 1e9 }) ? lanes : nil
    }

    /// The lanes of a whole value.
    func read(_ value: AnimationValue) -> [Double] { lanes.map { value[$0] } }

    /// Writes lanes into a whole value: replacing, or adding (scales multiply).
    func write(_ lanesValue: [Double], into value: inout AnimationValue, additive: Bool) {
        for (index, lane) in lanes.enumerated() where index < lanesValue.count {
            if !additive {
                value[lane] = lanesValue[index]
            } else if property == .transform, lane == 2 || lane == 3 {
                value[lane] *= lanesValue[index]
            } else if kind == .color, lane == 7 {
                value[lane] = 1
            } else {
                value[lane] += lanesValue[index]
            }
        }
    }

    /// The value an additive animation adds nothing with (1 for scales).
    var neutral: [Double] {
        lanes.map { property == .transform && ($0 == 2 || $0 == 3) ? 1 : 0 }
    }
}

/// An animation added to a layer, resolved and placed on the clock.
final class RunningLayerAnimation {
    let key: String
    let animation: LayerAnimation
    let target: LayerKeyPath
    /// The clock time it begins.
    let begin: Double
    var completion: ((Bool) -> Void)?
    var timer: MediaClock.Timer?
    /// Whether it reached its end (it then shows only when it holds its end value).
    var ended = false

    // Resolved values.
    private enum Values {
        case basic(from: [Double]?, to: [Double]?, by: [Double]?)
        case keyframes([[Double]], times: [Double])
        case path([Segment], times: [Double])
    }
    private let values: Values
    private let duration: Double
    private let cycles: Double

    /// One segment of a path, from its start to its end (a line or a cubic Bézier).
    struct Segment {
        let start: easel_point, control1: easel_point, control2: easel_point, end: easel_point
        let isLine: Bool
        func point(at t: Double) -> easel_point {
            if isLine { return easel_point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t) }
            let u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return easel_point(x: a * start.x + b * control1.x + c * control2.x + d * end.x,
                               y: a * start.y + b * control1.y + c * control2.y + d * end.y)
        }
        /// The length, from 32 chords.
        var length: Double {
            var total = 0.0, previous = start
            for step in 1...32 {
                let next = point(at: Double(step) / 32)
                total += ((next.x - previous.x) * (next.x - previous.x) + (next.y - previous.y) * (next.y - previous.y)).squareRoot()
                previous = next
            }
            return total
        }
    }

    /// Resolves an animation; throws a message naming what is wrong.
    init(_ animation: LayerAnimation, key: String, now: Double, completion: ((Bool) -> Void)?) throws(ViewError) {
        guard let target = LayerKeyPath.resolve(animation.keyPath) else {
            throw ViewError("unknown animatable key path '\(animation.keyPath)'; expected one of \(LayerKeyPath.known)")
        }
        let timing: [(String, Double)] = [("beginTime", animation.beginTime), ("duration", animation.duration),
                                          ("timeOffset", animation.timeOffset), ("speed", animation.speed)]
        for (name, value) in timing where !value.isFinite || abs(value) > 1e9 {
            throw ViewError("the animation's \(name) must be a finite number, got \(value)")
        }
        guard animation.duration >= 0 else { throw ViewError("the animation's duration must not be negative, got \(animation.duration)") }
        guard animation.speed >= 0 else { throw ViewError("the animation's speed must not be negative, got \(animation.speed)") }
        guard animation.repeatCount >= 0, !animation.repeatCount.isNaN else {
            throw ViewError("the animation's repeatCount must be 0 or more (infinity repeats forever), got \(animation.repeatCount)")
        }
        self.key = key
        self.animation = animation
        self.target = target
        self.begin = animation.beginTime == 0 ? now : animation.beginTime
        self.completion = completion
        self.duration = animation.duration > 0 ? animation.duration : 0.25
        self.cycles = animation.repeatCount > 0 ? animation.repeatCount : 1
        func lanes(_ value: LayerAnimationValue, _ what: String) throws(ViewError) -> [Double] {
            guard let lanes = target.lanesValue(value) else {
                throw ViewError("\(what) of '\(animation.keyPath)' must be \(target.kindName) with finite components, got \(value)")
            }
            return lanes
        }
        switch animation.kind {
        case .basic(let from, let to, let by):
            values = .basic(from: try from.map { (v: LayerAnimationValue) throws(ViewError) in try lanes(v, "fromValue") },
                            to: try to.map { (v: LayerAnimationValue) throws(ViewError) in try lanes(v, "toValue") },
                            by: try by.map { (v: LayerAnimationValue) throws(ViewError) in try lanes(v, "byValue") })
        case .keyframes(let list):
            guard !list.isEmpty, list.count <= LayerAnimation.maximumKeyframes else {
                throw ViewError("a keyframe animation of '\(animation.keyPath)' needs 1 to \(LayerAnimation.maximumKeyframes) values, got \(list.count)")
            }
            var resolved: [[Double]] = []
            for (index, value) in list.enumerated() { resolved.append(try lanes(value, "values[\(index)]")) }
            if target.property == .transform, target.kind == .transform {
                // A turn takes the short way between neighbouring keyframes.
                for index in resolved.indices.dropFirst() {
                    var a = AnimationValue.zero, b = AnimationValue.zero
                    target.write(resolved[index - 1], into: &a, additive: false)
                    target.write(resolved[index], into: &b, additive: false)
                    resolved[index] = target.read(AnimatedProperty.transform.prepared(from: a, to: b).1)
                }
            }
            let times = try Self.keyTimes(animation, count: resolved.count, distances: { Self.distances(resolved) })
            values = .keyframes(resolved, times: times)
        case .path(let path):
            guard target.kind == .point else {
                throw ViewError("a path animates a point: '\(animation.keyPath)' is \(target.kindName); use 'position'")
            }
            let segments = try Self.segments(path)
            let times = try Self.keyTimes(animation, count: segments.count + 1, distances: { segments.map(\.length) })
            values = .path(segments, times: times)
        }
        if let functions = animation.timingFunctions {
            let segments: Int
            switch values {
            case .keyframes(let list, _): segments = list.count - 1
            case .path(let list, _): segments = list.count
            case .basic: segments = 0
            }
            guard segments > 0, functions.count == segments else {
                throw ViewError("'\(animation.keyPath)': timingFunctions needs one function per keyframe segment (\(max(segments, 0))), got \(functions.count)")
            }
        }
    }

    /// The distances between neighbouring values (for paced keyframes).
    private static func distances(_ values: [[Double]]) -> [Double] {
        var result: [Double] = []
        for index in values.indices.dropFirst() {
            var sum = 0.0
            for (a, b) in zip(values[index - 1], values[index]) { sum += (b - a) * (b - a) }
            result.append(sum.squareRoot())
        }
        return result
    }

    private static func keyTimes(_ animation: LayerAnimation, count: Int, distances: () -> [Double]) throws(ViewError) -> [Double] {
        if animation.calculationMode == .paced, count > 1 {
            let lengths = distances()
            let total = lengths.reduce(0, +)
            guard total > 0 else { return (0..<count).map { Double($0) / Double(count - 1) } }
            var times = [0.0], sum = 0.0
            for length in lengths { sum += length; times.append(sum / total) }
            return times
        }
        guard let given = animation.keyTimes else {
            return count == 1 ? [0] : (0..<count).map { Double($0) / Double(count - 1) }
        }
        guard given.count == count else {
            throw ViewError("'\(animation.keyPath)': keyTimes needs one time per value (\(count)), got \(given.count)")
        }
        for (index, time) in given.enumerated() {
            guard time.isFinite, (0...1).contains(time), index == 0 || time >= given[index - 1] else {
                throw ViewError("'\(animation.keyPath)': keyTimes are from 0 to 1 in increasing order; keyTimes[\(index)] is \(time)")
            }
        }
        return given
    }

    private static func segments(_ path: AnimationPath) throws(ViewError) -> [Segment] {
        guard path.elements.count <= LayerAnimation.maximumKeyframes else {
            throw ViewError("a path of at most \(LayerAnimation.maximumKeyframes) elements, got \(path.elements.count)")
        }
        guard case .move(let first)? = path.elements.first else { throw ViewError("a path starts with a move") }
        var segments: [Segment] = []
        var current = first
        func finite(_ points: easel_point...) throws(ViewError) {
            for point in points where !point.x.isFinite || !point.y.isFinite || abs(point.x) > 1e9 || abs(point.y) > 1e9 {
                throw ViewError("a path's points must be finite, got (\(point.x), \(point.y))")
            }
        }
        try finite(first)
        for (index, element) in path.elements.enumerated().dropFirst() {
            switch element {
            case .move: throw ViewError("a path is one subpath: element \(index) is a second move")
            case .line(let to):
                try finite(to)
                segments.append(Segment(start: current, control1: current, control2: to, end: to, isLine: true))
                current = to
            case .quadCurve(let to, let control):
                try finite(to, control)
                // The quadratic as a cubic: controls two thirds of the way to the quadratic's control.
                let c1 = easel_point(x: current.x + 2 / 3 * (control.x - current.x), y: current.y + 2 / 3 * (control.y - current.y))
                let c2 = easel_point(x: to.x + 2 / 3 * (control.x - to.x), y: to.y + 2 / 3 * (control.y - to.y))
                segments.append(Segment(start: current, control1: c1, control2: c2, end: to, isLine: false))
                current = to
            case .curve(let to, let control1, let control2):
                try finite(to, control1, control2)
                segments.append(Segment(start: current, control1: control1, control2: control2, end: to, isLine: false))
                current = to
            case .close:
                segments.append(Segment(start: current, control1: current, control2: first, end: first, isLine: true))
                current = first
            }
        }
        guard !segments.isEmpty else { throw ViewError("a path needs a line or a curve after its move") }
        return segments
    }

    // MARK: Time

    private var cycle: Double { animation.autoreverses ? 2 * duration : duration }
    /// The active local time: `cycles` cycles.
    private var activeLength: Double { cycles.isInfinite ? .infinity : cycle * cycles }

    /// When it ends on the clock (infinity when it repeats forever or its speed is 0).
    var end: Double {
        guard activeLength.isFinite, animation.speed > 0 else { return .infinity }
        return begin + max(activeLength - animation.timeOffset, 0) / animation.speed
    }

    /// The progress (0...1 of the values) at a clock time; `nil` when the animation shows nothing then.
    func progress(at time: Double) -> Double? {
        let local = (time - begin) * animation.speed + animation.timeOffset
        if time < begin {
            guard animation.fillMode == .backwards || animation.fillMode == .both else { return nil }
            return fraction(atLocal: max(animation.timeOffset, 0))
        }
        if local >= activeLength {
            guard !animation.isRemovedOnCompletion, animation.fillMode == .forwards || animation.fillMode == .both else { return nil }
            return fraction(atLocal: activeLength, atEnd: true)
        }
        return fraction(atLocal: max(local, 0))
    }

    private func fraction(atLocal local: Double, atEnd: Bool = false) -> Double {
        var position = local.truncatingRemainder(dividingBy: cycle)
        if atEnd, position == 0, local > 0 { position = cycle }
        let linear = position <= duration ? position / duration : (cycle - position) / duration
        return animation.timingFunction?.progress(at: linear) ?? linear
    }

    // MARK: Values

    /// Applies the animation's value at `time` to the value of its property so far.
    func apply(to value: inout AnimationValue, at time: Double) {
        guard let progress = progress(at: time) else { return }
        let lanes = self.lanes(at: progress, current: target.read(value))
        target.write(lanes, into: &value, additive: animation.isAdditive)
    }

    /// The key path's value at a progress.
    func lanes(at progress: Double, current: [Double]) -> [Double] {
        func mix(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] { zip(a, b).map { $0 + ($1 - $0) * t } }
        func add(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map(+) }
        func subtract(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map(-) }
        switch values {
        case .basic(let from, let to, let by):
            // An additive animation's "current" value is what it adds to: nothing.
            let base = animation.isAdditive ? target.neutral : current
            switch (from, to, by) {
            case (let f?, let t?, _): return mix(f, t, progress)
            case (let f?, nil, let b?): return mix(f, add(f, b), progress)
            case (nil, let t?, let b?): return mix(subtract(t, b), t, progress)
            case (let f?, nil, nil): return mix(f, base, progress)
            case (nil, let t?, nil): return mix(base, t, progress)
            case (nil, nil, let b?): return mix(base, add(base, b), progress)
            case (nil, nil, nil): return base
            }
        case .keyframes(let list, let times):
            let (index, t) = segment(progress, times: times)
            guard index + 1 < list.count else { return list[min(index, list.count - 1)] }
            return mix(list[index], list[index + 1], t)
        case .path(let segments, let times):
            let (index, t) = segment(progress, times: times)
            guard index < segments.count else {
                let last = segments[segments.count - 1].end
                return [last.x, last.y]
            }
            let point = segments[index].point(at: t)
            return [point.x, point.y]
        }
    }

    /// The keyframe segment a progress falls in and the eased progress within it.
    private func segment(_ progress: Double, times: [Double]) -> (Int, Double) {
        guard times.count > 1 else { return (0, 0) }
        if progress <= times[0] { return (0, 0) }
        if progress >= times[times.count - 1] {
            return animation.calculationMode == .discrete ? (times.count - 1, 0) : (times.count - 2, 1)
        }
        var index = 0
        while index + 2 < times.count, times[index + 1] <= progress { index += 1 }
        let span = times[index + 1] - times[index]
        if animation.calculationMode == .discrete { return (index, 0) }
        var t = span > 0 ? (progress - times[index]) / span : 1
        if animation.calculationMode != .paced, let functions = animation.timingFunctions, index < functions.count {
            t = functions[index].progress(at: t)
        }
        return (index, t)
    }
}

/// The keyed animations of a view's layer or a standalone layer, in the order added.
final class KeyedAnimations {
    var list: [RunningLayerAnimation] = []

    /// Applies the animations of `property` to its value so far.
    func apply(_ property: AnimatedProperty, to value: inout AnimationValue, at time: Double) {
        for running in list where running.target.property == property { running.apply(to: &value, at: time) }
    }

    /// The properties with an animation, each once.
    var properties: [AnimatedProperty] {
        var seen: [AnimatedProperty] = []
        for running in list where !seen.contains(running.target.property) { seen.append(running.target.property) }
        return seen
    }

    /// The latest finite end.
    var latestEnd: Double? {
        list.compactMap { $0.end.isFinite ? $0.end : nil }.max()
    }
}
