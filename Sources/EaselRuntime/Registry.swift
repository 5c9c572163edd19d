// The runtime: classes, objects and messages, and the registry that keeps
// the classes of the loaded plugins.
//
// What this module owns: selectors (interned by EaselProbe), `ObjectClass`,
// `EaselObject`, `Message`, the registry and its link phase, the host table
// plugins call (HostAPI.swift), calls the host makes with a signature it knows
// (HostCall.swift), and the observers of plugin calls. What it knows nothing
// of: views, scenes, where plugin files come from. The modules above bring
// their built-in classes through `BuiltIns` (BuiltIns.swift): the view module's
// `Registry()` registers `View`, `Window`, `OverlayView`, `RHView` and `Touch`
// and installs the host table's view functions; the runtime alone has `Object`.
// Folders, trust and the scanner are EaselDiscovery's (it calls `link`).
//
// A `Registry` starts with the built-in classes and registers plugins in two
// phases, so that classes may subclass each other across plugins in any load
// order:
//
// 1. Probe (EaselProbe's PluginProbe, run by EaselDiscovery). Each `*.so` file, in search-path order
//    and by name within a folder, goes through a straight list of checks, as
//    GStreamer's gst_plugin_load_file does: stat and read permission, ELF
//    magic, dlopen (RTLD_NOW | RTLD_LOCAL), the `easel_plugin_entry_v2` symbol,
//    the entry's result, the ABI version (same major, minor not newer), the
//    geometry layout handshake, then every class, property and method
//    description: names, sizes, offsets, type encodings (parsed once and
//    cached), selector arity and function pointers. The first failed check
//    rejects the whole file with an error naming the file and, where it
//    applies, the class and the selector. The same probe (`PluginProbe`)
//    runs out of process in `easel-plugin-scanner`, which is how `easel`
//    finds out about new files without risking its own process (see
//    EaselDiscovery's Scanning/PluginScanner.swift); `loadPlugins(from:
//    PluginScan)` then loads only what the scan found good.
// 2. Link (`PluginLinker`, on names alone, also used to list a scan without
//    loading it). Class names are claimed in search-path order: the first plugin to
//    define a name wins and every later plugin defining it is rejected as a
//    duplicate (naming the winner). Then superclasses are resolved among the
//    built-ins and the surviving plugins; a plugin whose class inherits from
//    a name nobody defines, or from a class of a rejected plugin, is
//    rejected too, until nothing changes. Classes are created superclass
//    first. A plugin is registered whole or not at all.
//
// Unloading: the host never calls dlclose(). A library containing Swift code
// cannot be unloaded safely (its runtime metadata stays registered), and a
// plugin may keep pointers into itself anywhere. A refused plugin also stays
// mapped. To reload plugins, start a new process.
//
// Messages: `Message` (Message.swift) and the host table's `msg_send`
// (HostAPI.swift) both look a method up through the class chain (cached per
// class) and call it through an `Invocation` from the EaselInvocation module.
// A message the receiver does not understand is an error naming the class and
// the selector; from Swift it throws, from plugin code it returns
// EASEL_ERROR_DOES_NOT_RESPOND and is recorded as a diagnostic.
//
// Threads: a registry and its objects belong to the thread that uses them
// (the host's main thread). Host functions called by plugin code find "their"
// registry through a per-thread slot that every top-level call sets.

@_exported import EaselProbe
import CEaselSupport
import EaselABI
import EaselCanvas
import EaselEncoding
import EaselInvocation

/// A plugin that was loaded and registered.
public struct LoadedPlugin: Sendable, Equatable {
    /// The file it was loaded from.
    public let path: String
    /// The name the plugin gives itself.
    public let name: String
    /// The ABI major version it was built against.
    public let abiMajor: Int
    /// The ABI minor version it was built against.
    public let abiMinor: Int
    /// The classes it defines, in declaration order.
    public let classNames: [String]
    /// What it says about itself (its optional metadata function), nil when nothing.
    public var metadata: PluginMetadata? = nil
}

/// The registry of classes: host built-ins plus the classes of loaded plugins.
public final class Registry {
    /// The names of this registry's built-in classes, in registration order
    /// (what a plugin scan needs to know: ``BuiltIns``).
    public var builtInClassNames: [String] { classes.filter { $0.plugin == nil }.map(\.name) }

