import EaselDrawingExtensions
import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselProbe

/// The host function table handed to every plugin's entry point.
///
/// One table serves the whole process; functions that need a registry use
/// the object they are given or, for those that take none (`class_named`,
/// `object_create`, `class_responds_to`), the registry whose call is in
/// progress on this thread. Every function tolerates NULL arguments.
package enum HostAPI {
    /// The table (allocated once, never freed).
    nonisolated(unsafe) package static let table: UnsafePointer<easel_host_api> = {
        let table = UnsafeMutablePointer<easel_host_api>.allocate(capacity: 1)
        // The extension tables of the canvas, found through get_extension.
        HostExtensions.register(EASEL_PAINT_EXTENSION_ID, table: UnsafeRawPointer(Canvas.paintAPI))
        HostExtensions.register(Canvas.textExtensionID, table: Canvas.textAPI)
        table.initialize(to: easel_host_api(
            abi_version: HostABI.packedVersion,
            struct_size: UInt32(MemoryLayout<easel_host_api>.size),
            sel_register: { name in
                guard let name else { return nil }
                return OpaquePointer(InternTable.intern(String(cString: name)))
            },
            sel_name: { sel in sel.map { UnsafePointer<CChar>($0) } },
            class_named: { name in
                guard let name, let cls = Registry.active?.objectClass(named: String(cString: name)) else { return nil }
                return OpaquePointer(cls.internedName)
            },
            object_class: { object in
                object.map { OpaquePointer(EaselObject.from(handle: $0).objectClass.internedName) }
            },
            class_name: { cls in cls.map { UnsafePointer<CChar>($0) } },
            class_responds_to: { cls, sel in
                guard let cls, let sel, let found = HostAPI.objectClass(cls, in: Registry.active) else { return 0 }
                return found.responds(to: Selector(interned: UnsafePointer(sel))) ? 1 : 0
            },
            object_create: { name in
                guard let name, let registry = Registry.active,
                      let object = try? registry.makeObject(ofClass: String(cString: name)) else { return nil }
                registry.retainPluginObject(object)
                return object.handle
            },
            object_storage: { object, cls in
                guard let object, let cls else { return nil }
                return EaselObject.storage(ofHandle: object, classNamed: UnsafePointer(cls))
            },
            msg_send: { object, sel, result, args in
                guard let object, let sel else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
                let receiver = EaselObject.from(handle: object)
                return receiver.registry.withActive {
                    receiver.registry.send(receiver, Selector(interned: UnsafePointer(sel)),
                                           lookupFrom: receiver.objectClass, result: result, arguments: args)
                }
            },
            msg_send_super: { object, cls, sel, result, args in
                guard let object, let cls, let sel else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
                let receiver = EaselObject.from(handle: object)
                let wanted = UnsafePointer<CChar>(cls)
                guard let current = receiver.objectClass.ancestor(interned: wanted) else {
                    receiver.registry.report(.error,
                        "msg_send_super: '\(receiver.objectClass.name)' is not a '\(String(cString: wanted))'")
                    return Int32(EASEL_ERROR_NOT_FOUND)
                }
                return receiver.registry.withActive {
                    receiver.registry.send(receiver, Selector(interned: UnsafePointer(sel)),
                                           lookupFrom: current.superclass, result: result, arguments: args)
                }
            },
            property_get: { object, name, value in
                guard let object, let name, let value else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
                let receiver = EaselObject.from(handle: object)
                guard let bytes = try? receiver.propertyBytes(String(cString: name)) else {
                    return Int32(EASEL_ERROR_NOT_FOUND)
                }
                bytes.withUnsafeBytes { value.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                return Int32(EASEL_OK)
            },
            property_set: { object, name, value in
                guard let object, let name, let value else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
                let receiver = EaselObject.from(handle: object)
                let key = String(cString: name)
                guard let type = try? receiver.propertyType(key) else { return Int32(EASEL_ERROR_NOT_FOUND) }
                let bytes = Array(UnsafeRawBufferPointer(start: value, count: type.size))
                return (try? receiver.setPropertyBytes(bytes, for: key)) == nil
                    ? Int32(EASEL_ERROR_TYPE_MISMATCH) : Int32(EASEL_OK)
            },
            log: { object, message in
                guard let message else { return }
                let text = String(cString: message)
                if let object {
                    let receiver = EaselObject.from(handle: object)
                    let plugin = receiver.objectClass.plugin?.name ?? "host"
                    receiver.registry.report(.note, "[\(plugin)] \(receiver.objectClass.name): \(text)")
                } else {
                    Registry.active?.report(.note, text)
                }
            },
            graphics: Canvas.graphicsAPI,
            views: ProbeHostTable.table.pointee.views,
            get_extension: HostExtensions.lookup
        ))
        // The extensions this host implements.
        HostExtensions.register(CanvasImage.extensionIdentifier, table: UnsafeRawPointer(CanvasImage.imageAPI))
        installImageSearch()
        return UnsafePointer(table)
    }()

    /// The class for a class handle (an interned name) in a registry.
    static func objectClass(_ handle: OpaquePointer, in registry: Registry?) -> ObjectClass? {
        registry?.objectClass(named: String(cString: UnsafePointer<CChar>(handle)))
    }
}
