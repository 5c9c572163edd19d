import EaselEncoding
import EaselInvocation

/// A class in the registry: a host built-in or a class described by a plugin.
///
/// Instances keep one block of storage; each class in the superclass chain
/// owns a segment of it (``storageOffset``, 16-byte aligned) where its
/// declared property offsets point. Method lookup walks the superclass chain
/// once per selector and caches the answer, including "does not respond".
public final class ObjectClass: CustomStringConvertible {
    /// The class name.
    public let name: String
    /// The superclass; `nil` only for the root class `Object`.
    public let superclass: ObjectClass?
    /// The plugin that defined the class; `nil` for host built-ins.
    public let plugin: LoadedPlugin?
    /// Bytes of storage this class itself adds to every instance.
    public let instanceSize: Int
    /// The properties this class declares (not inherited ones), in declaration order.
    public let properties: [Property]
    /// The methods this class declares (not inherited ones), in declaration order.
    public let methods: [Method]

    package let internedName: UnsafePointer<CChar>
    /// The Swift class of instances: that of the nearest built-in class in the chain.
    package let instanceType: EaselObject.Type
    /// The properties built-in classes of the chain implement in Swift, by name.
    package let builtInProperties: [String: BuiltInProperty]
    /// Where this class's segment starts inside an instance's storage.
    package let storageOffset: Int
    /// The size of a whole instance's storage (all segments of the chain).
    package let totalStorageSize: Int

    /// The chain's (interned name, storage offset) pairs, this class first,
    /// for allocation- and ARC-free lookups from plugin calls. Owned by the class.
    package let storageChain: UnsafeMutableBufferPointer<StorageChainEntry>

    private let ownMethods: [Selector: Method]
    @exclusivity(unchecked) private var lookupCache: [Selector: Method?] = [:]
    /// A cache the view module keeps per class (whether the class overrides the
    /// built-in hit testing; 0: not known yet), so that hit testing a view does
    /// not look its methods up.
    @exclusivity(unchecked) package var hitTestingFlags: UInt8 = 0
    /// What the modules above keep per class (the view module: what its
    /// renderer resolved), one object per type, made on first use.
    private var attachments: [ObjectIdentifier: AnyObject] = [:]

    /// Creates a class; `instanceType` is given for a built-in class, inherited from the superclass otherwise.
    package init(name: String, superclass: ObjectClass?, plugin: LoadedPlugin?, instanceSize: Int,
                 properties: [Property], methods: [MethodSpec], instanceType: EaselObject.Type? = nil,
                 builtInProperties: [String: BuiltInProperty] = [:]) {
        self.name = name
        self.superclass = superclass
        self.plugin = plugin
        self.instanceSize = instanceSize
        self.properties = properties
        internedName = InternTable.intern(name)
        self.instanceType = instanceType ?? superclass?.instanceType ?? EaselObject.self
        self.builtInProperties = (superclass?.builtInProperties ?? [:]).merging(builtInProperties) { _, own in own }
        let base = superclass?.totalStorageSize ?? 0
        storageOffset = (base + 15) / 16 * 16
        totalStorageSize = storageOffset + instanceSize
        let chain = [StorageChainEntry(name: internedName, offset: storageOffset)]
            + (superclass.map { Array($0.storageChain) } ?? [])
        storageChain = .allocate(capacity: chain.count)
        _ = storageChain.initialize(from: chain)
        let built = methods.map(Method.init(spec:))
        self.methods = built
        ownMethods = Dictionary(built.map { ($0.selector, $0) }, uniquingKeysWith: { first, _ in first })
    }

    deinit { storageChain.deallocate() }

    /// The class name.
    public var description: String { name }

    /// The object of type `T` attached to this class, made by `make` the
    /// first time it is asked for: per-class data of a module above the
    /// runtime (the view module's renderer), which the runtime knows nothing of.
    package func attachment<T: AnyObject>(_ type: T.Type, make: () -> T) -> T {
        let key = ObjectIdentifier(type)
        if let attached = attachments[key] as? T { return attached }
        let made = make()
        attachments[key] = made
        return made
    }

