// View animations, as UIKit has them, on the registry's media clock.
//
// `View.animate(withDuration:…) { … }` runs the block with an animation
// context current on the thread (a thread-local slot, so that concurrent
// renders on other threads are not affected). Every animatable setter
// (View.swift, View+Layer.swift) tells the animator before it changes a value
// (`View.willChangeAnimatable`): inside a block the property's start value is
// captured; outside one a running animation of that property is removed (the
// property was set directly). When the block returns, the model values have
// their new values (as in UIKit, at once) and each captured property whose
// value changed gets an animation from its start value to the new model
// value, beginning at the clock's time plus the delay.
//
// Nothing of this lives in `View`: a view's running animations are a
// `ViewAnimations` object in the layer's side storage (`LayerStorage`), made
// when the view is first animated. The renderer draws what the draw record of
// a view holds; the record of a view with animations is built from its
// presentation values at the clock's time (DrawList.record(of:)), so a view
// without animations costs the renderer nothing new. The animator is the
// clock's frame observer: after every advance it rewrites the records of the
// animated views and marks the areas they covered before and after as
// needing display, so a dirty-region render repaints just those.
//
// Completion handlers run from the media clock, once each: at the end of
// the animation's last property (finished = true), or at the next advance
// after it was interrupted (finished = false). Interruption follows UIKit
// before iOS 8 (the rule): a new animation of the same property
// removes the running one; with `beginFromCurrentState` it starts from the
// presented value, without it from the value the block found in the model
// (the old animation's destination, a visible jump). UIKit since iOS 8
// instead adds the new animation to the old one (additive, smooth) and lets
// the old one finish with finished = true; Easel does not. Setting an
// animated property directly, or removing the view (or an ancestor) from its
// superview, removes the animation too (finished = false).

import CEaselSupport
import EaselABI
import EaselGeometry
import EaselRuntime
import EaselProbe
import Synchronization

/// UIKit's `UIView.AnimationOptions`, with its raw values.
public struct AnimationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// Layout done in the block (`layoutIfNeeded`, or pending layout at commit) animates.
    public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
    /// The animating views keep receiving touches (UIKit turns them off otherwise).
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// Start from the presented value of a running animation of the same property.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    /// A transition hides `from` and shows `to` (both already in the tree) instead of removing and adding
    /// (UIKit's `showHideTransitionViews`).
    public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
    /// Repeat forever.
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    /// Run forward, then backward (each way the duration).
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    /// Ease in and out (the default curve).
    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    /// Ease in.
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    /// Ease out.
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    /// Linear.
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    /// Transition: flip from the left (about the vertical axis).
    public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
    /// Transition: flip from the right.
    public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
    /// Transition: curl up (approximated, see Transition.swift).
    public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
    /// Transition: curl down (approximated).
    public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
    /// Transition: cross dissolve.
    public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
    /// Transition: flip from the top (about the horizontal axis).
    public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
    /// Transition: flip from the bottom.
    public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

    /// The curve the options name (`curveEaseInOut` when none).
    public var timingFunction: TimingFunction {
        switch (rawValue >> 16) & 0xf {
        case 1: .easeIn
        case 2: .easeOut
        case 3: .linear
        default: .easeInOut
        }
    }
}

/// How an animation's progress follows its time: a Bézier curve or a spring.
public enum AnimationCurve: Sendable, Equatable {
    /// A cubic Bézier timing curve.
    case timing(TimingFunction)
    /// A spring: damping ratio and initial velocity (UIKit's `usingSpringWithDamping:initialSpringVelocity:`).
    case spring(dampingRatio: Double, initialVelocity: Double)

    /// The progress at `fraction` of an animation of `duration` seconds.
    func progress(at fraction: Double, duration: Double) -> Double {
        switch self {
        case .timing(let function): function.progress(at: fraction)
        case .spring(let damping, let velocity):
            Spring(dampingRatio: damping, initialVelocity: velocity, duration: duration).progress(atTime: fraction * duration)
        }
    }
}

/// One `animate` call: its completion runs once, when the last of its animations ends.
final class AnimationGroup {
    var completion: ((Bool) -> Void)?
    let options: AnimationOptions
    /// The animations not yet ended.
    var pending = 0
    /// Whether none was interrupted.
    var finished = true
    var completed = false
    /// The views animated, for the end timer.
    var views: [Weak] = []

    struct Weak { weak var view: View? }

    init(options: AnimationOptions, completion: ((Bool) -> Void)?) {
        self.options = options
        self.completion = completion
    }
}

/// One property's animation on one view.
struct PropertyAnimation {
    let property: AnimatedProperty
    var from: AnimationValue
    var to: AnimationValue
    /// The clock time it starts (after the delay).
    let begin: Double
    let duration: Double
    let curve: AnimationCurve
    let repeats: Bool
    let autoreverses: Bool
    let group: AnimationGroup
    /// Keyframes: (relative time 0...1, value), sorted; `nil` for a from-to animation.
    var keyframes: [(time: Double, value: AnimationValue)]? = nil
    /// Whether the value is added to the model value instead of replacing it (layer animations).
    var additive = false
    /// Whether it keeps its last value after it ends (a layer animation's fill mode forwards without removal).
    var holdsAtEnd = false

