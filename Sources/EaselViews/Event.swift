import EaselABI
import EaselGeometry
import EaselRuntime

// Events and multitouch, as UIKit delivers them.
//
// `View.sendTouches(_:)` delivers one event: any number of fingers, each
// beginning, moving, staying, ending or being cancelled at once. A finger
// that begins is hit-tested in the root view (after any pending layout) and
// gets a `Touch` object that stays the same for its whole life. The gesture
// recognizers attached to the hit view and its superviews see each changed
// touch first (GestureRecognizer.swift); then the view receives it, unless a
// recognizer delays or cancelled it: `touchesBegan:withEvent:` … is sent once
// per changed touch (the first argument is the `Touch`; the set of touches is
// in the event) to the first responder up the chain whose class implements
// it: the view, its view controller when it is one's view, the superview, … The second argument is the `Event`: its timestamp is the
// media clock's time, it lists all touches in flight, by view and by window.
//
// A view without `multipleTouchEnabled` (the default) receives only the
// first finger down on it; the others are not delivered to it (recognizers
// still see them). A touch in an `exclusiveTouch` view is not delivered while
// another view is touched, and while it lasts no other view receives new
// touches.
//
// Tap counts: a finger that comes down within `Touch.multipleTapInterval`
// (0.35 s, UITapGestureRecognizer's interval between taps) of the end of the
// last tap, and within `Touch.multipleTapDistance` (45 points, its allowable
// movement) of it, counts one more tap.

/// The event a touch belongs to (`UIEvent`), passed as the second argument of the touch methods.
///
/// One per root view, reused from event to event as UIKit reuses its touch event.
public final class Event: EaselObject {
    /// The kind of an event, with UIKit's values (`UIEventType`).
    public enum Kind: Int32, Sendable {
        /// A touch event.
        case touches = 0
    }

    /// The time of the event: the media clock's time when it was sent, in seconds.
    @exclusivity(unchecked)
    public internal(set) var timestamp: Double = 0
    /// The kind of event (always `.touches` for now).
    public internal(set) var type: Kind = .touches
    /// Every touch of the event: the fingers down, and those that ended or were cancelled in it.
    @exclusivity(unchecked)
    public internal(set) var allTouches: [Touch] = []

    /// The touches whose view is `view` (the view they began in).
    public func touches(for view: View) -> [Touch] { allTouches.filter { $0.view === view } }

    /// The touches in `window`'s tree.
    public func touches(for window: Window) -> [Touch] { allTouches.filter { $0.window === window } }

    /// The properties plugins read by name (`timestamp`, `type`).
    nonisolated(unsafe) static let builtInProperties: [String: BuiltInProperty] = [
        "timestamp": .readOnly("timestamp", "d") { withUnsafeBytes(of: ($0 as! Event).timestamp) { Array($0) } },
        "type": .readOnly("type", "i") { withUnsafeBytes(of: ($0 as! Event).type.rawValue) { Array($0) } },
    ]
}

/// One finger's change in an event: for ``View/sendTouches(_:)``.
public struct TouchInput: Sendable, Equatable {
    /// Which finger: any number, the same for all phases of one touch.
    public var finger: Int
    /// What the finger does.
    public var phase: TouchPhase
    /// Where, in the root view's coordinates.
    public var location: easel_point

    /// A finger's change.
    public init(finger: Int, _ phase: TouchPhase, at location: easel_point) {
        self.finger = finger
        self.phase = phase
        self.location = location
    }
}

/// Touches in flight and gesture recognizers by view, for one registry
/// (kept in the registry, so that views do not grow).
final class InteractionState {
    /// The touches in flight of one root view, and its event.
    final class Tracker {
        // Read and written by event delivery only, never through an access in progress:
        // no dynamic exclusivity checks (GestureRecognizer.swift says why).
        @exclusivity(unchecked)
        weak var root: View?
        @exclusivity(unchecked)
        var touches: [Int: Touch] = [:]
        /// Finger order (the order touches began), for stable listing.
        @exclusivity(unchecked)
        var order: [Int] = []
        let event: Event
        /// The last tap: when it ended, where, and its tap count.
        @exclusivity(unchecked)
        var lastTap: (time: Double, location: easel_point, count: Int)?
        /// Recognizers that received touches since their last reset, in the order they joined.
        @exclusivity(unchecked)
        var arena: [GestureRecognizer] = []
        /// The storage of the list of changed touches, kept from event to event (empty between events).
        @exclusivity(unchecked)
        var changedStorage: [Touch] = []

