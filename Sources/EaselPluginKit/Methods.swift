// Methods: selectors bound to typed Swift closures, and the C trampolines
// that the host actually calls.

import EaselABI

/// A method of a ``PluginClass``: a selector, its type encoding, and the Swift
/// closure that implements it.
///
/// Make methods with the factories, one per kind of message, which fix the
/// selector's signature and encoding so that they match what the host sends
/// (easel.h, "Views") or what a C class of the same shape declares:
///
/// ```swift
/// static var methods: [Method<Bubble>] {
///     [
///         .initialize { bubble in bubble.addOverlay("drawTail:") },
///         .layoutSubviews { bubble in bubble.placeContent() },
///         .sizeThatFits { bubble, size in bubble.fittingSize(size) },
///         .overlay("drawTail:") { bubble, rect, g in bubble.drawTail(g) },
///     ]
/// }
/// ```
///
/// Closures receive the receiver as an ``Instance`` of the class; drawing
/// closures also receive a ``Graphics`` for the context to draw into.
///
/// A plugin can declare up to 32 methods of each signature; the kit refuses
/// to load a plugin that declares more (see Scripts/generate-kit-trampolines.py).
public struct Method<W: PluginClass> {
    /// The selector.
    public let selector: Selector
    /// The full method encoding: return type, "@", ":", then each argument.
    public let typeEncoding: String
    /// Claims a trampoline for the closure; nil when the shape's pool is exhausted.
    let install: (ClassRuntime<W>) -> easel_imp?

    private static func make<Handler>(
        _ selector: Selector, _ typeEncoding: String, _ pool: TrampolinePool<Handler>,
        _ handler: @escaping (ClassRuntime<W>) -> Handler
    ) -> Method {
        Method(selector: selector, typeEncoding: typeEncoding) { runtime in pool.claim(handler(runtime)) }
    }

    private static var rect: String { EASEL_ENCODE_RECT }
    private static var context: String { EASEL_ENCODE_CONTEXT }

    // MARK: Lifecycle and layout

    /// `init` (`v@:`), sent once after the object is created (a view's frame
    /// is already set). The kit first sends `init` to the superclass when it
    /// has one, as Swift's `super.init()`, and sets the instance variables to
    /// their defaults.
    public static func initialize(_ body: @escaping (Instance<W>) -> Void) -> Method {
        Method(selector: "init", typeEncoding: "v@:") { runtime in
            poolVoid.claim(initializer(runtime, body))
        }
    }

    /// The kit's `init`: ivar defaults, then the superclass's `init`, then `body`.
    static func initializer(_ runtime: ClassRuntime<W>, _ body: ((Instance<W>) -> Void)?) -> VoidHandler {
        let ivars = runtime.slots.filter { !$0.isProperty }
        return { pointer in
            guard let object = ObjectRef(pointer) else { return }
            if !ivars.isEmpty, let storage = runtime.storage(of: object.pointer) {
                for ivar in ivars { ivar.storeDefault(into: storage) }
            }
            if runtime.superclassResponds(to: "init"), let handle = runtime.handle {
                _ = Messaging.send(object.pointer, superclassOf: handle, "init", result: nil)
            }
            body?(Instance(object: object, runtime: runtime))
        }
    }

    /// `layoutSubviews` (`v@:`): place the subviews in the current bounds.
    public static func layoutSubviews(_ body: @escaping (Instance<W>) -> Void) -> Method {
        action("layoutSubviews", body)
    }

    /// `sizeThatFits:` (`{CGSize=dd}@:{CGSize=dd}`): the size that best fits the given size.
    public static func sizeThatFits(_ body: @escaping (Instance<W>, Size) -> Size) -> Method {
        make("sizeThatFits:", "\(EASEL_ENCODE_SIZE)@:\(EASEL_ENCODE_SIZE)", poolSizeToSize) { runtime in
            { pointer, size in ObjectRef(pointer).map { body(Instance(object: $0, runtime: runtime), size) } ?? size }
        }
    }