    /// When it ends (infinity when it repeats).
    var end: Double {
        if repeats { return .infinity }
        return begin + max(duration, 0) * (autoreverses ? 2 : 1)
    }

    /// The value at a clock time.
    func value(at time: Double) -> AnimationValue {
        let local = time - begin
        guard duration > 0, local > 0 else { return sample(0) }
        let cycle = autoreverses ? 2 * duration : duration
        var position = local
        if repeats {
            position = local.truncatingRemainder(dividingBy: cycle)
        } else if position >= cycle {
            return sample(autoreverses ? 0 : 1)
        }
        let fraction = position <= duration ? position / duration : (cycle - position) / duration
        return sample(curve.progress(at: fraction, duration: duration))
    }

    /// The value at a progress (0 the start, 1 the end; a spring overshoots 1).
    private func sample(_ progress: Double) -> AnimationValue {
        guard let keyframes, let first = keyframes.first, let last = keyframes.last else {
            return from + (to - from) * progress
        }
        if progress <= first.time { return first.value }
        if progress >= last.time { return last.value }
        var index = 1
        while index < keyframes.count, keyframes[index].time < progress { index += 1 }
        let a = keyframes[index - 1], b = keyframes[index]
        let span = b.time - a.time
        return span > 0 ? a.value + (b.value - a.value) * ((progress - a.time) / span) : b.value
    }
}

/// A view's running animations: side storage in the layer's storage, made on the first animation.
final class ViewAnimations {
    var animations: [PropertyAnimation] = []
    /// The layer animations added by key (LayerAnimation.swift).
    let keyed = KeyedAnimations()

    /// Whether nothing runs.
    var isEmpty: Bool { animations.isEmpty && keyed.list.isEmpty }

    /// Whether some running animation forbids touches (no `allowUserInteraction`).
    var blocksInteraction: Bool { animations.contains { !$0.group.options.contains(.allowUserInteraction) } }
}

/// The animation engine of one registry (see the top of this file).
final class Animator {
    /// The views with running animations (weakly: the animator never keeps a view alive).
    private var active: [ObjectIdentifier: AnimationGroup.Weak] = [:]
    private struct WeakLayer { weak var layer: Layer? }
    /// The standalone layers with keyed animations.
    private var activeLayers: [ObjectIdentifier: WeakLayer] = [:]
    private unowned let clock: MediaClock

    private init(clock: MediaClock) { self.clock = clock }

    /// The registry's animator, made (and hooked to the clock) on first use.
    static func of(_ registry: Registry) -> Animator {
        if let existing = registry.animator { return unsafeDowncast(existing, to: Animator.self) }
        let animator = Animator(clock: registry.mediaClock)
        registry.animator = animator
        registry.mediaClock.addFrameObserver { [weak animator] _ in animator?.frame() }
        return animator
    }

    /// The number of views with running animations.
    var activeViewCount: Int { active.count }

    /// The latest end of a running animation that does not repeat (`nil` when none).
    var latestEnd: Double? {
        var latest: Double?
        for entry in active.values {
            guard let animations = entry.view?.layerStorage?.animations else { continue }
            for animation in animations.animations where animation.end.isFinite {
                latest = max(latest ?? animation.end, animation.end)
            }
            if let end = animations.keyed.latestEnd { latest = max(latest ?? end, end) }
        }
        for entry in activeLayers.values {
            if let end = entry.layer?.keyedAnimations?.latestEnd { latest = max(latest ?? end, end) }
        }
        return latest
    }

    // MARK: Adding and removing

    /// Adds an animation to a view, removing a running one of the same property (interrupted).
    func add(_ animation: PropertyAnimation, to view: View) {
        let storage = view.layerStorage ?? {
            let made = LayerStorage()
            view.layerStorage = made
            return made
        }()
        let animations = storage.animations ?? ViewAnimations()
        storage.animations = animations
        if let index = animations.animations.firstIndex(where: { $0.property == animation.property && !$0.additive }),
           !animation.additive {
            let old = animations.animations.remove(at: index)
            interrupted(old.group)
        }
        animations.animations.append(animation)
        animation.group.pending += 1
        if !animation.group.views.contains(where: { $0.view === view }) { animation.group.views.append(.init(view: view)) }
        active[ObjectIdentifier(view)] = .init(view: view)
    }

    /// Schedules the end of a group (its completion, or at once when it animated nothing).
    func scheduleEnd(of group: AnimationGroup, at end: Double) {
        if group.pending == 0 {
            group.completed = true
            if let completion = group.completion { clock.schedule(at: clock.time) { completion(true) } }
            return
        }
        guard end.isFinite else { return }
        clock.schedule(at: end) { [weak self, group] in self?.ended(group) }
    }

