import EaselABI
import EaselRuntime

// View controllers (UIKit's UIViewController) and the window's root view controller.
//
// A controller is an object of the built-in class `ViewController` or of a plugin
// subclass. Its view is loaded on first use: the host sends `loadView`, which a
// plugin class implements by setting a view (easel.layout.v1's
// view_controller_set_view); without one, or when `loadView` sets none, the
// controller gets a plain `View` (UIKit's default `loadView`). Then `viewDidLoad`.
//
// Layout: before a controller's view lays out (its constraints and its own
// `layoutSubviews`) the host sends `viewWillLayoutSubviews`, after it
// `viewDidLayoutSubviews`, before the subviews lay out, as UIKit does. The link
// from the view to its controller lives in the view's lazily made layout
// properties: `View` does not grow.
//
// Children: `addChild` sends the child `willMoveToParentViewController:` with
// the parent; the caller adds the child's view and calls `didMove(toParent:)`;
// `removeFromParent` sends `didMoveToParentViewController:` with nil (the caller
// sends `willMove(toParent: nil)` first). Appearance (`viewWillAppear:`,
// `viewDidAppear:`) is sent by `Window.makeKeyAndVisible()` to the root
// controller and its children, parents first.
//
// Size transitions: before a window's size changes (its bounds, frame or a
// scene's resize step), the host sends its root view controller
// `viewWillTransitionToSize:withTransitionCoordinator:` (`v@:{CGSize=dd}@`;
// Easel has no transition coordinator, the argument is NULL) or, for a class
// that implements only it, the short form `viewWillTransitionToSize:`
// (`v@:{CGSize=dd}`), with the window's new size; then to its children,
// parents first. (UIKit forwards to children in the superclass's
// implementation, so there an override must call super; here the host
// forwards whatever the override does.)
//
// The responder chain: a controller's view passes what it does not handle to
// its controller, the controller to its view's superview (or, for a view not
// in a tree, to its parent controller), as UIResponder's `next` does in UIKit.

enum ControllerCalls {
    static let loadView = HostCall("loadView", "v@:")
    static let viewDidLoad = HostCall("viewDidLoad", "v@:")
    static let viewWillLayoutSubviews = HostCall("viewWillLayoutSubviews", "v@:")
    static let viewDidLayoutSubviews = HostCall("viewDidLayoutSubviews", "v@:")
    static let viewWillAppear = HostCall("viewWillAppear:", "v@:B")
    static let viewDidAppear = HostCall("viewDidAppear:", "v@:B")
    static let willMoveToParent = HostCall("willMoveToParentViewController:", "v@:@")
    static let didMoveToParent = HostCall("didMoveToParentViewController:", "v@:@")
    static let viewWillTransition = HostCall("viewWillTransitionToSize:withTransitionCoordinator:", "v@:" + EASEL_ENCODE_SIZE + "@")
    static let viewWillTransitionShort = HostCall("viewWillTransitionToSize:", "v@:" + EASEL_ENCODE_SIZE)
}

/// A view controller: an object of the built-in class `ViewController` or a plugin subclass.
public final class ViewController: EaselObject {
    private var loadedView: View?
    private var isLoading = false
    /// The parent controller (weak), or `nil`.
    public private(set) weak var parent: ViewController?
    /// The child controllers, in the order they were added.
    public private(set) var children: [ViewController] = []

    /// Whether the view has been loaded (or set).
    public var isViewLoaded: Bool { loadedView != nil }

    /// The controller's view, loaded on first use (`loadView`, then `viewDidLoad`).
    public var view: View {
        loadViewIfNeeded()
        if let loadedView { return loadedView }
        // loadView was re-entered or set nothing a second time: a plain view, as UIKit's default.
        let view = Self.plainView(registry)
        setView(view)
        return view
    }

