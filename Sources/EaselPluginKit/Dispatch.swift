// Dispatch: how the host's call of a kit method reaches its Swift closure.
//
// A method implementation handed to the host is a C function pointer, and a
// `@convention(c)` closure cannot capture anything, so the kit cannot make a
// C function per Swift closure. Instead it has one C function per method
// *shape* (C signature: `v@:`, `v@:{CGRect=...}`, `d@:d`, …), and every
// method of that shape, in every class of the plugin, is installed with it.
// The function finds the closure to run from what every implementation is
// called with: the receiver (argument 0), whose class the host names
// (`object_class`), and the selector (`_cmd`, argument 1):
//
// 1. A super-send recorded by the kit (SuperSend.swift) for this receiver
//    and selector is taken: the call then resolves from above the class
//    that sent it, not from the receiver's class.
// 2. The key (receiver's class, selector, super-send start) is looked up in
//    the shape's cache (DispatchCache.swift): a few loads, no lock, no
//    allocation.
// 3. On a miss the call is resolved from the plugin's class table
//    (Dispatch+Resolution.swift), as the host looks a method up: the first
//    class from the start upwards that declares the selector, and cached.
//    This covers a kit class inheriting a kit method, a C class or another
//    plugin's class subclassing a kit class (the receiver's class is not
//    the kit's: its kit ancestors are found through `object_storage`), and
//    a kit subclass calling its kit superclass's method.
// 4. A call that resolves to nothing (a selector no class of the plugin
//    declares for that receiver, or one declared with another shape) is
//    reported through the host's `log`, and the function returns zeroes.
//
// So a plugin may declare any number of methods of one shape. Class handles
// and selectors are the host's interned names, the same in every registry of
// the process (as Host's caches assume), so one cache serves them all.

import EaselABI

/// A method as the kit installs it: the shape whose C function the host
/// calls, and the box holding the Swift closure (of the shape's handler
/// type) that the function runs for it.
struct BoundMethod {
    let shape: any AnyMethodShape
    /// The address of the shape's `HandlerBox` for the closure; never freed.
    let box: UInt
}

/// What the description and the resolution need of a shape whatever its handler type.
protocol AnyMethodShape: AnyObject {
    /// The C signature's encoding, for reports.
    var encoding: String { get }
    /// The shape's one C function.
    var imp: easel_imp { get }
}

/// A method's closure, kept for the life of the process, so that a call
/// borrows it without retaining it.
final class HandlerBox<Handler> {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }
}

/// One C signature: its C function, and the cache of the methods its calls resolved to.
final class MethodShape<Handler>: AnyMethodShape, @unchecked Sendable {
    let encoding: String
    let imp: easel_imp
    private let cache: DispatchCache

    /// A shape whose calls arrive through `imp`, a C function of the shape's signature.
    init(_ encoding: String, imp: easel_imp) {
        self.encoding = encoding
        self.imp = imp
        cache = DispatchCache()
    }

    /// Binds `handler`, a closure of this shape's handler type, for a class's method table.
    func bind(_ handler: Handler) -> BoundMethod {
        let box = Unmanaged.passRetained(HandlerBox(handler)).toOpaque()
        return BoundMethod(shape: self, box: UInt(bitPattern: Int(bitPattern: box)))
    }

    /// Runs `body` with the closure that a call of the shape's function with
    /// `receiver` and `selector` resolves to; `unresolved` (reported to the
    /// host) when there is none.
    @inline(__always) func dispatch<Result>(
        _ receiver: OpaquePointer, _ selector: OpaquePointer?, unresolved: Result, _ body: (Handler) -> Result
    ) -> Result {
        guard let selector else { return report(receiver, "a method called without a selector", unresolved) }
        let key = DispatchKey(
            cls: address(Host.api.object_class(receiver)), selector: address(selector),
            above: SuperSend.take(receiver, selector))
        guard let box = cache.lookup(key) ?? resolve(key, receiver, selector),
              let pointer = UnsafeRawPointer(bitPattern: box)
        else { return unresolved }
        return Unmanaged<HandlerBox<Handler>>.fromOpaque(pointer)._withUnsafeGuaranteedRef { body($0.handler) }
    }

    /// Resolves a call that missed the cache and caches it; nil, reported, when it resolves to nothing.
    @inline(never)
    private func resolve(_ key: DispatchKey, _ receiver: OpaquePointer, _ selector: OpaquePointer) -> UInt? {
        let call = KitCall(receiver: receiver, cls: OpaquePointer(bitPattern: key.cls), selector: selector,
                           above: OpaquePointer(bitPattern: key.above))
        switch KitClasses.resolve(call) {
        case .failure(let problem):
            return report(receiver, problem.message, nil)
        case .success(let (owner, method)):
            guard method.shape === self else {
                return report(receiver,
                    "\(owner.name)'s \(call.selectorName) is declared as \(method.shape.encoding) "
                    + "but was called as \(encoding)", nil)
            }
            cache.insert(key, method.box)
            return method.box
        }
    }