    /// A group's animations reached their end: removed (unless they hold), completion with finished = true.
    private func ended(_ group: AnimationGroup) {
        let now = clock.time
        for entry in group.views {
            guard let view = entry.view, let animations = view.layerStorage?.animations else { continue }
            let before = animations.animations.count
            animations.animations.removeAll { $0.group === group && $0.end <= now && !$0.holdsAtEnd }
            let removed = before - animations.animations.count
            let held = animations.animations.filter { $0.group === group && $0.holdsAtEnd && $0.end <= now }.count
            group.pending -= removed + held
            if removed > 0 { refresh(view) }
        }
        complete(group, now: false)
    }

    /// A group lost an animation early.
    private func interrupted(_ group: AnimationGroup) {
        group.pending -= 1
        group.finished = false
        complete(group, now: false, deferred: true)
    }

    func complete(_ group: AnimationGroup, now: Bool, deferred: Bool = false) {
        guard group.pending <= 0, !group.completed else { return }
        group.completed = true
        guard let completion = group.completion else { return }
        let finished = group.finished
        if deferred { clock.schedule(at: clock.time) { completion(finished) } } else { completion(finished) }
    }

    /// Removes the running animations of one property of a view (it was set directly).
    func removeAnimations(of view: View, property: AnimatedProperty) {
        guard let animations = view.layerStorage?.animations else { return }
        var lost: [AnimationGroup] = []
        animations.animations.removeAll { animation in
            guard animation.property == property else { return false }
            lost.append(animation.group)
            return true
        }
        for group in lost { interrupted(group) }
        if animations.isEmpty { forget(view) }
    }

    /// Removes every running animation of a view (removed from its superview, or `removeAllAnimations`).
    func removeAllAnimations(of view: View) {
        guard let animations = view.layerStorage?.animations else { return }
        let lost = animations.animations.map(\.group)
        animations.animations = []
        for group in lost { interrupted(group) }
        let keyed = animations.keyed.list
        animations.keyed.list = []
        for running in keyed { stopped(running, finished: false) }
        forget(view)
        view.drawStateChanged()
    }

    // MARK: Layer animations by key (LayerAnimation.swift)

    /// The keyed animations of a view's layer (made with the view's animations) or of a standalone layer.
    private func keyed(_ target: LayerTarget, make: Bool) -> KeyedAnimations? {
        switch target {
        case .view(let view):
            if let existing = view.layerStorage?.animations?.keyed { return existing }
            guard make else { return nil }
            let storage = view.layerStorage ?? {
                let made = LayerStorage()
                view.layerStorage = made
                return made
            }()
            let animations = ViewAnimations()
            storage.animations = animations
            return animations.keyed
        case .layer(let layer):
            if let existing = layer.keyedAnimations { return existing }
            guard make else { return nil }
            let made = KeyedAnimations()
            layer.keyedAnimations = made
            return made
        }
    }

    /// Adds a resolved animation under its key, replacing (and stopping) the one there was.
    func add(_ running: RunningLayerAnimation, to target: LayerTarget) {
        guard let keyed = keyed(target, make: true) else { return }
        if let index = keyed.list.firstIndex(where: { $0.key == running.key }) {
            let old = keyed.list.remove(at: index)
            stopped(old, finished: false)
        }
        keyed.list.append(running)
        switch target {
        case .view(let view): active[ObjectIdentifier(view)] = .init(view: view)
        case .layer(let layer): activeLayers[ObjectIdentifier(layer)] = WeakLayer(layer: layer)
        }
        if running.end.isFinite {
            // The timer holds its target weakly: the animator never keeps a view or a layer alive.
            let weak = WeakTarget(target)
            running.timer = clock.schedule(at: running.end) { [weak self, weak running] in
                guard let self, let running, let target = weak.target else { return }
                self.reachedEnd(running, of: target)
            }
        }
        refresh(target)
    }

    /// Removes the animation under a key; `false` when there is none.
    @discardableResult
    func removeAnimation(forKey key: String, of target: LayerTarget) -> Bool {
        guard let keyed = keyed(target, make: false), let index = keyed.list.firstIndex(where: { $0.key == key }) else { return false }
        let running = keyed.list.remove(at: index)
        stopped(running, finished: false)
        cleanUp(target)
        refresh(target)
        return true
    }

    /// Removes every keyed animation of a standalone layer.
    func removeAllAnimations(of layer: Layer) {
        guard let keyed = layer.keyedAnimations else { return }
        let list = keyed.list
        keyed.list = []
        for running in list { stopped(running, finished: false) }
        cleanUp(.layer(layer))
        refresh(.layer(layer))
    }

