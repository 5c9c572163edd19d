// ScrollView's indicators (ScrollView+Indicators.swift: frames and pixels at times of the
// media clock) and zooming (ScrollView+Zooming.swift: a pinch, the rubber band and its
// bounce, setZoomScale), with values computed by hand and a C delegate
// (Tests/Fixtures/gesture_widgets.c: ZoomDelegate).

import EaselABI
import EaselDiscovery
import EaselGraphicsCore
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

private typealias K = ViewTreeKit

/// The folder with gesture_widgets.so, built once per test process.
private let zoomFolder: Result<URL, FixtureError> = {
    do {
        let folder = try Fixtures.makeTemporaryDirectory("zoom")
        _ = try Fixtures.buildFixture("gesture_widgets", into: folder)
        return .success(folder)
    } catch let error as FixtureError {
        return .failure(error)
    } catch {
        return .failure(FixtureError("cannot build the gesture fixture: \(error)"))
    }
}()

@Suite("ScrollView indicators and zooming")
struct ScrollViewZoomTests {
    /// A white 300 x 300 root holding a `size` x `size` scroll view at (0, 0) over `content` points.
    private func scrollView(size: Double = 200, content: easel_size) throws -> (root: View, scroll: ScrollView, registry: Registry) {
        let registry = Registry()
        registry.loadPlugins(from: [try zoomFolder.get().path])
        let root = try whiteRoot(registry, width: 300, height: 300)
        let scroll = try #require(try registry.makeView(ofClass: "ScrollView", frame: K.rect(0, 0, size, size)) as? ScrollView)
        scroll.contentSize = content
        try root.addSubview(scroll)
        return (root, scroll, registry)
    }

    private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
    private static let verticalBarY = 40 + 3 + (188 - 37.6) * 40 / 800
    private func same(_ a: easel_point, _ b: easel_point) -> Bool { close(a.x, b.x) && close(a.y, b.y) }

