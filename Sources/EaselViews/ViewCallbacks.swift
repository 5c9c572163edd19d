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
}