    /// An animation reached its end: removed unless it stays, completion with finished = true.
    private func reachedEnd(_ running: RunningLayerAnimation, of target: LayerTarget) {
        running.ended = true
        running.timer = nil
        if running.animation.isRemovedOnCompletion, let keyed = keyed(target, make: false) {
            keyed.list.removeAll { $0 === running }
            cleanUp(target)
        }
        refresh(target)
        let completion = running.completion
        running.completion = nil
        completion?(true)
    }

    /// An animation left early: its timer is cancelled, its completion runs at the clock's next advance.
    private func stopped(_ running: RunningLayerAnimation, finished: Bool) {
        if let timer = running.timer { clock.cancel(timer) }
        running.timer = nil
        guard let completion = running.completion else { return }
        running.completion = nil
        clock.schedule(at: clock.time) { completion(finished) }
    }

    private func cleanUp(_ target: LayerTarget) {
        switch target {
        case .view(let view):
            if view.layerStorage?.animations?.isEmpty ?? true { forget(view) }
        case .layer(let layer):
            if layer.keyedAnimations?.list.isEmpty ?? true {
                layer.keyedAnimations = nil
                activeLayers[ObjectIdentifier(layer)] = nil
            }
        }
    }

    private func refresh(_ target: LayerTarget) {
        switch target {
        case .view(let view): refresh(view)
        case .layer(let layer): if let view = layer.owningView { refresh(view) }
        }
    }

    /// A view left its superview: its animations and its descendants' are interrupted.
    func removed(_ view: View) {
        for entry in Array(active.values) {
            if let animated = entry.view, animated.isDescendant(of: view) { removeAllAnimations(of: animated) }
        }
    }

    private func forget(_ view: View) {
        view.layerStorage?.animations = nil
        active[ObjectIdentifier(view)] = nil
    }

    /// A view's layer or a standalone layer, as the target of keyed animations.
    enum LayerTarget {
        case view(View)
        case layer(Layer)
    }

    private struct WeakTarget {
        weak var view: View?
        weak var layer: Layer?
        init(_ target: LayerTarget) {
            switch target {
            case .view(let view): self.view = view
            case .layer(let layer): self.layer = layer
            }
        }
        var target: LayerTarget? { view.map { .view($0) } ?? layer.map { .layer($0) } }
    }

    // MARK: Delayed performs and display links

    private struct PerformRequest {
        let timer: MediaClock.Timer
        let target: EaselObject
        let selector: Selector
        let argument: EaselObject?
    }
    private var performs: [UInt64: PerformRequest] = [:]
    private var nextPerform: UInt64 = 1

    /// performSelector:withObject:afterDelay: (the target and argument are kept until it fires or is cancelled).
    func perform(_ selector: Selector, on target: EaselObject, with argument: EaselObject?, after delay: Double) {
        let id = nextPerform
        nextPerform += 1
        let timer = clock.schedule(after: delay) { [weak self] in
            guard let self, let request = self.performs.removeValue(forKey: id) else { return }
            var payload: UnsafeMutableRawPointer? = request.argument.map { UnsafeMutableRawPointer($0.handle) }
            withUnsafeMutablePointer(to: &payload) { slot in
                var arguments: [UnsafeMutableRawPointer?] = [UnsafeMutableRawPointer(slot)]
                _ = request.target.registry.withPluginCall {
                    request.target.registry.send(request.target, request.selector, lookupFrom: request.target.objectClass,
                                                 result: nil, arguments: &arguments)
                }
            }
        }
        performs[id] = PerformRequest(timer: timer, target: target, selector: selector, argument: argument)
    }

    /// cancelPreviousPerformRequestsWithTarget:selector:object: (a `nil` selector: all of the target's).
    func cancelPerforms(on target: EaselObject, selector: Selector?, argument: EaselObject?) -> Int {
        var cancelled = 0
        for (id, request) in performs where request.target === target
            && (selector == nil || (request.selector == selector && request.argument === argument)) {
            clock.cancel(request.timer)
            performs[id] = nil
            cancelled += 1
        }
        return cancelled
    }

    private struct DisplayLink {
        let target: EaselObject
        let selector: Selector
        var last: Double
    }
    private var links: [UInt64: DisplayLink] = [:]

    private struct WeakAnimator: @unchecked Sendable { weak var animator: Animator? }
    /// Which animator holds each display link (links are numbered across the process).
    private static let linkOwners = Mutex<(next: UInt64, owners: [UInt64: WeakAnimator])>((1, [:]))

    /// Adds a display link: `selector` (v@:dd) is sent to `target` after every advance.
    func addDisplayLink(_ target: EaselObject, _ selector: Selector) -> UInt64 {
        let id = Self.linkOwners.withLock { state in
            let id = state.next
            state.next += 1
            state.owners[id] = WeakAnimator(animator: self)
            return id
        }
        links[id] = DisplayLink(target: target, selector: selector, last: clock.time)
        return id
    }

