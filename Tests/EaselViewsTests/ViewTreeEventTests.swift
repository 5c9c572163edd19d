// The view tree's hit testing and touches, checked against UIKit's semantics (the view tree's other suites are in ViewTreeTests.swift).

import EaselABI
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

private typealias K = ViewTreeKit

// MARK: - 4. Events

@Suite("ViewTree: hit testing and touches")
struct ViewTreeEventTests {
    @Test("hitTest: the frontmost view containing the point; the receiver when no subview does")
    func frontmostFirst() throws {
        let registry = K.builtIns()
        let root = try K.make(registry, "View", K.rect(0, 0, 200, 200), tag: 100)
        let back = try K.make(registry, "View", K.rect(0, 0, 100, 100), tag: 1)
        let front = try K.make(registry, "View", K.rect(50, 50, 100, 100), tag: 2)
        let child = try K.make(registry, "View", K.rect(10, 10, 20, 20), tag: 3)
        try root.addSubview(back)
        try root.addSubview(front)
        try front.addSubview(child)
        #expect(root.hitTest(K.point(90, 90)) === front)  // both contain it: the front one
        #expect(root.hitTest(K.point(25, 25)) === back)
        #expect(root.hitTest(K.point(65, 65)) === child)  // deepest: (65, 65) is (15, 15) in front
        #expect(root.hitTest(K.point(160, 160)) === root)
        #expect(root.hitTest(K.point(0, 0)) === back)  // min edges are inside
        #expect(root.hitTest(K.point(200, 100)) == nil)  // max edges are not
        #expect(root.hitTest(K.point(-1, 50)) == nil)
        #expect(front.hitTest(K.point(15, 15)) === child)  // in the receiver's coordinates
        try root.exchangeSubview(at: 0, withSubviewAt: 1)
        #expect(root.hitTest(K.point(75, 75)) === back)

        // A subview sticking out of its superview is not hit outside it (UIKit checks the superview first).
        let sticking = try K.make(registry, "View", K.rect(90, 90, 50, 50), tag: 4)
        try back.addSubview(sticking)
        #expect(root.hitTest(K.point(95, 95)) === sticking)
        #expect(root.hitTest(K.point(120, 120)) === front)
        #expect(root.hitTest(K.point(160, 40)) === root)
    }

    @Test("hitTest skips hidden views, alpha below 0.01 and disabled user interaction, with their subviews")
    func skipped() throws {
        let registry = K.builtIns()
        let root = try K.make(registry, "View", K.rect(0, 0, 200, 200))
        let back = try K.make(registry, "View", K.rect(0, 0, 100, 100))
        let front = try K.make(registry, "View", K.rect(0, 0, 100, 100))
        let inner = try K.make(registry, "View", K.rect(0, 0, 50, 50))
        try root.addSubview(back)
        try root.addSubview(front)
        try front.addSubview(inner)
        let p = K.point(10, 10)
        #expect(root.hitTest(p) === inner)

        front.isHidden = true
        #expect(root.hitTest(p) === back)
        #expect(front.hitTest(K.point(10, 10)) == nil)
        front.isHidden = false

        front.alpha = 0.009
        #expect(root.hitTest(p) === back)
        front.alpha = 0.01  // not below 0.01: hit
        #expect(root.hitTest(p) === inner)
        front.alpha = 0
        #expect(root.hitTest(p) === back)
        front.alpha = 1

        front.isUserInteractionEnabled = false
        #expect(root.hitTest(p) === back)  // its subviews too
        front.isUserInteractionEnabled = true
        inner.isUserInteractionEnabled = false
        #expect(root.hitTest(p) === front)
        inner.isUserInteractionEnabled = true

        back.isHidden = true
        front.isHidden = true
        #expect(root.hitTest(p) === root)
        root.isHidden = true
        #expect(root.hitTest(p) == nil)
    }

    @Test("overlays are never hit")
    func overlays() throws {
        let registry = try K.widgets()
        let root = try K.make(registry, "View", K.rect(0, 0, 200, 200))
        let marked = try K.make(registry, "Marked", K.rect(10, 10, 100, 100))
        let sub = try K.make(registry, "View", K.rect(0, 0, 20, 20))
        try root.addSubview(marked)
        try marked.addSubview(sub)
        let overlay = try #require(marked.subviews.last as? OverlayView)
        #expect(!overlay.isUserInteractionEnabled)
        #expect(root.hitTest(K.point(15, 15)) === sub)  // (5, 5) in marked: under the overlay
        #expect(root.hitTest(K.point(50, 50)) === marked)
        #expect(overlay.hitTest(K.point(40, 40)) == nil)
    }