    /// Plugins registered so far, in load order.
    public internal(set) var plugins: [LoadedPlugin] = []
    /// Files that were refused, in the order they were found.
    public internal(set) var failures: [PluginLoadError] = []
    /// Messages reported by plugin code since the last ``takeDiagnostics()``.
    public private(set) var diagnostics: [Diagnostic] = []

    private var classTable: [String: ObjectClass] = [:]
    /// Class names in registration order.
    private var classOrder: [String] = []
    /// Objects created by plugin code (`object_create`), kept alive by the
    /// registry until a view among them is added to a superview.
    private var pluginCreatedObjects: [ObjectIdentifier: EaselObject] = [:]
    /// Memory for property values the host stores (strings and arrays from
    /// scene files), alive as long as the registry, as easel.h promises.
    public let valueArena = ValueArena()
    /// The canvas current during plugin calls outside drawing (for measuring text).
    package var scratchCanvas: Canvas?
    /// Methods checked against the signature the host calls them with.
    package var callableMethods: [ObjectIdentifier: Bool] = [:]
    /// The folders `image_named` searches after a plugin's own resource
    /// folders: a scene's `imageFolders`, set by whoever renders it.
    public var imageFolders: [String] = []
    /// The one clock of this host's objects: animations, timers, display
    /// links and timed gestures read it; only the host moves it (``MediaClock``).
    public let mediaClock = MediaClock()
    /// The view module's touch and gesture state (touches in flight, gesture
    /// recognizers by view), made on the first touch: kept here so that a view
    /// does not grow by a field most views never use.
    package var interactionState: AnyObject?
    /// The animation engine of the views module (EaselViews' `Animator`), made on first use.
    package var animator: AnyObject?
    /// The render's scale, by which `image_named` chooses `@2x` and `@3x` variants (1 until a render sets it).
    public var imageScale: Double = 1
    /// Decides whether a plugin's resource folder may be read: `nil` to allow
    /// it, else why not (EaselDiscovery installs the plugin-folder permission rule).
    package var resourceFolderCheck: (@Sendable (String) -> String?)? {
        didSet { resourceFolderCache = [:] }
    }
    /// The resource folders found per plugin file (PluginResources.swift).
    var resourceFolderCache: [String: (folders: [String], notes: [String])] = [:]

    /// Creates a registry holding only built-in classes.
    ///
    /// The view module's `Registry()` passes its classes (`View`, `Window`,
    /// `OverlayView`, `RHView`, `Touch`); ``BuiltIns/objectOnly`` is the
    /// runtime alone.
    /// - Parameter builtIns: The built-in classes, and the host table's view functions.
    package init(builtIns: BuiltIns) {
        if let views = builtIns.viewFunctions { HostAPI.install(viewFunctions: views) }
        for builtIn in builtIns.classes {
            register(ObjectClass(name: builtIn.name, superclass: builtIn.superclassName.flatMap { classTable[$0] },
                                 plugin: nil, instanceSize: 0, properties: [], methods: builtIn.methods,
                                 instanceType: builtIn.instanceType, builtInProperties: builtIn.properties))
        }
    }

    package func register(_ cls: ObjectClass) {
        classTable[cls.name] = cls
        classOrder.append(cls.name)
    }

    /// All classes, built-ins first, then in registration order.
    public var classes: [ObjectClass] { classOrder.compactMap { classTable[$0] } }

    /// The class with a name, or `nil`.
    public func objectClass(named name: String) -> ObjectClass? { classTable[name] }

    /// Creates an instance of a class, with property defaults applied, then
    /// sends it `init` when its class implements it (`v@:`).
    ///
    /// An instance is of the Swift class of its nearest built-in class (a view
    /// class's is a view, with a zero frame).
    /// - Parameter className: A registered class name.
    /// - Throws: ``RuntimeError`` when no such class is registered.
    public func makeObject(ofClass className: String) throws(RuntimeError) -> EaselObject {
        guard let cls = classTable[className] else {
            throw RuntimeError(.unknownClass, "no class named '\(className)' is registered")
        }
        let object = cls.instanceType.init(class: cls, registry: self)
        object.send(HostCall.initialize)
        return object
    }

