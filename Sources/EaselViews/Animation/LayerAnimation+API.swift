import EaselABI
import EaselGeometry
import EaselRuntime

// Adding, removing and reading layer animations (LayerAnimation.swift): the
// same calls on a view's layer (`ViewLayer`) and on a standalone `Layer`.

extension AnimatedProperty {
    /// The property's value in a standalone layer's values.
    func value(of values: Layer.Values) -> AnimationValue {
        switch self {
        case .center: .point(values.position)
        case .bounds: .rect(values.bounds)
        case .transform: .transform(values.transform)
        case .alpha: .scalar(values.opacity)
        case .backgroundColor: .color(values.backgroundColor)
        case .cornerRadius: .scalar(values.cornerRadius)
        case .borderWidth: .scalar(values.borderWidth)
        case .borderColor: .color(values.borderColor)
        case .shadowColor: .color(values.shadowColor)
        case .shadowOpacity: .scalar(values.shadowOpacity)
        case .shadowOffset: .size(values.shadowOffset)
        case .shadowRadius: .scalar(values.shadowRadius)
        case .anchorPoint: .point(values.anchorPoint)
        case .contentsRect: .rect(values.contentsRect)
        }
    }

    /// Puts a presented value into a standalone layer's values (clamped as the setters clamp).
    func apply(_ value: AnimationValue, to values: inout Layer.Values) {
        switch self {
        case .center: values.position = value.point
        case .bounds: values.bounds = value.rect.standardized
        case .transform: values.transform = value.transformValue
        case .alpha: values.opacity = min(max(value[0], 0), 1)
        case .backgroundColor: values.backgroundColor = value.colorValue
        case .cornerRadius: values.cornerRadius = max(value[0], 0)
        case .borderWidth: values.borderWidth = max(value[0], 0)
        case .borderColor: if let color = value.colorValue { values.borderColor = color }
        case .shadowColor: if let color = value.colorValue { values.shadowColor = color }
        case .shadowOpacity: values.shadowOpacity = min(max(value[0], 0), 1)
        case .shadowOffset: values.shadowOffset = value.size
        case .shadowRadius: values.shadowRadius = min(max(value[0], 0), 1000)
        case .anchorPoint: values.anchorPoint = value.point
        case .contentsRect: values.contentsRect = value.rect.standardized
        }
    }
}

extension LayerKeyPath {
    /// The lanes of a whole value as a value of this key path's type.
    func value(_ whole: AnimationValue) -> LayerAnimationValue {
        let lanes = read(whole)
        switch kind {
        case .number, .scale: return .number(lanes[0])
        case .point: return .point(easel_point(x: lanes[0], y: lanes[1]))
        case .size: return .size(easel_size(width: lanes[0], height: lanes[1]))
        case .rect: return .rect(easel_rect(x: lanes[0], y: lanes[1], width: lanes[2], height: lanes[3]))
        case .color:
            return .color(whole.colorValue ?? easel_color(red: 0, green: 0, blue: 0, alpha: 0))
        case .transform: return .transform(whole.transformValue)
        }
    }
}

extension Layer {
    /// The values with the running animations applied at `time`.
    func presentedValues(_ keyed: KeyedAnimations, at time: Double) -> Values {
        var values = self.values
        for property in keyed.properties {
            var value = property.value(of: values)
            keyed.apply(property, to: &value, at: time)
            property.apply(value, to: &values)
        }
        return values
    }

    /// Adds an explicit animation under `key`, replacing the animation there was
    /// (Core Animation's `add(_:forKey:)`; see LayerAnimation.swift).
    ///
    /// The model keeps its values; what is drawn follows the animation on the media clock.
    /// - Parameters:
    ///   - animation: The animation; its key path names the animated property.
    ///   - key: The key (`nil`: the key path).
    ///   - completion: Runs once, from the clock: `true` at the end, `false` when removed early.
    /// - Throws: ``ViewError`` for an unknown key path, a value of the wrong type, or bad timing.
    public func add(_ animation: LayerAnimation, forKey key: String? = nil, completion: ((Bool) -> Void)? = nil) throws(ViewError) {
        let running = try RunningLayerAnimation(animation, key: key ?? animation.keyPath, now: registry.mediaClock.time,
                                                completion: completion)
        Animator.of(registry).add(running, to: .layer(self))
    }

