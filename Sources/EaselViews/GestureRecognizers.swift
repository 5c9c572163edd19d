#if canImport(Glibc)
import Glibc
#endif
import EaselABI
import EaselGeometry
import EaselRuntime

// The built-in recognizers. Values Easel uses where UIKit documents none
// (stated so that tests and scenes can count on them):
//
// - Tap: taps follow each other within 0.35 s (from the end of one to the
//   next finger down); a finger may move 45 points from where the tap
//   began. Recognized when the last finger of the required tap lifts.
// - Long press: begins `minimumPressDuration` (0.5 s) after the required
//   fingers are down, on the media clock, unless they moved more than
//   `allowableMovement` (10 points) first; changes on each move; ends when
//   a finger lifts.
// - Pan: begins when the centroid has moved 10 points from where the
//   fingers came down; the translation is measured from that touch-down
//   point (so it is not 0 at `began`); the velocity is the last move's
//   displacement divided by its time (points per second).
// - Pinch and rotation: two fingers; begin on the first move that changes
//   their distance (pinch) or angle (rotation); scale = distance / distance
//   at touch down, rotation = the change of the angle of the line between
//   them (radians, clockwise positive as y points down); velocity = the
//   last move's change divided by its time.
// - Swipe: recognized when the centroid has moved 50 points in an allowed
//   direction, with at most half that across, within 0.5 s of touch down.

/// Recognizes one or more taps of one or more fingers (`UITapGestureRecognizer`).
public final class TapGestureRecognizer: GestureRecognizer {
    /// The number of taps (default 1).
    @exclusivity(unchecked)
    public var numberOfTapsRequired = 1
    /// The number of fingers of each tap (default 1).
    @exclusivity(unchecked)
    public var numberOfTouchesRequired = 1
    /// The most time between a tap's end and the next finger down (0.35 s).
    public static let maximumTapInterval = 0.35
    /// How far a finger may move from where the gesture began (45 points).
    public static let allowableMovement = 45.0

    @exclusivity(unchecked)
    private var taps = 0
    @exclusivity(unchecked)
    private var fingersThisTap = 0
    @exclusivity(unchecked)
    private var start: easel_point?
    @exclusivity(unchecked)
    private var timer: MediaClock.Timer?

    override var isWaiting: Bool { timer != nil }

    override func touchesBegan(_ touches: [Touch], event: Event) {
        if let timer { mediaClock.cancel(timer); self.timer = nil }
        fingersThisTap = max(fingersThisTap, numberOfTouches)
        if fingersThisTap > numberOfTouchesRequired { fail(); return }
        if let start, View.distance(start, centroidInRoot) > Self.allowableMovement { fail(); return }
        if start == nil { start = centroidInRoot }
    }

    override func touchesMoved(_ touches: [Touch], event: Event) {
        if let start, View.distance(start, centroidInRoot) > Self.allowableMovement { fail() }
    }

    override func touchesEnded(_ touches: [Touch], event: Event) {
        guard numberOfTouches == 0 else { return }
        guard fingersThisTap == numberOfTouchesRequired else { fail(); return }
        taps += 1
        fingersThisTap = 0
        if taps >= numberOfTapsRequired {
            transition(to: .recognized)
        } else {
            timer = scheduleTimer(at: event.timestamp + Self.maximumTapInterval)
        }
    }

    /// The next tap did not come in time.
    override func timerFired() {
        timer = nil
        fail()
    }

    override func resetValues() {
        if let timer { mediaClock.cancel(timer) }
        timer = nil
        taps = 0
        fingersThisTap = 0
        start = nil
    }
}

/// Recognizes fingers held still (`UILongPressGestureRecognizer`): a continuous gesture.
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the fingers must be down, in seconds of the media clock (default 0.5).
    @exclusivity(unchecked)
    public var minimumPressDuration = 0.5
    /// How far the fingers may move before the press begins, in points (default 10).
    @exclusivity(unchecked)
    public var allowableMovement = 10.0
    /// The number of fingers (default 1).
    @exclusivity(unchecked)
    public var numberOfTouchesRequired = 1

    @exclusivity(unchecked)
    private var start: easel_point?
    @exclusivity(unchecked)
    private var timer: MediaClock.Timer?

    override var isWaiting: Bool { timer != nil }

    override func touchesBegan(_ touches: [Touch], event: Event) {
        guard state == .possible else { return }
        if numberOfTouches > numberOfTouchesRequired { fail(); return }
        if numberOfTouches == numberOfTouchesRequired, timer == nil {
            start = centroidInRoot
            timer = scheduleTimer(at: event.timestamp + minimumPressDuration)
        }
    }

    /// The fingers stayed down long enough.
    override func timerFired() {
        timer = nil
        if state == .possible { transition(to: .began) }
    }

    override func touchesMoved(_ touches: [Touch], event: Event) {
        if state == .possible {
            if let start, View.distance(start, centroidInRoot) > allowableMovement { cancelTimer(); fail() }
        } else if state == .began || state == .changed {
            transition(to: .changed)
        }
    }

    override func touchesEnded(_ touches: [Touch], event: Event) {
        cancelTimer()
        if state == .began || state == .changed { transition(to: .ended) } else { fail() }
    }

    private func cancelTimer() {
        if let timer { mediaClock.cancel(timer) }
        timer = nil
    }

    override func resetValues() {
        cancelTimer()
        start = nil
    }
}

