import EaselABI
import EaselEncoding
import EaselGeometry
import EaselRuntime
import EaselViews

/// A scene's view tree, built in a registry, with its steps ready to apply.
public final class SceneTree {
    /// The root view.
    public let root: View
    /// Views with an `id`, by id.
    public let viewsByID: [String: View]
    /// The steps, in order.
    public let steps: [SceneStep]
    /// The time of each step on the media clock, in seconds (a step's
    /// `"at"`, else the time of the step before it; 0 for the first).
    public let stepTimes: [Double]
    /// The number of steps ``run(to:)`` has applied.
    public private(set) var appliedStepCount = 0
    /// Objects the scene created that no view owns (values of `@` properties), kept alive with the tree.
    let objects: [EaselObject]
    /// The JSON path of every view.
    private let paths: [ObjectIdentifier: String]
    /// Pixels per point of a `display` step's pass: the scene's scale unless the renderer sets the render's.
    public var displayScale = 1.0

    init(root: View, viewsByID: [String: View], steps: [SceneStep], stepTimes: [Double], objects: [EaselObject],
         paths: [ObjectIdentifier: String]) {
        self.root = root
        self.viewsByID = viewsByID
        self.steps = steps
        self.stepTimes = stepTimes
        self.objects = objects
        self.paths = paths
    }

    /// The JSON path a view was declared at (`root.subviews[1]`), or `nil` for views plugins made.
    public func path(of view: View) -> String? { paths[ObjectIdentifier(view)] }

    /// The length of the scene's timeline: the latest of the time of its last
    /// step, the end of its last scripted gesture and the end of the last
    /// animation (its steps', and those plugin code started that are running
    /// now); 0 without any. A repeating animation counts one cycle.
    public var duration: Double {
        var end = max(stepTimes.last ?? 0, inputEnd)
        for (index, step) in steps.enumerated() {
            if case .animate(let animation, _) = step { end = max(end, stepTimes[index] + animation.length) }
            if case .transition(let transition, _) = step { end = max(end, stepTimes[index] + transition.length) }
        }
        if let running = root.registry.latestAnimationEnd { end = max(end, running) }
        return end
    }

    /// When the last scripted touch of the steps happens (a gesture shorthand
    /// spreads its touches over time after its step; Scene+Gestures.swift).
    public var inputEnd: Double {
        var end = 0.0
        for (step, time) in zip(steps, stepTimes) { end = max(end, time + step.inputDuration) }
        return end
    }

    /// The media clock the tree's objects share (the registry's).
    public var mediaClock: MediaClock { root.mediaClock }

    /// Runs the timeline forward to `time`: applies each step not yet applied
    /// whose time is at most `time`, with the clock advanced to the step's
    /// time first, then advances the clock to `time`.
    ///
    /// The clock never runs backwards: a `time` before the clock's current
    /// time applies nothing new and leaves the time as it is.
    /// - Parameter step: Called before each step is applied (progress messages).
    public func run(to time: Double, beforeEach step: (SceneStep) -> Void = { _ in }) {
        while appliedStepCount < steps.count, stepTimes[appliedStepCount] <= time { applyNextStep(beforeApplying: step) }
        mediaClock.advance(to: time)
    }

    /// Advances the clock to the next step's time and applies that step; does nothing after the last.
    ///
    /// - Parameter beforeApplying: Called with the step once the clock is at its time.
    public func applyNextStep(beforeApplying: (SceneStep) -> Void = { _ in }) {
        guard appliedStepCount < steps.count else { return }
        mediaClock.advance(to: stepTimes[appliedStepCount])
        beforeApplying(steps[appliedStepCount])
        apply(steps[appliedStepCount])
        appliedStepCount += 1
    }
}

