// Auto Layout's constraints on views: the frames the engine sets before
// layoutSubviews, each attribute and relation, priorities, incremental changes,
// the unsatisfiable report and ambiguity.

import EaselABI
import EaselRuntime
import EaselTestSupport
import EaselViews
import Testing

private typealias K = ViewTreeKit

/// A root of 400 x 300 with a subview laid out by constraints (not yet active).
private func rootAndChild(_ registry: Registry) throws -> (root: View, child: View) {
    let root = try K.make(registry, "View", K.rect(0, 0, 400, 300))
    let child = try K.make(registry)
    child.translatesAutoresizingMaskIntoConstraints = false
    try root.addSubview(child)
    return (root, child)
}

@Suite("Layout constraints: frames from the solver")
struct LayoutConstraintTests {
    @Test("seed 003's overlay: centred on its host and as large, by four constraints")
    func bubbleOverlay() throws {
        let registry = K.builtIns()
        let root = try K.make(registry, "View", K.rect(0, 0, 400, 300))
        let host = try K.make(registry, "View", K.rect(40, 60, 200, 120))
        let bubble = try K.make(registry)
        try root.addSubview(host)
        try root.addSubview(bubble)
        bubble.translatesAutoresizingMaskIntoConstraints = false
        try LayoutConstraint.activate([
            bubble.centerXAnchor.constraint(equalTo: host.centerXAnchor),
            bubble.centerYAnchor.constraint(equalTo: host.centerYAnchor),
            bubble.widthAnchor.constraint(equalTo: host.widthAnchor),
            bubble.heightAnchor.constraint(equalTo: host.heightAnchor),
        ])
        #expect(root.constraints.count == 4)
        root.layoutIfNeeded()
        #expect(bubble.frame == K.rect(40, 60, 200, 120))
        #expect(!bubble.hasAmbiguousLayout)
        // The host moves and grows (autoresizing or code): the overlay follows at the next pass.
        host.frame = K.rect(10, 20, 300, 50)
        root.layoutIfNeeded()
        #expect(bubble.frame == K.rect(10, 20, 300, 50))
    }

