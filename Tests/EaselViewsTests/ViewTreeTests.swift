// The non-rendering parts of the view system, checked against UIKit's
// semantics: the hierarchy and its lifecycle callbacks, geometry and
// conversions, autoresizing and layout, hit testing and touches, properties
// by name, and who owns whom.
//
// Lifecycle callbacks are observed through the view_widgets fixture's Panel,
// which logs every one of them with `host->log` ("[ViewWidgets] Panel: <what>
// <tag of the view argument | nil>"), read back with `takeDiagnostics()`.

import EaselABI
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

private typealias K = ViewTreeKit

// MARK: - 1. Hierarchy

@Suite("ViewTree: hierarchy")
struct ViewTreeHierarchyTests {
    @Test("addSubview appends back to front and sets superview, rootView and window")
    func addSubview() throws {
        let registry = K.builtIns()
        let root = try K.make(registry)
        let a = try K.make(registry), b = try K.make(registry), c = try K.make(registry)
        try root.addSubview(a)
        try root.addSubview(b)
        try b.addSubview(c)
        #expect(root.subviews.count == 2)
        #expect(root.subviews[0] === a && root.subviews[1] === b)
        #expect(a.superview === root && b.superview === root && c.superview === b)
        #expect(root.superview == nil)
        #expect(c.rootView === root && root.rootView === root)
        #expect(c.window == nil)

        let window = try registry.makeView(ofClass: "Window")
        try window.addSubview(root)
        #expect(c.window === window && root.window === window && window.window === window)
        #expect(c.rootView === window)
    }

    @Test("adding a view that has a superview removes it from the old one first")
    func reparenting() throws {
        let registry = K.builtIns()
        let first = try K.make(registry), second = try K.make(registry)
        let x = try K.make(registry), y = try K.make(registry), moving = try K.make(registry)
        try first.addSubview(x)
        try first.addSubview(moving)
        try first.addSubview(y)
        try second.addSubview(moving)
        #expect(first.subviews.count == 2)
        #expect(first.subviews[0] === x && first.subviews[1] === y)
        #expect(second.subviews.count == 1 && second.subviews[0] === moving)
        #expect(moving.superview === second)
    }

    @Test("insertSubview at an index (clamped), above and below a sibling")
    func insertion() throws {
        let registry = K.builtIns()
        let root = try K.make(registry)
        let a = try K.make(registry, tag: 1), b = try K.make(registry, tag: 2), c = try K.make(registry, tag: 3)
        let d = try K.make(registry, tag: 4), e = try K.make(registry, tag: 5), f = try K.make(registry, tag: 6)
        try root.addSubview(a)
        try root.addSubview(b)
        try root.insertSubview(c, at: 1)
        #expect(root.subviews.map(\.tag) == [1, 3, 2])
        try root.insertSubview(d, at: 0)
        #expect(root.subviews.map(\.tag) == [4, 1, 3, 2])
        try root.insertSubview(e, at: 99)  // past the end: appended
        #expect(root.subviews.map(\.tag) == [4, 1, 3, 2, 5])
        try root.insertSubview(f, at: -3)  // before the start: first
        #expect(root.subviews.map(\.tag) == [6, 4, 1, 3, 2, 5])

        // Above and below, with new views and with views already in the list.
        let g = try K.make(registry, tag: 7), h = try K.make(registry, tag: 8)
        try root.insertSubview(g, aboveSubview: a)
        #expect(root.subviews.map(\.tag) == [6, 4, 1, 7, 3, 2, 5])
        try root.insertSubview(h, belowSubview: a)
        #expect(root.subviews.map(\.tag) == [6, 4, 8, 1, 7, 3, 2, 5])
        try root.insertSubview(f, aboveSubview: b)  // moves the first view up
        #expect(root.subviews.map(\.tag) == [4, 8, 1, 7, 3, 2, 6, 5])
        try root.insertSubview(e, belowSubview: d)  // moves the last view down
        #expect(root.subviews.map(\.tag) == [5, 4, 8, 1, 7, 3, 2, 6])
        try root.insertSubview(a, aboveSubview: a)  // above itself: stays
        #expect(root.subviews.map(\.tag) == [5, 4, 8, 1, 7, 3, 2, 6])
        #expect(root.subviews.allSatisfy { $0.superview === root })

        let stranger = try K.make(registry, tag: 9)
        let error = #expect(throws: ViewError.self) { try root.insertSubview(g, aboveSubview: stranger) }
        #expect(error?.message == "\(stranger) is not a subview of \(root)")
        let below = #expect(throws: ViewError.self) { try root.insertSubview(g, belowSubview: stranger) }
        #expect(below?.message == "\(stranger) is not a subview of \(root)")
    }

