import EaselRuntime
import EaselABI
import EaselCanvas

/// The view table (`easel_view_api`) of the host table: UIView for plugin code.
///
/// Every function tolerates NULL and objects that are not views: it does
/// nothing, returns a neutral value or an error code, and reports the
/// problem as a diagnostic of the registry.
enum ViewAPI {
    /// The table (allocated once, never freed).
    nonisolated(unsafe) static let table: UnsafePointer<easel_view_api> = {
        let table = UnsafeMutablePointer<easel_view_api>.allocate(capacity: 1)
        table.initialize(to: easel_view_api(
            abi_version: HostABI.packedVersion,
            struct_size: UInt32(MemoryLayout<easel_view_api>.size),
            create: { name, frame in
                guard let name, let registry = Registry.active else { return nil }
                do throws(RuntimeError) {
                    let view = try registry.makeView(ofClass: String(cString: name), frame: frame)
                    registry.retainPluginObject(view)
                    return view.handle
                } catch {
                    registry.report(.error, "views->create: \(error.message)")
                    return nil
                }
            },
            superview: { view($0, "superview")?.superview?.handle },
            subview_count: { UInt32(view($0, "subview_count")?.subviews.count ?? 0) },
            subview_at: { handle, index in
                guard let parent = view(handle, "subview_at"), Int(index) < parent.subviews.count else { return nil }
                return parent.subviews[Int(index)].handle
            },
            add_subview: { parent, child in
                arrange(parent, child, "add_subview") { (parent: View, child: View) throws(ViewError) in try parent.addSubview(child) }
            },
            insert_subview_at: { parent, child, index in
                arrange(parent, child, "insert_subview_at") { (parent: View, child: View) throws(ViewError) in try parent.insertSubview(child, at: Int(index)) }
            },
            insert_subview_above: { parent, child, sibling in
                guard let other = view(sibling, "insert_subview_above") else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
                return arrange(parent, child, "insert_subview_above") { (parent: View, child: View) throws(ViewError) in try parent.insertSubview(child, aboveSubview: other) }
            },
            insert_subview_below: { parent, child, sibling in
                guard let other = view(sibling, "insert_subview_below") else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
                return arrange(parent, child, "insert_subview_below") { (parent: View, child: View) throws(ViewError) in try parent.insertSubview(child, belowSubview: other) }
            },
            exchange_subviews: { handle, first, second in
                guard let parent = view(handle, "exchange_subviews") else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
                return perform(parent, "exchange_subviews", failure: Int(EASEL_ERROR_NOT_FOUND)) { () throws(ViewError) in
                    try parent.exchangeSubview(at: Int(first), withSubviewAt: Int(second))
                }
            },
            bring_subview_to_front: { parent, child in
                arrange(parent, child, "bring_subview_to_front", failure: Int(EASEL_ERROR_NOT_FOUND)) { (parent: View, child: View) throws(ViewError) in try parent.bringSubviewToFront(child) }
            },
            send_subview_to_back: { parent, child in
                arrange(parent, child, "send_subview_to_back", failure: Int(EASEL_ERROR_NOT_FOUND)) { (parent: View, child: View) throws(ViewError) in try parent.sendSubviewToBack(child) }
            },
            remove_from_superview: { view($0, "remove_from_superview")?.removeFromSuperview() },
            is_descendant_of: { handle, ancestor in
                guard let child = view(handle, "is_descendant_of"), let other = view(ancestor, "is_descendant_of") else { return 0 }
                return child.isDescendant(of: other) ? 1 : 0
            },
            view_with_tag: { handle, tag in view(handle, "view_with_tag")?.viewWithTag(Int(tag))?.handle },
            // Every drawRect: asks for its bounds: written out, so that the
            // compiler inlines it (see Canvas.graphicsAPI).
            bounds: { handle in
                guard let handle else { return .zero }
                return Unmanaged<EaselObject>.fromOpaque(UnsafeRawPointer(handle))._withUnsafeGuaranteedRef { object in
                    guard object is View else { return notAView(object, "bounds", .zero) }
                    return unsafeDowncast(object, to: View.self).bounds
                }
            },
            frame: { withView($0, "frame", else: .zero) { $0.frame } },
            set_frame: { handle, frame in view(handle, "set_frame")?.frame = frame },
            convert_point: { point, from, to in
                let source = from.flatMap { view($0, "convert_point") }, target = to.flatMap { view($0, "convert_point") }
                if let source { return source.convert(point, to: target) }
                return target?.convert(point, from: nil) ?? point
            },
            convert_rect: { rect, from, to in
                let source = from.flatMap { view($0, "convert_rect") }, target = to.flatMap { view($0, "convert_rect") }
                if let source { return source.convert(rect, to: target) }
                return target?.convert(rect, from: nil) ?? rect
            },
            set_needs_display: { view($0, "set_needs_display")?.setNeedsDisplay() },
            set_needs_display_in_rect: { handle, rect in view(handle, "set_needs_display_in_rect")?.setNeedsDisplay(in: rect) },
            set_needs_layout: { view($0, "set_needs_layout")?.setNeedsLayout() },
            layout_if_needed: { view($0, "layout_if_needed")?.layoutIfNeeded() },
            size_that_fits: { handle, size in view(handle, "size_that_fits")?.sizeThatFits(size) ?? .zero },
            size_to_fit: { view($0, "size_to_fit")?.sizeToFit() },
            add_overlay: { handle, selector in
                guard let host = view(handle, "add_overlay"), let selector else { return nil }
                do throws(RuntimeError) {
                    return try host.addOverlay(drawing: Selector(interned: UnsafePointer(selector))).handle
                } catch {
                    host.registry.report(.error, "views->add_overlay: \(error.message)")
                    return nil
                }
            },
            set_delegate: { handle, delegate in
                guard let target = view(handle, "set_delegate") else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
                guard let rightHanded = target as? RightHandedView else {
                    target.registry.report(.error, "views->set_delegate: \(target) is not a right-handed view (RHView)")
                    return Int32(EASEL_ERROR_TYPE_MISMATCH)
                }
                rightHanded.delegate = delegate.map(EaselObject.from(handle:))
                return Int32(EASEL_OK)
            },
            delegate: { handle in (view(handle, "delegate") as? RightHandedView)?.delegate?.handle },
            flip_context: { handle, context in
                guard let rightHanded = view(handle, "flip_context") as? RightHandedView,
                      let canvas = Canvas.resolve(context) else { return }
                rightHanded.flip(canvas)
            },
            hit_test: { handle, point in view(handle, "hit_test")?.hitTest(point)?.handle },
            touch_location: { touch, handle in
                guard let touch = touchObject(touch) else { return .zero }
                return touch.location(in: handle.flatMap { view($0, "touch_location") })
            },
            touch_previous_location: { touch, handle in
                guard let touch = touchObject(touch) else { return .zero }
                return touch.previousLocation(in: handle.flatMap { view($0, "touch_previous_location") })
            },
            touch_phase: { touchObject($0)?.phase.rawValue ?? Int32(EASEL_TOUCH_CANCELLED) },
            touch_view: { touchObject($0)?.view?.handle }
        ))
        return UnsafePointer(table)
    }()