    /// A drag up by 40 points (10 every 0.01 s), then a still move, so that the finger lifts at rest.
    private func dragUp(_ root: View, lift: Bool) throws {
        let clock = root.mediaClock
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(100, 190))])
        for y in stride(from: 180.0, through: 150, by: -10) {
            clock.advance(by: 0.01)
            try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(100, y))])
        }
        clock.advance(by: 0.01)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(100, 150))])
        if lift { try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(100, 150))]) }
    }

    // MARK: Indicators

    @Test("while dragging, the vertical indicator is a 3 x 38.8 bar 3 points inside the right edge, placed by the offset; 35 % black in pixels")
    func indicatorWhileDragging() throws {
        let (root, scroll, _) = try scrollView(content: easel_size(width: 200, height: 1000))
        #expect(scroll.scrollIndicators.vertical == nil)  // made the first time they show
        try dragUp(root, lift: false)
        #expect(scroll.contentOffset == K.point(0, 40))
        let bar = try #require(scroll.scrollIndicators.vertical)
        #expect(scroll.scrollIndicators.horizontal == nil)  // the content is not wider than the view
        // Track 200 - 2 x 3 = 194; length 194 x 200 / 1000 = 38.8; start (194 - 38.8) x 40 / 800 = 7.76 down the track.
        let frame = bar.frame
        #expect(close(frame.origin.x, 194) && close(frame.size.width, 3))
        #expect(close(frame.origin.y, 50.76) && close(frame.size.height, 38.8))
        #expect(scroll.subviews.last === bar)
        let image = try fullImage(root)
        // In the window the bar spans y 10.76 ... 49.56 at x 194 ... 197: black at 35 % over white is 255 x 0.65 ≈ 166.
        expectPixel(image, 195, 30, RGBA(r: 166, g: 166, b: 166, a: 255), tolerance: 2)
        expectPixel(image, 195, 60, RGBA(r: 255, g: 255, b: 255, a: 255), tolerance: 0)
        expectPixel(image, 190, 30, RGBA(r: 255, g: 255, b: 255, a: 255), tolerance: 0)
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(100, 150))])
    }

    @Test("after the finger lifts the indicator stays 0.5 s, then fades out over 0.3 s on the media clock (pixels at times)")
    func indicatorFades() throws {
        let (root, scroll, registry) = try scrollView(content: easel_size(width: 200, height: 1000))
        try dragUp(root, lift: true)
        #expect(!scroll.isDecelerating)  // lifted at rest
        let lifted = registry.mediaClock.time
        func pixel(at time: Double) throws -> RGBA {
            registry.mediaClock.advance(to: lifted + time)
            return try fullImage(root).pixel(x: 195, y: 30)
        }
        #expect(near(try pixel(at: 0.4), 166, 166, 166, tolerance: 2))
        // Halfway through the fade: alpha 0.5, so 17.5 % black: 255 x 0.825 ≈ 210.
        #expect(near(try pixel(at: 0.65), 210, 210, 210, tolerance: 2))
        #expect(near(try pixel(at: 0.81), 255, 255, 255, tolerance: 0))
        #expect(scroll.scrollIndicators.vertical?.isHidden == true)
    }

    @Test("with content larger both ways both bars show, each track shortened for the other; showsVerticalScrollIndicator = false hides one")
    func bothIndicators() throws {
        let (root, scroll, _) = try scrollView(content: easel_size(width: 1000, height: 1000))
        try dragUp(root, lift: false)
        let vertical = try #require(scroll.scrollIndicators.vertical)
        let horizontal = try #require(scroll.scrollIndicators.horizontal)
        // Tracks 200 - 3 - 3 - (3 + 3) = 188; lengths max(36, 188 x 0.2 = 37.6).
        #expect(close(vertical.frame.size.height, 37.6))
        #expect(close(horizontal.frame.size.width, 37.6))
        #expect(close(horizontal.frame.origin.y, 234) && close(horizontal.frame.origin.x, 3))  // offset x 0: at the start
        #expect(close(vertical.frame.origin.y, Self.verticalBarY))
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(100, 150))])

        scroll.showsVerticalScrollIndicator = false
        try scroll.setValue(false, forProperty: "showsVerticalScrollIndicator")
        root.mediaClock.advance(by: 2)
        try dragUp(root, lift: false)
        #expect(vertical.isHidden)
        #expect(!horizontal.isHidden)
        #expect(close(horizontal.frame.size.width, 38.8))  // the whole track, 194, is the horizontal one's now
        let image = try fullImage(root)
        #expect(near(image.pixel(x: 195, y: 30), 255, 255, 255, tolerance: 0))
    }

    // MARK: Zooming

    /// A scroll view whose ZoomDelegate returns `content` (its first subview) for zooming.
    private func zoomable(size: Double, min: Double, max: Double) throws
        -> (root: View, scroll: ScrollView, content: View, delegate: EaselObject, registry: Registry)
    {
        let (root, scroll, registry) = try scrollView(size: size, content: easel_size(width: size, height: size))
        let content = try registry.makeView(ofClass: "View", frame: K.rect(0, 0, size, size))
        try scroll.addSubview(content)
        let delegate = try registry.makeObject(ofClass: "ZoomDelegate")
        scroll.delegate = delegate
        scroll.minimumZoomScale = min
        scroll.maximumZoomScale = max
        #expect(scroll.pinchGestureRecognizer != nil)
        #expect(scroll.viewForZooming === content)
        return (root, scroll, content, delegate, registry)
    }

    /// Two fingers on a horizontal line through `center`, `from` points apart, moving to `to` apart in 10 steps of 0.01 s.
    private func pinch(_ root: View, center: easel_point, from: Double, to: Double, lift: Bool = true) throws {
        func fingers(_ d: Double) -> [(Int, easel_point)] {
            [(1, K.point(center.x - d / 2, center.y)), (2, K.point(center.x + d / 2, center.y))]
        }
        try root.sendTouches(fingers(from).map { TouchInput(finger: $0.0, .began, at: $0.1) })
        for step in 1...10 {
            root.mediaClock.advance(by: 0.01)
            let d = from + (to - from) * Double(step) / 10
            try root.sendTouches(fingers(d).map { TouchInput(finger: $0.0, .moved, at: $0.1) })
        }
        if lift { try root.sendTouches(fingers(to).map { TouchInput(finger: $0.0, .ended, at: $0.1) }) }
    }

    @Test("a pinch from 100 to 200 points apart zooms to 2 about the fingers: offset 2 x 100 - 100 = 100, content 400 x 400; the delegate hears it")
    func pinchZooms() throws {
        let (root, scroll, content, delegate, _) = try zoomable(size: 200, min: 0.5, max: 3)
        try pinch(root, center: K.point(100, 100), from: 100, to: 200)
        #expect(close(scroll.zoomScale, 2))
        #expect(same(scroll.contentOffset, K.point(100, 100)))
        #expect(scroll.contentSize == easel_size(width: 400, height: 400))
        #expect(content.frame == K.rect(0, 0, 400, 400))
        #expect(content.bounds == K.rect(0, 0, 200, 200))  // the view keeps its size: its transform scales it
        #expect(!scroll.isZooming)
        #expect(try delegate.value(ofProperty: "beginZooming", as: Int32.self) == 1)
        #expect(try delegate.value(ofProperty: "zooms", as: Int32.self) == 10)  // one scrollViewDidZoom: per move
        #expect(try delegate.value(ofProperty: "endZooming", as: Int32.self) == 1)
        #expect(try delegate.value(ofProperty: "endScale", as: Double.self) == scroll.zoomScale)
        #expect(try scroll.value(ofProperty: "zoomScale", as: Double.self) == scroll.zoomScale)
    }

    @Test("past the maximum the scale goes half as far (2 + (3 - 2) / 2 = 2.5) and springs back to 2 in 0.3 s, the offset with it")
    func zoomBounces() throws {
        let (root, scroll, _, delegate, registry) = try zoomable(size: 300, min: 1, max: 2)
        try pinch(root, center: K.point(150, 150), from: 100, to: 300, lift: false)
        #expect(close(scroll.zoomScale, 2.5))
        #expect(same(scroll.contentOffset, K.point(225, 225)))  // 150 x 2.5 - 150
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(0, 150)), TouchInput(finger: 2, .ended, at: K.point(300, 150))])
        #expect(scroll.isZoomBouncing)
        let start = registry.mediaClock.time
        registry.mediaClock.advance(to: start + 0.15)  // ease-out: 0.75 of the way
        #expect(abs(scroll.zoomScale - (2.5 - 0.5 * 0.75)) < 1e-9)
        #expect(abs(scroll.contentOffset.x - (225 - 75 * 0.75)) < 1e-9)
        registry.mediaClock.advance(to: start + 0.35)
        #expect(scroll.zoomScale == 2)
        #expect(same(scroll.contentOffset, K.point(150, 150)))  // 150 x 2 - 150
        #expect(scroll.contentSize == easel_size(width: 600, height: 600))
        #expect(try delegate.value(ofProperty: "endScale", as: Double.self) == 2)

        // Without bouncesZoom the scale stops at the limit.
        scroll.bouncesZoom = false
        scroll.setZoomScale(1, animated: false)
        try pinch(root, center: K.point(150, 150), from: 100, to: 300, lift: false)
        #expect(scroll.zoomScale == 2)
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(0, 150)), TouchInput(finger: 2, .ended, at: K.point(300, 150))])
    }

    @Test("setZoomScale zooms about the centre of the visible area, clamped to the limits; animated, it takes 0.3 s")
    func setZoomScale() throws {
        let (_, scroll, content, delegate, registry) = try zoomable(size: 200, min: 0.5, max: 3)
        defer { withExtendedLifetime(delegate) {} }  // the scroll view holds its delegate weakly
        scroll.setZoomScale(2, animated: false)
        #expect(same(scroll.contentOffset, K.point(100, 100)))  // the centre (100, 100) of the view stays in the middle
        scroll.setZoomScale(5, animated: false)  // clamped to 3: the same point, (100, 100) of the view, at 300 - 100
        #expect(scroll.zoomScale == 3)
        #expect(same(scroll.contentOffset, K.point(200, 200)))
        #expect(content.frame == K.rect(0, 0, 600, 600))
        scroll.setZoomScale(0.5, animated: true)
        let start = registry.mediaClock.time
        registry.mediaClock.advance(to: start + 0.15)
        #expect(abs(scroll.zoomScale - (3 - 2.5 * 0.75)) < 1e-9)
        registry.mediaClock.advance(to: start + 0.35)
        #expect(scroll.zoomScale == 0.5)
        #expect(scroll.contentOffset == K.point(0, 0))  // 100 x 100 of content fits: clamped to the start
        #expect(scroll.contentSize == easel_size(width: 100, height: 100))
    }
}
