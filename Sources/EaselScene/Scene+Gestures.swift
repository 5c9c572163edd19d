#if canImport(Glibc)
import Glibc
#endif
import EaselABI
import EaselEncoding
import EaselRuntime
import EaselViews

// Scripted input and gesture recognizers in scenes.
//
// Steps:
//   {"at": 0.1, "touches": [{"finger": 1, "phase": "began", "at": [40, 40]}, {"finger": 2, …}]}
//       one event: each finger's change at once (phases began, moved,
//       stationary, ended, cancelled; points in root coordinates).
//   {"tap": [x, y], "count": 2}                        count taps, each down 0.05 s, 0.15 s apart
//   {"pan": {"from": [..], "to": [..], "duration": 0.3}}   a finger moving at 60 events a second
//   {"pinch": {"center": [..], "scale": 2, "distance": 100, "rotation": 0, "duration": 0.3}}
//       two fingers on a horizontal line through the center, `distance` apart
//       (default 100), moving to `scale` times that distance, turned by
//       `rotation` radians (clockwise), at 60 events a second
//   {"longPress": [x, y], "duration": 0.8}             a finger held `duration` seconds
// A gesture's first event is delivered at the step's time and the others by
// timers on the media clock, so `easel render --at` during a gesture shows
// the state then; the scene's duration includes the end of its last gesture.
// Shorthands use fingers 1001 and 1002.
//
// View key:
//   "gestureRecognizers": [{"class": "TapGestureRecognizer", "numberOfTapsRequired": 2,
//                           "target": "self" | a view id | {"class": …}, "action": "handleTap:",
//                           "id": "doubleTap", "requireToFail": "otherID"}]
// Other keys are the recognizer's properties by name (built-in or declared by a plugin class).

/// A recognizer's target and action, resolved once all view ids are known.
struct PendingTarget {
    let recognizer: GestureRecognizer
    let view: View
    let target: Node?
    let action: Node?
    let requireToFail: Node?
}

extension Builder {
    /// The events a second gesture shorthand produces per second (60).
    static let gestureEventRate = 60.0
    /// The longest gesture shorthand, in seconds.
    static let maximumGestureDuration = 60.0

    /// The recognizer keys that are not properties.
    static let recognizerKeys: Set<String> = ["class", "id", "target", "action", "requireToFail", "delegate"]

    mutating func gestureRecognizers(_ node: Node, of view: View) throws(SceneError) {
        for item in try node.elements() {
            let members = try item.requireObject()
            guard let classNode = item.child("class") else {
                throw item.error("a gesture recognizer needs a 'class' (TapGestureRecognizer, PanGestureRecognizer, …)")
            }
            let name = try classNode.string()
            guard let cls = registry.objectClass(named: name) else {
                throw classNode.error("unknown class '\(name)'\(suggestion(for: name))")
            }
            guard cls.ancestry.contains(where: { $0.name == "GestureRecognizer" }) else {
                throw classNode.error("class '\(name)' is not a gesture recognizer class (it does not inherit from GestureRecognizer)")
            }
            let object: EaselObject
            do { object = try registry.makeObject(ofClass: name) } catch { throw classNode.error(error.message) }
            guard let recognizer = object as? GestureRecognizer else { throw classNode.error("class '\(name)' is not a gesture recognizer class") }
            let declared = Set(cls.ancestry.flatMap { $0.properties.map(\.name) } + cls.builtInProperties.keys)
            for key in members.keys.sorted() where !Self.recognizerKeys.contains(key) {
                guard declared.contains(key) else {
                    let names = (Self.recognizerKeys.union(declared)).sorted()
                    throw item.child(key)!.error("a \(name) has no key '\(key)' (keys: \(names.joined(separator: ", ")))"
                                                 + NameSuggestion.clause(for: key, among: names))
                }
                try set(key, of: recognizer, to: item.child(key)!, what: "property '\(key)'")
            }
            if let idNode = item.child("id") {
                let id = try idNode.string()
                guard recognizerIDs[id] == nil else { throw idNode.error("the gesture recognizer id '\(id)' is used twice") }
                recognizerIDs[id] = recognizer
            }
            if let delegateNode = item.child("delegate") { recognizer.delegate = try self.object(delegateNode) }
            if (item.child("target") == nil) != (item.child("action") == nil) {
                throw item.error("a gesture recognizer's 'target' and 'action' come together")
            }
            view.addGestureRecognizer(recognizer)
            pendingTargets.append(PendingTarget(recognizer: recognizer, view: view, target: item.child("target"),
                                                action: item.child("action"), requireToFail: item.child("requireToFail")))
        }
    }