    @Test("exchangeSubview, bringSubviewToFront, sendSubviewToBack")
    func reordering() throws {
        let registry = K.builtIns()
        let root = try K.make(registry)
        for tag in 1...4 { try root.addSubview(try K.make(registry, tag: tag)) }
        try root.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(root.subviews.map(\.tag) == [3, 2, 1, 4])
        try root.exchangeSubview(at: 3, withSubviewAt: 3)
        #expect(root.subviews.map(\.tag) == [3, 2, 1, 4])
        let outOfRange = #expect(throws: ViewError.self) { try root.exchangeSubview(at: 1, withSubviewAt: 4) }
        #expect(outOfRange?.message == "cannot exchange subviews 1 and 4 of \(root): it has 4 subviews")

        try root.bringSubviewToFront(root.subviews[1])
        #expect(root.subviews.map(\.tag) == [3, 1, 4, 2])
        try root.bringSubviewToFront(root.subviews[3])  // already in front
        #expect(root.subviews.map(\.tag) == [3, 1, 4, 2])
        try root.sendSubviewToBack(root.subviews[2])
        #expect(root.subviews.map(\.tag) == [4, 3, 1, 2])
        try root.sendSubviewToBack(root.subviews[0])  // already at the back
        #expect(root.subviews.map(\.tag) == [4, 3, 1, 2])

        let stranger = try K.make(registry)
        let front = #expect(throws: ViewError.self) { try root.bringSubviewToFront(stranger) }
        #expect(front?.message == "\(stranger) is not a subview of \(root)")
        let back = #expect(throws: ViewError.self) { try root.sendSubviewToBack(stranger) }
        #expect(back?.message == "\(stranger) is not a subview of \(root)")
        #expect(stranger.superview == nil)
    }

    @Test("addSubview of a view already in the list moves it to the front")
    func addExistingSubview() throws {
        let registry = K.builtIns()
        let root = try K.make(registry)
        for tag in 1...3 { try root.addSubview(try K.make(registry, tag: tag)) }
        try root.addSubview(root.subviews[0])
        #expect(root.subviews.map(\.tag) == [2, 3, 1])
    }

    @Test("removeFromSuperview; a root view ignores it")
    func removal() throws {
        let registry = K.builtIns()
        let root = try K.make(registry)
        let a = try K.make(registry, tag: 1), b = try K.make(registry, tag: 2), c = try K.make(registry, tag: 3)
        try root.addSubview(a)
        try root.addSubview(b)
        try b.addSubview(c)
        b.removeFromSuperview()
        #expect(root.subviews.map(\.tag) == [1])
        #expect(b.superview == nil)
        #expect(b.subviews.count == 1 && c.superview === b)  // the subtree goes with it
        #expect(c.rootView === b)
        root.removeFromSuperview()
        #expect(root.subviews.count == 1 && root.superview == nil)
    }

    @Test("isDescendant(of:): a view is a descendant of itself and of its ancestors, not of others")
    func descendants() throws {
        let registry = K.builtIns()
        let root = try K.make(registry), a = try K.make(registry), b = try K.make(registry), c = try K.make(registry)
        try root.addSubview(a)
        try root.addSubview(b)
        try a.addSubview(c)
        #expect(c.isDescendant(of: c))
        #expect(c.isDescendant(of: a))
        #expect(c.isDescendant(of: root))
        #expect(!c.isDescendant(of: b))
        #expect(!a.isDescendant(of: c))
        #expect(!root.isDescendant(of: a))
        #expect(root.isDescendant(of: root))
    }

    @Test("viewWithTag: the receiver first, then its subviews depth-first")
    func viewWithTag() throws {
        let registry = K.builtIns()
        // root(0) ─┬─ a(1) ── a1(5)     depth-first finds a1 (a's subtree comes before b),
        //          └─ b(5)              breadth-first would find b.
        let root = try K.make(registry, tag: 0)
        let a = try K.make(registry, tag: 1), a1 = try K.make(registry, tag: 5), b = try K.make(registry, tag: 5)
        try root.addSubview(a)
        try root.addSubview(b)
        try a.addSubview(a1)
        #expect(root.viewWithTag(5) === a1)
        #expect(root.viewWithTag(0) === root)
        #expect(root.viewWithTag(1) === a)
        #expect(b.viewWithTag(5) === b)  // the receiver first
        #expect(a.viewWithTag(5) === a1)
        #expect(root.viewWithTag(7) == nil)
        #expect(a1.viewWithTag(1) == nil)  // never looks up
        a.tag = 5
        #expect(root.viewWithTag(5) === a)  // a parent before its subviews
    }

    @Test("adding a view to itself or to one of its descendants throws and changes nothing")
    func cycles() throws {
        let registry = K.builtIns()
        let root = try K.make(registry), child = try K.make(registry), grandchild = try K.make(registry)
        try root.addSubview(child)
        try child.addSubview(grandchild)

        let itself = #expect(throws: ViewError.self) { try root.addSubview(root) }
        #expect(itself?.message == "cannot add \(root) as a subview of itself")
        let intoChild = #expect(throws: ViewError.self) { try child.addSubview(root) }
        #expect(intoChild?.message == "cannot add \(root) as a subview of \(child): \(child) is one of its descendants")
        let intoGrandchild = #expect(throws: ViewError.self) { try grandchild.insertSubview(root, at: 0) }
        #expect(intoGrandchild?.message
            == "cannot add \(root) as a subview of \(grandchild): \(grandchild) is one of its descendants")
        let intoSelfAtIndex = #expect(throws: ViewError.self) { try child.insertSubview(child, at: 0) }
        #expect(intoSelfAtIndex?.message == "cannot add \(child) as a subview of itself")

