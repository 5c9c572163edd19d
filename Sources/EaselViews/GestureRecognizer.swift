import EaselABI
import EaselEncoding
import EaselGeometry
import EaselRuntime

// Gesture recognizers, with UIKit's state machine and rules.
//
// A recognizer attached to a view receives the touches that begin in that
// view or its subviews, before the view does. It moves from `possible` to
// `began` → `changed`… → `ended` (continuous gestures: pan, pinch, rotation,
// long press) or straight to `ended` ("recognized": tap, swipe), or to
// `failed`; `cancelled` ends a gesture that began. Each change but to
// `failed` sends every target its action (`handleTap:`, the recognizer as
// argument) through the registry, as UIKit's target-action does.
//
// Rules between recognizers (those that received touches since their last
// reset, the "arena"): a recognizer that requires another to fail waits, in
// `possible`, until that one fails (then it recognizes) or recognizes (then it
// fails); one that begins or recognizes makes the others that are still
// possible fail, unless a delegate allows both at once; the delegate's
// `gestureRecognizerShouldBegin:` can refuse the change (it fails).
//
// Touches and the view: with `cancelsTouchesInView` (default on), recognizing
// sends the view `touchesCancelled:withEvent:` for the recognizer's touches
// it saw begin, and nothing more of them; `delaysTouchesBegan` (off) holds a
// touch's began back from the view while the recognizer is possible,
// `delaysTouchesEnded` (on) its end; both are delivered when it fails. A
// recognizer that finished (ended, cancelled, failed) is reset to `possible`
// once none of its touches is down.
//
// Speed: an event costs a few microseconds (Performance.md). The state below
// is read and written on the thread that delivers events, never reentrantly
// through an access in progress (plugin code runs between accesses, not
// inside one), so the hot fields skip Swift's dynamic exclusivity checks
// (`@exclusivity(unchecked)`, as the text engine's caches do); lists are
// emptied keeping their capacity, and a timed recognizer's timer action is
// made once, so that a tap allocates almost nothing.

/// A gesture recognizer's state, with UIKit's values (`UIGestureRecognizerState`).
public enum GestureState: Int32, Sendable, CaseIterable {
    /// Not recognized yet (the start).
    case possible = 0
    /// A continuous gesture began.
    case began = 1
    /// A continuous gesture changed.
    case changed = 2
    /// A continuous gesture ended, or a discrete one was recognized.
    case ended = 3
    /// A continuous gesture was cancelled.
    case cancelled = 4
    /// The touches are not this gesture.
    case failed = 5

    /// A discrete gesture was recognized (the same value as ``ended``).
    public static let recognized = GestureState.ended

    /// The state's name (`began`, …).
    public var name: String {
        switch self {
        case .possible: "possible"
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }

    var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
}

/// The base gesture recognizer (`UIGestureRecognizer`), and the class a plugin's recognizer inherits from.
///
/// A plugin class whose superclass is `GestureRecognizer` implements
/// `touchesBegan:withEvent:` (and moved, ended, cancelled; `v@:@@`, one call
/// per touch) and sets `state` (the gesture table's `set_state`, or
/// `property_set(recognizer, "state", …)`); `reset` (`v@:`) is sent when it is reset.
public class GestureRecognizer: EaselObject {
    /// The current state.
    @exclusivity(unchecked)
    public internal(set) var state: GestureState = .possible
    /// The view the recognizer is attached to.
    public internal(set) weak var view: View?
    /// Whether the recognizer receives touches (default `true`); disabling it cancels a gesture in progress.
    @exclusivity(unchecked)
    public var isEnabled = true {
        didSet {
            guard !isEnabled, oldValue else { return }
            if state == .began || state == .changed { transition(to: .cancelled) } else if state == .possible, !touches.isEmpty { fail() }
        }
    }
    /// Whether recognizing cancels the touches in the view (default `true`).
    @exclusivity(unchecked)
    public var cancelsTouchesInView = true
    /// Whether the view gets `touchesBegan` only once the recognizer failed (default `false`).
    @exclusivity(unchecked)
    public var delaysTouchesBegan = false
    /// Whether the view gets `touchesEnded` only once the recognizer failed (default `true`).
    @exclusivity(unchecked)
    public var delaysTouchesEnded = true
    /// The delegate (weak): an object that may implement `gestureRecognizerShouldBegin:`,
    /// `gestureRecognizer:shouldReceiveTouch:` and
    /// `gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:` (each returns `B`).
    @exclusivity(unchecked)
    public weak var delegate: EaselObject?