    /// Loads the view if it is not loaded: sends `loadView` (a plugin class sets its view),
    /// makes a plain `View` when none was set, then sends `viewDidLoad`.
    public func loadViewIfNeeded() {
        guard loadedView == nil, !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        send(ControllerCalls.loadView)
        if loadedView == nil { setView(Self.plainView(registry)) }
        send(ControllerCalls.viewDidLoad)
    }

    /// Sets the controller's view (UIKit's `view` setter); the old view loses its link.
    public func setView(_ view: View?) {
        guard view !== loadedView else { return }
        loadedView?.layoutProperties?.viewController = nil
        if let view {
            view.properties.viewController?.loadedView = nil
            view.properties.viewController = self
        }
        loadedView = view
    }

    /// Adds a child controller; sends it `willMoveToParentViewController:` with this controller.
    /// A controller that is this one or one of its ancestors is refused.
    public func addChild(_ child: ViewController) throws(ViewError) {
        var current: ViewController? = self
        var steps = 0
        while let controller = current, steps <= View.maximumDepth {
            guard controller !== child else { throw ViewError("cannot add \(child) as a child of itself or of its own descendant") }
            current = controller.parent
            steps += 1
        }
        if child.parent === self { return }
        child.willMove(toParent: self)
        child.detachFromParent()
        children.append(child)
        child.parent = self
    }

    /// Removes the controller from its parent; sends it `didMoveToParentViewController:` with nil.
    public func removeFromParent() {
        guard parent != nil else { return }
        detachFromParent()
        didMove(toParent: nil)
    }

    private func detachFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    /// Sends `willMoveToParentViewController:`.
    public func willMove(toParent parent: ViewController?) { send(ControllerCalls.willMoveToParent, object: parent) }
    /// Sends `didMoveToParentViewController:`.
    public func didMove(toParent parent: ViewController?) { send(ControllerCalls.didMoveToParent, object: parent) }
    /// Sends `viewDidLoad` (the host sends it after `loadView`; a scene that gives the view sends it after setting it).
    public func viewDidLoad() { send(ControllerCalls.viewDidLoad) }
    /// Sends `viewWillLayoutSubviews`.
    public func viewWillLayoutSubviews() { send(ControllerCalls.viewWillLayoutSubviews) }
    /// Sends `viewDidLayoutSubviews`.
    public func viewDidLayoutSubviews() { send(ControllerCalls.viewDidLayoutSubviews) }
    /// Sends `viewWillAppear:` to the controller, then to its children.
    public func viewWillAppear(_ animated: Bool) { sendAppearance(ControllerCalls.viewWillAppear, animated) }
    /// Sends `viewDidAppear:` to the controller, then to its children.
    public func viewDidAppear(_ animated: Bool) { sendAppearance(ControllerCalls.viewDidAppear, animated) }

    private func sendAppearance(_ call: HostCall, _ animated: Bool, depth: Int = 0) {
        sendFlag(call, animated)
        guard depth < View.maximumDepth else { return }
        for child in children { child.sendAppearance(call, animated, depth: depth + 1) }
    }

    /// Tells the controller, then its children (parents first), that its view is about to
    /// take `size` (UIKit's `viewWillTransition(to:with:)`; the window sends it to its root
    /// view controller before it changes size). Sends the plugin class
    /// `viewWillTransitionToSize:withTransitionCoordinator:` with a NULL coordinator, or
    /// `viewWillTransitionToSize:` when it implements only that.
    public func viewWillTransition(to size: easel_size) { sendTransition(size, depth: 0) }

