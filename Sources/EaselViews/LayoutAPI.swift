import EaselABI
import EaselGeometry
import EaselProbe
import EaselRuntime

/// The layout extension (`easel_layout_api`, "easel.layout.v1"): Auto Layout and view
/// controllers for plugin code.
///
/// Constraints are handed to plugins as numbers (`easel_constraint`), never pointers: a
/// stale or made-up number is an error (`EASEL_ERROR_NOT_FOUND`), not a crash. The host
/// keeps each constraint until `constraint_release`, at most ``maximumConstraints`` at once.
/// Every function tolerates NULL and objects of the wrong kind and reports the problem
/// as a diagnostic naming the function (`layout->constraint_create: …`).
enum LayoutAPI {
    /// Registers the table under its identifier (once per process; `Registry()` does it).
    static let registered: Void = {
        HostExtensions.register(EASEL_LAYOUT_EXTENSION_ID, table: UnsafeRawPointer(table))
    }()

    /// The most constraints plugin code may hold numbers for at once.
    static let maximumConstraints = 1 << 20

    /// The constraints plugin code holds numbers for, and the next number.
    private struct Handles {
        var constraints: [UInt64: LayoutConstraint] = [:]
        var next: UInt64 = 1
    }
    /// Main thread only, as the table is (easel.h).
    nonisolated(unsafe) private static var handles = Handles()

    static func constraint(_ number: easel_constraint) -> LayoutConstraint? {
        handles.constraints[number]
    }

