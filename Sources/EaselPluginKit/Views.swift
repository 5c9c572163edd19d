// Views: UIKit's UIView for plugin code, over the host's view table
// (easel.h, "Views").

import EaselABI

/// A handle to an object that is a view: ``ViewRef``, or the ``Instance`` of a
/// ``ViewClass``. Its members mirror UIKit's `UIView`.
///
/// Like every function of the host's view table, these accept any object:
/// on an object that is not a view they do nothing and return zero or nil.
/// Coordinates are the view's own (y up for right-handed views).
public protocol ViewHandle: ObjectHandle {}

/// A handle to any view of the host.
public struct ViewRef: ViewHandle, ObjectHandleInitializable, Hashable {
    public let object: ObjectRef

    /// The handle for `object`, which should be a view.
    public init(object: ObjectRef) { self.object = object }

    /// The handle of a non-NULL view; nil for NULL.
    public init?(_ pointer: OpaquePointer?) {
        guard let object = ObjectRef(pointer) else { return nil }
        self.object = object
    }

    /// The handle of any view handle.
    public init(_ view: some ViewHandle) { self.object = view.object }

    /// Creates a view of a view class with a frame and sends it `init`; nil for
    /// an unknown class or one that is not a view. The host keeps the view
    /// alive until it is added to a superview, which then owns it.
    public static func create(_ className: String, frame: Rect) -> ViewRef? {
        ViewRef(Host.views.create(className, frame))
    }
}

extension ViewHandle {
    private var views: easel_view_api { Host.views }
    private var pointer: OpaquePointer { object.pointer }

    /// This view as a plain ``ViewRef``.
    public var view: ViewRef { ViewRef(object: object) }

    // MARK: The tree

    /// The superview, or nil.
    public var superview: ViewRef? { ViewRef(views.superview(pointer)) }

    /// The subviews, back to front (overlays included).
    public var subviews: [ViewRef] {
        let views = self.views
        let count = views.subview_count(pointer)
        var subviews: [ViewRef] = []
        subviews.reserveCapacity(Int(count))
        for index in 0..<count {
            if let subview = ViewRef(views.subview_at(pointer, index)) { subviews.append(subview) }
        }
        return subviews
    }

    /// Adds `subview` as the frontmost subview (below overlays that stay on top).
    @discardableResult
    public func addSubview(_ subview: some ViewHandle) -> MessageStatus {
        MessageStatus(code: views.add_subview(pointer, subview.object.pointer))
    }

    /// Inserts `subview` at `index` of the subviews (clamped).
    @discardableResult
    public func insertSubview(_ subview: some ViewHandle, at index: Int) -> MessageStatus {
        MessageStatus(code: views.insert_subview_at(pointer, subview.object.pointer, UInt32(clamping: max(index, 0))))
    }

    /// Inserts `subview` just above `sibling`.
    @discardableResult
    public func insertSubview(_ subview: some ViewHandle, aboveSubview sibling: some ViewHandle) -> MessageStatus {
        MessageStatus(code: views.insert_subview_above(pointer, subview.object.pointer, sibling.object.pointer))
    }

    /// Inserts `subview` just below `sibling`.
    @discardableResult
    public func insertSubview(_ subview: some ViewHandle, belowSubview sibling: some ViewHandle) -> MessageStatus {
        MessageStatus(code: views.insert_subview_below(pointer, subview.object.pointer, sibling.object.pointer))
    }

    /// Moves `subview` to the front.
    @discardableResult
    public func bringSubviewToFront(_ subview: some ViewHandle) -> MessageStatus {
        MessageStatus(code: views.bring_subview_to_front(pointer, subview.object.pointer))
    }

    /// Moves `subview` to the back.
    @discardableResult
    public func sendSubviewToBack(_ subview: some ViewHandle) -> MessageStatus {
        MessageStatus(code: views.send_subview_to_back(pointer, subview.object.pointer))
    }

    /// Removes the view from its superview (which frees it when nothing else owns it).
    public func removeFromSuperview() { views.remove_from_superview(pointer) }

    /// Whether the view is `ancestor` or one of its descendants.
    public func isDescendant(of ancestor: some ViewHandle) -> Bool {
        views.is_descendant_of(pointer, ancestor.object.pointer) != 0
    }