    /// Removes a display link; `false` for an unknown one.
    static func removeDisplayLink(_ id: UInt64) -> Bool {
        guard let owner = linkOwners.withLock({ $0.owners.removeValue(forKey: id) })?.animator else { return false }
        return owner.links.removeValue(forKey: id) != nil
    }

    /// Sends every display link its frame, in the order they were added.
    private func fireDisplayLinks() {
        let now = clock.time
        for id in links.keys.sorted() {
            guard var link = links[id] else { continue }
            var timestamp = now, duration = now - link.last
            link.last = now
            links[id] = link
            withUnsafeMutablePointer(to: &timestamp) { first in
                withUnsafeMutablePointer(to: &duration) { second in
                    var arguments: [UnsafeMutableRawPointer?] = [UnsafeMutableRawPointer(first), UnsafeMutableRawPointer(second)]
                    _ = link.target.registry.withPluginCall {
                        link.target.registry.send(link.target, link.selector, lookupFrom: link.target.objectClass,
                                                  result: nil, arguments: &arguments)
                    }
                }
            }
        }
    }

    // MARK: Frames

    /// After every clock advance: display links, then the animated views' records are rewritten at the new time.
    private func frame() {
        if !links.isEmpty { fireDisplayLinks() }
        for (key, entry) in active {
            guard let view = entry.view else {
                active[key] = nil
                continue
            }
            refresh(view)
            if view.layerStorage?.animations?.isEmpty ?? true { forget(view) }
        }
        guard !activeLayers.isEmpty else { return }
        var owners: [View] = []
        for (key, entry) in activeLayers {
            guard let layer = entry.layer else {
                activeLayers[key] = nil
                continue
            }
            if let view = layer.owningView, !owners.contains(where: { $0 === view }) { owners.append(view) }
        }
        for view in owners { refresh(view) }
    }

    /// Rewrites a view's draw records from its presentation now, marking the areas drawn before and after.
    func refresh(_ view: View) {
        let root = view.rootView
        guard let list = root.drawList else {
            if view.superview != nil || root === view { root.needsFullDisplay = true }
            return
        }
        let before = list.canvasExtent(of: view)
        list.refresh(view)
        let after = list.canvasExtent(of: view)
        guard !root.needsFullDisplay, let back = root.toSuperview.inverted() else { return }
        for box in [before, after] {
            if let box, box.size.width > 0, box.size.height > 0 { root.setNeedsDisplay(in: back.apply(to: box)) }
        }
    }
}

/// The animation block being run on a thread: what the setters captured.
final class AnimationContext {
    let duration: Double
    let delay: Double
    let options: AnimationOptions
    let curve: AnimationCurve
    let group: AnimationGroup
    let parent: UnsafeMutableRawPointer?
    /// The captured properties, in order: view, property, start value.
    var captured: [(view: View, property: AnimatedProperty, from: AnimationValue)] = []
    /// Constraint constants changed in the block, with their start values (ConstantAnimation.swift).
    var constants: [(constraint: LayoutConstraint, from: Double)] = []
    private var seen: Set<Int> = []
    private var ids: [ObjectIdentifier: Int] = [:]

    init(duration: Double, delay: Double, options: AnimationOptions, curve: AnimationCurve,
         completion: ((Bool) -> Void)?, parent: UnsafeMutableRawPointer?) {
        self.duration = duration.isFinite ? max(duration, 0) : 0
        self.delay = delay.isFinite ? max(delay, 0) : 0
        self.options = options
        self.curve = curve
        self.group = AnimationGroup(options: options, completion: completion)
        self.parent = parent
    }

    /// Notes a property's start value, once per view and property.
    func capture(_ view: View, _ property: AnimatedProperty) {
        let viewIndex: Int
        if let known = ids[ObjectIdentifier(view)] { viewIndex = known } else {
            viewIndex = ids.count
            ids[ObjectIdentifier(view)] = viewIndex
        }
        guard seen.insert(viewIndex * 64 + property.rawValue).inserted else { return }
        var from = property.value(of: view)
        if options.contains(.beginFromCurrentState), let running = view.layerStorage?.animations?.animations
            .last(where: { $0.property == property && !$0.additive }) {
            from = running.value(at: view.mediaClock.time)
        }
        captured.append((view, property, from))
    }

    /// Keyframe tracks (``View/animateKeyframes(withDuration:delay:options:animations:completion:)``):
    /// per view and property, (relative time, value) points, in the order the keyframes were added.
    var tracks: [(view: View, property: AnimatedProperty, points: [(time: Double, value: AnimationValue)])] = []

    /// Adds a keyframe's changes: each captured property goes from its value before the block at
    /// `start` to its value after it at `start + length` (fractions of the whole duration).
    func addKeyframe(start: Double, length: Double, captured changes: [(view: View, property: AnimatedProperty, from: AnimationValue)]) {
        for (view, property, from) in changes {
            let to = property.value(of: view)
            let index = tracks.firstIndex { $0.view === view && $0.property == property } ?? {
                tracks.append((view, property, []))
                return tracks.count - 1
            }()
            tracks[index].points.append((start, from))
            tracks[index].points.append((start + length, to))
        }
    }