    /// The table (allocated once, never freed).
    nonisolated(unsafe) static let table: UnsafePointer<easel_layout_api> = {
        let table = UnsafeMutablePointer<easel_layout_api>.allocate(capacity: 1)
        var api = easel_layout_api()
        api.abi_version = HostABI.packedVersion
        api.struct_size = UInt32(MemoryLayout<easel_layout_api>.size)
        api.constraint_create = { item, attribute, relation, toItem, toAttribute, multiplier, constant, priority in
            create(item, attribute, relation, toItem, toAttribute, multiplier, constant, priority)
        }
        api.constraint_set_active = { number, active in
            withConstraint(number, "constraint_set_active") { constraint in
                if active == 0 {
                    constraint.deactivate()
                    return Int32(EASEL_OK)
                }
                do { try constraint.activate() } catch {
                    Registry.active?.report(.error, "layout->constraint_set_active: \(error)")
                    return Int32(EASEL_ERROR_INVALID_OPERATION)
                }
                return Int32(EASEL_OK)
            }
        }
        api.constraint_is_active = { number in constraint(number)?.isActive == true ? 1 : 0 }
        api.constraint_constant = { number in constraint(number)?.constant ?? 0 }
        api.constraint_set_constant = { number, constant in
            withConstraint(number, "constraint_set_constant") { constraint in
                guard constant.isFinite else {
                    Registry.active?.report(.error, "layout->constraint_set_constant: the constant \(constant) is not finite; \(constraint) keeps its value")
                    return Int32(EASEL_ERROR_INVALID_OPERATION)
                }
                constraint.constant = constant
                return Int32(EASEL_OK)
            }
        }
        api.constraint_priority = { number in constraint(number).map { Double($0.priority.rawValue) } ?? 0 }
        api.constraint_set_priority = { number, priority in
            withConstraint(number, "constraint_set_priority") { constraint in
                guard !priority.isNaN else {
                    Registry.active?.report(.error, "layout->constraint_set_priority: the priority is not a number; \(constraint) keeps its value")
                    return Int32(EASEL_ERROR_INVALID_OPERATION)
                }
                constraint.priority = LayoutPriority(Float(priority))
                return Int32(EASEL_OK)
            }
        }
        api.constraint_release = { number in
            let removed = handles.constraints.removeValue(forKey: number)
            guard removed != nil else {
                if number != 0 { Registry.active?.report(.error, "layout->constraint_release: no constraint has the number \(number)") }
                return Int32(number == 0 ? EASEL_ERROR_NULL_ARGUMENT : EASEL_ERROR_NOT_FOUND)
            }
            return Int32(EASEL_OK)
        }
        api.translates_autoresizing_mask = { handle in
            get(handle, "translates_autoresizing_mask", 1) { $0.translatesAutoresizingMaskIntoConstraints ? 1 : 0 }
        }
        api.set_translates_autoresizing_mask = { handle, translates in
            set(handle, "set_translates_autoresizing_mask") { $0.translatesAutoresizingMaskIntoConstraints = translates != 0 }
        }
        api.content_hugging_priority = { handle, axis in
            get(handle, "content_hugging_priority", 250) { Double($0.contentHuggingPriority(for: axis == 1 ? .vertical : .horizontal).rawValue) }
        }
        api.set_content_hugging_priority = { handle, axis, priority in
            set(handle, "set_content_hugging_priority", valid: (axis == 0 || axis == 1) && !priority.isNaN,
                "the axis \(axis) is not 0 or 1, or the priority is not a number") {
                $0.setContentHuggingPriority(LayoutPriority(Float(priority)), for: axis == 1 ? .vertical : .horizontal)
            }
        }
        api.compression_resistance_priority = { handle, axis in
            get(handle, "compression_resistance_priority", 750) {
                Double($0.contentCompressionResistancePriority(for: axis == 1 ? .vertical : .horizontal).rawValue)
            }
        }
        api.set_compression_resistance_priority = { handle, axis, priority in
            set(handle, "set_compression_resistance_priority", valid: (axis == 0 || axis == 1) && !priority.isNaN,
                "the axis \(axis) is not 0 or 1, or the priority is not a number") {
                $0.setContentCompressionResistancePriority(LayoutPriority(Float(priority)), for: axis == 1 ? .vertical : .horizontal)
            }
        }
        api.invalidate_intrinsic_content_size = { handle in
            set(handle, "invalidate_intrinsic_content_size") { $0.invalidateIntrinsicContentSize() }
        }
        api.set_needs_update_constraints = { handle in set(handle, "set_needs_update_constraints") { $0.setNeedsUpdateConstraints() } }
        api.layout_if_needed = { handle in set(handle, "layout_if_needed") { $0.rootView.layoutIfNeeded() } }
        api.layout_margins_guide = { handle in get(handle, "layout_margins_guide", nil) { $0.layoutMarginsGuide.handle } }
        api.safe_area_layout_guide = { handle in get(handle, "safe_area_layout_guide", nil) { $0.safeAreaLayoutGuide.handle } }
        api.add_layout_guide = { handle in get(handle, "add_layout_guide", nil) { $0.makeLayoutGuide().handle } }
        api.layout_frame = { handle in
            guard let object = object(handle) else { return .zero }
            if let guide = object as? LayoutGuide { return guide.layoutFrame }
            if let view = object as? View { return view.frame }
            object.registry.report(.error, "layout->layout_frame: \(object) is neither a view nor a layout guide")
            return .zero
        }
        api.set_directional_layout_margins = { handle, top, leading, bottom, trailing in
            set(handle, "set_directional_layout_margins", valid: [top, leading, bottom, trailing].allSatisfy(\.isFinite),
                "a margin is not finite") {
                $0.directionalLayoutMargins = DirectionalEdgeInsets(top: top, leading: leading, bottom: bottom, trailing: trailing)
            }
        }
        api.set_semantic_content_attribute = { handle, attribute in
            let value = SemanticContentAttribute(rawValue: Int(attribute))
            return set(handle, "set_semantic_content_attribute", valid: value != nil,
                       "\(attribute) is not a semantic content attribute (0...4)") { $0.semanticContentAttribute = value ?? .unspecified }
        }
        api.system_layout_size_fitting = { handle, target, horizontal, vertical in
            get(handle, "system_layout_size_fitting", target) {
                $0.systemLayoutSizeFitting(target, withHorizontalFittingPriority: LayoutPriority(Float(horizontal.isNaN ? 50 : horizontal)),
                                           verticalFittingPriority: LayoutPriority(Float(vertical.isNaN ? 50 : vertical)))
            }
        }
        api.view_controller_view = { handle in controller(handle, "view_controller_view", nil) { $0.view.handle } }
        api.view_controller_set_view = { handle, viewHandle in
            controller(handle, "view_controller_set_view", Int32(EASEL_ERROR_TYPE_MISMATCH)) { controller in
                guard let viewObject = object(viewHandle) else {
                    controller.setView(nil)
                    return Int32(EASEL_OK)
                }
                guard let view = viewObject as? View else {
                    controller.registry.report(.error, "layout->view_controller_set_view: \(viewObject) is not a view")
                    return Int32(EASEL_ERROR_TYPE_MISMATCH)
                }
                controller.setView(view)
                return Int32(EASEL_OK)
            }
        }
        api.view_controller_add_child = { parentHandle, childHandle in
            controller(parentHandle, "view_controller_add_child", Int32(EASEL_ERROR_TYPE_MISMATCH)) { parent in
                guard let childObject = object(childHandle) else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
                guard let child = childObject as? ViewController else {
                    parent.registry.report(.error, "layout->view_controller_add_child: \(childObject) is not a view controller")
                    return Int32(EASEL_ERROR_TYPE_MISMATCH)
                }
                do { try parent.addChild(child) } catch {
                    parent.registry.report(.error, "layout->view_controller_add_child: \(error)")
                    return Int32(EASEL_ERROR_INVALID_OPERATION)
                }
                return Int32(EASEL_OK)
            }
        }
        api.view_controller_remove_from_parent = { handle in
            controller(handle, "view_controller_remove_from_parent", Int32(EASEL_ERROR_TYPE_MISMATCH)) {
                $0.removeFromParent()
                return Int32(EASEL_OK)
            }
        }
        api.view_controller_did_move_to_parent = { handle, parentHandle in
            controller(handle, "view_controller_did_move_to_parent", Int32(EASEL_ERROR_TYPE_MISMATCH)) { controller in
                let parent = object(parentHandle)
                guard parent == nil || parent is ViewController else {
                    controller.registry.report(.error, "layout->view_controller_did_move_to_parent: \(parent!) is not a view controller")
                    return Int32(EASEL_ERROR_TYPE_MISMATCH)
                }
                controller.didMove(toParent: parent as? ViewController)
                return Int32(EASEL_OK)
            }
        }
        api.window_root_view_controller = { handle in window(handle, "window_root_view_controller", nil) { $0.rootViewController?.handle } }
        api.window_set_root_view_controller = { handle, controllerHandle in
            window(handle, "window_set_root_view_controller", Int32(EASEL_ERROR_TYPE_MISMATCH)) { window in
                let object = object(controllerHandle)
                guard object == nil || object is ViewController else {
                    window.registry.report(.error, "layout->window_set_root_view_controller: \(object!) is not a view controller")
                    return Int32(EASEL_ERROR_TYPE_MISMATCH)
                }
                window.rootViewController = object as? ViewController
                return Int32(EASEL_OK)
            }
        }
        api.window_make_key_and_visible = { handle in
            window(handle, "window_make_key_and_visible", Int32(EASEL_ERROR_TYPE_MISMATCH)) {
                $0.makeKeyAndVisible()
                return Int32(EASEL_OK)
            }
        }
        api.stack_view_add_arranged_subview = { stackHandle, viewHandle in
            arrange(stackHandle, viewHandle, "stack_view_add_arranged_subview") { (stack, view) throws(ViewError) -> Int32 in
                try stack.addArrangedSubview(view)
                return Int32(EASEL_OK)
            }
        }
        api.stack_view_insert_arranged_subview = { stackHandle, viewHandle, index in
            arrange(stackHandle, viewHandle, "stack_view_insert_arranged_subview") { (stack, view) throws(ViewError) -> Int32 in
                guard index >= 0, index <= Int64(stack.arrangedSubviews.count) else {
                    throw ViewError("cannot insert an arranged subview at \(index): the stack has \(stack.arrangedSubviews.count)")
                }
                try stack.insertArrangedSubview(view, at: Int(index))
                return Int32(EASEL_OK)
            }
        }
        api.stack_view_remove_arranged_subview = { stackHandle, viewHandle in
            arrange(stackHandle, viewHandle, "stack_view_remove_arranged_subview") { (stack, view) throws(ViewError) -> Int32 in
                guard stack.arrangedSubviews.contains(where: { $0 === view }) else {
                    stack.registry.report(.error, "layout->stack_view_remove_arranged_subview: \(view) is not an arranged subview of \(stack)")
                    return Int32(EASEL_ERROR_NOT_FOUND)
                }
                stack.removeArrangedSubview(view)
                return Int32(EASEL_OK)
            }
        }
        api.stack_view_arranged_subview_count = { handle in
            guard let object = object(handle) else { return -1 }
            guard let stack = object as? StackView else {
                object.registry.report(.error, "layout->stack_view_arranged_subview_count: \(object) is not a stack view")
                return -1
            }
            return Int64(stack.arrangedSubviews.count)
        }
        table.initialize(to: api)
        return UnsafePointer(table)
    }()

