import EaselABI
import EaselProbe
import Synchronization

/// A class the host defines itself, registered in every registry before any plugin class.
///
/// The runtime knows one built-in class, `Object`. The modules above it
/// bring theirs (the view module: `View`, `Window`, `OverlayView`, `RHView`,
/// `Touch`) through ``BuiltIns``, with the Swift class their instances are
/// made of, so the runtime never names a view.
/// Immutable; its method implementations are static functions (hence `@unchecked`).
package struct BuiltInClass: @unchecked Sendable {
    /// The class name.
    package let name: String
    /// The superclass's name (an earlier built-in), `nil` only for `Object`.
    package let superclassName: String?
    /// The Swift class of instances of this class and of plugin classes that inherit from it.
    package let instanceType: EaselObject.Type
    /// The methods the class implements in Swift, which plugin subclasses may
    /// override and reach with `msg_send_super`.
    package let methods: [MethodSpec]
    /// The properties the class implements in Swift (besides its superclass's), by name.
    package let properties: [String: BuiltInProperty]

    /// Describes a built-in class.
    package init(name: String, superclassName: String?, instanceType: EaselObject.Type, methods: [MethodSpec] = [],
                 properties: [String: BuiltInProperty] = [:]) {
        self.name = name
        self.superclassName = superclassName
        self.instanceType = instanceType
        self.methods = methods
        self.properties = properties
    }
}

/// What the modules above the runtime add to a registry: built-in classes,
/// and the view functions of the host table.
/// Immutable values of static tables and functions (hence `@unchecked`).
public struct BuiltIns: @unchecked Sendable {
    /// Built-in classes in registration order (superclass first), starting with `Object`.
    package var classes: [BuiltInClass]
    /// The host table's `views` slot; `nil` keeps the table whose functions
    /// act as for a NULL view (the scanner's).
    package var viewFunctions: UnsafePointer<easel_view_api>?

    /// Describes what a registry starts with.
    package init(classes: [BuiltInClass], viewFunctions: UnsafePointer<easel_view_api>?) {
        self.classes = classes
        self.viewFunctions = viewFunctions
    }

    /// The root class `Object`, which every set of built-ins starts with.
    package static let object = BuiltInClass(name: "Object", superclassName: nil, instanceType: EaselObject.self)

    /// Only `Object`: the runtime without views.
    public static var objectOnly: BuiltIns { BuiltIns(classes: [object], viewFunctions: nil) }

    /// The class names, in registration order (what a plugin scan is given).
    public var classNames: [String] { classes.map(\.name) }
}

extension HostAPI {
    /// The view functions installed so far (the same table every time), under a lock.
    private static let installed = Mutex<UInt>(0)

    /// Puts `viewFunctions` into the host table's `views` slot, once, before
    /// any plugin of a registry with these built-ins is loaded.
    static func install(viewFunctions: UnsafePointer<easel_view_api>) {
        let address = UInt(bitPattern: Int(bitPattern: viewFunctions))
        installed.withLock { current in
            guard current != address else { return }
            current = address
            UnsafeMutablePointer(mutating: table).pointee.views = viewFunctions
        }
    }
}
