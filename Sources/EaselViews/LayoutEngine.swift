import EaselABI
import EaselConstraintSolver
import EaselRuntime
import Synchronization

// The constraint engine of one view tree, kept on its root view.
//
// Each view that a constraint mentions (and each view between it and the
// constraint's holder, the items' nearest common ancestor) has four solver
// variables: its frame's left, top, width and height in its superview's bounds
// coordinates. An attribute of a view in the holder's coordinates is then linear
// in those variables (the ancestors' lefts are added along the way, less their
// bounds origins), so each `LayoutConstraint` is one solver constraint. A view
// that translates its autoresizing mask into constraints (the default) and the
// root have their four variables pinned to their current frame by required
// constraints: autoresizing has already placed them, and the pins follow every
// frame change at the next layout pass (a constant change, not a new solve).
//
// Layout, before the views' own `layoutSubviews` (`View.layoutIfNeeded` calls
// `layoutConstraintsIfNeeded`): refresh the pins, then set the frame of every view
// laid out by constraints from the solution, outer views first; repeated while
// setting frames moved pinned views (their autoresizing), at most four times.
// Activating, deactivating, changing a constant or a priority changes the solver
// incrementally; a change of the tree's structure rebuilds the engine at the next
// layout pass from the constraints the views hold.
//
// A required constraint that conflicts with those already in the engine is broken
// (left out of the solver) and reported as UIKit does, through the registry's
// diagnostics: "Unable to simultaneously satisfy constraints", the constraints
// involved and the one broken. All of those are required, so the one broken is the
// newest, the one being added.
//
// A view placed by constraints that has an intrinsic content size gets hugging and
// compression resistance constraints on it (View+IntrinsicContentSize.swift).
//
// `setNeedsUpdateConstraints` queues a view on the engine; the pass sends the queued
// views `updateConstraints` (deepest first) before it solves.
//
// Layout guides, margins, right-to-left leading and trailing and baselines: see
// LayoutGuide.swift.
//
// Transforms and right-handed views: as in UIKit, the engine places a view by its
// center and bounds, never its transform. A view's four variables are its
// `layoutRect`: its bounds' size placed where its center and anchor point put it
// with the identity transform, in its superview's down space (y down, from the top
// of the bounds, also inside a right-handed superview, whose own y points up; so
// `top` is the visual top everywhere, as in AppKit's unflipped views). Setting one
// sets the center and the bounds' size, so a transform neither changes what
// constraints give nor is changed by them. When a right-handed view changes height,
// the subviews that constraints place are placed again (their down-space rects are
// the same, their centers in its y-up coordinates are not).

/// A weak reference to a view.
struct Weak {
    weak var view: View?
    init(_ view: View) { self.view = view }
}

final class LayoutEngine {
    /// Active constraints in the process: with none, layout passes skip the engine entirely.
    static let activeConstraints = Atomic<Int>(0)

    /// A view's four variables and, when it is pinned, the constraints that pin them.
    final class Frame {
        weak var view: View?
        let depth: Int
        let left: Variable, top: Variable, width: Variable, height: Variable
        var pins: [Constraint] = []
        var pinned = easel_rect.zero
        /// The hugging and compression resistance constraints on each dimension with an intrinsic size.
        var intrinsic: [(constraint: Constraint, axis: LayoutAxis)] = []
        var intrinsicSize = easel_size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)

        /// The guide, for a guide's variables (then `view` is nil).
        weak var guide: LayoutGuide?

        init(guide: LayoutGuide, depth: Int) {
            self.guide = guide
            self.depth = depth
            left = Variable("minX")
            top = Variable("minY")
            width = Variable("width")
            height = Variable("height")
        }