/// One step of a scene, applied after the tree is built.
public enum SceneStep {
    /// Sets a view's frame (autoresizing and layout follow).
    case resize(View, easel_rect, path: String)
    /// A touch sequence, in root-view coordinates.
    case touch([(TouchPhase, easel_point)], path: String)
    /// One event of several fingers (`"touches"`), in root-view coordinates.
    case touches([TouchInput], path: String)
    /// A gesture shorthand (`"tap"`, `"pan"`, `"pinch"`, `"longPress"`): events at offsets
    /// from the step's time, delivered by timers on the media clock.
    case gesture([(offset: Double, inputs: [TouchInput])], path: String)
    /// An animation of a view's properties (Scene+Animation.swift).
    case animate(SceneAnimation, path: String)
    /// The tree is shown as it is now (`{"display": true}`): each view draws
    /// its content into its backing store, as on screen, so that later steps
    /// that resize a view show its `contentMode` (View+BackingStore.swift).
    case display(path: String)
    /// A view transition (Scene+Transition.swift).
    case transition(SceneTransition, path: String)

    /// The step's JSON path (`steps[0]`).
    public var path: String {
        switch self {
        case .resize(_, _, let path), .touch(_, let path), .touches(_, let path), .gesture(_, let path), .animate(_, let path),
             .display(let path), .transition(_, let path): path
        }
    }

    /// How long after its time the step's touches go on (a gesture's length; 0 for the others).
    public var inputDuration: Double {
        if case .gesture(let events, _) = self { return events.last?.offset ?? 0 }
        return 0
    }
}

extension Scene {
    /// The keys a view object of a scene may have.
    package static let viewKeys: Set<String> = Set<String>([
        "class", "id", "frame", "tag", "hidden", "alpha", "clipsToBounds", "backgroundColor", "opaque",
        "clearsContextBeforeDrawing", "transform", "autoresizingMask", "autoresizesSubviews",
        "userInteractionEnabled", "properties", "overlays", "delegate", "subviews",
        "bounds", "center", "anchorPoint", "layer", "multipleTouchEnabled", "exclusiveTouch", "gestureRecognizers",
        "contentSize", "contentOffset", "contentInset", "bounces", "alwaysBounceVertical", "alwaysBounceHorizontal",
        "pagingEnabled", "scrollEnabled", "decelerationRate", "contentMode", "contentStretch",
        "constraints", "translatesAutoresizingMaskIntoConstraints", "rootViewController", "stack",
        "showsVerticalScrollIndicator", "showsHorizontalScrollIndicator", "minimumZoomScale", "maximumZoomScale",
        "bouncesZoom", "zoomScale",
    ]).union(imageViewKeys).union(SceneLayoutKeys.keys)

    /// Builds the view tree in a registry whose plugins are loaded.
    ///
    /// - Throws: ``SceneError`` naming the file and the JSON path: an unknown
    ///   class or property, a value of the wrong type, an overlay selector the
    ///   class does not have, a delegate that does not respond to
    ///   `drawView:inRect:inContext:`, an unknown view id in a step.
    public func build(in registry: Registry) throws(SceneError) -> SceneTree {
        var builder = Builder(registry: registry, canvas: easel_rect(x: 0, y: 0, width: width, height: height),
                              images: SceneImages(sceneFile: file))
        do {
            let root = try builder.view(root, isRoot: true)
            try builder.resolveTargets(root: root)
            builder.installRootViewController(root)
            try builder.activateConstraints()
            (root as? Window)?.makeKeyAndVisible()
            var steps: [SceneStep] = [], times: [Double] = []
            for node in self.steps {
                times.append(try Self.stepTime(node, after: times.last ?? 0))
                steps.append(try builder.step(node))
            }
            let tree = SceneTree(root: root, viewsByID: builder.ids, steps: steps, stepTimes: times, objects: builder.objects,
                                 paths: builder.paths)
            tree.displayScale = scale
            return tree
        } catch var error {
            error.file = file
            throw error
        }
    }
}

extension Scene {
    /// The latest time a step may have (`"at"`), in seconds: a day.
    public static let maximumStepTime: Double = 86_400

    /// A step's time: its `"at"` (seconds, not before `previous`), else `previous`.
    static func stepTime(_ node: Node, after previous: Double) throws(SceneError) -> Double {
        guard let at = node.child("at") else { return previous }
        let time = try at.number()
        guard time.isFinite, time >= 0, time <= maximumStepTime else {
            throw at.error("a step's time must be a number of seconds from 0 to \(ValueCodec.formatReal(maximumStepTime))")
        }
        guard time >= previous else {
            throw at.error("this step is at \(ValueCodec.formatReal(time)) s, before the step above it "
                           + "(\(ValueCodec.formatReal(previous)) s); steps are listed in time order")
        }
        return time
    }
}

