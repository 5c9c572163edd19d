import EaselABI
import EaselDrawingExtensions
import EaselGraphicsCore
import EaselGeometry
import EaselProbe
import EaselRuntime

/// The layer extension (`easel_layer_api`, "easel.layer.v1"): a view's layer for plugin code.
///
/// Every function tolerates NULL and objects that are not views: getters
/// return the property's default, setters an error code; both report the
/// problem as a diagnostic of the registry, naming the function.
enum LayerAPI {
    /// Registers the table under its identifier (once per process; `Registry()` does it).
    static let registered: Void = {
        HostExtensions.register(EASEL_LAYER_EXTENSION_ID, table: UnsafeRawPointer(table))
    }()

    /// The table (allocated once, never freed).
    nonisolated(unsafe) static let table: UnsafePointer<easel_layer_api> = {
        let table = UnsafeMutablePointer<easel_layer_api>.allocate(capacity: 1)
        var api = easel_layer_api()
        api.abi_version = HostABI.packedVersion
        api.struct_size = UInt32(MemoryLayout<easel_layer_api>.size)
        api.corner_radius = { get($0, "corner_radius", 0) { $0.layer.cornerRadius } }
        api.set_corner_radius = { handle, radius in
            set(handle, "set_corner_radius", valid: radius.isFinite && radius >= 0,
                "the corner radius \(radius) is negative or not finite") { $0.layer.cornerRadius = radius }
        }
        api.masked_corners = { get($0, "masked_corners", UInt32(CornerMask.all.rawValue)) { UInt32($0.layer.maskedCorners.rawValue) } }
        api.set_masked_corners = { handle, corners in
            set(handle, "set_masked_corners") { $0.layer.maskedCorners = CornerMask(rawValue: UInt64(corners)) }
        }
        api.masks_to_bounds = { get($0, "masks_to_bounds", 0) { $0.clipsToBounds ? 1 : 0 } }
        api.set_masks_to_bounds = { handle, masks in set(handle, "set_masks_to_bounds") { $0.clipsToBounds = masks != 0 } }
        api.border_width = { get($0, "border_width", 0) { $0.layer.borderWidth } }
        api.set_border_width = { handle, width in
            set(handle, "set_border_width", valid: width.isFinite && width >= 0,
                "the border width \(width) is negative or not finite") { $0.layer.borderWidth = width }
        }
        api.border_color = { get($0, "border_color", opaqueBlack) { $0.layer.borderColor } }
        api.set_border_color = { handle, color in
            set(handle, "set_border_color", valid: color.clampedForLayer != nil, "a colour component is not a number") {
                $0.layer.borderColor = color
            }
        }
        api.shadow_color = { get($0, "shadow_color", opaqueBlack) { $0.layer.shadowColor } }
        api.set_shadow_color = { handle, color in
            set(handle, "set_shadow_color", valid: color.clampedForLayer != nil, "a colour component is not a number") {
                $0.layer.shadowColor = color
            }
        }
        api.shadow_opacity = { get($0, "shadow_opacity", 0) { $0.layer.shadowOpacity } }
        api.set_shadow_opacity = { handle, opacity in
            set(handle, "set_shadow_opacity", valid: !opacity.isNaN, "the opacity is not a number") { $0.layer.shadowOpacity = opacity }
        }
        api.shadow_offset = { get($0, "shadow_offset", easel_size(width: 0, height: -3)) { $0.layer.shadowOffset } }
        api.set_shadow_offset = { handle, offset in
            set(handle, "set_shadow_offset",
                valid: offset.width.isFinite && offset.height.isFinite && abs(offset.width) <= 1e6 && abs(offset.height) <= 1e6,
                "the offset is not finite or larger than 1e6") { $0.layer.shadowOffset = offset }
        }
        api.shadow_radius = { get($0, "shadow_radius", 3) { $0.layer.shadowRadius } }
        api.set_shadow_radius = { handle, radius in
            set(handle, "set_shadow_radius", valid: radius.isFinite && radius >= 0,
                "the shadow radius \(radius) is negative or not finite") { $0.layer.shadowRadius = radius }
        }
        api.set_shadow_path_rect = { handle, rect, radius in
            let path: ShadowPath = radius == 0 ? .rect(rect) : .roundedRect(rect, cornerRadius: radius)
            return set(handle, "set_shadow_path_rect", valid: path.isValid,
                       "the rect or corner radius is not finite, or the radius is negative") { $0.layer.shadowPath = path }
        }
        api.set_shadow_path_ellipse = { handle, rect in
            set(handle, "set_shadow_path_ellipse", valid: ShadowPath.ellipse(rect).isValid, "the rect is not finite") {
                $0.layer.shadowPath = .ellipse(rect)
            }
        }
        api.set_shadow_path_polygon = { handle, points, count in
            guard let points else {
                return set(handle, "set_shadow_path_polygon", valid: false, "the points are NULL") { _ in }
            }
            guard Int(count) <= ShadowPath.maximumPoints else {
                return set(handle, "set_shadow_path_polygon", valid: false,
                           "\(count) points; a shadow polygon has at most \(ShadowPath.maximumPoints)") { _ in }
            }
            let path = ShadowPath.polygon(Array(UnsafeBufferPointer(start: points, count: Int(count))))
            return set(handle, "set_shadow_path_polygon", valid: path.isValid, "a point is not finite") { $0.layer.shadowPath = path }
        }
        api.clear_shadow_path = { handle in set(handle, "clear_shadow_path") { $0.layer.shadowPath = nil } }
        api.has_shadow_path = { get($0, "has_shadow_path", 0) { $0.layer.shadowPath == nil ? 0 : 1 } }
        api.opacity = { get($0, "opacity", 1) { $0.alpha } }
        api.set_opacity = { handle, opacity in
            set(handle, "set_opacity", valid: !opacity.isNaN, "the opacity is not a number") { $0.alpha = opacity }
        }
        api.anchor_point = { get($0, "anchor_point", easel_point(x: 0.5, y: 0.5)) { $0.layer.anchorPoint } }
        api.set_anchor_point = { handle, anchor in
            set(handle, "set_anchor_point",
                valid: anchor.x.isFinite && anchor.y.isFinite && abs(anchor.x) <= 1e6 && abs(anchor.y) <= 1e6,
                "the anchor point is not finite or larger than 1e6") { $0.layer.anchorPoint = anchor }
        }
        api.position = { get($0, "position", .zero) { $0.center } }
        api.set_position = { handle, position in
            set(handle, "set_position", valid: position.x.isFinite && position.y.isFinite, "the position is not finite") {
                $0.center = position
            }
        }
        api.z_position = { get($0, "z_position", 0) { $0.layer.zPosition } }
        api.set_z_position = { handle, z in
            set(handle, "set_z_position", valid: z.isFinite, "the z position is not finite") { $0.layer.zPosition = z }
        }
        api.hidden = { get($0, "hidden", 0) { $0.isHidden ? 1 : 0 } }
        api.set_hidden = { handle, hidden in set(handle, "set_hidden") { $0.isHidden = hidden != 0 } }
        api.background_color = { get($0, "background_color", easel_color(red: 0, green: 0, blue: 0, alpha: 0)) { $0.backgroundColorValue } }
        api.set_background_color = { handle, color in
            set(handle, "set_background_color", valid: color.clampedForLayer != nil, "a colour component is not a number") {
                $0.backgroundColor = color.alpha > 0 ? color.clampedForLayer : nil
            }
        }
        api.allows_group_opacity = { get($0, "allows_group_opacity", 1) { $0.layer.allowsGroupOpacity ? 1 : 0 } }
        api.set_allows_group_opacity = { handle, allows in
            set(handle, "set_allows_group_opacity") { $0.layer.allowsGroupOpacity = allows != 0 }
        }
        api.convert_point_to_window = { handle, point, window in
            get(handle, "convert_point_to_window", point) { $0.convert(point, toWindow: LayerAPI.window(window, "convert_point_to_window")) }
        }
        api.convert_point_from_window = { handle, point, window in
            get(handle, "convert_point_from_window", point) { $0.convert(point, fromWindow: LayerAPI.window(window, "convert_point_from_window")) }
        }
        api.convert_rect_to_window = { handle, rect, window in
            get(handle, "convert_rect_to_window", rect) { $0.convert(rect, toWindow: LayerAPI.window(window, "convert_rect_to_window")) }
        }
        api.convert_rect_from_window = { handle, rect, window in
            get(handle, "convert_rect_from_window", rect) { $0.convert(rect, fromWindow: LayerAPI.window(window, "convert_rect_from_window")) }
        }
        api.create_layer = {
            guard let registry = Registry.active else { return nil }
            let layer = registry.makeLayer()
            registry.retainPluginObject(layer)
            return layer.handle
        }
        api.add_sublayer = { parent, sublayer in
            arrange(parent, sublayer, "add_sublayer") { (parent: LayerParent, layer: Layer) throws(ViewError) in
                switch parent {
                case .view(let view): try view.layer.addSublayer(layer)
                case .layer(let superlayer): try superlayer.addSublayer(layer)
                }
            }
        }
        api.insert_sublayer_at = { parent, sublayer, index in
            arrange(parent, sublayer, "insert_sublayer_at") { (parent: LayerParent, layer: Layer) throws(ViewError) in
                switch parent {
                case .view(let view): try view.layer.insertSublayer(layer, at: Int(index))
                case .layer(let superlayer): try superlayer.insertSublayer(layer, at: Int(index))
                }
            }
        }
        api.insert_sublayer_above = { parent, sublayer, sibling in
            let other = object(sibling) as? Layer
            return arrange(parent, sublayer, "insert_sublayer_above") { (parent: LayerParent, layer: Layer) throws(ViewError) in
                switch parent {
                case .view(let view):
                    if let other { try view.layer.insertSublayer(layer, above: other) } else { try view.layer.addSublayer(layer) }
                case .layer(let superlayer):
                    if let other { try superlayer.insertSublayer(layer, above: other) } else { try superlayer.addSublayer(layer) }
                }
            }
        }
        api.insert_sublayer_below = { parent, sublayer, sibling in
            let other = object(sibling) as? Layer
            return arrange(parent, sublayer, "insert_sublayer_below") { (parent: LayerParent, layer: Layer) throws(ViewError) in
                switch parent {
                case .view(let view):
                    if let other { try view.layer.insertSublayer(layer, below: other) } else { try view.layer.insertSublayer(layer, at: 0) }
                case .layer(let superlayer):
                    if let other { try superlayer.insertSublayer(layer, below: other) } else { try superlayer.insertSublayer(layer, at: 0) }
                }
            }
        }
        api.remove_from_superlayer = { handle in
            guard let object = object(handle) else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
            guard let layer = object as? Layer else {
                object.registry.report(.error, "layer->remove_from_superlayer: \(object) is not a layer")
                return Int32(EASEL_ERROR_TYPE_MISMATCH)
            }
            layer.removeFromSuperlayer()
            return Int32(EASEL_OK)
        }
        api.sublayer_count = { handle in UInt32(sublayers(handle, "sublayer_count")?.count ?? 0) }
        api.sublayer_at = { handle, index in
            guard let layers = sublayers(handle, "sublayer_at"), Int(index) < layers.count else { return nil }
            return layers[Int(index)].handle
        }
        api.superlayer = { handle in
            guard let layer = object(handle) as? Layer else { return nil }
            return layer.superlayer?.handle ?? layer.superview?.handle
        }
        api.set_contents = { handle, image in
            guard let object = object(handle) else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
            guard let layer = object as? Layer else {
                object.registry.report(.error, "layer->set_contents: \(object) is not a layer")
                return Int32(EASEL_ERROR_TYPE_MISMATCH)
            }
            let picture = CanvasImage.resolve(image)
            if image != nil, picture == nil {
                object.registry.report(.error, "layer->set_contents: not an image handle; \(layer) keeps its contents")
                return Int32(EASEL_ERROR_INVALID_OPERATION)
            }
            layer.contents = picture
            return Int32(EASEL_OK)
        }
        api.set_image_view_image = { handle, image, highlighted in
            guard let object = object(handle) else { return Int32(EASEL_ERROR_NULL_ARGUMENT) }
            guard let view = object as? ImageView else {
                object.registry.report(.error, "layer->set_image_view_image: \(object) is not an image view")
                return Int32(EASEL_ERROR_TYPE_MISMATCH)
            }
            let picture = CanvasImage.resolve(image)
            if image != nil, picture == nil {
                object.registry.report(.error, "layer->set_image_view_image: not an image handle; \(view) keeps its image")
                return Int32(EASEL_ERROR_INVALID_OPERATION)
            }
            if highlighted != 0 { view.highlightedImage = picture } else { view.image = picture }
            return Int32(EASEL_OK)
        }
        api.content_mode = { get($0, "content_mode", Int32(ContentMode.scaleToFill.rawValue)) { Int32($0.contentMode.rawValue) } }
        api.set_content_mode = { handle, mode in
            let contentMode = ContentMode(rawValue: Int(mode))
            return set(handle, "set_content_mode", valid: contentMode != nil,
                       "unknown content mode \(mode); the modes are 0 (scaleToFill) to 12 (bottomRight)") {
                if let contentMode { $0.contentMode = contentMode }
            }
        }
        api.content_stretch = { get($0, "content_stretch", easel_rect(x: 0, y: 0, width: 1, height: 1)) { $0.contentStretch } }
        api.set_content_stretch = { handle, stretch in
            set(handle, "set_content_stretch",
                valid: stretch.origin.x.isFinite && stretch.origin.y.isFinite && stretch.size.width.isFinite && stretch.size.height.isFinite,
                "the rect is not finite") { $0.contentStretch = stretch }
        }
        table.initialize(to: api)
        return UnsafePointer(table)
    }()