    /// The touches the recognizer received since its last reset (down or ended).
    @exclusivity(unchecked)
    public internal(set) var touches: [Touch] = []
    private struct Target {
        weak var object: EaselObject?
        let call: HostCall
    }
    @exclusivity(unchecked)
    private var targets: [Target] = []
    @exclusivity(unchecked)
    private var handlers: [(GestureRecognizer) -> Void] = []
    @exclusivity(unchecked)
    private var failureRequirements: [Weak] = []
    private struct Weak { weak var recognizer: GestureRecognizer? }
    /// The state the recognizer reached while waiting for another to fail.
    @exclusivity(unchecked)
    var pendingState: GestureState?
    @exclusivity(unchecked)
    weak var tracker: InteractionState.Tracker?
    /// The media clock time of the last touch change the recognizer saw.
    @exclusivity(unchecked)
    public internal(set) var lastTimestamp = 0.0
    /// The number of state changes so far, by state (for tests and `easel inspect`).
    @exclusivity(unchecked)
    public internal(set) var actionCount = 0
    /// The action of the recognizer's timer, made once (``scheduleTimer(at:)``).
    @exclusivity(unchecked)
    private var timerAction: (() -> Void)?

    // MARK: Targets and requirements

    /// Adds a target-action pair: `action` is sent to `target` with the
    /// recognizer as argument (`handleTap:`, `v@:@`), or without one (`handleTap`, `v@:`).
    ///
    /// - Throws: ``RuntimeError`` when the target's class does not respond to the action
    ///   or its method does not take that argument.
    public final func addTarget(_ target: EaselObject, action: Selector) throws(RuntimeError) {
        let call = HostCall(action.name, action.name.hasSuffix(":") ? "v@:@" : "v@:")
        guard let method = target.objectClass.method(for: action) else { throw .doesNotRespond(target.objectClass, action) }
        guard call.accepts(method.signature) else {
            throw RuntimeError(.typeMismatch,
                "action \(method.readableSignature(className: target.objectClass.name)) must return void and take "
                + (action.name.hasSuffix(":") ? "the recognizer (v@:@)" : "nothing (v@:)"))
        }
        targets.append(Target(object: target, call: call))
    }

    /// Adds a Swift closure called like a target's action.
    public final func addAction(_ handler: @escaping (GestureRecognizer) -> Void) { handlers.append(handler) }

