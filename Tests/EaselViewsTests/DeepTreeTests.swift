import EaselGeometry
import EaselRuntime
import EaselTestSupport
import EaselViews
import Testing

/// Trees at the limits: a chain as deep as allowed, one deeper, and a flat tree of 100,000 views.
@Suite("View trees: depth limit and large trees")
struct DeepTreeTests {
    /// A chain of `count` views, each inset by a point in its superview, built top-down.
    private func chain(_ registry: Registry, count: Int) throws -> (root: View, leaf: View) {
        let root = try registry.makeView(ofClass: "View", frame: rect(0, 0, 100, 100))
        root.backgroundColor = redColor
        var leaf = root
        for index in 1..<count {
            let view = try registry.makeView(ofClass: "View", frame: rect(index == 1 ? 10 : 0, 0, 50, 50))
            view.tag = index
            try leaf.addSubview(view)
            leaf = view
        }
        leaf.backgroundColor = blueColor
        return (root, leaf)
    }

    @Test("a chain of maximumDepth views builds, renders, lays out, hit tests, converts and is freed")
    func deepestChain() throws {
        let registry = try widgetRegistry()
        weak var weakLeaf: View?
        do {
            let (root, leaf) = try chain(registry, count: View.maximumDepth)
            weakLeaf = leaf
            let image = try fullImage(root)
            #expect(image.pixel(x: 5, y: 5) == red)
            #expect(image.pixel(x: 30, y: 30) == blue)  // the leaf, at (10, 0) in the root, 50 x 50
            #expect(image.pixel(x: 70, y: 70) == red)
            #expect(root.hitTest(easel_point(x: 30, y: 30)) === leaf)
            #expect(leaf.convert(easel_point(x: 0, y: 0), to: nil) == easel_point(x: 10, y: 0))
            #expect(root.viewWithTag(View.maximumDepth - 1) === leaf)
            root.setNeedsLayout()
            root.layoutIfNeeded()
        }
        #expect(weakLeaf == nil)
    }

    @Test("a view that would make the tree deeper than maximumDepth is refused, from either end")
    func tooDeep() throws {
        let registry = try widgetRegistry()
        let (root, leaf) = try chain(registry, count: View.maximumDepth)
        let extra = try registry.makeView(ofClass: "View", frame: rect(0, 0, 10, 10))
        let error = #expect(throws: ViewError.self) { try leaf.addSubview(extra) }
        #expect(error?.message == "cannot add \(extra) as a subview of \(leaf): the tree would be 1001 views deep; the limit is 1000")
        #expect(extra.superview == nil && leaf.subviews.isEmpty)
        // The whole chain under a new root: one level too many as well.
        let top = try registry.makeView(ofClass: "View", frame: rect(0, 0, 100, 100))
        let second = #expect(throws: ViewError.self) { try top.addSubview(root) }
        #expect(second?.message == "cannot add \(root) as a subview of \(top): the tree would be 1001 views deep; the limit is 1000")
        #expect(root.superview == nil)
        // Moving a view within its own superview never counts against the limit.
        try leaf.superview?.insertSubview(leaf, at: 0)
        #expect(leaf.superview?.subviews.count == 1)
    }

    @Test("a flat tree of 100,000 views builds and renders")
    func flatTree() throws {
        let registry = try widgetRegistry()
        let root = try whiteRoot(registry, width: 400, height: 250)
        for index in 0..<100_000 {
            let view = try registry.makeView(ofClass: "View", frame: rect(Double(index % 400), Double(index / 400), 1, 1))
            view.backgroundColor = index.isMultiple(of: 2) ? redColor : blueColor
            try root.addSubview(view)
        }
        #expect(root.subviews.count == 100_000)
        let image = try fullImage(root)
        #expect(image.pixel(x: 0, y: 0) == red)
        #expect(image.pixel(x: 1, y: 0) == blue)
        #expect(image.pixel(x: 399, y: 249) == blue)
    }
}
