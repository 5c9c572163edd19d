import EaselABI
import EaselRuntime

/// What the view module's C extension tables share: the object behind a
/// handle, and getters and setters on a view that tolerate NULL and report
/// a non-view or a refused value as a diagnostic of the registry, naming
/// the table and the function (`layer->set_corner_radius: …`).
struct ViewTableAccess {
    /// The table's name in messages: `layer`, `layout`.
    let table: String

    /// The object behind a handle, or nil for NULL.
    func object(_ handle: OpaquePointer?) -> EaselObject? {
        handle.map { EaselObject.from(handle: $0) }
    }

    /// A getter: `body` of the view, or `fallback` for NULL or a non-view (reported).
    func get<R>(_ handle: OpaquePointer?, _ function: String, _ fallback: R, _ body: (View) -> R) -> R {
        guard let object = object(handle) else { return fallback }
        guard let view = object as? View else {
            object.registry.report(.error, "\(table)->\(function): \(object) is not a view")
            return fallback
        }
        return body(view)
    }

    /// A setter: `body` on the view when `valid`, else the reported `problem` and EASEL_ERROR_INVALID_OPERATION.
    func set(_ handle: OpaquePointer?, _ function: String, valid: Bool = true, _ problem: @autoclosure () -> String = "",
             _ body: (View) -> Void) -> Int32 {
        guard let object = object(handle) else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
        guard let view = object as? View else {
            object.registry.report(.error, "\(table)->\(function): \(object) is not a view")
            return Int32(EASEL_ERROR_TYPE_MISMATCH)
        }
        guard valid else {
            object.registry.report(.error, "\(table)->\(function): \(problem()); \(view) keeps its value")
            return Int32(EASEL_ERROR_INVALID_OPERATION)
        }
        body(view)
        return Int32(EASEL_OK)
    }
}
