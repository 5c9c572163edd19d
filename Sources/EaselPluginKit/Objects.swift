// Objects: handles, selectors, messaging and properties by name.

import EaselABI

/// A selector: the name of a message, e.g. `"drawCurve:inContext:"`.
///
/// Write selectors as string literals wherever the kit takes one; the kit
/// interns each name with the host once.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The selector's name; its colons count the message's arguments.
    public let name: String

    /// A selector named `name`.
    public init(_ name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }

    public var description: String { name }
}

/// The outcome of a message sent through the host (easel.h's status codes).
public struct MessageStatus: Hashable, Sendable, CustomStringConvertible {
    /// The host's status code, `EASEL_OK` or an `EASEL_ERROR_*` value.
    public let code: Int32

    /// A status from a host status code.
    public init(code: Int32) { self.code = code }

    /// The message was delivered.
    public static let ok = MessageStatus(code: Int32(EASEL_OK))
    /// The receiver's class does not respond to the selector (the host reports it too).
    public static let doesNotRespond = MessageStatus(code: Int32(EASEL_ERROR_DOES_NOT_RESPOND))
    /// A nil receiver (nothing was sent, as messaging nil in Objective-C).
    public static let nullArgument = MessageStatus(code: Int32(EASEL_ERROR_NULL_ARGUMENT))
    /// No such class, property or object.
    public static let notFound = MessageStatus(code: Int32(EASEL_ERROR_NOT_FOUND))
    /// The operation is not allowed, e.g. adding a view to its own subview.
    public static let invalidOperation = MessageStatus(code: Int32(EASEL_ERROR_INVALID_OPERATION))

    /// Whether the message was delivered.
    public var isOK: Bool { self == .ok }

    public var description: String {
        switch self {
        case .ok: "ok"
        case .doesNotRespond: "does not respond"
        case .nullArgument: "null argument"
        case .notFound: "not found"
        case .invalidOperation: "invalid operation"
        default: "status \(code)"
        }
    }
}

// MARK: - Handles

/// Anything that stands for an object of the host: ``ObjectRef``, ``ViewRef``,
/// ``Instance``.
///
/// Every handle can be messaged (``send(_:_:)``), asked for its class, and
/// read and written by property name. Handles are plain values: they do not
/// keep the object alive (the host owns every object; see easel.h, "Ownership").
public protocol ObjectHandle: EaselArgument where CValue == OpaquePointer? {
    /// The object as an untyped handle.
    var object: ObjectRef { get }
}

extension ObjectHandle {
    /// An object is an `id`: "@".
    public static var typeEncoding: String { "@" }
    public func makeCValue() -> OpaquePointer? { object.pointer }
}

/// A handle to any object of the host (Objective-C's `id`).
public struct ObjectRef: ObjectHandle, Hashable {
    /// The host's handle. Plugin code rarely needs it.
    public let pointer: OpaquePointer

    /// A handle for a non-NULL host object; nil for NULL.
    public init?(_ pointer: OpaquePointer?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    /// A handle for a host object known not to be NULL.
    init(known pointer: OpaquePointer) {
        self.pointer = pointer
    }

    public var object: ObjectRef { self }

    /// Creates an object of a class (storage zeroed, property defaults
    /// applied); nil for an unknown class. The host keeps it alive until the
    /// end of the current top-level call; to keep it longer, give it to
    /// something that owns it (a view's delegate, a superview).
    public static func create(_ className: String) -> ObjectRef? {
        ObjectRef(Host.api.object_create(className))
    }
}

extension ObjectHandle {
    /// The name of the object's class.
    public var className: String {
        let api = Host.api
        return api.class_name(api.object_class(object.pointer)).map { String(cString: $0) } ?? ""
    }

    /// Whether the object is an instance of the class named `className` or of a subclass.
    public func isKind(of className: String) -> Bool {
        guard let cls = Host.classNamed(className) else { return false }
        return Host.api.object_storage(object.pointer, cls) != nil
    }

    /// Whether the object's class implements `selector` (or inherits it).
    public func responds(to selector: Selector) -> Bool {
        let api = Host.api
        guard let sel = Host.selector(selector.name) else { return false }
        return api.class_responds_to(api.object_class(object.pointer), sel) != 0
    }

    /// Sends a message, as `objc_msgSend` does, and discards its result.
    ///
    /// ```swift
    /// view.send("drawCurve:inContext:", rect, graphics)
    /// ```
    ///
    /// The arguments must be of the types the receiver's method declares.
    /// - Returns: ``MessageStatus/ok``, or why nothing was called (the host reports it too).
    @discardableResult
    public func send<each Argument: EaselArgument>(
        _ selector: Selector, _ arguments: repeat each Argument
    ) -> MessageStatus {
        Messaging.send(object.pointer, superclassOf: nil, selector, repeat each arguments, result: nil)
    }

    /// Sends a message and returns its result, or nil when nothing was called.
    ///
    /// ```swift
    /// let fitting = content.send("sizeThatFits:", size, returning: Size.self)
    /// ```
    public func send<Result: EaselValue, each Argument: EaselArgument>(
        _ selector: Selector, _ arguments: repeat each Argument, returning: Result.Type
    ) -> Result? {
        Messaging.sendReturning(object.pointer, superclassOf: nil, selector, repeat each arguments)
    }