    private func sendTransition(_ size: easel_size, depth: Int) {
        let call = implementation(of: ControllerCalls.viewWillTransition) != nil
            ? ControllerCalls.viewWillTransition : ControllerCalls.viewWillTransitionShort
        if let method = implementation(of: call) {
            registry.withPluginCall {
                PluginCalls.observe(self, call.selector, method) {
                    method.withInvocation { invocation in
                        invocation.target = UnsafeMutableRawPointer(handle)
                        invocation.selector = UnsafeRawPointer(call.selector.pointer)
                        var argument = size
                        invocation.setArgument(bytes: &argument, at: 2)
                        if call.signature.numberOfArguments > 3 {
                            var coordinator: UnsafeMutableRawPointer? = nil
                            invocation.setArgument(bytes: &coordinator, at: 3)
                        }
                        invocation.invoke()
                    }
                }
            }
        }
        guard depth < View.maximumDepth else { return }
        for child in children { child.sendTransition(size, depth: depth + 1) }
    }

    /// The next responder (UIResponder's `next`): the superview of the controller's view,
    /// else the parent controller, else nil.
    public var nextResponder: EaselObject? {
        if let superview = loadedView?.superview { return superview }
        return parent
    }

    /// Sends a host call that takes one `BOOL`.
    private func sendFlag(_ call: HostCall, _ flag: Bool) {
        guard let method = implementation(of: call) else { return }
        registry.withPluginCall {
            PluginCalls.observe(self, call.selector, method) {
                method.withInvocation { invocation in
                    invocation.target = UnsafeMutableRawPointer(handle)
                    invocation.selector = UnsafeRawPointer(call.selector.pointer)
                    var argument: UInt8 = flag ? 1 : 0
                    invocation.setArgument(bytes: &argument, at: 2)
                    invocation.invoke()
                }
            }
        }
    }

    private static func plainView(_ registry: Registry) -> View {
        // `View` is built in; a registry without it cannot have made this controller either.
        guard let view = try? registry.makeView(ofClass: "View") else { preconditionFailure("the built-in class View is missing") }
        return view
    }
}

extension View {
    /// The controller whose view this is, if any (UIKit's private `_viewControllerForAncestor`, for this view only).
    public final var viewController: ViewController? { layoutProperties?.viewController }

    /// The next responder (UIResponder's `next`): the view's controller when it is a
    /// controller's view, else its superview.
    public final var nextResponder: EaselObject? {
        if let controller = layoutProperties?.viewController { return controller }
        return superview
    }

    /// The responder after `responder` in the chain (a view's or a controller's ``nextResponder``).
    static func nextResponder(after responder: EaselObject) -> EaselObject? {
        if let view = responder as? View { return view.nextResponder }
        if let controller = responder as? ViewController { return controller.nextResponder }
        return nil
    }

    /// Sent by the bounds setter of a root view before its size changes: a window tells its
    /// root view controller (``ViewController/viewWillTransition(to:)``).
    final func willTransition(to size: easel_size) {
        guard let window = self as? Window, let controller = window.rootController, !window.isTransitioning else { return }
        // A controller that resizes the window from the callback is not told again (no recursion).
        window.isTransitioning = true
        defer { window.isTransitioning = false }
        controller.viewWillTransition(to: size)
    }
}

extension Window {
    /// The window's root view controller (UIWindow's). Setting it loads the controller's
    /// view, sizes it to the window with a flexible width and height, and adds it as a
    /// subview; the old controller's view leaves the window.
    public var rootViewController: ViewController? {
        get { rootController }
        set {
            guard newValue !== rootController else { return }
            if let old = rootController, old.isViewLoaded, old.view.superview === self { old.view.removeFromSuperview() }
            rootController = newValue
            guard let controller = newValue else { return }
            let view = controller.view
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            do { try addSubview(view) } catch {
                registry.report(.error, "cannot add the root view controller's view to the window: \(error.message)")
            }
        }
    }

    /// Shows the window (UIWindow's): sends `viewWillAppear:` and `viewDidAppear:` (NO) to the
    /// root view controller and its children.
    public func makeKeyAndVisible() {
        guard let controller = rootController, !isVisible else { return }
        isVisible = true
        controller.viewWillAppear(false)
        layoutIfNeeded()
        controller.viewDidAppear(false)
    }
}
