#if canImport(Glibc)
import Glibc
#endif
import EaselABI
import EaselEncoding
import EaselGeometry
import EaselRuntime

// The scroll view (`UIScrollView`), built in.
//
// `contentOffset` is the bounds origin. Its pan recognizer scrolls: while
// dragging, offset = offset at touch down − translation (in the superview's
// coordinates); past an edge the content follows at half the finger's
// speed when `bounces`, else the offset is clamped. When the finger lifts
// with a velocity v0 (points per second of content), the scroll view
// decelerates on the media clock as UIKit does: the velocity is multiplied
// by `decelerationRate` every millisecond (0.998 normal, 0.99 fast), so
//
//     offset(t) = offset(0) + v0 · (rate^(1000·t) − 1) / (1000 · ln rate)
//
// until the speed falls below 1 point per second (at t = ln(1/|v0|) / (1000 ln
// rate), where it stays) or the content reaches an edge (there it stops);
// the offset is rounded to whole device pixels (`contentScaleFactor`), as
// UIKit's is, so that the content composites without resampling. Content pulled past an
// edge returns to it in 0.3 s (ease-out) after the finger lifts. With
// `isPagingEnabled` the offset settles on the page (a multiple of the
// bounds size) in the direction of the flick, or the nearest one, in 0.3 s.
//
// Scrolling lays the view out (`layoutSubviews` follows every change of the
// offset, as UIKit's does), so a subclass can place only the rows it shows.
//
// Scroll indicators (ScrollView+Indicators.swift) are two thin rounded dark
// bars inside the right and bottom edges, shown while the content moves and
// faded out after it stops, on the media clock.
//
// Zooming (ScrollView+Zooming.swift): when the delegate's
// `viewForZoomingInScrollView:` returns a subview and `maximumZoomScale` is
// above `minimumZoomScale`, a pinch scales that view about the fingers.
//
// A delegate (any object) gets `scrollViewDidScroll:`,
// `scrollViewWillBeginDragging:`, `scrollViewDidEndDragging:willDecelerate:`,
// `scrollViewWillBeginDecelerating:`, `scrollViewDidEndDecelerating:`,
// `scrollViewDidEndScrollingAnimation:`, `scrollViewWillBeginZooming:withView:`,
// `scrollViewDidZoom:` and `scrollViewDidEndZooming:withView:atScale:` when
// its class implements them.

/// The insets of a scroll view's content (`UIEdgeInsets`).
public struct EdgeInsets: Sendable, Equatable, BitwiseCopyable {
    public var top: Double, left: Double, bottom: Double, right: Double
    /// Insets from their four lengths.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    /// No insets.
    public static let zero = EdgeInsets()
}

/// A view whose bounds origin scrolls over a larger content (`UIScrollView`).
///
/// As in UIKit it clips its subviews to its bounds (`clipsToBounds` is `true`).
public final class ScrollView: View {
    /// UIKit's normal deceleration rate (per millisecond).
    public static let normalDecelerationRate = 0.998
    /// UIKit's fast deceleration rate (per millisecond).
    public static let fastDecelerationRate = 0.99
    /// How long a bounce back or a page change takes, in seconds.
    public static let settleDuration = 0.3