    /// Reads a declared property (the object's own, inherited, or a built-in
    /// view property such as `"backgroundColor"`) by name.
    ///
    /// - Returns: The value, or nil when the object has no such property.
    ///   `Value` must be the property's declared type.
    public func value<Value: EaselValue>(forProperty name: String, as type: Value.Type = Value.self) -> Value? {
        withUnsafeTemporaryAllocation(byteCount: max(MemoryLayout<Value.CValue>.size, 32), alignment: 16) {
            buffer in
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            guard Host.api.property_get(object.pointer, name, buffer.baseAddress) == EASEL_OK else { return nil }
            return Value(cValue: buffer.baseAddress!.load(as: Value.CValue.self))
        }
    }

    /// Writes a property by name. `value` must be of the property's declared
    /// type. A string or array is copied; the copy the kit made for the
    /// previous value, if any, is freed.
    @discardableResult
    public func setValue<Value: EaselArgument>(_ value: Value, forProperty name: String) -> MessageStatus {
        let api = Host.api
        let size = max(MemoryLayout<Value.CValue>.size, 32)
        return withUnsafeTemporaryAllocation(byteCount: size, alignment: 16) { old in
            old.initializeMemory(as: UInt8.self, repeating: 0)
            let hadOld = api.property_get(object.pointer, name, old.baseAddress) == EASEL_OK
            var new = value.makeCValue()
            let status = withUnsafePointer(to: &new) { api.property_set(object.pointer, name, $0) }
            if status == EASEL_OK {
                if hadOld { Value.releaseCValue(old.baseAddress!.load(as: Value.CValue.self)) }
            } else {
                Value.releaseCValue(new)
            }
            return MessageStatus(code: status)
        }
    }

    /// Reports a message, shown by the host with the plugin's and the object's class name.
    public func log(_ message: String) {
        Host.api.log(object.pointer, message)
    }
}

extension Optional: EaselArgument where Wrapped: ObjectHandle & ObjectHandleInitializable {
    public typealias CValue = OpaquePointer?
    public static var typeEncoding: String { "@" }
    public func makeCValue() -> OpaquePointer? { self?.object.pointer }
}

/// An optional handle is a nullable `id`: a property, ivar or result of type "@".
extension Optional: EaselValue where Wrapped: ObjectHandle & ObjectHandleInitializable {
    public init(cValue: OpaquePointer?) { self = ObjectRef(cValue).map(Wrapped.init(object:)) }
}

/// A handle that wraps any object without checking its class: ``ObjectRef`` and ``ViewRef``.
public protocol ObjectHandleInitializable {
    /// The handle for `object`.
    init(object: ObjectRef)
}

extension ObjectRef: ObjectHandleInitializable {
    public init(object: ObjectRef) { self = object }
}

// MARK: - Sending

enum Messaging {
    /// One argument's C value, in its own buffer, and how to free it after the call.
    private struct Slot {
        let buffer: UnsafeMutableRawPointer
        let release: (UnsafeMutableRawPointer) -> Void
    }

    private static func slot<Argument: EaselArgument>(_ argument: Argument) -> Slot {
        let buffer = UnsafeMutableRawPointer.allocate(
            byteCount: max(MemoryLayout<Argument.CValue>.size, 1), alignment: 16)
        buffer.storeBytes(of: argument.makeCValue(), as: Argument.CValue.self)
        return Slot(buffer: buffer) { Argument.releaseCValue($0.load(as: Argument.CValue.self)) }
    }

    /// Sends `selector` to `receiver` (to the implementation above `superclassOf`
    /// when given: `[super selector]`) with pointers to the arguments' C values.
    ///
    /// A super-send is recorded for the kit's dispatcher (``SuperSend``),
    /// which resolves it from above `superclassOf` when it reaches a method
    /// of this plugin.
    static func send<each Argument: EaselArgument>(
        _ receiver: OpaquePointer?, superclassOf cls: OpaquePointer?, _ selector: Selector,
        _ arguments: repeat each Argument, result: UnsafeMutableRawPointer?
    ) -> MessageStatus {
        guard let receiver else { return .nullArgument }
        guard let sel = Host.selector(selector.name) else { return .nullArgument }
        var slots: [Slot] = []
        for argument in repeat each arguments { slots.append(slot(argument)) }
        defer {
            for slot in slots {
                slot.release(slot.buffer)
                slot.buffer.deallocate()
            }
        }
        let pointers: [UnsafeMutableRawPointer?] = slots.map(\.buffer)
        let api = Host.api
        let status = pointers.withUnsafeBufferPointer { args in
            let list = slots.isEmpty ? nil : args.baseAddress
            guard let cls else { return api.msg_send(receiver, sel, result, list) }
            if let status = SuperSend.sending(receiver, sel, from: cls, {
                api.msg_send_super(receiver, cls, sel, result, list)
            }) {
                return status
            }
            api.log(receiver, "EaselPluginKit: [super \(selector)] not sent: this thread cannot record super-sends")
            return Int32(EASEL_ERROR_INVALID_OPERATION)
        }
        return MessageStatus(code: status)
    }

    static func sendReturning<Result: EaselValue, each Argument: EaselArgument>(
        _ receiver: OpaquePointer?, superclassOf cls: OpaquePointer?, _ selector: Selector,
        _ arguments: repeat each Argument
    ) -> Result? {
        let size = max(MemoryLayout<Result.CValue>.size, 16)
        return withUnsafeTemporaryAllocation(byteCount: size, alignment: 16) { buffer in
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            let status = send(receiver, superclassOf: cls, selector, repeat each arguments,
                              result: buffer.baseAddress)
            guard status.isOK else { return nil }
            return Result(cValue: buffer.baseAddress!.load(as: Result.CValue.self))
        }
    }
}