    /// Finds the implementation of `selector` in this class or its superclasses.
    ///
    /// - Parameter selector: The selector to look up.
    /// - Returns: The method, or `nil` when instances do not respond.
    public func method(for selector: Selector) -> Method? {
        if let cached = lookupCache[selector] { return cached }
        let found = ownMethods[selector] ?? superclass?.method(for: selector)
        lookupCache[selector] = .some(found)
        return found
    }

    /// Whether instances respond to `selector` (an own or inherited method).
    public func responds(to selector: Selector) -> Bool { method(for: selector) != nil }

    /// Whether this class is `other` or inherits from it.
    public func isSubclass(of other: ObjectClass) -> Bool {
        var current: ObjectClass? = self
        while let cls = current {
            if cls === other { return true }
            current = cls.superclass
        }
        return false
    }

    /// This class or the superclass with the given interned name (a class
    /// handle from a plugin), found without allocating.
    package func ancestor(interned name: UnsafePointer<CChar>) -> ObjectClass? {
        var current: ObjectClass? = self
        while let cls = current {
            if cls.internedName == name { return cls }
            current = cls.superclass
        }
        return nil
    }

    /// The class chain from this class up to the root.
    public var ancestry: [ObjectClass] {
        var chain: [ObjectClass] = []
        var current: ObjectClass? = self
        while let cls = current { chain.append(cls); current = cls.superclass }
        return chain
    }

    /// Finds a declared property by name in this class or its superclasses.
    ///
    /// - Returns: The property and the class that declares it.
    public func property(named name: String) -> (property: Property, owner: ObjectClass)? {
        for cls in ancestry {
            if let property = cls.properties.first(where: { $0.name == name }) { return (property, cls) }
        }
        return nil
    }
}

/// One class of an instance's chain: its interned name and where its storage segment starts.
package struct StorageChainEntry {
    package let name: UnsafePointer<CChar>
    package let offset: Int
}

/// A method: a selector bound to an implementation with a signature.
public final class Method {
    /// The selector.
    public let selector: Selector
    /// The parsed signature.
    public let signature: MethodSignature
    /// The prepared call frame (shared by every method with the same encoding).
    public let frame: CallFrame
    /// The C function to call.
    public let implementation: UnsafeRawPointer

    private var reusable: Invocation?
    private var reusableBusy = false

    init(spec: MethodSpec) {
        selector = spec.selector
        signature = spec.signature
        frame = spec.frame
        implementation = spec.implementation
    }

    /// A new invocation of this method's implementation.
    public func makeInvocation() -> Invocation { Invocation(frame: frame, implementation: implementation) }

    /// Runs `body` with an invocation of this method, reusing one cached
    /// invocation when it is free (no allocation on the message path) and
    /// creating a fresh one only when the method is re-entered.
    package func withInvocation<R>(_ body: (Invocation) throws -> R) rethrows -> R {
        if !reusableBusy {
            let invocation: Invocation
            if let reusable { invocation = reusable } else {
                invocation = makeInvocation()
                reusable = invocation
            }
            reusableBusy = true
            defer { reusableBusy = false }
            return try body(invocation)
        }
        return try body(makeInvocation())
    }

    /// A readable form such as `-[Swatch drawRect:(CGRect)]` or
    /// `-[Swatch sizeThatFits:(CGSize)] -> CGSize`.
    public func readableSignature(className: String) -> String {
        Method.readableSignature(className: className, selector: selector, signature: signature)
    }

    /// The readable form of a selector with a signature (see ``readableSignature(className:)``).
    static func readableSignature(className: String, selector: Selector, signature: MethodSignature) -> String {
        MethodDescription.readableSignature(className: className, selector: selector, signature: signature)
    }
}