    /// The view behind a handle; reports a non-view object.
    private static func view(_ handle: OpaquePointer?, _ function: String) -> View? {
        guard let handle else { return nil }
        let object = EaselObject.from(handle: handle)
        guard let view = object as? View else {
            object.registry.report(.error, "views->\(function): \(object) is not a view")
            return nil
        }
        return view
    }

    /// Reports a non-view object passed where a view is expected; returns `fallback`.
    private static func notAView<R>(_ object: EaselObject, _ function: String, _ fallback: R) -> R {
        object.registry.report(.error, "views->\(function): \(object) is not a view")
        return fallback
    }

    /// Runs `body` with the view behind a handle, without retaining it (the
    /// getters a drawRect: calls on every draw); reports a non-view object.
    ///
    /// A handle passed by plugin code is an object the registry keeps alive
    /// for the whole call, as for `object_storage`.
    private static func withView<R>(_ handle: OpaquePointer?, _ function: String, else fallback: R,
                                    _ body: (View) -> R) -> R {
        guard let handle else { return fallback }
        return Unmanaged<EaselObject>.fromOpaque(UnsafeRawPointer(handle))._withUnsafeGuaranteedRef { object in
            guard let view = object as? View else {
                object.registry.report(.error, "views->\(function): \(object) is not a view")
                return fallback
            }
            return body(view)
        }
    }

    private static func touchObject(_ handle: OpaquePointer?) -> Touch? {
        handle.flatMap { EaselObject.from(handle: $0) as? Touch }
    }

    /// Runs a tree operation on two views, turning a ``ViewError`` into a code and a diagnostic.
    private static func arrange(_ parent: OpaquePointer?, _ child: OpaquePointer?, _ function: String,
                                failure: Int = Int(EASEL_ERROR_INVALID_OPERATION),
                                _ body: (View, View) throws(ViewError) -> Void) -> Int32 {
        guard let superview = view(parent, function), let subview = view(child, function) else {
            return Int32(EASEL_ERROR_NULL_ARGUMENT)
        }
        return perform(superview, function, failure: failure) { () throws(ViewError) in try body(superview, subview) }
    }

    private static func perform(_ reporter: View, _ function: String, failure: Int,
                                _ body: () throws(ViewError) -> Void) -> Int32 {
        do {
            try body()
            return Int32(EASEL_OK)
        } catch {
            reporter.registry.report(.error, "views->\(function): \(error.message)")
            return Int32(failure)
        }
    }
}
