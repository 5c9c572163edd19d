// View controllers: UIKit's UIViewController for plugin code, over the layout
// extension (easel.layout.v1). On a host without it a controller's `view` is nil
// and setting it does nothing.

import EaselABI
import Synchronization

extension Host {
    /// The address of the layout extension's table, once found (0: not asked yet or absent).
    private static let layoutAddress = Atomic<UInt>(0)

    /// The host's layout extension, or nil when the host has none (or in the scanner).
    static var layout: easel_layout_api? {
        var address = layoutAddress.load(ordering: .acquiring)
        if address == 0, table != nil, let found = api.get_extension?(EASEL_LAYOUT_EXTENSION_ID) {
            address = UInt(bitPattern: Int(bitPattern: found))
            layoutAddress.store(address, ordering: .releasing)
        }
        return UnsafePointer<easel_layout_api>(bitPattern: address)?.pointee
    }
}

/// A ``PluginClass`` whose instances are view controllers (a `ViewController` subclass):
/// its ``Instance`` has the controller's ``Instance/view``, and its methods can be the
/// controller callbacks (``Method/viewDidLoad(_:)``, ``Method/viewWillTransition(_:)``, …).
public protocol ViewControllerClass: PluginClass {}

extension ViewControllerClass {
    /// A `ViewController` subclass unless stated otherwise.
    public static var superclassName: String { "ViewController" }
}

extension Instance where W: ViewControllerClass {
    /// The controller's view, loaded on first use (`loadView`, then `viewDidLoad`); nil on a
    /// host without the layout extension.
    public var view: ViewRef? {
        guard let layout = Host.layout else { return nil }
        return ViewRef(layout.view_controller_view(object.pointer))
    }

    /// Sets the controller's view (UIKit's `view` setter, in `loadView`); nil takes it away.
    public func setView(_ view: ViewRef?) {
        _ = Host.layout?.view_controller_set_view(object.pointer, view?.object.pointer)
    }
}

extension Method where W: ViewControllerClass {
    /// `loadView` (`v@:`): make the controller's view and set it with ``Instance/setView(_:)``.
    public static func loadView(_ body: @escaping (Instance<W>) -> Void) -> Method {
        action("loadView", body)
    }

    /// `viewDidLoad` (`v@:`), after the view is loaded or set.
    public static func viewDidLoad(_ body: @escaping (Instance<W>) -> Void) -> Method {
        action("viewDidLoad", body)
    }

    /// `viewWillAppear:` (`v@:B`), with whether the appearance is animated.
    public static func viewWillAppear(_ body: @escaping (Instance<W>, Bool) -> Void) -> Method {
        make("viewWillAppear:", Shapes.bool) { runtime in { object, animated in body(Instance(object: object, runtime: runtime), animated) } }
    }

    /// `viewDidAppear:` (`v@:B`).
    public static func viewDidAppear(_ body: @escaping (Instance<W>, Bool) -> Void) -> Method {
        make("viewDidAppear:", Shapes.bool) { runtime in { object, animated in body(Instance(object: object, runtime: runtime), animated) } }
    }

    /// `viewWillTransitionToSize:withTransitionCoordinator:` (`v@:{CGSize=dd}@`), before the
    /// window the controller's view fills takes a new size (the coordinator is always NULL).
    public static func viewWillTransition(_ body: @escaping (Instance<W>, Size) -> Void) -> Method {
        make("viewWillTransitionToSize:withTransitionCoordinator:", Shapes.sizeObject) { runtime in
            { object, size, _ in body(Instance(object: object, runtime: runtime), size) }
        }
    }
}
