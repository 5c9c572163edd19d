// The built-in ScrollView (ScrollView.swift): offsets after a pan, a flick against UIKit's
// deceleration formula, clamping and bounce, paging, scrollRectToVisible.

import EaselABI
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

private typealias K = ViewTreeKit

@Suite("ScrollView")
struct ScrollViewTests {
    /// A 200 x 200 scroll view at (0, 0) of a window, over 200 x 1000 points of content.
    private func scrollView() throws -> (root: View, scroll: ScrollView, registry: Registry) {
        let registry = Registry()
        let root = try registry.makeView(ofClass: "Window", frame: K.rect(0, 0, 400, 400))
        let scroll = try #require(try registry.makeView(ofClass: "ScrollView", frame: K.rect(0, 0, 200, 200)) as? ScrollView)
        scroll.contentSize = easel_size(width: 200, height: 1000)
        try root.addSubview(scroll)
        return (root, scroll, registry)
    }

    /// A drag of one finger through `points`, one move every `interval` seconds.
    private func drag(_ root: View, _ points: [(Double, Double)], interval: Double = 0.01, lift: Bool = true) throws {
        let clock = root.mediaClock
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(points[0].0, points[0].1))])
        for point in points.dropFirst() {
            clock.advance(by: interval)
            try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(point.0, point.1))])
        }
        if lift, let last = points.last { try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(last.0, last.1))]) }
    }

    @Test("contentOffset is the bounds origin; a slow drag up by 50 points scrolls the content by 50 and stays")
    func panScrolls() throws {
        let (root, scroll, registry) = try scrollView()
        scroll.contentOffset = K.point(0, 10)
        #expect(scroll.bounds.origin == K.point(0, 10))
        // The last move does not move: the finger lifts at rest, and the content stays.
        try drag(root, [(100, 150), (100, 130), (100, 110), (100, 100), (100, 100)], interval: 1)
        #expect(scroll.contentOffset == K.point(0, 60))
        registry.mediaClock.advance(by: 5)
        #expect(scroll.contentOffset == K.point(0, 60))
        #expect(!scroll.isDecelerating)
    }

    @Test("a flick decelerates on the media clock as UIKit's formula says: offset(t) = o + v (0.998^(1000 t) - 1) / (1000 ln 0.998)")
    func flick() throws {
        let (root, scroll, registry) = try scrollView()
        // Up by 10 points every 0.01 s: the last move's velocity is 1000 points per second of content.
        try drag(root, [(100, 190), (100, 180), (100, 170), (100, 160), (100, 150)])
        let released = scroll.contentOffset
        #expect(released == K.point(0, 40))
        let start = registry.mediaClock.time
        registry.mediaClock.advance(to: start + 0.1)
        let expected = 40 + 1000 * (pow(0.998, 100) - 1) / (1000 * log(0.998))
        #expect(abs(expected - 130.6) < 0.1)  // 90.6 points on
        #expect(scroll.contentOffset.y == 131)  // rounded to a whole device pixel (the view was never rendered: scale 1)
        #expect(scroll.isDecelerating)
        registry.mediaClock.advance(to: start + 10)
        // It stops where the speed falls below 1 point per second: 1000 (1/1000 - 1) / (1000 ln 0.998) ≈ 499.0 points on.
        #expect(!scroll.isDecelerating)
        #expect(abs((40 + 1000 * (0.001 - 1) / (1000 * log(0.998))) - 539.0003) < 1e-4)
        #expect(scroll.contentOffset.y == 539)
    }

    @Test("pulled past the top, the content follows at half speed and bounces back to 0 in 0.3 s; without bounces it is clamped")
    func bounce() throws {
        let (root, scroll, registry) = try scrollView()
        try drag(root, [(100, 50), (100, 70), (100, 90)], interval: 1, lift: false)
        #expect(scroll.contentOffset == K.point(0, -20))  // 40 points down, half of it past the edge
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(100, 90))])
        registry.mediaClock.advance(by: 0.15)
        #expect(abs(scroll.contentOffset.y - -20 * 0.25) < 1e-9)  // ease-out: 1 - (1 - 0.5)^2 = 0.75 of the way
        registry.mediaClock.advance(by: 0.2)
        #expect(scroll.contentOffset == K.point(0, 0))

        scroll.bounces = false
        try drag(root, [(100, 50), (100, 70), (100, 90)], interval: 1)
        #expect(scroll.contentOffset == K.point(0, 0))
    }

    @Test("contentInset widens the range: with 20 above and 30 below, offsets run from -20 to 1000 + 30 - 200 = 830; a pull past -20 bounces back to it")
    func contentInset() throws {
        let (root, scroll, registry) = try scrollView()
        scroll.contentInset = EdgeInsets(top: 20, bottom: 30)
        #expect(scroll.minimumOffset == K.point(0, -20))
        #expect(scroll.maximumOffset == K.point(0, 830))
        scroll.bounces = false
        // 100 points down from the top: the inset shows, no more. The finger lifts at rest.
        try drag(root, [(100, 50), (100, 150), (100, 150)], interval: 1)
        #expect(scroll.contentOffset == K.point(0, -20))
        scroll.contentOffset = K.point(0, 800)
        try drag(root, [(100, 150), (100, 50), (100, 50)], interval: 1)  // 100 up from 800
        #expect(scroll.contentOffset == K.point(0, 830))

        scroll.bounces = true
        scroll.contentOffset = K.point(0, -20)
        try drag(root, [(100, 50), (100, 70), (100, 90)], interval: 1, lift: false)
        #expect(scroll.contentOffset == K.point(0, -40))  // 40 points down, half of it past the inset's edge
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(100, 90))])
        registry.mediaClock.advance(by: 0.35)
        #expect(scroll.contentOffset == K.point(0, -20))
    }

    @Test("paging settles on the next page in the flick's direction; scrollRectToVisible scrolls just enough")
    func pagingAndRect() throws {
        let (root, scroll, registry) = try scrollView()
        scroll.isPagingEnabled = true
        try drag(root, [(100, 190), (100, 170), (100, 150)])  // 40 points up, quickly
        registry.mediaClock.advance(by: 1)
        #expect(scroll.contentOffset == K.point(0, 200))
        scroll.scrollRectToVisible(K.rect(0, 500, 10, 50))
        #expect(scroll.contentOffset == K.point(0, 350))
        scroll.scrollRectToVisible(K.rect(0, 100, 10, 50))
        #expect(scroll.contentOffset == K.point(0, 100))
        scroll.scrollRectToVisible(K.rect(0, 990, 10, 50))  // past the content: clamped to the end
        #expect(scroll.contentOffset == K.point(0, 800))
        #expect(try scroll.value(ofProperty: "contentOffset", as: easel_point.self) == K.point(0, 800))
    }

    @Test("content no taller than the view stays put when dragged, unless alwaysBounceVertical: then it follows at half speed and bounces back")
    func alwaysBounceVertical() throws {
        let (root, scroll, registry) = try scrollView()
        scroll.contentSize = easel_size(width: 200, height: 200)
        try drag(root, [(100, 50), (100, 70), (100, 90)], interval: 1, lift: false)
        #expect(scroll.contentOffset == K.point(0, 0))
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(100, 90))])

        scroll.alwaysBounceVertical = true
        try drag(root, [(100, 50), (100, 70), (100, 90)], interval: 1, lift: false)
        #expect(scroll.contentOffset == K.point(0, -20))  // 40 points down, all past the edge: half
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(100, 90))])
        registry.mediaClock.advance(by: 0.35)
        #expect(scroll.contentOffset == K.point(0, 0))
        // Sideways it still does not move: the content is as wide as the view.
        try drag(root, [(50, 100), (70, 100), (90, 100)], interval: 1, lift: false)
        #expect(scroll.contentOffset.x == 0)
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(90, 100))])
    }

    @Test("alwaysBounceHorizontal lets content no wider than the view be pulled sideways by half the finger's travel")
    func alwaysBounceHorizontal() throws {
        let (root, scroll, registry) = try scrollView()
        try drag(root, [(50, 100), (80, 100), (110, 100)], interval: 1, lift: false)
        #expect(scroll.contentOffset == K.point(0, 0))
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(110, 100))])
        scroll.alwaysBounceHorizontal = true
        try scroll.setValue(true, forProperty: "alwaysBounceHorizontal")
        try drag(root, [(150, 100), (120, 100), (90, 100)], interval: 1, lift: false)
        #expect(scroll.contentOffset == K.point(30, 0))  // 60 points left: the content moves 30 right of its edge
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(90, 100))])
        registry.mediaClock.advance(by: 0.15)
        #expect(abs(scroll.contentOffset.x - 30 * 0.25) < 1e-9)  // ease-out, halfway in time
        registry.mediaClock.advance(by: 0.2)
        #expect(scroll.contentOffset == K.point(0, 0))
    }
}
