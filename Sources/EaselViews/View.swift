// The view system: UIKit's view model for widgets loaded from plugins.
//
// Every object whose class descends from the built-in class `View` is a
// `View` (this file), a Swift object that is also the plugin-visible
// `easel_object *`. Plugin classes subclass `View` (or the other built-ins,
// `Window`, `OverlayView`, `RHView`) and implement the selectors UIKit sends
// (`drawRect:`, `layoutSubviews`, `sizeThatFits:`, `touchesBegan:withEvent:`,
// `didMoveToSuperview`, …); the host sends them through the registry, after
// checking once per method that the plugin's type encoding is the one the
// host calls with (ViewCallbacks.swift). The module registers its built-in
// classes and the host table's view functions into the runtime
// (BuiltInClasses.swift: `Registry()` is a registry with views); the runtime
// below it never names a view.
//
// Geometry follows UIKit exactly: a view stores `center` (in its
// superview's coordinates), `bounds` (its own coordinates; the origin scrolls
// the content) and `transform` (about the layer's anchor point, the centre
// by default; View+Layer.swift). `frame` is derived: the
// bounding box of the transformed bounds. A right-handed view (RHView) is
// the one exception to UIKit, taken from AppKit's unflipped NSView: its own
// coordinates have y pointing up, so a point (x, y) of it lies at
// (x, height - y) measured from its top-left corner, for drawing, hit
// testing, conversions, dirty rects and the frames of its subviews alike.
// Internally every view also has a "down" space (y down, the space cairo
// draws in): the same as its own space for ordinary views, flipped about the
// bounds' horizontal centre line for right-handed ones.
//
// Ownership, as in UIKit: a view owns its subviews; a subview refers to its
// superview weakly; an overlay refers to its host unowned (the host clears
// the reference when it goes away). Views created by plugin code
// (`object_create`, `views->create`) are kept alive by the registry until
// they are first added to a superview, which then owns them.
//
// A view is plain, safe Swift: checked exclusivity, no pointers into its own
// storage. What drawing needs for speed is the renderer's: a flat list of
// draw records per root view (DrawList.swift), rebuilt when the tree's
// structure changes and rewritten record by record when a view's drawn
// properties change.
//
// Changes are cheap and deferred, as in UIKit: geometry and appearance
// changes mark the affected area of the root view as needing display
// (View+Rendering.swift), size changes mark views as needing layout
// (View+Layout.swift), and the next `render` lays out and repaints.

import EaselRuntime
import EaselABI
import EaselCanvas
import EaselEncoding
import EaselGeometry

/// An error from a view operation, such as adding a view to its own descendant.
public struct ViewError: Error, Sendable, CustomStringConvertible, Equatable {
    /// What went wrong, naming the views involved.
    public let message: String
    /// The message.
    public var description: String { message }
    init(_ message: String) { self.message = message }
}

/// The autoresizing flags of UIKit (`UIViewAutoresizing`), with the same values.
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// The left margin grows and shrinks.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width grows and shrinks.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The right margin grows and shrinks.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The top margin grows and shrinks.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height grows and shrinks.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The bottom margin grows and shrinks.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
}

/// A view: an object of the built-in class `View` or of a subclass.
///
/// Create views with ``Registry/makeView(ofClass:frame:)``. The API mirrors
/// UIKit's `UIView`; where Easel differs, the member says so.
public class View: EaselObject {
    // MARK: Stored state

    /// The subviews, back to front.
    public private(set) final var subviews: [View] = [] { didSet { treeChanged(); hitBoxes = nil } }
    /// The superview, or `nil` for a root view.
    public private(set) final weak var superview: View?

    // The view's geometry, as UIKit stores it (see the top of this file).
    final var storedCenter = easel_point.zero
    final var storedBounds = easel_rect.zero
    final var storedTransform = easel_affine_transform.identity
    /// Whether the view's own coordinates have y pointing up (RHView and its subclasses).
    public final let isRightHanded: Bool

