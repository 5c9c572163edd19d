import EaselRuntime
import EaselABI
import EaselCanvas
import EaselEncoding

/// The messages UIKit sends to views, which Easel sends to plugin classes that implement them.
enum ViewCallbacks {
    static let drawRect = HostCall("drawRect:", "v@:" + EASEL_ENCODE_RECT)
    static let layoutSubviews = HostCall("layoutSubviews", "v@:")
    static let sizeThatFits = HostCall("sizeThatFits:", EASEL_ENCODE_SIZE + "@:" + EASEL_ENCODE_SIZE)
    static let willMoveToSuperview = HostCall("willMoveToSuperview:", "v@:@")
    static let didMoveToSuperview = HostCall("didMoveToSuperview", "v@:")
    static let didAddSubview = HostCall("didAddSubview:", "v@:@")
    static let willRemoveSubview = HostCall("willRemoveSubview:", "v@:@")
    static let willMoveToWindow = HostCall("willMoveToWindow:", "v@:@")
    static let didMoveToWindow = HostCall("didMoveToWindow", "v@:")
    static let initialize = HostCall.initialize
    static let touchesBegan = HostCall("touchesBegan:withEvent:", "v@:@@")
    static let touchesMoved = HostCall("touchesMoved:withEvent:", "v@:@@")
    static let touchesEnded = HostCall("touchesEnded:withEvent:", "v@:@@")
    static let touchesCancelled = HostCall("touchesCancelled:withEvent:", "v@:@@")
    static let hitTest = HostCall("hitTest:withEvent:", "@@:" + EASEL_ENCODE_POINT + "@")
    static let pointInside = HostCall("pointInside:withEvent:", "B@:" + EASEL_ENCODE_POINT + "@")
    static let drawRectInContext = HostCall("drawRect:inContext:", "v@:" + EASEL_ENCODE_RECT + EASEL_ENCODE_CONTEXT)
    static let drawViewInRectInContext = HostCall(
        "drawView:inRect:inContext:", "v@:@" + EASEL_ENCODE_RECT + EASEL_ENCODE_CONTEXT)
    static let flipContext = HostCall("flipContext:", "v@:" + EASEL_ENCODE_CONTEXT)
    /// Sent by `easel gallery` after `init`: a view sets the values it shows in a preview.
    static let prepareForInterfaceBuilder = HostCall("prepareForInterfaceBuilder", "v@:")
}


/// The check `easel list` makes before anything is drawn: a view class's
/// method named like a UIKit callback but declared with another signature
/// is never called (the host reports it when it would call it).
public enum ViewCallbackCheck {
    /// The callbacks the host sends to views with the signature it calls them with.
    static let calls: [String: HostCall] = Dictionary(uniqueKeysWithValues: [
        ViewCallbacks.drawRect, ViewCallbacks.layoutSubviews, ViewCallbacks.sizeThatFits,
        ViewCallbacks.willMoveToSuperview, ViewCallbacks.didMoveToSuperview, ViewCallbacks.didAddSubview,
        ViewCallbacks.willRemoveSubview, ViewCallbacks.willMoveToWindow, ViewCallbacks.didMoveToWindow,
        ViewCallbacks.touchesBegan, ViewCallbacks.touchesMoved, ViewCallbacks.touchesEnded,
        ViewCallbacks.touchesCancelled, ViewCallbacks.hitTest, ViewCallbacks.pointInside,
        ViewCallbacks.prepareForInterfaceBuilder,
    ].map { ($0.selector.name, $0) })

    /// The built-in view classes (`View` and its built-in subclasses).
    public static let builtInViewClasses = Set(BuiltInClasses.all.classes.filter { $0.instanceType is View.Type }.map(\.name))

    /// A warning for a view class's method that the host would call with
    /// another signature, or `nil` when the selector is not a view callback
    /// or its encoding is callable as the host calls it.
    ///
    /// - Returns: e.g. `-[BadView drawRect:] is declared "v@:i", but views are sent drawRect: as
    ///   "v@:{CGRect={CGPoint=dd}{CGSize=dd}}": it will not be called`.
    public static func warning(className: String, selector: String, encoding: String) -> String? {
        guard let call = calls[selector] else { return nil }
        if let signature = try? MethodSignature.cached(encoding), call.accepts(signature) { return nil }
        return "-[\(className) \(selector)] is declared \"\(encoding)\", but views are sent \(selector) as "
            + "\"\(call.encoding)\": it will not be called"
    }
}