    /// The first view with `tag`: this view, then its subviews depth-first.
    public func viewWithTag(_ tag: Int64) -> ViewRef? { ViewRef(views.view_with_tag(pointer, tag)) }

    // MARK: Geometry

    /// The view's own coordinate system.
    public var bounds: Rect {
        get { views.bounds(pointer) }
        nonmutating set { setValue(newValue, forProperty: "bounds") }
    }

    /// The frame, in the superview's coordinates.
    public var frame: Rect {
        get { views.frame(pointer) }
        nonmutating set { views.set_frame(pointer, newValue) }
    }

    /// The centre, in the superview's coordinates.
    public var center: Point {
        get { value(forProperty: "center") ?? .zero }
        nonmutating set { setValue(newValue, forProperty: "center") }
    }

    /// Converts a point of this view to `view`'s coordinates (nil: the root view's).
    public func convert(_ point: Point, to view: ViewRef?) -> Point {
        views.convert_point(point, pointer, view?.object.pointer)
    }

    /// Converts a point of `view` (nil: the root view) to this view's coordinates.
    public func convert(_ point: Point, from view: ViewRef?) -> Point {
        views.convert_point(point, view?.object.pointer, pointer)
    }

    /// Converts a rect of this view to `view`'s coordinates (through a rotation, the bounding box).
    public func convert(_ rect: Rect, to view: ViewRef?) -> Rect {
        views.convert_rect(rect, pointer, view?.object.pointer)
    }

    /// Converts a rect of `view` (nil: the root view) to this view's coordinates.
    public func convert(_ rect: Rect, from view: ViewRef?) -> Rect {
        views.convert_rect(rect, view?.object.pointer, pointer)
    }

    // MARK: Display and layout

    /// Marks the whole view as needing display.
    public func setNeedsDisplay() { views.set_needs_display(pointer) }

    /// Marks `rect` (this view's coordinates) as needing display.
    public func setNeedsDisplay(in rect: Rect) { views.set_needs_display_in_rect(pointer, rect) }

    /// Marks the view as needing `layoutSubviews` before the next render.
    public func setNeedsLayout() { views.set_needs_layout(pointer) }

    /// Lays out the view and its descendants now, where pending.
    public func layoutIfNeeded() { views.layout_if_needed(pointer) }

    /// The size that best fits `size` (the class's `sizeThatFits:`, or the current size).
    public func sizeThatFits(_ size: Size) -> Size { views.size_that_fits(pointer, size) }

    /// Resizes the view to `sizeThatFits` of its current size.
    public func sizeToFit() { views.size_to_fit(pointer) }

    // MARK: Overlays and right-handed views

    /// Adds an overlay: a transparent view over every subview, covering the
    /// bounds and ignoring touches, that draws by sending `selector`
    /// (declared with ``Method/overlay(_:_:)``) to this view.
    ///
    /// - Returns: The overlay, or nil when this view does not respond to `selector`.
    @discardableResult
    public func addOverlay(_ selector: Selector) -> ViewRef? {
        ViewRef(views.add_overlay(pointer, Host.selector(selector.name)))
    }

    /// A right-handed view's delegate (kept alive by the view), or nil.
    public var delegate: ObjectRef? {
        get { ObjectRef(views.delegate(pointer)) }
        nonmutating set { _ = views.set_delegate(pointer, newValue?.pointer) }
    }

    /// Flips `graphics` for a right-handed view: afterwards (x, y) lands at
    /// (x, height − y). The host does this already before it asks a
    /// right-handed view or its delegate to draw.
    public func flipContext(_ graphics: Graphics) { views.flip_context(pointer, graphics.context) }

    // MARK: Events

    /// The frontmost interactive view containing `point` (this view's coordinates), or nil.
    public func hitTest(_ point: Point) -> ViewRef? { ViewRef(views.hit_test(pointer, point)) }

    // MARK: Appearance (built-in view properties)

    /// The background colour; nil when none is set (reads as a clear colour).
    public var backgroundColor: Color? {
        get { value(forProperty: "backgroundColor").flatMap { (color: Color) in color.alpha > 0 ? color : nil } }
        nonmutating set { setValue(newValue ?? .clear, forProperty: "backgroundColor") }
    }

    /// Opacity, 0...1.
    public var alpha: Double {
        get { value(forProperty: "alpha") ?? 1 }
        nonmutating set { setValue(newValue, forProperty: "alpha") }
    }