    /// Areas needing display, in this view's own coordinates; kept on root views only.
    final var dirtyRects: [easel_rect] = []
    /// Whether the whole tree needs drawing (never rendered, or the root itself changed); root views only.
    final var needsFullDisplay = true
    /// The renderer's flat copy of the tree (DrawList.swift); root views only, built by the next render.
    final var drawList: DrawList?
    /// Whether `layoutSubviews` is pending.
    public internal(set) final var needsLayout = true
    /// Whether this view or a descendant may need layout: `layoutIfNeeded`
    /// skips subtrees without it, so that a render of a laid-out tree does
    /// not visit every view. Set with `needsLayout` (by `setNeedsLayout`) on
    /// the view and its ancestors; an ancestor of a view that has it has it too.
    final var subtreeNeedsLayout = true

    /// Overlays created for this view, in the order they were added.
    final var overlays: [OverlayView] = []
    /// The layer's own properties (View+Layer.swift), made on the first change of one.
    final var layerStorage: LayerStorage?
    /// The subviews' frames, for hit testing many subviews (View+Events.swift): made by a hit
    /// test, dropped when the list or a subview's geometry changes.
    final var hitBoxes: HitBoxes?

    /// A plugin-declared property was written through the host: the kept content
    /// (View+BackingStore.swift) may depend on it, so the next full render that
    /// draws the view calls `drawRect:` for all of it again, as a full render did
    /// before backing stores; a dirty-region render still needs
    /// ``setNeedsDisplay()`` and redraws only what is marked, as UIKit does. A view
    /// placed by constraints also has its intrinsic content size looked at again
    /// (UIKit's setters, `UILabel.text` say, call `invalidateIntrinsicContentSize`),
    /// so a label given new text is laid out at its new size at the next layout pass.
    public override func declaredPropertyDidChange(_ name: String) {
        markBackingStoreStale()
        rootView.constraintEngine?.declaredPropertyChanged(self)
    }

    required init(class cls: ObjectClass, registry: Registry) {
        isRightHanded = cls.instanceType == RightHandedView.self  // a final class: a pointer comparison
        super.init(class: cls, registry: registry)
    }

    deinit {
        if hasGestureRecognizerList { InteractionState.removeRecognizers(of: self) }
        for subview in subviews { subview.superview = nil }
        for overlay in overlays { overlay.host = nil }
    }

    // MARK: Appearance