    /// The size of the content, in points.
    public var contentSize = easel_size.zero
    /// Extra room around the content.
    public var contentInset = EdgeInsets.zero
    /// Whether the content can be pulled past its edges (default `true`).
    public var bounces = true
    /// Whether the content bounces vertically even when it is not taller than the view.
    public var alwaysBounceVertical = false
    /// Whether the content bounces horizontally even when it is not wider than the view.
    public var alwaysBounceHorizontal = false
    /// Whether scrolling settles on multiples of the bounds size.
    public var isPagingEnabled = false
    /// Whether the user can scroll (default `true`).
    public var isScrollEnabled = true {
        didSet { panGestureRecognizer?.isEnabled = isScrollEnabled }
    }
    /// The velocity multiplier per millisecond after a flick (default 0.998).
    public var decelerationRate = ScrollView.normalDecelerationRate
    /// Whether the vertical scroll indicator shows while the content moves (default `true`).
    public var showsVerticalScrollIndicator = true { didSet { if !showsVerticalScrollIndicator { verticalIndicator?.isHidden = true } } }
    /// Whether the horizontal scroll indicator shows while the content moves (default `true`).
    public var showsHorizontalScrollIndicator = true { didSet { if !showsHorizontalScrollIndicator { horizontalIndicator?.isHidden = true } } }
    /// The least zoom scale (default 1).
    public var minimumZoomScale = 1.0 { didSet { zoomLimitsChanged() } }
    /// The greatest zoom scale (default 1: no zooming).
    public var maximumZoomScale = 1.0 { didSet { zoomLimitsChanged() } }
    /// Whether a pinch may take the scale past its limits, to spring back when the fingers lift (default `true`).
    public var bouncesZoom = true
    /// The scale of the view for zooming (1 at first); see ``setZoomScale(_:animated:)``.
    public internal(set) var zoomScale = 1.0
    /// The recognizer that zooms: made when `maximumZoomScale` first exceeds `minimumZoomScale`.
    public internal(set) var pinchGestureRecognizer: PinchGestureRecognizer?
    /// Whether fingers are zooming the content.
    public internal(set) var isZooming = false
    /// Whether the scale is springing back to a limit after a pinch.
    public internal(set) var isZoomBouncing = false
    /// The delegate (weak).
    public weak var delegate: EaselObject?
    /// The recognizer that scrolls.
    public private(set) var panGestureRecognizer: PanGestureRecognizer?
    /// Whether a finger is dragging the content.
    public private(set) var isDragging = false
    /// Whether the content is moving on after the finger lifted.
    public private(set) var isDecelerating = false

    private var dragStart = easel_point.zero
    var motion: Motion?
    private var observer: MediaClock.Observer?
    /// The indicator bars, made the first time they show.
    var verticalIndicator: View?, horizontalIndicator: View?
    /// When the indicators start fading (the content stopped), or `nil` while they stay.
    var indicatorFadeStart: Double?
    /// The zoom in progress: the scale at touch down and the point of the zoomed view under the fingers.
    var zoomAnchor: (scale: Double, point: easel_point, view: View)?

    enum Motion {
        case decelerate(start: easel_point, velocity: easel_point, time: Double)
        case settle(from: easel_point, to: easel_point, time: Double)
        /// A scale and an offset moving together (a zoom bouncing back, setZoomScale animated).
        case zoom(view: View, from: (scale: Double, offset: easel_point), to: (scale: Double, offset: easel_point), time: Double)
    }

    required init(class cls: ObjectClass, registry: Registry) {
        super.init(class: cls, registry: registry)
        clipsToBounds = true  // UIScrollView's default: the content shows only inside the view
        if let pan = try? registry.makeObject(ofClass: "PanGestureRecognizer") as? PanGestureRecognizer {
            pan.cancelsTouchesInView = true
            pan.delaysTouchesEnded = false
            addGestureRecognizer(pan)
            pan.addAction { [weak self] recognizer in self?.handlePan(recognizer as! PanGestureRecognizer) }
            panGestureRecognizer = pan
        }
    }

    deinit {
        if let observer { mediaClock.removeFrameObserver(observer) }
    }