        #expect(root.superview == nil && root.subviews.count == 1 && root.subviews[0] === child)
        #expect(child.superview === root && child.subviews.count == 1 && child.subviews[0] === grandchild)
        #expect(grandchild.subviews.isEmpty)
    }

    @Test("an overlay stays above subviews added later")
    func overlayStaysOnTop() throws {
        let registry = try K.widgets()
        let marked = try K.make(registry, "Marked", K.rect(0, 0, 50, 50))
        let overlay = try #require(marked.subviews.last as? OverlayView)
        #expect(marked.subviews.count == 1)
        #expect(overlay.host === marked)
        #expect(overlay.frame == K.rect(0, 0, 50, 50))
        let added = try K.make(registry, tag: 3)
        try marked.addSubview(added)
        #expect(marked.subviews.count == 2 && marked.subviews[0] === added && marked.subviews[1] === overlay)
        try marked.bringSubviewToFront(added)
        #expect(marked.subviews[1] === overlay)
    }
}

// MARK: - 1b. Lifecycle callbacks

@Suite("ViewTree: lifecycle callbacks")
struct ViewTreeLifecycleTests {
    @Test("a Panel's init adds its two Dots: didAddSubview: 1, then 2")
    func panelInit() throws {
        let registry = try K.widgets()
        _ = K.log(registry)
        let panel = try K.make(registry, "Panel", K.rect(0, 0, 100, 40))
        #expect(K.log(registry) == ["Panel: didAddSubview: 1", "Panel: didAddSubview: 2"])
        #expect(panel.subviews.map(\.tag) == [1, 2])
        #expect(panel.subviews.allSatisfy { $0.objectClass.name == "Dot" && $0.superview === panel })
    }

    @Test("adding a Panel to a plain View: superview callbacks only (the window does not change)")
    func addToPlainView() throws {
        let registry = try K.widgets()
        let container = try K.make(registry, tag: 10)
        let panel = try K.make(registry, "Panel", tag: 30)
        _ = K.log(registry)
        try container.addSubview(panel)
        #expect(K.log(registry) == ["Panel: willMoveToSuperview: 10", "Panel: didMoveToSuperview"])
    }

    @Test("adding a Panel to a Window: window callbacks between the superview ones")
    func addToWindow() throws {
        let registry = try K.widgets()
        let window = try K.make(registry, "Window", tag: 99)
        let panel = try K.make(registry, "Panel", tag: 30)
        _ = K.log(registry)
        try window.addSubview(panel)
        #expect(K.log(registry) == [
            "Panel: willMoveToSuperview: 99",
            "Panel: willMoveToWindow: 99",
            "Panel: didMoveToWindow",
            "Panel: didMoveToSuperview",
        ])
        #expect(panel.window === window)
    }

    @Test("a Panel deep in a subtree added to a Window gets only the window callbacks")
    func subtreeIntoWindow() throws {
        let registry = try K.widgets()
        let window = try K.make(registry, "Window", tag: 99)
        let container = try K.make(registry, tag: 40)
        let panel = try K.make(registry, "Panel", tag: 30)
        try container.addSubview(panel)
        _ = K.log(registry)
        try window.addSubview(container)
        #expect(K.log(registry) == ["Panel: willMoveToWindow: 99", "Panel: didMoveToWindow"])
        container.removeFromSuperview()
        #expect(K.log(registry) == ["Panel: willMoveToWindow: nil", "Panel: didMoveToWindow"])
    }

    @Test("re-parenting a Panel from one Panel to another in a Window")
    func reparenting() throws {
        let registry = try K.widgets()
        let window = try K.make(registry, "Window", tag: 99)
        let oldParent = try K.make(registry, "Panel", tag: 10)
        let newParent = try K.make(registry, "Panel", tag: 20)
        let child = try K.make(registry, "Panel", tag: 30)
        try oldParent.addSubview(child)
        try window.addSubview(newParent)
        _ = K.log(registry)
        try newParent.addSubview(child)
        #expect(K.log(registry) == [
            "Panel: willMoveToSuperview: 20",  // child
            "Panel: willMoveToWindow: 99",     // child (the window changes from nil)
            "Panel: willRemoveSubview: 30",    // old parent
            "Panel: didMoveToWindow",          // child
            "Panel: didMoveToSuperview",       // child
            "Panel: didAddSubview: 30",        // new parent
        ])
        #expect(oldParent.subviews.map(\.tag) == [1, 2])
        #expect(newParent.subviews.map(\.tag) == [1, 2, 30])

        // Between two superviews in the same window: no window callbacks.
        try window.addSubview(oldParent)
        _ = K.log(registry)
        try oldParent.addSubview(child)
        #expect(K.log(registry) == [
            "Panel: willMoveToSuperview: 10",
            "Panel: willRemoveSubview: 30",
            "Panel: didMoveToSuperview",
            "Panel: didAddSubview: 30",
        ])
    }

    @Test("removing a Panel from a Panel in a Window, then from a plain View outside any window")
    func removing() throws {
        let registry = try K.widgets()
        let window = try K.make(registry, "Window", tag: 99)
        let parent = try K.make(registry, "Panel", tag: 10)
        let child = try K.make(registry, "Panel", tag: 30)
        try window.addSubview(parent)
        try parent.addSubview(child)
        _ = K.log(registry)
        child.removeFromSuperview()
        #expect(K.log(registry) == [
            "Panel: willRemoveSubview: 30",  // parent
            "Panel: willMoveToSuperview: nil",
            "Panel: willMoveToWindow: nil",
            "Panel: didMoveToWindow",
            "Panel: didMoveToSuperview",
        ])
        #expect(child.window == nil && child.superview == nil)

        let plain = try K.make(registry, tag: 50)
        try plain.addSubview(child)
        _ = K.log(registry)
        child.removeFromSuperview()
        #expect(K.log(registry) == ["Panel: willMoveToSuperview: nil", "Panel: didMoveToSuperview"])
        child.removeFromSuperview()  // no superview: nothing
        #expect(K.log(registry) == [])
    }
}

