// Events, multitouch and gesture recognizers (Event.swift, GestureRecognizer*.swift), with
// values computed by hand, from Swift and from a C plugin (Tests/Fixtures/gesture_widgets.c).

import EaselABI
import EaselDiscovery
import EaselRuntime
import EaselViews
import EaselTestSupport
import Foundation
import Testing

private typealias K = ViewTreeKit

/// The folder with gesture_widgets.so, built once per test process.
private let gestureFolder: Result<URL, FixtureError> = {
    do {
        let folder = try Fixtures.makeTemporaryDirectory("gesture")
        _ = try Fixtures.buildFixture("gesture_widgets", into: folder)
        return .success(folder)
    } catch let error as FixtureError {
        return .failure(error)
    } catch {
        return .failure(FixtureError("cannot build the gesture fixture: \(error)"))
    }
}()

/// A recognizer's actions as the states they were sent in.
private final class StateLog {
    var states: [GestureState] = []
    var times: [Double] = []
    func attach(_ recognizer: GestureRecognizer) {
        recognizer.addAction { [unowned self] in
            self.states.append($0.state)
            self.times.append($0.mediaClock.time)
        }
    }
}

@Suite("Events, multitouch and gesture recognizers")
struct GestureTests {
    private func plugins() throws -> Registry {
        let registry = Registry()
        registry.loadPlugins(from: [try gestureFolder.get().path])
        #expect(registry.failures.map(\.description) == [])
        return registry
    }

    private func tree(_ registry: Registry, _ cls: String = "View") throws -> (root: View, view: View) {
        let root = try registry.makeView(ofClass: "Window", frame: K.rect(0, 0, 400, 400))
        let view = try registry.makeView(ofClass: cls, frame: K.rect(0, 0, 400, 400))
        try root.addSubview(view)
        return (root, view)
    }

    private func make<T: GestureRecognizer>(_ registry: Registry, _ name: String, as type: T.Type) throws -> T {
        try #require(try registry.makeObject(ofClass: name) as? T)
    }

    /// One finger down and up at a point, at the clock's time.
    private func tap(_ root: View, _ x: Double, _ y: Double, finger: Int = 1) throws {
        try root.sendTouches([TouchInput(finger: finger, .began, at: K.point(x, y))])
        try root.sendTouches([TouchInput(finger: finger, .ended, at: K.point(x, y))])
    }

    private func close(_ a: easel_point, _ b: easel_point) -> Bool { abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6 }

    private func int(_ object: EaselObject, _ name: String) throws -> Int32 { try object.value(ofProperty: name, as: Int32.self) }

    // MARK: Events and touches