    /// The point of the content at the view's top left corner: the bounds origin.
    public var contentOffset: easel_point {
        get { bounds.origin }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite, newValue != bounds.origin else { return }
            bounds = easel_rect(origin: newValue, size: bounds.size)
            setNeedsLayout()  // UIKit lays a scroll view out on every scroll
            scrolled()
        }
    }

    /// Sets the offset, moving there in 0.3 s on the media clock when `animated`.
    public func setContentOffset(_ offset: easel_point, animated: Bool) {
        stopMotion()
        if animated {
            showIndicators()
            start(.settle(from: contentOffset, to: offset, time: mediaClock.time))
        } else {
            contentOffset = offset
        }
    }

    /// A subview of a scroll view moves with every scroll: it keeps its drawn content in a
    /// backing store from its first draw (View+BackingStore.swift), so that scrolling composites
    /// it instead of drawing it again, and only content that comes into view is drawn.
    func contentWasAdded(_ view: View) {
        let content = view.contentStorage
        if !content.keepsStore {
            content.keepsStore = true
            view.drawStateChanged()
        }
    }

    /// The least offset (the top left inset, negated).
    public var minimumOffset: easel_point { easel_point(x: -contentInset.left, y: -contentInset.top) }
    /// The greatest offset: the content's far edge (with its inset) at the view's far edge, or the least.
    public var maximumOffset: easel_point {
        let size = bounds.size
        return easel_point(x: max(minimumOffset.x, contentSize.width + contentInset.right - size.width),
                           y: max(minimumOffset.y, contentSize.height + contentInset.bottom - size.height))
    }

    private func clamped(_ point: easel_point) -> easel_point {
        let low = minimumOffset, high = maximumOffset
        return easel_point(x: min(max(point.x, low.x), high.x), y: min(max(point.y, low.y), high.y))
    }

    /// Scrolls just enough to show `rect` (in content coordinates), within the content.
    public func scrollRectToVisible(_ rect: easel_rect, animated: Bool = false) {
        var offset = contentOffset
        let size = bounds.size
        if rect.maxX > offset.x + size.width { offset.x = rect.maxX - size.width }
        if rect.minX < offset.x { offset.x = rect.minX }
        if rect.maxY > offset.y + size.height { offset.y = rect.maxY - size.height }
        if rect.minY < offset.y { offset.y = rect.minY }
        setContentOffset(clamped(offset), animated: animated)
    }

    private var canScrollHorizontally: Bool { alwaysBounceHorizontal || maximumOffset.x > minimumOffset.x }
    private var canScrollVertically: Bool { alwaysBounceVertical || maximumOffset.y > minimumOffset.y }

    // MARK: Dragging

    private func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            stopMotion()
            isDragging = true
            showIndicators()
            // The translation counts from touch down, where the offset still is: the content
            // catches up with the finger at once.
            dragStart = contentOffset
            tell(ScrollCalls.willBeginDragging)
            drag(pan)
        case .changed:
            drag(pan)
        case .ended, .cancelled:
            isDragging = false
            let velocity = pan.velocity(in: superview)
            var content = easel_point(x: canScrollHorizontally ? -velocity.x : 0, y: canScrollVertically ? -velocity.y : 0)
            if pan.state == .cancelled { content = .zero }
            let offset = contentOffset
            let inside = clamped(offset) == offset
            if isPagingEnabled {
                let target = page(for: offset, velocity: content)
                tellEndDragging(willDecelerate: target != offset)
                if target != offset { beginDecelerating(.settle(from: offset, to: target, time: mediaClock.time)) }
            } else if !inside {
                tellEndDragging(willDecelerate: true)
                beginDecelerating(.settle(from: offset, to: clamped(offset), time: mediaClock.time))
            } else if abs(content.x) >= 1 || abs(content.y) >= 1 {
                tellEndDragging(willDecelerate: true)
                beginDecelerating(.decelerate(start: offset, velocity: content, time: mediaClock.time))
            } else {
                tellEndDragging(willDecelerate: false)
                hideIndicatorsLater()
            }
        default:
            break
        }
    }

    private func drag(_ pan: PanGestureRecognizer) {
        let translation = pan.translation(in: superview)
        var target = easel_point(x: canScrollHorizontally ? dragStart.x - translation.x : contentOffset.x,
                                 y: canScrollVertically ? dragStart.y - translation.y : contentOffset.y)
        if bounces {
            // Past an edge, the content follows at half the finger's speed.
            let limit = clamped(target)
            target = easel_point(x: limit.x + (target.x - limit.x) / 2, y: limit.y + (target.y - limit.y) / 2)
        } else {
            target = clamped(target)
        }
        contentOffset = target
    }

    private func page(for offset: easel_point, velocity: easel_point) -> easel_point {
        let size = bounds.size
        func axis(_ value: Double, _ speed: Double, _ page: Double, _ low: Double, _ high: Double) -> Double {
            guard page > 0 else { return value }
            var index = (value / page).rounded()
            if speed > 1 { index = (value / page).rounded(.up) } else if speed < -1 { index = (value / page).rounded(.down) }
            return min(max(index * page, low), high)
        }
        let low = minimumOffset, high = maximumOffset
        return easel_point(x: axis(offset.x, velocity.x, size.width, low.x, high.x),
                           y: axis(offset.y, velocity.y, size.height, low.y, high.y))
    }

    // MARK: Motion on the media clock

    private func beginDecelerating(_ motion: Motion) {
        isDecelerating = true
        tell(ScrollCalls.willBeginDecelerating)
        start(motion)
    }

    func start(_ motion: Motion) {
        self.motion = motion
        observeClock()
    }

    /// Makes sure the media clock calls ``step(to:)`` (motion or a fade is pending).
    func observeClock() {
        if observer == nil {
            observer = mediaClock.addFrameObserver { [weak self] time in self?.step(to: time) }
        }
    }

    func stopMotion() {
        motion = nil
        if indicatorFadeStart == nil, let observer {
            mediaClock.removeFrameObserver(observer)
            self.observer = nil
        }
        isDecelerating = false
        isZoomBouncing = false
    }

    /// The offset `elapsed` seconds into a deceleration from `start` at `velocity`, and whether it is still moving.
    public static func decelerated(from start: easel_point, velocity: easel_point, rate: Double, after elapsed: Double)
        -> (offset: easel_point, moving: Bool)
    {
        let k = 1000 * log(rate)
        let initial = max(abs(velocity.x), abs(velocity.y))
        // It stops when the speed falls below 1 point per second: at t = ln(1 / v0) / (1000 ln rate).
        let stop = initial > 1 ? log(1 / initial) / k : 0
        let t = min(max(elapsed, 0), stop)
        let factor = (pow(rate, 1000 * t) - 1) / k
        return (easel_point(x: start.x + velocity.x * factor, y: start.y + velocity.y * factor), elapsed < stop)
    }

    private func step(to time: Double) {
        guard let motion else {
            fadeIndicators(at: time)
            return
        }
        switch motion {
        case .decelerate(let start, let velocity, let began):
            let (offset, moving) = Self.decelerated(from: start, velocity: velocity, rate: decelerationRate, after: time - began)
            let limit = clamped(offset)
            // On whole device pixels, as UIKit's deceleration: the content's stored pixels composite without resampling.
            let scale = contentScaleFactor > 0 ? contentScaleFactor : 1
            contentOffset = easel_point(x: (limit.x * scale).rounded() / scale, y: (limit.y * scale).rounded() / scale)
            if limit != offset {
                finishMotion(at: time)
            } else if !moving {
                // It stopped before this frame perhaps (the clock may jump): the indicators fade from then.
                let initial = max(abs(velocity.x), abs(velocity.y))
                finishMotion(at: began + (initial > 1 ? log(1 / initial) / (1000 * log(decelerationRate)) : 0))
            }
        case .settle(let from, let to, let began):
            let f = min(1, max(0, (time - began) / Self.settleDuration))
            let eased = 1 - (1 - f) * (1 - f)  // ease-out
            contentOffset = easel_point(x: from.x + (to.x - from.x) * eased, y: from.y + (to.y - from.y) * eased)
            if f >= 1 { finishMotion(at: began + Self.settleDuration) }
        case .zoom(let view, let from, let to, let began):
            let f = min(1, max(0, (time - began) / Self.settleDuration))
            let eased = 1 - (1 - f) * (1 - f)  // ease-out
            applyZoom(from.scale + (to.scale - from.scale) * eased, to: view,
                      offset: easel_point(x: from.offset.x + (to.offset.x - from.offset.x) * eased,
                                          y: from.offset.y + (to.offset.y - from.offset.y) * eased))
            if f >= 1 { finishMotion(at: began + Self.settleDuration) }
        }
    }

    /// Ends the motion, which came to rest at `end` (at most the clock's time).
    private func finishMotion(at end: Double) {
        let wasDecelerating = isDecelerating, wasBouncing = isZoomBouncing
        let wasZoom: View? = if case .zoom(let view, _, _, _) = motion { view } else { nil }
        stopMotion()
        hideIndicatorsLater(from: min(end, mediaClock.time))
        if wasBouncing, let wasZoom { tellEndZooming(wasZoom) }
        if wasDecelerating { tell(ScrollCalls.didEndDecelerating) } else if !wasBouncing { tell(ScrollCalls.didEndScrollingAnimation) }
    }

    // MARK: Delegate

    private func scrolled() {
        updateIndicators()
        tell(ScrollCalls.didScroll)
    }

    func tell(_ call: HostCall) {
        delegate?.send(call, object: self)
    }

    private func tellEndDragging(willDecelerate: Bool) {
        guard let delegate, let method = delegate.implementation(of: ScrollCalls.didEndDragging) else { return }
        registry.withPluginCall {
            PluginCalls.observe(delegate, ScrollCalls.didEndDragging.selector, method) {
                method.withInvocation { invocation in
                    invocation.target = UnsafeMutableRawPointer(delegate.handle)
                    invocation.selector = UnsafeRawPointer(ScrollCalls.didEndDragging.selector.pointer)
                    var me: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(handle)
                    var flag: UInt8 = willDecelerate ? 1 : 0
                    invocation.setArgument(bytes: &me, at: 2)
                    invocation.setArgument(bytes: &flag, at: 3)
                    invocation.invoke()
                }
            }
        }
    }

    // MARK: Properties by name

    nonisolated(unsafe) static let scrollProperties: [String: BuiltInProperty] = [
        "contentSize": BuiltInProperty(
            type: try! TypeEncoding(parsing: EASEL_ENCODE_SIZE), get: { withUnsafeBytes(of: ($0 as! ScrollView).contentSize) { Array($0) } },
            set: { object, raw throws(RuntimeError) in
                let size = raw.loadUnaligned(as: easel_size.self)
                guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
                    throw RuntimeError(.typeMismatch, "a content size is not negative and finite")
                }
                (object as! ScrollView).contentSize = size
            }),
        "contentOffset": BuiltInProperty(
            type: try! TypeEncoding(parsing: EASEL_ENCODE_POINT), get: { withUnsafeBytes(of: ($0 as! ScrollView).contentOffset) { Array($0) } },
            set: { object, raw in (object as! ScrollView).contentOffset = raw.loadUnaligned(as: easel_point.self) }),
        "contentInset": BuiltInProperty(
            type: try! TypeEncoding(parsing: "{UIEdgeInsets=dddd}"), get: { withUnsafeBytes(of: ($0 as! ScrollView).contentInset) { Array($0) } },
            set: { object, raw throws(RuntimeError) in
                let insets = raw.loadUnaligned(as: EdgeInsets.self)
                guard [insets.top, insets.left, insets.bottom, insets.right].allSatisfy(\.isFinite) else {
                    throw RuntimeError(.typeMismatch, "content insets are finite")
                }
                (object as! ScrollView).contentInset = insets
            }),
        "bounces": scrollFlag(\.bounces),
        "alwaysBounceVertical": scrollFlag(\.alwaysBounceVertical),
        "alwaysBounceHorizontal": scrollFlag(\.alwaysBounceHorizontal),
        "pagingEnabled": scrollFlag(\.isPagingEnabled),
        "showsVerticalScrollIndicator": scrollFlag(\.showsVerticalScrollIndicator),
        "showsHorizontalScrollIndicator": scrollFlag(\.showsHorizontalScrollIndicator),
        "bouncesZoom": scrollFlag(\.bouncesZoom),
        "minimumZoomScale": zoomScaleProperty(\.minimumZoomScale),
        "maximumZoomScale": zoomScaleProperty(\.maximumZoomScale),
        "zoomScale": BuiltInProperty(
            type: .double, get: { withUnsafeBytes(of: ($0 as! ScrollView).zoomScale) { Array($0) } },
            set: { object, raw throws(RuntimeError) in
                let scale = raw.loadUnaligned(as: Double.self)
                guard scale.isFinite, scale > 0 else { throw RuntimeError(.typeMismatch, "a zoom scale is a positive number") }
                (object as! ScrollView).setZoomScale(scale, animated: false)
            }),
        "scrollEnabled": scrollFlag(\.isScrollEnabled),
        "decelerationRate": BuiltInProperty(
            type: .double, get: { withUnsafeBytes(of: ($0 as! ScrollView).decelerationRate) { Array($0) } },
            set: { object, raw throws(RuntimeError) in
                let rate = raw.loadUnaligned(as: Double.self)
                guard rate > 0, rate < 1 else { throw RuntimeError(.typeMismatch, "a deceleration rate is between 0 and 1 (UIKit: 0.998 normal, 0.99 fast)") }
                (object as! ScrollView).decelerationRate = rate
            }),
        "delegate": BuiltInProperty(
            type: .object,
            get: { object in
                let pointer = (object as! ScrollView).delegate.map { UnsafeRawPointer($0.handle) }
                return withUnsafeBytes(of: pointer) { Array($0) }
            },
            set: { object, raw in
                let pointer = raw.loadUnaligned(as: OpaquePointer?.self)
                (object as! ScrollView).delegate = pointer.map(EaselObject.from(handle:))
            }),
    ]

    private static func zoomScaleProperty(_ keyPath: ReferenceWritableKeyPath<ScrollView, Double>) -> BuiltInProperty {
        BuiltInProperty(type: .double, get: { withUnsafeBytes(of: ($0 as! ScrollView)[keyPath: keyPath]) { Array($0) } },
                        set: { object, raw throws(RuntimeError) in
                            let scale = raw.loadUnaligned(as: Double.self)
                            guard scale.isFinite, scale > 0 else { throw RuntimeError(.typeMismatch, "a zoom scale is a positive number") }
                            (object as! ScrollView)[keyPath: keyPath] = scale
                        })
    }

    private static func scrollFlag(_ keyPath: ReferenceWritableKeyPath<ScrollView, Bool>) -> BuiltInProperty {
        BuiltInProperty(type: .bool, get: { [($0 as! ScrollView)[keyPath: keyPath] ? 1 : 0] },
                        set: { object, raw in (object as! ScrollView)[keyPath: keyPath] = raw.load(as: UInt8.self) != 0 })
    }
}