// MARK: - 2. Geometry

@Suite("ViewTree: geometry")
struct ViewTreeGeometryTests {
    @Test("frame, bounds and center")
    func frameBoundsCenter() throws {
        let registry = K.builtIns()
        let view = try K.make(registry, "View", K.rect(10, 20, 100, 50))
        #expect(view.frame == K.rect(10, 20, 100, 50))
        #expect(view.bounds == K.rect(0, 0, 100, 50))
        #expect(view.center == K.point(60, 45))

        view.center = K.point(0, 0)  // moves the frame, keeps the bounds
        #expect(view.frame == K.rect(-50, -25, 100, 50))
        #expect(view.bounds == K.rect(0, 0, 100, 50))

        view.bounds = K.rect(0, 0, 40, 30)  // resizes about the centre
        #expect(view.center == K.point(0, 0))
        #expect(view.frame == K.rect(-20, -15, 40, 30))

        view.bounds = K.rect(5, 7, 40, 30)  // the origin scrolls: the frame stays
        #expect(view.frame == K.rect(-20, -15, 40, 30))

        view.frame = K.rect(100, 200, 60, 80)  // sets the centre and the bounds size, keeps the bounds origin
        #expect(view.center == K.point(130, 240))
        #expect(view.bounds == K.rect(5, 7, 60, 80))
        #expect(view.frame == K.rect(100, 200, 60, 80))
    }

    @Test("a non-zero bounds origin scrolls the subviews")
    func scrolledBounds() throws {
        let registry = K.builtIns()
        let root = try K.make(registry, "View", K.rect(0, 0, 300, 300))
        let scroller = try K.make(registry, "View", K.rect(20, 30, 200, 200))
        let sub = try K.make(registry, "View", K.rect(10, 60, 20, 20))
        try root.addSubview(scroller)
        try scroller.addSubview(sub)
        #expect(sub.convert(K.point(0, 0), to: nil) == K.point(30, 90))
        scroller.bounds = K.rect(0, 50, 200, 200)
        #expect(scroller.frame == K.rect(20, 30, 200, 200))
        #expect(sub.frame == K.rect(10, 60, 20, 20))
        // In the scroller's own coordinates nothing moves…
        #expect(sub.convert(K.point(0, 0), to: scroller) == K.point(10, 60))
        // …but on screen the content moved up by 50: (20 + 10, 30 + 60 - 50).
        #expect(sub.convert(K.point(0, 0), to: root) == K.point(30, 40))
        #expect(sub.convert(K.point(0, 0), to: nil) == K.point(30, 40))
        #expect(scroller.convert(K.point(0, 50), to: root) == K.point(20, 30))
        #expect(scroller.convert(K.point(20, 30), from: root) == K.point(0, 50))
        #expect(sub.convert(K.rect(0, 0, 20, 20), to: root) == K.rect(30, 40, 20, 20))
    }

    @Test("transform: the frame is the bounding box of the transformed bounds, about the centre")
    func transformedFrame() throws {
        let registry = K.builtIns()
        let view = try K.make(registry, "View", K.rect(50, 75, 100, 50))  // centre (100, 100)

        // 90°: a 100 x 50 view becomes 50 x 100 about (100, 100).
        view.transform = K.quarterTurn
        #expect(view.frame == K.rect(75, 50, 50, 100))
        #expect(view.bounds == K.rect(0, 0, 100, 50))
        #expect(view.center == K.point(100, 100))

        // The same through cos/sin of π/2 (within rounding).
        view.transform = easel_affine_transform(rotationAngle: .pi / 2)
        #expect(K.close(view.frame, K.rect(75, 50, 50, 100)))

        // 45°: the box of a 100 x 50 rectangle is (100 + 50)·√2/2 = 75√2 wide and high.
        view.transform = easel_affine_transform(rotationAngle: .pi / 4)
        let half = 37.5 * 2.0.squareRoot()
        #expect(K.close(view.frame, K.rect(100 - half, 100 - half, 2 * half, 2 * half)))
        #expect(view.bounds == K.rect(0, 0, 100, 50))

        // Scale 2 x 0.5: 200 x 25 about (100, 100).
        view.transform = easel_affine_transform(scaleX: 2, y: 0.5)
        #expect(view.frame == K.rect(0, 87.5, 200, 25))
        #expect(view.bounds == K.rect(0, 0, 100, 50))

        // A singular transform is refused.
        view.transform = easel_affine_transform(scaleX: 0, y: 1)
        #expect(view.transform == easel_affine_transform(scaleX: 2, y: 0.5))

        view.transform = .identity
        #expect(view.frame == K.rect(50, 75, 100, 50))
    }

