import CEaselSupport
import EaselABI
import EaselEncoding
import EaselGeometry
import EaselProbe
import EaselRuntime

/// The animation extension (`easel_animation_api`, "easel.animation.v1"): view
/// animations, delayed performs and display links for plugin code, on the media clock.
enum AnimationAPI {
    /// Registers the table under its identifier (once per process; `Registry()` does it).
    static let registered: Void = {
        HostExtensions.register(EASEL_ANIMATION_EXTENSION_ID, table: UnsafeRawPointer(table))
    }()

    /// The table (allocated once, never freed).
    nonisolated(unsafe) static let table: UnsafePointer<easel_animation_api> = {
        let table = UnsafeMutablePointer<easel_animation_api>.allocate(capacity: 1)
        var api = easel_animation_api()
        api.abi_version = HostABI.packedVersion
        api.struct_size = UInt32(MemoryLayout<easel_animation_api>.size)
        api.animate = { options, block, blockContext, completion, completionContext in
            guard let block else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
            guard let settings = settings(options, "animate") else { return Int32(EASEL_ERROR_TYPE_MISMATCH) }
            let done = completionClosure(completion, completionContext)
            View.animate(withDuration: settings.duration, delay: settings.delay, options: settings.options, curve: settings.curve,
                         animations: { block(blockContext) }, completion: done)
            return Int32(EASEL_OK)
        }
        api.begin_animations = { options in
            guard let settings = settings(options, "begin_animations") else { return Int32(EASEL_ERROR_TYPE_MISMATCH) }
            AnimationContext.begin(settings)
            return Int32(EASEL_OK)
        }
        api.commit_animations = { completion, context in
            AnimationContext.commitBegun(completion: completionClosure(completion, context)) ? Int32(EASEL_OK)
                : Int32(EASEL_ERROR_INVALID_OPERATION)
        }
        api.perform_after_delay = { target, selector, argument, delay in
            guard let target, let selector else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
            let object = EaselObject.from(handle: target)
            let sel = Selector(interned: UnsafePointer(selector))
            guard let method = object.objectClass.method(for: sel), method.signature.numberOfArguments <= 3,
                  method.signature.numberOfArguments == 2 || method.signature.argumentType(at: 2).encoding.first == "@" else {
                object.registry.report(.error, "animation->perform_after_delay: '\(object.objectClass.name)' does not respond to "
                                       + "\(sel.name) with one object argument (v@:@) or none (v@:)")
                return Int32(EASEL_ERROR_DOES_NOT_RESPOND)
            }
            let payload = argument.map { EaselObject.from(handle: $0) }
            Animator.of(object.registry).perform(sel, on: object, with: payload, after: delay.isFinite ? delay : 0)
            return Int32(EASEL_OK)
        }
        api.cancel_perform_requests = { target, selector, argument in
            guard let target else { return 0 }
            let object = EaselObject.from(handle: target)
            let sel = selector.map { Selector(interned: UnsafePointer($0)) }
            return Int32(Animator.of(object.registry).cancelPerforms(on: object, selector: sel,
                                                                      argument: argument.map { EaselObject.from(handle: $0) }))
        }
        api.add_display_link = { target, selector in
            guard let target, let selector else { return 0 }
            let object = EaselObject.from(handle: target)
            let sel = Selector(interned: UnsafePointer(selector))
            guard let method = object.objectClass.method(for: sel), method.signature.numberOfArguments == 4,
                  method.signature.argumentType(at: 2).encoding == "d", method.signature.argumentType(at: 3).encoding == "d" else {
                object.registry.report(.error, "animation->add_display_link: '\(object.objectClass.name)' does not respond to "
                                       + "\(sel.name) with (timestamp, duration) doubles (v@:dd)")
                return 0
            }
            return Animator.of(object.registry).addDisplayLink(object, sel)
        }
        api.remove_display_link = { link in
            Animator.removeDisplayLink(link) ? Int32(EASEL_OK) : Int32(EASEL_ERROR_INVALID_OPERATION)
        }
        api.media_time = { object in
            guard let object else { return 0 }
            return EaselObject.from(handle: object).mediaClock.time
        }
        api.remove_all_animations = { handle in
            guard let handle else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
            guard let view = EaselObject.from(handle: handle) as? View else { return Int32(EASEL_ERROR_TYPE_MISMATCH) }
            view.removeAllAnimations()
            return Int32(EASEL_OK)
        }
        api.has_animations = { handle in
            guard let handle, let view = EaselObject.from(handle: handle) as? View else { return 0 }
            return view.hasAnimations ? 1 : 0
        }
        table.initialize(to: api)
        return UnsafePointer(table)
    }()

    /// What an options struct asks for.
    struct Settings {
        var duration = 0.0, delay = 0.0
        var options: AnimationOptions = []
        var curve = AnimationCurve.timing(.easeInOut)
    }

    /// Reads an options struct (NULL: 0.25 s, ease in and out); `nil` for a bad header (reported).
    static func settings(_ pointer: UnsafePointer<easel_animation_options>?, _ function: String) -> Settings? {
        guard let pointer else { return Settings(duration: 0.25) }
        let size = Int(pointer.pointee.struct_size)
        guard size >= MemoryLayout<easel_animation_options>.offset(of: \.curve)! else {
            if let registry = Registry.active { registry.report(.error, "animation->\(function): the options' struct_size \(size) is too small") }
            return nil
        }
        // Read only what struct_size covers.
        var options = easel_animation_options()
        withUnsafeMutableBytes(of: &options) { destination in
            let count = min(size, MemoryLayout<easel_animation_options>.size)
            destination.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: count))
        }
        var settings = Settings(duration: options.duration, delay: options.delay)
        settings.options = AnimationOptions(rawValue: UInt64(options.flags) & 0x1f)
        switch options.curve {
        case Int32(EASEL_ANIMATION_CURVE_EASE_IN): settings.curve = .timing(.easeIn)
        case Int32(EASEL_ANIMATION_CURVE_EASE_OUT): settings.curve = .timing(.easeOut)
        case Int32(EASEL_ANIMATION_CURVE_LINEAR): settings.curve = .timing(.linear)
        case Int32(EASEL_ANIMATION_CURVE_SPRING):
            settings.curve = .spring(dampingRatio: options.spring_damping, initialVelocity: options.spring_velocity)
        case Int32(EASEL_ANIMATION_CURVE_BEZIER):
            let points = options.control_points
            settings.curve = .timing(TimingFunction(controlPoints: points.0, points.1, points.2, points.3))
        default: settings.curve = .timing(.easeInOut)
        }
        return settings
    }

    /// A C completion as a closure.
    static func completionClosure(_ completion: easel_animation_completion?, _ context: UnsafeMutableRawPointer?) -> ((Bool) -> Void)? {
        guard let completion else { return nil }
        nonisolated(unsafe) let context = context
        // Plugin code runs with its registry active, as in any call into it.
        let registry = Registry.active
        return { finished in
            guard let registry else { return completion(finished ? 1 : 0, context) }
            registry.withPluginCall { completion(finished ? 1 : 0, context) }
        }
    }
}
