import EaselRuntime
import EaselABI
import EaselGeometry

// Events: hit testing and touches, as UIKit delivers them.
//
// `hitTest` asks the frontmost subview first and skips hidden views, views
// with alpha below 0.01 and views with user interaction disabled (overlays
// among them); a plugin class may override `hitTest:withEvent:` and
// `pointInside:withEvent:`, and call the built-in ones with msg_send_super.
// A touch sequence starts with `began` at a point in the root view's
// coordinates, after any pending layout (UIKit's run loop lays out before
// it delivers events): the hit view becomes the touch's view for the whole
// sequence, and each phase is sent (`touchesBegan:withEvent:`, …) to the
// first responder up the chain (the view, its view controller when it is
// one's view, then the superview, and so on) whose class implements it.
// The first argument is the `Touch` (one call per changed touch); the
// second is the `Event` (Event.swift: multitouch, recognizers first, tap
// counts).

/// The phase of a touch, with UIKit's values (`UITouchPhase`).
public enum TouchPhase: Int32, Sendable, CaseIterable {
    /// A finger touched down.
    case began = 0
    /// The finger moved.
    case moved = 1
    /// The finger is down and did not move.
    case stationary = 2
    /// The finger lifted.
    case ended = 3
    /// The system cancelled the touch.
    case cancelled = 4
}

/// One touch: where it is, in which phase, and the view it started in.
///
/// Plugins receive it as the first argument of `touchesBegan:withEvent:` and
/// the other touch methods, and read it with the view table's `touch_*` functions.
public final class Touch: EaselObject {
    // Read and written by event delivery only, never through an access in progress: no
    // dynamic exclusivity checks on these (GestureRecognizer.swift says why).
    /// The current phase.
    @exclusivity(unchecked)
    public internal(set) var phase: TouchPhase = .began
    /// The current location, in the root view's coordinates.
    @exclusivity(unchecked)
    public internal(set) var locationInRoot = easel_point.zero
    /// The location before the last move, in the root view's coordinates.
    @exclusivity(unchecked)
    public internal(set) var previousLocationInRoot = easel_point.zero
    /// The view the touch began in (the hit view), or `nil` when it hit nothing.
    @exclusivity(unchecked)
    public internal(set) var view: View?
    /// The finger: the same number for every phase of the touch (its identity, with the object itself).
    @exclusivity(unchecked)
    public internal(set) var finger = 0
    /// The number of taps in a row at this place, this one included (1 for a first tap; Event.swift).
    @exclusivity(unchecked)
    public internal(set) var tapCount = 1
    /// The media clock's time of the touch's last change, in seconds.
    @exclusivity(unchecked)
    public internal(set) var timestamp = 0.0
    /// The window of the touch's view (`nil` when the tree's root is not a window).
    public var window: Window? { view?.window }
    /// The recognizers that receive this touch: those of the hit view and its superviews.
    @exclusivity(unchecked)
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []
    /// Whether the view receives this touch (multipleTouchEnabled and exclusiveTouch allow it).
    @exclusivity(unchecked)
    var deliversToView = true
    /// Whether a recognizer cancelled the touch in the view.
    @exclusivity(unchecked)
    var isCancelledInView = false
    @exclusivity(unchecked)
    var deliveredBegan = false
    @exclusivity(unchecked)
    var deliveredEnd = false
    /// Phases a recognizer holds back (delaysTouchesBegan/Ended).
    @exclusivity(unchecked)
    var delayedPhases: [(phase: TouchPhase, location: easel_point)] = []

    /// The properties plugins read by name.
    nonisolated(unsafe) static let builtInProperties: [String: BuiltInProperty] = [
        "tapCount": .readOnly("tapCount", "q") { withUnsafeBytes(of: Int64(($0 as! Touch).tapCount)) { Array($0) } },
        "timestamp": .readOnly("timestamp", "d") { withUnsafeBytes(of: ($0 as! Touch).timestamp) { Array($0) } },
        "phase": .readOnly("phase", "q") { withUnsafeBytes(of: Int64(($0 as! Touch).phase.rawValue)) { Array($0) } },
        "finger": .readOnly("finger", "q") { withUnsafeBytes(of: Int64(($0 as! Touch).finger)) { Array($0) } },
    ]

    /// The current location in `view`'s coordinates (`nil`: the root view's).
    public func location(in view: View?) -> easel_point {
        view?.convert(locationInRoot, from: nil) ?? locationInRoot
    }