    /// Makes the animations of what changed (see the top of this file).
    func commit() {
        commitConstants()
        var animators: [ObjectIdentifier: Animator] = [:]
        var touched: [View] = []
        var end = 0.0
        var firstAnimator: Animator?
        for (view, property, unsorted) in tracks {
            var points = unsorted.sorted { $0.time < $1.time }
            guard let first = points.first, let last = points.last else { continue }
            if first.time > 0 { points.insert((0, first.value), at: 0) }
            if last.time < 1 { points.append((1, last.value)) }
            let animator = animators[ObjectIdentifier(view.registry)] ?? Animator.of(view.registry)
            animators[ObjectIdentifier(view.registry)] = animator
            firstAnimator = firstAnimator ?? animator
            var animation = PropertyAnimation(property: property, from: first.value, to: last.value,
                                              begin: view.mediaClock.time + delay, duration: duration, curve: curve,
                                              repeats: options.contains(.repeat), autoreverses: options.contains(.autoreverse),
                                              group: group)
            // A turn takes the short way between neighbouring keyframes.
            for index in points.indices.dropFirst() {
                points[index].value = property.prepared(from: points[index - 1].value, to: points[index].value).1
            }
            animation.keyframes = points.map { (time: min(max($0.time, 0), 1), value: $0.value) }
            animator.add(animation, to: view)
            end = max(end, animation.end)
            if !touched.contains(where: { $0 === view }) { touched.append(view) }
        }
        for (view, property, from) in captured {
            let model = property.value(of: view)
            guard model != from else { continue }
            let animator = animators[ObjectIdentifier(view.registry)] ?? Animator.of(view.registry)
            animators[ObjectIdentifier(view.registry)] = animator
            firstAnimator = firstAnimator ?? animator
            let (start, target) = property.prepared(from: from, to: model)
            let animation = PropertyAnimation(property: property, from: start, to: target,
                                              begin: view.mediaClock.time + delay, duration: duration, curve: curve,
                                              repeats: options.contains(.repeat), autoreverses: options.contains(.autoreverse),
                                              group: group)
            animator.add(animation, to: view)
            end = max(end, animation.end)
            if !touched.contains(where: { $0 === view }) { touched.append(view) }
        }
        for view in touched { animators[ObjectIdentifier(view.registry)]?.refresh(view) }
        if let firstAnimator {
            firstAnimator.scheduleEnd(of: group, at: end)
        } else if group.pending > 0 {
            // Only constraint constants animate: the end of the last completes the group.
        } else if let completion = group.completion, let view = captured.first?.view {
            // Nothing changed: UIKit still calls the completion, at once (here: at the clock's next advance).
            group.completed = true
            view.mediaClock.schedule(at: view.mediaClock.time) { completion(true) }
        } else if let completion = group.completion {
            pendingWithoutView.append(completion)
        }
    }

    /// Completions of blocks that touched no view at all (no clock to run them on): run at once after the block.
    var pendingWithoutView: [(Bool) -> Void] = []

    /// The innermost context of this thread.
    static var current: AnimationContext? {
        guard let raw = easel_support_get_animation_context() else { return nil }
        return Unmanaged<AnimationContext>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Whether the context was opened by `begin_animations` (closed by `commit_animations`).
    var isBegun = false
    /// Whether the context is a keyframe animation's (its changes come through keyframes).
    var isKeyframes = false

    /// UIView's beginAnimations: a context current until ``commitBegun(completion:)``.
    static func begin(_ settings: AnimationAPI.Settings) {
        let context = AnimationContext(duration: settings.duration, delay: settings.delay, options: settings.options,
                                       curve: settings.curve, completion: nil, parent: easel_support_get_animation_context())
        context.isBegun = true
        easel_support_set_animation_context(Unmanaged.passRetained(context).toOpaque())
    }

    /// UIView's commitAnimations: closes the innermost begun context; `false` when there is none.
    static func commitBegun(completion: ((Bool) -> Void)?) -> Bool {
        guard let raw = easel_support_get_animation_context() else { return false }
        let retained = Unmanaged<AnimationContext>.fromOpaque(raw)
        let context = retained.takeUnretainedValue()
        guard context.isBegun else { return false }
        context.group.completion = completion
        if context.options.contains(.layoutSubviews) {
            for entry in context.captured { entry.view.rootView.layoutIfNeeded() }
        }
        easel_support_set_animation_context(context.parent)
        retained.release()
        context.commit()
        for completion in context.pendingWithoutView { completion(true) }
        return true
    }

    /// Runs `body` with a context current, then commits it.
    static func run(_ context: AnimationContext, _ body: () -> Void) {
        let retained = Unmanaged.passRetained(context)
        easel_support_set_animation_context(retained.toOpaque())
        body()
        if context.options.contains(.layoutSubviews) {
            var roots: [View] = []
            for entry in context.captured where !roots.contains(where: { $0 === entry.view.rootView }) {
                roots.append(entry.view.rootView)
            }
            for root in roots { root.layoutIfNeeded() }
        }
        easel_support_set_animation_context(context.parent)
        retained.release()
        context.commit()
        for completion in context.pendingWithoutView { completion(true) }
    }
}

extension View {
    /// Called by every animatable setter before it changes a value: captured
    /// inside an animation block, else a running animation of the property is removed.
    @inline(__always)
    final func willChangeAnimatable(_ property: AnimatedProperty) {
        if let raw = easel_support_get_animation_context() {
            Unmanaged<AnimationContext>.fromOpaque(raw).takeUnretainedValue().capture(self, property)
        } else if let storage = layerStorage, storage.animations != nil {
            Animator.of(registry).removeAnimations(of: self, property: property)
        }
    }

