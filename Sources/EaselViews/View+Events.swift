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
// first view up the responder chain (the view, then its superviews) whose
// class implements it. The first argument is the `Touch` (Easel has one
// pointer, so the "set" is one touch); the event argument is NULL.

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
    /// The current phase.
    public internal(set) var phase: TouchPhase = .began
    /// The current location, in the root view's coordinates.
    public internal(set) var locationInRoot = easel_point.zero
    /// The location before the last move, in the root view's coordinates.
    public internal(set) var previousLocationInRoot = easel_point.zero
    /// The view the touch began in (the hit view), or `nil` when it hit nothing.
    public internal(set) var view: View?

    /// The current location in `view`'s coordinates (`nil`: the root view's).
    public func location(in view: View?) -> easel_point {
        view?.convert(locationInRoot, from: nil) ?? locationInRoot
    }

    /// The previous location in `view`'s coordinates (`nil`: the root view's).
    public func previousLocation(in view: View?) -> easel_point {
        view?.convert(previousLocationInRoot, from: nil) ?? previousLocationInRoot
    }
}

extension View {
    /// The frontmost visible, interactive view containing `point` (in this view's coordinates).
    ///
    /// Uses the class's `hitTest:withEvent:` when a plugin overrides it.
    public final func hitTest(_ point: easel_point) -> View? {
        if let method = objectClass.method(for: ViewCallbacks.hitTest.selector),
           method.implementation != unsafeBitCast(BuiltInClasses.viewHitTest, to: UnsafeRawPointer.self),
           registry.isCallable(method, as: ViewCallbacks.hitTest, in: objectClass) {
            let result: UnsafeMutableRawPointer? = invokeWithPoint(method, ViewCallbacks.hitTest, point)
            return result.flatMap { EaselObject.from(handle: OpaquePointer($0)) as? View }
        }
        return defaultHitTest(point)
    }

    /// UIKit's algorithm, which the built-in `hitTest:withEvent:` runs.
    final func defaultHitTest(_ point: easel_point) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point) else { return nil }
        // UIKit: a view being animated takes no touches unless the animation allows them.
        if let animations = layerStorage?.animations, animations.blocksInteraction { return nil }
        for subview in subviews.reversed() {
            guard let back = subview.toSuperview.inverted() else { continue }
            if let hit = subview.hitTest(back.apply(to: point)) { return hit }
        }
        return self
    }

    /// Whether `point` (in this view's coordinates) is inside the view: its
    /// bounds, or the class's `pointInside:withEvent:` when a plugin overrides it.
    public final func point(inside point: easel_point) -> Bool {
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

    /// Delivers one phase of a touch to the tree rooted at this view.
    ///
    /// - Parameters:
    ///   - phase: `.began` starts a new touch (hit-testing `point`); the
    ///     other phases continue `touch`.
    ///   - point: The location in this (root) view's coordinates.
    ///   - touch: The touch a `.began` returned; ignored for `.began`.
    /// - Returns: The touch, to pass to the next phase.
    /// - Throws: ``ViewError`` when a phase other than `.began` comes without a touch.
    @discardableResult
    public final func sendTouch(_ phase: TouchPhase, at point: easel_point, touch: Touch? = nil) throws(ViewError) -> Touch {
        let current: Touch
        if phase == .began {
            // UIKit lays out before it delivers events: hit-test laid-out frames.
            layoutIfNeeded()
            current = try! registry.makeObject(ofClass: "Touch") as! Touch
            current.locationInRoot = point
            current.previousLocationInRoot = point
            current.view = hitTest(point)
        } else {
            guard let touch else { throw ViewError("a touch in phase \(phase) needs the touch its .began returned") }
            current = touch
            current.previousLocationInRoot = current.locationInRoot
            current.locationInRoot = point
        }
        current.phase = phase
        let call: HostCall
        switch phase {
        case .began: call = ViewCallbacks.touchesBegan
        case .moved, .stationary: call = ViewCallbacks.touchesMoved
        case .ended: call = ViewCallbacks.touchesEnded
        case .cancelled: call = ViewCallbacks.touchesCancelled
        }
        var responder = current.view
        while let candidate = responder {
            if let method = candidate.implementation(of: call) {
                registry.withPluginCall {
                    PluginCalls.observe(candidate, call.selector, method) {
                        method.withInvocation { invocation in
                            invocation.target = UnsafeMutableRawPointer(candidate.handle)
                            invocation.selector = UnsafeRawPointer(call.selector.pointer)
                            var touchHandle: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(current.handle)
                            var event: UnsafeMutableRawPointer? = nil
                            invocation.setArgument(bytes: &touchHandle, at: 2)
                            invocation.setArgument(bytes: &event, at: 3)
                            invocation.invoke()
                        }
                    }
                }
                break
            }
            responder = candidate.superview
        }
        return current
    }
}