    @Test("converting points and rects between siblings, nested views and the root")
    func conversions() throws {
        let registry = K.builtIns()
        let root = try K.make(registry, "View", K.rect(0, 0, 300, 300))
        let a = try K.make(registry, "View", K.rect(10, 20, 100, 100))
        let b = try K.make(registry, "View", K.rect(50, 80, 100, 100))
        let inner = try K.make(registry, "View", K.rect(5, 5, 10, 10))
        try root.addSubview(a)
        try root.addSubview(b)
        try a.addSubview(inner)

        // a (5, 5) = root (15, 25) = b (15 - 50, 25 - 80).
        #expect(a.convert(K.point(5, 5), to: b) == K.point(-35, -55))
        #expect(b.convert(K.point(5, 5), from: a) == K.point(-35, -55))
        #expect(b.convert(K.point(-35, -55), to: a) == K.point(5, 5))
        #expect(a.convert(K.rect(0, 0, 10, 10), to: b) == K.rect(-40, -60, 10, 10))
        #expect(b.convert(K.rect(0, 0, 10, 10), from: a) == K.rect(-40, -60, 10, 10))

        // To and from the root, as nil and as the view.
        #expect(a.convert(K.point(5, 5), to: nil) == K.point(15, 25))
        #expect(a.convert(K.point(5, 5), to: root) == K.point(15, 25))
        #expect(a.convert(K.point(15, 25), from: nil) == K.point(5, 5))
        #expect(root.convert(K.point(15, 25), to: a) == K.point(5, 5))
        #expect(inner.convert(K.point(1, 1), to: nil) == K.point(16, 26))
        #expect(inner.convert(K.point(16, 26), from: nil) == K.point(1, 1))
        #expect(inner.convert(K.rect(0, 0, 10, 10), to: nil) == K.rect(15, 25, 10, 10))
        #expect(inner.convert(K.rect(15, 25, 10, 10), from: nil) == K.rect(0, 0, 10, 10))
        #expect(inner.convert(K.point(1, 1), to: b) == K.point(-34, -54))
        #expect(inner.convert(K.point(1, 1), to: inner) == K.point(1, 1))
    }

    @Test("converting through a rotation: points exactly, rects as bounding boxes")
    func conversionsThroughRotation() throws {
        let registry = K.builtIns()
        let root = try K.make(registry, "View", K.rect(0, 0, 300, 300))
        let rotated = try K.make(registry, "View", K.rect(50, 75, 100, 50))  // centre (100, 100)
        let sibling = try K.make(registry, "View", K.rect(100, 40, 50, 50))
        try root.addSubview(rotated)
        try root.addSubview(sibling)
        rotated.transform = K.quarterTurn
        // Own (0, 0) is (-50, -25) from the centre; turned: (25, -50); so root (125, 50).
        #expect(rotated.convert(K.point(0, 0), to: nil) == K.point(125, 50))
        #expect(rotated.convert(K.point(100, 50), to: nil) == K.point(75, 150))
        #expect(rotated.convert(K.point(125, 50), from: nil) == K.point(0, 0))
        #expect(rotated.convert(K.point(0, 0), to: sibling) == K.point(25, 10))
        #expect(sibling.convert(K.point(25, 10), to: rotated) == K.point(0, 0))
        // A 20 x 10 rect at the origin: corners (125, 50), (125, 70), (115, 50), (115, 70).
        #expect(rotated.convert(K.rect(0, 0, 20, 10), to: nil) == K.rect(115, 50, 10, 20))
        #expect(rotated.convert(K.rect(0, 0, 20, 10), to: sibling) == K.rect(15, 10, 10, 20))
        // Back from the root: the box of the rotated-back box.
        #expect(rotated.convert(K.rect(115, 50, 10, 20), from: nil) == K.rect(0, 0, 20, 10))

        // 45°: a 10 x 10 square at the centre becomes a diamond with a 10√2 box.
        rotated.transform = easel_affine_transform(rotationAngle: .pi / 4)
        let diagonal = 10 * 2.0.squareRoot()
        #expect(K.close(rotated.convert(K.rect(45, 20, 10, 10), to: nil),
                        K.rect(100 - diagonal / 2, 100 - diagonal / 2, diagonal, diagonal)))
        #expect(K.close(rotated.convert(K.point(50, 25), to: nil), K.point(100, 100)))
        // Own (50 + 10, 25): 10 along +x turned 45° is (10·√2/2, 10·√2/2) from the centre.
        #expect(K.close(rotated.convert(K.point(60, 25), to: nil), K.point(100 + diagonal / 2, 100 + diagonal / 2)))
    }

    @Test("a right-handed view: y up in its own coordinates and in its subviews' frames")
    func rightHanded() throws {
        let registry = K.builtIns()
        let root = try K.make(registry, "View", K.rect(0, 0, 300, 300))
        let rh = try K.make(registry, "RHView", K.rect(20, 30, 200, 100))
        try root.addSubview(rh)
        #expect(rh.isRightHanded)
        #expect(rh is RightHandedView)
        #expect(rh.frame == K.rect(20, 30, 200, 100))  // its own frame is in its (y-down) superview's coordinates
        // (10, 10) of a view 100 high lies at (10, 90) from its top-left corner.
        #expect(rh.convert(K.point(10, 10), to: nil) == K.point(30, 120))
        #expect(rh.convert(K.point(0, 0), to: nil) == K.point(20, 130))  // bottom-left
        #expect(rh.convert(K.point(0, 100), to: nil) == K.point(20, 30))  // top-left
        #expect(rh.convert(K.point(30, 120), from: nil) == K.point(10, 10))
        #expect(rh.convert(K.rect(10, 10, 30, 20), to: nil) == K.rect(30, 100, 30, 20))

        // A subview's frame: origin = bottom-left corner, measured upwards.
        let sub = try K.make(registry, "View", K.rect(10, 10, 30, 20))
        try rh.addSubview(sub)
        #expect(sub.frame == K.rect(10, 10, 30, 20))
        #expect(sub.center == K.point(25, 20))
        // The (y-down) subview's top-left corner is at (10, 30) of the RHView: (30, 100) on screen.
        #expect(sub.convert(K.point(0, 0), to: rh) == K.point(10, 30))
        #expect(sub.convert(K.point(0, 20), to: rh) == K.point(10, 10))
        #expect(sub.convert(K.point(0, 0), to: nil) == K.point(30, 100))
        #expect(sub.convert(K.rect(0, 0, 30, 20), to: nil) == K.rect(30, 100, 30, 20))
        #expect(sub.convert(K.point(30, 100), from: nil) == K.point(0, 0))

        // A right-handed view inside a right-handed view: both y-up.
        let inner = try K.make(registry, "RHView", K.rect(100, 50, 40, 40))
        try rh.addSubview(inner)
        #expect(inner.frame == K.rect(100, 50, 40, 40))
        #expect(inner.convert(K.point(0, 0), to: rh) == K.point(100, 50))
        #expect(inner.convert(K.point(0, 0), to: nil) == K.point(120, 80))  // (20 + 100, 30 + 100 - 50)

        // Scrolling a right-handed view: a bounds origin of (0, 10) shows y from 10 up.
        rh.bounds = K.rect(0, 10, 200, 100)
        #expect(rh.convert(K.point(0, 10), to: nil) == K.point(20, 130))
        #expect(sub.convert(K.point(0, 20), to: nil) == K.point(30, 130))
    }
}