    // MARK: - Helpers

    /// constraint_create: checks the arguments, makes the constraint and hands out its number.
    private static func create(_ item: OpaquePointer?, _ attribute: Int32, _ relation: Int32, _ toItem: OpaquePointer?,
                               _ toAttribute: Int32, _ multiplier: Double, _ constant: Double, _ priority: Double) -> easel_constraint {
        let function = "layout->constraint_create"
        guard let first = object(item) else { return 0 }
        func refuse(_ message: String) -> easel_constraint {
            first.registry.report(.error, "\(function): \(message)")
            return 0
        }
        guard let firstItem = first as? any LayoutItem else { return refuse("\(first) is neither a view nor a layout guide") }
        var secondItem: (any LayoutItem)?
        if let second = object(toItem) {
            guard let item = second as? any LayoutItem else { return refuse("\(second) is neither a view nor a layout guide") }
            secondItem = item
        }
        guard let firstAttribute = LayoutAttribute(rawValue: attribute) else { return refuse("\(attribute) is not a layout attribute (0...12)") }
        guard let secondAttribute = LayoutAttribute(rawValue: toAttribute) else {
            return refuse("\(toAttribute) is not a layout attribute (0...12)")
        }
        guard let layoutRelation = LayoutRelation(rawValue: relation) else { return refuse("\(relation) is not a relation (-1, 0 or 1)") }
        guard !priority.isNaN else { return refuse("the priority is not a number") }
        let constraint: LayoutConstraint
        do {
            constraint = try LayoutConstraint(item: firstItem, attribute: firstAttribute, relatedBy: layoutRelation, toItem: secondItem,
                                              attribute: secondAttribute, multiplier: multiplier, constant: constant)
        } catch {
            return refuse(error.message)
        }
        constraint.priority = LayoutPriority(Float(priority))
        guard handles.constraints.count < maximumConstraints else {
            return refuse("plugin code holds \(maximumConstraints) constraint numbers already; release some with constraint_release")
        }
        let number = handles.next
        handles.next += 1
        handles.constraints[number] = constraint
        return number
    }