    /// The opacity of the view and its subviews, composited as one group (0...1).
    public final var alpha: Double = 1 {
        willSet { willChangeAnimatable(.alpha) }
        didSet {
            alpha = alpha.isNaN ? 1 : min(max(alpha, 0), 1)
            if alpha != oldValue { invalidateExtent(); drawStateChanged() }
        }
    }
    /// Whether the view and its subviews are skipped when drawing and hit testing.
    public final var isHidden = false {
        didSet {
            guard isHidden != oldValue else { return }
            invalidateExtent(force: true)
            drawStateChanged()
            (superview as? StackView)?.arrangedSubviewVisibilityChanged(self)  // hidden arranged views collapse
        }
    }
    /// Whether subviews are clipped to the view's bounds (the view's own drawing always is).
    ///
    /// Both the area covered before the change and after it need display:
    /// turning clipping on shrinks the subtree's extent to the bounds.
    public final var clipsToBounds = false {
        willSet { if newValue != clipsToBounds { invalidateExtent(force: true) } }
        didSet { if clipsToBounds != oldValue { invalidateExtent(force: true); drawStateChanged() } }
    }
    /// The colour filling the bounds before `drawRect:`; `nil` (the default) fills nothing.
    public final var backgroundColor: easel_color? { willSet { willChangeAnimatable(.backgroundColor) } didSet { invalidateBackingStore(); invalidateExtent(); drawStateChanged() } }
    /// Whether the view promises to fill its bounds with opaque content (UIKit's default: `true`).
    ///
    /// As in UIKit, an opaque view whose class implements `drawRect:`,
    /// which has no background colour and clears its context before drawing,
    /// starts from opaque black: its backing store has no alpha channel.
    public final var isOpaque = true {
        didSet { if isOpaque != oldValue { invalidateBackingStore(); invalidateExtent(); drawStateChanged() } }
    }
    /// Whether the view's area is cleared before `drawRect:` (UIKit's default: `true`).
    ///
    /// In Easel's shared canvas a non-opaque view's area always starts
    /// transparent; the property decides whether an opaque view without a
    /// background colour starts from black (`true`) or shows what lies
    /// beneath (`false`, "you are responsible for drawing every pixel").
    public final var clearsContextBeforeDrawing = true {
        didSet { invalidateBackingStore(); invalidateExtent(); drawStateChanged() }
    }
    /// An integer that identifies the view (see ``viewWithTag(_:)``).
    public final var tag = 0
    /// How the view resizes when its superview's bounds change size.
    public final var autoresizingMask: AutoresizingMask = []
    /// Whether the view autoresizes its subviews when its bounds change size (default `true`).
    public final var autoresizesSubviews = true
    /// Whether the autoresizing mask places the view (UIKit's default, `true`: its frame is
    /// pinned for the constraints that mention it) or constraints do (`false`).
    public final var translatesAutoresizingMaskIntoConstraints: Bool {
        get { layoutProperties?.translatesAutoresizingMask ?? true }
        set {
            guard newValue != translatesAutoresizingMaskIntoConstraints else { return }
            properties.translatesAutoresizingMask = newValue
            rootView.constraintTreeChanged()
        }
    }
    /// The active layout constraints this view holds (LayoutConstraint.swift).
    final var installedConstraints: [LayoutConstraint] {
        get { layoutProperties?.installedConstraints ?? [] }
        set { if layoutProperties != nil || !newValue.isEmpty { properties.installedConstraints = newValue } }
    }
    /// The constraint engine of the tree, on its root view (LayoutEngine.swift).
    final var constraintEngine: LayoutEngine? {
        get { layoutProperties?.constraintEngine }
        set { if layoutProperties != nil || newValue != nil { properties.constraintEngine = newValue } }
    }
    /// Everything Auto Layout keeps for the view (View+IntrinsicContentSize.swift), made when first
    /// needed: one reference in every view instead of the fields, which most views never use (a
    /// smaller view is less for the renderer to fetch ahead).
    final var layoutProperties: LayoutProperties?
    /// Whether the view takes part in hit testing (default `true`; overlays: `false`).
    public final var isUserInteractionEnabled = true
    /// Whether the view receives every finger (UIKit's default, `false`: only the first finger
    /// down on it is delivered to it; gesture recognizers still see them all).
    ///
    /// Stored in the padding after ``isUserInteractionEnabled``: the view does not grow.
    public final var isMultipleTouchEnabled = false
    /// Whether a touch on this view keeps other views from receiving touches while it lasts,
    /// and is not delivered while another view is being touched (default `false`).
    public final var isExclusiveTouch = false
    /// Whether gesture recognizers were ever attached (their list lives in the registry's
    /// interaction state, Event.swift): `deinit` then removes the list.
    final var hasGestureRecognizerList = false
    /// The number of device pixels per point of the canvas the view was last rendered to (1 before).
    ///
    /// Set by rendering; every coordinate a plugin sees stays in points.
    public internal(set) final var contentScaleFactor: Double = 1

    // MARK: Geometry

    /// The view's position: its centre, in the superview's coordinates.
    public final var center: easel_point {
        get { storedCenter }
        set {
            guard newValue != storedCenter, newValue.x.isFinite, newValue.y.isFinite else { return }
            willChangeAnimatable(.center)
            invalidateExtent()
            storedCenter = newValue
            invalidateExtent()
            drawStateChanged()
        }
    }

    /// The view's own coordinate system: its origin scrolls the content, its size is the view's size.
    ///
    /// Changing the size keeps the centre, autoresizes the subviews and
    /// marks the view as needing layout.
    public final var bounds: easel_rect {
        get { storedBounds }
        set {
            let new = newValue.standardized
            guard new != storedBounds, new.origin.x.isFinite, new.origin.y.isFinite,
                  new.size.width.isFinite, new.size.height.isFinite else { return }
            let oldSize = storedBounds.size
            // A window tells its root view controller first (UIKit's viewWillTransition(to:with:)).
            if superview == nil, new.size != oldSize { willTransition(to: new.size) }
            willChangeAnimatable(.bounds)
            invalidateExtent()
            storedBounds = new
            invalidateExtent()
            drawStateChanged()
            updateOverlayFrames()
            if new.size != oldSize {
                setNeedsLayout()
                if autoresizesSubviews { resizeSubviews(from: oldSize) }
            }
        }
    }

