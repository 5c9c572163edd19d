import EaselABI
import EaselGeometry
import EaselProbe
import EaselRuntime

/// The gesture extension (`easel_gesture_api`, "easel.gesture.v1"):
/// recognizers, events and multitouch for plugin code.
///
/// Every function tolerates NULL and objects of the wrong kind: getters
/// return a neutral value, setters an error code; both report the problem
/// as a diagnostic of the registry, naming the function.
enum GestureAPI {
    /// Registers the table under its identifier (once per process; `Registry()` does it).
    static let registered: Void = {
        HostExtensions.register(EASEL_GESTURE_EXTENSION_ID, table: UnsafeRawPointer(table))
    }()

    /// The table (allocated once, never freed).
    nonisolated(unsafe) static let table: UnsafePointer<easel_gesture_api> = {
        let table = UnsafeMutablePointer<easel_gesture_api>.allocate(capacity: 1)
        var api = easel_gesture_api()
        api.abi_version = HostABI.packedVersion
        api.struct_size = UInt32(MemoryLayout<easel_gesture_api>.size)
        api.create = { name in
            guard let name, let registry = Registry.active else { return nil }
            let className = String(cString: name)
            guard let cls = registry.objectClass(named: className) else {
                registry.report(.error, "gestures->create: no class named '\(className)' is registered")
                return nil
            }
            guard cls.ancestry.contains(where: { $0.name == "GestureRecognizer" }) else {
                registry.report(.error, "gestures->create: class '\(className)' is not a gesture recognizer class (it does not inherit from GestureRecognizer)")
                return nil
            }
            do throws(RuntimeError) {
                let object = try registry.makeObject(ofClass: className)
                registry.retainPluginObject(object)
                return object.handle
            } catch {
                registry.report(.error, "gestures->create: \(error.message)")
                return nil
            }
        }
        api.add_to_view = { handle, viewHandle in
            guard let recognizer = recognizer(handle, "add_to_view") else { return code(handle) }
            guard let view = view(viewHandle, "add_to_view") else { return code(viewHandle) }
            view.addGestureRecognizer(recognizer)
            return Int32(EASEL_OK)
        }
        api.remove_from_view = { handle in
            guard let recognizer = recognizer(handle, "remove_from_view") else { return code(handle) }
            recognizer.view?.removeGestureRecognizer(recognizer)
            return Int32(EASEL_OK)
        }
        api.view = { recognizer($0, "view")?.view?.handle }
        api.add_target = { handle, targetHandle, action in
            guard let recognizer = recognizer(handle, "add_target") else { return code(handle) }
            guard let targetHandle, let action else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
            do throws(RuntimeError) {
                try recognizer.addTarget(EaselObject.from(handle: targetHandle), action: Selector(interned: UnsafePointer(action)))
                return Int32(EASEL_OK)
            } catch {
                recognizer.registry.report(.error, "gestures->add_target: \(error.message)")
                return Int32(EASEL_ERROR_INVALID_OPERATION)
            }
        }
        api.require_to_fail = { handle, otherHandle in
            guard let recognizer = recognizer(handle, "require_to_fail") else { return code(handle) }
            guard let other = GestureAPI.recognizer(otherHandle, "require_to_fail") else { return code(otherHandle) }
            recognizer.requireToFail(other)
            return Int32(EASEL_OK)
        }
        api.set_delegate = { handle, delegate in
            guard let recognizer = recognizer(handle, "set_delegate") else { return code(handle) }
            recognizer.delegate = delegate.map(EaselObject.from(handle:))
            return Int32(EASEL_OK)
        }
        api.state = { recognizer($0, "state")?.state.rawValue ?? 0 }
        api.set_state = { handle, value in
            guard let recognizer = recognizer(handle, "set_state") else { return code(handle) }
            guard let state = GestureState(rawValue: value) else {
                recognizer.registry.report(.error, "gestures->set_state: \(value) is not a state (0 possible … 5 failed)")
                return Int32(EASEL_ERROR_INVALID_OPERATION)
            }
            recognizer.setState(state)
            return Int32(EASEL_OK)
        }
        api.number_of_touches = { UInt32(recognizer($0, "number_of_touches")?.numberOfTouches ?? 0) }
        api.location_in_view = { handle, viewHandle in
            recognizer(handle, "location_in_view")?.location(in: viewHandle.flatMap { view($0, "location_in_view") }) ?? .zero
        }
        api.translation_in_view = { handle, viewHandle in
            (recognizer(handle, "translation_in_view") as? PanGestureRecognizer)?
                .translation(in: viewHandle.flatMap { view($0, "translation_in_view") }) ?? .zero
        }
        api.set_translation = { handle, translation, viewHandle in
            guard let recognizer = recognizer(handle, "set_translation") else { return code(handle) }
            guard let pan = recognizer as? PanGestureRecognizer else {
                recognizer.registry.report(.error, "gestures->set_translation: \(recognizer) is not a pan gesture recognizer")
                return Int32(EASEL_ERROR_TYPE_MISMATCH)
            }
            pan.setTranslation(translation, in: viewHandle.flatMap { view($0, "set_translation") })
            return Int32(EASEL_OK)
        }
        api.velocity_in_view = { handle, viewHandle in
            (recognizer(handle, "velocity_in_view") as? PanGestureRecognizer)?
                .velocity(in: viewHandle.flatMap { view($0, "velocity_in_view") }) ?? .zero
        }
        api.scale = { (recognizer($0, "scale") as? PinchGestureRecognizer)?.scale ?? 1 }
        api.rotation = { (recognizer($0, "rotation") as? RotationGestureRecognizer)?.rotation ?? 0 }
        api.velocity = { (recognizer($0, "velocity") as? TwoFingerGestureRecognizer)?.velocity ?? 0 }
        api.event_timestamp = { event($0, "event_timestamp")?.timestamp ?? 0 }
        api.event_touch_count = { handle, viewHandle in
            guard let event = event(handle, "event_touch_count") else { return 0 }
            return UInt32(touches(of: event, viewHandle).count)
        }
        api.event_touch_at = { handle, viewHandle, index in
            guard let event = event(handle, "event_touch_at") else { return nil }
            let list = touches(of: event, viewHandle)
            return Int(index) < list.count ? list[Int(index)].handle : nil
        }
        api.touch_identifier = { Int64(touch($0, "touch_identifier")?.finger ?? 0) }
        api.touch_tap_count = { UInt32(touch($0, "touch_tap_count")?.tapCount ?? 0) }
        api.touch_timestamp = { touch($0, "touch_timestamp")?.timestamp ?? 0 }
        api.touch_window = { touch($0, "touch_window")?.window?.handle }
        api.multiple_touch_enabled = { (view($0, "multiple_touch_enabled")?.isMultipleTouchEnabled ?? false) ? 1 : 0 }
        api.set_multiple_touch_enabled = { handle, enabled in
            guard let view = view(handle, "set_multiple_touch_enabled") else { return code(handle) }
            view.isMultipleTouchEnabled = enabled != 0
            return Int32(EASEL_OK)
        }
        api.exclusive_touch = { (view($0, "exclusive_touch")?.isExclusiveTouch ?? false) ? 1 : 0 }
        api.set_exclusive_touch = { handle, exclusive in
            guard let view = view(handle, "set_exclusive_touch") else { return code(handle) }
            view.isExclusiveTouch = exclusive != 0
            return Int32(EASEL_OK)
        }
        table.initialize(to: api)
        return UnsafePointer(table)
    }()