    /// Prepares a message to an object: looks the method up once.
    ///
    /// - Parameters:
    ///   - target: The receiver.
    ///   - selector: The selector to send.
    ///   - forceLibffi: Call through libffi even where a direct typed call exists.
    /// - Throws: ``RuntimeError`` when the receiver's class does not respond.
    public func message(_ target: EaselObject, _ selector: Selector,
                        forceLibffi: Bool = InvocationOptions.forceLibffi) throws(RuntimeError) -> Message {
        guard let method = target.objectClass.method(for: selector) else {
            throw .doesNotRespond(target.objectClass, selector)
        }
        return Message(target: target, selector: selector, method: method, forceLibffi: forceLibffi)
    }

    /// Returns and clears the diagnostics reported by plugin code.
    public func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics = [] }
        return diagnostics
    }

    /// Forgets what belongs to the scene built in this registry, so that another one can be built
    /// with the same loaded plugins: the media clock goes back to 0 without timers or observers,
    /// and the animation engine and the touches in flight are dropped (each is made again on first
    /// use). The loaded classes, the plugins' own state and the value arena stay.
    package func startOverForNewScene() {
        mediaClock.reset()
        // Released after the fields are cleared: a view freed with the touches in flight asks
        // for the interaction state in its deinit.
        let dropped = (animator, interactionState)
        animator = nil
        interactionState = nil
        diagnostics = []
        withExtendedLifetime(dropped) {}
    }

    package func report(_ severity: Diagnostic.Severity, _ message: String) {
        diagnostics.append(Diagnostic(severity: severity, message: message))
    }

    package func retainPluginObject(_ object: EaselObject) { pluginCreatedObjects[ObjectIdentifier(object)] = object }

    /// The object plugin code created (and the registry still keeps) at `handle`, if any.
    package func pluginCreatedObject(at handle: UnsafeRawPointer) -> EaselObject? {
        pluginCreatedObjects.values.first { UnsafeRawPointer($0.handle) == handle }
    }

    /// Hands an object created by plugin code over to its new owner (a view to its superview).
    package func releaseFromCreationPool(_ object: EaselObject) {
        if !pluginCreatedObjects.isEmpty { pluginCreatedObjects[ObjectIdentifier(object)] = nil }
    }

    // MARK: - The active registry of this thread

    /// Runs `body` with this registry as the one host functions use on this thread.
    @inlinable @inline(__always)
    package func withActive<R>(_ body: () throws -> R) rethrows -> R {
        let previous = easel_support_get_active_registry()
        easel_support_set_active_registry(Unmanaged.passUnretained(self).toOpaque())
        defer { easel_support_set_active_registry(previous) }
        return try body()
    }

    /// The registry whose call is in progress on this thread.
    package static var active: Registry? {
        guard let raw = easel_support_get_active_registry() else { return nil }
        return Unmanaged<Registry>.fromOpaque(raw).takeUnretainedValue()
    }

    // MARK: - Sending from plugin code

    /// Delivers a message from plugin code: argument values come as an array
    /// of pointers, the return value is copied to `result`.
    package func send(_ receiver: EaselObject, _ selector: Selector, lookupFrom start: ObjectClass?,
              result: UnsafeMutableRawPointer?,
              arguments: UnsafePointer<UnsafeMutableRawPointer?>?) -> Int32 {
        guard let method = start?.method(for: selector) else {
            let cls = start ?? receiver.objectClass
            report(.error, "\(RuntimeError.doesNotRespond(cls, selector).message) (message sent by plugin code)")
            return Int32(EASEL_ERROR_DOES_NOT_RESPOND)
        }
        let declared = method.signature.numberOfArguments - 2
        if declared > 0 && arguments == nil {
            report(.error, "message '\(selector.name)' to '\(receiver.objectClass.name)' was sent with no argument array")
            return Int32(EASEL_ERROR_NULL_ARGUMENT)
        }
        return PluginCalls.observe(receiver, selector, method) { method.withInvocation { invocation in
            invocation.target = UnsafeMutableRawPointer(receiver.handle)
            invocation.selector = UnsafeRawPointer(selector.pointer)
            for index in 0..<declared {
                guard let value = arguments![index] else {
                    report(.error, "argument \(index + 2) of message '\(selector.name)' to '\(receiver.objectClass.name)' is NULL")
                    return Int32(EASEL_ERROR_NULL_ARGUMENT)
                }
                invocation.setArgument(bytes: value, at: index + 2)
            }
            invocation.invoke()
            if let result, method.signature.methodReturnLength > 0 {
                result.copyMemory(from: invocation.returnBytes.baseAddress!, byteCount: method.signature.methodReturnLength)
            }
            return Int32(EASEL_OK)
        } }
    }
}