    @Test("hitTest through a transform and through a scrolled bounds")
    func transformedAndScrolled() throws {
        let registry = K.builtIns()
        let root = try K.make(registry, "View", K.rect(0, 0, 300, 300))
        let rotated = try K.make(registry, "View", K.rect(50, 75, 100, 50))  // centre (100, 100)
        let corner = try K.make(registry, "View", K.rect(0, 0, 10, 10))
        try root.addSubview(rotated)
        try rotated.addSubview(corner)
        rotated.transform = K.quarterTurn  // frame (75, 50, 50, 100); own (0, 0) at root (125, 50)
        // Root (120, 55): from the centre (20, -45), turned back (-45, -20), own (5, 5).
        #expect(root.hitTest(K.point(120, 55)) === corner)
        // Root (80, 55): from the centre (-20, -45), turned back (-45, 20), own (5, 45).
        #expect(root.hitTest(K.point(80, 55)) === rotated)
        // Root (60, 100) is inside the untransformed rectangle but outside the turned one.
        #expect(root.hitTest(K.point(60, 100)) === root)

        // 45°: a 100 x 100 square about (100, 100); its box corner (35, 35) is outside the diamond.
        let diamond = try K.make(registry, "View", K.rect(150, 150, 100, 100))  // centre (200, 200)
        try root.addSubview(diamond)
        diamond.transform = easel_affine_transform(rotationAngle: .pi / 4)
        #expect(root.hitTest(K.point(200, 135)) === diamond)  // near the top vertex (200, 129.3)
        #expect(root.hitTest(K.point(140, 140)) === root)  // in the frame's box, outside the diamond
        #expect(root.hitTest(K.point(200, 200)) === diamond)

        // Scrolled: bounds origin (0, 100) shows content from y = 100 at the top.
        let scroller = try K.make(registry, "View", K.rect(0, 200, 100, 100))
        let content = try K.make(registry, "View", K.rect(0, 100, 50, 50))
        try root.addSubview(scroller)
        try scroller.addSubview(content)
        #expect(root.hitTest(K.point(10, 210)) === scroller)  // before scrolling, content is below
        scroller.bounds = K.rect(0, 100, 100, 100)
        #expect(root.hitTest(K.point(10, 210)) === content)
        #expect(root.hitTest(K.point(60, 210)) === scroller)
        #expect(scroller.hitTest(K.point(10, 110)) === content)  // in the scroller's own coordinates
        #expect(scroller.hitTest(K.point(10, 10)) == nil)  // own (10, 10) is above its bounds
    }

    @Test("hitTest on a right-handed view takes a point in its y-up coordinates")
    func rightHanded() throws {
        let registry = K.builtIns()
        let root = try K.make(registry, "View", K.rect(0, 0, 300, 300))
        let rh = try K.make(registry, "RHView", K.rect(0, 0, 200, 100))
        let sub = try K.make(registry, "View", K.rect(10, 10, 30, 20))  // y-up: root (10...40, 70...90)
        try root.addSubview(rh)
        try rh.addSubview(sub)
        #expect(root.hitTest(K.point(20, 80)) === sub)
        #expect(root.hitTest(K.point(20, 20)) === rh)
        #expect(rh.hitTest(K.point(20, 20)) === sub)  // y-up (20, 20) is inside (10, 10, 30, 20)
        #expect(rh.hitTest(K.point(20, 80)) === rh)
        #expect(rh.hitTest(K.point(20, 100)) == nil)  // the top edge is the max edge
        #expect(rh.hitTest(K.point(20, 0)) === rh)
    }

    @Test("a touch on a Dot goes up the responder chain to its Panel; moved and ended keep the touch's view")
    func touches() throws {
        let registry = try K.widgets()
        let root = try K.make(registry, "View", K.rect(0, 0, 200, 200))
        let panel = try K.make(registry, "Panel", K.rect(20, 20, 100, 40))
        try root.addSubview(panel)
        root.layoutIfNeeded()  // Dots at (0, 0, 50, 40) and (50, 0, 50, 40) of the panel
        let dot1 = try #require(panel.viewWithTag(1)), dot2 = try #require(panel.viewWithTag(2))
        #expect(K.components(try panel.value(ofProperty: "fill", as: easel_color.self)) == [1, 1, 1, 1])

        let touch = try root.sendTouch(.began, at: K.point(90, 30))  // panel (70, 10), dot 2 (20, 10)
        #expect(touch.view === dot2)
        #expect(touch.phase == .began)
        #expect(try panel.value(ofProperty: "touches", as: Int32.self) == 1)
        #expect(try panel.value(ofProperty: "lastTouch", as: easel_point.self) == K.point(70, 10))
        #expect(K.components(try panel.value(ofProperty: "fill", as: easel_color.self)) == [0, 1, 0, 1])
        #expect(touch.location(in: nil) == K.point(90, 30))
        #expect(touch.location(in: root) == K.point(90, 30))
        #expect(touch.location(in: panel) == K.point(70, 10))
        #expect(touch.location(in: dot2) == K.point(20, 10))
        #expect(touch.location(in: dot1) == K.point(70, 10))
        #expect(touch.previousLocation(in: panel) == K.point(70, 10))

        let moved = try root.sendTouch(.moved, at: K.point(30, 50), touch: touch)  // over dot 1 now
        #expect(moved === touch)
        #expect(touch.view === dot2)
        #expect(touch.phase == .moved)
        #expect(touch.location(in: panel) == K.point(10, 30))
        #expect(touch.previousLocation(in: panel) == K.point(70, 10))
        #expect(touch.location(in: dot2) == K.point(-40, 30))
        #expect(try panel.value(ofProperty: "touches", as: Int32.self) == 1)  // Panel has no touchesMoved

        let ended = try root.sendTouch(.ended, at: K.point(35, 55), touch: touch)
        #expect(ended === touch)
        #expect(touch.phase == .ended)
        #expect(touch.view === dot2)
        #expect(touch.location(in: nil) == K.point(35, 55))
        #expect(touch.previousLocation(in: nil) == K.point(30, 50))
        #expect(try panel.value(ofProperty: "touches", as: Int32.self) == 1)

        // A second touch, on the panel's right half, then cancelled over its left half.
        let second = try root.sendTouch(.began, at: K.point(119, 59))
        #expect(second !== touch)
        #expect(second.view === dot2)
        #expect(try panel.value(ofProperty: "touches", as: Int32.self) == 2)
        #expect(try panel.value(ofProperty: "lastTouch", as: easel_point.self) == K.point(99, 39))
        try root.sendTouch(.cancelled, at: K.point(30, 30), touch: second)
        #expect(second.phase == .cancelled && second.view === dot2)
        #expect(try panel.value(ofProperty: "touches", as: Int32.self) == 2)
        #expect(registry.takeDiagnostics().filter { $0.severity == .error } == [])
    }