    /// `willMoveToSuperview:` (`v@:@`); the new superview is nil when the view is removed.
    public static func willMoveToSuperview(_ body: @escaping (Instance<W>, ViewRef?) -> Void) -> Method {
        withView("willMoveToSuperview:", body)
    }

    /// `didMoveToSuperview` (`v@:`).
    public static func didMoveToSuperview(_ body: @escaping (Instance<W>) -> Void) -> Method {
        action("didMoveToSuperview", body)
    }

    /// `didAddSubview:` (`v@:@`).
    public static func didAddSubview(_ body: @escaping (Instance<W>, ViewRef) -> Void) -> Method {
        withView("didAddSubview:") { instance, view in view.map { body(instance, $0) } }
    }

    /// `willRemoveSubview:` (`v@:@`).
    public static func willRemoveSubview(_ body: @escaping (Instance<W>, ViewRef) -> Void) -> Method {
        withView("willRemoveSubview:") { instance, view in view.map { body(instance, $0) } }
    }

    /// `willMoveToWindow:` (`v@:@`); the window is nil when the view leaves one.
    public static func willMoveToWindow(_ body: @escaping (Instance<W>, ViewRef?) -> Void) -> Method {
        withView("willMoveToWindow:", body)
    }

    /// `didMoveToWindow` (`v@:`).
    public static func didMoveToWindow(_ body: @escaping (Instance<W>) -> Void) -> Method {
        action("didMoveToWindow", body)
    }

    // MARK: Drawing

    /// `drawRect:` (`v@:{CGRect=...}`): draw the view's content; `rect` is the
    /// area that needs drawing, in the view's coordinates.
    public static func drawRect(_ body: @escaping (Instance<W>, Rect, Graphics) -> Void) -> Method {
        overlay("drawRect:", body)
    }

    /// An overlay's drawing selector (`v@:{CGRect=...}`, like `drawRect:`),
    /// for ``ViewHandle/addOverlay(_:)``: draws over every subview, in the
    /// view's coordinates.
    public static func overlay(_ selector: Selector, _ body: @escaping (Instance<W>, Rect, Graphics) -> Void) -> Method {
        make(selector, "v@:\(rect)", poolRect) { runtime in
            { pointer, rect in
                guard let object = ObjectRef(pointer) else { return }
                body(Instance(object: object, runtime: runtime), rect, .current)
            }
        }
    }

    /// A drawing method that gets its context as an argument (`v@:{CGRect=...}^v`),
    /// such as the seed's `drawCurve:inContext:`; other objects send it.
    public static func drawing(_ selector: Selector, _ body: @escaping (Instance<W>, Rect, Graphics) -> Void) -> Method {
        make(selector, "v@:\(rect)\(context)", poolRectContext) { runtime in
            { pointer, rect, context in
                guard let object = ObjectRef(pointer) else { return }
                body(Instance(object: object, runtime: runtime), rect, Graphics(context: context))
            }
        }
    }

    /// `drawRect:inContext:` (`v@:{CGRect=...}^v`): a right-handed view
    /// without a delegate draws itself; the context is flipped already
    /// (origin bottom left, y up).
    public static func drawRectInContext(_ body: @escaping (Instance<W>, Rect, Graphics) -> Void) -> Method {
        drawing("drawRect:inContext:", body)
    }

    /// `drawView:inRect:inContext:` (`v@:@{CGRect=...}^v`): a right-handed
    /// view's delegate draws `view` (or, better, asks it to draw its parts).
    public static func drawView(_ body: @escaping (Instance<W>, ViewRef, Rect, Graphics) -> Void) -> Method {
        make("drawView:inRect:inContext:", "v@:@\(rect)\(context)", poolObjectRectContext) { runtime in
            { pointer, view, rect, context in
                guard let object = ObjectRef(pointer), let view = ViewRef(view) else { return }
                body(Instance(object: object, runtime: runtime), view, rect, Graphics(context: context))
            }
        }
    }

    // MARK: Touches and hit testing

    /// `touchesBegan:withEvent:` (`v@:@@`).
    public static func touchesBegan(_ body: @escaping (Instance<W>, Touch) -> Void) -> Method {
        touches("touchesBegan:withEvent:", body)
    }

