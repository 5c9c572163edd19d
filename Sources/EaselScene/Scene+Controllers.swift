import EaselEncoding
import EaselRuntime
import EaselViews

// The root's "rootViewController": {"class": "SettingsController",
// "properties": {…}, "view": {a view}}. The class is `ViewController` or a
// plugin subclass; without "view" the controller loads its own (`loadView`,
// or a plain View); with it, the view is built and `viewDidLoad` sent. The controller becomes the window's root view controller
// (its view fills the window, above the root's "subviews"), then the scene's
// constraints are made, then the window is shown (`viewWillAppear:`,
// `viewDidAppear:`).

extension Builder {
    /// A view controller from a scene object.
    mutating func controller(_ node: Node) throws(SceneError) -> ViewController {
        _ = try node.requireObject()
        try node.checkKeys(["class", "properties", "view"])
        guard let classNode = node.child("class") else { throw node.error("missing 'class': ViewController or a plugin subclass") }
        let name = try classNode.string()
        guard let cls = registry.objectClass(named: name) else {
            throw classNode.error("unknown class '\(name)'\(suggestion(for: name))")
        }
        guard cls.ancestry.contains(where: { $0.name == "ViewController" }) else {
            throw classNode.error("class '\(name)' is not a view controller class (it does not inherit from ViewController)")
        }
        let object: EaselObject
        do { object = try registry.makeObject(ofClass: name) } catch { throw classNode.error(error.message) }
        guard let controller = object as? ViewController else {
            throw classNode.error("class '\(name)' is not a view controller class")
        }
        objects.append(controller)
        if let properties = node.child("properties") { try setProperties(properties, of: controller) }
        if let viewNode = node.child("view") {
            controller.setView(try view(viewNode))
            controller.viewDidLoad()
        }
        return controller
    }

    /// Makes the scene's root view controller the window's.
    func installRootViewController(_ root: View) {
        guard let (_, controller) = rootController, let window = root as? Window else { return }
        window.rootViewController = controller
    }
}

/// A stack view's "stack": {"axis": "vertical", "distribution": "fillEqually",
/// "alignment": "center", "spacing": 8}, with UIKit's names.
enum SceneStack {
    static let keys: Set<String> = ["axis", "distribution", "alignment", "spacing"]
    static let axes: [String: StackAxis] = ["horizontal": .horizontal, "vertical": .vertical]
    static let distributions: [String: StackDistribution] = [
        "fill": .fill, "fillEqually": .fillEqually, "fillProportionally": .fillProportionally,
        "equalSpacing": .equalSpacing, "equalCentering": .equalCentering,
    ]
    static let alignments: [String: StackAlignment] = [
        "fill": .fill, "leading": .leading, "top": .leading, "firstBaseline": .firstBaseline, "center": .center,
        "trailing": .trailing, "bottom": .trailing, "lastBaseline": .lastBaseline,
    ]

    static func apply(_ node: Node, to view: View, className: String) throws(SceneError) {
        guard let stack = view as? StackView else {
            throw node.error("only a StackView has 'stack'; '\(className)' is not one")
        }
        _ = try node.requireObject()
        try node.checkKeys(keys)
        func named<T>(_ key: String, _ table: [String: T]) throws(SceneError) -> T? {
            guard let child = node.child(key) else { return nil }
            let name = try child.string()
            guard let value = table[name] else {
                throw child.error("unknown \(key) '\(name)'; expected one of: \(table.keys.sorted().joined(separator: ", "))")
            }
            return value
        }
        if let axis = try named("axis", axes) { stack.axis = axis }
        if let distribution = try named("distribution", distributions) { stack.distribution = distribution }
        if let alignment = try named("alignment", alignments) { stack.alignment = alignment }
        if let spacingNode = node.child("spacing") {
            let spacing = try spacingNode.number()
            guard spacing >= 0, spacing <= 1e6 else { throw spacingNode.error("the spacing is between 0 and 1e6, not \(ValueCodec.formatReal(spacing))") }
            stack.spacing = spacing
        }
    }
}