    /// Whether the view (and its subtree) is hidden.
    public var isHidden: Bool {
        get { value(forProperty: "hidden") ?? false }
        nonmutating set { setValue(newValue, forProperty: "hidden") }
    }

    /// Whether the view promises to fill its bounds with opaque paint (UIKit's
    /// `opaque`, true by default). Set it to false in a view that draws a
    /// shape with transparent corners and has no background colour.
    public var isOpaque: Bool {
        get { value(forProperty: "opaque") ?? true }
        nonmutating set { setValue(newValue, forProperty: "opaque") }
    }

    /// Whether subviews are clipped to the bounds.
    public var clipsToBounds: Bool {
        get { value(forProperty: "clipsToBounds") ?? false }
        nonmutating set { setValue(newValue, forProperty: "clipsToBounds") }
    }

    /// Whether the view receives touches.
    public var isUserInteractionEnabled: Bool {
        get { value(forProperty: "userInteractionEnabled") ?? true }
        nonmutating set { setValue(newValue, forProperty: "userInteractionEnabled") }
    }

    /// An integer that identifies the view (see ``viewWithTag(_:)``).
    public var tag: Int64 {
        get { value(forProperty: "tag") ?? 0 }
        nonmutating set { setValue(newValue, forProperty: "tag") }
    }

    /// How the view resizes when its superview's bounds change.
    public var autoresizingMask: AutoresizingMask {
        get { AutoresizingMask(rawValue: value(forProperty: "autoresizingMask") ?? 0) }
        nonmutating set { setValue(newValue.rawValue, forProperty: "autoresizingMask") }
    }

    /// Pixels per point of the canvas the view is drawn into (read-only).
    public var contentScaleFactor: Double { value(forProperty: "contentScaleFactor") ?? 1 }
}

/// UIKit's autoresizing flags (the `autoresizingMask` property).
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    /// The flags, EASEL_AUTORESIZE_*.
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// The left margin grows and shrinks.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: UInt64(EASEL_AUTORESIZE_FLEXIBLE_LEFT_MARGIN))
    /// The width grows and shrinks.
    public static let flexibleWidth = AutoresizingMask(rawValue: UInt64(EASEL_AUTORESIZE_FLEXIBLE_WIDTH))
    /// The right margin grows and shrinks.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: UInt64(EASEL_AUTORESIZE_FLEXIBLE_RIGHT_MARGIN))
    /// The top margin grows and shrinks.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: UInt64(EASEL_AUTORESIZE_FLEXIBLE_TOP_MARGIN))
    /// The height grows and shrinks.
    public static let flexibleHeight = AutoresizingMask(rawValue: UInt64(EASEL_AUTORESIZE_FLEXIBLE_HEIGHT))
    /// The bottom margin grows and shrinks.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: UInt64(EASEL_AUTORESIZE_FLEXIBLE_BOTTOM_MARGIN))
}

// MARK: - Touches

/// The phase of a touch, as UIKit's `UITouchPhase`.
public enum TouchPhase: Int32, Sendable {
    case began, moved, stationary, ended, cancelled
}

/// A touch, as handed to the `touches…:withEvent:` methods.
public struct Touch: ObjectHandle, Hashable {
    public let object: ObjectRef

    /// The touch behind a non-NULL handle.
    public init?(_ pointer: OpaquePointer?) {
        guard let object = ObjectRef(pointer) else { return nil }
        self.object = object
    }

    /// Where the touch is, in `view`'s coordinates.
    public func location(in view: some ViewHandle) -> Point {
        Host.views.touch_location(object.pointer, view.object.pointer)
    }

    /// Where the touch is, in the root view's coordinates.
    public var locationInRootView: Point { Host.views.touch_location(object.pointer, nil) }

    /// Where the touch was before its last move, in `view`'s coordinates.
    public func previousLocation(in view: some ViewHandle) -> Point {
        Host.views.touch_previous_location(object.pointer, view.object.pointer)
    }

    /// The touch's phase.
    public var phase: TouchPhase { TouchPhase(rawValue: Host.views.touch_phase(object.pointer)) ?? .cancelled }

    /// The view the touch began in.
    public var view: ViewRef? { ViewRef(Host.views.touch_view(object.pointer)) }
}
