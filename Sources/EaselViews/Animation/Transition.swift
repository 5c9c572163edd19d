// View transitions: `View.transition(from:to:duration:options:completion:)`.
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

import EaselABI
import EaselGeometry

extension View {
    /// The transition bits of ``AnimationOptions`` (`transitionFlipFromLeft` … `transitionFlipFromBottom`).
    static let transitionMask: UInt64 = 0xf << 20

    /// Replaces `from` with `to` in `from`'s superview through a transition
    /// (UIKit's `transition(from:to:duration:options:completion:)`; see Transition.swift).
    ///
    /// - Throws: ``ViewError`` when `from` has no superview.
    public static func transition(from: View, to: View, duration: Double, options: AnimationOptions,
                                  completion: ((Bool) -> Void)? = nil) throws(ViewError) {
        guard let container = from.superview else { throw ViewError("cannot transition from \(from): it has no superview") }
        let kind = (options.rawValue & transitionMask) >> 20
        let timing = AnimationOptions(rawValue: options.rawValue & ~transitionMask)
        let fromTransform = from.transform, fromAlpha = from.alpha
        let toTransform = to.transform, toAlpha = to.alpha
        if kind == 3 { try container.insertSubview(to, belowSubview: from) } else { try container.insertSubview(to, aboveSubview: from) }
        let done: (Bool) -> Void = { finished in
            from.removeFromSuperview()
            performWithoutAnimation {
                from.transform = fromTransform
                from.alpha = fromAlpha
            }
            completion?(finished)
        }
        let thin = 1e-6
        let height = from.bounds.size.height
        switch kind {
        case 1, 2, 6, 7:
            let squash = kind <= 2 ? easel_affine_transform(scaleX: thin, y: 1) : easel_affine_transform(scaleX: 1, y: thin)
            performWithoutAnimation { to.transform = squash.concatenating(toTransform) }
            animateKeyframes(withDuration: duration, options: timing, animations: {
                addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { from.transform = squash.concatenating(fromTransform) }
                addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { to.transform = toTransform }
            }, completion: done)
        case 3:
            // Curl up: from shrinks into its top edge, uncovering to.
            let rolled = easel_affine_transform(scaleX: 1, y: thin).concatenating(easel_affine_transform(translationX: 0, y: -height / 2))
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
                from.alpha = 0
            }, completion: done)
        }
    }
}