extension SceneTree {
    /// Applies one step: a resize, or a touch sequence delivered to the tree.
    public func apply(_ step: SceneStep) {
        switch step {
        case .resize(let view, let frame, _):
            view.frame = frame
            root.layoutIfNeeded()
        case .touch(let phases, _):
            var touch: Touch?
            for (phase, point) in phases {
                touch = try? root.sendTouch(phase, at: point, touch: touch)
            }
        case .touches(let inputs, _):
            _ = try? root.sendTouches(inputs)
        case .gesture(let events, _):
            let start = mediaClock.time
            let root = self.root
            for (offset, inputs) in events {
                if offset == 0 {
                    _ = try? root.sendTouches(inputs)
                } else {
                    mediaClock.schedule(at: start + offset) { [weak root] in _ = try? root?.sendTouches(inputs) }
                }
            }
        case .animate(let animation, _):
            animation.run()
        case .display:
            // A failing drawing call fails the final render again, where it is reported.
            _ = try? root.display(scale: displayScale)
        case .transition(let transition, _):
            transition.run()
        }
    }
}

struct Builder {
    let registry: Registry
    let canvas: easel_rect
    /// The image files the scene names, read relative to its folder (Scene+Images.swift).
    var images = SceneImages(sceneFile: nil)
    var ids: [String: View] = [:]
    var objects: [EaselObject] = []
    var paths: [ObjectIdentifier: String] = [:]
    /// Gesture recognizer targets, resolved once every view id is known.
    var pendingTargets: [PendingTarget] = []
    /// Gesture recognizers with an `id`, for `requireToFail`.
    var recognizerIDs: [String: GestureRecognizer] = [:]
    /// Fingers down after the steps read so far (Scene+Gestures.swift checks each step against them).
    var fingersDown: Set<Int> = []
    /// Views with "constraints", made after the whole tree is built (Scene+Constraints.swift).
    var pendingConstraints: [(node: Node, view: View)] = []
    /// Views whose "translatesAutoresizingMaskIntoConstraints" the scene sets.
    var explicitTranslation: Set<ObjectIdentifier> = []
    /// The root's "rootViewController", installed after the constraints (Scene+Controllers.swift).
    var rootController: (node: Node, controller: ViewController)?

    static var viewKeys: Set<String> { Scene.viewKeys }
    /// The keys of a scroll view, set in this order (the size before the offset).
    static let scrollKeys = [
        "contentSize", "contentInset", "bounces", "alwaysBounceVertical", "alwaysBounceHorizontal", "pagingEnabled",
        "scrollEnabled", "decelerationRate", "contentOffset",
        "showsVerticalScrollIndicator", "showsHorizontalScrollIndicator", "minimumZoomScale", "maximumZoomScale", "bouncesZoom",
    ]
    static let attributeKeys = [
        "tag", "hidden", "alpha", "clipsToBounds", "backgroundColor", "opaque", "clearsContextBeforeDrawing",
        "autoresizesSubviews", "userInteractionEnabled", "multipleTouchEnabled", "exclusiveTouch",
    ]