    @Test("a touch on empty space hits the root; outside the root it hits nothing")
    func emptySpace() throws {
        let registry = try K.widgets()
        let root = try K.make(registry, "View", K.rect(0, 0, 200, 200))
        let panel = try K.make(registry, "Panel", K.rect(20, 20, 100, 40))
        try root.addSubview(panel)
        root.layoutIfNeeded()
        let touch = try root.sendTouch(.began, at: K.point(150, 150))
        #expect(touch.view === root)
        #expect(try panel.value(ofProperty: "touches", as: Int32.self) == 0)
        #expect(K.components(try panel.value(ofProperty: "fill", as: easel_color.self)) == [1, 1, 1, 1])
        _ = try root.sendTouch(.ended, at: K.point(150, 150), touch: touch)

        let outside = try root.sendTouch(.began, at: K.point(250, 150))
        #expect(outside.view == nil)
        #expect(outside.location(in: panel) == K.point(230, 130))
        #expect(try panel.value(ofProperty: "touches", as: Int32.self) == 0)
    }

    @Test("a touch begins after pending layout, as UIKit lays out before delivering events")
    func layoutBeforeTouch() throws {
        let registry = try K.widgets()
        let root = try K.make(registry, "View", K.rect(0, 0, 200, 200))
        let panel = try K.make(registry, "Panel", K.rect(20, 20, 100, 40))
        try root.addSubview(panel)  // its Dots are 1 x 1 until its layoutSubviews
        let touch = try root.sendTouch(.began, at: K.point(90, 30))
        #expect(try panel.value(ofProperty: "layouts", as: Int32.self) == 1)
        #expect(touch.view === panel.viewWithTag(2))
        _ = try root.sendTouch(.ended, at: K.point(90, 30), touch: touch)
        #expect(try panel.value(ofProperty: "layouts", as: Int32.self) == 1)
    }

    @Test("a phase other than began needs the touch that began")
    func phaseWithoutTouch() throws {
        let registry = K.builtIns()
        let root = try K.make(registry, "View", K.rect(0, 0, 100, 100))
        for (phase, name) in [(TouchPhase.moved, "moved"), (.stationary, "stationary"), (.ended, "ended"), (.cancelled, "cancelled")] {
            let error = #expect(throws: ViewError.self) { try root.sendTouch(phase, at: K.point(10, 10)) }
            #expect(error?.message == "a touch in phase \(name) needs the touch its .began returned")
        }
    }

    @Test("Touch.location(in:) through a transform and a right-handed view")
    func locations() throws {
        let registry = try K.widgets()
        let root = try K.make(registry, "View", K.rect(0, 0, 300, 300))
        let rotated = try K.make(registry, "View", K.rect(50, 75, 100, 50))  // centre (100, 100)
        let rh = try K.make(registry, "RHView", K.rect(200, 0, 100, 100))
        try root.addSubview(rotated)
        try root.addSubview(rh)
        rotated.transform = K.quarterTurn
        let touch = try root.sendTouch(.began, at: K.point(120, 55))
        #expect(touch.view === rotated)
        #expect(touch.location(in: rotated) == K.point(5, 5))
        #expect(touch.location(in: rh) == K.point(-80, 45))  // x 120 - 200, y 100 - 55
        let second = try root.sendTouch(.began, at: K.point(210, 70))
        #expect(second.view === rh)
        #expect(second.location(in: rh) == K.point(10, 30))
    }
}
