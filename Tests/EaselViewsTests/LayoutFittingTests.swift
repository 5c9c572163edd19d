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
}