    /// The affine transform applied about the layer's anchor point, the centre by default (identity by default).
    public final var transform: easel_affine_transform {
        get { storedTransform }
        set {
            guard newValue != storedTransform, newValue.inverted() != nil else { return }
            willChangeAnimatable(.transform)
            invalidateExtent()
            storedTransform = newValue
            invalidateExtent()
            drawStateChanged()
        }
    }

    /// The view's rectangle in its superview's coordinates.
    ///
    /// With a non-identity transform this is the bounding box of the
    /// transformed bounds (UIKit: "the value of this property is undefined
    /// and should be ignored" becomes a defined, useful value). Setting it
    /// sets the bounds size and the centre, as UIKit does: the centre (the
    /// layer's `position`) becomes the frame's origin plus the layer's
    /// `anchorPoint` times its size, the frame's middle for the default
    /// anchor point (0.5, 0.5).
    public final var frame: easel_rect {
        get { toSuperview.apply(to: storedBounds) }
        set {
            let new = newValue.standardized
            guard new.origin.x.isFinite, new.origin.y.isFinite, new.size.width.isFinite, new.size.height.isFinite
            else { return }
            let anchor = layerStorage?.anchorPoint ?? easel_point(x: 0.5, y: 0.5)
            center = easel_point(x: new.origin.x + anchor.x * new.size.width, y: new.origin.y + anchor.y * new.size.height)
            bounds = easel_rect(origin: storedBounds.origin, size: new.size)
        }
    }

