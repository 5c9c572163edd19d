import EaselABI

import Synchronization

/// The names of the host's built-in classes, which `class_named` finds in
/// the scanner as in the host. The probe knows none of them itself: easel
/// passes its own (`Object` and the view module's) on the scanner's command
/// line (``ScannerHelper/builtInClassesOption``), so a new built-in class
/// needs no change here.
package enum ScannerBuiltIns {
    private static let names = Mutex<Set<String>>(["Object"])

    /// Replaces the names (`Object` is always one of them).
    package static func configure(_ classNames: [String]) {
        _ = classNames.map(InternTable.intern)
        names.withLock { $0 = Set(classNames).union(["Object"]) }
    }

    /// Whether `name` is a built-in class.
    package static func contains(_ name: String) -> Bool { names.withLock { $0.contains(name) } }
}

/// The host table `easel-plugin-scanner` hands to the entry points it probes.
///
/// The scanner only asks plugins to describe themselves, and links no
/// graphics library, so its table is the host's table without a world behind
/// it: selectors are interned as in the host (`sel_register`, `sel_name`);
/// `class_named` finds the built-in classes only, as inside any entry point
/// (plugin classes are registered after every entry point has run);
/// `class_name` names a class handle. No object exists in the scanner:
/// `object_create` and the view table's `create` return NULL, functions that
/// take an object do nothing and return NULL, zero or
/// `EASEL_ERROR_NULL_ARGUMENT` (as for a NULL object), `log` is discarded, and
/// the drawing functions do nothing (there is no current context), and
/// `get_extension` finds nothing (``HostExtensions`` is per process). The
/// version and the sizes are the host's, so a plugin that checks
/// `struct_size` sees the same table shape.
package enum ProbeHostTable {
    /// The table (allocated once, never freed).
    nonisolated(unsafe) package static let table: UnsafePointer<easel_host_api> = {
        var api = easel_host_api()
        api.abi_version = HostABI.packedVersion
        api.struct_size = UInt32(MemoryLayout<easel_host_api>.size)
        api.sel_register = { name in name.map { OpaquePointer(InternTable.intern(String(cString: $0))) } }
        api.sel_name = { sel in sel.map { UnsafePointer<CChar>($0) } }
        api.class_named = { name in
            guard let name else { return nil }
            let text = String(cString: name)
            return ScannerBuiltIns.contains(text) ? OpaquePointer(InternTable.intern(text)) : nil
        }
        api.object_class = { _ in nil }
        api.class_name = { cls in cls.map { UnsafePointer<CChar>($0) } }
        api.class_responds_to = { _, _ in 0 }
        api.object_create = { _ in nil }
        api.object_storage = { _, _ in nil }
        api.msg_send = { _, _, _, _ in Int32(EASEL_ERROR_NULL_ARGUMENT) }
        api.msg_send_super = { _, _, _, _, _ in Int32(EASEL_ERROR_NULL_ARGUMENT) }
        api.property_get = { _, _, _ in Int32(EASEL_ERROR_NULL_ARGUMENT) }
        api.property_set = { _, _, _ in Int32(EASEL_ERROR_NULL_ARGUMENT) }
        api.log = { _, _ in }
        api.graphics = graphics
        api.views = views
        api.get_extension = HostExtensions.lookup
        let table = UnsafeMutablePointer<easel_host_api>.allocate(capacity: 1)
        table.initialize(to: api)
        return UnsafePointer(table)
    }()

    /// Drawing functions that draw nothing: there is never a current context.
    nonisolated(unsafe) private static let graphics: UnsafePointer<easel_graphics_api> = {
        var api = easel_graphics_api()
        api.abi_version = HostABI.packedVersion
        api.struct_size = UInt32(MemoryLayout<easel_graphics_api>.size)
        api.current_context = { nil }
        api.save_state = { _ in }
        api.restore_state = { _ in }
        api.translate = { _, _, _ in }
        api.scale = { _, _, _ in }
        api.rotate = { _, _ in }
        api.concat_ctm = { _, _ in }
        api.get_ctm = { _ in easel_affine_transform() }
        api.begin_path = { _ in }
        api.move_to = { _, _, _ in }
        api.add_line_to = { _, _, _ in }
        api.add_quad_curve_to = { _, _, _, _, _ in }
        api.add_curve_to = { _, _, _, _, _, _, _ in }
        api.add_arc = { _, _, _, _, _, _, _ in }
        api.add_rect = { _, _ in }
        api.add_ellipse_in_rect = { _, _ in }
        api.close_path = { _ in }
        api.fill_path = { _, _ in }
        api.stroke_path = { _ in }
        api.clip = { _, _ in }
        api.fill_rect = { _, _ in }
        api.stroke_rect = { _, _ in }
        api.clear_rect = { _, _ in }
        api.set_fill_color = { _, _ in }
        api.set_stroke_color = { _, _ in }
        api.set_alpha = { _, _ in }
        api.set_line_width = { _, _ in }
        api.set_line_cap = { _, _ in }
        api.set_line_join = { _, _ in }
        api.set_line_dash = { _, _, _, _ in }
        api.set_font = { _, _, _ in }
        api.show_text = { _, _, _, _ in }
        api.measure_text = { _, _ in easel_size() }
        let table = UnsafeMutablePointer<easel_graphics_api>.allocate(capacity: 1)
        table.initialize(to: api)
        return UnsafePointer(table)
    }()

    /// View functions for a world without views.
    nonisolated(unsafe) private static let views: UnsafePointer<easel_view_api> = {
        var api = easel_view_api()
        api.abi_version = HostABI.packedVersion
        api.struct_size = UInt32(MemoryLayout<easel_view_api>.size)
        api.create = { _, _ in nil }
        api.superview = { _ in nil }
        api.subview_count = { _ in 0 }
        api.subview_at = { _, _ in nil }
        api.add_subview = { _, _ in Int32(EASEL_ERROR_NULL_ARGUMENT) }
        api.insert_subview_at = { _, _, _ in Int32(EASEL_ERROR_NULL_ARGUMENT) }
        api.insert_subview_above = { _, _, _ in Int32(EASEL_ERROR_NULL_ARGUMENT) }
        api.insert_subview_below = { _, _, _ in Int32(EASEL_ERROR_NULL_ARGUMENT) }
        api.exchange_subviews = { _, _, _ in Int32(EASEL_ERROR_NULL_ARGUMENT) }
        api.bring_subview_to_front = { _, _ in Int32(EASEL_ERROR_NULL_ARGUMENT) }
        api.send_subview_to_back = { _, _ in Int32(EASEL_ERROR_NULL_ARGUMENT) }
        api.remove_from_superview = { _ in }
        api.is_descendant_of = { _, _ in 0 }
        api.view_with_tag = { _, _ in nil }
        api.bounds = { _ in easel_rect() }
        api.frame = { _ in easel_rect() }
        api.set_frame = { _, _ in }
        api.convert_point = { point, _, _ in point }
        api.convert_rect = { rect, _, _ in rect }
        api.set_needs_display = { _ in }
        api.set_needs_display_in_rect = { _, _ in }
        api.set_needs_layout = { _ in }
        api.layout_if_needed = { _ in }
        api.size_that_fits = { _, size in size }
        api.size_to_fit = { _ in }
        api.add_overlay = { _, _ in nil }
        api.set_delegate = { _, _ in Int32(EASEL_ERROR_NULL_ARGUMENT) }
        api.delegate = { _ in nil }
        api.flip_context = { _, _ in }
        api.hit_test = { _, _ in nil }
        api.touch_location = { _, _ in easel_point() }
        api.touch_previous_location = { _, _ in easel_point() }
        api.touch_phase = { _ in 0 }
        api.touch_view = { _ in nil }
        let table = UnsafeMutablePointer<easel_view_api>.allocate(capacity: 1)
        table.initialize(to: api)
        return UnsafePointer(table)
    }()
}
