// The layer behind every view (easel.layer.v1) for Swift plugins: CALayer's
// properties as `view.layer.cornerRadius = 12`, and UIWindow's conversions.
// On a host without the extension the getters return Core Animation's
// defaults and the setters return `nil` (they do nothing).

import EaselABI
import Synchronization

extension Host {
    /// The address of the layer extension's table, once found (0: not asked yet or absent).
    private static let layerAddress = Atomic<UInt>(0)

    /// The host's layer extension, or nil when the host has none (or in the scanner).
    static var layer: easel_layer_api? {
        var address = layerAddress.load(ordering: .acquiring)
        if address == 0, table != nil, let found = api.get_extension?(EASEL_LAYER_EXTENSION_ID) {
            guard found.assumingMemoryBound(to: easel_layer_api.self).pointee.struct_size >= UInt32(EASEL_LAYER_API_V1_SIZE)
            else { return nil }
            address = UInt(bitPattern: Int(bitPattern: found))
            layerAddress.store(address, ordering: .releasing)
        }
        return UnsafePointer<easel_layer_api>(bitPattern: address)?.pointee
    }
}

/// The corners a layer's `cornerRadius` rounds (CACornerMask's values; `minY` is the top).
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let minXMinY = CornerMask(rawValue: UInt32(EASEL_CORNER_MIN_X_MIN_Y))
    public static let maxXMinY = CornerMask(rawValue: UInt32(EASEL_CORNER_MAX_X_MIN_Y))
    public static let minXMaxY = CornerMask(rawValue: UInt32(EASEL_CORNER_MIN_X_MAX_Y))
    public static let maxXMaxY = CornerMask(rawValue: UInt32(EASEL_CORNER_MAX_X_MAX_Y))
    public static let all = CornerMask(rawValue: UInt32(EASEL_CORNER_ALL))
}

/// The layer behind a view (Core Animation's `CALayer`): see `easel_layer_api` in easel.h.
///
/// Setting a property the host refuses (a negative radius) leaves it
/// unchanged; the host reports it. The properties a view also has (opacity,
/// position, hidden, background colour, masks to bounds) are the view's.
public struct LayerRef {
    /// The view the layer is behind.
    public let view: ObjectRef

    private var api: easel_layer_api? { Host.layer }
    private var pointer: OpaquePointer { view.pointer }

    private func read<T>(_ fallback: T, _ body: (easel_layer_api) -> T) -> T { api.map(body) ?? fallback }
    private func write(_ body: (easel_layer_api) -> Int32) { _ = api.map(body) }