    /// The previous location in `view`'s coordinates (`nil`: the root view's).
    public func previousLocation(in view: View?) -> easel_point {
        view?.convert(previousLocationInRoot, from: nil) ?? previousLocationInRoot
    }
}

/// The frames of a view's subviews in its own coordinates, in the order of the subviews: hit
/// testing a view with many subviews skips, without touching them, those whose frame does not
/// hold the point (a point outside a view's frame is outside its bounds, so UIKit's
/// `pointInside:` refuses it and none of its subviews is asked). Made by the first hit test;
/// dropped when the subviews change or one of them moves, resizes or turns
/// (`invalidateExtent`), so it never answers for a stale tree.
final class HitBoxes {
    /// Below this many subviews the plain loop is as fast.
    static let threshold = 8

    struct Box {
        var minX, minY, maxX, maxY: Double
        /// Whether the view can be hit only inside this box (its class keeps the built-in hit testing).
        var exact: Bool
    }

    let boxes: ContiguousArray<Box>
    init(_ boxes: ContiguousArray<Box>) { self.boxes = boxes }
}

enum HitTestingFlags {
    static let known: UInt8 = 1
    static let overridesHitTest: UInt8 = 2
    static let overridesPointInside: UInt8 = 4
}

extension View {
    /// The frontmost visible, interactive view containing `point` (in this view's coordinates).
    ///
    /// Uses the class's `hitTest:withEvent:` when a plugin overrides it.
    public final func hitTest(_ point: easel_point) -> View? {
        if hitTestingFlags & HitTestingFlags.overridesHitTest == 0 { return defaultHitTest(point) }
        if let method = objectClass.method(for: ViewCallbacks.hitTest.selector),
           method.implementation != unsafeBitCast(BuiltInClasses.viewHitTest, to: UnsafeRawPointer.self),
           registry.isCallable(method, as: ViewCallbacks.hitTest, in: objectClass) {
            let result: UnsafeMutableRawPointer? = invokeWithPoint(method, ViewCallbacks.hitTest, point)
            return result.flatMap { EaselObject.from(handle: OpaquePointer($0)) as? View }
        }
        return defaultHitTest(point)
    }

    /// Whether the class overrides `hitTest:withEvent:` or `pointInside:withEvent:` (worked out once per class).
    fileprivate var hitTestingFlags: UInt8 {
        let cls = objectClass
        let known = cls.hitTestingFlags
        if known != 0 { return known }
        var flags = HitTestingFlags.known
        if let method = cls.method(for: ViewCallbacks.hitTest.selector),
           method.implementation != unsafeBitCast(BuiltInClasses.viewHitTest, to: UnsafeRawPointer.self) {
            flags |= HitTestingFlags.overridesHitTest
        }
        if let method = cls.method(for: ViewCallbacks.pointInside.selector),
           method.implementation != unsafeBitCast(BuiltInClasses.viewPointInside, to: UnsafeRawPointer.self) {
            flags |= HitTestingFlags.overridesPointInside
        }
        cls.hitTestingFlags = flags
        return flags
    }

