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
    /// Objects the scene created that no view owns (values of `@` properties), kept alive with the tree.
    let objects: [EaselObject]
    /// The JSON path of every view.
    private let paths: [ObjectIdentifier: String]

    init(root: View, viewsByID: [String: View], steps: [SceneStep], objects: [EaselObject], paths: [ObjectIdentifier: String]) {
        self.root = root
        self.viewsByID = viewsByID
        self.steps = steps
        self.objects = objects
        self.paths = paths
    }

    /// The JSON path a view was declared at (`root.subviews[1]`), or `nil` for views plugins made.
    public func path(of view: View) -> String? { paths[ObjectIdentifier(view)] }
}

/// One step of a scene, applied after the tree is built.
public enum SceneStep {
    /// Sets a view's frame (autoresizing and layout follow).
    case resize(View, easel_rect, path: String)
    /// A touch sequence, in root-view coordinates.
    case touch([(TouchPhase, easel_point)], path: String)

    /// The step's JSON path (`steps[0]`).
    public var path: String {
        switch self {
        case .resize(_, _, let path), .touch(_, let path): path
        }
    }
}

extension Scene {
    /// The keys a view object of a scene may have.
    package static let viewKeys: Set<String> = [
        "class", "id", "frame", "tag", "hidden", "alpha", "clipsToBounds", "backgroundColor", "opaque",
        "clearsContextBeforeDrawing", "transform", "autoresizingMask", "autoresizesSubviews",
        "userInteractionEnabled", "properties", "overlays", "delegate", "subviews",
        "bounds", "center", "anchorPoint", "layer",
        "constraints", "translatesAutoresizingMaskIntoConstraints", "rootViewController", "stack",
    ]

    /// Builds the view tree in a registry whose plugins are loaded.
    ///
    /// - Throws: ``SceneError`` naming the file and the JSON path: an unknown
    ///   class or property, a value of the wrong type, an overlay selector the
    ///   class does not have, a delegate that does not respond to
    ///   `drawView:inRect:inContext:`, an unknown view id in a step.
    public func build(in registry: Registry) throws(SceneError) -> SceneTree {
        var builder = Builder(registry: registry, canvas: easel_rect(x: 0, y: 0, width: width, height: height))
        do {
            let root = try builder.view(root, isRoot: true)
            builder.installRootViewController(root)
            try builder.activateConstraints()
            (root as? Window)?.makeKeyAndVisible()
            var steps: [SceneStep] = []
            for node in self.steps { steps.append(try builder.step(node)) }
            return SceneTree(root: root, viewsByID: builder.ids, steps: steps, objects: builder.objects, paths: builder.paths)
        } catch var error {
            error.file = file
            throw error
        }
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
        }
    }
}

struct Builder {
    let registry: Registry
    let canvas: easel_rect
    var ids: [String: View] = [:]
    var objects: [EaselObject] = []
    var paths: [ObjectIdentifier: String] = [:]
    /// Views with "constraints", made after the whole tree is built (Scene+Constraints.swift).
    var pendingConstraints: [(node: Node, view: View)] = []
    /// Views whose "translatesAutoresizingMaskIntoConstraints" the scene sets.
    var explicitTranslation: Set<ObjectIdentifier> = []
    /// The root's "rootViewController", installed after the constraints (Scene+Controllers.swift).
    var rootController: (node: Node, controller: ViewController)?

    static var viewKeys: Set<String> { Scene.viewKeys }
    static let attributeKeys = [
        "tag", "hidden", "alpha", "clipsToBounds", "backgroundColor", "opaque", "clearsContextBeforeDrawing",
        "autoresizesSubviews", "userInteractionEnabled",
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
        if let value = node.child("transform") { view.transform = try ValueConversion.transform(value) }
        if let value = node.child("autoresizingMask") { view.autoresizingMask = try ValueConversion.autoresizingMask(value) }
        if let layer = node.child("layer") { try SceneLayer.apply(layer, to: view, viewNode: node) }
        if let value = node.child("stack") { try SceneStack.apply(value, to: view, className: className) }
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
        if let delegateNode = node.child("delegate") {
            guard let rightHanded = view as? RightHandedView else {
                throw delegateNode.error("only a right-handed view (a subclass of RHView) has a delegate; '\(className)' is not one")
            }
            let delegate = try object(delegateNode)
            let selector = Selector("drawView:inRect:inContext:")
            guard let method = delegate.objectClass.method(for: selector) else {
                throw delegateNode.error("the delegate's class '\(delegate.objectClass.name)' does not respond to drawView:inRect:inContext:, which a right-handed view sends its delegate")
            }
            guard method.signature.numberOfArguments == 5 else {
                throw delegateNode.error("\(method.readableSignature(className: delegate.objectClass.name)) does not take (view, rect, context)")
            }
            rightHanded.delegate = delegate
        }
        if let subviews = node.child("subviews") {
            for child in try subviews.elements() {
                let subview = try self.view(child)
                do {
                    // A stack view's subviews in a scene are its arranged subviews (as in Interface Builder).
                    if let stack = view as? StackView { try stack.addArrangedSubview(subview) } else { try view.addSubview(subview) }
                } catch { throw child.error(error.message) }
            }
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
        let bytes = try ValueConversion.bytes(node, as: type, what: described, arena: arena) { (inner: Node) throws(SceneError) -> EaselObject in
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
            try node.checkKeys(["resize", "size", "frame"])
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
            try node.checkKeys(["touch"])
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
        throw node.error("a step is {\"resize\": ID, \"size\": [w, h]} or {\"touch\": [{\"phase\": …, \"at\": [x, y]}, …]}")
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