    /// `body` on the constraint with `number`, or EASEL_ERROR_NOT_FOUND (reported).
    private static func withConstraint(_ number: easel_constraint, _ function: String, _ body: (LayoutConstraint) -> Int32) -> Int32 {
        guard let constraint = constraint(number) else {
            Registry.active?.report(.error, "layout->\(function): no constraint has the number \(number)")
            return Int32(EASEL_ERROR_NOT_FOUND)
        }
        return body(constraint)
    }

    private static let access = ViewTableAccess(table: "layout")

    /// The object behind a handle, or nil for NULL.
    private static func object(_ handle: OpaquePointer?) -> EaselObject? { access.object(handle) }

    /// A getter on a view (``ViewTableAccess/get(_:_:_:_:)``).
    private static func get<R>(_ handle: OpaquePointer?, _ function: String, _ fallback: R, _ body: (View) -> R) -> R {
        access.get(handle, function, fallback, body)
    }

    /// A setter on a view (``ViewTableAccess/set(_:_:valid:_:_:)``).
    private static func set(_ handle: OpaquePointer?, _ function: String, valid: Bool = true, _ problem: @autoclosure () -> String = "",
                            _ body: (View) -> Void) -> Int32 {
        access.set(handle, function, valid: valid, problem(), body)
    }

    /// `body` on a view controller, `fallback` for a non-controller (reported); NULL for NULL.
    private static func controller<R>(_ handle: OpaquePointer?, _ function: String, _ fallback: R, _ body: (ViewController) -> R) -> R {
        guard let object = object(handle) else { return fallback }
        guard let controller = object as? ViewController else {
            object.registry.report(.error, "layout->\(function): \(object) is not a view controller")
            return fallback
        }
        return body(controller)
    }

    /// `body` on a stack view and a view: NULL, a non-stack or a non-view is an error code
    /// (reported); a ``ViewError`` `body` throws is EASEL_ERROR_INVALID_OPERATION (reported).
    private static func arrange(_ stackHandle: OpaquePointer?, _ viewHandle: OpaquePointer?, _ function: String,
                                _ body: (StackView, View) throws(ViewError) -> Int32) -> Int32 {
        guard let stackObject = object(stackHandle), let viewObject = object(viewHandle) else {
            Registry.active?.report(.error, "layout->\(function): the stack view or the view is NULL")
            return Int32(EASEL_ERROR_NULL_ARGUMENT)
        }
        guard let stack = stackObject as? StackView else {
            stackObject.registry.report(.error, "layout->\(function): \(stackObject) is not a stack view")
            return Int32(EASEL_ERROR_TYPE_MISMATCH)
        }
        guard let view = viewObject as? View else {
            stackObject.registry.report(.error, "layout->\(function): \(viewObject) is not a view")
            return Int32(EASEL_ERROR_TYPE_MISMATCH)
        }
        do { return try body(stack, view) } catch {
            stack.registry.report(.error, "layout->\(function): \(error.message)")
            return Int32(EASEL_ERROR_INVALID_OPERATION)
        }
    }

    /// `body` on a window, `fallback` for a non-window (reported).
    private static func window<R>(_ handle: OpaquePointer?, _ function: String, _ fallback: R, _ body: (Window) -> R) -> R {
        guard let object = object(handle) else { return fallback }
        guard let window = object as? Window else {
            object.registry.report(.error, "layout->\(function): \(object) is not a window")
            return fallback
        }
        return body(window)
    }
}
