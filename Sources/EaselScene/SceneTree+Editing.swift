import EaselEncoding
import EaselRuntime
import EaselViews
import FoundationEssentials

extension SceneTree {
    /// Sets a property of a view in the built tree from a JSON value written as
    /// in a scene file's `properties` (`easel preview`'s inspector): a
    /// property the view's class declares, or a built-in one such as `frame`
    /// or `alpha`. The value goes through the same conversion as the scene's
    /// and the registry's property setter; the view is then marked as needing
    /// display and layout.
    ///
    /// - Parameters:
    ///   - name: The property.
    ///   - view: The view.
    ///   - json: The value as JSON text (`2`, `"#ff0000"`, `[0, 0, 10, 10]`).
    /// - Throws: ``SceneError`` naming the property (at the JSON path `properties.<name>`)
    ///   for an unknown property or a value of the wrong type.
    public func setProperty(_ name: String, of view: View, json: String) throws(SceneError) {
        let path = "properties.\(name)"
        guard let value = try? JSONReader.read(json) else {
            throw SceneError(path: path, "expected a JSON value as in a scene file ('2', '\"text\"', '[1, 2]', 'true'), not '\(json)'")
        }
        var builder = Builder(registry: root.registry, canvas: root.bounds)
        try builder.set(name, of: view, to: Node(value: value, path: path), what: "property '\(name)'")
        view.setNeedsDisplay()
        view.setNeedsLayout()
        view.superview?.setNeedsLayout()
    }
}