        init(root: View, event: Event) {
            self.root = root
            self.event = event
        }

        var activeTouches: [Touch] { order.compactMap { touches[$0] } }

        /// Makes `list` the touches in flight, reusing its storage when nobody else holds it.
        func listActiveTouches(into list: inout [Touch]) {
            // The same number of fingers (one, mostly): replace only the touches that differ.
            if list.count == order.count {
                var index = 0
                for finger in order {
                    guard let touch = touches[finger] else { break }
                    if list[index] !== touch { list[index] = touch }
                    index += 1
                }
                if index == order.count { return }
            }
            list.removeAll(keepingCapacity: true)
            for finger in order { if let touch = touches[finger] { list.append(touch) } }
        }
    }

    // Used by event delivery on one thread, never through an access in progress: no dynamic
    // exclusivity checks (GestureRecognizer.swift says why).
    @exclusivity(unchecked)
    var trackers: [ObjectIdentifier: Tracker] = [:]
    /// The tracker found last (most events go to one root view).
    @exclusivity(unchecked)
    private weak var lastTracker: Tracker?
    /// The built-in class `Touch`, looked up once.
    @exclusivity(unchecked)
    private var touchClass: ObjectClass?

    /// A new touch object (the built-in class has no `init` method to send).
    func makeTouch(_ registry: Registry) -> Touch {
        if touchClass == nil { touchClass = registry.objectClass(named: "Touch") }
        if let cls = touchClass { return Touch(class: cls, registry: registry) }
        return try! registry.makeObject(ofClass: "Touch") as! Touch  // registered with every view registry
    }
    @exclusivity(unchecked)
    var recognizers: [ObjectIdentifier: [GestureRecognizer]] = [:]

    static func of(_ registry: Registry) -> InteractionState {
        if let state = registry.interactionState as? InteractionState { return state }
        let state = InteractionState()
        registry.interactionState = state
        return state
    }

    /// The tracker of a root view (made on its first touch).
    func tracker(for root: View) -> Tracker {
        if let tracker = lastTracker, tracker.root === root { return tracker }
        if let tracker = trackers[ObjectIdentifier(root)], tracker.root === root {
            lastTracker = tracker
            return tracker
        }
        // A root that is gone leaves its tracker behind: drop those first (bounded by the number of roots).
        trackers = trackers.filter { $0.value.root != nil }
        let event = try! root.registry.makeObject(ofClass: "Event") as! Event
        let tracker = Tracker(root: root, event: event)
        trackers[ObjectIdentifier(root)] = tracker
        lastTracker = tracker
        return tracker
    }

    static func removeRecognizers(of view: View) {
        guard let state = view.registry.interactionState as? InteractionState else { return }
        if let list = state.recognizers.removeValue(forKey: ObjectIdentifier(view)) {
            for recognizer in list where recognizer.view === view { recognizer.view = nil }
        }
    }
}

extension Touch {
    /// The most time between the end of a tap and the next finger down for
    /// the two to count as a multiple tap (UITapGestureRecognizer's 0.35 s).
    public static let multipleTapInterval = 0.35
    /// The farthest the next tap may be from the last one to count as a multiple tap, in points (45, UIKit's).
    public static let multipleTapDistance = 45.0
}

extension View {
    /// The gesture recognizers attached to this view, in the order they were added.
    public final var gestureRecognizers: [GestureRecognizer] {
        guard hasGestureRecognizerList, let state = registry.interactionState as? InteractionState else { return [] }
        return state.recognizers[ObjectIdentifier(self)] ?? []
    }

