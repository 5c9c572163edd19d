// A scene step that animates a view:
//
//     {"at": 0.5, "animate": {"view": "card", "duration": 0.3, "delay": 0, "curve": "easeInOut",
//                             "options": ["autoreverse"], "set": {"center": [200, 120], "alpha": 0.5,
//                                                                  "layer": {"cornerRadius": 12}}}}
//
// `curve` is `linear`, `easeIn`, `easeOut`, `easeInOut` (the default), control
// points [x1, y1, x2, y2], or `spring` with `damping` (ratio, default 0.5) and
// `velocity` (distances per second, default 0). `set` takes the view keys
// `frame`, `bounds`, `center`, `transform`, `alpha`, `backgroundColor` and a
// `layer` object (its keys as in a view, plus `position` and `anchorPoint`).
// Every value is checked when the scene is built; the step runs
// `View.animate` with the changes at its time.

import EaselABI
import EaselEncoding
import EaselGeometry
import EaselRuntime
import EaselViews

/// An `animate` step: a view, a timing, and the changes to animate.
public struct SceneAnimation {
    /// The animated view.
    public let view: View
    /// Seconds the animation runs (each way with `autoreverse`).
    public let duration: Double
    /// Seconds from the step's time to the animation's start.
    public let delay: Double
    /// UIKit's options (repeat, autoreverse, beginFromCurrentState, …).
    public let options: AnimationOptions
    /// The curve or spring.
    public let curve: AnimationCurve
    /// The changes, applied inside the animation block.
    let changes: [(View) -> Void]

    /// How long after the step the animation ends (one cycle when it repeats).
    public var length: Double { delay + duration * (options.contains(.autoreverse) ? 2 : 1) }

    /// Runs the animation from the clock's current time.
    public func run() {
        let changes = self.changes, view = self.view
        View.animate(withDuration: duration, delay: delay, options: options, curve: curve) {
            for change in changes { change(view) }
        }
    }

    /// The keys of `set`.
    static let setKeys: Set<String> = ["frame", "bounds", "center", "transform", "alpha", "backgroundColor", "layer"]
    /// The keys of `animate`.
    static let keys: Set<String> = ["view", "duration", "delay", "curve", "damping", "velocity", "options", "set"]
    /// The names of `options`.
    static let optionNames: [(String, AnimationOptions)] = [
        ("repeat", .repeat), ("autoreverse", .autoreverse), ("beginFromCurrentState", .beginFromCurrentState),
        ("allowUserInteraction", .allowUserInteraction), ("layoutSubviews", .layoutSubviews),
    ]
    /// The longest duration or delay a step may ask for, in seconds: an hour.
    public static let maximumDuration: Double = 3600

    /// Reads an `animate` object for `view`.
    static func parse(_ node: Node, view: View) throws(SceneError) -> SceneAnimation {
        _ = try node.requireObject()
        try node.checkKeys(keys)
        func seconds(_ key: String, default value: Double) throws(SceneError) -> Double {
            guard let child = node.child(key) else { return value }
            let number = try child.number()
            guard number.isFinite, number >= 0, number <= maximumDuration else {
                throw child.error("'\(key)' is a number of seconds from 0 to \(ValueCodec.formatReal(maximumDuration))")
            }
            return number
        }
        let duration = try seconds("duration", default: 0.25)
        let delay = try seconds("delay", default: 0)
        var options: AnimationOptions = []
        for item in try node.child("options")?.elements() ?? [] {
            let name = try item.string()
            guard let option = optionNames.first(where: { $0.0 == name })?.1 else {
                throw item.error("unknown animation option '\(name)'; expected \(optionNames.map(\.0).joined(separator: ", "))")
            }
            options.insert(option)
        }
        let curve = try self.curve(node)
        if node.child("curve").flatMap({ try? $0.string() }) != "spring" {
            for key in ["damping", "velocity"] where node.child(key) != nil {
                throw node.child(key)!.error("'\(key)' belongs to a spring: add \"curve\": \"spring\"")
            }
        }
        guard let set = node.child("set") else { throw node.error("an animate step needs 'set': the values to animate to") }
        let changes = try self.changes(set)
        return SceneAnimation(view: view, duration: duration, delay: delay, options: options, curve: curve, changes: changes)
    }

