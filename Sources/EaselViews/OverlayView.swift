import EaselRuntime
import EaselABI
import EaselCanvas
import EaselGeometry

/// A view that paints over its host's subviews (the seeds' KPOverlayView / NWVOverlayView).
///
/// Made by ``View/addOverlay(drawing:staysOnTop:)``: a transparent view
/// that ignores touches, covers its host's bounds (following them through
/// every resize and scroll) and draws by forwarding its `drawRect:` rect to
/// a selector of the host, through an invocation with the rect as argument
/// 2. Its coordinates are the host's, so the host draws as in its own
/// `drawRect:`. It does not keep its host alive: once the host is gone it
/// draws nothing.
public final class OverlayView: View {
    /// The view the overlay draws for; `nil` once that view has been freed.
    ///
    /// Not a `weak` reference: one would give every host a side table, which
    /// makes each retain and release of the host several times slower (half
    /// the time of a one-view dirty redraw among 1000 hosts). The host does
    /// not keep it alive either, and clears it when it is freed.
    public internal(set) var host: View? {
        get { hostReference?.takeUnretainedValue() }
        set { hostReference = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// The host, unretained (see ``host``).
    private var hostReference: Unmanaged<View>?
    /// The host's selector the overlay forwards `drawRect:` to.
    public internal(set) var hostSelector: Selector?
    /// Whether the overlay stays above subviews that its host gains or brings to the front later.
    public var staysOnTop = true {
        didSet { host?.arrangeOverlays() }
    }

    required init(class cls: ObjectClass, registry: Registry) {
        super.init(class: cls, registry: registry)
        isOpaque = false
        isUserInteractionEnabled = false
        autoresizingMask = []
    }

    /// Matches the host's bounds: frame and bounds both equal to them, so that
    /// the overlay's coordinates are the host's.
    func followHostBounds() {
        guard let host, superview === host else { return }
        let target = host.bounds
        if bounds.size != target.size || center != easel_point(x: target.midX, y: target.midY) {
            frame = target
        }
        bounds = target
    }

    /// The host's method for `hostSelector` if it takes a rect as `drawRect:`
    /// does, with the class and selector it was resolved for.
    ///
    /// A class's methods never change, so the answer holds while the host's
    /// class and the selector stay the same: resolving it once saves a method
    /// lookup and a signature comparison (which allocates) on every draw.
    /// The method is held unowned: the class keeps its methods for the life
    /// of the registry.
    private var forwardClass: ObjectIdentifier?
    private var forwardSelector: Selector?
    private var forwardMethod: Unmanaged<Method>?

    /// What the built-in `drawRect:` calls: the host, the selector and the
    /// host's method for it; `nil` when the host is gone or does not take a rect.
    func forwardTarget() -> (host: View, selector: Selector, method: Unmanaged<Method>)? {
        guard let host, let hostSelector else { return nil }
        let cls = host.objectClass
        if forwardClass != ObjectIdentifier(cls) || forwardSelector != hostSelector {
            forwardMethod = cls.method(for: hostSelector).flatMap {
                ViewCallbacks.drawRect.accepts($0.signature) ? Unmanaged.passUnretained($0) : nil
            }
            forwardClass = ObjectIdentifier(cls)
            forwardSelector = hostSelector
        }
        guard let forwardMethod else { return nil }
        return (host, hostSelector, forwardMethod)
    }

    /// The built-in `drawRect:`, sent by a message (the renderer calls the
    /// host's method itself): forwards the rect to the host's selector.
    func forwardDraw(_ rect: easel_rect) {
        guard let (host, selector, method) = forwardTarget() else { return }
        method._withUnsafeGuaranteedRef { method in
            PluginCalls.observe(host, selector, method) {
                View.callDrawRect(method, target: host.handle, selector: selector, rect: rect)
            }
        }
    }
}

/// A view whose own coordinates are right-handed: origin at the bottom left, y up (RHView, seed 001).
///
/// Its built-in `drawRect:` flips the context so that a point (x, y) lands
/// at (x, height − y) of the view, converts the dirty rect into that space,
/// and sends `drawView:inRect:inContext:` to its ``delegate`` when one is set
/// and responds, otherwise `drawRect:inContext:` to itself. Hit testing,
/// conversions, `setNeedsDisplayInRect:` and the frames of its subviews all
/// use the flipped coordinates.
public final class RightHandedView: View {
    /// The object that draws the view (an object of a plugin class, not a view). The view keeps it
    /// alive, unless it is the view's own controller (a ``ViewController`` whose view this is, seed
    /// 001's "natural delegate"): that one keeps the view alive and is held weakly, as UIKit holds
    /// delegates, so that the two do not keep each other.
    public var delegate: EaselObject? {
        get { keptDelegate ?? controllerDelegate }
        set {
            if let controller = newValue as? ViewController, controller.isViewLoaded, controller.view === self {
                controllerDelegate = controller
                keptDelegate = nil
            } else {
                keptDelegate = newValue
                controllerDelegate = nil
            }
            setNeedsDisplay()
        }
    }
    private var keptDelegate: EaselObject?
    private weak var controllerDelegate: ViewController?

    /// Applies the flip to a canvas whose current space is this view's (y-down) space.
    public func flip(_ canvas: Canvas) {
        canvas.concatenate(ownToDown)
    }

    /// The built-in `drawRect:`; `rect` is in the y-down space the renderer draws in.
    func drawFlipped(_ rect: easel_rect) {
        guard let handle = Canvas.currentContext, let canvas = Canvas.resolve(handle) else { return }
        let flipped = ownToDown.apply(to: rect)
        canvas.saveState()
        flip(canvas)
        if let delegate, let method = delegate.implementation(of: ViewCallbacks.drawViewInRectInContext) {
            PluginCalls.observe(delegate, ViewCallbacks.drawViewInRectInContext.selector, method) {
                method.withInvocation { invocation in
                    invocation.target = UnsafeMutableRawPointer(delegate.handle)
                    invocation.selector = UnsafeRawPointer(ViewCallbacks.drawViewInRectInContext.selector.pointer)
                    var view: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(self.handle)
                    var area = flipped
                    var context: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(handle)
                    invocation.setArgument(bytes: &view, at: 2)
                    invocation.setArgument(bytes: &area, at: 3)
                    invocation.setArgument(bytes: &context, at: 4)
                    invocation.invoke()
                }
            }
        } else if let method = implementation(of: ViewCallbacks.drawRectInContext) {
            PluginCalls.observe(self, ViewCallbacks.drawRectInContext.selector, method) {
                method.withInvocation { invocation in
                    invocation.target = UnsafeMutableRawPointer(self.handle)
                    invocation.selector = UnsafeRawPointer(ViewCallbacks.drawRectInContext.selector.pointer)
                    var area = flipped
                    var context: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(handle)
                    invocation.setArgument(bytes: &area, at: 2)
                    invocation.setArgument(bytes: &context, at: 3)
                    invocation.invoke()
                }
            }
        }
        canvas.restoreState()
    }


    nonisolated(unsafe) static let delegateProperty = BuiltInProperty(
        type: .object,
        get: { object in
            let handle = (object as! RightHandedView).delegate.map { UInt(bitPattern: UnsafeRawPointer($0.handle)) } ?? 0
            return withUnsafeBytes(of: handle) { Array($0) }
        },
        set: { object, raw in
            let bits = raw.loadUnaligned(as: UInt.self)
            (object as! RightHandedView).delegate = bits == 0
                ? nil : EaselObject.from(handle: OpaquePointer(bitPattern: bits)!)
        })
}