    /// Attaches a gesture recognizer (removing it from the view it was on).
    public final func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        let state = InteractionState.of(registry)
        state.recognizers[ObjectIdentifier(self), default: []].append(recognizer)
        hasGestureRecognizerList = true
        recognizer.view = self
    }

    /// Detaches a gesture recognizer; does nothing when it is not attached here.
    public final func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self, let state = registry.interactionState as? InteractionState else { return }
        state.recognizers[ObjectIdentifier(self)]?.removeAll { $0 === recognizer }
        recognizer.view = nil
    }

    /// The touches in flight in this view's tree (its root's), in the order they began.
    public final var touchesInFlight: [Touch] {
        guard let state = registry.interactionState as? InteractionState,
              let tracker = state.trackers[ObjectIdentifier(rootView)], tracker.root === rootView else { return [] }
        return tracker.activeTouches
    }

    /// Delivers one event to the tree rooted at this view: each finger's change at once.
    ///
    /// A finger that begins must not be down already; one that moves, stays,
    /// ends or is cancelled must be down. Events are timestamped with the
    /// media clock's current time: advance it between events for timed
    /// behaviour (tap counts, long presses, velocities).
    ///
    /// - Returns: The event (its ``Event/allTouches`` are the touches of this call and those still down).
    /// - Throws: ``ViewError`` for a finger that begins twice or changes without having begun; nothing
    ///   is delivered then.
    @discardableResult
    public final func sendTouches(_ inputs: [TouchInput]) throws(ViewError) -> Event {
        let root = rootView
        let state = InteractionState.of(registry)
        let tracker = state.tracker(for: root)
        // Fingers are few: a finger appearing twice is found without a set (bounded by the input).
        for (index, input) in inputs.enumerated() {
            guard !inputs[..<index].contains(where: { $0.finger == input.finger }) else {
                throw ViewError("finger \(input.finger) appears twice in one event")
            }
            if input.phase == .began {
                guard tracker.touches[input.finger] == nil else {
                    throw ViewError("finger \(input.finger) began while it is already down")
                }
            } else if tracker.touches[input.finger] == nil {
                throw ViewError("finger \(input.finger) is \(input.phase) but it is not down: a touch starts with .began")
            }
        }
        if inputs.contains(where: { $0.phase == .began }) { root.layoutIfNeeded() }
        let now = mediaClock.time
        // The list's storage is the tracker's, taken for this event (a nested event makes its own).
        var changed = tracker.changedStorage
        tracker.changedStorage = []
        changed.removeAll(keepingCapacity: true)
        for input in inputs {
            let touch: Touch
            if input.phase == .began {
                touch = state.makeTouch(registry)
                touch.finger = input.finger
                touch.locationInRoot = input.location
                touch.previousLocationInRoot = input.location
                touch.view = root.hitTest(input.location)
                touch.tapCount = 1
                if let last = tracker.lastTap, now - last.time <= Touch.multipleTapInterval,
                   Self.distance(last.location, input.location) <= Touch.multipleTapDistance {
                    touch.tapCount = last.count + 1
                }
                // The first finger down goes to its view (the common case needs no list of the others).
                touch.deliversToView = tracker.order.isEmpty ? touch.view != nil : Self.accepts(touch, among: tracker.activeTouches)
                touch.gestureRecognizers = GestureRecognizer.recognizers(receiving: touch)
                tracker.touches[input.finger] = touch
                tracker.order.append(input.finger)
            } else {
                touch = tracker.touches[input.finger]!
                touch.previousLocationInRoot = touch.locationInRoot
                touch.locationInRoot = input.location
            }
            touch.phase = input.phase
            touch.timestamp = now
            changed.append(touch)
        }
        let event = tracker.event
        event.timestamp = now
        tracker.listActiveTouches(into: &event.allTouches)
        GestureRecognizer.deliver(changed, event: event, tracker: tracker)
        for touch in changed { touch.deliverToView(touch.phase, event: event) }
        for touch in changed where touch.phase == .ended || touch.phase == .cancelled {
            tracker.touches[touch.finger] = nil
            tracker.order.removeAll { $0 == touch.finger }
            if touch.phase == .ended, tracker.touches.isEmpty {
                tracker.lastTap = (now, touch.locationInRoot, touch.tapCount)
            }
        }
        GestureRecognizer.resetFinished(in: tracker)
        changed.removeAll(keepingCapacity: true)
        tracker.changedStorage = changed
        return event
    }

    /// Whether a new touch is delivered to its view: its view takes more
    /// fingers (or has none down), and exclusive touch allows it.
    private static func accepts(_ touch: Touch, among active: [Touch]) -> Bool {
        guard let view = touch.view else { return false }
        let delivered = active.filter { $0.deliversToView && !$0.isCancelledInView }
        if !view.isMultipleTouchEnabled, delivered.contains(where: { $0.view === view }) { return false }
        if delivered.contains(where: { $0.view !== view && ($0.view?.isExclusiveTouch ?? false) }) { return false }
        if view.isExclusiveTouch, delivered.contains(where: { $0.view !== view }) { return false }
        return true
    }

    static func distance(_ a: easel_point, _ b: easel_point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}

