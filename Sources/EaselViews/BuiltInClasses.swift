import EaselABI
import EaselCanvas
import EaselEncoding
import EaselInvocation
import EaselProbe
import EaselRuntime

/// The view module's built-in classes and the methods they implement in Swift.
enum BuiltInClasses {
    /// What every registry of a host with views starts with: `Object`, then
    /// `View`, `Window`, `OverlayView`, `RHView`, `Touch`, `Layer` and `ImageView`, and the host
    /// table's view functions. Registers the layer extension (easel.layer.v1).
    static let all: BuiltIns = {
        _ = LayerAPI.registered
        _ = GestureAPI.registered
        _ = AnimationAPI.registered
        _ = LayoutAPI.registered
        return classes
    }()

    private static let classes = BuiltIns(classes: [
        BuiltIns.object,
        BuiltInClass(name: "View", superclassName: "Object", instanceType: View.self, methods: [
            spec(ViewCallbacks.hitTest, unsafeBitCast(viewHitTest, to: UnsafeRawPointer.self)),
            spec(ViewCallbacks.pointInside, unsafeBitCast(viewPointInside, to: UnsafeRawPointer.self)),
        ], properties: View.builtInProperties),
        BuiltInClass(name: "Window", superclassName: "View", instanceType: Window.self),
        BuiltInClass(name: "OverlayView", superclassName: "View", instanceType: OverlayView.self, methods: [
            spec(ViewCallbacks.drawRect, unsafeBitCast(overlayDrawRect, to: UnsafeRawPointer.self)),
        ]),
        BuiltInClass(name: "RHView", superclassName: "View", instanceType: RightHandedView.self, methods: [
            spec(ViewCallbacks.drawRect, unsafeBitCast(rightHandedDrawRect, to: UnsafeRawPointer.self)),
            spec(ViewCallbacks.flipContext, unsafeBitCast(rightHandedFlipContext, to: UnsafeRawPointer.self)),
        ], properties: ["delegate": RightHandedView.delegateProperty]),
        BuiltInClass(name: "Touch", superclassName: "Object", instanceType: Touch.self, properties: Touch.builtInProperties),
        BuiltInClass(name: "Layer", superclassName: "Object", instanceType: Layer.self, properties: Layer.builtInProperties),
        BuiltInClass(name: "ImageView", superclassName: "View", instanceType: ImageView.self, properties: ImageView.imageViewProperties),
        BuiltInClass(name: "ScrollView", superclassName: "View", instanceType: ScrollView.self, properties: ScrollView.scrollProperties),
        BuiltInClass(name: "Event", superclassName: "Object", instanceType: Event.self, properties: Event.builtInProperties),
        BuiltInClass(name: "GestureRecognizer", superclassName: "Object", instanceType: GestureRecognizer.self,
                     properties: GestureProperties.base),
        BuiltInClass(name: "TapGestureRecognizer", superclassName: "GestureRecognizer", instanceType: TapGestureRecognizer.self,
                     properties: GestureProperties.tap),
        BuiltInClass(name: "LongPressGestureRecognizer", superclassName: "GestureRecognizer",
                     instanceType: LongPressGestureRecognizer.self, properties: GestureProperties.longPress),
        BuiltInClass(name: "PanGestureRecognizer", superclassName: "GestureRecognizer", instanceType: PanGestureRecognizer.self,
                     properties: GestureProperties.pan),
        BuiltInClass(name: "PinchGestureRecognizer", superclassName: "GestureRecognizer", instanceType: PinchGestureRecognizer.self,
                     properties: GestureProperties.pinch),
        BuiltInClass(name: "RotationGestureRecognizer", superclassName: "GestureRecognizer",
                     instanceType: RotationGestureRecognizer.self, properties: GestureProperties.rotation),
        BuiltInClass(name: "SwipeGestureRecognizer", superclassName: "GestureRecognizer", instanceType: SwipeGestureRecognizer.self,
                     properties: GestureProperties.swipe),
        BuiltInClass(name: "LayoutGuide", superclassName: "Object", instanceType: LayoutGuide.self),
        BuiltInClass(name: "ViewController", superclassName: "Object", instanceType: ViewController.self),
        BuiltInClass(name: "StackView", superclassName: "View", instanceType: StackView.self, properties: StackView.stackProperties),
    ], viewFunctions: ViewAPI.table)