// MARK: - 3. Layout

/// One autoresizing case: a subview with `frame` in a superview resized from `old` to `new`.
struct AutoresizeCase: Sendable, CustomTestStringConvertible {
    let label: String
    let mask: AutoresizingMask
    let old: easel_size
    let new: easel_size
    let frame: easel_rect
    let expected: easel_rect
    var testDescription: String { label }
}

private let autoresizeCases: [AutoresizeCase] = {
    func c(_ label: String, _ mask: AutoresizingMask, _ old: (Double, Double), _ new: (Double, Double),
           _ frame: easel_rect, _ expected: easel_rect) -> AutoresizeCase {
        AutoresizeCase(label: label, mask: mask, old: K.size(old.0, old.1), new: K.size(new.0, new.1),
                       frame: frame, expected: expected)
    }
    let r = K.rect
    return [
        // Single flags. Frame (10, 20, 30, 40) in 100 x 100: margins left 10, right 60, top 20, bottom 40.
        // Width +100: the left margin takes it all: x = 10 + 100.
        c("flexibleLeftMargin", .flexibleLeftMargin, (100, 100), (200, 100), r(10, 20, 30, 40), r(110, 20, 30, 40)),
        // Width +100: the width takes it all: 30 + 100.
        c("flexibleWidth", .flexibleWidth, (100, 100), (200, 100), r(10, 20, 30, 40), r(10, 20, 130, 40)),
        // The right margin takes it: the frame does not change.
        c("flexibleRightMargin", .flexibleRightMargin, (100, 100), (200, 100), r(10, 20, 30, 40), r(10, 20, 30, 40)),
        // Height +100: y = 20 + 100.
        c("flexibleTopMargin", .flexibleTopMargin, (100, 100), (100, 200), r(10, 20, 30, 40), r(10, 120, 30, 40)),
        // Height +100: height = 40 + 100.
        c("flexibleHeight", .flexibleHeight, (100, 100), (100, 200), r(10, 20, 30, 40), r(10, 20, 30, 140)),
        c("flexibleBottomMargin", .flexibleBottomMargin, (100, 100), (100, 200), r(10, 20, 30, 40), r(10, 20, 30, 40)),
        // A horizontal flag ignores a vertical change and the reverse.
        c("flexibleWidth, height change", .flexibleWidth, (100, 100), (100, 200), r(10, 20, 30, 40), r(10, 20, 30, 40)),
        c("flexibleHeight, width change", .flexibleHeight, (100, 100), (200, 100), r(10, 20, 30, 40), r(10, 20, 30, 40)),
        // Shrinking: frame (10, 20, 80, 40) in 100 → 50: width 80 - 50 = 30.
        c("flexibleWidth shrinking", .flexibleWidth, (100, 100), (50, 100), r(10, 20, 80, 40), r(10, 20, 30, 40)),

        // Two flags: the change is split in proportion to the current lengths.
        // Left 10 + width 30 = 40 flexible; +100: left +100·10/40 = +25, width +100·30/40 = +75.
        c("left margin + width", [.flexibleLeftMargin, .flexibleWidth], (100, 100), (200, 100),
          r(10, 20, 30, 40), r(35, 20, 105, 40)),
        // Width 30 + right 60 = 90; +90: width +90·30/90 = +30, right +60.
        c("width + right margin", [.flexibleWidth, .flexibleRightMargin], (100, 100), (190, 100),
          r(10, 20, 30, 40), r(10, 20, 60, 40)),
        // Left 20 + right 50 = 70; -35: left -35·20/70 = -10, right -25; 10 + 30 + 25 = 65.
        c("both horizontal margins, shrinking", [.flexibleLeftMargin, .flexibleRightMargin], (100, 100), (65, 100),
          r(20, 0, 30, 100), r(10, 0, 30, 100)),
        // Top 20 + height 40 = 60; +30: top +30·20/60 = +10, height +30·40/60 = +20.
        c("top margin + height", [.flexibleTopMargin, .flexibleHeight], (100, 100), (100, 130),
          r(10, 20, 30, 40), r(10, 30, 30, 60)),
        // Height 40 + bottom 40 = 80; -40: height -20, bottom -20.
        c("height + bottom margin, shrinking", [.flexibleHeight, .flexibleBottomMargin], (100, 100), (100, 60),
          r(10, 20, 30, 40), r(10, 20, 30, 20)),
        // Both axes at once: width +100 (to the width), height -50 (to the height): 80 + 100, 80 - 50.
        c("width + height", [.flexibleWidth, .flexibleHeight], (100, 100), (200, 50),
          r(10, 10, 80, 80), r(10, 10, 180, 30)),

        // All three: left 10 + width 30 + right 60 = 100; +50: +5, +15, +30.
        c("all three horizontal", [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin], (100, 100), (150, 100),
          r(10, 20, 30, 40), r(15, 20, 45, 40)),
        // Top 10 + height 20 + bottom 70 = 100; +100: +10, +20, +70.
        c("all three vertical", [.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin], (100, 100), (100, 200),
          r(0, 10, 50, 20), r(0, 20, 50, 40)),
        // Everything flexible, both axes: x: 20 + 40 + 40 = 100, ×1.5 each; y: 10 + 50 + 40 = 100, ×0.5 each.
        c("all six flags", [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin,
                            .flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin], (100, 100), (150, 50),
          r(20, 10, 40, 50), r(30, 5, 60, 25)),

        // Every flexible part zero long: the change is shared equally.
        // Left 0 and right 0 around a full-width view; +100: +50 each.
        c("zero margins, shared equally", [.flexibleLeftMargin, .flexibleRightMargin], (100, 100), (200, 100),
          r(0, 0, 100, 50), r(50, 0, 100, 50)),
        // Left 0 and width 0; +100: +50 each.
        c("zero left margin and width", [.flexibleLeftMargin, .flexibleWidth], (100, 100), (200, 100),
          r(0, 0, 0, 10), r(50, 0, 50, 10)),
        // Top 0, height 0, bottom 0 in a superview 0 high; +90: +30 each.
        c("zero top, height and bottom", [.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin], (100, 0), (100, 90),
          r(0, 0, 10, 0), r(0, 30, 10, 30)),
        // One zero part among non-zero ones is still proportional: left 0 gets nothing, width 50 gets all.
        c("zero left margin, non-zero width", [.flexibleLeftMargin, .flexibleWidth], (100, 100), (200, 100),
          r(0, 0, 50, 10), r(0, 0, 150, 10)),

        // No flags: nothing moves.
        c("no flags", [], (100, 100), (300, 50), r(10, 20, 30, 40), r(10, 20, 30, 40)),
    ]
}()