/// A view's Auto Layout keys besides "constraints":
///
///     "contentHuggingPriority": 251 (both axes) or {"horizontal": 251, "vertical": 750},
///     "contentCompressionResistancePriority": the same,
///     "layoutMargins": [top, left, bottom, right],
///     "directionalLayoutMargins": [top, leading, bottom, trailing],
///     "semanticContentAttribute": "forceRightToLeft"
///
/// Priorities are 1 to 1000 (UIKit's `UILayoutPriority`), margins finite numbers of at
/// most 1e6 in size, semantic content attributes UIKit's names. Applied when the view is
/// made, before any constraint of the scene is.
enum SceneLayoutKeys {
    static let keys: Set<String> = [
        "contentHuggingPriority", "contentCompressionResistancePriority", "layoutMargins", "directionalLayoutMargins",
        "semanticContentAttribute",
    ]
    static let semanticAttributes: [String: SemanticContentAttribute] = [
        "unspecified": .unspecified, "playback": .playback, "spatial": .spatial,
        "forceLeftToRight": .forceLeftToRight, "forceRightToLeft": .forceRightToLeft,
    ]

    static func apply(_ node: Node, to view: View) throws(SceneError) {
        if let value = node.child("contentHuggingPriority") {
            for (axis, priority) in try priorities(value) { view.setContentHuggingPriority(priority, for: axis) }
        }
        if let value = node.child("contentCompressionResistancePriority") {
            for (axis, priority) in try priorities(value) { view.setContentCompressionResistancePriority(priority, for: axis) }
        }
        if let value = node.child("semanticContentAttribute") {
            let name = try value.string()
            guard let attribute = semanticAttributes[name] else {
                throw value.error("unknown semantic content attribute '\(name)'; expected one of: "
                                  + semanticAttributes.keys.sorted().joined(separator: ", "))
            }
            view.semanticContentAttribute = attribute
        }
        if node.child("layoutMargins") != nil, let directional = node.child("directionalLayoutMargins") {
            throw directional.error("give 'layoutMargins' or 'directionalLayoutMargins', not both: they are one set of margins")
        }
        if let value = node.child("layoutMargins") {
            let m = try margins(value, "[top, left, bottom, right]")
            view.layoutMargins = EdgeInsets(top: m[0], left: m[1], bottom: m[2], right: m[3])
        }
        if let value = node.child("directionalLayoutMargins") {
            let m = try margins(value, "[top, leading, bottom, trailing]")
            view.directionalLayoutMargins = DirectionalEdgeInsets(top: m[0], leading: m[1], bottom: m[2], trailing: m[3])
        }
    }

    /// A number for both axes, or {"horizontal": …, "vertical": …}.
    private static func priorities(_ node: Node) throws(SceneError) -> [(LayoutAxis, LayoutPriority)] {
        func priority(_ node: Node) throws(SceneError) -> LayoutPriority {
            let value = try node.number()
            guard value >= 1, value <= 1000 else {
                throw node.error("a layout priority is from 1 to 1000 (1000 is required), not \(ValueCodec.formatReal(value))")
            }
            return LayoutPriority(Float(value))
        }
        if case .number = node.value {
            let both = try priority(node)
            return [(.horizontal, both), (.vertical, both)]
        }
        guard node.object != nil else { throw node.expect("a priority (1 to 1000) or {\"horizontal\": …, \"vertical\": …}") }
        try node.checkKeys(["horizontal", "vertical"])
        var result: [(LayoutAxis, LayoutPriority)] = []
        if let horizontal = node.child("horizontal") { result.append((.horizontal, try priority(horizontal))) }
        if let vertical = node.child("vertical") { result.append((.vertical, try priority(vertical))) }
        return result
    }

    private static func margins(_ node: Node, _ form: String) throws(SceneError) -> [Double] {
        let values = try node.numbers(4, form)
        for (index, value) in values.enumerated() where !(abs(value) <= 1e6) {
            throw SceneError(path: "\(node.path)[\(index)]", "a margin is a number from -1e6 to 1e6, not \(ValueCodec.formatReal(value))")
        }
        return values
    }
}