/// Recognizes dragging fingers (`UIPanGestureRecognizer`): a continuous gesture.
public class PanGestureRecognizer: GestureRecognizer {
    /// The fewest fingers (default 1).
    @exclusivity(unchecked)
    public var minimumNumberOfTouches = 1
    /// The most fingers (default: no limit).
    @exclusivity(unchecked)
    public var maximumNumberOfTouches = Int.max
    /// How far the centroid moves before the pan begins, in points (10).
    public static let hysteresis = 10.0

    /// The touch-down point the translation is measured from, in root coordinates.
    @exclusivity(unchecked)
    var origin: easel_point?
    /// The last velocity, in root coordinates (points per second).
    @exclusivity(unchecked)
    var velocityInRoot = easel_point.zero
    @exclusivity(unchecked)
    private var lastCentroid = easel_point.zero
    @exclusivity(unchecked)
    private var lastTime = 0.0

    /// The translation of the centroid since the fingers came down, in `view`'s coordinates (`nil`: the root's).
    public final func translation(in view: View?) -> easel_point {
        guard let origin else { return .zero }
        let now = convert(centroidInRoot, to: view), then = convert(origin, to: view)
        return easel_point(x: now.x - then.x, y: now.y - then.y)
    }

    /// Makes ``translation(in:)`` equal `translation` from now on.
    public final func setTranslation(_ translation: easel_point, in view: View?) {
        let now = convert(centroidInRoot, to: view)
        let origin = easel_point(x: now.x - translation.x, y: now.y - translation.y)
        self.origin = view?.convert(origin, to: nil) ?? origin
    }

    /// The velocity of the centroid in `view`'s coordinates, in points per second.
    public final func velocity(in view: View?) -> easel_point {
        let base = centroidInRoot
        let a = convert(base, to: view)
        let b = convert(easel_point(x: base.x + velocityInRoot.x, y: base.y + velocityInRoot.y), to: view)
        return easel_point(x: b.x - a.x, y: b.y - a.y)
    }

    private func convert(_ point: easel_point, to view: View?) -> easel_point { view?.convert(point, from: nil) ?? point }

    override func touchesBegan(_ touches: [Touch], event: Event) {
        if numberOfTouches > maximumNumberOfTouches {
            if state == .possible { fail() }
            return
        }
        // A finger added keeps the translation where it was.
        let before = lastCentroid
        let after = centroidInRoot
        if let origin, numberOfTouches > touches.count {
            self.origin = easel_point(x: origin.x + after.x - before.x, y: origin.y + after.y - before.y)
        } else if origin == nil {
            origin = after
        }
        lastCentroid = after
        lastTime = event.timestamp
    }

    override func touchesMoved(_ touches: [Touch], event: Event) {
        let centroid = centroidInRoot
        let interval = event.timestamp - lastTime
        if interval > 0 {
            velocityInRoot = easel_point(x: (centroid.x - lastCentroid.x) / interval, y: (centroid.y - lastCentroid.y) / interval)
        }
        lastCentroid = centroid
        lastTime = event.timestamp
        if state == .possible {
            guard let origin, numberOfTouches >= minimumNumberOfTouches,
                  View.distance(origin, centroid) >= Self.hysteresis else { return }
            transition(to: .began)
        } else if state == .began || state == .changed {
            transition(to: .changed)
        }
    }

    override func touchesEnded(_ touches: [Touch], event: Event) {
        if numberOfTouches < minimumNumberOfTouches || numberOfTouches == 0 {
            if state == .began || state == .changed { transition(to: .ended) } else { fail() }
            return
        }
        // A finger lifted, others stay: keep the translation where it was.
        let after = centroidInRoot
        if let origin {
            self.origin = easel_point(x: origin.x + after.x - lastCentroid.x, y: origin.y + after.y - lastCentroid.y)
        }
        lastCentroid = after
    }

    override func resetValues() {
        origin = nil
        velocityInRoot = .zero
        lastCentroid = .zero
        lastTime = 0
    }
}

/// Two-finger gestures: the distance and angle between the first two fingers.
public class TwoFingerGestureRecognizer: GestureRecognizer {
    var startDistance = 0.0
    var startAngle = 0.0
    var lastValue = 0.0
    var lastTime = 0.0
    /// Change per second of the last move.
    public internal(set) var velocity = 0.0

    var pair: (Touch, Touch)? {
        let down = activeTouches
        return down.count >= 2 ? (down[0], down[1]) : nil
    }

    static func distance(_ pair: (Touch, Touch)) -> Double { View.distance(pair.0.locationInRoot, pair.1.locationInRoot) }
    static func angle(_ pair: (Touch, Touch)) -> Double {
        atan2(pair.1.locationInRoot.y - pair.0.locationInRoot.y, pair.1.locationInRoot.x - pair.0.locationInRoot.x)
    }