extension Touch {
    /// The view's touch method for a phase.
    static func call(for phase: TouchPhase) -> HostCall {
        switch phase {
        case .began: ViewCallbacks.touchesBegan
        case .moved, .stationary: ViewCallbacks.touchesMoved
        case .ended: ViewCallbacks.touchesEnded
        case .cancelled: ViewCallbacks.touchesCancelled
        }
    }

    /// Sends one phase to the touch's view (up the responder chain), unless a
    /// recognizer delays it (it is queued) or cancelled the touch in the view.
    func deliverToView(_ phase: TouchPhase, event: Event?) {
        guard deliversToView, !isCancelledInView else { return }
        let delaying = gestureRecognizers.contains { recognizer in
            recognizer.state == .possible && recognizer.isEnabled
                && (phase == .began ? recognizer.delaysTouchesBegan
                    : (phase == .ended ? recognizer.delaysTouchesEnded : false))
        }
        if delaying || !delayedPhases.isEmpty {
            delayedPhases.append((phase, locationInRoot))
            return
        }
        send(phase, event: event)
    }

    /// Sends the phases a recognizer held back, now that none holds them.
    func flushDelayedPhases(event: Event?) {
        guard !delayedPhases.isEmpty, !isCancelledInView else { return }
        let stillDelayed = gestureRecognizers.contains { $0.state == .possible && $0.isEnabled
            && (($0.delaysTouchesBegan && delayedPhases.first?.phase == .began)
                || ($0.delaysTouchesEnded && delayedPhases.first?.phase == .ended)) }
        guard !stillDelayed else { return }
        let pending = delayedPhases
        delayedPhases = []
        for (phase, _) in pending { send(phase, event: event) }
    }

    /// Cancels the touch in its view (a recognizer recognized): a view that
    /// received `touchesBegan` and not yet the end gets `touchesCancelled`.
    func cancelInView(event: Event?) {
        guard deliversToView, !isCancelledInView else { return }
        delayedPhases = []
        if deliveredBegan && !deliveredEnd { send(.cancelled, event: event) }
        isCancelledInView = true
    }

    private func send(_ phase: TouchPhase, event: Event?) {
        let call = Touch.call(for: phase)
        if phase == .began { deliveredBegan = true }
        if phase == .ended || phase == .cancelled {
            guard deliveredBegan, !deliveredEnd else { return }
            deliveredEnd = true
        }
        let savedPhase = self.phase
        self.phase = phase
        defer { self.phase = savedPhase }
        // The responder chain (UIResponder's `next`): a view, its controller when it is a
        // controller's view, the superview (ViewController.swift).
        var responder: EaselObject? = view
        var steps = 0
        while let candidate = responder, steps <= 2 * View.maximumDepth {
            steps += 1
            if let method = candidate.implementation(of: call) {
                registry.withPluginCall {
                    PluginCalls.observe(candidate, call.selector, method) {
                        method.withInvocation { invocation in
                            invocation.target = UnsafeMutableRawPointer(candidate.handle)
                            invocation.selector = UnsafeRawPointer(call.selector.pointer)
                            var touchHandle: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(handle)
                            var eventHandle: UnsafeMutableRawPointer? = event.map { UnsafeMutableRawPointer($0.handle) }
                            invocation.setArgument(bytes: &touchHandle, at: 2)
                            invocation.setArgument(bytes: &eventHandle, at: 3)
                            invocation.invoke()
                        }
                    }
                }
                return
            }
            responder = View.nextResponder(after: candidate)
        }
    }
}