@Suite("ViewTree: layout")
struct ViewTreeLayoutTests {
    @Test("autoresizing distributes the superview's size change among the flexible parts", arguments: autoresizeCases)
    func autoresizing(_ testCase: AutoresizeCase) throws {
        let registry = K.builtIns()
        let superview = try K.make(registry, "View", easel_rect(origin: .zero, size: testCase.old))
        let subview = try K.make(registry, "View", testCase.frame)
        subview.autoresizingMask = testCase.mask
        try superview.addSubview(subview)
        superview.bounds = easel_rect(origin: .zero, size: testCase.new)
        #expect(subview.frame == testCase.expected)
        // Via the frame too (the superview's centre moves as well; its subviews do not care).
        let again = try K.make(registry, "View", easel_rect(x: 7, y: 9, width: testCase.old.width, height: testCase.old.height))
        let other = try K.make(registry, "View", testCase.frame)
        other.autoresizingMask = testCase.mask
        try again.addSubview(other)
        again.frame = easel_rect(x: 3, y: 4, width: testCase.new.width, height: testCase.new.height)
        #expect(other.frame == testCase.expected)
    }

    @Test("autoresizing in a right-handed superview: the top margin is the one above maxY")
    func autoresizingRightHanded() throws {
        let registry = K.builtIns()
        let root = try K.make(registry, "View", K.rect(0, 0, 300, 300))
        let superview = try K.make(registry, "RHView", K.rect(0, 0, 100, 100))
        try root.addSubview(superview)
        // y-up frame (10, 20, 30, 40): bottom margin 20, top margin 100 - 60 = 40.
        let pinnedBottom = try K.make(registry, "View", K.rect(10, 20, 30, 40))
        pinnedBottom.autoresizingMask = .flexibleTopMargin
        let pinnedTop = try K.make(registry, "View", K.rect(10, 20, 30, 40))
        pinnedTop.autoresizingMask = .flexibleBottomMargin
        try superview.addSubview(pinnedBottom)
        try superview.addSubview(pinnedTop)
        superview.frame = K.rect(0, 0, 100, 150)  // grows downwards on screen
        #expect(pinnedBottom.frame == K.rect(10, 20, 30, 40))  // the top margin grew
        #expect(pinnedTop.frame == K.rect(10, 70, 30, 40))     // the bottom margin grew
        #expect(pinnedBottom.convert(K.point(0, 0), to: nil) == K.point(10, 90))  // 150 - 60
        #expect(pinnedTop.convert(K.point(0, 0), to: nil) == K.point(10, 40))     // 150 - 110, as before the resize
    }