    private static func spec(_ call: HostCall, _ implementation: UnsafeRawPointer) -> MethodSpec {
        MethodSpec(selector: call.selector, signature: call.signature,
                   frame: try! CallFrame.cached(for: call.signature), implementation: implementation)
    }

    static let viewHitTest: @convention(c) (OpaquePointer?, OpaquePointer?, easel_point, OpaquePointer?) -> OpaquePointer? = {
        object, _, point, _ in
        guard let object, let view = EaselObject.from(handle: object) as? View else { return nil }
        return view.defaultHitTest(point)?.handle
    }

    static let viewPointInside: @convention(c) (OpaquePointer?, OpaquePointer?, easel_point, OpaquePointer?) -> Bool = {
        object, _, point, _ in
        guard let object, let view = EaselObject.from(handle: object) as? View else { return false }
        return view.bounds.contains(point)
    }

    static let overlayDrawRect: @convention(c) (OpaquePointer?, OpaquePointer?, easel_rect) -> Void = { object, _, rect in
        guard let object else { return }
        (EaselObject.from(handle: object) as? OverlayView)?.forwardDraw(rect)
    }

    /// The address of ``overlayDrawRect``, which the renderer calls directly.
    nonisolated(unsafe) static let overlayDrawRectAddress = unsafeBitCast(overlayDrawRect, to: UnsafeRawPointer.self)

    static let rightHandedDrawRect: @convention(c) (OpaquePointer?, OpaquePointer?, easel_rect) -> Void = { object, _, rect in
        guard let object else { return }
        (EaselObject.from(handle: object) as? RightHandedView)?.drawFlipped(rect)
    }

    static let rightHandedFlipContext: @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Void = {
        object, _, context in
        guard let object, let view = EaselObject.from(handle: object) as? RightHandedView,
              let canvas = Canvas.resolve(context) else { return }
        view.flip(canvas)
    }
}

extension BuiltIns {
    /// The built-ins of a host with views: `Object`, `View`, `Window`,
    /// `OverlayView`, `RHView`, `Touch`, `Layer`, `ImageView`, and the host table's view functions
    /// (what `Registry()` starts with).
    public static var withViews: BuiltIns { BuiltInClasses.all }
}

extension Registry {
    /// Creates a registry holding only the built-in classes: `Object`, `View`,
    /// `Window`, `OverlayView`, `RHView`, `Touch`, `Layer` and `ImageView`.
    public convenience init() {
        self.init(builtIns: BuiltInClasses.all)
    }

    /// Creates a view: an instance of `View` or of a class that inherits
    /// from it. The frame is set before `init` is sent, so a plugin's `init`
    /// can read its bounds and add subviews.
    ///
    /// - Parameters:
    ///   - className: A registered view class.
    ///   - frame: The initial frame, in the coordinates of the superview it will get.
    /// - Throws: ``RuntimeError`` when no such class is registered or it is not a view class.
    public func makeView(ofClass className: String, frame: easel_rect = .zero) throws(RuntimeError) -> View {
        guard let cls = objectClass(named: className) else {
            throw RuntimeError(.unknownClass, "no class named '\(className)' is registered")
        }
        // A class cast of the new object: a metatype cast (`is View.Type`) costs far more.
        guard let view = cls.instanceType.init(class: cls, registry: self) as? View else {
            throw RuntimeError(.typeMismatch, "class '\(className)' is not a view class (it does not inherit from View)")
        }
        view.frame = frame
        view.send(ViewCallbacks.initialize)
        return view
    }
}
