// Declaring a class: the protocol a widget type adopts, its properties and
// instance variables, and the typed receiver of its methods.

import EaselABI
import Synchronization

/// A class that a plugin declares, written as a Swift type.
///
/// The type's stored `let`s declare the per-instance storage: each
/// ``Property`` becomes a property the host (and a scene file) can read and
/// write by name, each ``Ivar`` private state; the kit lays them out and
/// derives their names and encodings. ``methods`` binds selectors to Swift
/// closures that receive the object as an ``Instance`` of the type.
///
/// ```swift
/// struct Dial: ViewClass {
///     let value = Property(default: 0.25)
///     let tint = Property(default: Color(hex: 0x3366CC))
///
///     static var methods: [Method<Dial>] {
///         [.drawRect { dial, rect, g in
///             g.setFillColor(dial.tint)
///             g.fill(Rect(x: 0, y: 0, width: dial.bounds.width * dial.value, height: dial.bounds.height))
///         }]
///     }
/// }
/// ```
///
/// The kit creates one value of the type (with `init()`) to read the
/// declarations from; the type is never instantiated per object.
public protocol PluginClass {
    /// Creates the declarations. Leave it implicit: give every stored `let` a value.
    init()
    /// The class name, unique across all loaded plugins. Defaults to the type's name.
    static var className: String { get }
    /// The superclass: a built-in ("Object", "View", "RHView", …) or any plugin's class.
    static var superclassName: String { get }
    /// The methods: selectors bound to Swift closures.
    static var methods: [Method<Self>] { get }
}

extension PluginClass {
    // `_typeName` rather than `String(describing:)`: the same name, without the
    // failing protocol-conformance lookups that make the latter cost about 1 M
    // instructions the first time a plugin describes its class.
    public static var className: String { _typeName(Self.self, qualified: false) }
    /// An `Object` subclass unless stated otherwise.
    public static var superclassName: String { "Object" }
    public static var methods: [Method<Self>] { [] }
}

/// A ``PluginClass`` whose instances are views: its ``Instance`` has every
/// view member of ``ViewHandle`` (bounds, subviews, setNeedsDisplay(), …).
public protocol ViewClass: PluginClass {}

extension ViewClass {
    /// A `View` subclass unless stated otherwise.
    public static var superclassName: String { "View" }
}

// MARK: - Storage

/// What the kit needs of a slot without knowing its value type: a class, so
/// that finding the slots of a prototype is a class cast (`as? SlotBase`), not
/// a protocol-conformance lookup, which scans every loaded library's
/// conformance records, for each value type and again in each plugin.
public class SlotBase: @unchecked Sendable {
    /// The name (a property's declared name; for both, the Swift name unless given).
    public internal(set) var name: String
    let declaredName: String?
    /// Byte offset inside the class's storage, set when the plugin's description is built.
    var offset = -1
    let isProperty: Bool
    let size: Int
    let alignment: Int
    let typeEncoding: String
    private let permanentDefaultValue: () -> UnsafeRawPointer
    private let storeDefaultValue: (UnsafeMutableRawPointer, Int) -> Void

    init<Value: EaselValue>(name: String?, defaultValue: Value, isProperty: Bool) {
        self.declaredName = name
        self.name = name ?? ""
        self.isProperty = isProperty
        size = MemoryLayout<Value.CValue>.size
        alignment = MemoryLayout<Value.CValue>.alignment
        typeEncoding = Value.typeEncoding
        permanentDefaultValue = {
            OwnedBuffers.withPermanentAllocations { UnsafeRawPointer(Permanent.value(defaultValue.makeCValue())) }
        }
        storeDefaultValue = { storage, offset in
            storage.storeBytes(of: defaultValue.makeCValue(), toByteOffset: offset, as: Value.CValue.self)
        }
    }

    /// The default value's C form in memory that is never freed.
    func permanentDefault() -> UnsafeRawPointer { permanentDefaultValue() }

    /// Stores the default value into a new object's storage (ivars: the host applies only property defaults).
    func storeDefault(into storage: UnsafeMutableRawPointer) { storeDefaultValue(storage, offset) }
}

/// A typed slot in every instance's storage: a ``Property`` or an ``Ivar``.
///
/// The slot classes put no requirement on `Value` (their initializers
/// require ``EaselValue``): the runtime makes a slot's type from its mangled
/// name when a plugin's fields are reflected, and it checks each requirement
/// by a conformance lookup, which scans every loaded library.
public class StorageSlot<Value>: SlotBase, @unchecked Sendable {
    /// The value a new object starts with.
    public let defaultValue: Value

    init(name: String?, defaultValue: Value, isProperty: Bool) where Value: EaselValue {
        self.defaultValue = defaultValue
        super.init(name: name, defaultValue: defaultValue, isProperty: isProperty)
    }
}

