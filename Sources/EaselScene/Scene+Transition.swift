// A scene step that runs a view transition:
//
//     {"at": 0.5, "transition": {"from": "front", "to": "back", "duration": 0.6,
//                                "options": ["flipFromLeft", "showHideTransitionViews"]}}
//     {"at": 0.5, "transition": {"view": "card", "duration": 0.6, "options": "crossDissolve",
//                                "set": {"backgroundColor": "#00ff00"}, "hidden": {"front": true, "back": false}}}
//
// The first form is `View.transition(from:to:…)`: `to` replaces `from` in
// from's superview (with `showHideTransitionViews` both are in the tree: `to`
// is shown and `from` hidden; without it `to` must not be hidden). The
// second is `View.transition(with:…)`: the changes of `set` (as an animate
// step's) to the view, and `hidden` (view ids to true or false), made at
// once and shown through the transition. `options` is one name or a list:
// flipFromLeft, flipFromRight, flipFromTop, flipFromBottom, curlUp,
// curlDown, crossDissolve, showHideTransitionViews; `curve` is linear,
// easeIn, easeOut or easeInOut (the default). Every value is checked when
// the scene is built, with the JSON path of what is wrong.

import EaselEncoding
import EaselViews

/// A `transition` step (see the top of this file).
public struct SceneTransition {
    /// What changes: one view replaced by another, or one view changed in place.
    public enum Change {
        case replace(from: View, to: View)
        case update(View, changes: [(View) -> Void], hidden: [(View, Bool)])
    }
    public let change: Change
    /// Seconds the transition runs.
    public let duration: Double
    /// The transition, its curve and `showHideTransitionViews`.
    public let options: AnimationOptions

    /// How long after the step the transition ends.
    public var length: Double { duration }

    /// The keys of `transition`.
    static let keys: Set<String> = ["from", "to", "view", "duration", "options", "curve", "set", "hidden"]
    /// The option names.
    static let optionNames: [(String, AnimationOptions)] = [
        ("flipFromLeft", .transitionFlipFromLeft), ("flipFromRight", .transitionFlipFromRight),
        ("flipFromTop", .transitionFlipFromTop), ("flipFromBottom", .transitionFlipFromBottom),
        ("curlUp", .transitionCurlUp), ("curlDown", .transitionCurlDown), ("crossDissolve", .transitionCrossDissolve),
        ("showHideTransitionViews", .showHideTransitionViews),
    ]
    static let curveNames: [(String, AnimationOptions)] = [
        ("linear", .curveLinear), ("easeIn", .curveEaseIn), ("easeOut", .curveEaseOut), ("easeInOut", .curveEaseInOut),
    ]

    /// Runs the transition from the clock's current time.
    ///
    /// A `from` that has left its superview by then (another step removed it) makes the step do nothing.
    public func run() {
        switch change {
        case .replace(let from, let to):
            try? View.transition(from: from, to: to, duration: duration, options: options)
        case .update(let view, let changes, let hidden):
            try? View.transition(with: view, duration: duration, options: options) {
                for change in changes { change(view) }
                for (other, isHidden) in hidden { other.isHidden = isHidden }
            }
        }
    }

    /// Reads a `transition` object; `view(named:)` finds a view by id (errors naming the node).
    static func parse(_ node: Node, view: (Node) throws(SceneError) -> View) throws(SceneError) -> SceneTransition {
        _ = try node.requireObject()
        try node.checkKeys(keys)
        var duration = 0.25
        if let child = node.child("duration") {
            duration = try child.number()
            guard duration.isFinite, duration >= 0, duration <= SceneAnimation.maximumDuration else {
                throw child.error("'duration' is a number of seconds from 0 to \(ValueCodec.formatReal(SceneAnimation.maximumDuration))")
            }
        }
        var options: AnimationOptions = []
        var transitions = 0
        if let list = node.child("options") {
            let items = (try? list.elements()) ?? [list]
            for item in items {
                let name = try item.string()
                guard let option = optionNames.first(where: { $0.0 == name })?.1 else {
                    throw item.error("unknown transition option '\(name)'; expected \(optionNames.map(\.0).joined(separator: ", "))")
                }
                if option != .showHideTransitionViews { transitions += 1 }
                options.insert(option)
            }
            guard transitions <= 1 else { throw list.error("a transition has one kind; the options name \(transitions)") }
        }
        if let curve = node.child("curve") {
            let name = try curve.string()
            guard let option = curveNames.first(where: { $0.0 == name })?.1 else {
                throw curve.error("unknown transition curve '\(name)'; expected \(curveNames.map(\.0).joined(separator: ", "))")
            }
            options.insert(option)
        }
        if let viewNode = node.child("view") {
            for key in ["from", "to"] where node.child(key) != nil {
                throw node.child(key)!.error("'\(key)' belongs to a transition from one view to another; this one changes 'view'")
            }
            guard !options.contains(.showHideTransitionViews) else {
                throw node.child("options")!.error("showHideTransitionViews belongs to a transition from one view to another")
            }
            let target = try view(viewNode)
            let changes = try node.child("set").map { (set: Node) throws(SceneError) in try SceneAnimation.changes(set) } ?? []
            var hidden: [(View, Bool)] = []
            if let hiddenNode = node.child("hidden") {
                for key in try hiddenNode.requireObject().keys.sorted() {
                    guard let child = hiddenNode.child(key) else { continue }
                    let flag = try child.bool()
                    // The key is the view's id: looked up as a string at the member's path.
                    hidden.append((try view(Node(value: .string(key), path: child.path)), flag))
                }
            }
            guard node.child("set") != nil || !hidden.isEmpty else {
                throw node.error("a transition of 'view' needs 'set' or 'hidden': the changes to show")
            }
            return SceneTransition(change: .update(target, changes: changes, hidden: hidden), duration: duration, options: options)
        }
        guard let fromNode = node.child("from"), let toNode = node.child("to") else {
            throw node.error("a transition step needs 'from' and 'to' (view ids: to replaces from) or 'view' (a view id) with 'set'")
        }
        for key in ["set", "hidden"] where node.child(key) != nil {
            throw node.child(key)!.error("'\(key)' belongs to a transition of one 'view'")
        }
        let from = try view(fromNode), to = try view(toNode)
        guard from !== to else { throw toNode.error("a transition goes from one view to another; 'from' and 'to' are the same view") }
        if options.contains(.showHideTransitionViews) {
            guard from.superview != nil, to.superview != nil else {
                throw node.error("with showHideTransitionViews 'from' and 'to' are both in the tree; one is the root")
            }
        } else {
            guard from.superview != nil else { throw fromNode.error("'from' must have a superview: the root cannot be replaced") }
            guard !to.isHidden else {
                throw toNode.error("'to' is hidden: add \"showHideTransitionViews\" to options to show it in place "
                                   + "(UIKit's showHideTransitionViews), or make it visible")
            }
            guard !from.isDescendant(of: to), !to.isDescendant(of: from) else {
                throw toNode.error("'from' and 'to' must not contain one another")
            }
        }
        return SceneTransition(change: .replace(from: from, to: to), duration: duration, options: options)
    }
}