    @Test("a view without multipleTouchEnabled gets only the first finger; with it, both; the event lists both with stable touches")
    func multipleTouch() throws {
        let registry = try plugins()
        let (root, log) = try tree(registry, "TouchLog")
        registry.mediaClock.advance(to: 0.25)
        let event = try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(10, 10)),
                                          TouchInput(finger: 2, .began, at: K.point(100, 10))])
        #expect(try int(log, "began") == 1)  // only the first finger
        #expect(try int(log, "eventTouches") == 2)
        #expect(try int(log, "ownTouches") == 2)  // both touches' view is the log
        #expect(try log.value(ofProperty: "finger", as: Int64.self) == 1)
        #expect(try log.value(ofProperty: "timestamp", as: Double.self) == 0.25)
        #expect(event.timestamp == 0.25)
        let first = try #require(event.allTouches.first)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(20, 10)), TouchInput(finger: 2, .moved, at: K.point(110, 10))])
        #expect(try int(log, "moved") == 1)
        #expect(root.touchesInFlight.first === first)  // the same object across phases
        #expect(first.previousLocation(in: nil) == K.point(10, 10))
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(20, 10)), TouchInput(finger: 2, .ended, at: K.point(110, 10))])
        #expect(try int(log, "ended") == 1)
        #expect(root.touchesInFlight.isEmpty)

        log.isMultipleTouchEnabled = true
        try root.sendTouches([TouchInput(finger: 3, .began, at: K.point(10, 10)), TouchInput(finger: 4, .began, at: K.point(100, 10))])
        #expect(try int(log, "began") == 3)
        try root.sendTouches([TouchInput(finger: 3, .ended, at: K.point(10, 10)), TouchInput(finger: 4, .ended, at: K.point(100, 10))])
        #expect(try int(log, "ended") == 3)
    }

    @Test("an exclusiveTouch view keeps a second view from getting touches while it is touched")
    func exclusiveTouch() throws {
        let registry = try plugins()
        let root = try registry.makeView(ofClass: "Window", frame: K.rect(0, 0, 400, 400))
        let left = try registry.makeView(ofClass: "TouchLog", frame: K.rect(0, 0, 200, 400))
        let right = try registry.makeView(ofClass: "TouchLog", frame: K.rect(200, 0, 200, 400))
        try root.addSubview(left)
        try root.addSubview(right)
        left.isExclusiveTouch = true
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(10, 10))])
        try root.sendTouches([TouchInput(finger: 2, .began, at: K.point(300, 10))])
        #expect(try int(left, "began") == 1)
        #expect(try int(right, "began") == 0)
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(10, 10)), TouchInput(finger: 2, .ended, at: K.point(300, 10))])
        try tap(root, 300, 10, finger: 5)
        #expect(try int(right, "began") == 1)  // alone, it is delivered
    }

    @Test("tap counts: a second tap 0.2 s after the first counts 2, one 0.5 s after counts 1, one 60 points away counts 1")
    func tapCount() throws {
        let registry = try plugins()
        let (root, log) = try tree(registry, "TouchLog")
        try tap(root, 50, 50)
        #expect(try int(log, "tapCount") == 1)
        registry.mediaClock.advance(by: 0.2)
        try tap(root, 55, 50)
        #expect(try int(log, "tapCount") == 2)
        registry.mediaClock.advance(by: 0.5)
        try tap(root, 55, 50)
        #expect(try int(log, "tapCount") == 1)
        registry.mediaClock.advance(by: 0.1)
        try tap(root, 115, 50)
        #expect(try int(log, "tapCount") == 1)
    }

    @Test("finger errors: a finger that begins twice or moves without beginning is refused, and nothing is delivered")
    func fingerErrors() throws {
        let registry = try plugins()
        let (root, log) = try tree(registry, "TouchLog")
        #expect(throws: ViewError.self) { try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(1, 1))]) }
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(1, 1))])
        do {
            try root.sendTouches([TouchInput(finger: 2, .began, at: K.point(1, 1)), TouchInput(finger: 1, .began, at: K.point(1, 1))])
            Issue.record("no error")
        } catch {
            #expect(error.message == "finger 1 began while it is already down")
        }
        #expect(try int(log, "began") == 1)
    }

    // MARK: Recognizers

    @Test("a tap is recognized when the finger lifts, and the view's touch is cancelled (cancelsTouchesInView)")
    func tapRecognized() throws {
        let registry = try plugins()
        let (root, log) = try tree(registry, "TouchLog")
        let tap = try make(registry, "TapGestureRecognizer", as: TapGestureRecognizer.self)
        let states = StateLog()
        states.attach(tap)
        log.addGestureRecognizer(tap)
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(40, 40))])
        #expect(tap.state == .possible)
        #expect(try int(log, "began") == 1)
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(42, 41))])
        #expect(states.states == [.recognized])
        #expect(try int(log, "cancelled") == 1)  // recognition cancels the view's touch
        #expect(try int(log, "ended") == 0)
        #expect(tap.state == .possible)  // reset after the touch ended

        // Without cancelsTouchesInView the view gets its end (delayed until the tap decided).
        tap.cancelsTouchesInView = false
        try self.tap(root, 40, 40)
        #expect(states.states == [.recognized, .recognized])
        #expect(try int(log, "ended") == 1)
        #expect(try int(log, "cancelled") == 1)
    }

    @Test("two taps 0.2 s apart are a double tap; 0.5 s apart two single taps (the single tap requires the double to fail)")
    func doubleTap() throws {
        let registry = Registry()
        let (root, view) = try tree(registry)
        let single = try make(registry, "TapGestureRecognizer", as: TapGestureRecognizer.self)
        let double = try make(registry, "TapGestureRecognizer", as: TapGestureRecognizer.self)
        double.numberOfTapsRequired = 2
        single.requireToFail(double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        let singles = StateLog(), doubles = StateLog()
        singles.attach(single)
        doubles.attach(double)
        let clock = registry.mediaClock

        try tap(root, 50, 50)
        #expect(singles.states == [])  // waits for the double tap to fail
        clock.advance(by: 0.2)
        try tap(root, 52, 50)
        #expect(doubles.states == [.recognized])
        #expect(doubles.times == [0.2])
        clock.advance(by: 1)
        #expect(singles.states == [])  // the double tap made it fail

        // 0.5 s apart: the double tap fails 0.35 s after each tap, and the single tap goes on.
        let start = clock.time
        try tap(root, 50, 50)
        clock.advance(to: start + 0.34)
        #expect(singles.states == [])
        clock.advance(to: start + 0.5)
        #expect(singles.times == [start + 0.35])
        try tap(root, 50, 50)
        clock.advance(to: start + 2)
        #expect(singles.states == [.recognized, .recognized])
        #expect(singles.times == [start + 0.35, (start + 0.5) + 0.35])
        #expect(doubles.states == [.recognized])
    }

    @Test("a long press begins at its minimum duration and not before, changes on moves, ends when the finger lifts; moving first fails it")
    func longPress() throws {
        let registry = Registry()
        let (root, view) = try tree(registry)
        let press = try make(registry, "LongPressGestureRecognizer", as: LongPressGestureRecognizer.self)
        press.minimumPressDuration = 0.8
        view.addGestureRecognizer(press)
        let log = StateLog()
        log.attach(press)
        let clock = registry.mediaClock
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(40, 40))])
        clock.advance(to: 0.79)
        #expect(press.state == .possible)
        clock.advance(to: 0.8)
        #expect(press.state == .began)
        #expect(log.times == [0.8])
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(60, 40))])  // after it began, moving is fine
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(60, 40))])
        #expect(log.states == [.began, .changed, .ended])

        clock.advance(to: 2)
        try root.sendTouches([TouchInput(finger: 2, .began, at: K.point(40, 40))])
        clock.advance(to: 2.3)
        try root.sendTouches([TouchInput(finger: 2, .moved, at: K.point(51, 40))])  // 11 points: more than 10
        clock.advance(to: 3)
        #expect(log.states == [.began, .changed, .ended])
        #expect(press.state == .failed)
        try root.sendTouches([TouchInput(finger: 2, .ended, at: K.point(51, 40))])
        #expect(press.state == .possible)
    }

    @Test("a pan: begins after 10 points, translation from touch down and velocity of the last move, by hand; setTranslation")
    func pan() throws {
        let registry = Registry()
        let root = try registry.makeView(ofClass: "Window", frame: K.rect(0, 0, 400, 400))
        let view = try registry.makeView(ofClass: "View", frame: K.rect(100, 50, 200, 200))
        try root.addSubview(view)
        let pan = try make(registry, "PanGestureRecognizer", as: PanGestureRecognizer.self)
        view.addGestureRecognizer(pan)
        let log = StateLog()
        log.attach(pan)
        let clock = registry.mediaClock
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(110, 60))])
        clock.advance(to: 0.1)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(116, 60))])  // 6 points: not yet
        #expect(pan.state == .possible)
        clock.advance(to: 0.2)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(130, 60))])  // 20 points from touch down
        #expect(pan.state == .began)
        #expect(pan.translation(in: view) == K.point(20, 0))
        #expect(close(pan.velocity(in: view), K.point(140, 0)))  // 14 points in 0.1 s
        clock.advance(to: 0.25)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(140, 80))])
        #expect(pan.translation(in: view) == K.point(30, 20))
        #expect(close(pan.velocity(in: nil), K.point(200, 400)))  // (10, 20) in 0.05 s
        #expect(try pan.value(ofProperty: "translation", as: easel_point.self) == K.point(30, 20))
        #expect(close(try pan.value(ofProperty: "velocity", as: easel_point.self), K.point(200, 400)))
        pan.setTranslation(.zero, in: view)
        clock.advance(to: 0.3)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(145, 80))])
        #expect(pan.translation(in: view) == K.point(5, 0))
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(145, 80))])
        #expect(log.states == [.began, .changed, .changed, .ended])
    }

    @Test("a pinch from 100 to 200 points apart has scale 2.0; velocity is the last move's change per second")
    func pinch() throws {
        let registry = Registry()
        let (root, view) = try tree(registry)
        let pinch = try make(registry, "PinchGestureRecognizer", as: PinchGestureRecognizer.self)
        view.addGestureRecognizer(pinch)
        let clock = registry.mediaClock
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(150, 200)), TouchInput(finger: 2, .began, at: K.point(250, 200))])
        clock.advance(to: 0.1)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(125, 200)), TouchInput(finger: 2, .moved, at: K.point(275, 200))])
        #expect(pinch.state == .began)
        #expect(pinch.scale == 1.5)
        clock.advance(to: 0.2)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(100, 200)), TouchInput(finger: 2, .moved, at: K.point(300, 200))])
        #expect(pinch.scale == 2.0)
        #expect(abs(pinch.velocity - 5.0) < 1e-9)  // 0.5 in 0.1 s
        #expect(try pinch.value(ofProperty: "scale", as: Double.self) == 2.0)
        #expect(try pinch.value(ofProperty: "state", as: Int64.self) == Int64(GestureState.changed.rawValue))
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(100, 200)), TouchInput(finger: 2, .ended, at: K.point(300, 200))])
        #expect(pinch.state == .possible)
    }

    @Test("a two-finger twist of 90 degrees clockwise is a rotation of pi/2")
    func rotation() throws {
        let registry = Registry()
        let (root, view) = try tree(registry)
        let rotation = try make(registry, "RotationGestureRecognizer", as: RotationGestureRecognizer.self)
        view.addGestureRecognizer(rotation)
        let log = StateLog()
        log.attach(rotation)
        // Fingers at (100, 200) and (300, 200), turning about (200, 200) in three steps of 30 degrees.
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(100, 200)), TouchInput(finger: 2, .began, at: K.point(300, 200))])
        for step in 1...3 {
            let angle = Double(step) * .pi / 6
            let dx = 100 * cos(angle), dy = 100 * sin(angle)
            try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(200 - dx, 200 - dy)),
                                  TouchInput(finger: 2, .moved, at: K.point(200 + dx, 200 + dy))])
        }
        #expect(abs(rotation.rotation - .pi / 2) < 1e-9)
        #expect(log.states == [.began, .changed, .changed])
    }

    @Test("a swipe right of 60 points in 0.1 s is recognized; left or too slow it fails")
    func swipe() throws {
        let registry = Registry()
        let (root, view) = try tree(registry)
        let swipe = try make(registry, "SwipeGestureRecognizer", as: SwipeGestureRecognizer.self)
        view.addGestureRecognizer(swipe)
        let log = StateLog()
        log.attach(swipe)
        let clock = registry.mediaClock
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(100, 100))])
        clock.advance(by: 0.1)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(160, 110))])
        #expect(log.states == [.recognized])
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(160, 110))])
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(160, 100))])
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(100, 100))])
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(100, 100))])
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(100, 100))])
        clock.advance(by: 0.6)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(200, 100))])
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(200, 100))])
        #expect(log.states == [.recognized])
    }

    @Test("requireToFail: the pan waits for the swipe; when the swipe recognizes, the pan fails; when it fails, the pan begins")
    func requireToFailOrdering() throws {
        let registry = Registry()
        let (root, view) = try tree(registry)
        let swipe = try make(registry, "SwipeGestureRecognizer", as: SwipeGestureRecognizer.self)
        let pan = try make(registry, "PanGestureRecognizer", as: PanGestureRecognizer.self)
        pan.requireToFail(swipe)
        view.addGestureRecognizer(pan)
        view.addGestureRecognizer(swipe)
        var order: [String] = []
        pan.addAction { order.append("pan \($0.state.name)") }
        swipe.addAction { order.append("swipe \($0.state.name)") }
        let clock = registry.mediaClock
        // A quick stroke right: the pan reaches 10 points first but waits; the swipe recognizes; the pan fails.
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(100, 100))])
        clock.advance(by: 0.05)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(120, 100))])
        #expect(order == [])
        #expect(pan.state == .possible)
        clock.advance(by: 0.05)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(160, 100))])
        #expect(order == ["swipe ended"])
        #expect(pan.state == .failed)
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(160, 100))])

        // A drag upwards: the swipe (right only) fails when it takes too long, and the pan begins then.
        order = []
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(100, 200))])
        clock.advance(by: 0.1)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(100, 180))])
        #expect(order == [])
        clock.advance(by: 0.5)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(100, 170))])
        #expect(order == ["pan began"])
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(100, 170))])
        #expect(order == ["pan began", "pan ended"])
    }

    @Test("delaysTouchesBegan holds the view's began until the recognizer fails, then delivers it before the move")
    func delaysAndDelegate() throws {
        let registry = try plugins()
        let (root, log) = try tree(registry, "TouchLog")
        let press = try make(registry, "LongPressGestureRecognizer", as: LongPressGestureRecognizer.self)
        press.delaysTouchesBegan = true
        log.addGestureRecognizer(press)
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(40, 40))])
        #expect(try int(log, "began") == 0)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(80, 40))])  // fails the press: began and moved arrive
        #expect(try int(log, "began") == 1)
        #expect(try int(log, "moved") == 1)
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(80, 40))])
        #expect(try int(log, "ended") == 1)
    }

    @Test("delaysTouchesEnded (on by default) holds the view's ended until a double tap fails 0.35 s later; off, it arrives at once")
    func delaysTouchesEnded() throws {
        let registry = try plugins()
        let (root, log) = try tree(registry, "TouchLog")
        let double = try make(registry, "TapGestureRecognizer", as: TapGestureRecognizer.self)
        double.numberOfTapsRequired = 2
        double.cancelsTouchesInView = false
        #expect(double.delaysTouchesEnded)
        log.addGestureRecognizer(double)
        let clock = registry.mediaClock
        try tap(root, 40, 40)
        #expect(try int(log, "began") == 1)
        #expect(try int(log, "ended") == 0)  // held while the double tap may still recognize
        clock.advance(by: 0.34)
        #expect(try int(log, "ended") == 0)
        clock.advance(by: 0.02)  // 0.35 s after the tap the recognizer fails: the end is delivered
        #expect(double.state == .possible)  // failed, then reset
        #expect(try int(log, "ended") == 1)

        double.delaysTouchesEnded = false
        clock.advance(by: 1)
        try tap(root, 40, 40)
        #expect(try int(log, "ended") == 2)  // at once
        #expect(try int(log, "cancelled") == 0)
    }

    @Test("a disabled recognizer sees no touches (the view gets them all); disabling a pan in progress cancels it")
    func disabledRecognizer() throws {
        let registry = try plugins()
        let (root, log) = try tree(registry, "TouchLog")
        let tap = try make(registry, "TapGestureRecognizer", as: TapGestureRecognizer.self)
        let taps = StateLog()
        taps.attach(tap)
        tap.isEnabled = false
        log.addGestureRecognizer(tap)
        try self.tap(root, 40, 40)
        #expect(taps.states == [])
        #expect(try int(log, "ended") == 1)  // neither delayed nor cancelled
        #expect(try int(log, "cancelled") == 0)
        #expect(try tap.value(ofProperty: "enabled", as: Bool.self) == false)
        tap.isEnabled = true
        registry.mediaClock.advance(by: 1)
        try self.tap(root, 40, 40)
        #expect(taps.states == [.recognized])
        log.removeGestureRecognizer(tap)

        let pan = try make(registry, "PanGestureRecognizer", as: PanGestureRecognizer.self)
        let pans = StateLog()
        pans.attach(pan)
        log.addGestureRecognizer(pan)
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(10, 10))])
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(40, 10))])
        #expect(pan.state == .began)
        pan.isEnabled = false
        #expect(pans.states == [.began, .cancelled])
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(80, 10))])
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(80, 10))])
        #expect(pans.states == [.began, .cancelled])  // nothing more once disabled
        #expect(pan.state == .possible)
    }

    @Test("a plugin delegate refuses to let a pan begin (it fails), and lets a pinch and a rotation recognize at once")
    func delegate() throws {
        let registry = try plugins()
        let (root, view) = try tree(registry)
        let pan = try make(registry, "PanGestureRecognizer", as: PanGestureRecognizer.self)
        let delegate = try registry.makeObject(ofClass: "GestureDelegate")
        try delegate.setValue(Int32(0), forProperty: "allowBegin")
        pan.delegate = delegate
        view.addGestureRecognizer(pan)
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(10, 10))])
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(40, 10))])
        #expect(pan.state == .failed)
        #expect(try int(delegate, "asked") == 1)
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(40, 10))])
        view.removeGestureRecognizer(pan)

        let pinch = try make(registry, "PinchGestureRecognizer", as: PinchGestureRecognizer.self)
        let rotation = try make(registry, "RotationGestureRecognizer", as: RotationGestureRecognizer.self)
        view.addGestureRecognizer(pinch)
        view.addGestureRecognizer(rotation)
        func twist() throws {
            try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(100, 200)), TouchInput(finger: 2, .began, at: K.point(300, 200))])
            try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(100, 100)), TouchInput(finger: 2, .moved, at: K.point(300, 300))])
        }
        try twist()
        #expect(pinch.state == .began)
        #expect(rotation.state == .failed)  // the pinch began first and excludes it
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(100, 100)), TouchInput(finger: 2, .ended, at: K.point(300, 300))])
        try delegate.setValue(Int32(1), forProperty: "together")
        try delegate.setValue(Int32(1), forProperty: "allowBegin")
        rotation.delegate = delegate
        try twist()
        #expect(pinch.state == .began)
        #expect(rotation.state == .began)
    }

    @Test("the event lists its touches by view and by window and is a touch event; a touch knows its window and its locations in any view")
    func eventTouchesByViewAndWindow() throws {
        let registry = Registry()
        let root = try #require(try registry.makeView(ofClass: "Window", frame: K.rect(0, 0, 400, 400)) as? Window)
        let other = try #require(try registry.makeView(ofClass: "Window", frame: K.rect(0, 0, 100, 100)) as? Window)
        let left = try registry.makeView(ofClass: "View", frame: K.rect(0, 0, 200, 400))
        let right = try registry.makeView(ofClass: "View", frame: K.rect(200, 0, 200, 400))
        try root.addSubview(left)
        try root.addSubview(right)
        registry.mediaClock.advance(to: 0.5)
        let event = try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(10, 10)),
                                          TouchInput(finger: 2, .began, at: K.point(250, 20))])
        #expect(event.type == .touches)
        #expect(event.timestamp == 0.5)
        #expect(event.touches(for: left).map(\.finger) == [1])
        #expect(event.touches(for: right).map(\.finger) == [2])
        #expect(event.touches(for: root).map(\.finger) == [1, 2])  // the window's tree: both
        #expect(event.touches(for: other).isEmpty)
        let second = try #require(event.touches(for: right).first)
        #expect(second.window === root)
        #expect(second.view === right)
        #expect(second.location(in: right) == K.point(50, 20))  // 250 - 200
        #expect(second.tapCount == 1)
        registry.mediaClock.advance(to: 0.6)
        try root.sendTouches([TouchInput(finger: 2, .moved, at: K.point(260, 40))])
        #expect(second.phase == .moved)
        #expect(second.timestamp == 0.6)
        #expect(second.previousLocation(in: right) == K.point(50, 20))
        #expect(second.location(in: right) == K.point(60, 40))
        #expect(second.location(in: nil) == K.point(260, 40))
        let ended = try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(10, 10)), TouchInput(finger: 2, .ended, at: K.point(260, 40))])
        #expect(ended.allTouches.map(\.phase) == [.ended, .ended])  // those that ended in it are still listed
        #expect(root.touchesInFlight.isEmpty)
    }

    @Test("a pan with minimumNumberOfTouches 2 ignores one finger and begins with two; with maximumNumberOfTouches 1 a second finger fails it")
    func panTouchLimits() throws {
        let registry = Registry()
        let (root, view) = try tree(registry)
        let pan = try make(registry, "PanGestureRecognizer", as: PanGestureRecognizer.self)
        pan.minimumNumberOfTouches = 2
        view.addGestureRecognizer(pan)
        let log = StateLog()
        log.attach(pan)
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(100, 100))])
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(140, 100))])  // 40 points, one finger
        #expect(pan.state == .possible)
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(140, 100))])
        #expect(log.states == [])
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(100, 100)), TouchInput(finger: 2, .began, at: K.point(200, 100))])
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(120, 110)), TouchInput(finger: 2, .moved, at: K.point(220, 110))])
        #expect(pan.state == .began)
        #expect(pan.translation(in: view) == K.point(20, 10))  // the centroid, (150, 100) to (170, 110)
        #expect(try pan.value(ofProperty: "numberOfTouches", as: UInt64.self) == 2)
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(120, 110)), TouchInput(finger: 2, .ended, at: K.point(220, 110))])
        #expect(log.states == [.began, .ended])

        pan.minimumNumberOfTouches = 1
        pan.maximumNumberOfTouches = 1
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(100, 100))])
        try root.sendTouches([TouchInput(finger: 2, .began, at: K.point(200, 100))])
        #expect(pan.state == .failed)
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(160, 100)), TouchInput(finger: 2, .moved, at: K.point(260, 100))])
        #expect(log.states == [.began, .ended])  // no action after failing
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(160, 100)), TouchInput(finger: 2, .ended, at: K.point(260, 100))])
        #expect(pan.state == .possible)
    }

    @Test("a rotation's values by name, as plugins read them: rotation, velocity, numberOfTouches, view, state")
    func rotationValuesByName() throws {
        let registry = Registry()
        let (root, view) = try tree(registry)
        let rotation = try make(registry, "RotationGestureRecognizer", as: RotationGestureRecognizer.self)
        view.addGestureRecognizer(rotation)
        let clock = registry.mediaClock
        // Fingers at (100, 200) and (300, 200) turn 30 degrees about (200, 200) in 0.1 s, then 30 more in 0.2 s.
        func turn(to degrees: Double) throws {
            let angle = degrees * .pi / 180, dx = 100 * cos(angle), dy = 100 * sin(angle)
            try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(200 - dx, 200 - dy)),
                                  TouchInput(finger: 2, .moved, at: K.point(200 + dx, 200 + dy))])
        }
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(100, 200)), TouchInput(finger: 2, .began, at: K.point(300, 200))])
        clock.advance(to: 0.1)
        try turn(to: 30)
        clock.advance(to: 0.3)
        try turn(to: 60)
        #expect(abs(try rotation.value(ofProperty: "rotation", as: Double.self) - .pi / 3) < 1e-9)
        // The last move: pi/6 in 0.2 s.
        #expect(abs(try rotation.value(ofProperty: "velocity", as: Double.self) - (.pi / 6) / 0.2) < 1e-9)
        #expect(try rotation.value(ofProperty: "numberOfTouches", as: UInt64.self) == 2)
        #expect(try rotation.value(ofProperty: "state", as: Int64.self) == Int64(GestureState.changed.rawValue))
        let viewHandle = try rotation.value(ofProperty: "view", as: OpaquePointer?.self)
        #expect(viewHandle == OpaquePointer(Unmanaged.passUnretained(view).toOpaque()))
        #expect(throws: RuntimeError.self) { try rotation.setValue(UInt64(3), forProperty: "numberOfTouches") }
    }

    @Test("a plugin delegate's gestureRecognizer:shouldReceiveTouch: keeps a touch from a recognizer, which then never sees it")
    func delegateShouldReceiveTouch() throws {
        let registry = try plugins()
        let (root, view) = try tree(registry)
        let recognizer = try make(registry, "TapGestureRecognizer", as: TapGestureRecognizer.self)
        let delegate = try registry.makeObject(ofClass: "GestureDelegate")
        try delegate.setValue(200.0, forProperty: "minimumX")
        recognizer.delegate = delegate
        view.addGestureRecognizer(recognizer)
        let log = StateLog()
        log.attach(recognizer)
        try tap(root, 100, 50)  // left of 200: refused
        #expect(try int(delegate, "touchAsks") == 1)
        #expect(log.states == [])
        #expect(recognizer.touches.isEmpty)
        try tap(root, 300, 50)
        #expect(try int(delegate, "touchAsks") == 2)
        #expect(log.states == [.recognized])
    }

    // MARK: From C

    @Test("a C view makes a double-tap recognizer with easel.gesture.v1 and gets handleTap: with it")
    func cTapHost() throws {
        let registry = try plugins()
        let (root, host) = try tree(registry, "TapHost")
        #expect(try int(host, "setup") == 1)
        #expect(host.gestureRecognizers.count == 1)
        try tap(root, 30, 40)
        registry.mediaClock.advance(by: 0.2)
        try tap(root, 30, 40)
        #expect(try int(host, "taps") == 1)
        #expect(try int(host, "state") == Int32(EASEL_GESTURE_RECOGNIZED))
        #expect(try host.value(ofProperty: "location", as: easel_point.self) == K.point(30, 40))
        let diagnostics = registry.takeDiagnostics().map(\.message)
        #expect(diagnostics == ["gestures->create: class 'View' is not a gesture recognizer class (it does not inherit from GestureRecognizer)"])
    }

    @Test("actions arrive at a plugin target with the recognizer, which reads scale and state by name")
    func cActionTarget() throws {
        let registry = try plugins()
        let (root, view) = try tree(registry)
        let pinch = try make(registry, "PinchGestureRecognizer", as: PinchGestureRecognizer.self)
        let target = try registry.makeObject(ofClass: "ActionTarget")
        try pinch.addTarget(target, action: Selector("handleGesture:"))
        view.addGestureRecognizer(pinch)
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(150, 200)), TouchInput(finger: 2, .began, at: K.point(250, 200))])
        try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(100, 200)), TouchInput(finger: 2, .moved, at: K.point(300, 200))])
        #expect(try int(target, "actions") == 1)
        #expect(try int(target, "state") == Int32(EASEL_GESTURE_BEGAN))
        #expect(try target.value(ofProperty: "scale", as: Double.self) == 2.0)
        #expect(try int(target, "sawRecognizer") == 1)
        // An action the target does not have is refused by name.
        #expect(throws: RuntimeError.self) { try pinch.addTarget(target, action: Selector("nothing:")) }
    }

    @Test("a plugin recognizer class (superclass GestureRecognizer) recognizes a second finger by setting its state")
    func pluginRecognizer() throws {
        let registry = try plugins()
        let (root, view) = try tree(registry)
        let twoFingers = try #require(try registry.makeObject(ofClass: "TwoFingerTap") as? GestureRecognizer)
        view.addGestureRecognizer(twoFingers)
        let log = StateLog()
        log.attach(twoFingers)
        try tap(root, 10, 10)
        #expect(log.states == [])
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(10, 10))])
        try root.sendTouches([TouchInput(finger: 2, .began, at: K.point(50, 10))])
        #expect(log.states == [.recognized])
    }

    @Test("a scroll view's delegate (a plugin object) hears dragging, scrolling and decelerating, in UIKit's order")
    func scrollDelegate() throws {
        let registry = try plugins()
        let root = try registry.makeView(ofClass: "Window", frame: K.rect(0, 0, 400, 400))
        let scroll = try #require(try registry.makeView(ofClass: "ScrollView", frame: K.rect(0, 0, 200, 200)) as? ScrollView)
        try root.addSubview(scroll)
        try scroll.setValue(easel_size(width: 200, height: 1000), forProperty: "contentSize")
        let log = try registry.makeObject(ofClass: "ScrollLog")
        try scroll.setValue(OpaquePointer?(nil), forProperty: "delegate")
        scroll.delegate = log
        let clock = registry.mediaClock
        try root.sendTouches([TouchInput(finger: 1, .began, at: K.point(100, 190))])
        for y in stride(from: 180.0, through: 150, by: -10) {
            clock.advance(by: 0.01)
            try root.sendTouches([TouchInput(finger: 1, .moved, at: K.point(100, y))])
        }
        #expect(try int(log, "beginDragging") == 1)
        #expect(try int(log, "scrolls") == 4)  // 10, 20, 30, 40
        try root.sendTouches([TouchInput(finger: 1, .ended, at: K.point(100, 150))])
        #expect(try int(log, "endDragging") == 1)
        #expect(try int(log, "willDecelerate") == 1)
        #expect(try int(log, "beginDecelerating") == 1)
        clock.advance(by: 0.1)
        #expect(try int(log, "scrolls") == 5)
        clock.advance(by: 10)
        #expect(try int(log, "endDecelerating") == 1)
    }

    @Test("the gesture extension is found by its identifier at its pinned size")
    func extensionTable() throws {
        _ = Registry()
        let table = try #require(HostAPI.table.pointee.get_extension?(EASEL_GESTURE_EXTENSION_ID))
        #expect(table.assumingMemoryBound(to: easel_gesture_api.self).pointee.struct_size == UInt32(EASEL_GESTURE_API_V1_SIZE))
    }
}