    @inline(never)
    private func report<Result>(_ receiver: OpaquePointer, _ problem: String, _ result: Result) -> Result {
        Host.api.log(receiver, "EaselPluginKit: \(problem); nothing was called")
        return result
    }
}

// MARK: - The shapes

typealias VoidHandler = (ObjectRef) -> Void
typealias ObjectHandler = (ObjectRef, OpaquePointer?) -> Void
typealias ObjectObjectHandler = (ObjectRef, OpaquePointer?, OpaquePointer?) -> Void
typealias RectHandler = (ObjectRef, easel_rect) -> Void
typealias RectContextHandler = (ObjectRef, easel_rect, OpaquePointer?) -> Void
typealias ObjectRectContextHandler = (ObjectRef, OpaquePointer?, easel_rect, OpaquePointer?) -> Void
typealias ObjectContextHandler = (ObjectRef, OpaquePointer?, OpaquePointer?) -> Void
typealias SizeToSizeHandler = (ObjectRef, easel_size) -> easel_size
typealias PointObjectToObjectHandler = (ObjectRef, easel_point, OpaquePointer?) -> OpaquePointer?
typealias PointObjectToBoolHandler = (ObjectRef, easel_point, OpaquePointer?) -> Bool
typealias DoubleToDoubleHandler = (ObjectRef, Double) -> Double
typealias SizeObjectHandler = (ObjectRef, easel_size, OpaquePointer?) -> Void
typealias BoolHandler = (ObjectRef, Bool) -> Void