    @Test("each attribute of a subview against its superview's", arguments: [
        (LayoutAttribute.left, 10.0, K.rect(10, 0, 50, 40)), (.leading, 12, K.rect(12, 0, 50, 40)),
        (.right, -10, K.rect(340, 0, 50, 40)), (.trailing, -12, K.rect(338, 0, 50, 40)),
        (.centerX, 5, K.rect(180, 0, 50, 40)), (.top, 7, K.rect(0, 7, 50, 40)),
        (.bottom, -8, K.rect(0, 252, 50, 40)), (.centerY, -10, K.rect(0, 120, 50, 40)),
    ])
    func attributes(attribute: LayoutAttribute, constant: Double, expected: easel_rect) throws {
        let registry = K.builtIns()
        let (root, child) = try rootAndChild(registry)
        let horizontal = attribute.isHorizontal
        try LayoutConstraint.activate([
            LayoutConstraint(item: child, attribute: attribute, relatedBy: .equal, toItem: root, attribute: attribute, constant: constant),
            // Pin the other axis's position at 0 and the size at 50 x 40.
            LayoutConstraint(item: child, attribute: horizontal ? .top : .left, relatedBy: .equal, toItem: root,
                             attribute: horizontal ? .top : .left),
            child.widthAnchor.constraint(equalToConstant: 50), child.heightAnchor.constraint(equalToConstant: 40),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == expected)
    }

    @Test("relations bound a size against a weaker wish; multipliers scale it")
    func relationsAndMultipliers() throws {
        let registry = K.builtIns()
        let (root, child) = try rootAndChild(registry)
        let wish = child.widthAnchor.constraint(equalToConstant: 10)
        wish.priority = .defaultLow
        try LayoutConstraint.activate([
            child.leftAnchor.constraint(equalTo: root.leftAnchor), child.topAnchor.constraint(equalTo: root.topAnchor),
            child.widthAnchor.constraint(greaterThanOrEqualToConstant: 50), wish,
            child.heightAnchor.constraint(equalTo: root.heightAnchor, multiplier: 0.5, constant: 4),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == K.rect(0, 0, 50, 154))
        wish.constant = 300
        try child.widthAnchor.constraint(lessThanOrEqualTo: root.widthAnchor, multiplier: 0.5).activate()
        root.layoutIfNeeded()
        #expect(child.frame.size.width == 200)
    }

    @Test("a width at priority 750 yields to a required maximum, and wins again when that goes")
    func priorities() throws {
        let registry = K.builtIns()
        let (root, child) = try rootAndChild(registry)
        let preferred = child.widthAnchor.constraint(equalToConstant: 100)
        preferred.priority = .defaultHigh
        let maximum = child.widthAnchor.constraint(lessThanOrEqualToConstant: 60)
        try LayoutConstraint.activate([
            child.leftAnchor.constraint(equalTo: root.leftAnchor), child.topAnchor.constraint(equalTo: root.topAnchor),
            child.heightAnchor.constraint(equalToConstant: 10), preferred, maximum,
        ])
        root.layoutIfNeeded()
        #expect(child.frame.size.width == 60)
        maximum.isActive = false
        root.layoutIfNeeded()
        #expect(child.frame.size.width == 100)
        #expect(root.constraints.count == 4 && !maximum.isActive)
    }

    @Test("a constant changed on an active constraint moves the frame at the next pass")
    func constantChange() throws {
        let registry = K.builtIns()
        let (root, child) = try rootAndChild(registry)
        let leading = child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16)
        let trailing = child.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16)
        try LayoutConstraint.activate([
            leading, trailing, child.topAnchor.constraint(equalTo: root.topAnchor, constant: 8), child.heightAnchor.constraint(equalToConstant: 44),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == K.rect(16, 8, 368, 44))
        leading.constant = 40
        root.layoutIfNeeded()
        #expect(child.frame == K.rect(40, 8, 344, 44))
        root.frame = K.rect(0, 0, 500, 300)  // the root grows: its pins follow
        root.layoutIfNeeded()
        #expect(child.frame == K.rect(40, 8, 444, 44))
    }

    @Test("constraints between views in different subtrees go through their ancestors' frames")
    func nestedItems() throws {
        let registry = K.builtIns()
        let root = try K.make(registry, "View", K.rect(0, 0, 400, 300))
        let left = try K.make(registry, "View", K.rect(20, 30, 100, 100)), right = try K.make(registry, "View", K.rect(200, 50, 150, 150))
        let badge = try K.make(registry), label = try K.make(registry)
        try root.addSubview(left)
        try root.addSubview(right)
        try left.addSubview(badge)
        try right.addSubview(label)
        for view in [badge, label] { view.translatesAutoresizingMaskIntoConstraints = false }
        try LayoutConstraint.activate([
            badge.leftAnchor.constraint(equalTo: left.leftAnchor, constant: 5), badge.topAnchor.constraint(equalTo: left.topAnchor, constant: 5),
            badge.widthAnchor.constraint(equalToConstant: 20), badge.heightAnchor.constraint(equalToConstant: 20),
            // The label lines up with the badge's top and starts 100 points right of the badge, across subtrees.
            label.topAnchor.constraint(equalTo: badge.topAnchor),
            label.leftAnchor.constraint(equalTo: badge.rightAnchor, constant: 100),
            label.widthAnchor.constraint(equalToConstant: 30), label.heightAnchor.constraint(equalTo: badge.heightAnchor),
        ])
        #expect(root.constraints.count == 3 && left.constraints.count == 4 && right.constraints.count == 1)
        root.layoutIfNeeded()
        #expect(badge.frame == K.rect(5, 5, 20, 20))
        // In root coordinates the badge's top is 35 and its right 45: the label's frame is in `right`'s.
        #expect(label.frame == K.rect(145 - 200, 35 - 50, 30, 20))
    }

    @Test("unsatisfiable constraints: the newest is broken and reported as UIKit does")
    func unsatisfiable() throws {
        let registry = K.builtIns()
        let (root, child) = try rootAndChild(registry)
        let first = child.widthAnchor.constraint(equalToConstant: 100)
        first.identifier = "first"
        let second = child.widthAnchor.constraint(equalToConstant: 200)
        second.identifier = "second"
        try LayoutConstraint.activate([child.leftAnchor.constraint(equalTo: root.leftAnchor), child.topAnchor.constraint(equalTo: root.topAnchor),
                                       child.heightAnchor.constraint(equalToConstant: 10), first])
        root.layoutIfNeeded()
        _ = registry.takeDiagnostics()
        try second.activate()
        root.layoutIfNeeded()
        #expect(child.frame.size.width == 100)
        let messages = registry.takeDiagnostics().map(\.message)
        #expect(messages.count == 1)
        let report = try #require(messages.first)
        #expect(report.hasPrefix("Unable to simultaneously satisfy constraints.\n"))
        #expect(report.contains("\"<LayoutConstraint 'first' View:"))
        #expect(report.hasSuffix("Will attempt to recover by breaking constraint\n\(second.description)"))
        #expect(second.description.hasPrefix("<LayoutConstraint 'second' View:") && second.description.hasSuffix(".width == 200.0>"))
        // Deactivating the first lets the second hold.
        first.isActive = false
        second.isActive = false
        second.isActive = true
        root.layoutIfNeeded()
        #expect(child.frame.size.width == 200)
    }

    @Test("hasAmbiguousLayout: true until each of the frame's four values is determined")
    func ambiguity() throws {
        let registry = K.builtIns()
        let (root, child) = try rootAndChild(registry)
        try LayoutConstraint.activate([child.leftAnchor.constraint(equalTo: root.leftAnchor), child.widthAnchor.constraint(equalToConstant: 30)])
        root.layoutIfNeeded()
        #expect(child.hasAmbiguousLayout)
        #expect(!root.hasAmbiguousLayout)
        try LayoutConstraint.activate([child.topAnchor.constraint(equalTo: root.topAnchor), child.heightAnchor.constraint(greaterThanOrEqualToConstant: 8)])
        #expect(child.hasAmbiguousLayout)
        let hug = child.heightAnchor.constraint(equalToConstant: 0)
        hug.priority = .fittingSizeLevel
        try hug.activate()
        #expect(!child.hasAmbiguousLayout)
        root.layoutIfNeeded()
        #expect(child.frame == K.rect(0, 0, 30, 8))
    }

    @Test("autolayoutTrace lists the tree, marks views placed by constraints and names what is ambiguous")
    func trace() throws {
        let registry = K.builtIns()
        let (root, child) = try rootAndChild(registry)
        let leaf = try K.make(registry)
        try child.addSubview(leaf)
        try LayoutConstraint.activate([child.leftAnchor.constraint(equalTo: root.leftAnchor), child.heightAnchor.constraint(equalToConstant: 30)])
        func name(_ view: View) -> String { "View:\(view.description.split(separator: " ").last?.dropLast() ?? "")" }
        #expect(root.autolayoutTrace() == """
            \(name(root))
            |   *\(name(child)) - AMBIGUOUS LAYOUT for minY, width
            |   |   \(name(leaf))
            """)
    }

    @Test("activation needs a common ancestor; a view leaving the tree takes its constraints along")
    func treeChanges() throws {
        let registry = K.builtIns()
        let (root, child) = try rootAndChild(registry)
        let stranger = try K.make(registry)
        #expect(throws: ViewError.self) { try child.leftAnchor.constraint(equalTo: stranger.leftAnchor).activate() }
        let sibling = try K.make(registry)
        sibling.translatesAutoresizingMaskIntoConstraints = false
        try root.addSubview(sibling)
        let link = sibling.leftAnchor.constraint(equalTo: child.rightAnchor, constant: 4)
        try LayoutConstraint.activate([
            child.leftAnchor.constraint(equalTo: root.leftAnchor), child.topAnchor.constraint(equalTo: root.topAnchor),
            child.widthAnchor.constraint(equalToConstant: 30), child.heightAnchor.constraint(equalToConstant: 30),
            link, sibling.topAnchor.constraint(equalTo: child.bottomAnchor),
            sibling.widthAnchor.constraint(equalTo: child.widthAnchor), sibling.heightAnchor.constraint(equalTo: child.heightAnchor),
        ])
        root.layoutIfNeeded()
        #expect(sibling.frame == K.rect(34, 30, 30, 30))
        child.removeFromSuperview()
        root.layoutIfNeeded()
        #expect(!link.isActive && root.constraints.isEmpty)
    }
}

@Suite("Layout constraints: ownership")
struct LayoutConstraintOwnershipTests {
    @Test("a constraint held by one of its own items does not keep the tree alive (items are weak)")
    func noRetainCycle() throws {
        let registry = K.builtIns()
        weak var weakRoot: View?
        weak var weakConstraint: LayoutConstraint?
        do {
            let (root, child) = try rootAndChild(registry)
            let constraint = child.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 3)
            try constraint.activate()
            root.layoutIfNeeded()
            #expect(child.frame.origin.x == 3 && root.constraints.first === constraint)
            weakRoot = root
            weakConstraint = constraint
        }
        #expect(weakRoot == nil && weakConstraint == nil)
    }
}

@Suite("Layout constraints: pixels")
struct LayoutConstraintPixelTests {
    /// A white root with a blue host and a half-transparent red overlay on it, placed by
    /// autoresizing or by seed 003's four constraints.
    func scene(byConstraints: Bool) throws -> View {
        let registry = K.builtIns()
        let root = try whiteRoot(registry, width: 200, height: 150)
        root.autoresizesSubviews = true
        let host = try plain(registry, K.rect(30, 20, 120, 80), blueColor)
        host.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let overlay = try plain(registry, byConstraints ? .zero : K.rect(30, 20, 120, 80), color(1, 0, 0, 0.5))
        try root.addSubview(host)
        try root.addSubview(overlay)
        if byConstraints {
            overlay.translatesAutoresizingMaskIntoConstraints = false
            try LayoutConstraint.activate([
                overlay.centerXAnchor.constraint(equalTo: host.centerXAnchor), overlay.centerYAnchor.constraint(equalTo: host.centerYAnchor),
                overlay.widthAnchor.constraint(equalTo: host.widthAnchor), overlay.heightAnchor.constraint(equalTo: host.heightAnchor),
            ])
        } else {
            overlay.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        }
        return root
    }

    @Test("seed 003's overlay placed by constraints renders pixel for pixel as the autoresizing one, before and after a resize")
    func sameAsAutoresizing() throws {
        let constrained = try scene(byConstraints: true), autoresized = try scene(byConstraints: false)
        let before = try fullImage(constrained)
        expectSameImage(before, try fullImage(autoresized))
        #expect(near(before.pixel(x: 90, y: 60), 128, 0, 127, tolerance: 2))  // red over blue
        for root in [constrained, autoresized] { root.frame = K.rect(0, 0, 260, 190) }
        let after = try fullImage(constrained)
        expectSameImage(after, try fullImage(autoresized))
        #expect(near(after.pixel(x: 170, y: 125), 128, 0, 127, tolerance: 2))  // the host grew to (30, 20, 180, 120)
    }
}

@Suite("Layout constraints: intrinsic content size")
struct IntrinsicContentSizeTests {
    /// Two "labels" of intrinsic size 100 x 20 in a row: root.leading | a | 8 | b | root.trailing.
    func row(_ registry: Registry, width: Double) throws -> (root: View, a: View, b: View) {
        let root = try K.make(registry, "View", K.rect(0, 0, width, 40))
        let a = try K.make(registry), b = try K.make(registry)
        for label in [a, b] {
            label.translatesAutoresizingMaskIntoConstraints = false
            label.setIntrinsicContentSize(K.size(100, 20))
            try root.addSubview(label)
        }
        try LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor), b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            b.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        return (root, a, b)
    }

    @Test("hugging: with room to spare, the label that hugs less grows; its height is its intrinsic height")
    func hugging() throws {
        let registry = K.builtIns()
        let (root, a, b) = try row(registry, width: 300)
        a.setContentHuggingPriority(LayoutPriority(251), for: .horizontal)
        root.layoutIfNeeded()
        #expect(a.frame == K.rect(0, 0, 100, 20) && b.frame == K.rect(108, 0, 192, 20))
        #expect(!a.hasAmbiguousLayout && !b.hasAmbiguousLayout)
        b.setContentHuggingPriority(LayoutPriority(252), for: .horizontal)  // now a grows
        root.layoutIfNeeded()
        #expect(a.frame.size.width == 192 && b.frame == K.rect(200, 0, 100, 20))
    }

    @Test("compression resistance: short of room, the label that resists less shrinks")
    func compression() throws {
        let registry = K.builtIns()
        let (root, a, b) = try row(registry, width: 150)
        a.setContentCompressionResistancePriority(LayoutPriority(749), for: .horizontal)
        root.layoutIfNeeded()
        #expect(a.frame.size.width == 42 && b.frame == K.rect(50, 0, 100, 20))
        // The intrinsic size changes (new text): the constants move, the shrinking label still gives way.
        b.setIntrinsicContentSize(K.size(60, 30))
        root.layoutIfNeeded()
        #expect(a.frame.size.width == 82 && b.frame == K.rect(90, 0, 60, 30))
        #expect(b.intrinsicContentSize == K.size(60, 30) && a.contentCompressionResistancePriority(for: .horizontal) == LayoutPriority(749))
        #expect(a.contentHuggingPriority(for: .vertical) == .defaultLow && b.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
    }

    @Test("a view without an intrinsic size has none: noIntrinsicMetric in both dimensions")
    func noIntrinsicSize() throws {
        let view = try K.make(K.builtIns())
        #expect(view.intrinsicContentSize == K.size(View.noIntrinsicMetric, View.noIntrinsicMetric))
        view.setIntrinsicContentSize(K.size(.nan, 5))
        #expect(view.intrinsicContentSize == K.size(-1, 5))
    }
}

@Suite("Layout constraints: a plugin's intrinsicContentSize")
struct PluginIntrinsicSizeTests {
    @Test("a C plugin's intrinsicContentSize sizes a view placed by constraints")
    func pluginIntrinsicSize() throws {
        let registry = try K.widgets()
        let root = try K.make(registry, "View", K.rect(0, 0, 100, 100))
        let dot = try registry.makeView(ofClass: "Dot")
        dot.translatesAutoresizingMaskIntoConstraints = false
        try root.addSubview(dot)
        #expect(dot.intrinsicContentSize == K.size(24, 12))
        try LayoutConstraint.activate([
            dot.centerXAnchor.constraint(equalTo: root.centerXAnchor), dot.centerYAnchor.constraint(equalTo: root.centerYAnchor),
        ])
        root.layoutIfNeeded()
        #expect(dot.frame == K.rect(38, 44, 24, 12))
        #expect(!dot.hasAmbiguousLayout)
    }
}

@Suite("Layout constraints: updateConstraints")
struct UpdateConstraintsTests {
    @Test("setNeedsUpdateConstraints: updateConstraints runs before layoutSubviews, subviews before superviews, once")
    func order() throws {
        let registry = try K.widgets()
        let root = try K.make(registry, "View", K.rect(0, 0, 200, 200))
        let outer = try K.make(registry, "Panel", K.rect(0, 0, 100, 100), tag: 10)
        let inner = try K.make(registry, "Panel", K.rect(0, 0, 50, 50), tag: 20)
        try root.addSubview(outer)
        try outer.addSubview(inner)
        outer.setNeedsUpdateConstraints()
        inner.setNeedsUpdateConstraints()
        #expect(outer.needsUpdateConstraints && inner.needsUpdateConstraints && !root.needsUpdateConstraints)
        _ = K.log(registry)
        root.layoutIfNeeded()
        #expect(K.log(registry) == ["Panel: updateConstraints 20 after 0 layouts", "Panel: updateConstraints 10 after 0 layouts"])
        #expect(try outer.value(ofProperty: "layouts", as: Int32.self) == 1 && !outer.needsUpdateConstraints)
        root.layoutIfNeeded()
        #expect(K.log(registry).isEmpty)
        inner.setNeedsUpdateConstraints()
        inner.updateConstraintsIfNeeded()  // now, without a layout pass
        #expect(K.log(registry) == ["Panel: updateConstraints 20 after 1 layouts"])
    }
}

@Suite("Layout constraints: transformed and right-handed views")
struct TransformedLayoutTests {
    /// A view laid out by constraints, added to `superview`.
    private func placed(_ registry: Registry, in superview: View, _ cls: String = "View") throws -> View {
        let view = try K.make(registry, cls)
        view.translatesAutoresizingMaskIntoConstraints = false
        try superview.addSubview(view)
        return view
    }

    @Test("a transform changes neither what constraints give (bounds and center) nor the edges others align to; it is kept")
    func transformed() throws {
        let registry = K.builtIns()
        let root = try K.make(registry, "View", K.rect(0, 0, 400, 300))
        let turned = try placed(registry, in: root), follower = try placed(registry, in: root), inner = try placed(registry, in: turned)
        let quarter = easel_affine_transform(rotationAngle: .pi / 2)
        turned.transform = quarter
        // A pinned view scaled 2x after its frame was set: others see its untransformed frame (200, 200, 40, 20).
        let scaled = try K.make(registry, "View", K.rect(200, 200, 40, 20))
        try root.addSubview(scaled)
        scaled.transform = easel_affine_transform(scaleX: 2, y: 2)
        let below = try placed(registry, in: root)
        try LayoutConstraint.activate([
            turned.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            turned.topAnchor.constraint(equalTo: root.topAnchor, constant: 30),
            turned.widthAnchor.constraint(equalToConstant: 100), turned.heightAnchor.constraint(equalToConstant: 50),
            follower.leadingAnchor.constraint(equalTo: turned.trailingAnchor, constant: 10),
            follower.topAnchor.constraint(equalTo: turned.topAnchor),
            follower.widthAnchor.constraint(equalToConstant: 10), follower.heightAnchor.constraint(equalToConstant: 10),
            inner.leadingAnchor.constraint(equalTo: turned.leadingAnchor, constant: 10),
            inner.trailingAnchor.constraint(equalTo: turned.trailingAnchor, constant: -10),
            inner.topAnchor.constraint(equalTo: turned.topAnchor, constant: 5),
            inner.bottomAnchor.constraint(equalTo: turned.bottomAnchor, constant: -5),
            below.leadingAnchor.constraint(equalTo: scaled.trailingAnchor),
            below.topAnchor.constraint(equalTo: scaled.bottomAnchor),
            below.widthAnchor.constraint(equalToConstant: 5), below.heightAnchor.constraint(equalToConstant: 5),
        ])
        for _ in 0..<2 {   // a second pass changes nothing
            root.layoutIfNeeded()
            // 100 x 50 with its centre at (20 + 50, 30 + 25); turned a quarter, its bounding box is 50 x 100 about it.
            #expect(turned.bounds.size == K.size(100, 50) && turned.center == K.point(70, 55) && turned.transform == quarter)
            #expect(K.close(turned.frame, K.rect(45, 5, 50, 100)))
            // Its untransformed trailing edge is 120, not the bounding box's 95.
            #expect(follower.frame == K.rect(130, 30, 10, 10))
            // In its own bounds the subview is inset as if nothing were turned.
            #expect(inner.frame == K.rect(10, 5, 80, 40))
            #expect(below.frame == K.rect(240, 220, 5, 5))
            #expect(scaled.bounds.size == K.size(40, 20) && scaled.center == K.point(220, 210))
            root.setNeedsLayout()
        }
    }

    @Test("inside a right-handed view top is the visual top: frames are set in its y-up coordinates and follow its height")
    func rightHanded() throws {
        let registry = K.builtIns()
        let root = try K.make(registry, "View", K.rect(0, 0, 400, 300))
        let graph = try K.make(registry, "RHView", K.rect(0, 0, 200, 100))
        try root.addSubview(graph)
        let top = try placed(registry, in: graph), bottom = try placed(registry, in: graph)
        graph.directionalLayoutMargins = DirectionalEdgeInsets(top: 10, leading: 8, bottom: 20, trailing: 8)
        let guide = graph.makeLayoutGuide()
        try LayoutConstraint.activate([
            top.topAnchor.constraint(equalTo: graph.topAnchor, constant: 10),
            top.leadingAnchor.constraint(equalTo: graph.leadingAnchor, constant: 20),
            top.widthAnchor.constraint(equalToConstant: 50), top.heightAnchor.constraint(equalToConstant: 30),
            bottom.bottomAnchor.constraint(equalTo: graph.layoutMarginsGuide.bottomAnchor),
            bottom.leadingAnchor.constraint(equalTo: top.trailingAnchor),
            bottom.widthAnchor.constraint(equalToConstant: 40), bottom.heightAnchor.constraint(equalToConstant: 10),
            guide.topAnchor.constraint(equalTo: top.bottomAnchor), guide.bottomAnchor.constraint(equalTo: bottom.topAnchor),
            guide.leadingAnchor.constraint(equalTo: graph.leadingAnchor), guide.widthAnchor.constraint(equalToConstant: 1),
        ])
        root.layoutIfNeeded()
        // 10 below the visual top of a 100 high view whose y points up: y from 100 - 10 - 30 = 60.
        #expect(top.frame == K.rect(20, 60, 50, 30))
        #expect(top.convert(top.bounds, to: root) == K.rect(20, 10, 50, 30))
        // On the bottom margin (20): y from 20 in the view's coordinates, 70 to 80 from the root's top.
        #expect(bottom.frame == K.rect(70, 20, 40, 10))
        #expect(bottom.convert(bottom.bounds, to: root) == K.rect(70, 70, 40, 10))
        // Guides answer in the view's own coordinates: the margins' 70 points from y = 20; the spacer from 30 to 60.
        #expect(graph.layoutMarginsGuide.layoutFrame == K.rect(8, 20, 184, 70))
        #expect(guide.layoutFrame == K.rect(0, 30, 1, 30))
        // Twice as high: the subviews keep their distance from the visual top and bottom.
        graph.frame = K.rect(0, 0, 200, 200)
        root.layoutIfNeeded()
        #expect(top.frame == K.rect(20, 160, 50, 30) && top.convert(top.bounds, to: root) == K.rect(20, 10, 50, 30))
        #expect(bottom.frame == K.rect(70, 20, 40, 10) && bottom.convert(bottom.bounds, to: root) == K.rect(70, 170, 40, 10))
    }
}
