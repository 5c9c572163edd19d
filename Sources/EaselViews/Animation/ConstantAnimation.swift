// Constraint constants changed inside an animation block, animated through
// the solver's edit variables.
//
// In UIKit, `UIView.animate { c.constant = 100; view.layoutIfNeeded() }`
// animates the frames that the new constant gives. Easel animates the constant
// itself: when a constant of an active constraint changes inside a block
// (`LayoutConstraint.constant`'s didSet calls `constantChanged`), the block's
// context notes its start value once and sets the constraint's
// `presentationConstant` to it, so a `layoutIfNeeded` in the block moves
// nothing. At commit each constant whose value changed gets a
// `ConstantAnimation` on its tree's engine, timed like a view property's
// animation (the block's duration, delay, curve, repeat and autoreverse). The
// engine is a frame observer of the media clock while it has any: after every
// advance it sets each `presentationConstant` to the value at the clock's
// time (an edit variable's suggestion: incremental, no new solve) and the
// next layout pass sets the frames from the solution; at the end it sets
// nil, the model constant takes over, and the block's completion counts the
// animation as ended. For a constraint whose items move linearly with the
// constant (most: positions and sizes) the frames are UIKit's interpolated
// frames; where an inequality starts or stops holding part-way, they follow
// the solver, which is what the layout says at that constant.
//
// A constant set outside a block while it is animated stops the animation
// (finished = false), as setting an animated view property does. A change
// inside `performWithoutAnimation`, in a zero-length block (a keyframe's own
// block among them) or with a root's `constraintConstantAnimator` installed
// (which then decides) is not animated here. The timeline of a scene does not
// count these animations in its duration.

import EaselRuntime

/// One constraint constant animating from its start value to its model value.
final class ConstantAnimation {
    weak var constraint: LayoutConstraint?
    /// The timing: a view property's animation of a scalar (its property is not used).
    let timing: PropertyAnimation

    init(_ constraint: LayoutConstraint, _ timing: PropertyAnimation) {
        self.constraint = constraint
        self.timing = timing
    }

    /// The constant at a clock time.
    func value(at time: Double) -> Double { timing.value(at: time)[0] }
}

extension AnimationContext {
    /// A constant of an active constraint changed inside this block: its start value is
    /// noted once, and shown until the animation starts.
    func captureConstant(_ constraint: LayoutConstraint, from old: Double) {
        guard !constants.contains(where: { $0.constraint === constraint }) else { return }
        var from = old
        if options.contains(.beginFromCurrentState), let shown = constraint.presentationConstant { from = shown }
        constants.append((constraint, from))
        constraint.presentationConstant = from
    }

    /// Makes the animations of the constants that changed (at the block's commit).
    func commitConstants() {
        for (constraint, from) in constants {
            guard constraint.constant != from, let engine = constraint.engine, let root = engine.root else {
                constraint.presentationConstant = nil
                continue
            }
            let clock = root.mediaClock
            let timing = PropertyAnimation(property: .alpha, from: .scalar(from), to: .scalar(constraint.constant),
                                           begin: clock.time + delay, duration: duration, curve: curve,
                                           repeats: options.contains(.repeat), autoreverses: options.contains(.autoreverse),
                                           group: group)
            group.pending += 1
            engine.run(ConstantAnimation(constraint, timing), on: clock)
        }
        constants = []
    }
}

extension LayoutEngine {
    /// Starts driving a constant animation, replacing a running one of the same constraint (interrupted).
    func run(_ animation: ConstantAnimation, on clock: MediaClock) {
        guard let constraint = animation.constraint else { return }
        if let old = constantAnimations.removeValue(forKey: ObjectIdentifier(constraint)) { end(old, finished: false) }
        constantAnimations[ObjectIdentifier(constraint)] = animation
        constraint.presentationConstant = animation.value(at: clock.time)
        if constantObserver == nil {
            constantObserver = clock.addFrameObserver { [weak self] time in self?.advanceConstantAnimations(to: time) }
            observedClock = clock
        }
    }

    /// Sets each animated constant's value at `time`; ends those that are over.
    func advanceConstantAnimations(to time: Double) {
        for (key, animation) in constantAnimations {
            guard let constraint = animation.constraint else {
                constantAnimations[key] = nil
                end(animation, finished: true)
                continue
            }
            if time >= animation.timing.end {
                constantAnimations[key] = nil
                constraint.presentationConstant = nil
                end(animation, finished: true)
            } else {
                constraint.presentationConstant = animation.value(at: time)
            }
        }
        stopObservingIfIdle()
    }

    /// A constant set outside an animation block: its running animation stops (finished = false).
    func stopConstantAnimation(of constraint: LayoutConstraint) {
        guard let animation = constantAnimations.removeValue(forKey: ObjectIdentifier(constraint)) else { return }
        constraint.presentationConstant = nil
        end(animation, finished: false)
        stopObservingIfIdle()
    }

    private func end(_ animation: ConstantAnimation, finished: Bool) {
        let group = animation.timing.group
        group.pending -= 1
        if !finished { group.finished = false }
        guard let root else {
            // The tree went away: nothing to defer the completion to.
            if group.pending <= 0, !group.completed {
                group.completed = true
                group.completion?(group.finished)
            }
            return
        }
        Animator.of(root.registry).complete(group, now: false, deferred: !finished)
    }

    private func stopObservingIfIdle() {
        guard constantAnimations.isEmpty, let observer = constantObserver else { return }
        observedClock?.removeFrameObserver(observer)
        constantObserver = nil
        observedClock = nil
    }
}

extension LayoutConstraint {
    /// The constant changed from `old`: inside an animation block it animates (see the top of this file);
    /// outside one, a running animation of it stops.
    func constantChanged(from old: Double) {
        guard let engine else { return }
        if let animator = engine.root?.layoutProperties?.constantAnimator {
            animator(self, old, constant)
        } else if let context = AnimationContext.current, context.duration > 0 || context.delay > 0 {
            context.captureConstant(self, from: old)
        } else if !engine.constantAnimations.isEmpty {
            engine.stopConstantAnimation(of: self)
        }
    }
}