    private static let opaqueBlack = easel_color(red: 0, green: 0, blue: 0, alpha: 1)

    private static let access = ViewTableAccess(table: "layer")

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

    /// What a layer can be added to: a view's layer or another layer.
    private enum LayerParent {
        case view(View)
        case layer(Layer)
    }

    /// Moves a layer under a parent with `body`; reports and returns the error code of a bad call.
    private static func arrange(_ parentHandle: OpaquePointer?, _ sublayerHandle: OpaquePointer?, _ function: String,
                                _ body: (LayerParent, Layer) throws(ViewError) -> Void) -> Int32 {
        guard let parentObject = object(parentHandle), let sublayerObject = object(sublayerHandle) else {
            return Int32(EASEL_ERROR_NULL_ARGUMENT)
        }
        let parent: LayerParent
        if let view = parentObject as? View {
            parent = .view(view)
        } else if let layer = parentObject as? Layer {
            parent = .layer(layer)
        } else {
            parentObject.registry.report(.error, "layer->\(function): \(parentObject) is neither a view nor a layer")
            return Int32(EASEL_ERROR_TYPE_MISMATCH)
        }
        guard let layer = sublayerObject as? Layer else {
            sublayerObject.registry.report(.error, "layer->\(function): \(sublayerObject) is not a layer")
            return Int32(EASEL_ERROR_TYPE_MISMATCH)
        }
        do throws(ViewError) {
            try body(parent, layer)
        } catch {
            layer.registry.report(.error, "layer->\(function): \(error.message)")
            return Int32(EASEL_ERROR_INVALID_OPERATION)
        }
        return Int32(EASEL_OK)
    }

    /// The standalone sublayers of a view or a layer (`nil` for NULL and other objects, reported).
    private static func sublayers(_ handle: OpaquePointer?, _ function: String) -> [Layer]? {
        guard let object = object(handle) else { return nil }
        if let view = object as? View { return view.layer.sublayers }
        if let layer = object as? Layer { return layer.sublayers }
        object.registry.report(.error, "layer->\(function): \(object) is neither a view nor a layer")
        return nil
    }

    /// The window behind a handle: nil for NULL, and for a non-window (reported).
    private static func window(_ handle: OpaquePointer?, _ function: String) -> Window? {
        guard let object = object(handle) else { return nil }
        guard let window = object as? Window else {
            object.registry.report(.error, "layer->\(function): \(object) is not a window; converting to the screen")
            return nil
        }
        return window
    }
}