    /// Makes this recognizer wait until `other` fails before it recognizes (and fail when `other` recognizes).
    public final func requireToFail(_ other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0.recognizer === other }) else { return }
        failureRequirements.append(Weak(recognizer: other))
    }

    // MARK: Where

    /// The touches still down.
    public final var activeTouches: [Touch] { touches.filter { $0.phase != .ended && $0.phase != .cancelled } }

    /// The number of touches down (`numberOfTouches`).
    public final var numberOfTouches: Int {
        var count = 0
        for touch in touches where touch.phase != .ended && touch.phase != .cancelled { count += 1 }
        return count
    }

    /// The centroid of the touches (those down, else all), in the root view's coordinates.
    final var centroidInRoot: easel_point {
        // The touches down; when none is, all of them (no list is made: this runs on every move).
        var x = 0.0, y = 0.0, count = 0
        for touch in touches where touch.phase != .ended && touch.phase != .cancelled {
            x += touch.locationInRoot.x
            y += touch.locationInRoot.y
            count += 1
        }
        if count == 0 {
            for touch in touches { x += touch.locationInRoot.x; y += touch.locationInRoot.y }
            count = touches.count
        }
        guard count > 0 else { return .zero }
        return easel_point(x: x / Double(count), y: y / Double(count))
    }

    /// The gesture's location: the centroid of its touches, in `view`'s coordinates (`nil`: the root's).
    public func location(in view: View?) -> easel_point {
        view?.convert(centroidInRoot, from: nil) ?? centroidInRoot
    }

    /// Whether the recognizer waits for something other than touches (a timer).
    var isWaiting: Bool { false }

    // MARK: Touch handling (overridden by the built-in recognizers)

    /// Touches began (for a plugin class: its `touchesBegan:withEvent:`, once per touch).
    func touchesBegan(_ touches: [Touch], event: Event) { forward(ViewCallbacks.touchesBegan, touches, event) }
    /// Touches moved.
    func touchesMoved(_ touches: [Touch], event: Event) { forward(ViewCallbacks.touchesMoved, touches, event) }
    /// Touches ended.
    func touchesEnded(_ touches: [Touch], event: Event) { forward(ViewCallbacks.touchesEnded, touches, event) }
    /// Touches were cancelled.
    func touchesCancelled(_ touches: [Touch], event: Event) {
        if objectClass.method(for: ViewCallbacks.touchesCancelled.selector) != nil {
            forward(ViewCallbacks.touchesCancelled, touches, event)
        } else if state == .began || state == .changed {
            transition(to: .cancelled)
        } else if state == .possible {
            fail()
        }
    }
    /// Clears the recognizer's own values (the built-in ones; a plugin's `reset`).
    func resetValues() { send(GestureCalls.reset) }

    private func forward(_ call: HostCall, _ touches: [Touch], _ event: Event) {
        guard let method = implementation(of: call) else { return }
        for touch in touches {
            registry.withPluginCall {
                PluginCalls.observe(self, call.selector, method) {
                    method.withInvocation { invocation in
                        invocation.target = UnsafeMutableRawPointer(handle)
                        invocation.selector = UnsafeRawPointer(call.selector.pointer)
                        var touchHandle: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(touch.handle)
                        var eventHandle: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(event.handle)
                        invocation.setArgument(bytes: &touchHandle, at: 2)
                        invocation.setArgument(bytes: &eventHandle, at: 3)
                        invocation.invoke()
                    }
                }
            }
        }
    }

    // MARK: The state machine

    /// Sets the state, as a subclass does (UIKit's `state` setter): applies
    /// the rules between recognizers and sends the actions.
    ///
    /// Changes UIKit does not allow (from `failed` to `began`, say) are reported and ignored.
    public final func setState(_ new: GestureState) { transition(to: new) }

    final func transition(to new: GestureState) {
        switch (state, new) {
        case (.possible, .began), (.possible, .ended):
            begin(new)
        case (.possible, .failed), (.possible, .cancelled):
            fail()
        case (.began, .changed), (.changed, .changed):
            state = .changed
            sendActions()
        case (.began, .ended), (.changed, .ended), (.began, .cancelled), (.changed, .cancelled):
            state = new
            sendActions()
        case (.began, .failed), (.changed, .failed):
            state = .cancelled
            sendActions()
        default:
            if new == state { return }
            registry.report(.error, "\(self): a gesture recognizer cannot go from \(state.name) to \(new.name); it stays \(state.name)")
        }
    }

    /// The recognizers in play (those that received touches since their reset), this one among
    /// them: callers skip it (no filtered list is made on every change).
    private var arena: [GestureRecognizer] { tracker?.arena ?? [] }

    private func begin(_ new: GestureState) {
        guard isEnabled else { return }
        if !failureRequirements.isEmpty {
            let requirements = failureRequirements.compactMap(\.recognizer)
            if requirements.contains(where: { $0.state == .began || $0.state == .changed || $0.state == .ended }) {
                fail()
                return
            }
            if requirements.contains(where: { $0.state == .possible && $0.isInPlay(with: tracker) }) {
                pendingState = new
                return
            }
        }
        pendingState = nil
        if let delegate, let allowed = GestureCalls.ask(delegate, GestureCalls.shouldBegin, [self]), !allowed {
            fail()
            return
        }
        let others = arena  // once: the list does not change below (this recognizer is skipped)
        if others.contains(where: { $0 !== self && ($0.state == .began || $0.state == .changed) && !Self.simultaneous(self, $0) }) {
            fail()
            return
        }
        state = new
        let event = tracker?.event
        if cancelsTouchesInView {
            for touch in touches { touch.cancelInView(event: event) }
        }
        for other in others where other !== self && other.state == .possible {
            if other.requires(self) || !Self.simultaneous(self, other) { other.fail() }
        }
        sendActions()
    }

    /// Fails: the delayed touches go to the view, and recognizers waiting for this failure go on.
    final func fail() {
        guard state == .possible else { return }
        state = .failed
        pendingState = nil
        let event = tracker?.event
        for touch in touches { touch.flushDelayedPhases(event: event) }
        for other in arena where other !== self && other.pendingState != nil && other.requires(self) {
            let pending = other.pendingState!
            other.pendingState = nil
            other.begin(pending)
        }
    }

    private func requires(_ other: GestureRecognizer) -> Bool { failureRequirements.contains { $0.recognizer === other } }

    private func isInPlay(with tracker: InteractionState.Tracker?) -> Bool {
        tracker?.arena.contains { $0 === self } ?? false
    }

    private static func simultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        if let delegate = a.delegate, GestureCalls.ask(delegate, GestureCalls.simultaneous, [a, b]) == true { return true }
        if let delegate = b.delegate, GestureCalls.ask(delegate, GestureCalls.simultaneous, [b, a]) == true { return true }
        return false
    }

    private func sendActions() {
        actionCount += 1
        for handler in handlers { handler(self) }
        for target in targets {
            target.object?.send(target.call, object: self)
        }
    }

    /// Back to `possible`, with no touches.
    final func reset() {
        state = .possible
        pendingState = nil
        touches.removeAll(keepingCapacity: true)
        resetValues()
    }

    // MARK: Delivery (called by View.sendTouches)

    /// The enabled recognizers of a new touch's view and its superviews that accept it.
    static func recognizers(receiving touch: Touch) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        var current = touch.view
        var steps = 0
        while let view = current, steps <= View.maximumDepth {
            if view.hasGestureRecognizerList {
                for recognizer in view.gestureRecognizers where recognizer.isEnabled {
                    if let delegate = recognizer.delegate,
                       GestureCalls.ask(delegate, GestureCalls.shouldReceiveTouch, [recognizer, touch]) == false { continue }
                    result.append(recognizer)
                }
            }
            current = view.superview
            steps += 1
        }
        return result
    }

    /// Hands the changed touches of an event to their recognizers, each phase in turn.
    static func deliver(_ changed: [Touch], event: Event, tracker: InteractionState.Tracker) {
        // One changed touch (the common case) needs no merging or filtering: its recognizers get it as it is.
        let single = changed.count == 1
        var order: [GestureRecognizer] = single ? changed[0].gestureRecognizers : []
        if !single {
            for touch in changed {
                for recognizer in touch.gestureRecognizers where !order.contains(where: { $0 === recognizer }) {
                    order.append(recognizer)
                }
            }
        }
        let samePhase = changed.allSatisfy { $0.phase == changed[0].phase }
        for recognizer in order {
            let mine = single ? changed : changed.filter { touch in touch.gestureRecognizers.contains { $0 === recognizer } }
            if !tracker.arena.contains(where: { $0 === recognizer }) { tracker.arena.append(recognizer) }
            if recognizer.tracker !== tracker { recognizer.tracker = tracker }
            recognizer.lastTimestamp = event.timestamp
            if let first = mine.first, first.phase == .began {
                for touch in mine where touch.phase == .began && !recognizer.touches.contains(where: { $0 === touch }) {
                    recognizer.touches.append(touch)
                }
            }
            guard recognizer.isEnabled, !recognizer.state.isFinished else { continue }
            if samePhase, let phase = mine.first?.phase {
                // All the touches in one phase: no per-phase lists.
                if phase == .began && recognizer.pendingState != nil {
                    recognizer.fail()  // a new touch while waiting to recognize is one touch too many
                    continue
                }
                switch phase {
                case .began: recognizer.touchesBegan(mine, event: event)
                case .moved, .stationary: recognizer.touchesMoved(mine, event: event)
                case .ended: recognizer.touchesEnded(mine, event: event)
                case .cancelled: recognizer.touchesCancelled(mine, event: event)
                }
                continue
            }
            let began = mine.filter { $0.phase == .began }
            // A new touch while waiting to recognize is one touch too many.
            if !began.isEmpty, recognizer.pendingState != nil {
                recognizer.fail()
                continue
            }
            if !began.isEmpty { recognizer.touchesBegan(began, event: event) }
            let moved = mine.filter { $0.phase == .moved || $0.phase == .stationary }
            if !moved.isEmpty, !recognizer.state.isFinished { recognizer.touchesMoved(moved, event: event) }
            let ended = mine.filter { $0.phase == .ended }
            if !ended.isEmpty, !recognizer.state.isFinished { recognizer.touchesEnded(ended, event: event) }
            let cancelled = mine.filter { $0.phase == .cancelled }
            if !cancelled.isEmpty, !recognizer.state.isFinished { recognizer.touchesCancelled(cancelled, event: event) }
        }
    }

    /// Resets the recognizers that finished and have no touch down, and those
    /// left possible with nothing to wait for.
    static func resetFinished(in tracker: InteractionState.Tracker) {
        func resettable(_ recognizer: GestureRecognizer) -> Bool {
            guard recognizer.state.isFinished || (recognizer.state == .possible && recognizer.pendingState == nil && !recognizer.isWaiting)
            else { return false }
            return !recognizer.touches.contains { $0.phase != .ended && $0.phase != .cancelled }  // none down
        }
        // While fingers are down nothing is reset (the common case): the arena stays as it is.
        guard tracker.arena.contains(where: resettable) else { return }
        var kept: [GestureRecognizer] = []  // stays unallocated when everything is reset (a tap's end)
        for recognizer in tracker.arena {
            if resettable(recognizer) { recognizer.reset() } else { kept.append(recognizer) }
        }
        if kept.isEmpty { tracker.arena.removeAll(keepingCapacity: true) } else { tracker.arena = kept }
    }

    /// Runs ``timerFired()`` at `time` on the media clock, then resets what finished (a timed
    /// recognizer's timer). The action given to the clock is made once per recognizer.
    final func scheduleTimer(at time: Double) -> MediaClock.Timer {
        let action: () -> Void
        if let made = timerAction {
            action = made
        } else {
            action = { [weak self] in
                guard let self else { return }
                self.timerFired()
                if let tracker = self.tracker { GestureRecognizer.resetFinished(in: tracker) }
            }
            timerAction = action
        }
        return mediaClock.schedule(at: time, action)
    }

    /// What a timed recognizer does when its timer (``scheduleTimer(at:)``) fires.
    func timerFired() {}
}

