import EaselABI
import EaselEncoding
import EaselRuntime

/// The recognizers' properties by name (scene files, `property_get`/`property_set`):
/// `state`, `scale`, `rotation`, `velocity`, `numberOfTouches`, `view`, ….
///
/// Points (`location`, `translation`, a pan's `velocity`) are in the
/// coordinates of the recognizer's view. Setting `state` changes it as a
/// subclass does (``GestureRecognizer/setState(_:)``).
enum GestureProperties {
    nonisolated(unsafe) static let base: [String: BuiltInProperty] = [
        "state": BuiltInProperty(
            type: .longLong,
            get: { withUnsafeBytes(of: Int64(($0 as! GestureRecognizer).state.rawValue)) { Array($0) } },
            set: { object, raw throws(RuntimeError) in
                let value = raw.loadUnaligned(as: Int64.self)
                guard let state = Int32(exactly: value).flatMap(GestureState.init(rawValue:)) else {
                    throw RuntimeError(.typeMismatch, "\(value) is not a gesture recognizer state (0 possible … 5 failed)")
                }
                (object as! GestureRecognizer).setState(state)
            }),
        "enabled": flag(\GestureRecognizer.isEnabled),
        "cancelsTouchesInView": flag(\GestureRecognizer.cancelsTouchesInView),
        "delaysTouchesBegan": flag(\GestureRecognizer.delaysTouchesBegan),
        "delaysTouchesEnded": flag(\GestureRecognizer.delaysTouchesEnded),
        "numberOfTouches": readOnly("numberOfTouches", "Q") { UInt64($0.numberOfTouches) },
        "view": readOnly("view", "@") { recognizer -> UnsafeRawPointer? in recognizer.view.map { UnsafeRawPointer($0.handle) } },
        "location": readOnly("location", EASEL_ENCODE_POINT) { $0.location(in: $0.view) },
    ]

    nonisolated(unsafe) static let tap: [String: BuiltInProperty] = [
        "numberOfTapsRequired": count(\TapGestureRecognizer.numberOfTapsRequired, least: 1),
        "numberOfTouchesRequired": count(\TapGestureRecognizer.numberOfTouchesRequired, least: 1),
    ]

    nonisolated(unsafe) static let longPress: [String: BuiltInProperty] = [
        "minimumPressDuration": length(\LongPressGestureRecognizer.minimumPressDuration),
        "allowableMovement": length(\LongPressGestureRecognizer.allowableMovement),
        "numberOfTouchesRequired": count(\LongPressGestureRecognizer.numberOfTouchesRequired, least: 1),
    ]

    nonisolated(unsafe) static let pan: [String: BuiltInProperty] = [
        "minimumNumberOfTouches": count(\PanGestureRecognizer.minimumNumberOfTouches, least: 1),
        "maximumNumberOfTouches": count(\PanGestureRecognizer.maximumNumberOfTouches, least: 1),
        "translation": BuiltInProperty(
            type: try! TypeEncoding(parsing: EASEL_ENCODE_POINT),
            get: { object in let pan = object as! PanGestureRecognizer; return bytes(pan.translation(in: pan.view)) },
            set: { object, raw in
                let pan = object as! PanGestureRecognizer
                pan.setTranslation(raw.loadUnaligned(as: easel_point.self), in: pan.view)
            }),
        "velocity": readOnly("velocity", EASEL_ENCODE_POINT) { ($0 as! PanGestureRecognizer).velocity(in: $0.view) },
    ]

    nonisolated(unsafe) static let pinch: [String: BuiltInProperty] = [
        "scale": value(\PinchGestureRecognizer.scale),
        "velocity": readOnly("velocity", "d") { ($0 as! PinchGestureRecognizer).velocity },
    ]

    nonisolated(unsafe) static let rotation: [String: BuiltInProperty] = [
        "rotation": value(\RotationGestureRecognizer.rotation),
        "velocity": readOnly("velocity", "d") { ($0 as! RotationGestureRecognizer).velocity },
    ]

    nonisolated(unsafe) static let swipe: [String: BuiltInProperty] = [
        "direction": BuiltInProperty(
            type: .unsignedLongLong,
            get: { bytes(($0 as! SwipeGestureRecognizer).direction.rawValue) },
            set: { object, raw in
                (object as! SwipeGestureRecognizer).direction = .init(rawValue: raw.loadUnaligned(as: UInt64.self) & 15)
            }),
        "numberOfTouchesRequired": count(\SwipeGestureRecognizer.numberOfTouchesRequired, least: 1),
    ]

    private static func bytes<T: BitwiseCopyable>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }

    private static func flag<R: GestureRecognizer>(_ keyPath: ReferenceWritableKeyPath<R, Bool>) -> BuiltInProperty {
        BuiltInProperty(type: .bool, get: { [($0 as! R)[keyPath: keyPath] ? 1 : 0] },
                        set: { object, raw in (object as! R)[keyPath: keyPath] = raw.load(as: UInt8.self) != 0 })
    }

    private static func readOnly<T: BitwiseCopyable>(_ name: String, _ encoding: String,
                                                     _ get: @escaping (GestureRecognizer) -> T) -> BuiltInProperty {
        BuiltInProperty(
            type: try! TypeEncoding(parsing: encoding), get: { bytes(get($0 as! GestureRecognizer)) },
            set: { object, _ throws(RuntimeError) in
                throw RuntimeError(.typeMismatch, "property '\(name)' of '\(object.objectClass.name)' is read-only")
            })
    }

    /// A whole number of at least `least` (`q`).
    private static func count<R: GestureRecognizer>(_ keyPath: ReferenceWritableKeyPath<R, Int>, least: Int) -> BuiltInProperty {
        BuiltInProperty(
            type: .longLong, get: { bytes(Int64(($0 as! R)[keyPath: keyPath])) },
            set: { object, raw throws(RuntimeError) in
                let value = raw.loadUnaligned(as: Int64.self)
                guard value >= least, value <= 1_000 else {
                    throw RuntimeError(.typeMismatch, "\(value) is out of range (\(least) to 1000)")
                }
                (object as! R)[keyPath: keyPath] = Int(value)
            })
    }

    /// A finite, non-negative number (`d`).
    private static func length<R: GestureRecognizer>(_ keyPath: ReferenceWritableKeyPath<R, Double>) -> BuiltInProperty {
        BuiltInProperty(
            type: .double, get: { bytes(($0 as! R)[keyPath: keyPath]) },
            set: { object, raw throws(RuntimeError) in
                let value = raw.loadUnaligned(as: Double.self)
                guard value.isFinite, value >= 0 else { throw RuntimeError(.typeMismatch, "\(value) is negative or not finite") }
                (object as! R)[keyPath: keyPath] = value
            })
    }

    /// A finite number (`d`).
    private static func value<R: GestureRecognizer>(_ keyPath: ReferenceWritableKeyPath<R, Double>) -> BuiltInProperty {
        BuiltInProperty(
            type: .double, get: { bytes(($0 as! R)[keyPath: keyPath]) },
            set: { object, raw throws(RuntimeError) in
                let value = raw.loadUnaligned(as: Double.self)
                guard value.isFinite else { throw RuntimeError(.typeMismatch, "\(value) is not finite") }
                (object as! R)[keyPath: keyPath] = value
            })
    }
}