    /// The corner radius (0: square).
    public var cornerRadius: Double {
        get { read(0) { $0.corner_radius(pointer) } }
        nonmutating set { write { $0.set_corner_radius(pointer, newValue) } }
    }
    /// The corners the radius rounds (all by default).
    public var maskedCorners: CornerMask {
        get { CornerMask(rawValue: read(UInt32(EASEL_CORNER_ALL)) { $0.masked_corners(pointer) }) }
        nonmutating set { write { $0.set_masked_corners(pointer, newValue.rawValue) } }
    }
    /// Whether content, subviews and the shadow are clipped to the rounded bounds.
    public var masksToBounds: Bool {
        get { read(0) { $0.masks_to_bounds(pointer) } != 0 }
        nonmutating set { write { $0.set_masks_to_bounds(pointer, newValue ? 1 : 0) } }
    }
    /// The border's width, drawn inside the bounds above content and subviews.
    public var borderWidth: Double {
        get { read(0) { $0.border_width(pointer) } }
        nonmutating set { write { $0.set_border_width(pointer, newValue) } }
    }
    /// The border's colour.
    public var borderColor: Color {
        get { read(Color(red: 0, green: 0, blue: 0, alpha: 1)) { $0.border_color(pointer) } }
        nonmutating set { write { $0.set_border_color(pointer, newValue) } }
    }
    /// The shadow's colour.
    public var shadowColor: Color {
        get { read(Color(red: 0, green: 0, blue: 0, alpha: 1)) { $0.shadow_color(pointer) } }
        nonmutating set { write { $0.set_shadow_color(pointer, newValue) } }
    }
    /// The shadow's opacity, 0...1 (0: none).
    public var shadowOpacity: Double {
        get { read(0) { $0.shadow_opacity(pointer) } }
        nonmutating set { write { $0.set_shadow_opacity(pointer, newValue) } }
    }
    /// The shadow's offset ((0, -3) by default).
    public var shadowOffset: Size {
        get { read(Size(width: 0, height: -3)) { $0.shadow_offset(pointer) } }
        nonmutating set { write { $0.set_shadow_offset(pointer, newValue) } }
    }
    /// The shadow's blur radius (3 by default).
    public var shadowRadius: Double {
        get { read(3) { $0.shadow_radius(pointer) } }
        nonmutating set { write { $0.set_shadow_radius(pointer, newValue) } }
    }
    /// Makes the shadow's shape a rectangle with rounded corners (0: square).
    public func setShadowPath(rect: Rect, cornerRadius: Double = 0) {
        write { $0.set_shadow_path_rect(pointer, rect, cornerRadius) }
    }
    /// Makes the shadow's shape the ellipse inscribed in `rect`.
    public func setShadowPath(ellipseIn rect: Rect) { write { $0.set_shadow_path_ellipse(pointer, rect) } }
    /// Makes the shadow's shape a closed polygon.
    public func setShadowPath(polygon points: [Point]) {
        points.withUnsafeBufferPointer { buffer in
            write { $0.set_shadow_path_polygon(pointer, buffer.baseAddress, UInt32(clamping: buffer.count)) }
        }
    }
    /// Removes the shadow path: the shadow follows the composited content.
    public func clearShadowPath() { write { $0.clear_shadow_path(pointer) } }
    /// Whether a shadow path is set.
    public var hasShadowPath: Bool { read(0) { $0.has_shadow_path(pointer) } != 0 }
    /// The opacity: the view's alpha.
    public var opacity: Double {
        get { read(1) { $0.opacity(pointer) } }
        nonmutating set { write { $0.set_opacity(pointer, newValue) } }
    }
    /// The anchor point in the unit square of the bounds ((0.5, 0.5) by default).
    public var anchorPoint: Point {
        get { read(Point(x: 0.5, y: 0.5)) { $0.anchor_point(pointer) } }
        nonmutating set { write { $0.set_anchor_point(pointer, newValue) } }
    }
    /// Where the anchor point lies in the superview: the view's center.
    public var position: Point {
        get { read(Point(x: 0, y: 0)) { $0.position(pointer) } }
        nonmutating set { write { $0.set_position(pointer, newValue) } }
    }
    /// The drawing order among siblings.
    public var zPosition: Double {
        get { read(0) { $0.z_position(pointer) } }
        nonmutating set { write { $0.set_z_position(pointer, newValue) } }
    }
    /// Whether an opacity below 1 composites the subtree as one group (true by default).
    public var allowsGroupOpacity: Bool {
        get { read(1) { $0.allows_group_opacity(pointer) } != 0 }
        nonmutating set { write { $0.set_allows_group_opacity(pointer, newValue ? 1 : 0) } }
    }
}

extension ViewHandle {
    /// The layer behind the view.
    public var layer: LayerRef { LayerRef(view: object) }

    /// Converts a point from this view's coordinates to a window's (nil: the screen, the canvas).
    public func convert(_ point: Point, toWindow window: ViewRef?) -> Point {
        Host.layer.map { $0.convert_point_to_window(object.pointer, point, window?.object.pointer) } ?? point
    }

    /// Converts a point from a window's coordinates (nil: the screen's) to this view's.
    public func convert(_ point: Point, fromWindow window: ViewRef?) -> Point {
        Host.layer.map { $0.convert_point_from_window(object.pointer, point, window?.object.pointer) } ?? point
    }

    /// Converts a rect from this view's coordinates to a window's (nil: the screen's); through a rotation, the bounding box.
    public func convert(_ rect: Rect, toWindow window: ViewRef?) -> Rect {
        Host.layer.map { $0.convert_rect_to_window(object.pointer, rect, window?.object.pointer) } ?? rect
    }

    /// Converts a rect from a window's coordinates (nil: the screen's) to this view's.
    public func convert(_ rect: Rect, fromWindow window: ViewRef?) -> Rect {
        Host.layer.map { $0.convert_rect_from_window(object.pointer, rect, window?.object.pointer) } ?? rect
    }
}