    /// Called when the view leaves its superview: its animations and its subtree's end (finished = false).
    final func animatedViewRemoved() {
        guard let animator = registry.animator else { return }
        unsafeDowncast(animator, to: Animator.self).removed(self)
    }

    /// Animates the changes made in `animations` (UIKit's `animate(withDuration:delay:options:animations:completion:)`).
    ///
    /// The model values change at once; the renderer draws the presented
    /// values at the media clock's time until the animation ends.
    ///
    /// - Parameters:
    ///   - duration: Seconds (negative counts as 0).
    ///   - delay: Seconds before it starts; the start values show meanwhile.
    ///   - options: Curve, repeat, autoreverse, beginFromCurrentState, allowUserInteraction, layoutSubviews.
    ///   - animations: Changes the properties to animate.
    ///   - completion: Runs once from the media clock: `true` when the animations ran to their end,
    ///     `false` when one was interrupted.
    public static func animate(withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: delay, options: options, curve: .timing(options.timingFunction),
                animations: animations, completion: completion)
    }

    /// Animates with a spring (UIKit's `usingSpringWithDamping:initialSpringVelocity:`): see ``Spring``.
    public static func animate(withDuration duration: Double, delay: Double = 0, usingSpringWithDamping damping: Double,
                               initialSpringVelocity velocity: Double, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: delay, options: options,
                curve: .spring(dampingRatio: damping, initialVelocity: velocity), animations: animations, completion: completion)
    }

    /// Animates with any curve.
    public static func animate(withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
                               curve: AnimationCurve, animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let context = AnimationContext(duration: duration, delay: delay, options: options, curve: curve,
                                       completion: completion, parent: easel_support_get_animation_context())
        AnimationContext.run(context, animations)
    }

    /// Animates keyframes (UIKit's `animateKeyframes(withDuration:delay:options:animations:completion:)`):
    /// `animations` calls ``addKeyframe(withRelativeStartTime:relativeDuration:animations:)``; between
    /// keyframes each property holds its value, and the whole runs linearly over the duration (the
    /// keyframes' own `calculationModeLinear`).
    public static func animateKeyframes(withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
                                        animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        animateKeyframes(withDuration: duration, delay: delay, options: options, curve: .timing(.linear),
                         animations: animations, completion: completion)
    }

    /// Keyframes whose whole runs along `curve` (a transition's flip follows its options' curve).
    static func animateKeyframes(withDuration duration: Double, delay: Double = 0, options: AnimationOptions, curve: AnimationCurve,
                                 animations: () -> Void, completion: ((Bool) -> Void)?) {
        let context = AnimationContext(duration: duration, delay: delay, options: options, curve: curve,
                                       completion: completion, parent: easel_support_get_animation_context())
        context.isKeyframes = true
        AnimationContext.run(context, animations)
    }

    /// Adds a keyframe inside ``animateKeyframes(withDuration:delay:options:animations:completion:)``:
    /// the changes `animations` makes run from `start` for `length` (fractions of the whole, 0...1).
    /// Outside a keyframe animation the changes are made without animation.
    public static func addKeyframe(withRelativeStartTime start: Double, relativeDuration length: Double, animations: () -> Void) {
        guard let outer = AnimationContext.current, outer.isKeyframes else { return performWithoutAnimation(animations) }
        let start = start.isFinite ? min(max(start, 0), 1) : 0
        let length = length.isFinite ? min(max(length, 0), 1 - start) : 0
        let frame = AnimationContext(duration: 0, delay: 0, options: [], curve: .timing(.linear), completion: nil,
                                     parent: easel_support_get_animation_context())
        let retained = Unmanaged.passRetained(frame)
        easel_support_set_animation_context(retained.toOpaque())
        animations()
        easel_support_set_animation_context(frame.parent)
        retained.release()
        outer.addKeyframe(start: start, length: length, captured: frame.captured)
    }

    /// Runs `changes` with no animation, even inside an animation block (UIKit's `performWithoutAnimation`).
    public static func performWithoutAnimation(_ changes: () -> Void) {
        let saved = easel_support_get_animation_context()
        easel_support_set_animation_context(nil)
        changes()
        easel_support_set_animation_context(saved)
    }

    /// Whether the view has running animations.
    public final var hasAnimations: Bool { !(layerStorage?.animations?.isEmpty ?? true) }

    /// The keys of the view's running animations (Core Animation's `animationKeys`).
    public final var animatedProperties: [AnimatedProperty] { layerStorage?.animations?.animations.map(\.property) ?? [] }

    /// Removes the view's running animations; their completions run with finished = false.
    public final func removeAllAnimations() {
        guard let animator = registry.animator else { return }
        unsafeDowncast(animator, to: Animator.self).removeAllAnimations(of: self)
    }

    /// What the renderer draws for the view now: `nil` without running animations.
    final var presentation: Presentation? {
        guard let animations = layerStorage?.animations, !animations.isEmpty else { return nil }
        var presentation = Presentation(model: self)
        let time = mediaClock.time
        for animation in animations.animations {
            var value = animation.value(at: time)
            if animation.additive { value += animation.property.value(of: self) }
            animation.property.apply(value, to: &presentation)
        }
        if !animations.keyed.list.isEmpty {
            for property in animations.keyed.properties {
                var value = presentationCopyValue(property, presentation)
                animations.keyed.apply(property, to: &value, at: time)
                property.apply(value, to: &presentation)
            }
        }
        return presentation
    }

    /// The presented centre (the model's without an animation).
    public final var presentedCenter: easel_point { presentation?.center ?? storedCenter }
    /// The presented bounds.
    public final var presentedBounds: easel_rect { presentation?.bounds ?? storedBounds }
    /// The presented transform.
    public final var presentedTransform: easel_affine_transform { presentation?.transform ?? storedTransform }
    /// The presented alpha.
    public final var presentedAlpha: Double { presentation?.alpha ?? alpha }
    /// The presented background colour.
    public final var presentedBackgroundColor: easel_color? {
        guard let presentation else { return backgroundColor }
        return presentation.backgroundColor
    }
    /// The presented frame (the bounding box of the presented bounds in the superview).
    public final var presentedFrame: easel_rect {
        guard let presentation else { return frame }
        return presentedDownToSuperviewDown(presentation).apply(to: presentation.bounds)
    }

    /// The presented value of a property, as numbers (``AnimationValue``).
    public final func presentedValue(_ property: AnimatedProperty) -> AnimationValue {
        guard let animations = layerStorage?.animations,
              animations.animations.contains(where: { $0.property == property })
                || animations.keyed.list.contains(where: { $0.target.property == property }), let presentation else {
            return property.value(of: self)
        }
        return presentationCopyValue(property, presentation)
    }

    private func presentationCopyValue(_ property: AnimatedProperty, _ p: Presentation) -> AnimationValue {
        switch property {
        case .center: .point(p.center)
        case .bounds: .rect(p.bounds)
        case .transform: .transform(p.transform)
        case .alpha: .scalar(p.alpha)
        case .backgroundColor: .color(p.backgroundColor)
        case .cornerRadius: .scalar(p.layer.cornerRadius)
        case .borderWidth: .scalar(p.layer.borderWidth)
        case .borderColor: .color(p.layer.borderColor)
        case .shadowColor: .color(p.layer.shadowColor)
        case .shadowOpacity: .scalar(p.layer.shadowOpacity)
        case .shadowOffset: .size(p.layer.shadowOffset)
        case .shadowRadius: .scalar(p.layer.shadowRadius)
        case .anchorPoint: .point(p.layer.anchorPoint)
        case .contentsRect: .rect(p.layer.contentsRect)
        }
    }

    /// `downToSuperviewDown` with presented values.
    final func presentedDownToSuperviewDown(_ p: Presentation) -> easel_affine_transform {
        var centerDown = p.center
        if let superview, superview.isRightHanded { centerDown = superview.ownToDown.apply(to: p.center) }
        let anchor = easel_point(x: p.bounds.origin.x + p.layer.anchorPoint.x * p.bounds.size.width,
                                 y: p.bounds.origin.y + p.layer.anchorPoint.y * p.bounds.size.height)
        let mid = easel_affine_transform(translationX: -anchor.x, y: -anchor.y)
        let placed = p.transform.isIdentity ? mid : mid.concatenating(p.transform)
        return placed.concatenating(easel_affine_transform(translationX: centerDown.x, y: centerDown.y))
    }
}

extension View {
    /// The latest end of a running animation of a registry's views that does not repeat (`nil` when none).
    public static func latestAnimationEnd(in registry: Registry) -> Double? {
        guard let animator = registry.animator else { return nil }
        return unsafeDowncast(animator, to: Animator.self).latestEnd
    }
}
