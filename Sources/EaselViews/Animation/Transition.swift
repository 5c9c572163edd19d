// View transitions: `View.transition(from:to:duration:options:completion:)`
// and `View.transition(with:duration:options:animations:completion:)`.
//
// Easel draws in 2D, so the 3D transitions are honest approximations, made
// of the animations the engine already has:
//   - flip from left/right (top/bottom): an orthographic flip without
//     perspective: `from` narrows to an edge-on sliver about its vertical
//     (horizontal) centre line in the first half of the duration, then `to`
//     widens from one in the second half; at the middle nothing but the
//     container shows, as in UIKit's edge-on frame;
//   - curl up: `from` rolls up into its top edge (it shrinks to its top edge)
//     uncovering `to` beneath it; curl down: `to` unrolls down from the top
//     edge over `from`; no page shape, shading or back side is drawn;
//   - cross dissolve: `from` fades out while `to` fades in.
// `to` is inserted into `from`'s superview (above it, below it for curl up);
// when the transition ends `from` is removed and its transform and alpha are
// put back, as UIKit leaves the view it took out.
//
// `transition(with:)` changes a view in place: the view's subtree is drawn
// into a snapshot (an image view at the view's frame, above it in its
// superview), the block's changes are made at once without animation (the
// model changes, as in UIKit), and the same transition runs from the
// snapshot to the changed view, which stays; the snapshot is removed at the
// end. The snapshot is drawn at scale 2 and placed by the view's frame: a
// view with a transform other than a translation, or beyond 4096 points,
// transitions without the old picture (the changed view appears through
// the transition's second half).

import EaselABI
import EaselGeometry

extension View {
    /// The transition bits of ``AnimationOptions`` (`transitionFlipFromLeft` … `transitionFlipFromBottom`).
    static let transitionMask: UInt64 = 0xf << 20

    /// Replaces `from` with `to` in `from`'s superview through a transition
    /// (UIKit's `transition(from:to:duration:options:completion:)`; see Transition.swift).
    ///
    /// With ``AnimationOptions/showHideTransitionViews`` both views are in the tree already:
    /// `to` is shown at the start and `from` hidden at the end, neither moves.
    /// - Throws: ``ViewError`` when `from` has no superview (or `to` none, with `showHideTransitionViews`).
    public static func transition(from: View, to: View, duration: Double, options: AnimationOptions,
                                  completion: ((Bool) -> Void)? = nil) throws(ViewError) {
        guard let container = from.superview else { throw ViewError("cannot transition from \(from): it has no superview") }
        let kind = (options.rawValue & transitionMask) >> 20
        if options.contains(.showHideTransitionViews) {
            guard to.superview != nil else {
                throw ViewError("cannot show \(to) with showHideTransitionViews: it has no superview")
            }
            performWithoutAnimation { to.isHidden = false }
        } else if kind == 3 {
            try container.insertSubview(to, belowSubview: from)
        } else {
            try container.insertSubview(to, aboveSubview: from)
        }
        run(kind: kind, from: from, to: to, duration: duration, options: options, completion: completion)
    }

    /// Changes a view through a transition (UIKit's `transition(with:duration:options:animations:completion:)`):
    /// the view as it was shows in the transition's first part, as `animations` left it in the last
    /// (a snapshot of it is the old picture; see Transition.swift).
    ///
    /// - Parameters:
    ///   - view: The view that changes (it stays in its superview).
    ///   - duration: Seconds.
    ///   - options: One of the `transition…` options, a curve.
    ///   - animations: The changes (made at once, without animation: the transition shows them).
    ///   - completion: Runs once from the media clock, as an animation's.
    /// - Throws: ``ViewError`` when the view has no superview.
    public static func transition(with view: View, duration: Double, options: AnimationOptions,
                                  animations: () -> Void, completion: ((Bool) -> Void)? = nil) throws(ViewError) {
        guard let container = view.superview else { throw ViewError("cannot transition \(view): it has no superview") }
        let kind = (options.rawValue & transitionMask) >> 20
        let shot = view.transform.isTranslation ? view.snapshotImage(scale: 2) : nil
        let snapshot: View?
        if let shot, let image = try? view.registry.makeView(ofClass: "ImageView", frame: view.frame) as? ImageView {
            image.image = shot.image
            image.layer.contentsRect = shot.part
            image.isUserInteractionEnabled = false
            // Curl up rolls the old picture away above the view; the others bring the view in above it.
            if kind == 3 { try container.insertSubview(image, aboveSubview: view) } else { try container.insertSubview(image, belowSubview: view) }
            snapshot = image
        } else {
            snapshot = nil
        }
        performWithoutAnimation(animations)
        guard let snapshot else {
            // No old picture: the changed view alone goes through the transition's second half.
            run(kind: kind, from: nil, to: view, duration: duration, options: options, completion: completion)
            return
        }
        run(kind: kind, from: snapshot, to: view, duration: duration, options: options, completion: completion)
    }

    /// Runs a transition of `kind` from `from` (removed at the end, its transform and alpha put back)
    /// to `to`, both in one superview.
    private static func run(kind: UInt64, from: View?, to: View, duration: Double, options: AnimationOptions,
                            completion: ((Bool) -> Void)?) {
        let timing = AnimationOptions(rawValue: options.rawValue & ~transitionMask)
        let fromTransform = from?.transform ?? .identity, fromAlpha = from?.alpha ?? 1
        let toTransform = to.transform, toAlpha = to.alpha
        let done: (Bool) -> Void = { finished in
            if let from {
                if options.contains(.showHideTransitionViews) { from.isHidden = true } else { from.removeFromSuperview() }
                performWithoutAnimation {
                    from.transform = fromTransform
                    from.alpha = fromAlpha
                }
            }
            completion?(finished)
        }
        let thin = 1e-6
        let height = (from ?? to).bounds.size.height
        switch kind {
        case 1, 2, 6, 7:
            let squash = kind <= 2 ? easel_affine_transform(scaleX: thin, y: 1) : easel_affine_transform(scaleX: 1, y: thin)
            performWithoutAnimation { to.transform = squash.concatenating(toTransform) }
            animateKeyframes(withDuration: duration, options: timing, curve: .timing(timing.timingFunction), animations: {
                if let from {
                    addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { from.transform = squash.concatenating(fromTransform) }
                }
                addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { to.transform = toTransform }
            }, completion: done)
        case 3:
            // Curl up: from shrinks into its top edge, uncovering to.
            let rolled = easel_affine_transform(scaleX: 1, y: thin).concatenating(easel_affine_transform(translationX: 0, y: -height / 2))
            guard let from else {
                animate(withDuration: duration, options: timing, animations: {}, completion: done)
                return
            }
            animate(withDuration: duration, options: timing, animations: { from.transform = rolled.concatenating(fromTransform) },
                    completion: done)
        case 4:
            // Curl down: to unrolls from the top edge over from.
            let rolled = easel_affine_transform(scaleX: 1, y: thin).concatenating(easel_affine_transform(translationX: 0, y: -height / 2))
            performWithoutAnimation { to.transform = rolled.concatenating(toTransform) }
            animate(withDuration: duration, options: timing, animations: { to.transform = toTransform }, completion: done)
        default:
            // Cross dissolve (and no transition named: the same, as a plain replacement would show nothing).
            performWithoutAnimation { to.alpha = 0 }
            animate(withDuration: duration, options: timing, animations: {
                to.alpha = toAlpha
                from?.alpha = 0
            }, completion: done)
        }
    }
}
