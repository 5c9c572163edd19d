// systemLayoutSizeFitting with fitting priorities, and a constant animated
// through the solver's edit variables (the hook the animation engine uses).
// Values computed by hand.

import EaselABI
import EaselRuntime
import EaselTestSupport
import EaselViews
import Testing

private typealias K = ViewTreeKit

@Suite("Layout: fitting sizes and animated constants")
struct LayoutFittingTests {
    /// A card (placed by its frame, 10 x 10) with two labels (80 x 20 and 120 x 30) stacked
    /// inside 10-point margins, 8 apart.
    private func card(_ registry: Registry) throws -> (root: View, card: View) {
        let root = try K.make(registry, "View", K.rect(0, 0, 400, 300))
        let card = try K.make(registry, "View", K.rect(5, 5, 10, 10))
        try root.addSubview(card)
        let first = try K.make(registry), second = try K.make(registry)
        for (label, size) in [(first, K.size(80, 20)), (second, K.size(120, 30))] {
            label.translatesAutoresizingMaskIntoConstraints = false
            label.setIntrinsicContentSize(size)
            try card.addSubview(label)
        }
        try LayoutConstraint.activate([
            first.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
            first.topAnchor.constraint(equalTo: card.topAnchor, constant: 10),
            second.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
            second.topAnchor.constraint(equalTo: first.bottomAnchor, constant: 8),
            card.trailingAnchor.constraint(greaterThanOrEqualTo: first.trailingAnchor, constant: 10),
            card.trailingAnchor.constraint(greaterThanOrEqualTo: second.trailingAnchor, constant: 10),
            card.bottomAnchor.constraint(equalTo: second.bottomAnchor, constant: 10),
        ])
        return (root, card)
    }

