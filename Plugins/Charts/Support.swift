// Plumbing shared by the Charts plugin: the host table, memory that lives for
// the rest of the process, descriptor builders and message-sending helpers.
//
// Everything a plugin hands to the host must stay valid while the library is
// loaded, and the host never unloads plugins, so the descriptors, their
// strings and their default values are allocated once and never freed.

import EaselABI

// MARK: - The host

/// The host table passed to the entry point; valid for the life of the process.
/// Only touched on the host's main thread (easel.h: "Threads").
nonisolated(unsafe) var hostTable: UnsafePointer<easel_host_api>?

/// The host's function table.
var host: easel_host_api { hostTable.unsafelyUnwrapped.pointee }

/// The host's drawing functions.
var graphics: easel_graphics_api { host.graphics.unsafelyUnwrapped.pointee }

/// The packed ABI version (easel.h's EASEL_ABI_VERSION).
let abiVersion = UInt32(EASEL_ABI_VERSION)

/// Interns a selector name.
func selector(_ name: String) -> easel_sel? {
    host.sel_register(name)
}

// MARK: - Memory that is never freed

/// A NUL-terminated UTF-8 copy of `string` that lives for the rest of the process.
func permanentCString(_ string: String) -> UnsafePointer<CChar> {
    let bytes = string.utf8CString  // includes the terminating NUL
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    bytes.withUnsafeBufferPointer { copy.initialize(from: $0.baseAddress!, count: bytes.count) }
    return UnsafePointer(copy)
}

/// A copy of `elements` that lives for the rest of the process (nil when empty).
func permanentArray<Element>(_ elements: [Element]) -> UnsafePointer<Element>? {
    guard !elements.isEmpty else { return nil }
    let copy = UnsafeMutablePointer<Element>.allocate(capacity: elements.count)
    copy.initialize(from: elements, count: elements.count)
    return UnsafePointer(copy)
}

/// A copy of `value` that lives for the rest of the process.
func permanentValue<Value>(_ value: Value) -> UnsafePointer<Value> {
    let copy = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    copy.initialize(to: value)
    return UnsafePointer(copy)
}

// MARK: - Descriptor builders

/// Stores a `@convention(c)` function as an `easel_imp`. The host casts it back
/// to the signature the method's encoding describes before calling it.
func imp<Function>(_ function: Function) -> easel_imp {
    unsafeBitCast(function, to: easel_imp.self)
}

/// A method: `selector` bound to `implementation`, whose C signature is `encoding`.
func method(_ selector: String, _ encoding: String, _ implementation: easel_imp) -> easel_method_desc {
    easel_method_desc(
        abi_version: abiVersion,
        struct_size: UInt32(MemoryLayout<easel_method_desc>.size),
        selector: permanentCString(selector),
        type_encoding: permanentCString(encoding),
        imp: implementation)
}

/// A property stored at `keyPath` inside the class's storage struct, with the
/// default value `initial` (the encoding must describe `Value`).
func property<Storage, Value>(
    _ name: String, _ encoding: String, _ keyPath: KeyPath<Storage, Value>, default initial: Value
) -> easel_property_desc {
    guard let offset = MemoryLayout<Storage>.offset(of: keyPath) else {
        fatalError("\(name) is not a stored property of \(Storage.self)")
    }
    return easel_property_desc(
        abi_version: abiVersion,
        struct_size: UInt32(MemoryLayout<easel_property_desc>.size),
        name: permanentCString(name),
        type_encoding: permanentCString(encoding),
        offset: UInt64(offset),
        default_value: UnsafeRawPointer(permanentValue(initial)))
}

/// A class whose per-instance storage is the struct `Storage`.
func classDescription<Storage>(
    _ name: String, superclass: String, storage: Storage.Type,
    properties: [easel_property_desc] = [], methods: [easel_method_desc]
) -> easel_class_desc {
    easel_class_desc(
        abi_version: abiVersion,
        struct_size: UInt32(MemoryLayout<easel_class_desc>.size),
        name: permanentCString(name),
        superclass_name: permanentCString(superclass),
        instance_size: UInt64(MemoryLayout<Storage>.size),
        property_count: UInt32(properties.count),
        method_count: UInt32(methods.count),
        properties: permanentArray(properties),
        methods: permanentArray(methods))
}

/// The plugin description, with the layout handshake as this compiler sees it.
func pluginDescription(_ name: String, classes: [easel_class_desc]) -> UnsafePointer<easel_plugin_desc> {
    let layout = easel_layout(
        abi_version: abiVersion,
        struct_size: UInt32(MemoryLayout<easel_layout>.size),
        point_size: UInt32(MemoryLayout<easel_point>.size),
        size_size: UInt32(MemoryLayout<easel_size>.size),
        rect_size: UInt32(MemoryLayout<easel_rect>.size),
        transform_size: UInt32(MemoryLayout<easel_affine_transform>.size),
        color_size: UInt32(MemoryLayout<easel_color>.size),
        rect_alignment: UInt32(MemoryLayout<easel_rect>.alignment))
    return permanentValue(
        easel_plugin_desc(
            abi_version: abiVersion,
            struct_size: UInt32(MemoryLayout<easel_plugin_desc>.size),
            name: permanentCString(name),
            layout: layout,
            class_count: UInt32(classes.count),
            classes: permanentArray(classes)))
}

// MARK: - Sending messages

/// Sends a message with two declared arguments through the host, passing
/// pointers to the argument values as msg_send expects. Returns the status.
@discardableResult
func send<A, B>(_ receiver: OpaquePointer?, _ sel: easel_sel?, _ a: A, _ b: B) -> Int32 {
    var a = a
    var b = b
    return withUnsafeMutablePointer(to: &a) { pa in
        withUnsafeMutablePointer(to: &b) { pb in
            let args: [UnsafeMutableRawPointer?] = [UnsafeMutableRawPointer(pa), UnsafeMutableRawPointer(pb)]
            return host.msg_send(receiver, sel, nil, args)
        }
    }
}

/// Sends a message with one declared argument to the superclass implementation
/// (`[super sel]`), starting the lookup above `cls`. Returns the status.
@discardableResult
func sendSuper<A>(_ receiver: OpaquePointer?, _ cls: OpaquePointer?, _ sel: easel_sel?, _ a: A) -> Int32 {
    var a = a
    return withUnsafeMutablePointer(to: &a) { pa in
        let args: [UnsafeMutableRawPointer?] = [UnsafeMutableRawPointer(pa)]
        return host.msg_send_super(receiver, cls, sel, nil, args)
    }
}