        init(view: View) {
            self.view = view
            depth = view.depth
            // Short names: reports name constraints by their layout constraints and labels.
            left = Variable("minX")
            top = Variable("minY")
            width = Variable("width")
            height = Variable("height")
        }
    }

    weak var root: View?
    var solver = Solver()
    var frames: [ObjectIdentifier: Frame] = [:]
    /// The frames outer views first, for setting them.
    var ordered: [Frame] = []
    var orderIsStale = false
    /// The solver constraint of each layout constraint in the engine.
    var entries: [ObjectIdentifier: (layout: LayoutConstraint, solver: Constraint)] = [:]
    /// Layout constraints broken on a conflict (kept active, left out of the solver).
    var broken: [ObjectIdentifier: LayoutConstraint] = [:]
    var needsRebuild = true
    /// Views that asked for `updateConstraints`.
    var pendingUpdates: [Weak] = []
    /// Set by a rebuild: the next pass sets every frame, not only those whose variables changed.
    var setsAllFrames = true
    /// Frames to set again at the next round of a pass (subviews of a right-handed view whose height changed).
    var replaced: [Frame] = []
    /// The frame each variable belongs to.
    var frameOfVariable: [ObjectIdentifier: Frame] = [:]
    /// Views whose baselines (from their class) a constraint uses: a change of their
    /// intrinsic size rebuilds the engine, as the offsets are constants in it.
    var baselineViews = Set<ObjectIdentifier>()
    /// Constraints whose constants an animation drives, with their edit variable and solver constraint.
    var animatedConstants: [ObjectIdentifier: (variable: Variable, constraint: Constraint)] = [:]
    /// The running animations of constants changed in animation blocks (Animation/ConstantAnimation.swift),
    /// and the media clock's frame observer that drives them while there are any.
    var constantAnimations: [ObjectIdentifier: ConstantAnimation] = [:]
    var constantObserver: MediaClock.Observer?
    weak var observedClock: MediaClock?

    /// For a temporary engine of `systemLayoutSizeFitting`: the target size and its priorities.
    var fitting: (size: easel_size, horizontal: LayoutPriority, vertical: LayoutPriority)?

    init(root: View) {
        self.root = root
    }

    /// The size the constraints of `view`'s subtree give it nearest to `target` (UIKit's
    /// `systemLayoutSizeFitting`), from a temporary engine: the view's width and height are
    /// held near the target at the fitting priorities instead of being pinned; constraints
    /// whose items are all in the subtree count (also those its superview holds on it alone).
    /// Nothing moves and no constraint changes.
    static func fittingSize(of view: View, target: easel_size, horizontal: LayoutPriority, vertical: LayoutPriority) -> easel_size {
        let engine = LayoutEngine(root: view)
        engine.fitting = (target, horizontal, vertical)
        engine.needsRebuild = false
        var held: [LayoutConstraint] = view.superview?.installedConstraints ?? []
        var pending = [view]
        var visited = 0
        while let current = pending.popLast(), visited < 1_000_000 {
            visited += 1
            held.append(contentsOf: current.installedConstraints)
            pending.append(contentsOf: current.subviews)
        }
        _ = engine.frame(of: view)
        for constraint in held {
            guard let first = constraint.firstItem?.layoutItemView, first === view || first.isDescendant(of: view) else { continue }
            if let second = constraint.secondItem {
                guard let secondView = second.layoutItemView, secondView === view || secondView.isDescendant(of: view) else { continue }
            }
            engine.add(constraint, in: view)
        }
        let frame = engine.frame(of: view)
        return easel_size(width: max(engine.solver.value(of: frame.width), 0), height: max(engine.solver.value(of: frame.height), 0))
    }

    /// The engine of the tree whose root is `root`, created on first use.
    static func engine(of root: View) -> LayoutEngine {
        if let engine = root.constraintEngine, engine.root === root { return engine }
        let engine = LayoutEngine(root: root)
        root.constraintEngine = engine
        return engine
    }

    // MARK: - Changes

    /// Marks the tree for a layout pass (without asking any view to run its `layoutSubviews`).
    func setNeedsLayout() {
        guard let root else { return }
        root.subtreeNeedsLayout = true
    }

    func constraintActivated(_ constraint: LayoutConstraint, in holder: View) {
        constraint.engine = self
        if !needsRebuild { add(constraint) }
        setNeedsLayout()
    }

    func constraintDeactivated(_ constraint: LayoutConstraint) {
        constraint.engine = nil
        let id = ObjectIdentifier(constraint)
        broken[id] = nil
        if let edit = animatedConstants.removeValue(forKey: id) {
            try? solver.removeEditVariable(edit.variable)
            try? solver.remove(edit.constraint)
            entries[id] = nil
        }
        if let entry = entries.removeValue(forKey: id) { try? solver.remove(entry.solver) }
        setNeedsLayout()
    }

    func constantChanged(_ constraint: LayoutConstraint, by delta: Double) {
        defer { setNeedsLayout() }
        // While its constant is animated the model value waits: the end of the animation adds it.
        guard !needsRebuild, animatedConstants[ObjectIdentifier(constraint)] == nil,
              let entry = entries[ObjectIdentifier(constraint)] else { return }
        do {
            try solver.setConstant(of: entry.solver, to: entry.solver.constant - delta)
        } catch {
            report(error, adding: constraint)
            broken[ObjectIdentifier(constraint)] = constraint
            entries[ObjectIdentifier(constraint)] = nil
            try? solver.remove(entry.solver)
        }
    }

    func priorityChanged(_ constraint: LayoutConstraint) {
        guard !needsRebuild else { return }
        let id = ObjectIdentifier(constraint)
        if let entry = entries.removeValue(forKey: id) { try? solver.remove(entry.solver) }
        broken[id] = nil
        add(constraint)
        setNeedsLayout()
    }

    // MARK: - Building

    /// The four variables of `view`, created (and pinned, for a view that translates its
    /// autoresizing mask and for the root) on first use.
    func frame(of view: View) -> Frame {
        if let frame = frames[ObjectIdentifier(view)] { return frame }
        let frame = Frame(view: view)
        frames[ObjectIdentifier(view)] = frame
        for variable in [frame.left, frame.top, frame.width, frame.height] { frameOfVariable[ObjectIdentifier(variable)] = frame }
        ordered.append(frame)
        orderIsStale = true
        if let fitting, view === root {
            // systemLayoutSizeFitting: the root's size is held near the target at the fitting priorities.
            for (variable, target, priority) in [(frame.width, fitting.size.width, fitting.horizontal),
                                                 (frame.height, fitting.size.height, fitting.vertical)] {
                try? solver.add(Constraint(variable - target, .equal, strength: Strength(priority: Double(priority.rawValue))))
                try? solver.add(Constraint(LinearExpression(variable), .greaterThanOrEqual))
            }
            addIntrinsicConstraints(frame, view)
        } else if view.translatesAutoresizingMaskIntoConstraints || view.superview == nil {
            let rect = view.layoutRect
            frame.pinned = rect
            let name = "\(view.objectClass.name):\(view.handle)"
            let values = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
            frame.pins = zip([frame.left, frame.top, frame.width, frame.height], ["minX", "minY", "width", "height"]).enumerated().map {
                Constraint($0.element.0 - values[$0.offset], .equal, label: "<AutoresizingMaskConstraint \(name).\($0.element.1) == \(values[$0.offset])>")
            }
            for pin in frame.pins {
                do {
                    try solver.add(pin)
                } catch {
                    reportConflict(error, breaking: pin.label ?? pin.description)
                }
            }
        } else {
            addIntrinsicConstraints(frame, view)
        }
        return frame
    }

    /// Adds hugging (`<=`) and compression resistance (`>=`) constraints for each dimension
    /// of the view's intrinsic content size.
    func addIntrinsicConstraints(_ frame: Frame, _ view: View) {
        let size = view.intrinsicContentSize
        frame.intrinsicSize = size
        for axis in [LayoutAxis.horizontal, .vertical] {
            let value = axis == .horizontal ? size.width : size.height
            guard value != View.noIntrinsicMetric else { continue }
            let variable = axis == .horizontal ? frame.width : frame.height
            let name = "\(view.objectClass.name):\(view.handle).\(axis == .horizontal ? "width" : "height")"
            let hugging = view.contentHuggingPriority(for: axis), compression = view.contentCompressionResistancePriority(for: axis)
            for constraint in [
                Constraint(variable - value, .lessThanOrEqual, strength: Strength(priority: Double(hugging.rawValue)),
                           label: "<ContentHugging \(name) <= \(value) @\(hugging.rawValue)>"),
                Constraint(variable - value, .greaterThanOrEqual, strength: Strength(priority: Double(compression.rawValue)),
                           label: "<ContentCompressionResistance \(name) >= \(value) @\(compression.rawValue)>"),
            ] {
                do {
                    try solver.add(constraint)
                    frame.intrinsic.append((constraint, axis))
                } catch {
                    reportConflict(error, breaking: constraint.label ?? constraint.description)
                }
            }
        }
    }

    /// Follows a declared property written through the host (a label's text, say), as
    /// UIKit's setters call `invalidateIntrinsicContentSize`: only for a view the engine
    /// places, and only when its intrinsic size (or, for a view aligned by its baselines,
    /// anything) may have changed, so that other property writes cost no layout pass.
    func declaredPropertyChanged(_ view: View) {
        let id = ObjectIdentifier(view)
        if baselineViews.contains(id) { return intrinsicSizeChanged(view) }
        guard !needsRebuild, let frame = frames[id], frame.pins.isEmpty, view.intrinsicContentSize != frame.intrinsicSize else { return }
        intrinsicSizeChanged(view)
    }

    /// Follows a change of a view's intrinsic content size (constants only, when each
    /// dimension keeps having one) or of its hugging or compression resistance priorities.
    func intrinsicSizeChanged(_ view: View, prioritiesChanged: Bool = false) {
        if baselineViews.contains(ObjectIdentifier(view)) {
            needsRebuild = true
            setNeedsLayout()
        }
        guard !needsRebuild, let frame = frames[ObjectIdentifier(view)], frame.pins.isEmpty else { return }
        defer { setNeedsLayout() }
        let size = view.intrinsicContentSize
        let sameMetrics = (size.width == View.noIntrinsicMetric) == (frame.intrinsicSize.width == View.noIntrinsicMetric)
            && (size.height == View.noIntrinsicMetric) == (frame.intrinsicSize.height == View.noIntrinsicMetric)
        if sameMetrics && !prioritiesChanged {
            frame.intrinsicSize = size
            for (constraint, axis) in frame.intrinsic {
                try? solver.setConstant(of: constraint, to: -(axis == .horizontal ? size.width : size.height))
            }
            return
        }
        for (constraint, _) in frame.intrinsic { try? solver.remove(constraint) }
        frame.intrinsic = []
        addIntrinsicConstraints(frame, view)
    }

    /// One axis of a view's or guide's rectangle in `container`'s bounds coordinates: its
    /// origin (when asked for: sizes need none) and its length.
    struct Span {
        var origin: LinearExpression
        var length: LinearExpression
    }

    /// The span of `view` along one axis (its frame, or its bounds when it is the container).
    func span(_ view: View, horizontal: Bool, origin needsOrigin: Bool, in container: View) -> Span {
        let frame = frame(of: view)
        let length = LinearExpression(horizontal ? frame.width : frame.height)
        guard needsOrigin else { return Span(origin: LinearExpression(0), length: length) }
        var origin: LinearExpression
        if view === container {
            origin = LinearExpression(horizontal ? view.bounds.origin.x : view.bounds.origin.y)
        } else {
            origin = LinearExpression(horizontal ? frame.left : frame.top)
            var current = view.superview
            var steps = 0
            while let parent = current, parent !== container, steps < View.maximumDepth {
                let outer = self.frame(of: parent)
                origin = horizontal ? origin + outer.left - parent.bounds.origin.x : origin + outer.top - parent.bounds.origin.y
                current = parent.superview
                steps += 1
            }
        }
        return Span(origin: origin, length: length)
    }

    /// The span of a guide: its owner's bounds, inset by the margins, or its own variables
    /// in the owner's bounds coordinates.
    func span(_ guide: LayoutGuide, owner: View, horizontal: Bool, origin needsOrigin: Bool, in container: View) -> Span {
        var outer = span(owner, horizontal: horizontal, origin: needsOrigin, in: container)
        switch guide.kind {
        case .safeArea:
            return outer
        case .margins:
            let margins = owner.layoutMargins
            let (before, after) = horizontal ? (margins.left, margins.right) : (margins.top, margins.bottom)
            outer.origin = outer.origin + before
            outer.length = outer.length - (before + after)
            return outer
        case .custom:
            let frame = frame(of: guide, owner: owner)
            let ownOrigin = horizontal ? owner.bounds.origin.x : owner.bounds.origin.y
            return Span(origin: outer.origin - ownOrigin + (horizontal ? frame.left : frame.top),
                        length: LinearExpression(horizontal ? frame.width : frame.height))
        }
    }

    /// `attribute` of a view or guide in `container`'s bounds coordinates. Leading and
    /// trailing of an item laid out right to left are measured on the mirrored axis
    /// (leading = -right, trailing = -left), so their constants count towards the left.
    func expression(_ item: any LayoutItem, _ attribute: LayoutAttribute, in container: View) -> LinearExpression? {
        guard attribute != .notAnAttribute else { return LinearExpression(0) }
        let horizontal = attribute.isHorizontal
        let needsOrigin = !attribute.isDimension
        let span: Span, view: View
        if let itemView = item as? View {
            view = itemView
            span = self.span(itemView, horizontal: horizontal, origin: needsOrigin, in: container)
        } else if let guide = item as? LayoutGuide {
            guard let owner = guide.owningView else { return nil }
            view = owner
            span = self.span(guide, owner: owner, horizontal: horizontal, origin: needsOrigin, in: container)
        } else {
            return nil
        }
        switch attribute {
        case .left, .top: return span.origin
        case .right, .bottom: return span.origin + span.length
        case .leading, .trailing:
            let rightToLeft = view.effectiveUserInterfaceLayoutDirection == .rightToLeft
            if !rightToLeft { return attribute == .leading ? span.origin : span.origin + span.length }
            return attribute == .leading ? -(span.origin + span.length) : -span.origin
        case .centerX, .centerY: return span.origin + 0.5 * span.length
        case .width, .height: return span.length
        case .firstBaseline, .lastBaseline:
            guard item is View, view.hasBaselines else { return span.origin + span.length }
            baselineViews.insert(ObjectIdentifier(view))
            return span.origin + (attribute == .firstBaseline ? view.firstBaselineOffsetFromTop : view.lastBaselineOffsetFromTop)
        case .notAnAttribute: return LinearExpression(0)
        }
    }

    /// The four variables of a guide made by `addLayoutGuide`, created on first use (never pinned).
    func frame(of guide: LayoutGuide, owner: View) -> Frame {
        if let frame = frames[ObjectIdentifier(guide)] { return frame }
        let frame = Frame(guide: guide, depth: owner.depth + 1)
        frames[ObjectIdentifier(guide)] = frame
        for variable in [frame.left, frame.top, frame.width, frame.height] { frameOfVariable[ObjectIdentifier(variable)] = frame }
        return frame
    }

    /// A guide's rectangle in its owner's bounds coordinates, from the solution.
    func frameOfGuide(_ guide: LayoutGuide) -> easel_rect? {
        if needsRebuild { rebuild() }
        guard let frame = frames[ObjectIdentifier(guide)] else { return nil }
        return easel_rect(x: solver.value(of: frame.left), y: solver.value(of: frame.top),
                          width: max(solver.value(of: frame.width), 0), height: max(solver.value(of: frame.height), 0))
    }

    /// Adds a layout constraint to the solver; a conflicting one is reported and broken.
    func add(_ constraint: LayoutConstraint, in container: View? = nil) {
        guard let solverConstraint = solverConstraint(for: constraint, in: container) else { return }
        do {
            try solver.add(solverConstraint)
            entries[ObjectIdentifier(constraint)] = (constraint, solverConstraint)
        } catch {
            report(error, adding: constraint)
            broken[ObjectIdentifier(constraint)] = constraint
        }
    }

    /// The solver constraint of a layout constraint, with `constantVariable` in place of its
    /// constant when given (an animated constant); nil when an item went away.
    func solverConstraint(for constraint: LayoutConstraint, in container: View? = nil, constantVariable: Variable? = nil) -> Constraint? {
        // A constraint whose second view went away (items are weak) has nothing to relate.
        guard let holder = container ?? constraint.holder, let firstItem = constraint.firstItem,
              constraint.secondItem != nil || constraint.secondAttribute == .notAnAttribute,
              let first = expression(firstItem, constraint.firstAttribute, in: holder) else { return nil }
        let constant = constantVariable.map { LinearExpression($0) } ?? LinearExpression(constraint.constant)
        var second = constant
        if let item = constraint.secondItem {
            guard let expression = expression(item, constraint.secondAttribute, in: holder) else { return nil }
            second = expression * constraint.multiplier + constant
        }
        let relation: Relation =
            switch constraint.relation {
            case .lessThanOrEqual: .lessThanOrEqual
            case .equal: .equal
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        return Constraint(first, relation, second, strength: Strength(priority: Double(constraint.priority.rawValue)))
    }

    // MARK: - Animated constants

    /// Drives a constraint's constant through an edit variable while an animation runs
    /// (`LayoutConstraint.presentationConstant`): the first value swaps the constraint for one
    /// whose constant is a variable `k` and makes `k` an edit variable (priority 999); each
    /// value after that is a `suggestValue`, an incremental change; nil swaps the constraint
    /// back, with its model constant.
    func setPresentationConstant(_ constraint: LayoutConstraint, _ value: Double?) {
        if needsRebuild { rebuild() }
        defer { setNeedsLayout() }
        let id = ObjectIdentifier(constraint)
        guard let value else {
            guard let edit = animatedConstants.removeValue(forKey: id) else { return }
            try? solver.removeEditVariable(edit.variable)
            try? solver.remove(edit.constraint)
            entries[id] = nil
            add(constraint)
            return
        }
        if let edit = animatedConstants[id] {
            try? solver.suggestValue(value, for: edit.variable)
            return
        }
        guard let entry = entries[id] else { return }
        let variable = Variable("constant")
        guard let animated = solverConstraint(for: constraint, constantVariable: variable) else { return }
        do {
            try solver.remove(entry.solver)
            try solver.add(animated)
            try solver.addEditVariable(variable, strength: Strength(priority: 999))
            try solver.suggestValue(value, for: variable)
            animatedConstants[id] = (variable, animated)
        } catch {
            report(error, adding: constraint)
            try? solver.remove(animated)
            if !solver.contains(entry.solver) { try? solver.add(entry.solver) }
        }
    }

    /// Rebuilds the solver from the constraints the views of the tree hold; constraints
    /// whose items left the tree are deactivated, those whose items moved are re-held.
    func rebuild() {
        guard let root else { return }
        solver = Solver()
        frames = [:]
        frameOfVariable = [:]
        baselineViews = []
        animatedConstants = [:]
        replaced = []
        setsAllFrames = true
        ordered = []
        entries = [:]
        broken = [:]
        needsRebuild = false
        var held: [LayoutConstraint] = []
        var pending = [root]
        while let view = pending.popLast() {
            held.append(contentsOf: view.installedConstraints)
            pending.append(contentsOf: view.subviews)
        }
        for constraint in held {
            guard let firstItem = constraint.firstItem, let ancestor = LayoutConstraint.commonAncestor(firstItem, constraint.secondItem),
                  ancestor.rootView === root else {
                constraint.deactivate()
                continue
            }
            if let holder = constraint.holder, holder !== ancestor {
                holder.installedConstraints.removeAll { $0 === constraint }
                ancestor.installedConstraints.append(constraint)
                constraint.holder = ancestor
            }
            constraint.engine = self
            add(constraint)
        }
        // Constants that an animation drives keep their presented values.
        for constraint in held where constraint.engine === self {
            if let value = constraint.presentationConstant { setPresentationConstant(constraint, value) }
        }
    }

    // MARK: - Layout

    /// Sends `updateConstraints` to the views that asked for it, deepest first (UIKit
    /// updates subviews before their superviews); a view that asks again while being
    /// updated is updated again, up to eight rounds.
    func updateConstraintsIfNeeded() {
        var rounds = 0
        while !pendingUpdates.isEmpty && rounds < 8 {
            rounds += 1
            let views = pendingUpdates.compactMap(\.view).filter(\.needsUpdateConstraints)
            pendingUpdates = []
            var seen = Set<ObjectIdentifier>()
            for view in views.sorted(by: { $0.depth > $1.depth }) where seen.insert(ObjectIdentifier(view)).inserted {
                view.updateConstraints()
            }
        }
    }

    /// Refreshes the pins and sets the frames of the views laid out by constraints.
    func layout() {
        if needsRebuild { rebuild() }
        guard !entries.isEmpty, let root else { return }
        if orderIsStale {
            ordered.sort { $0.depth < $1.depth }
            orderIsStale = false
        }
        for _ in 0..<4 {
            refreshPins()
            // The frames whose variables moved (all of them after a rebuild), outer views first.
            var moved = solver.takeChangedVariables().compactMap { frameOfVariable[ObjectIdentifier($0)] }
            if setsAllFrames {
                moved = ordered
                setsAllFrames = false
            } else {
                var seen = Set<ObjectIdentifier>()
                moved = moved.filter { seen.insert(ObjectIdentifier($0)).inserted }.sorted { $0.depth < $1.depth }
            }
            if !replaced.isEmpty {
                // Subviews of right-handed views whose height changed: placed again.
                var seen = Set(moved.map(ObjectIdentifier.init))
                moved += replaced.filter { seen.insert(ObjectIdentifier($0)).inserted }
                moved.sort { $0.depth < $1.depth }
                replaced = []
            }
            var changed = 0
            for frame in moved where frame.pins.isEmpty {
                guard let view = frame.view, view !== root else { continue }
                let rect = easel_rect(
                    x: solver.value(of: frame.left), y: solver.value(of: frame.top),
                    width: max(solver.value(of: frame.width), 0), height: max(solver.value(of: frame.height), 0))
                let old = view.layoutRect
                if old != rect {
                    view.layoutRect = rect
                    if view.isRightHanded, old.size.height != rect.size.height { replaceSubviews(of: view) }
                    changed += 1
                }
            }
            // Setting frames can autoresize pinned views: refresh their pins and go again.
            if changed == 0 && replaced.isEmpty { break }
        }
    }

    /// The frames of the subviews of `view` that constraints place, to be placed again.
    func replaceSubviews(of view: View) {
        for subview in view.subviews {
            if let frame = frames[ObjectIdentifier(subview)], frame.pins.isEmpty { replaced.append(frame) }
        }
    }

    /// Moves the pins of views whose frames changed since the last pass.
    func refreshPins() {
        for frame in ordered where !frame.pins.isEmpty {
            guard let view = frame.view else { continue }
            let rect = view.layoutRect
            guard rect != frame.pinned else { continue }
            if view.isRightHanded, rect.size.height != frame.pinned.size.height { replaceSubviews(of: view) }
            let values = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
            for (pin, value) in zip(frame.pins, values) where solver.contains(pin) {
                do {
                    try solver.setConstant(of: pin, to: -value)
                } catch {
                    reportConflict(error, breaking: "<AutoresizingMaskConstraint \(view.objectClass.name):\(view.handle)>")
                }
            }
            frame.pinned = rect
        }
    }

    /// True when a variable of `item`'s frame is not determined by the constraints.
    func hasAmbiguousLayout(_ item: AnyObject) -> Bool {
        !ambiguousAttributes(of: item).isEmpty
    }

    /// The names of the frame's values (`minX`, `minY`, `width`, `height`) that the
    /// constraints leave open.
    func ambiguousAttributes(of view: AnyObject) -> [String] {
        if needsRebuild { rebuild() }
        guard let frame = frames[ObjectIdentifier(view)] else { return [] }
        return zip([frame.left, frame.top, frame.width, frame.height], ["minX", "minY", "width", "height"])
            .filter { solver.isAmbiguous($0.0) }.map(\.1)
    }

    // MARK: - Reports

    func report(_ error: SolverError, adding constraint: LayoutConstraint) {
        reportConflict(error, breaking: constraint.description)
    }

    /// UIKit's report of unsatisfiable constraints, through the registry's diagnostics.
    func reportConflict(_ error: SolverError, breaking broken: String) {
        guard let root else { return }
        guard error.code == .unsatisfiable else {
            root.registry.report(.error, "constraint layout: \(error.message)")
            return
        }
        // Name each solver constraint by its layout constraint (described only now: making
        // 4,000 descriptions up front cost a fifth of a first layout).
        var layoutConstraints: [ObjectIdentifier: LayoutConstraint] = [:]
        for entry in entries.values { layoutConstraints[ObjectIdentifier(entry.solver)] = entry.layout }
        let involved = error.conflicting.map { solverConstraint in
            "    \"\(layoutConstraints[ObjectIdentifier(solverConstraint)]?.description ?? solverConstraint.label ?? solverConstraint.description)\""
        }
        root.registry.report(.note, """
            Unable to simultaneously satisfy constraints.
                Probably at least one of the constraints in the following list is one you don't want.
            (
            \(involved.joined(separator: ",\n"))
            )

            Will attempt to recover by breaking constraint
            \(broken)
            """)
    }
}