    @Test("systemLayoutSizeFitting: compressed, a required width, expanded; nothing moves")
    func fitting() throws {
        let (_, card) = try card(K.builtIns())
        // 120 + 2 x 10 wide; 10 + 20 + 8 + 30 + 10 high.
        #expect(card.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == K.size(140, 78))
        #expect(card.systemLayoutSizeFitting(K.size(300, 0), withHorizontalFittingPriority: .required,
                                             verticalFittingPriority: .fittingSizeLevel) == K.size(300, 78))
        #expect(card.systemLayoutSizeFitting(View.layoutFittingExpandedSize) == K.size(100_000, 78))
        #expect(card.frame == K.rect(5, 5, 10, 10))
    }

    @Test("presentationConstant drives the solver through an edit variable; nil puts the model constant back")
    func presentationConstant() throws {
        let registry = K.builtIns()
        let root = try K.make(registry, "View", K.rect(0, 0, 400, 300))
        let child = try K.make(registry)
        child.translatesAutoresizingMaskIntoConstraints = false
        try root.addSubview(child)
        let leading = child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        try LayoutConstraint.activate([
            leading, child.topAnchor.constraint(equalTo: root.topAnchor),
            child.widthAnchor.constraint(equalToConstant: 50), child.heightAnchor.constraint(equalToConstant: 40),
        ])
        root.layoutIfNeeded()
        #expect(child.frame.origin.x == 10)
        // An animation block, as the animation engine runs one: the hook starts from the old value.
        var changes: [[Double]] = []
        root.constraintConstantAnimator = { constraint, from, to in
            changes.append([from, to])
            constraint.presentationConstant = from
        }
        leading.constant = 110
        root.layoutIfNeeded()
        #expect(changes == [[10, 110]] && child.frame.origin.x == 10)   // the model is 110, the presentation 10
        leading.presentationConstant = 60                               // half-way
        root.layoutIfNeeded()
        #expect(child.frame.origin.x == 60)
        leading.presentationConstant = nil                              // the end
        root.layoutIfNeeded()
        #expect(child.frame.origin.x == 110 && leading.constant == 110)
        // Without the hook a change takes effect at the next pass.
        root.constraintConstantAnimator = nil
        leading.constant = 20
        root.layoutIfNeeded()
        #expect(child.frame.origin.x == 20)
    }

    /// A root 400 x 300 with `child` (leading 10, top 20, 50 x 40) and `follower` 8 points after it,
    /// twice as wide; returns the leading and width constraints of `child`.
    private func constantScene() throws -> (root: View, child: View, follower: View, leading: LayoutConstraint, width: LayoutConstraint) {
        let registry = K.builtIns()
        let root = try K.make(registry, "View", K.rect(0, 0, 400, 300))
        let child = try K.make(registry), follower = try K.make(registry)
        for view in [child, follower] {
            view.translatesAutoresizingMaskIntoConstraints = false
            try root.addSubview(view)
        }
        let leading = child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        let width = child.widthAnchor.constraint(equalToConstant: 50)
        try LayoutConstraint.activate([
            leading, width, child.topAnchor.constraint(equalTo: root.topAnchor, constant: 20), child.heightAnchor.constraint(equalToConstant: 40),
            follower.leadingAnchor.constraint(equalTo: child.trailingAnchor, constant: 8), follower.topAnchor.constraint(equalTo: child.topAnchor),
            follower.widthAnchor.constraint(equalTo: child.widthAnchor, multiplier: 2), follower.heightAnchor.constraint(equalToConstant: 40),
        ])
        root.layoutIfNeeded()
        return (root, child, follower, leading, width)
    }

    @Test("constants changed in an animation block animate: the frames at 0, 0.25, 0.5 and 1 s of a linear 1 s animation")
    func animatedConstants() throws {
        let (root, child, follower, leading, width) = try constantScene()
        #expect(child.frame == K.rect(10, 20, 50, 40) && follower.frame == K.rect(68, 20, 100, 40))
        let clock = root.mediaClock, start = clock.time
        var finished: [Bool] = []
        View.animate(withDuration: 1, options: .curveLinear, animations: {
            leading.constant = 110
            width.constant = 90
            root.layoutIfNeeded()   // UIKit's idiom: moves nothing yet, the animation starts from here
        }, completion: { finished.append($0) })
        #expect(leading.constant == 110 && width.constant == 90)   // the model values change at once
        #expect(child.frame == K.rect(10, 20, 50, 40))
        // 0.25 s: leading 10 + 100 x 0.25 = 35, width 50 + 40 x 0.25 = 60; the follower at 35 + 60 + 8 = 103, 120 wide.
        clock.advance(to: start + 0.25)
        root.layoutIfNeeded()
        #expect(child.frame == K.rect(35, 20, 60, 40) && follower.frame == K.rect(103, 20, 120, 40))
        #expect(finished == [])
        // 0.5 s: leading 60, width 70; the follower at 138, 140 wide.
        clock.advance(to: start + 0.5)
        root.layoutIfNeeded()
        #expect(child.frame == K.rect(60, 20, 70, 40) && follower.frame == K.rect(138, 20, 140, 40))
        // 1 s: the model constants, 110 and 90; the follower at 208, 180 wide; the completion ran, finished.
        clock.advance(to: start + 1)
        root.layoutIfNeeded()
        #expect(child.frame == K.rect(110, 20, 90, 40) && follower.frame == K.rect(208, 20, 180, 40))
        #expect(finished == [true] && leading.presentationConstant == nil && width.presentationConstant == nil)
    }

    @Test("an animated constant set outside a block stops where the new value says (finished = false); the default curve is at half-way at half time")
    func interruptedConstant() throws {
        let (root, child, _, leading, _) = try constantScene()
        let clock = root.mediaClock, start = clock.time
        var finished: [Bool] = []
        View.animate(withDuration: 2, animations: { leading.constant = 210 }, completion: { finished.append($0) })
        clock.advance(to: start + 1)
        root.layoutIfNeeded()
        #expect(K.close(child.frame.origin.x, 110, 1e-6))   // ease in, ease out: symmetric about the middle
        leading.constant = 0
        root.layoutIfNeeded()
        #expect(child.frame.origin.x == 0 && leading.presentationConstant == nil)
        clock.advance(to: start + 1.5)
        #expect(finished == [false])
        root.layoutIfNeeded()
        #expect(child.frame.origin.x == 0)
        // Outside a block, and in a block of no length, a change takes effect at the next pass.
        View.animate(withDuration: 0, animations: { leading.constant = 30 })
        root.layoutIfNeeded()
        #expect(child.frame.origin.x == 30)
    }
}
