// Methods: selectors bound to typed Swift closures, installed with the C
// function of their shape (Dispatch.swift).

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
/// A plugin can declare any number of methods of each signature, and a
/// subclass can implement a selector its superclass implements and call the
/// superclass's method with ``Instance/sendSuper(_:_:)``.
public struct Method<W: PluginClass> {
    /// The selector.
    public let selector: Selector
    /// The full method encoding: return type, "@", ":", then each argument.
    public let typeEncoding: String
    /// The method's shape and its closure for the class's runtime.
    let bind: (ClassRuntime<W>) -> BoundMethod

    private init(_ selector: Selector, _ typeEncoding: String, bind: @escaping (ClassRuntime<W>) -> BoundMethod) {
        self.selector = selector
        self.typeEncoding = typeEncoding
        self.bind = bind
    }

    static func make<Handler>(
        _ selector: Selector, _ shape: MethodShape<Handler>, _ handler: @escaping (ClassRuntime<W>) -> Handler
    ) -> Method {
        Method(selector, shape.encoding) { runtime in shape.bind(handler(runtime)) }
    }

    /// The kit's own `init` for a class that declares none but has instance
    /// variables to set to their defaults.
    static var defaultInitializer: Method {
        make("init", Shapes.void) { runtime in initializer(runtime, nil) }
    }

    // MARK: Lifecycle and layout

    /// `init` (`v@:`), sent once after the object is created (a view's frame
    /// is already set). The kit first sends `init` to the superclass when it
    /// has one, as Swift's `super.init()`, and sets the instance variables to
    /// their defaults.
    public static func initialize(_ body: @escaping (Instance<W>) -> Void) -> Method {
        make("init", Shapes.void) { runtime in initializer(runtime, body) }
    }

    /// The kit's `init`: ivar defaults, then the superclass's `init`, then `body`.
    static func initializer(_ runtime: ClassRuntime<W>, _ body: ((Instance<W>) -> Void)?) -> VoidHandler {
        let ivars = runtime.slots.filter { !$0.isProperty }
        return { object in
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

    /// `prepareForInterfaceBuilder` (`v@:`): sent by `easel gallery` after `init`, before sizing and
    /// drawing: set the sample values a preview shows (Interface Builder's convention for designables).
    public static func prepareForInterfaceBuilder(_ body: @escaping (Instance<W>) -> Void) -> Method {
        action("prepareForInterfaceBuilder", body)
    }

    /// `sizeThatFits:` (`{CGSize=dd}@:{CGSize=dd}`): the size that best fits the given size.
    public static func sizeThatFits(_ body: @escaping (Instance<W>, Size) -> Size) -> Method {
        make("sizeThatFits:", Shapes.sizeToSize) { runtime in
            { object, size in body(Instance(object: object, runtime: runtime), size) }
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
        make(selector, Shapes.rect) { runtime in
            { object, rect in body(Instance(object: object, runtime: runtime), rect, .current) }
        }
    }

    /// A drawing method that gets its context as an argument (`v@:{CGRect=...}^v`),
    /// such as the seed's `drawCurve:inContext:`; other objects send it.
    public static func drawing(_ selector: Selector, _ body: @escaping (Instance<W>, Rect, Graphics) -> Void) -> Method {
        make(selector, Shapes.rectContext) { runtime in
            { object, rect, context in body(Instance(object: object, runtime: runtime), rect, Graphics(context: context)) }
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
        make("drawView:inRect:inContext:", Shapes.objectRectContext) { runtime in
            { object, view, rect, context in
                guard let view = ViewRef(view) else { return }
                body(Instance(object: object, runtime: runtime), view, rect, Graphics(context: context))
            }
        }
    }

    /// `drawLayer:inContext:` (`v@:@^v`): the receiver is a layer's delegate
    /// (``Layer/delegate``) and draws the layer, in the layer's coordinates,
    /// clipped to its bounds.
    public static func drawLayer(_ body: @escaping (Instance<W>, Layer, Graphics) -> Void) -> Method {
        make("drawLayer:inContext:", Shapes.objectContext) { runtime in
            { object, layer, context in
                guard let layer = ObjectRef(layer) else { return }
                body(Instance(object: object, runtime: runtime), Layer(object: layer), Graphics(context: context))
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
        make("hitTest:withEvent:", Shapes.pointObjectToObject) { runtime in
            { object, point, _ in body(Instance(object: object, runtime: runtime), point)?.object.pointer }
        }
    }

    /// `pointInside:withEvent:` (`B@:{CGPoint=dd}@`): whether `point` (the view's coordinates) is inside.
    public static func pointInside(_ body: @escaping (Instance<W>, Point) -> Bool) -> Method {
        make("pointInside:withEvent:", Shapes.pointObjectToBool) { runtime in
            { object, point, _ in body(Instance(object: object, runtime: runtime), point) }
        }
    }

    // MARK: Other selectors

    /// A method without arguments or result (`v@:`), e.g. `"reset"`.
    public static func action(_ selector: Selector, _ body: @escaping (Instance<W>) -> Void) -> Method {
        make(selector, Shapes.void) { runtime in
            { object in body(Instance(object: object, runtime: runtime)) }
        }
    }

    /// A function of one number (`d@:d`), e.g. `"valueAt:"`: takes a
    /// `double` and returns one.
    public static func function(_ selector: Selector, _ body: @escaping (Instance<W>, Double) -> Double) -> Method {
        make(selector, Shapes.doubleToDouble) { runtime in
            { object, value in body(Instance(object: object, runtime: runtime), value) }
        }
    }

    /// A method taking one view (`v@:@`).
    public static func withView(_ selector: Selector, _ body: @escaping (Instance<W>, ViewRef?) -> Void) -> Method {
        make(selector, Shapes.object) { runtime in
            { object, view in body(Instance(object: object, runtime: runtime), ViewRef(view)) }
        }
    }

    private static func touches(_ selector: Selector, _ body: @escaping (Instance<W>, Touch) -> Void) -> Method {
        make(selector, Shapes.objectObject) { runtime in
            { object, touch, _ in
                guard let touch = Touch(touch) else { return }
                body(Instance(object: object, runtime: runtime), touch)
            }
        }
    }
}