extension View {
    /// The constraints this view holds (UIKit's `constraints`): active constraints whose
    /// items' nearest common ancestor is this view.
    public final var constraints: [LayoutConstraint] { installedConstraints }

    /// Runs the constraint engine of this root view's tree, if any constraint is active or
    /// `updateConstraints` is pending: `updateConstraints` first, then frames are set from
    /// the solution, before the views' own `layoutSubviews`.
    final func layoutConstraintsIfNeeded() {
        guard LayoutEngine.activeConstraints.load(ordering: .relaxed) > 0 || constraintEngine != nil, superview == nil else { return }
        let engine = LayoutEngine.engine(of: self)
        engine.updateConstraintsIfNeeded()
        engine.layout()
    }

    /// Asks for `updateConstraints` before the next layout pass (UIKit's).
    public final func setNeedsUpdateConstraints() {
        properties.needsUpdateConstraints = true
        let engine = LayoutEngine.engine(of: rootView)
        engine.pendingUpdates.append(Weak(self))
        engine.setNeedsLayout()
    }

    /// Sends `updateConstraints` now to the views of this tree that asked for it.
    public final func updateConstraintsIfNeeded() {
        rootView.constraintEngine?.updateConstraintsIfNeeded()
    }

    /// Whether `updateConstraints` is pending.
    public final var needsUpdateConstraints: Bool { layoutProperties?.needsUpdateConstraints ?? false }