    mutating func view(_ node: Node, isRoot: Bool = false) throws(SceneError) -> View {
        _ = try node.requireObject()
        try node.checkKeys(Self.viewKeys)
        let className: String
        if let classNode = node.child("class") { className = try classNode.string() } else if isRoot { className = "Window" } else {
            throw node.error("missing 'class': every view names its class")
        }
        guard let cls = registry.objectClass(named: className) else {
            throw node.child("class")!.error("unknown class '\(className)'\(suggestion(for: className))")
        }
        guard cls.ancestry.contains(where: { $0.name == "View" }) else {
            throw node.child("class")!.error("class '\(className)' is not a view class (it does not inherit from View)")
        }
        // The frame, bounds, center and anchor point, resolved in their documented order (Scene+Layer.swift).
        let geometry = try SceneGeometry(node, isRoot: isRoot, canvas: canvas)
        let view: View
        do { view = try registry.makeView(ofClass: className, frame: geometry.initialFrame) } catch {
            throw node.error(error.message)
        }
        geometry.apply(to: view)
        paths[ObjectIdentifier(view)] = node.path
        if let idNode = node.child("id") {
            let id = try idNode.string()
            guard ids[id] == nil else { throw idNode.error("the id '\(id)' is used twice") }
            ids[id] = view
        }
        for key in Self.attributeKeys {
            if let value = node.child(key) { try set(key, of: view, to: value, what: "'\(key)'") }
        }
        for key in Self.scrollKeys {
            guard let value = node.child(key) else { continue }
            guard view is ScrollView else { throw value.error("only a scroll view (ScrollView) has '\(key)'; '\(className)' is not one") }
            try set(key, of: view, to: value, what: "'\(key)'")
        }
        if let value = node.child("transform") { view.transform = try ValueConversion.transform(value) }
        if let value = node.child("autoresizingMask") { view.autoresizingMask = try ValueConversion.autoresizingMask(value) }
        if let layer = node.child("layer") {
            try SceneLayer.apply(layer, to: view, viewNode: node)
            if let sublayers = layer.child("sublayers") { try addSublayers(sublayers, to: view) }
        }
        try applyImageViewKeys(node, to: view, className: className)
        if let modeNode = node.child("contentMode") {
            let name = try modeNode.string()
            guard let mode = ContentMode(name: name) else {
                throw modeNode.error("unknown content mode '\(name)'; expected one of: "
                                     + ContentMode.allCases.map(\.name).joined(separator: ", "))
            }
            view.contentMode = mode
        }
        if let stretchNode = node.child("contentStretch") {
            let stretch = try ValueConversion.rect(stretchNode)
            guard stretch.origin.x >= 0, stretch.origin.y >= 0, stretch.size.width >= 0, stretch.size.height >= 0,
                  stretch.maxX <= 1, stretch.maxY <= 1 else {
                throw stretchNode.error("contentStretch is a rect [x, y, w, h] inside the unit square [0, 0, 1, 1]")
            }
            view.contentStretch = stretch
        }
        if let value = node.child("stack") { try SceneStack.apply(value, to: view, className: className) }
        try SceneLayoutKeys.apply(node, to: view)
        if let value = node.child("translatesAutoresizingMaskIntoConstraints") {
            view.translatesAutoresizingMaskIntoConstraints = try value.bool()
            explicitTranslation.insert(ObjectIdentifier(view))
        }
        if let value = node.child("constraints") {
            _ = try value.elements()
            pendingConstraints.append((node: value, view: view))
        }
        if let value = node.child("rootViewController") {
            guard isRoot, let window = view as? Window else {
                throw value.error("only the root view, a Window, has a root view controller")
            }
            rootController = (value, try controller(value))
            _ = window
        }
        if let properties = node.child("properties") { try setProperties(properties, of: view) }
        if let overlays = node.child("overlays") {
            for item in try overlays.elements() {
                let selector = Selector(try item.string())
                do { try view.addOverlay(drawing: selector) } catch {
                    throw item.error(error.message)
                }
            }
        }
        if let delegateNode = node.child("delegate"), let scroll = view as? ScrollView {
            // A scroll view's delegate: every scroll-view message its class implements must have the signature sent.
            let delegate = try object(delegateNode)
            if let mismatch = ScrollView.delegateMismatch(delegate) { throw delegateNode.error(mismatch) }
            scroll.delegate = delegate
        } else if let delegateNode = node.child("delegate") {
            guard let rightHanded = view as? RightHandedView else {
                throw delegateNode.error("only a right-handed view (a subclass of RHView) or a scroll view (ScrollView) has a delegate; '\(className)' is not one")
            }
            let delegate = try object(delegateNode)
            let selector = Selector("drawView:inRect:inContext:")
            guard let method = delegate.objectClass.method(for: selector) else {
                throw delegateNode.error("the delegate's class '\(delegate.objectClass.name)' does not respond to drawView:inRect:inContext:, which a right-handed view sends its delegate")
            }
            guard method.signature.numberOfArguments == 5 else {
                throw delegateNode.error("\(method.readableSignature(className: delegate.objectClass.name)) does not take (view, rect, context)")
            }
            // A view controller as the delegate (seed 001's natural delegate) takes the view as its
            // own: viewDidLoad, then it is in the responder chain after the view.
            if let controller = delegate as? ViewController, !controller.isViewLoaded {
                controller.setView(rightHanded)
                rightHanded.delegate = delegate
                controller.viewDidLoad()
            } else {
                rightHanded.delegate = delegate
            }
        }
        if let recognizers = node.child("gestureRecognizers") { try gestureRecognizers(recognizers, of: view) }
        if let subviews = node.child("subviews") {
            for child in try subviews.elements() {
                let subview = try self.view(child)
                do {
                    // A stack view's subviews in a scene are its arranged subviews (as in Interface Builder).
                    if let stack = view as? StackView { try stack.addArrangedSubview(subview) } else { try view.addSubview(subview) }
                } catch { throw child.error(error.message) }
            }
        }
        if let value = node.child("zoomScale") {
            // After the subviews and the delegate: the delegate names the view for zooming among the subviews.
            guard let scroll = view as? ScrollView else { throw value.error("only a scroll view (ScrollView) has 'zoomScale'; '\(className)' is not one") }
            let scale = try value.number()
            guard scale.isFinite, scale > 0 else { throw value.error("a zoom scale is a positive number") }
            guard scroll.viewForZooming != nil else {
                throw value.error("'zoomScale' needs a view for zooming: a 'delegate' whose class implements viewForZoomingInScrollView: and returns a subview")
            }
            scroll.setZoomScale(scale, animated: false)
        }
        return view
    }