/// A declared property: a typed value in every instance, which the host, a
/// scene file and other plugins read and write by name.
///
/// ```swift
/// let lineWidth = Property(default: 2.0)                 // "lineWidth", "d"
/// let curve = Property(default: [Point]())               // "curve", "{EaselPointArray=^{CGPoint=dd}Q}"
/// let title = Property("caption", default: "Untitled")   // "caption", "*"
/// ```
///
/// The name defaults to the Swift name of the `let`; the encoding comes from
/// the value's type (an ``EaselValue``). Read and write it through the
/// ``Instance``: `view.lineWidth`. Strings and arrays are copied; the kit
/// frees the copies it made when a value is replaced.
public final class Property<Value>: StorageSlot<Value>, @unchecked Sendable {
    /// A property named `name` (by default, the Swift name it is stored under).
    public init(_ name: String? = nil, default value: Value) where Value: EaselValue {
        super.init(name: name, defaultValue: value, isProperty: true)
    }
}

/// An instance variable: per-instance state that is not declared to the host
/// (touch tracking, a cached subview). Read and write it through the
/// ``Instance`` like a property.
public final class Ivar<Value>: StorageSlot<Value>, @unchecked Sendable {
    /// An instance variable that starts as `value`.
    public init(default value: Value) where Value: EaselValue {
        super.init(name: nil, defaultValue: value, isProperty: false)
    }
}

extension StorageSlot where Value: EaselValue {
    func load(from storage: UnsafeMutableRawPointer?) -> Value {
        guard let storage, offset >= 0 else { return defaultValue }
        return Value(cValue: storage.load(fromByteOffset: offset, as: Value.CValue.self))
    }

    func store(_ value: Value, into storage: UnsafeMutableRawPointer?) {
        guard let storage, offset >= 0 else { return }
        let old = storage.load(fromByteOffset: offset, as: Value.CValue.self)
        storage.storeBytes(of: value.makeCValue(), toByteOffset: offset, as: Value.CValue.self)
        Value.releaseCValue(old)
    }
}

// MARK: - The class at run time

/// One declared class: its declarations, laid-out storage and host handle.
final class ClassRuntime<W: PluginClass> {
    let prototype: W
    /// The prototype's bytes, copied once: its slots' references (kept alive
    /// by `prototype`) at their stored offsets, read by ``slot(at:)``.
    private let prototypeBytes: UnsafeMutableRawPointer
    /// The stored offsets of the key paths seen, by the key path object
    /// (see ``slot(at:)``): `offsetCacheSize` entries of open addressing,
    /// each the object's address shifted left 16 bits with the offset + 1 in
    /// the low bits, 0 when free; written once each, read from any thread.
    private let offsetCache: UnsafeMutablePointer<Atomic<UInt>>
    private static var offsetCacheSize: Int { 64 }
    let slots: [SlotBase]
    let instanceSize: Int
    /// The class handle once found (0 before): read on every property access, from any registry's thread.
    private let cachedHandle = Atomic<UInt>(0)

    init() {
        prototype = W()
        var slots: [SlotBase] = []
        for child in Mirror(reflecting: prototype).children {
            guard let slot = child.value as? SlotBase else { continue }
            slot.name = slot.declaredName ?? child.label ?? "property\(slots.count)"
            slots.append(slot)
        }
        // Natural C layout, in declaration order: what a C struct of the same members gets.
        var end = 0
        var alignment = 1
        for slot in slots {
            end = (end + slot.alignment - 1) / slot.alignment * slot.alignment
            slot.offset = end
            end += slot.size
            alignment = max(alignment, slot.alignment)
        }
        self.slots = slots
        instanceSize = (end + alignment - 1) / alignment * alignment
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: max(MemoryLayout<W>.size, 1),
                                                     alignment: MemoryLayout<W>.alignment)
        withUnsafeBytes(of: prototype) {
            if let base = $0.baseAddress { bytes.copyMemory(from: base, byteCount: $0.count) }
        }
        prototypeBytes = bytes
        offsetCache = .allocate(capacity: Self.offsetCacheSize)
        for index in 0..<Self.offsetCacheSize { (offsetCache + index).initialize(to: Atomic(0)) }
    }

    deinit {
        prototypeBytes.deallocate()
        offsetCache.deinitialize(count: Self.offsetCacheSize)
        offsetCache.deallocate()
    }

    /// The slot a declaration's key path names (`\.lineWidth`).
    ///
    /// A stored declaration's slot is read from its offset in the prototype's
    /// bytes, the offset found once per key path object (the compiler makes
    /// one per literal): projecting the key path (`prototype[keyPath:]`)
    /// costs every property access a generic projection with metadata
    /// lookups, and `MemoryLayout.offset(of:)` a walk of the key path.
    @inline(__always)
    func slot<Slot: AnyObject>(at keyPath: KeyPath<W, Slot>) -> Slot {
        guard let offset = storedOffset(of: keyPath) else { return prototype[keyPath: keyPath] }
        let reference = prototypeBytes.load(fromByteOffset: offset, as: UnsafeRawPointer.self)
        return Unmanaged<Slot>.fromOpaque(reference).takeUnretainedValue()
    }

    /// The offset of a stored declaration in `W`, nil for any other key path.
    private func storedOffset(of keyPath: PartialKeyPath<W>) -> Int? {
        let address = UInt(bitPattern: Int(bitPattern: ObjectIdentifier(keyPath)))
        let mask = Self.offsetCacheSize - 1
        let start = Int(truncatingIfNeeded: address >> 4) & mask
        let cacheable = address >> 47 == 0
        if cacheable {
            for probe in 0..<4 {
                let entry = offsetCache[(start + probe) & mask].load(ordering: .relaxed)
                if entry == 0 { break }
                if entry >> 16 == address { return Int(entry & 0xFFFF) - 1 }
            }
        }
        guard let offset = MemoryLayout<W>.offset(of: keyPath) else { return nil }
        guard cacheable, offset < 0xFFFF else { return offset }
        let entry = address << 16 | UInt(offset + 1)
        for probe in 0..<4 {
            let (exchanged, found) = offsetCache[(start + probe) & mask]
                .compareExchange(expected: 0, desired: entry, ordering: .relaxed)
            if exchanged {
                // The cache names the object by its address: keep it alive, so
                // that no other key path can ever have that address.
                _ = Unmanaged.passRetained(keyPath)
                break
            }
            if found == entry { break }  // another thread cached it first
        }
        return offset
    }

    /// The host's handle for the class; nil until the classes are registered.
    var handle: OpaquePointer? {
        if let known = OpaquePointer(bitPattern: cachedHandle.load(ordering: .relaxed)) { return known }
        let found = Host.classNamed(W.className)
        if let found { cachedHandle.store(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(found))), ordering: .relaxed) }
        return found
    }

    /// The storage this class declared in `object`, nil when it is not an instance.
    @inline(__always) func storage(of object: OpaquePointer) -> UnsafeMutableRawPointer? {
        guard let handle else { return nil }
        return Host.api.object_storage(object, handle)
    }

    /// Whether the superclass implements `selector` (own or inherited).
    func superclassResponds(to selector: Selector) -> Bool {
        guard let superclass = Host.classNamed(W.superclassName), let sel = Host.selector(selector.name) else {
            return false
        }
        return Host.api.class_responds_to(superclass, sel) != 0
    }
}