    /// The flip of a right-handed view's own space into its down space (identity otherwise).
    final var ownToDown: easel_affine_transform {
        guard isRightHanded else { return .identity }
        return easel_affine_transform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 2 * storedBounds.origin.y + storedBounds.size.height)
    }

    /// From this view's down space to its superview's down space (the canvas's, for a root).
    final var downToSuperviewDown: easel_affine_transform {
        var centerDown = storedCenter
        if let superview, superview.isRightHanded { centerDown = superview.ownToDown.apply(to: storedCenter) }
        let anchor = anchorInBounds
        let mid = easel_affine_transform(translationX: -anchor.x, y: -anchor.y)
        let placed = storedTransform.isIdentity ? mid : mid.concatenating(storedTransform)
        return placed.concatenating(easel_affine_transform(translationX: centerDown.x, y: centerDown.y))
    }

    /// From this view's own coordinates to its superview's own coordinates.
    final var toSuperview: easel_affine_transform {
        var result = isRightHanded ? ownToDown.concatenating(downToSuperviewDown) : downToSuperviewDown
        if let superview, superview.isRightHanded { result = result.concatenating(superview.ownToDown) }
        return result
    }

    /// From this view's own coordinates to the root view's own coordinates.
    final var toRoot: easel_affine_transform {
        var result = easel_affine_transform.identity
        var current: View = self
        while let parent = current.superview {
            result = result.concatenating(current.toSuperview)
            current = parent
        }
        return result
    }

    // MARK: Conversions

    /// Converts a point from this view's coordinates to `view`'s (`nil`: the root view's).
    ///
    /// Both views must be in the same tree; a view of another tree is
    /// treated as if its root were this tree's root.
    public final func convert(_ point: easel_point, to view: View?) -> easel_point {
        let inRoot = toRoot.apply(to: point)
        guard let view, let back = view.toRoot.inverted() else { return inRoot }
        return back.apply(to: inRoot)
    }

    /// Converts a point from `view`'s coordinates (`nil`: the root view's) to this view's.
    public final func convert(_ point: easel_point, from view: View?) -> easel_point {
        let inRoot = view?.toRoot.apply(to: point) ?? point
        return (toRoot.inverted() ?? .identity).apply(to: inRoot)
    }

    /// Converts a rectangle to `view`'s coordinates (`nil`: the root view's); through a rotation, the bounding box.
    public final func convert(_ rect: easel_rect, to view: View?) -> easel_rect {
        var transform = toRoot
        if let view, let back = view.toRoot.inverted() { transform = transform.concatenating(back) }
        return transform.apply(to: rect)
    }

    /// Converts a rectangle from `view`'s coordinates (`nil`: the root view's) to this view's.
    public final func convert(_ rect: easel_rect, from view: View?) -> easel_rect {
        var transform = view?.toRoot ?? .identity
        transform = transform.concatenating(toRoot.inverted() ?? .identity)
        return transform.apply(to: rect)
    }

    /// From this view's own coordinates to the screen's: the canvas its root is rendered into, where the root stands at its frame.
    final var toScreen: easel_affine_transform {
        toRoot.concatenating(rootView.toSuperview)
    }

    /// Converts a point from this view's coordinates to a window's (UIWindow's `convertPoint:toWindow:`).
    ///
    /// The screen is the canvas a tree is rendered into, where each root
    /// (a window) stands at its frame.
    /// - Parameters:
    ///   - point: A point in this view's coordinates.
    ///   - window: The window whose coordinates to convert to; `nil` for the screen's.
    public final func convert(_ point: easel_point, toWindow window: Window?) -> easel_point {
        let onScreen = toScreen.apply(to: point)
        guard let window, let back = window.toScreen.inverted() else { return onScreen }
        return back.apply(to: onScreen)
    }

    /// Converts a point from a window's coordinates (`nil`: the screen's) to this view's (`convertPoint:fromWindow:`).
    public final func convert(_ point: easel_point, fromWindow window: Window?) -> easel_point {
        let onScreen = window?.toScreen.apply(to: point) ?? point
        return (toScreen.inverted() ?? .identity).apply(to: onScreen)
    }

    /// Converts a rectangle from this view's coordinates to a window's (`nil`: the screen's); through a rotation, the bounding box.
    public final func convert(_ rect: easel_rect, toWindow window: Window?) -> easel_rect {
        var transform = toScreen
        if let window, let back = window.toScreen.inverted() { transform = transform.concatenating(back) }
        return transform.apply(to: rect)
    }

    /// Converts a rectangle from a window's coordinates (`nil`: the screen's) to this view's.
    public final func convert(_ rect: easel_rect, fromWindow window: Window?) -> easel_rect {
        var transform = window?.toScreen ?? .identity
        transform = transform.concatenating(toScreen.inverted() ?? .identity)
        return transform.apply(to: rect)
    }

    // MARK: Hierarchy

    /// The topmost ancestor (the view itself when it has no superview).
    public final var rootView: View {
        var current: View = self
        while let parent = current.superview { current = parent }
        return current
    }

    /// The window the view is in: its root, when that is a ``Window``.
    public final var window: Window? { rootView as? Window }

    /// The number of views from the root to this view, both counted (1 for a root).
    final var depth: Int {
        var count = 1
        var current = superview
        while let view = current {
            count += 1
            current = view.superview
        }
        return count
    }

    /// The number of views from this view to its deepest descendant, both counted (1 for a leaf).
    final var height: Int {
        var deepest = 1
        var pending: [(view: View, level: Int)] = [(self, 1)]
        while let (view, level) = pending.popLast() {
            deepest = max(deepest, level)
            for subview in view.subviews where !subview.subviews.isEmpty || level + 1 > deepest {
                pending.append((subview, level + 1))
            }
        }
        return deepest
    }

    /// Whether the view is `view` or one of its descendants (a view is a descendant of itself).
    public final func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The first view with a tag: the receiver, then its subviews depth-first.
    public final func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Adds a view as the frontmost subview (below pinned overlays).
    ///
    /// A view that has another superview is removed from it first.
    /// - Throws: ``ViewError`` when `view` is this view or one of its ancestors.
    public final func addSubview(_ view: View) throws(ViewError) {
        try insertSubview(view, at: subviews.count)
    }

    /// The most views a tree may have from its root to its deepest leaf.
    ///
    /// Laying out, hit testing, conversions and releasing a tree recurse
    /// once per level (drawing does not); the limit keeps that recursion well
    /// inside a thread's stack, even the 512 KiB of a secondary thread.
    /// UIKit has no stated limit; real trees are a few dozen levels deep.
    public static let maximumDepth = 1_000

    /// Inserts a view at an index of the subviews (clamped to the valid range).
    ///
    /// - Throws: ``ViewError`` when `view` is this view or one of its
    ///   ancestors, or when the tree would be deeper than ``maximumDepth``.
    public final func insertSubview(_ view: View, at index: Int) throws(ViewError) {
        guard !isDescendant(of: view) else {
            throw ViewError(view === self
                ? "cannot add \(view) as a subview of itself"
                : "cannot add \(view) as a subview of \(self): \(self) is one of its descendants")
        }
        if view.superview !== self {
            let depth = self.depth + view.height
            guard depth <= View.maximumDepth else {
                throw ViewError("cannot add \(view) as a subview of \(self): the tree would be \(depth) views deep; "
                    + "the limit is \(View.maximumDepth)")
            }
        }
        if view.superview === self {
            let from = subviews.firstIndex(where: { $0 === view })!
            view.invalidateExtent()
            subviews.remove(at: from)
            subviews.insert(view, at: min(max(index - (from < index ? 1 : 0), 0), subviews.count))
            arrangeOverlays()
            view.invalidateExtent()
            return
        }
        let oldWindow = view.window, newWindow = window
        let windowChanges = oldWindow !== newWindow
        view.send(ViewCallbacks.willMoveToSuperview, object: self)
        if windowChanges { view.sendWindowWillMove(newWindow) }
        if let old = view.superview {
            old.send(ViewCallbacks.willRemoveSubview, object: view)
            old.detach(view)
        }
        view.dirtyRects = []
        view.drawList = nil
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        registry.releaseFromCreationPool(view)
        arrangeOverlays()
        view.invalidateExtent()
        setNeedsLayout()
        if windowChanges { view.sendWindowDidMove() }
        view.send(ViewCallbacks.didMoveToSuperview)
        send(ViewCallbacks.didAddSubview, object: view)
        (self as? ScrollView)?.contentWasAdded(view)
    }

    /// Inserts `view` just above `sibling` (a subview of this view).
    ///
    /// - Throws: ``ViewError`` when `sibling` is not a subview, or as ``insertSubview(_:at:)``.
    public final func insertSubview(_ view: View, aboveSubview sibling: View) throws(ViewError) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else {
            throw ViewError("\(sibling) is not a subview of \(self)")
        }
        try insertSubview(view, at: index + 1)
    }

    /// Inserts `view` just below `sibling` (a subview of this view).
    ///
    /// - Throws: ``ViewError`` when `sibling` is not a subview, or as ``insertSubview(_:at:)``.
    public final func insertSubview(_ view: View, belowSubview sibling: View) throws(ViewError) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else {
            throw ViewError("\(sibling) is not a subview of \(self)")
        }
        try insertSubview(view, at: index)
    }

    /// Swaps the subviews at two indexes.
    ///
    /// - Throws: ``ViewError`` for an index out of range.
    public final func exchangeSubview(at first: Int, withSubviewAt second: Int) throws(ViewError) {
        guard subviews.indices.contains(first), subviews.indices.contains(second) else {
            throw ViewError("cannot exchange subviews \(first) and \(second) of \(self): it has \(subviews.count) subviews")
        }
        subviews.swapAt(first, second)
        arrangeOverlays()
        subviews[first].invalidateExtent()
        subviews[second].invalidateExtent()
    }

    /// Moves a subview to the front (below pinned overlays).
    ///
    /// - Throws: ``ViewError`` when `view` is not a subview.
    public final func bringSubviewToFront(_ view: View) throws(ViewError) {
        guard view.superview === self else { throw ViewError("\(view) is not a subview of \(self)") }
        try insertSubview(view, at: subviews.count)
    }

    /// Moves a subview to the back.
    ///
    /// - Throws: ``ViewError`` when `view` is not a subview.
    public final func sendSubviewToBack(_ view: View) throws(ViewError) {
        guard view.superview === self else { throw ViewError("\(view) is not a subview of \(self)") }
        try insertSubview(view, at: 0)
    }

    /// Removes the view from its superview (nothing happens for a root view).
    ///
    /// Callbacks, in UIKit's order: the superview's `willRemoveSubview:`,
    /// then `willMoveToSuperview:` (nil) and, when it was in a window,
    /// `willMoveToWindow:` (nil) down the subtree; after removal
    /// `didMoveToWindow` down the subtree and `didMoveToSuperview`.
    public final func removeFromSuperview() {
        guard let parent = superview else { return }
        let hadWindow = window != nil
        withExtendedLifetime(self) {
            parent.send(ViewCallbacks.willRemoveSubview, object: self)
            send(ViewCallbacks.willMoveToSuperview, object: nil)
            if hadWindow { sendWindowWillMove(nil) }
            parent.detach(self)
            if hadWindow { sendWindowDidMove() }
            send(ViewCallbacks.didMoveToSuperview)
        }
    }

    /// Takes a subview out of the list, marking the area it covered.
    private func detach(_ view: View) {
        view.animatedViewRemoved()
        if let stack = self as? StackView { stack.subviewLeft(view) }
        view.invalidateExtent()
        subviews.removeAll(where: { $0 === view })
        view.superview = nil
        view.dropBackingStores()
        view.needsFullDisplay = true
        setNeedsLayout()
    }

    private func sendWindowWillMove(_ newWindow: Window?) {
        send(ViewCallbacks.willMoveToWindow, object: newWindow)
        for subview in subviews { subview.sendWindowWillMove(newWindow) }
    }

    private func sendWindowDidMove() {
        send(ViewCallbacks.didMoveToWindow)
        for subview in subviews { subview.sendWindowDidMove() }
    }

    // MARK: Overlays

    /// Keeps every overlay pinned above this view's other subviews, in the order the overlays were added.
    final func arrangeOverlays() {
        guard overlays.contains(where: { $0.staysOnTop && $0.superview === self }) else { return }
        let pinned = overlays.filter { $0.staysOnTop && $0.superview === self }
        let others = subviews.filter { view in !pinned.contains(where: { $0 === view }) }
        let arranged = others + pinned
        if !zip(arranged, subviews).allSatisfy({ $0 === $1 }) { subviews = arranged }
    }

    /// Makes every overlay of this view cover its bounds.
    final func updateOverlayFrames() {
        for overlay in overlays where overlay.superview === self { overlay.followHostBounds() }
    }

    /// Adds an overlay: a transparent view that ignores touches, covers the
    /// view's bounds, stays above its other subviews and draws by sending
    /// `selector` to this view with the dirty rect.
    ///
    /// - Parameters:
    ///   - selector: A method of this view's class taking one `CGRect`
    ///     (`v@:{CGRect=…}`), in the coordinates of this view.
    ///   - staysOnTop: Whether the overlay stays above subviews added or
    ///     brought to the front later (the default); `false` gives the seeds'
    ///     behaviour, where a later subview covers the overlay.
    /// - Returns: The overlay, now this view's last subview.
    /// - Throws: ``RuntimeError`` when the class does not respond to the
    ///   selector or its method does not take a rect.
    @discardableResult
    public final func addOverlay(drawing selector: Selector, staysOnTop: Bool = true) throws(RuntimeError) -> OverlayView {
        guard let method = objectClass.method(for: selector) else { throw .doesNotRespond(objectClass, selector) }
        guard ViewCallbacks.drawRect.accepts(method.signature) else {
            throw RuntimeError(.typeMismatch,
                "overlay selector \(method.readableSignature(className: objectClass.name)) must take one CGRect and return void (\(ViewCallbacks.drawRect.encoding))")
        }
        let overlay = try registry.makeView(ofClass: "OverlayView", frame: storedBounds) as! OverlayView
        overlay.host = self
        overlay.hostSelector = selector
        overlay.staysOnTop = staysOnTop
        overlays.append(overlay)
        do { try addSubview(overlay) } catch { preconditionFailure("a new overlay cannot be an ancestor") }
        overlay.followHostBounds()
        return overlay
    }

    // MARK: Built-in properties

    /// The view properties readable and writable by name (scene files, `property_get`/`property_set`).
    nonisolated(unsafe) static let builtInProperties: [String: BuiltInProperty] = [
        "frame": .value(EASEL_ENCODE_RECT, \View.frame),
        "bounds": .value(EASEL_ENCODE_RECT, \View.bounds),
        "center": .value(EASEL_ENCODE_POINT, \View.center),
        "transform": .value(EASEL_ENCODE_TRANSFORM, \View.transform),
        "alpha": .value("d", \View.alpha),
        "hidden": .flag(\View.isHidden),
        "clipsToBounds": .flag(\View.clipsToBounds),
        "backgroundColor": .value(EASEL_ENCODE_COLOR, \View.backgroundColorValue),
        "opaque": .flag(\View.isOpaque),
        "clearsContextBeforeDrawing": .flag(\View.clearsContextBeforeDrawing),
        "tag": .value("q", \View.tagValue),
        "contentMode": .value("q", \View.contentModeValue),
        "autoresizingMask": .value("Q", \View.autoresizingMaskValue),
        "autoresizesSubviews": .flag(\View.autoresizesSubviews),
        "userInteractionEnabled": .flag(\View.isUserInteractionEnabled),
        "multipleTouchEnabled": .flag(\View.isMultipleTouchEnabled),
        "exclusiveTouch": .flag(\View.isExclusiveTouch),
        "contentScaleFactor": .readOnly("contentScaleFactor", "d") { withUnsafeBytes(of: ($0 as! View).contentScaleFactor) { Array($0) } },
    ]

    final var backgroundColorValue: easel_color {
        get { backgroundColor ?? easel_color(red: 0, green: 0, blue: 0, alpha: 0) }
        set { backgroundColor = newValue }
    }
    final var tagValue: Int64 {
        get { Int64(tag) }
        set { tag = Int(newValue) }
    }
    final var autoresizingMaskValue: UInt64 {
        get { autoresizingMask.rawValue }
        set { autoresizingMask = AutoresizingMask(rawValue: newValue & 0x3f) }
    }
}