    /// UIKit's algorithm, which the built-in `hitTest:withEvent:` runs.
    final func defaultHitTest(_ point: easel_point) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point) else { return nil }
        // UIKit: a view being animated takes no touches unless the animation allows them.
        if let animations = layerStorage?.animations, animations.blocksInteraction { return nil }
        let list = subviews
        if list.count >= HitBoxes.threshold {
            // Many subviews: skip those whose frame does not hold the point, from a cached list of frames.
            let boxes = hitBoxes ?? makeHitBoxes(list)
            return boxes.boxes.withUnsafeBufferPointer { buffer -> View? in
                var index = min(buffer.count, list.count) - 1
                while index >= 0 {
                    let box = buffer[index]
                    if !box.exact || (point.x >= box.minX && point.x <= box.maxX && point.y >= box.minY && point.y <= box.maxY),
                       let hit = hitTest(list[index], at: point) {
                        return hit
                    }
                    index -= 1
                }
                return nil
            } ?? self
        }
        for subview in list.reversed() {
            if let hit = hitTest(subview, at: point) { return hit }
        }
        return self
    }

    /// Hit-tests a subview at a point in this view's coordinates.
    private func hitTest(_ subview: View, at point: easel_point) -> View? {
        let local: easel_point
        if !isRightHanded, !subview.isRightHanded, subview.storedTransform.isIdentity {
            // The common case without a matrix: p_sub = p − center + anchor (toSuperview's inverse).
            let anchor = subview.anchorInBounds
            local = easel_point(x: point.x - subview.storedCenter.x + anchor.x, y: point.y - subview.storedCenter.y + anchor.y)
        } else {
            guard let back = subview.toSuperview.inverted() else { return nil }
            local = back.apply(to: point)
        }
        return subview.hitTest(local)
    }

    /// The frames of the subviews, kept until the list or a subview's geometry changes.
    private func makeHitBoxes(_ list: [View]) -> HitBoxes {
        var boxes = ContiguousArray<HitBoxes.Box>()
        boxes.reserveCapacity(list.count)
        for subview in list {
            let frame = subview.frame
            // Only a view whose class keeps UIKit's pointInside: (its bounds) and hitTest: can be skipped outside its frame.
            let exact = subview.hitTestingFlags & (HitTestingFlags.overridesHitTest | HitTestingFlags.overridesPointInside) == 0
            boxes.append(HitBoxes.Box(minX: frame.minX, minY: frame.minY, maxX: frame.maxX, maxY: frame.maxY, exact: exact))
        }
        let made = HitBoxes(boxes)
        hitBoxes = made
        return made
    }

    /// Whether `point` (in this view's coordinates) is inside the view: its
    /// bounds, or the class's `pointInside:withEvent:` when a plugin overrides it.
    public final func point(inside point: easel_point) -> Bool {
        if hitTestingFlags & HitTestingFlags.overridesPointInside == 0 { return bounds.contains(point) }
        if let method = objectClass.method(for: ViewCallbacks.pointInside.selector),
           method.implementation != unsafeBitCast(BuiltInClasses.viewPointInside, to: UnsafeRawPointer.self),
           registry.isCallable(method, as: ViewCallbacks.pointInside, in: objectClass) {
            let inside: UInt8 = invokeWithPoint(method, ViewCallbacks.pointInside, point)
            return inside != 0
        }
        return bounds.contains(point)
    }

    private func invokeWithPoint<R: BitwiseCopyable>(_ method: Method, _ call: HostCall, _ point: easel_point) -> R {
        registry.withPluginCall {
            PluginCalls.observe(self, call.selector, method) {
                method.withInvocation { invocation in
                    invocation.target = UnsafeMutableRawPointer(handle)
                    invocation.selector = UnsafeRawPointer(call.selector.pointer)
                    var location = point
                    var event: UnsafeMutableRawPointer? = nil
                    invocation.setArgument(bytes: &location, at: 2)
                    invocation.setArgument(bytes: &event, at: 3)
                    invocation.invoke()
                    return invocation.returnBytes.loadUnaligned(as: R.self)
                }
            }
        }
    }

    /// Delivers one phase of a one-finger touch to the tree rooted at this view
    /// (``sendTouches(_:)`` with one finger, numbered for you).
    ///
    /// - Parameters:
    ///   - phase: `.began` starts a new touch (hit-testing `point`); the
    ///     other phases continue `touch`.
    ///   - point: The location in this (root) view's coordinates.
    ///   - touch: The touch a `.began` returned; ignored for `.began`.
    /// - Returns: The touch, to pass to the next phase.
    /// - Throws: ``ViewError`` when a phase other than `.began` comes without a
    ///   touch, or with one that has ended.
    @discardableResult
    public final func sendTouch(_ phase: TouchPhase, at point: easel_point, touch: Touch? = nil) throws(ViewError) -> Touch {
        if phase == .began {
            let down = Set(touchesInFlight.map(\.finger))
            var finger = -1
            while down.contains(finger) { finger -= 1 }
            let event = try sendTouches([TouchInput(finger: finger, .began, at: point)])
            guard let touch = event.allTouches.first(where: { $0.finger == finger }) else {
                throw ViewError("the touch was not recorded")
            }
            return touch
        }
        guard let touch else { throw ViewError("a touch in phase \(phase) needs the touch its .began returned") }
        guard touchesInFlight.contains(where: { $0 === touch }) else {
            throw ViewError("a touch in phase \(phase) continues a touch that has ended")
        }
        try sendTouches([TouchInput(finger: touch.finger, phase, at: point)])
        return touch
    }
}