/// The runtimes of this plugin's classes, by type: written while the
/// plugin's description is built (under the entry point's lock, before any
/// method can run), only read afterwards.
enum Runtimes {
    nonisolated(unsafe) static var byType: [ObjectIdentifier: AnyObject] = [:]

    static func runtime<W: PluginClass>(for type: W.Type) -> ClassRuntime<W>? {
        byType[ObjectIdentifier(type)] as? ClassRuntime<W>
    }
}

// MARK: - Instances

/// An object of a ``PluginClass`` `W`: the receiver of `W`'s methods.
///
/// Its properties and instance variables read and write as members:
/// `graph.lineWidth`, `graph.curve = points` (in an extension of
/// `Instance<GraphView>`, write `self.lineWidth`: dynamic members need an
/// explicit base). Writing one does not redraw the view; call
/// `setNeedsDisplay()` when it should. It is an ``ObjectHandle``
/// (messaging, properties by name) and, for a ``ViewClass``, a
/// ``ViewHandle`` (bounds, subviews, setNeedsDisplay(), …). Like every
/// handle it is a plain value that does not keep the object alive.
@dynamicMemberLookup
public struct Instance<W: PluginClass>: ObjectHandle {
    public let object: ObjectRef
    let runtime: ClassRuntime<W>

    init(object: ObjectRef, runtime: ClassRuntime<W>) {
        self.object = object
        self.runtime = runtime
    }

    /// `object` as a `W`, or nil when it is not an instance of `W` (or of a
    /// subclass), or `W` is not a class of this plugin.
    public init?(_ object: some ObjectHandle) {
        guard let runtime = Runtimes.runtime(for: W.self), runtime.storage(of: object.object.pointer) != nil else {
            return nil
        }
        self.init(object: object.object, runtime: runtime)
    }

    /// A declared property or instance variable of `W`, e.g. `view.lineWidth`.
    public subscript<Value: EaselValue, Slot: StorageSlot<Value>>(dynamicMember keyPath: KeyPath<W, Slot>) -> Value {
        get { runtime.slot(at: keyPath).load(from: runtime.storage(of: object.pointer)) }
        nonmutating set { runtime.slot(at: keyPath).store(newValue, into: runtime.storage(of: object.pointer)) }
    }

    /// Sends a message to the superclass's implementation (`[super selector]`) and discards its result.
    @discardableResult
    public func sendSuper<each Argument: EaselArgument>(
        _ selector: Selector, _ arguments: repeat each Argument
    ) -> MessageStatus {
        guard let handle = runtime.handle else { return .notFound }
        return Messaging.send(object.pointer, superclassOf: handle, selector, repeat each arguments, result: nil)
    }

    /// Sends a message to the superclass's implementation and returns its result.
    public func sendSuper<Result: EaselValue, each Argument: EaselArgument>(
        _ selector: Selector, _ arguments: repeat each Argument, returning: Result.Type
    ) -> Result? {
        guard let handle = runtime.handle else { return nil }
        return Messaging.sendReturning(object.pointer, superclassOf: handle, selector, repeat each arguments)
    }
}

extension Instance: ViewHandle where W: ViewClass {}
