// The built-in StackView (UIKit's UIStackView) on the constraint engine:
// distributions, alignments, hidden views collapsing, a stack sized by its
// content. Frames computed by hand in each test.

import EaselABI
import EaselRuntime
import EaselTestSupport
import EaselViews
import Testing

private typealias K = ViewTreeKit

/// A 400 x 300 root, a stack at `frame` (placed by its frame) and three arranged views
/// with intrinsic sizes 50 x 20, 70 x 30 and 30 x 40.
private func stack(_ frame: easel_rect, _ configure: (StackView) -> Void) throws -> (StackView, [View], root: View) {
    let registry = K.builtIns()
    let root = try K.make(registry, "View", K.rect(0, 0, 400, 300))
    let stack = try #require(try registry.makeView(ofClass: "StackView", frame: frame) as? StackView)
    try root.addSubview(stack)
    configure(stack)
    var views: [View] = []
    for size in [K.size(50, 20), K.size(70, 30), K.size(30, 40)] {
        let view = try K.make(registry)
        view.setIntrinsicContentSize(size)
        try stack.addArrangedSubview(view)
        views.append(view)
    }
    root.layoutIfNeeded()
    return (stack, views, root)
}

/// Frames equal within 1e-9 (the solver's sums of shares).
private func close(_ frames: [easel_rect], _ expected: [easel_rect]) -> Bool {
    frames.count == expected.count && zip(frames, expected).allSatisfy { K.close($0.0, $0.1) }
}

@Suite("StackView")
struct StackViewTests {
    @Test("distributions along a 320-point row with spacing 10", arguments: [
        // fill: intrinsic widths, the last view stretches: 320 - 140.
        (StackDistribution.fill, [K.rect(0, 0, 50, 100), K.rect(60, 0, 70, 100), K.rect(140, 0, 180, 100)]),
        // fillEqually: (320 - 20) / 3.
        (.fillEqually, [K.rect(0, 0, 100, 100), K.rect(110, 0, 100, 100), K.rect(220, 0, 100, 100)]),
        // fillProportionally: 300 shared 50 : 70 : 30.
        (.fillProportionally, [K.rect(0, 0, 100, 100), K.rect(110, 0, 140, 100), K.rect(260, 0, 60, 100)]),
        // equalSpacing: intrinsic widths, (320 - 150) / 2 = 85 between.
        (.equalSpacing, [K.rect(0, 0, 50, 100), K.rect(135, 0, 70, 100), K.rect(290, 0, 30, 100)]),
        // equalCentering: centres 25, 165, 305.
        (.equalCentering, [K.rect(0, 0, 50, 100), K.rect(130, 0, 70, 100), K.rect(290, 0, 30, 100)]),
    ])
    func distributions(distribution: StackDistribution, expected: [easel_rect]) throws {
        let (_, views, _) = try stack(K.rect(0, 0, 320, 100)) {
            $0.distribution = distribution
            $0.spacing = 10
        }
        #expect(close(views.map(\.frame), expected), "\(views.map(\.frame))")
        #expect(views.allSatisfy { !$0.translatesAutoresizingMaskIntoConstraints && !$0.hasAmbiguousLayout })
    }

    @Test("alignments across a 100-point row: top, center, bottom keep the intrinsic heights", arguments: [
        (StackAlignment.top, [0.0, 0, 0]), (.center, [40, 35, 30]), (.bottom, [80, 70, 60]),
    ])
    func alignments(alignment: StackAlignment, tops: [Double]) throws {
        let (_, views, _) = try stack(K.rect(0, 0, 320, 100)) {
            $0.alignment = alignment
            $0.spacing = 10
        }
        #expect(views.map(\.frame.origin.y) == tops)
        #expect(views.map(\.frame.size.height) == [20, 30, 40])
    }

    @Test("a hidden arranged view collapses and its spacing goes; shown again, it comes back")
    func hiddenCollapses() throws {
        let (stack, views, root) = try stack(K.rect(0, 0, 320, 100)) { $0.spacing = 10 }
        views[1].isHidden = true
        root.layoutIfNeeded()
        #expect(views[0].frame == K.rect(0, 0, 50, 100))
        #expect(views[2].frame == K.rect(60, 0, 260, 100))
        #expect(views[1].frame.size.width == 0 && stack.arrangedSubviews.count == 3)
        views[1].isHidden = false
        root.layoutIfNeeded()
        #expect(views[2].frame == K.rect(140, 0, 180, 100))
        // Removed from the stack's subviews, a view leaves the arrangement.
        views[2].removeFromSuperview()
        root.layoutIfNeeded()
        #expect(stack.arrangedSubviews.count == 2 && views[1].frame == K.rect(60, 0, 260, 100))
    }

    @Test("a vertical stack: fillEqually shares the height, (310 - 10) / 3")
    func vertical() throws {
        let (_, views, _) = try stack(K.rect(0, 0, 100, 310)) {
            $0.axis = .vertical
            $0.distribution = .fillEqually
            $0.spacing = 5
        }
        #expect(views.map(\.frame) == [K.rect(0, 0, 100, 100), K.rect(0, 105, 100, 100), K.rect(0, 210, 100, 100)])
    }

    @Test("a stack placed by its position alone is as long as its views and as thick as the thickest")
    func sizedByContent() throws {
        let (stack, views, root) = try stack(K.rect(0, 0, 1, 1)) {
            $0.alignment = .center
            $0.spacing = 10
            $0.translatesAutoresizingMaskIntoConstraints = false
            try? LayoutConstraint.activate([
                $0.leadingAnchor.constraint(equalTo: $0.superview!.leadingAnchor, constant: 10),
                $0.topAnchor.constraint(equalTo: $0.superview!.topAnchor, constant: 10),
            ])
        }
        #expect(stack.frame == K.rect(10, 10, 170, 40))   // 50 + 70 + 30 + 2 x 10; 40 high
        #expect(views.map(\.frame) == [K.rect(0, 10, 50, 20), K.rect(60, 5, 70, 30), K.rect(140, 0, 30, 40)])
    }

    @Test("first baseline alignment: the baselines line up and the block touches the top")
    func firstBaseline() throws {
        let registry = try layoutWidgets()
        let root = try K.make(registry, "View", K.rect(0, 0, 400, 300))
        let stack = try #require(try registry.makeView(ofClass: "StackView", frame: K.rect(0, 0, 300, 100)) as? StackView)
        try root.addSubview(stack)
        stack.alignment = .firstBaseline
        stack.spacing = 8
        let caption = try registry.makeView(ofClass: "Caption"), paragraph = try registry.makeView(ofClass: "Paragraph")
        try stack.addArrangedSubview(caption)
        try stack.addArrangedSubview(paragraph)
        root.layoutIfNeeded()
        // Baselines 15 and 14 below the tops: the caption at 0, the paragraph at 1.
        #expect(caption.frame == K.rect(0, 0, 80, 20))
        #expect(paragraph.frame == K.rect(88, 1, 212, 50))
    }
}
