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
        api.struct_size = UInt32(MemoryLayout<easel_animation_api>.size)  // EASEL_ANIMATION_API_LAYER_SIZE
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
        api.add_layer_animation = { handle, animation, key, completion, context in
            guard let handle, let animation else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
            let object = EaselObject.from(handle: handle)
            let function = "animation->add_layer_animation"
            guard object is View || object is Layer else {
                object.registry.report(.error, "\(function): '\(object.objectClass.name)' is neither a view nor a layer")
                return Int32(EASEL_ERROR_TYPE_MISMATCH)
            }
            let parsed: LayerAnimation
            do throws(ViewError) { parsed = try layerAnimation(animation) } catch {
                object.registry.report(.error, "\(function): \(error.message)")
                return Int32(EASEL_ERROR_TYPE_MISMATCH)
            }
            let name = key.map { String(cString: $0) }
            let done = completionClosure(completion, context)
            do throws(ViewError) {
                if let view = object as? View {
                    try view.layer.add(parsed, forKey: name, completion: done)
                } else if let layer = object as? Layer {
                    try layer.add(parsed, forKey: name, completion: done)
                }
            } catch {
                object.registry.report(.error, "\(function): \(error.message)")
                return Int32(EASEL_ERROR_TYPE_MISMATCH)
            }
            return Int32(EASEL_OK)
        }
        api.remove_layer_animation = { handle, key in
            guard let handle, let key else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
            let object = EaselObject.from(handle: handle), name = String(cString: key)
            guard keys(of: object).contains(name) else { return Int32(EASEL_ERROR_NOT_FOUND) }
            if let view = object as? View { view.layer.removeAnimation(forKey: name) }
            if let layer = object as? Layer { layer.removeAnimation(forKey: name) }
            return Int32(EASEL_OK)
        }
        api.layer_animation_count = { handle in
            guard let handle else { return 0 }
            return UInt32(keys(of: EaselObject.from(handle: handle)).count)
        }
        api.layer_animation_key_at = { handle, index, buffer, capacity in
            guard let handle else { return -1 }
            let keys = keys(of: EaselObject.from(handle: handle))
            guard Int(index) < keys.count else { return -1 }
            let bytes = Array(keys[Int(index)].utf8)
            if let buffer, capacity > 0 {
                let count = min(bytes.count, Int(capacity) - 1)
                for offset in 0..<count { buffer[offset] = CChar(bitPattern: bytes[offset]) }
                buffer[count] = 0
            }
            return Int32(clamping: bytes.count)
        }
        api.presented_value = { handle, keyPath, values, capacity in
            guard let handle, let keyPath else { return -1 }
            let object = EaselObject.from(handle: handle), path = String(cString: keyPath)
            let value: LayerAnimationValue?
            if let view = object as? View { value = view.layer.presentedValue(forKeyPath: path) }
            else if let layer = object as? Layer { value = layer.presentedValue(forKeyPath: path) }
            else { value = nil }
            guard let components = value?.components else { return -1 }
            if let values {
                for (index, component) in components.prefix(Int(capacity)).enumerated() { values[index] = component }
            }
            return Int32(components.count)
        }
        api.animate_keyframes = { options, block, blockContext, completion, completionContext in
            guard let block else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
            guard let settings = settings(options, "animate_keyframes") else { return Int32(EASEL_ERROR_TYPE_MISMATCH) }
            View.animateKeyframes(withDuration: settings.duration, delay: settings.delay, options: settings.options,
                                  animations: { block(blockContext) }, completion: completionClosure(completion, completionContext))
            return Int32(EASEL_OK)
        }
        api.add_keyframe = { start, length, block, context in
            guard let block else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
            View.addKeyframe(withRelativeStartTime: start, relativeDuration: length) { block(context) }
            return Int32(EASEL_OK)
        }
        api.transition_from_to = { from, to, options, completion, context in
            guard let from, let to else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
            let function = "transition_from_to"
            guard let source = EaselObject.from(handle: from) as? View, let target = EaselObject.from(handle: to) as? View else {
                Registry.active?.report(.error, "animation->\(function): from and to must be views")
                return Int32(EASEL_ERROR_TYPE_MISMATCH)
            }
            guard let settings = settings(options, function) else { return Int32(EASEL_ERROR_TYPE_MISMATCH) }
            do throws(ViewError) {
                try View.transition(from: source, to: target, duration: settings.duration, options: transitionOptions(settings),
                                    completion: completionClosure(completion, context))
            } catch {
                source.registry.report(.error, "animation->\(function): \(error.message)")
                return Int32(EASEL_ERROR_INVALID_OPERATION)
            }
            return Int32(EASEL_OK)
        }
        api.transition_with = { handle, options, block, blockContext, completion, completionContext in
            guard let handle, let block else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
            let function = "transition_with"
            guard let view = EaselObject.from(handle: handle) as? View else {
                Registry.active?.report(.error, "animation->\(function): the object is not a view")
                return Int32(EASEL_ERROR_TYPE_MISMATCH)
            }
            guard let settings = settings(options, function) else { return Int32(EASEL_ERROR_TYPE_MISMATCH) }
            do throws(ViewError) {
                try View.transition(with: view, duration: settings.duration, options: transitionOptions(settings),
                                    animations: { block(blockContext) }, completion: completionClosure(completion, completionContext))
            } catch {
                view.registry.report(.error, "animation->\(function): \(error.message)")
                return Int32(EASEL_ERROR_INVALID_OPERATION)
            }
            return Int32(EASEL_OK)
        }
        table.initialize(to: api)
        return UnsafePointer(table)
    }()

    /// The keys of a view's layer's or a layer's animations.
    static func keys(of object: EaselObject) -> [String] {
        if let view = object as? View { return view.layer.animationKeys }
        if let layer = object as? Layer { return layer.animationKeys }
        return []
    }

    /// The options a transition runs with: the flags, the transition bits and the curve.
    static func transitionOptions(_ settings: Settings) -> AnimationOptions {
        var options = settings.options
        options.insert(AnimationOptions(rawValue: settings.transition))
        switch settings.curve {
        case .timing(.easeIn): options.insert(.curveEaseIn)
        case .timing(.easeOut): options.insert(.curveEaseOut)
        case .timing(.linear): options.insert(.curveLinear)
        default: break
        }
        return options
    }

    /// How many numbers a value of an EASEL_ANIMATION_VALUE_* type takes (`nil` for an unknown type).
    static func componentCount(_ type: Int32) -> Int? {
        switch type {
        case Int32(EASEL_ANIMATION_VALUE_NUMBER): 1
        case Int32(EASEL_ANIMATION_VALUE_POINT), Int32(EASEL_ANIMATION_VALUE_SIZE): 2
        case Int32(EASEL_ANIMATION_VALUE_RECT), Int32(EASEL_ANIMATION_VALUE_COLOR): 4
        case Int32(EASEL_ANIMATION_VALUE_TRANSFORM): 6
        default: nil
        }
    }

    /// A value from its numbers.
    static func value(_ type: Int32, _ n: [Double]) -> LayerAnimationValue {
        switch type {
        case Int32(EASEL_ANIMATION_VALUE_POINT): .point(easel_point(x: n[0], y: n[1]))
        case Int32(EASEL_ANIMATION_VALUE_SIZE): .size(easel_size(width: n[0], height: n[1]))
        case Int32(EASEL_ANIMATION_VALUE_RECT): .rect(easel_rect(x: n[0], y: n[1], width: n[2], height: n[3]))
        case Int32(EASEL_ANIMATION_VALUE_COLOR): .color(easel_color(red: n[0], green: n[1], blue: n[2], alpha: n[3]))
        case Int32(EASEL_ANIMATION_VALUE_TRANSFORM): .transform(easel_affine_transform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5]))
        default: .number(n[0])
        }
    }

    /// Reads an `easel_layer_animation` (every pointer it holds is copied now).
    static func layerAnimation(_ pointer: UnsafePointer<easel_layer_animation>) throws(ViewError) -> LayerAnimation {
        let raw = pointer.pointee
        guard raw.struct_size >= UInt32(EASEL_LAYER_ANIMATION_SIZE) else {
            throw ViewError("the animation's struct_size \(raw.struct_size) is smaller than sizeof(easel_layer_animation), \(EASEL_LAYER_ANIMATION_SIZE)")
        }
        guard let keyPathPointer = raw.key_path else { throw ViewError("the animation has no key_path") }
        let keyPath = String(cString: keyPathPointer)
        guard let count = componentCount(raw.value_type) else {
            throw ViewError("'\(keyPath)': unknown value_type \(raw.value_type); expected an EASEL_ANIMATION_VALUE_* (1 to 6)")
        }
        func numbers<T>(_ tuple: T) -> [Double] {
            withUnsafeBytes(of: tuple) { Array($0.bindMemory(to: Double.self).prefix(count)) }
        }
        var animation: LayerAnimation
        let valueCount = Int(raw.value_count)
        switch raw.kind {
        case Int32(EASEL_LAYER_ANIMATION_BASIC):
            let flags = raw.flags
            let from = flags & UInt32(EASEL_LAYER_ANIMATION_HAS_FROM) != 0 ? value(raw.value_type, numbers(raw.from_value)) : nil
            let to = flags & UInt32(EASEL_LAYER_ANIMATION_HAS_TO) != 0 ? value(raw.value_type, numbers(raw.to_value)) : nil
            let by = flags & UInt32(EASEL_LAYER_ANIMATION_HAS_BY) != 0 ? value(raw.value_type, numbers(raw.by_value)) : nil
            animation = LayerAnimation(keyPath: keyPath, kind: .basic(from: from, to: to, by: by))
        case Int32(EASEL_LAYER_ANIMATION_KEYFRAMES):
            guard valueCount >= 1, valueCount <= LayerAnimation.maximumKeyframes else {
                throw ViewError("'\(keyPath)': value_count must be 1 to \(LayerAnimation.maximumKeyframes), got \(valueCount)")
            }
            guard let values = raw.values else { throw ViewError("'\(keyPath)': a keyframe animation needs values") }
            let flat = Array(UnsafeBufferPointer(start: values, count: valueCount * count))
            animation = LayerAnimation(keyPath: keyPath, kind: .keyframes(values: (0..<valueCount).map {
                value(raw.value_type, Array(flat[$0 * count..<($0 + 1) * count]))
            }))
        case Int32(EASEL_LAYER_ANIMATION_PATH):
            guard valueCount >= 2, valueCount <= LayerAnimation.maximumKeyframes else {
                throw ViewError("'\(keyPath)': a path needs 2 to \(LayerAnimation.maximumKeyframes) elements (value_count), got \(valueCount)")
            }
            guard let path = raw.path else { throw ViewError("'\(keyPath)': a path animation needs path") }
            var elements: [AnimationPath.Element] = []
            for index in 0..<valueCount {
                let element = path[index]
                let p = [element.points.0, element.points.1, element.points.2]
                switch element.kind {
                case Int32(EASEL_PATH_MOVE_TO): elements.append(.move(to: p[0]))
                case Int32(EASEL_PATH_LINE_TO): elements.append(.line(to: p[0]))
                case Int32(EASEL_PATH_QUAD_CURVE_TO): elements.append(.quadCurve(to: p[1], control: p[0]))
                case Int32(EASEL_PATH_CURVE_TO): elements.append(.curve(to: p[2], control1: p[0], control2: p[1]))
                case Int32(EASEL_PATH_CLOSE): elements.append(.close)
                default: throw ViewError("'\(keyPath)': path[\(index)] has an unknown kind \(element.kind); expected an EASEL_PATH_* (0 to 4)")
                }
            }
            animation = LayerAnimation(keyPath: keyPath, kind: .path(AnimationPath(elements)))
        default:
            throw ViewError("'\(keyPath)': unknown kind \(raw.kind); expected EASEL_LAYER_ANIMATION_BASIC, _KEYFRAMES or _PATH")
        }
        if raw.kind != Int32(EASEL_LAYER_ANIMATION_BASIC) {
            if let times = raw.key_times { animation.keyTimes = Array(UnsafeBufferPointer(start: times, count: valueCount)) }
            if let functions = raw.timing_functions {
                let flat = Array(UnsafeBufferPointer(start: functions, count: (valueCount - 1) * 4))
                var parsed: [TimingFunction] = []
                for index in 0..<(valueCount - 1) {
                    let points = Array(flat[index * 4..<index * 4 + 4])
                    guard points.allSatisfy(\.isFinite), (0...1).contains(points[0]), (0...1).contains(points[2]) else {
                        throw ViewError("'\(keyPath)': timing_functions[\(index)] needs finite control points with x1 and x2 from 0 to 1")
                    }
                    parsed.append(TimingFunction(controlPoints: points[0], points[1], points[2], points[3]))
                }
                animation.timingFunctions = parsed
            }
            guard let mode = CalculationMode(rawValue: raw.calculation_mode) else {
                throw ViewError("'\(keyPath)': unknown calculation_mode \(raw.calculation_mode); expected an EASEL_CALCULATION_* (0 to 2)")
            }
            animation.calculationMode = mode
        }
        guard let fill = FillMode(rawValue: raw.fill_mode) else {
            throw ViewError("'\(keyPath)': unknown fill_mode \(raw.fill_mode); expected an EASEL_FILL_MODE_* (0 to 3)")
        }
        animation.fillMode = fill
        animation.beginTime = raw.begin_time
        animation.duration = raw.duration
        animation.repeatCount = raw.repeat_count
        animation.speed = raw.speed == 0 ? 1 : raw.speed
        animation.timeOffset = raw.time_offset
        animation.autoreverses = raw.flags & UInt32(EASEL_LAYER_ANIMATION_AUTOREVERSES) != 0
        animation.isAdditive = raw.flags & UInt32(EASEL_LAYER_ANIMATION_ADDITIVE) != 0
        animation.isRemovedOnCompletion = raw.flags & UInt32(EASEL_LAYER_ANIMATION_KEEP_ON_COMPLETION) == 0
        if raw.flags & UInt32(EASEL_LAYER_ANIMATION_HAS_TIMING_FUNCTION) != 0 {
            let points = raw.timing_function
            guard [points.0, points.1, points.2, points.3].allSatisfy(\.isFinite), (0...1).contains(points.0), (0...1).contains(points.2) else {
                throw ViewError("'\(keyPath)': timing_function needs finite control points with x1 and x2 from 0 to 1")
            }
            animation.timingFunction = TimingFunction(controlPoints: points.0, points.1, points.2, points.3)
        }
        return animation
    }

    /// What an options struct asks for.
    struct Settings {
        var duration = 0.0, delay = 0.0
        var options: AnimationOptions = []
        var curve = AnimationCurve.timing(.easeInOut)
        /// The transition bits of the flags (EASEL_ANIMATION_TRANSITION_*).
        var transition: UInt64 = 0
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
        settings.options = AnimationOptions(rawValue: UInt64(options.flags) & 0x11f)
        settings.transition = UInt64(options.flags) & View.transitionMask
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