    /// An object of a plugin class with optional properties: {"class": …, "properties": {…}}.
    mutating func object(_ node: Node) throws(SceneError) -> EaselObject {
        _ = try node.requireObject()
        try node.checkKeys(["class", "properties"])
        guard let classNode = node.child("class") else { throw node.error("missing 'class'") }
        let name = try classNode.string()
        guard registry.objectClass(named: name) != nil else {
            throw classNode.error("unknown class '\(name)'\(suggestion(for: name))")
        }
        let object: EaselObject
        do { object = try registry.makeObject(ofClass: name) } catch { throw classNode.error(error.message) }
        if let properties = node.child("properties") { try setProperties(properties, of: object) }
        objects.append(object)
        return object
    }

    /// Sets declared properties, in the order the classes declare them (superclass first).
    mutating func setProperties(_ node: Node, of object: EaselObject) throws(SceneError) {
        let members = try node.requireObject()
        let declared = object.objectClass.ancestry.reversed().flatMap { $0.properties.map(\.name) }
        for key in members.keys.sorted() where !declared.contains(key) {
            let names = declared.isEmpty ? "it declares none" : "it declares: \(declared.joined(separator: ", "))"
            throw node.child(key)!.error("class '\(object.objectClass.name)' has no property '\(key)' (\(names))"
                                         + NameSuggestion.clause(for: key, among: declared))
        }
        for name in declared {
            if let value = node.child(name) { try set(name, of: object, to: value, what: "property '\(name)'") }
        }
    }

    mutating func set(_ name: String, of object: EaselObject, to node: Node, what: String) throws(SceneError) {
        let type: TypeEncoding
        do { type = try object.propertyType(name) } catch { throw node.error(error.message) }
        let described = "\(what) (\(type.readableName))"
        let arena = registry.valueArena
        var made: [EaselObject] = []
        let bytes = try ValueConversion.bytes(node, as: type, what: described, arena: arena, registry: registry,
                                              enumeration: object.objectClass.propertyMetadata(name)) { (inner: Node) throws(SceneError) -> EaselObject in
            var nested = Builder(registry: registry, canvas: canvas)
            let object = try nested.object(inner)
            made.append(contentsOf: nested.objects)
            return object
        }
        objects.append(contentsOf: made)
        do { try object.setPropertyBytes(bytes, for: name) } catch { throw node.error(error.message) }
    }