    private static func curve(_ node: Node) throws(SceneError) -> AnimationCurve {
        guard let curveNode = node.child("curve") else { return .timing(.easeInOut) }
        if let numbers = try? curveNode.numbers(4, "control points [x1, y1, x2, y2]") {
            guard numbers.allSatisfy(\.isFinite), (0...1).contains(numbers[0]), (0...1).contains(numbers[2]) else {
                throw curveNode.error("control points [x1, y1, x2, y2] need x1 and x2 between 0 and 1")
            }
            return .timing(TimingFunction(controlPoints: numbers[0], numbers[1], numbers[2], numbers[3]))
        }
        let name = try curveNode.string()
        switch name {
        case "linear": return .timing(.linear)
        case "easeIn": return .timing(.easeIn)
        case "easeOut": return .timing(.easeOut)
        case "easeInOut": return .timing(.easeInOut)
        case "spring":
            var damping = 0.5, velocity = 0.0
            if let value = node.child("damping") {
                damping = try value.number()
                guard damping.isFinite, damping > 0, damping <= 100 else {
                    throw value.error("a spring's damping ratio is greater than 0 and at most 100 (1: critically damped)")
                }
            }
            if let value = node.child("velocity") {
                velocity = try value.number()
                guard velocity.isFinite, abs(velocity) <= 1000 else { throw value.error("a spring's velocity is at most 1000 distances per second") }
            }
            return .spring(dampingRatio: damping, initialVelocity: velocity)
        default:
            throw curveNode.error("unknown curve '\(name)'; expected linear, easeIn, easeOut, easeInOut, spring "
                                  + "or control points [x1, y1, x2, y2]")
        }
    }

    /// The changes of a `set` object, checked.
    static func changes(_ set: Node) throws(SceneError) -> [(View) -> Void] {
        _ = try set.requireObject()
        try set.checkKeys(setKeys)
        var changes: [(View) -> Void] = []
        if let node = set.child("frame") { let value = try ValueConversion.rect(node); changes.append { $0.frame = value } }
        if let node = set.child("bounds") { let value = try ValueConversion.rect(node); changes.append { $0.bounds = value } }
        if let node = set.child("center") { let value = try ValueConversion.point(node); changes.append { $0.center = value } }
        if let node = set.child("transform") { let value = try ValueConversion.transform(node); changes.append { $0.transform = value } }
        if let node = set.child("alpha") {
            let value = try node.number()
            guard value.isFinite, (0...1).contains(value) else { throw node.error("an alpha is between 0 and 1") }
            changes.append { $0.alpha = value }
        }
        if let node = set.child("backgroundColor") {
            let value = try ValueConversion.color(node)
            changes.append { $0.backgroundColor = value }
        }
        if let layer = set.child("layer") {
            for change in try SceneLayer.changes(layer, viewNode: nil) { changes.append { change($0.layer) } }
            if let node = layer.child("position") { let value = try ValueConversion.point(node); changes.append { $0.center = value } }
            if let node = layer.child("anchorPoint") {
                let value = try ValueConversion.point(node)
                guard abs(value.x) <= 1e6, abs(value.y) <= 1e6 else { throw node.error("an anchor point is at most 1e6 each way") }
                changes.append { $0.layer.anchorPoint = value }
            }
        }
        return changes
    }
}

extension Registry {
    /// The latest end of a running view animation that does not repeat (`nil` when none runs).
    public var latestAnimationEnd: Double? { View.latestAnimationEnd(in: self) }
}
