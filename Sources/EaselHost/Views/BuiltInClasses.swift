import EaselABI
import EaselCanvas
import EaselEncoding
import EaselGeometry
import EaselInvocation

/// Which built-in class a class descends from most closely: decides the
/// Swift type of its instances.
package enum BuiltInKind: Sendable {
    case object, view, window, overlay, rightHandedView, touch

    init?(builtInName name: String) {
        switch name {
        case "Object": self = .object
        case "View": self = .view
        case "Window": self = .window
        case "OverlayView": self = .overlay
        case "RHView": self = .rightHandedView
        case "Touch": self = .touch
        default: return nil
        }
    }

    /// The Swift class of instances.
    var instanceType: EaselObject.Type {
        switch self {
        case .object: EaselObject.self
        case .view: View.self
        case .window: Window.self
        case .overlay: OverlayView.self
        case .rightHandedView: RightHandedView.self
        case .touch: Touch.self
        }
    }

    /// Whether instances are views.
    var isView: Bool {
        switch self {
        case .object, .touch: false
        default: true
        }
    }
}

/// The host's built-in classes and the methods they implement in Swift.
enum BuiltInClasses {
    /// Names in registration order (superclass first).
    static let names = BuiltInClassNames.all

    static func superclassName(of name: String) -> String? {
        switch name {
        case "Object": nil
        case "View", "Touch": "Object"
        default: "View"
        }
    }

    /// The methods a built-in class implements, which plugin subclasses may override and call with `msg_send_super`.
    static func methods(of name: String) -> [MethodSpec] {
        switch name {
        case "View":
            return [
                spec(ViewCallbacks.hitTest, unsafeBitCast(viewHitTest, to: UnsafeRawPointer.self)),
                spec(ViewCallbacks.pointInside, unsafeBitCast(viewPointInside, to: UnsafeRawPointer.self)),
            ]
        case "OverlayView":
            return [spec(ViewCallbacks.drawRect, unsafeBitCast(overlayDrawRect, to: UnsafeRawPointer.self))]
        case "RHView":
            return [
                spec(ViewCallbacks.drawRect, unsafeBitCast(rightHandedDrawRect, to: UnsafeRawPointer.self)),
                spec(ViewCallbacks.flipContext, unsafeBitCast(rightHandedFlipContext, to: UnsafeRawPointer.self)),
            ]
        default:
            return []
        }
    }

    private static func spec(_ call: HostCall, _ implementation: UnsafeRawPointer) -> MethodSpec {
        MethodSpec(selector: call.selector, signature: call.signature,
                   frame: try! CallFrame.cached(for: call.signature), implementation: implementation)
    }

    static let viewHitTest: @convention(c) (OpaquePointer?, OpaquePointer?, easel_point, OpaquePointer?) -> OpaquePointer? = {
        object, _, point, _ in
        guard let object, let view = EaselObject.from(handle: object) as? View else { return nil }
        return view.defaultHitTest(point)?.handle
    }

    static let viewPointInside: @convention(c) (OpaquePointer?, OpaquePointer?, easel_point, OpaquePointer?) -> Bool = {
        object, _, point, _ in
        guard let object, let view = EaselObject.from(handle: object) as? View else { return false }
        return view.bounds.contains(point)
    }

    static let overlayDrawRect: @convention(c) (OpaquePointer?, OpaquePointer?, easel_rect) -> Void = { object, _, rect in
        guard let object else { return }
        (EaselObject.from(handle: object) as? OverlayView)?.forwardDraw(rect)
    }

    /// The address of ``overlayDrawRect``, which the renderer calls directly.
    nonisolated(unsafe) static let overlayDrawRectAddress = unsafeBitCast(overlayDrawRect, to: UnsafeRawPointer.self)

    static let rightHandedDrawRect: @convention(c) (OpaquePointer?, OpaquePointer?, easel_rect) -> Void = { object, _, rect in
        guard let object else { return }
        (EaselObject.from(handle: object) as? RightHandedView)?.drawFlipped(rect)
    }

    static let rightHandedFlipContext: @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Void = {
        object, _, context in
        guard let object, let view = EaselObject.from(handle: object) as? RightHandedView,
              let canvas = Canvas.resolve(context) else { return }
        view.flip(canvas)
    }
}