    /// `touchesMoved:withEvent:` (`v@:@@`).
    public static func touchesMoved(_ body: @escaping (Instance<W>, Touch) -> Void) -> Method {
        touches("touchesMoved:withEvent:", body)
    }

    /// `touchesEnded:withEvent:` (`v@:@@`).
    public static func touchesEnded(_ body: @escaping (Instance<W>, Touch) -> Void) -> Method {
        touches("touchesEnded:withEvent:", body)
    }

    /// `touchesCancelled:withEvent:` (`v@:@@`).
    public static func touchesCancelled(_ body: @escaping (Instance<W>, Touch) -> Void) -> Method {
        touches("touchesCancelled:withEvent:", body)
    }

    /// `hitTest:withEvent:` (`@@:{CGPoint=dd}@`): the view that should get a
    /// touch at `point` (the view's coordinates), or nil.
    public static func hitTest(_ body: @escaping (Instance<W>, Point) -> ViewRef?) -> Method {
        make("hitTest:withEvent:", "@@:\(EASEL_ENCODE_POINT)@", poolPointObjectToObject) { runtime in
            { pointer, point, _ in
                guard let object = ObjectRef(pointer) else { return nil }
                return body(Instance(object: object, runtime: runtime), point)?.object.pointer
            }
        }
    }

    /// `pointInside:withEvent:` (`B@:{CGPoint=dd}@`): whether `point` (the view's coordinates) is inside.
    public static func pointInside(_ body: @escaping (Instance<W>, Point) -> Bool) -> Method {
        make("pointInside:withEvent:", "B@:\(EASEL_ENCODE_POINT)@", poolPointObjectToBool) { runtime in
            { pointer, point, _ in
                guard let object = ObjectRef(pointer) else { return false }
                return body(Instance(object: object, runtime: runtime), point)
            }
        }
    }

    // MARK: Other selectors

    /// A method without arguments or result (`v@:`), e.g. `"reset"`.
    public static func action(_ selector: Selector, _ body: @escaping (Instance<W>) -> Void) -> Method {
        make(selector, "v@:", poolVoid) { runtime in
            { pointer in ObjectRef(pointer).map { body(Instance(object: $0, runtime: runtime)) } }
        }
    }

    /// A method taking one view (`v@:@`).
    public static func withView(_ selector: Selector, _ body: @escaping (Instance<W>, ViewRef?) -> Void) -> Method {
        make(selector, "v@:@", poolObject) { runtime in
            { pointer, view in ObjectRef(pointer).map { body(Instance(object: $0, runtime: runtime), ViewRef(view)) } }
        }
    }

    private static func touches(_ selector: Selector, _ body: @escaping (Instance<W>, Touch) -> Void) -> Method {
        make(selector, "v@:@@", poolObjectObject) { runtime in
            { pointer, touch, _ in
                guard let object = ObjectRef(pointer), let touch = Touch(touch) else { return }
                body(Instance(object: object, runtime: runtime), touch)
            }
        }
    }
}

/// The trampolines of one C signature (Trampolines.swift): trampoline `i`
/// calls the Swift handler installed `i`-th, so every method gets a C
/// function of its own and `[super …]` reaches the right closure.
///
/// Slots are claimed only while the plugin's description is built, under the
/// entry point's lock and before any method can be called; afterwards the
/// handler arrays are only read.
final class TrampolinePool<Handler>: @unchecked Sendable {
    let shape: String
    private let trampolines: [easel_imp]
    private let install: (Handler) -> Void
    private var used = 0

    init(shape: String, trampolines: [easel_imp], install: @escaping (Handler) -> Void) {
        self.shape = shape
        self.trampolines = trampolines
        self.install = install
    }

    /// The next free trampoline, now calling `handler`; nil when all are taken.
    func claim(_ handler: Handler) -> easel_imp? {
        guard used < trampolines.count else { return nil }
        install(handler)
        used += 1
        return trampolines[used - 1]
    }
}