    @Test("autoresizesSubviews = false stops autoresizing; it resumes when set back")
    func autoresizesSubviewsOff() throws {
        let registry = K.builtIns()
        let superview = try K.make(registry, "View", K.rect(0, 0, 100, 100))
        let subview = try K.make(registry, "View", K.rect(10, 20, 30, 40))
        subview.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        try superview.addSubview(subview)
        superview.autoresizesSubviews = false
        superview.bounds = K.rect(0, 0, 200, 200)
        #expect(subview.frame == K.rect(10, 20, 30, 40))
        superview.autoresizesSubviews = true
        // 200 → 300: width 30 + 100, height 40 + 100.
        superview.bounds = K.rect(0, 0, 300, 300)
        #expect(subview.frame == K.rect(10, 20, 130, 140))
        // Scrolling (bounds origin only) does not autoresize.
        superview.bounds = K.rect(50, 50, 300, 300)
        #expect(subview.frame == K.rect(10, 20, 130, 140))
    }

    @Test("layoutSubviews: sent by layoutIfNeeded when needed, only then; the Panel lays out its Dots")
    func layoutSubviews() throws {
        let registry = try K.widgets()
        let root = try K.make(registry, "View", K.rect(0, 0, 300, 300))
        let panel = try K.make(registry, "Panel", K.rect(10, 10, 100, 40))
        try root.addSubview(panel)
        let dot1 = try #require(panel.viewWithTag(1)), dot2 = try #require(panel.viewWithTag(2))
        #expect(try panel.value(ofProperty: "layouts", as: Int32.self) == 0)
        #expect(dot1.frame == K.rect(0, 0, 1, 1))
        #expect(panel.needsLayout)

        root.layoutIfNeeded()  // lays out the tree, top-down
        #expect(try panel.value(ofProperty: "layouts", as: Int32.self) == 1)
        #expect(!panel.needsLayout && !root.needsLayout)
        #expect(dot1.frame == K.rect(0, 0, 50, 40))
        #expect(dot2.frame == K.rect(50, 0, 50, 40))

        root.layoutIfNeeded()
        panel.layoutIfNeeded()
        #expect(try panel.value(ofProperty: "layouts", as: Int32.self) == 1)  // nothing pending

        panel.setNeedsLayout()
        #expect(panel.needsLayout)
        #expect(try panel.value(ofProperty: "layouts", as: Int32.self) == 1)  // deferred
        panel.layoutIfNeeded()
        #expect(try panel.value(ofProperty: "layouts", as: Int32.self) == 2)
        panel.layoutIfNeeded()
        #expect(try panel.value(ofProperty: "layouts", as: Int32.self) == 2)

        // Moving does not need layout; resizing does.
        panel.center = K.point(100, 100)
        #expect(!panel.needsLayout)
        panel.bounds = K.rect(0, 0, 60, 30)
        #expect(panel.needsLayout)
        #expect(dot2.frame == K.rect(50, 0, 50, 40))  // not until layout
        root.layoutIfNeeded()
        #expect(try panel.value(ofProperty: "layouts", as: Int32.self) == 3)
        #expect(dot1.frame == K.rect(0, 0, 30, 30))
        #expect(dot2.frame == K.rect(30, 0, 30, 30))
        panel.frame = K.rect(0, 0, 80, 20)
        #expect(panel.needsLayout)
        panel.layoutIfNeeded()
        #expect(try panel.value(ofProperty: "layouts", as: Int32.self) == 4)
        #expect(dot2.frame == K.rect(40, 0, 40, 20))
    }

    @Test("sizeThatFits and sizeToFit: Swatch's largest square, a plain View's current size")
    func sizing() throws {
        let registry = try sampleRegistry()
        let swatch = try K.make(registry, "Swatch", K.rect(10, 20, 80, 30))
        #expect(swatch.sizeThatFits(K.size(50, 70)) == K.size(50, 50))
        #expect(swatch.sizeThatFits(K.size(90, 40)) == K.size(40, 40))
        #expect(swatch.frame == K.rect(10, 20, 80, 30))  // asking does not resize
        swatch.sizeToFit()  // the largest square in 80 x 30, keeping the origin
        #expect(swatch.frame == K.rect(10, 20, 30, 30))
        #expect(swatch.bounds == K.rect(0, 0, 30, 30))

        let plain = try K.make(registry, "View", K.rect(10, 20, 80, 30))
        #expect(plain.sizeThatFits(K.size(5, 5)) == K.size(80, 30))
        #expect(plain.sizeThatFits(K.size(500, 500)) == K.size(80, 30))
        plain.sizeToFit()
        #expect(plain.frame == K.rect(10, 20, 80, 30))
        #expect(registry.takeDiagnostics() == [])
    }
}
