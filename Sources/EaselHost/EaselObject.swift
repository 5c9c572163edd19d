import EaselABI
import EaselEncoding

/// An instance of a registered class.
///
/// It owns a zeroed block of storage, one 16-byte aligned segment per class
/// in its chain, with property defaults applied at creation. Plugins see it
/// as an `easel_object *` handle, valid while a Swift reference (or the
/// registry, for objects plugins create) keeps it alive.
public final class EaselObject: CustomStringConvertible {
    /// The object's class.
    public let objectClass: ObjectClass
    package let storage: UnsafeMutableRawPointer
    /// The class's storage chain (borrowed: the class outlives the object).
    private let storageChain: UnsafeMutableBufferPointer<StorageChainEntry>
    /// The registry the object belongs to (strong: a registry lives at least
    /// as long as any of its objects).
    package let registry: Registry

    init(class cls: ObjectClass, registry: Registry) {
        objectClass = cls
        storageChain = cls.storageChain
        self.registry = registry
        let size = max(cls.totalStorageSize, 16)
        storage = .allocate(byteCount: size, alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        for owner in cls.ancestry {
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
    package func storage(of cls: ObjectClass) -> UnsafeMutableRawPointer { storage + cls.storageOffset }

    private func locate(_ name: String) throws(RuntimeError) -> (Property, UnsafeMutableRawPointer) {
        guard let (property, owner) = objectClass.property(named: name) else {
            throw RuntimeError(.unknownProperty, "class '\(objectClass.name)' has no property '\(name)'")
        }
        return (property, storage(of: owner) + property.offset)
    }

    /// The declared type of a property.
    ///
    /// - Throws: ``RuntimeError`` when the class declares no such property.
    public func propertyType(_ name: String) throws(RuntimeError) -> TypeEncoding {
        try locate(name).0.type
    }

    /// A property's raw bytes.
    ///
    /// - Parameter name: A property declared by the class or a superclass.
    /// - Throws: ``RuntimeError`` when the class declares no such property.
    public func propertyBytes(_ name: String) throws(RuntimeError) -> [UInt8] {
        let (property, address) = try locate(name)
        return Array(UnsafeRawBufferPointer(start: address, count: property.type.size))
    }

    /// Replaces a property's raw bytes.
    ///
    /// - Throws: ``RuntimeError`` for an unknown property or a wrong byte count.
    public func setPropertyBytes(_ bytes: [UInt8], for name: String) throws(RuntimeError) {
        let (property, address) = try locate(name)
        guard bytes.count == property.type.size else {
            throw RuntimeError(.typeMismatch,
                "property '\(name)' of '\(objectClass.name)' is \(property.type.readableName) (\(property.type.size) bytes), not \(bytes.count) bytes")
        }
        bytes.withUnsafeBytes { address.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    }

    /// The address of a property whose size matches `T`.
    private func locate<T>(_ name: String, as type: T.Type) throws(RuntimeError) -> UnsafeMutableRawPointer {
        let (property, address) = try locate(name)
        guard property.type.size == MemoryLayout<T>.size else {
            throw RuntimeError(.typeMismatch,
                "property '\(name)' of '\(objectClass.name)' is \(property.type.readableName), not \(T.self)")
        }
        return address
    }

    /// Reads a property as a Swift value of the same size (`Double` for `d`, `easel_color`, …).
    ///
    /// - Throws: ``RuntimeError`` for an unknown property or a size mismatch.
    public func value<T: BitwiseCopyable>(ofProperty name: String, as type: T.Type = T.self) throws(RuntimeError) -> T {
        try locate(name, as: T.self).loadUnaligned(as: T.self)
    }

    /// Writes a property from a Swift value of the same size.
    ///
    /// - Throws: ``RuntimeError`` for an unknown property or a size mismatch.
    public func setValue<T: BitwiseCopyable>(_ value: T, forProperty name: String) throws(RuntimeError) {
        try locate(name, as: T.self).storeBytes(of: value, as: T.self)
    }

    /// Whether the object's class responds to `selector`.
    public func responds(to selector: Selector) -> Bool { objectClass.responds(to: selector) }
}