    mutating func step(_ node: Node) throws(SceneError) -> SceneStep {
        _ = try node.requireObject()
        if node.child("resize") != nil {
            try node.checkKeys(["resize", "size", "frame", "at"])
            let target = try view(named: node.child("resize")!)
            if let frame = node.child("frame") { return .resize(target, try ValueConversion.rect(frame), path: node.path) }
            guard let sizeNode = node.child("size") else { throw node.error("a resize step needs a 'size' [w, h] or a 'frame' [x, y, w, h]") }
            let size = try ValueConversion.size(sizeNode)
            let frame = easel_rect(origin: target.frame.origin, size: size)
            guard (frame.origin.x + size.width).isFinite, (frame.origin.y + size.height).isFinite else {
                throw sizeNode.error("the view's x + width and y + height must be finite numbers")
            }
            return .resize(target, frame, path: node.path)
        }
        if let touches = node.child("touch") {
            try node.checkKeys(["touch", "at"])
            var phases: [(TouchPhase, easel_point)] = []
            for item in try touches.elements() {
                try item.checkKeys(["phase", "at"])
                guard let phaseNode = item.child("phase"), let atNode = item.child("at") else {
                    throw item.error("a touch needs a 'phase' (began, moved, ended, cancelled) and a point 'at' [x, y] in root coordinates")
                }
                let names: [String: TouchPhase] = ["began": .began, "moved": .moved, "ended": .ended, "cancelled": .cancelled]
                guard let phase = names[try phaseNode.string()] else {
                    throw phaseNode.error("unknown touch phase; expected began, moved, ended or cancelled")
                }
                if phases.isEmpty && phase != .began { throw phaseNode.error("a touch sequence starts with 'began'") }
                let point = try ValueConversion.point(atNode)
                guard point.x >= canvas.minX, point.x <= canvas.maxX, point.y >= canvas.minY, point.y <= canvas.maxY else {
                    throw atNode.error("the touch at [\(ValueCodec.formatReal(point.x)), \(ValueCodec.formatReal(point.y))] is "
                                       + "outside the window, which is \(ValueCodec.formatReal(canvas.width)) x "
                                       + "\(ValueCodec.formatReal(canvas.height)) points; UIKit delivers only touches inside it")
                }
                phases.append((phase, point))
            }
            return .touch(phases, path: node.path)
        }
        if let animate = node.child("animate") {
            try node.checkKeys(["animate", "at"])
            _ = try animate.requireObject()
            guard let viewNode = animate.child("view") else { throw animate.error("an animate step needs 'view': the id of the view to animate") }
            return .animate(try SceneAnimation.parse(animate, view: view(named: viewNode)), path: node.path)
        }
        if let display = node.child("display") {
            try node.checkKeys(["display", "at"])
            guard try display.bool() else { throw display.error("a display step is {\"display\": true}") }
            return .display(path: node.path)
        }
        if let transition = node.child("transition") {
            try node.checkKeys(["transition", "at"])
            let builder = self
            return .transition(try SceneTransition.parse(transition) { (id: Node) throws(SceneError) in try builder.view(named: id) },
                               path: node.path)
        }
        if let step = try inputStep(node) { return step }
        throw node.error("a step is {\"resize\": ID, \"size\": [w, h]}, {\"touch\": [{\"phase\": …, \"at\": [x, y]}, …]}, "
                         + "{\"touches\": [{\"finger\": n, \"phase\": …, \"at\": [x, y]}, …]}, or a gesture: "
                         + "\"tap\", \"pan\", \"pinch\" or \"longPress\", {\"animate\": {\"view\": ID, …}}, "
                         + "{\"transition\": {\"from\": ID, \"to\": ID, …}} or {\"display\": true}")
    }

    /// A view by id ("root" is the root view unless a view has that id).
    func view(named node: Node) throws(SceneError) -> View {
        let id = try node.string()
        if let view = ids[id] { return view }
        throw node.error("no view has the id '\(id)'\(ids.isEmpty ? "" : "; ids: \(ids.keys.sorted().joined(separator: ", "))")")
    }

    func suggestion(for name: String) -> String {
        if let refusal = registry.failures.first(where: { $0.className == name }) {
            return ": \(refusal.path) defines it but it was not loaded (\(refusal.message))"
        }
        let known = registry.classes.map(\.name)
        if let close = NameSuggestion.closest(to: name, among: known) { return "; did you mean '\(close)'?" }
        return " (registered classes: \(known.joined(separator: ", ")))"
    }
}