    /// Connects targets and failure requirements once every view and recognizer id is known.
    mutating func resolveTargets(root: View) throws(SceneError) {
        for pending in pendingTargets {
            if let requirement = pending.requireToFail {
                let id = try requirement.string()
                guard let other = recognizerIDs[id] else {
                    throw requirement.error("no gesture recognizer has the id '\(id)'"
                                            + (recognizerIDs.isEmpty ? "" : "; ids: \(recognizerIDs.keys.sorted().joined(separator: ", "))"))
                }
                pending.recognizer.requireToFail(other)
            }
            guard let targetNode = pending.target, let actionNode = pending.action else { continue }
            let target: EaselObject
            if case .string(let name) = targetNode.value {
                target = name == "self" ? pending.view : try view(named: targetNode)
            } else {
                target = try object(targetNode)
            }
            let action = try actionNode.string()
            guard !action.isEmpty, action.count <= 256 else { throw actionNode.error("an action is a selector name such as 'handleTap:'") }
            do { try pending.recognizer.addTarget(target, action: Selector(action)) } catch { throw actionNode.error(error.message) }
        }
    }

    /// A `touches` step or a gesture shorthand, or `nil` for another kind of step.
    mutating func inputStep(_ node: Node) throws(SceneError) -> SceneStep? {
        if let touches = node.child("touches") {
            try node.checkKeys(["touches", "at"])
            var inputs: [TouchInput] = []
            for item in try touches.elements() {
                try item.checkKeys(["finger", "phase", "at"])
                guard let fingerNode = item.child("finger"), let phaseNode = item.child("phase"), let atNode = item.child("at") else {
                    throw item.error("a touch needs a 'finger' (a whole number), a 'phase' (began, moved, stationary, ended, cancelled) and a point 'at' [x, y]")
                }
                let number = try fingerNode.number()
                guard number == number.rounded(), abs(number) <= 1_000_000 else {
                    throw fingerNode.error("a finger is a whole number from -1000000 to 1000000")
                }
                let finger = Int(number)
                let names: [String: TouchPhase] = ["began": .began, "moved": .moved, "stationary": .stationary,
                                                   "ended": .ended, "cancelled": .cancelled]
                guard let phase = names[try phaseNode.string()] else {
                    throw phaseNode.error("unknown touch phase; expected began, moved, stationary, ended or cancelled")
                }
                guard !inputs.contains(where: { $0.finger == finger }) else { throw fingerNode.error("finger \(finger) appears twice in this step") }
                if phase == .began {
                    guard !fingersDown.contains(finger) else { throw phaseNode.error("finger \(finger) began in an earlier step and has not ended") }
                } else {
                    guard fingersDown.contains(finger) else { throw phaseNode.error("finger \(finger) is \(phase) but it is not down: a touch starts with 'began'") }
                }
                inputs.append(TouchInput(finger: finger, phase, at: try windowPoint(atNode)))
            }
            for input in inputs {
                if input.phase == .began { fingersDown.insert(input.finger) }
                if input.phase == .ended || input.phase == .cancelled { fingersDown.remove(input.finger) }
            }
            return .touches(inputs, path: node.path)
        }
        if let tapNode = node.child("tap") {
            try node.checkKeys(["tap", "count", "at"])
            let point = try windowPoint(tapNode)
            var count = 1
            if let countNode = node.child("count") {
                let value = try countNode.number()
                guard value == value.rounded(), value >= 1, value <= 10 else { throw countNode.error("a tap count is a whole number from 1 to 10") }
                count = Int(value)
            }
            var events: [(offset: Double, inputs: [TouchInput])] = []
            for index in 0..<count {
                let start = Double(index) * 0.15
                events.append((start, [TouchInput(finger: 1001, .began, at: point)]))
                events.append((start + 0.05, [TouchInput(finger: 1001, .ended, at: point)]))
            }
            return .gesture(events, path: node.path)
        }
        if let longNode = node.child("longPress") {
            try node.checkKeys(["longPress", "duration", "at"])
            let point = try windowPoint(longNode)
            let duration = try gestureDuration(node.child("duration"), default: 0.8)
            return .gesture([(0, [TouchInput(finger: 1001, .began, at: point)]), (duration, [TouchInput(finger: 1001, .ended, at: point)])],
                            path: node.path)
        }
        if let panNode = node.child("pan") {
            try node.checkKeys(["pan", "at"])
            _ = try panNode.requireObject()
            try panNode.checkKeys(["from", "to", "duration"])
            guard let fromNode = panNode.child("from"), let toNode = panNode.child("to") else {
                throw panNode.error("a pan needs 'from' [x, y] and 'to' [x, y] (and optionally a 'duration' in seconds, default 0.3)")
            }
            let from = try windowPoint(fromNode), to = try windowPoint(toNode)
            let duration = try gestureDuration(panNode.child("duration"), default: 0.3)
            let steps = max(1, Int((duration * Self.gestureEventRate).rounded(.up)))
            var events: [(offset: Double, inputs: [TouchInput])] = [(0, [TouchInput(finger: 1001, .began, at: from)])]
            for step in 1...steps {
                let f = Double(step) / Double(steps)
                let point = easel_point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
                events.append((duration * f, [TouchInput(finger: 1001, .moved, at: point)]))
            }
            events.append((duration, [TouchInput(finger: 1001, .ended, at: to)]))
            return .gesture(events, path: node.path)
        }
        if let pinchNode = node.child("pinch") {
            try node.checkKeys(["pinch", "at"])
            _ = try pinchNode.requireObject()
            try pinchNode.checkKeys(["center", "scale", "distance", "rotation", "duration"])
            guard let centerNode = pinchNode.child("center") else {
                throw pinchNode.error("a pinch needs a 'center' [x, y] (and 'scale', 'distance', 'rotation', 'duration')")
            }
            let center = try windowPoint(centerNode)
            let scale = try number(pinchNode.child("scale"), default: 1, range: 0.01...100, "a pinch's scale is a number from 0.01 to 100")
            let distance = try number(pinchNode.child("distance"), default: 100, range: 1...10_000, "a pinch's distance is a number of points from 1 to 10000")
            let rotation = try number(pinchNode.child("rotation"), default: 0, range: -100...100, "a pinch's rotation is a number of radians from -100 to 100")
            let duration = try gestureDuration(pinchNode.child("duration"), default: 0.3)
            let steps = max(1, Int((duration * Self.gestureEventRate).rounded(.up)))
            func fingers(_ f: Double) -> (easel_point, easel_point) {
                let half = distance * (1 + (scale - 1) * f) / 2, angle = rotation * f
                let dx = half * cos(angle), dy = half * sin(angle)
                return (easel_point(x: center.x - dx, y: center.y - dy), easel_point(x: center.x + dx, y: center.y + dy))
            }
            let (a0, b0) = fingers(0)
            var events: [(offset: Double, inputs: [TouchInput])] = [
                (0, [TouchInput(finger: 1001, .began, at: a0), TouchInput(finger: 1002, .began, at: b0)])]
            for step in 1...steps {
                let (a, b) = fingers(Double(step) / Double(steps))
                events.append((duration * Double(step) / Double(steps),
                               [TouchInput(finger: 1001, .moved, at: a), TouchInput(finger: 1002, .moved, at: b)]))
            }
            let (a1, b1) = fingers(1)
            events.append((duration, [TouchInput(finger: 1001, .ended, at: a1), TouchInput(finger: 1002, .ended, at: b1)]))
            return .gesture(events, path: node.path)
        }
        return nil
    }

    private func number(_ node: Node?, default value: Double, range: ClosedRange<Double>, _ message: String) throws(SceneError) -> Double {
        guard let node else { return value }
        let number = try node.number()
        guard number.isFinite, range.contains(number) else { throw node.error(message) }
        return number
    }

    private func gestureDuration(_ node: Node?, default value: Double) throws(SceneError) -> Double {
        try number(node, default: value, range: 0.01...Self.maximumGestureDuration,
                   "a gesture's duration is a number of seconds from 0.01 to \(ValueCodec.formatReal(Self.maximumGestureDuration))")
    }

    /// A point [x, y] inside the window (UIKit delivers only touches inside it).
    func windowPoint(_ node: Node) throws(SceneError) -> easel_point {
        let point = try ValueConversion.point(node)
        guard point.x >= canvas.minX, point.x <= canvas.maxX, point.y >= canvas.minY, point.y <= canvas.maxY else {
            throw node.error("the touch at [\(ValueCodec.formatReal(point.x)), \(ValueCodec.formatReal(point.y))] is "
                             + "outside the window, which is \(ValueCodec.formatReal(canvas.width)) x "
                             + "\(ValueCodec.formatReal(canvas.height)) points; UIKit delivers only touches inside it")
        }
        return point
    }
}
