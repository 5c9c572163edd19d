import EaselEncoding
import EaselRuntime
import EaselViews

// The root's "rootViewController": {"class": "SettingsController",
// "properties": {…}, "view": {a view}}. The class is `ViewController` or a
// plugin subclass; without "view" the controller loads its own (`loadView`,
// or a plain View). The controller becomes the window's root view controller
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
        if let viewNode = node.child("view") { controller.setView(try view(viewNode)) }
        return controller
    }

    /// Makes the scene's root view controller the window's.
    func installRootViewController(_ root: View) {
        guard let (_, controller) = rootController, let window = root as? Window else { return }
        window.rootViewController = controller
    }
}