    /// The error code for a handle that was not of the right kind: NULL, or a mismatch.
    private static func code(_ handle: OpaquePointer?) -> Int32 {
        handle == nil ? Int32(EASEL_ERROR_NULL_ARGUMENT) : Int32(EASEL_ERROR_TYPE_MISMATCH)
    }

    private static func typed<T: EaselObject>(_ handle: OpaquePointer?, _ function: String, _ what: String) -> T? {
        guard let handle else { return nil }
        let object = EaselObject.from(handle: handle)
        guard let typed = object as? T else {
            object.registry.report(.error, "gestures->\(function): \(object) is not \(what)")
            return nil
        }
        return typed
    }

    private static func recognizer(_ handle: OpaquePointer?, _ function: String) -> GestureRecognizer? {
        typed(handle, function, "a gesture recognizer")
    }
    private static func view(_ handle: OpaquePointer?, _ function: String) -> View? { typed(handle, function, "a view") }
    private static func event(_ handle: OpaquePointer?, _ function: String) -> Event? { typed(handle, function, "an event") }
    private static func touch(_ handle: OpaquePointer?, _ function: String) -> Touch? { typed(handle, function, "a touch") }

    private static func touches(of event: Event, _ viewHandle: OpaquePointer?) -> [Touch] {
        guard let viewHandle else { return event.allTouches }
        guard let view = view(viewHandle, "event_touch_count") else { return [] }
        return event.touches(for: view)
    }
}