    /// Removes the animation under `key` (its completion runs with `false`); nothing when there is none.
    public func removeAnimation(forKey key: String) {
        guard keyedAnimations != nil else { return }
        Animator.of(registry).removeAnimation(forKey: key, of: .layer(self))
    }

    /// Removes every animation of the layer (their completions run with `false`).
    public func removeAllAnimations() {
        guard keyedAnimations != nil else { return }
        Animator.of(registry).removeAllAnimations(of: self)
    }

    /// The keys of the layer's animations, in the order they were added.
    public var animationKeys: [String] { keyedAnimations?.list.map(\.key) ?? [] }

    /// The animation under a key.
    public func animation(forKey key: String) -> LayerAnimation? {
        keyedAnimations?.list.first { $0.key == key }?.animation
    }

    /// The model value of an animatable key path (`nil` for an unknown one).
    public func value(forKeyPath keyPath: String) -> LayerAnimationValue? {
        guard let path = LayerKeyPath.resolve(keyPath) else { return nil }
        return path.value(path.property.value(of: values))
    }

    /// The presented value of an animatable key path: what is drawn at the media clock's time
    /// (Core Animation's `presentation()` layer); `nil` for an unknown key path.
    public func presentedValue(forKeyPath keyPath: String) -> LayerAnimationValue? {
        guard let path = LayerKeyPath.resolve(keyPath) else { return nil }
        return path.value(path.property.value(of: drawn))
    }
}

extension ViewLayer {
    /// Adds an explicit animation under `key` to the view's layer, replacing the one there was
    /// (Core Animation's `add(_:forKey:)`; see LayerAnimation.swift).
    ///
    /// The view's model values stay; what is drawn follows the animation on the media clock,
    /// after any animation of a UIView animation block.
    /// - Parameters:
    ///   - animation: The animation; its key path names the animated property.
    ///   - key: The key (`nil`: the key path).
    ///   - completion: Runs once, from the clock: `true` at the end, `false` when removed early.
    /// - Throws: ``ViewError`` for an unknown key path, a value of the wrong type, or bad timing.
    public func add(_ animation: LayerAnimation, forKey key: String? = nil, completion: ((Bool) -> Void)? = nil) throws(ViewError) {
        let running = try RunningLayerAnimation(animation, key: key ?? animation.keyPath, now: view.mediaClock.time,
                                                completion: completion)
        Animator.of(view.registry).add(running, to: .view(view))
    }

    /// Removes the animation under `key` (its completion runs with `false`); nothing when there is none.
    public func removeAnimation(forKey key: String) {
        guard view.layerStorage?.animations != nil else { return }
        Animator.of(view.registry).removeAnimation(forKey: key, of: .view(view))
    }

    /// Removes every animation of the view's layer, those of animation blocks too (completions run with `false`).
    public func removeAllAnimations() { view.removeAllAnimations() }

    /// The keys of the layer's animations added by key, in the order they were added.
    public var animationKeys: [String] { view.layerStorage?.animations?.keyed.list.map(\.key) ?? [] }

    /// The animation under a key.
    public func animation(forKey key: String) -> LayerAnimation? {
        view.layerStorage?.animations?.keyed.list.first { $0.key == key }?.animation
    }

    /// The model value of an animatable key path (`nil` for an unknown one).
    public func value(forKeyPath keyPath: String) -> LayerAnimationValue? {
        guard let path = LayerKeyPath.resolve(keyPath) else { return nil }
        return path.value(path.property.value(of: view))
    }

    /// The presented value of an animatable key path: what is drawn at the media clock's time
    /// (Core Animation's `presentation()` layer); `nil` for an unknown key path.
    public func presentedValue(forKeyPath keyPath: String) -> LayerAnimationValue? {
        guard let path = LayerKeyPath.resolve(keyPath) else { return nil }
        return path.value(view.presentedValue(path.property))
    }
}
