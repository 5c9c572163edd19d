import EaselABI
import EaselEncoding

/// An instance of a registered class.
///
/// It owns a zeroed block of storage, one 16-byte aligned segment per class
/// in its chain, with property defaults applied at creation. Plugins see it
/// as an `easel_object *` handle, valid while a Swift reference (or the
/// registry, for objects plugins create) keeps it alive.
///
/// Instances of the built-in view classes are ``View`` objects (a subclass);
/// the registry picks the Swift class from the nearest built-in ancestor.
open class EaselObject: CustomStringConvertible {
    /// The object's class.
    public let objectClass: ObjectClass
    package let storage: UnsafeMutableRawPointer
    /// The class's storage chain (borrowed: the class outlives the object).
    private let storageChain: UnsafeMutableBufferPointer<StorageChainEntry>
    /// The registry the object belongs to (strong: a registry lives at least
    /// as long as any of its objects).
    package let registry: Registry

    /// The media clock of the object's host (its registry's): the time
    /// animations, timers and timed gestures read.
    public final var mediaClock: MediaClock { registry.mediaClock }

    /// Creates an instance of `cls` with its storage zeroed and its property
    /// defaults applied. The runtime calls it; create objects with
    /// `Registry.makeObject(ofClass:)`, which also sends `init`.
    public required init(class cls: ObjectClass, registry: Registry) {
        objectClass = cls
        storageChain = cls.storageChain
        self.registry = registry
        let size = max(cls.totalStorageSize, 16)
        storage = .allocate(byteCount: size, alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        // The chain from the class up (finite: a class's superclass exists before it), walked
        // without making a list, as `ancestry` would (objects such as touches are made per event).
        var next: ObjectClass? = cls
        while let owner = next {
            next = owner.superclass
            for property in owner.properties {
                guard let bytes = property.defaultValue else { continue }
                bytes.withUnsafeBytes { raw in
                    (storage + owner.storageOffset + property.offset).copyMemory(from: raw.baseAddress!, byteCount: raw.count)
                }
            }
        }
    }

    deinit { storage.deallocate() }

    /// `<ClassName: 0x…>`.
    public var description: String { "<\(objectClass.name): \(handle)>" }

    /// The handle plugins receive (`easel_object *`).
    @inlinable
    package var handle: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

    /// The object behind a handle a plugin passed back.
    package static func from(handle: OpaquePointer) -> EaselObject {
        Unmanaged<EaselObject>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    }

    /// The storage segment of the class with an interned name (a class handle
    /// from a plugin), or `nil` when the object is not of that class. This is
    /// the hot path of every plugin method that reads its state: it walks a
    /// precomputed chain and takes no reference counts.
    package static func storage(ofHandle handle: OpaquePointer, classNamed name: UnsafePointer<CChar>) -> UnsafeMutableRawPointer? {
        Unmanaged<EaselObject>.fromOpaque(UnsafeRawPointer(handle))._withUnsafeGuaranteedRef { object in
            let chain = object.storageChain
            for index in 0..<chain.count where chain[index].name == name {
                return object.storage + chain[index].offset
            }
            return nil
        }
    }

    /// The storage segment of `cls` (this object's class or one of its superclasses).
    package final func storage(of cls: ObjectClass) -> UnsafeMutableRawPointer { storage + cls.storageOffset }

    /// A property the host implements for a built-in class (a view's
    /// `frame`, `alpha`, …), or `nil`. Declared plugin properties take
    /// precedence over built-in ones of the same name.
    package final func builtInProperty(named name: String) -> BuiltInProperty? { objectClass.builtInProperties[name] }

    private func unknownProperty(_ name: String) -> RuntimeError {
        RuntimeError(.unknownProperty, "class '\(objectClass.name)' has no property '\(name)'")
    }

    /// The declared type of a property.
    ///
    /// - Throws: ``RuntimeError`` when the class declares no such property.
    public final func propertyType(_ name: String) throws(RuntimeError) -> TypeEncoding {
        if let (property, _) = objectClass.property(named: name) { return property.type }
        if let builtIn = builtInProperty(named: name) { return builtIn.type }
        throw unknownProperty(name)
    }

    /// A property's raw bytes: a property declared by the class or a
    /// superclass, or a built-in one such as a view's `frame`.
    ///
    /// - Throws: ``RuntimeError`` when the class has no such property.
    public final func propertyBytes(_ name: String) throws(RuntimeError) -> [UInt8] {
        if let (property, owner) = objectClass.property(named: name) {
            return Array(UnsafeRawBufferPointer(start: storage(of: owner) + property.offset, count: property.type.size))
        }
        guard let builtIn = builtInProperty(named: name) else { throw unknownProperty(name) }
        return builtIn.get(self)
    }

    /// Replaces a property's raw bytes.
    ///
    /// For a plugin-declared property this stores the value, like assigning
    /// an instance variable, and tells the object
    /// (``declaredPropertyDidChange(_:)``: a view no longer reuses the pixels
    /// it kept, so the next render that draws it calls `drawRect:`); call
    /// ``View/setNeedsDisplay()`` (and ``View/setNeedsLayout()``) when the
    /// change should show at the next dirty-region render.
    ///
    /// - Throws: ``RuntimeError`` for an unknown property, a wrong byte count,
    ///   or a value a built-in property refuses (a negative size, say).
    public final func setPropertyBytes(_ bytes: [UInt8], for name: String) throws(RuntimeError) {
        let type = try propertyType(name)
        guard bytes.count == type.size else {
            throw RuntimeError(.typeMismatch,
                "property '\(name)' of '\(objectClass.name)' is \(type.readableName) (\(type.size) bytes), not \(bytes.count) bytes")
        }
        if let (property, owner) = objectClass.property(named: name) {
            bytes.withUnsafeBytes { (storage(of: owner) + property.offset).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            declaredPropertyDidChange(name)
            return
        }
        let builtIn = builtInProperty(named: name)!
        var failure: RuntimeError?
        bytes.withUnsafeBytes { raw in
            do throws(RuntimeError) { try builtIn.set(self, raw.baseAddress!) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    private func checkSize<T>(_ name: String, _ type: T.Type) throws(RuntimeError) {
        let declared = try propertyType(name)
        guard declared.size == MemoryLayout<T>.size else {
            throw RuntimeError(.typeMismatch,
                "property '\(name)' of '\(objectClass.name)' is \(declared.readableName), not \(T.self)")
        }
    }

    /// Reads a property as a Swift value of the same size (`Double` for `d`, `easel_color`, …).
    ///
    /// - Throws: ``RuntimeError`` for an unknown property or a size mismatch.
    public final func value<T: BitwiseCopyable>(ofProperty name: String, as type: T.Type = T.self) throws(RuntimeError) -> T {
        try checkSize(name, T.self)
        return try propertyBytes(name).withUnsafeBytes { $0.loadUnaligned(as: T.self) }
    }

    /// Writes a property from a Swift value of the same size.
    ///
    /// - Throws: ``RuntimeError`` for an unknown property, a size mismatch or a refused value.
    public final func setValue<T: BitwiseCopyable>(_ value: T, forProperty name: String) throws(RuntimeError) {
        try checkSize(name, T.self)
        try setPropertyBytes(withUnsafeBytes(of: value) { Array($0) }, for: name)
    }

    /// Called after a plugin-declared property was written through the host
    /// (``setPropertyBytes(_:for:)``, `property_set`); nothing by default.
    ///
    /// A view drops the validity of its backing store: what it drew may depend on the value.
    open func declaredPropertyDidChange(_ name: String) {}

    /// Whether the object's class responds to `selector`.
    public final func responds(to selector: Selector) -> Bool { objectClass.responds(to: selector) }
}

/// A host-implemented property of a built-in class, readable and writable by
/// name like a plugin's declared properties.
package struct BuiltInProperty {
    package let type: TypeEncoding
    package let get: (EaselObject) -> [UInt8]
    package let set: (EaselObject, UnsafeRawPointer) throws(RuntimeError) -> Void

    package init(type: TypeEncoding, get: @escaping (EaselObject) -> [UInt8],
                 set: @escaping (EaselObject, UnsafeRawPointer) throws(RuntimeError) -> Void) {
        self.type = type
        self.get = get
        self.set = set
    }
}