/// The shapes the kit's ``Method`` factories use, each with its C function.
/// A C function returns zeroes when its call resolves to nothing, or the
/// receiver is NULL (as messaging nil does).
enum Shapes {
    typealias VoidFunction = @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    typealias ObjectFunction = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Void
    typealias ObjectObjectFunction = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, OpaquePointer?)
        -> Void
    typealias RectFunction = @convention(c) (OpaquePointer?, OpaquePointer?, easel_rect) -> Void
    typealias RectContextFunction = @convention(c) (OpaquePointer?, OpaquePointer?, easel_rect, OpaquePointer?) -> Void
    typealias ObjectRectContextFunction = @convention(c) (
        OpaquePointer?, OpaquePointer?, OpaquePointer?, easel_rect, OpaquePointer?) -> Void
    typealias ObjectContextFunction = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Void
    typealias SizeToSizeFunction = @convention(c) (OpaquePointer?, OpaquePointer?, easel_size) -> easel_size
    typealias PointObjectToObjectFunction = @convention(c) (OpaquePointer?, OpaquePointer?, easel_point, OpaquePointer?)
        -> OpaquePointer?
    typealias PointObjectToBoolFunction = @convention(c) (OpaquePointer?, OpaquePointer?, easel_point, OpaquePointer?)
        -> Bool
    typealias DoubleToDoubleFunction = @convention(c) (OpaquePointer?, OpaquePointer?, Double) -> Double
    typealias SizeObjectFunction = @convention(c) (OpaquePointer?, OpaquePointer?, easel_size, OpaquePointer?) -> Void
    typealias BoolFunction = @convention(c) (OpaquePointer?, OpaquePointer?, Bool) -> Void

    /// A `@convention(c)` function as the host's untyped implementation pointer.
    private static func imp<Function>(_ function: Function) -> easel_imp {
        unsafeBitCast(function, to: easel_imp.self)
    }

    /// `v@:`: init, layoutSubviews, didMoveToSuperview, didMoveToWindow, actions.
    static let void: MethodShape<VoidHandler> = MethodShape("v@:", imp: imp({ object, cmd in
        guard let object else { return }
        void.dispatch(object, cmd, unresolved: ()) { $0(ObjectRef(known: object)) }
    } as VoidFunction))

    /// `v@:@`: willMoveToSuperview:, didAddSubview:, willRemoveSubview:, willMoveToWindow:, withView.
    static let object: MethodShape<ObjectHandler> = MethodShape("v@:@", imp: imp({ object, cmd, view in
        guard let object else { return }
        Shapes.object.dispatch(object, cmd, unresolved: ()) { $0(ObjectRef(known: object), view) }
    } as ObjectFunction))

    /// `v@:@@`: touchesBegan:withEvent: and the other touches.
    static let objectObject: MethodShape<ObjectObjectHandler> = MethodShape("v@:@@", imp: imp({
        object, cmd, first, second in
        guard let object else { return }
        objectObject.dispatch(object, cmd, unresolved: ()) { $0(ObjectRef(known: object), first, second) }
    } as ObjectObjectFunction))

    /// `v@:{CGRect=...}`: drawRect: and overlay drawing selectors.
    static let rect: MethodShape<RectHandler> = MethodShape("v@:\(EASEL_ENCODE_RECT)", imp: imp({ object, cmd, rect in
        guard let object else { return }
        Shapes.rect.dispatch(object, cmd, unresolved: ()) { $0(ObjectRef(known: object), rect) }
    } as RectFunction))

    /// `v@:{CGRect=...}^v`: drawRect:inContext: and drawing methods such as drawCurve:inContext:.
    static let rectContext: MethodShape<RectContextHandler> = MethodShape(
        "v@:\(EASEL_ENCODE_RECT)\(EASEL_ENCODE_CONTEXT)", imp: imp({ object, cmd, rect, context in
            guard let object else { return }
            rectContext.dispatch(object, cmd, unresolved: ()) { $0(ObjectRef(known: object), rect, context) }
        } as RectContextFunction))

    /// `v@:@{CGRect=...}^v`: drawView:inRect:inContext:.
    static let objectRectContext: MethodShape<ObjectRectContextHandler> = MethodShape(
        "v@:@\(EASEL_ENCODE_RECT)\(EASEL_ENCODE_CONTEXT)", imp: imp({ object, cmd, view, rect, context in
            guard let object else { return }
            objectRectContext.dispatch(object, cmd, unresolved: ()) {
                $0(ObjectRef(known: object), view, rect, context)
            }
        } as ObjectRectContextFunction))

    /// `v@:@^v`: drawLayer:inContext:.
    static let objectContext: MethodShape<ObjectContextHandler> = MethodShape(
        "v@:@\(EASEL_ENCODE_CONTEXT)", imp: imp({ object, cmd, layer, context in
            guard let object else { return }
            objectContext.dispatch(object, cmd, unresolved: ()) { $0(ObjectRef(known: object), layer, context) }
        } as ObjectContextFunction))

    /// `{CGSize=dd}@:{CGSize=dd}`: sizeThatFits:.
    static let sizeToSize: MethodShape<SizeToSizeHandler> = MethodShape(
        "\(EASEL_ENCODE_SIZE)@:\(EASEL_ENCODE_SIZE)", imp: imp({ object, cmd, size in
            guard let object else { return easel_size() }
            return sizeToSize.dispatch(object, cmd, unresolved: easel_size()) { $0(ObjectRef(known: object), size) }
        } as SizeToSizeFunction))

    /// `@@:{CGPoint=dd}@`: hitTest:withEvent:.
    static let pointObjectToObject: MethodShape<PointObjectToObjectHandler> = MethodShape(
        "@@:\(EASEL_ENCODE_POINT)@", imp: imp({ object, cmd, point, event in
            guard let object else { return nil }
            return pointObjectToObject.dispatch(object, cmd, unresolved: nil) {
                $0(ObjectRef(known: object), point, event)
            }
        } as PointObjectToObjectFunction))

    /// `B@:{CGPoint=dd}@`: pointInside:withEvent:.
    static let pointObjectToBool: MethodShape<PointObjectToBoolHandler> = MethodShape(
        "B@:\(EASEL_ENCODE_POINT)@", imp: imp({ object, cmd, point, event in
            guard let object else { return false }
            return pointObjectToBool.dispatch(object, cmd, unresolved: false) {
                $0(ObjectRef(known: object), point, event)
            }
        } as PointObjectToBoolFunction))

    /// `v@:{CGSize=dd}@`: viewWillTransitionToSize:withTransitionCoordinator:.
    static let sizeObject: MethodShape<SizeObjectHandler> = MethodShape(
        "v@:\(EASEL_ENCODE_SIZE)@", imp: imp({ object, cmd, size, coordinator in
            guard let object else { return }
            sizeObject.dispatch(object, cmd, unresolved: ()) { $0(ObjectRef(known: object), size, coordinator) }
        } as SizeObjectFunction))

    /// `v@:B`: viewWillAppear: and viewDidAppear:.
    static let bool: MethodShape<BoolHandler> = MethodShape("v@:B", imp: imp({ object, cmd, flag in
        guard let object else { return }
        bool.dispatch(object, cmd, unresolved: ()) { $0(ObjectRef(known: object), flag) }
    } as BoolFunction))

    /// `d@:d`: a function of one number.
    static let doubleToDouble: MethodShape<DoubleToDoubleHandler> = MethodShape("d@:d", imp: imp({ object, cmd, value in
        guard let object else { return 0 }
        return doubleToDouble.dispatch(object, cmd, unresolved: 0) { $0(ObjectRef(known: object), value) }
    } as DoubleToDoubleFunction))
}