/// The messages recognizers send to delegates and plugin subclasses.
enum GestureCalls {
    static let reset = HostCall("reset", "v@:")
    static let shouldBegin = HostCall("gestureRecognizerShouldBegin:", "B@:@")
    static let shouldReceiveTouch = HostCall("gestureRecognizer:shouldReceiveTouch:", "B@:@@")
    static let simultaneous = HostCall("gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:", "B@:@@")

    /// Sends a delegate question; `nil` when the delegate does not implement it.
    static func ask(_ delegate: EaselObject, _ call: HostCall, _ arguments: [EaselObject]) -> Bool? {
        guard let method = delegate.implementation(of: call) else { return nil }
        return delegate.registry.withPluginCall {
            PluginCalls.observe(delegate, call.selector, method) {
                method.withInvocation { invocation in
                    invocation.target = UnsafeMutableRawPointer(delegate.handle)
                    invocation.selector = UnsafeRawPointer(call.selector.pointer)
                    for (index, argument) in arguments.enumerated() {
                        var pointer: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(argument.handle)
                        invocation.setArgument(bytes: &pointer, at: 2 + index)
                    }
                    invocation.invoke()
                    return invocation.returnBytes.loadUnaligned(as: UInt8.self) != 0
                }
            }
        }
    }
}