extension BuiltInProperty {
    static func value<V: EaselObject, T: BitwiseCopyable>(_ encoding: String, _ keyPath: ReferenceWritableKeyPath<V, T>) -> BuiltInProperty {
        BuiltInProperty(
            type: try! TypeEncoding(parsing: encoding),
            get: { object in withUnsafeBytes(of: (object as! V)[keyPath: keyPath]) { Array($0) } },
            set: { object, raw in (object as! V)[keyPath: keyPath] = raw.loadUnaligned(as: T.self) })
    }

    static func flag<V: EaselObject>(_ keyPath: ReferenceWritableKeyPath<V, Bool>) -> BuiltInProperty {
        BuiltInProperty(
            type: .bool,
            get: { object in [(object as! V)[keyPath: keyPath] ? 1 : 0] },
            set: { object, raw in (object as! V)[keyPath: keyPath] = raw.load(as: UInt8.self) != 0 })
    }

    static func readOnly(_ name: String, _ encoding: String, _ get: @escaping (EaselObject) -> [UInt8]) -> BuiltInProperty {
        BuiltInProperty(
            type: try! TypeEncoding(parsing: encoding), get: get,
            set: { object, _ throws(RuntimeError) in
                throw RuntimeError(.typeMismatch, "property '\(name)' of '\(object.objectClass.name)' is read-only")
            })
    }
}

/// A root view that is a window: views in its tree receive `willMoveToWindow:` and `didMoveToWindow`.
public final class Window: View {
    /// The root view controller (ViewController.swift).
    var rootController: ViewController?
    /// Whether `makeKeyAndVisible` ran.
    var isVisible = false
    /// Whether the root view controller is being told of a size change (ViewController.swift).
    var isTransitioning = false
}