    /// The current value (scale or rotation), updated by a move.
    func update() -> Bool { false }

    override func touchesBegan(_ touches: [Touch], event: Event) {
        if numberOfTouches > 2, state == .possible { fail(); return }
        if let pair, numberOfTouches == 2 {
            startDistance = Self.distance(pair)
            startAngle = Self.angle(pair)
            lastTime = event.timestamp
            begin(pair)
        }
    }

    func begin(_ pair: (Touch, Touch)) {}

    override func touchesMoved(_ touches: [Touch], event: Event) {
        guard pair != nil else { return }
        let before = lastValue
        guard update() else { return }
        let interval = event.timestamp - lastTime
        if interval > 0 { velocity = (lastValue - before) / interval }
        lastTime = event.timestamp
        if state == .possible { transition(to: .began) } else if state == .began || state == .changed { transition(to: .changed) }
    }

    override func touchesEnded(_ touches: [Touch], event: Event) {
        guard numberOfTouches < 2 else { return }
        if state == .began || state == .changed { transition(to: .ended) } else { fail() }
    }
}

/// Recognizes two fingers moving apart or together (`UIPinchGestureRecognizer`): a continuous gesture.
public final class PinchGestureRecognizer: TwoFingerGestureRecognizer {
    private var base = 1.0
    /// The distance between the fingers divided by their distance at touch down (settable: UIKit code resets it to 1).
    public var scale: Double {
        get { lastValue == 0 ? base : lastValue }
        set {
            base = newValue
            lastValue = newValue
            if let pair { startDistance = Self.distance(pair) }
        }
    }

    override func begin(_ pair: (Touch, Touch)) { lastValue = base }

    override func update() -> Bool {
        guard let pair, startDistance > 0 else { return false }
        let value = base * Self.distance(pair) / startDistance
        guard value != lastValue else { return false }
        lastValue = value
        return true
    }

    override func resetValues() {
        base = 1
        lastValue = 0
        velocity = 0
        startDistance = 0
    }
}

/// Recognizes two fingers turning (`UIRotationGestureRecognizer`): a continuous gesture.
public final class RotationGestureRecognizer: TwoFingerGestureRecognizer {
    private var base = 0.0
    private var lastAngle = 0.0
    /// The rotation since touch down, in radians (clockwise positive; settable).
    public var rotation: Double {
        get { lastValue }
        set { base = newValue; lastValue = newValue }
    }

    override func begin(_ pair: (Touch, Touch)) {
        lastAngle = startAngle
        lastValue = base
    }

    override func update() -> Bool {
        guard let pair else { return false }
        let angle = Self.angle(pair)
        var step = angle - lastAngle
        while step > .pi { step -= 2 * .pi }
        while step <= -.pi { step += 2 * .pi }
        guard step != 0 else { return false }
        lastAngle = angle
        lastValue += step
        return true
    }

    override func resetValues() {
        base = 0
        lastValue = 0
        lastAngle = 0
        velocity = 0
    }
}

/// Recognizes a quick stroke in a direction (`UISwipeGestureRecognizer`): a discrete gesture.
public final class SwipeGestureRecognizer: GestureRecognizer {
    /// Directions, with UIKit's values (`UISwipeGestureRecognizerDirection`).
    public struct Direction: OptionSet, Sendable {
        public let rawValue: UInt64
        public init(rawValue: UInt64) { self.rawValue = rawValue }
        /// Rightward.
        public static let right = Direction(rawValue: 1)
        /// Leftward.
        public static let left = Direction(rawValue: 2)
        /// Upward.
        public static let up = Direction(rawValue: 4)
        /// Downward.
        public static let down = Direction(rawValue: 8)
    }
    /// The directions allowed (default `.right`).
    public var direction: Direction = .right
    /// The number of fingers (default 1).
    public var numberOfTouchesRequired = 1
    /// The distance to travel, in points (50).
    public static let minimumDistance = 50.0
    /// The most time from touch down, in seconds (0.5).
    public static let maximumDuration = 0.5

    private var start: easel_point?
    private var startTime = 0.0

    override func touchesBegan(_ touches: [Touch], event: Event) {
        if numberOfTouches > numberOfTouchesRequired { fail(); return }
        start = centroidInRoot
        startTime = event.timestamp
    }

    override func touchesMoved(_ touches: [Touch], event: Event) {
        guard let start, numberOfTouches == numberOfTouchesRequired else { return }
        if event.timestamp - startTime > Self.maximumDuration { fail(); return }
        let now = centroidInRoot
        let dx = now.x - start.x, dy = now.y - start.y
        let candidates: [(Direction, Double, Double)] = [(.right, dx, dy), (.left, -dx, dy), (.down, dy, dx), (.up, -dy, dx)]
        for (candidate, along, across) in candidates where direction.contains(candidate) {
            if along >= Self.minimumDistance, abs(across) <= along / 2 {
                transition(to: .recognized)
                return
            }
        }
    }

    override func touchesEnded(_ touches: [Touch], event: Event) { if state == .possible { fail() } }

    override func resetValues() { start = nil }
}