    /// Sends `updateConstraints` to the plugin class when it implements it (the built-in
    /// `View` does nothing), and clears the request.
    public final func updateConstraints() {
        layoutProperties?.needsUpdateConstraints = false
        send(IntrinsicSizeCall.updateConstraints)
    }

    /// Marks this root view's constraint engine, if it has one, for a rebuild after the
    /// tree's structure changed (or a view's `translatesAutoresizingMaskIntoConstraints`).
    final func constraintTreeChanged() {
        guard let engine = constraintEngine else { return }
        engine.needsRebuild = true
        subtreeNeedsLayout = true
    }

    /// The tree below this view, one view per line, for debugging constraints (UIKit's
    /// `_autolayoutTrace`): each level indented by `|   `, `*` before a view placed by
    /// constraints, and `- AMBIGUOUS LAYOUT for minX, width` after one whose frame they leave open.
    public final func autolayoutTrace() -> String {
        let engine = LayoutEngine.engine(of: rootView)
        var lines: [String] = []
        var pending: [(view: View, level: Int)] = [(self, 0)]
        while let (view, level) = pending.popLast() {
            var line = String(repeating: "|   ", count: level)
            if !view.translatesAutoresizingMaskIntoConstraints { line += "*" }
            line += "\(view.objectClass.name):\(view.handle)"
            let ambiguous = engine.ambiguousAttributes(of: view)
            if !ambiguous.isEmpty { line += " - AMBIGUOUS LAYOUT for \(ambiguous.joined(separator: ", "))" }
            lines.append(line)
            pending.append(contentsOf: view.subviews.reversed().map { ($0, level + 1) })
        }
        return lines.joined(separator: "\n")
    }

    /// True when the constraints leave the view's frame open (UIKit's `hasAmbiguousLayout`):
    /// another solution, as good at every priority, gives one of its left, top, width or
    /// height another value. A view no constraint mentions is not ambiguous (its frame is its own).
    public final var hasAmbiguousLayout: Bool {
        LayoutEngine.engine(of: rootView).hasAmbiguousLayout(self)
    }
}
