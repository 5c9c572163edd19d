// The plugin: its description for the host, built from the Swift class
// declarations once, and the entry point's body.

import EaselABI
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A plugin's description: its name and classes, handed to the host by the
/// plugin's entry point.
///
/// Swift can export functions but not data, so every plugin keeps one short
/// exported function that calls ``entry(_:name:classes:)``:
///
/// ```swift
/// @_cdecl("easel_plugin_entry_v2")
/// public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
///     Plugin.entry(host, name: "Graph", classes: [GraphView.self])
/// }
/// ```
public enum Plugin {
    /// The description once built (nil before, and when refused), under a lock:
    /// several registries may load the plugin, each on its own thread.
    private static let state = Mutex<(built: UInt, attempted: Bool)>((0, false))

    /// The body of `easel_plugin_entry_v2`: keeps the host table and returns
    /// the plugin's description, built on the first call and kept for the
    /// life of the process (easel.h, "Ownership").
    ///
    /// - Parameters:
    ///   - host: The `const easel_host_api *` the host passed.
    ///   - name: The plugin's human-readable name, e.g. "Graph".
    ///   - classes: The plugin's classes, in any order.
    /// - Returns: The `const easel_plugin_desc *` to return, or nil to refuse
    ///   loading: for a host table smaller than 2.0's.
    public static func entry(_ host: UnsafeRawPointer?, name: String, classes: [any PluginClass.Type]) -> UnsafeRawPointer? {
        guard let host else { return nil }
        let table = host.assumingMemoryBound(to: easel_host_api.self)
        guard Int(table.pointee.struct_size) >= Int(EASEL_HOST_API_SIZE_2_0), table.pointee.views != nil else { return nil }
        let built = state.withLock { state -> UInt in
            if !state.attempted {
                Host.table = table  // the same table on every call; set before any method can run
                let description = describe(name: name, classes: classes)
                state.built = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(description)))
                state.attempted = true
            }
            return state.built
        }
        return UnsafeRawPointer(bitPattern: built)
    }

    private static func describe(name: String, classes: [any PluginClass.Type]) -> UnsafePointer<easel_plugin_desc> {
        let descriptions = classes.map { describe($0) }
        let layout = Permanent.value(easel_layout(
            abi_version: abiVersion,
            struct_size: UInt32(MemoryLayout<easel_layout>.size),
            point_size: UInt32(MemoryLayout<easel_point>.size),
            size_size: UInt32(MemoryLayout<easel_size>.size),
            rect_size: UInt32(MemoryLayout<easel_rect>.size),
            transform_size: UInt32(MemoryLayout<easel_affine_transform>.size),
            color_size: UInt32(MemoryLayout<easel_color>.size),
            rect_alignment: UInt32(MemoryLayout<easel_rect>.alignment)))
        return Permanent.value(easel_plugin_desc(
            abi_version: abiVersion,
            struct_size: UInt32(MemoryLayout<easel_plugin_desc>.size),
            name: Permanent.cString(name),
            layout: layout,
            class_count: UInt32(descriptions.count),
            classes: Permanent.array(descriptions)))
    }

    private static func describe<W: PluginClass>(_ type: W.Type) -> easel_class_desc {
        let runtime = ClassRuntime<W>()
        Runtimes.byType[ObjectIdentifier(type)] = runtime

        let properties = runtime.slots.filter(\.isProperty).map { slot in
            easel_property_desc(
                abi_version: abiVersion,
                struct_size: UInt32(MemoryLayout<easel_property_desc>.size),
                name: Permanent.cString(slot.name),
                type_encoding: Permanent.cString(slot.typeEncoding),
                offset: UInt64(slot.offset),
                default_value: slot.permanentDefault())
        }

        var declared = W.methods
        // Instance variables start at their defaults: the host applies only
        // property defaults, so the kit's `init` stores them.
        let ivarsNeedInit = runtime.slots.contains { slot in
            !slot.isProperty && UnsafeRawBufferPointer(start: slot.permanentDefault(), count: slot.size)
                .contains { $0 != 0 }
        }
        if ivarsNeedInit && !declared.contains(where: { $0.selector == "init" }) {
            declared.append(Method.defaultInitializer)
        }

        // Every method is installed with its shape's C function; the
        // function finds the closure by (class, selector) in KitClasses. A
        // selector declared twice is passed on: the host refuses the plugin
        // and names the class and the selector.
        var methods: [easel_method_desc] = []
        var bound: [String: BoundMethod] = [:]
        for method in declared {
            let binding = method.bind(runtime)
            bound[method.selector.name] = bound[method.selector.name] ?? binding
            methods.append(easel_method_desc(
                abi_version: abiVersion,
                struct_size: UInt32(MemoryLayout<easel_method_desc>.size),
                selector: Permanent.cString(method.selector.name),
                type_encoding: Permanent.cString(method.typeEncoding),
                imp: binding.shape.imp))
        }
        KitClasses.register(KitClass(name: W.className, superclassName: W.superclassName, methods: bound))

        return easel_class_desc(
            abi_version: abiVersion,
            struct_size: UInt32(MemoryLayout<easel_class_desc>.size),
            name: Permanent.cString(W.className),
            superclass_name: Permanent.cString(W.superclassName),
            instance_size: UInt64(runtime.instanceSize),
            property_count: UInt32(properties.count),
            method_count: UInt32(methods.count),
            properties: Permanent.array(properties),
            methods: Permanent.array(methods))
    }
}