/// The messages a scroll view sends its delegate.
enum ScrollCalls {
    static let didScroll = HostCall("scrollViewDidScroll:", "v@:@")
    static let willBeginDragging = HostCall("scrollViewWillBeginDragging:", "v@:@")
    static let didEndDragging = HostCall("scrollViewDidEndDragging:willDecelerate:", "v@:@B")
    static let willBeginDecelerating = HostCall("scrollViewWillBeginDecelerating:", "v@:@")
    static let didEndDecelerating = HostCall("scrollViewDidEndDecelerating:", "v@:@")
    static let didEndScrollingAnimation = HostCall("scrollViewDidEndScrollingAnimation:", "v@:@")
    static let viewForZooming = HostCall("viewForZoomingInScrollView:", "@@:@")
    static let willBeginZooming = HostCall("scrollViewWillBeginZooming:withView:", "v@:@@")
    static let didZoom = HostCall("scrollViewDidZoom:", "v@:@")
    static let didEndZooming = HostCall("scrollViewDidEndZooming:withView:atScale:", "v@:@@d")

    /// Every message, for checking a delegate's methods (a scene's `delegate`).
    static let all = [didScroll, willBeginDragging, didEndDragging, willBeginDecelerating, didEndDecelerating,
                      didEndScrollingAnimation, viewForZooming, willBeginZooming, didZoom, didEndZooming]
}

extension ScrollView {
    /// The messages a scroll view may send its delegate: (selector, type encoding).
    public static var delegateMessages: [(selector: String, encoding: String)] {
        ScrollCalls.all.map { ($0.selector.name, $0.encoding) }
    }

    /// The first delegate method whose type encoding is not the one the scroll view sends, as a message; `nil` when all fit.
    public static func delegateMismatch(_ delegate: EaselObject) -> String? {
        for call in ScrollCalls.all {
            guard let method = delegate.objectClass.method(for: call.selector) else { continue }
            if !call.accepts(method.signature) {
                return "\(method.readableSignature(className: delegate.objectClass.name)) does not have the signature a scroll view sends (\(call.encoding))"
            }
        }
        return nil
    }
}
