// Layers that are not views, image views and content modes (easel.layer.v1)
// for Swift plugins, CoreGraphics- and UIKit-like:
//
//     let badge = Layer()                          // CALayer()
//     badge?.setContents(try Image(named: "badge", for: view))
//     badge?.bounds = Rect(x: 0, y: 0, width: 20, height: 10)
//     badge?.position = Point(x: view.bounds.midX, y: view.bounds.midY)
//     view.layer.addSublayer(badge!)
//
//     let photo = ImageViewRef.create(frame: view.bounds)   // UIImageView(frame:)
//     photo?.setImage(image)
//     photo?.contentMode = .scaleAspectFit
//
// A layer's properties are the host's by name (property_get/property_set);
// the tree functions, contents and content modes are slots of the layer
// table. On a host without the table (or one too old for a slot) getters
// return Core Animation's defaults and the calls do nothing.

import EaselABI

/// Where a layer's contents go in its bounds (CALayer's `contentsGravity`; top is the top of the screen).
///
/// An open struct, so that a value from a newer host still reads.
public struct ContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Scaled to fill the bounds (the default).
    public static let resize = ContentsGravity(rawValue: Int32(EASEL_GRAVITY_RESIZE))
    /// Scaled to fit, keeping its aspect ratio, centred.
    public static let resizeAspect = ContentsGravity(rawValue: Int32(EASEL_GRAVITY_RESIZE_ASPECT))
    /// Scaled to fill, keeping its aspect ratio, centred (and cut by a mask to bounds).
    public static let resizeAspectFill = ContentsGravity(rawValue: Int32(EASEL_GRAVITY_RESIZE_ASPECT_FILL))
    public static let center = ContentsGravity(rawValue: Int32(EASEL_GRAVITY_CENTER))
    public static let top = ContentsGravity(rawValue: Int32(EASEL_GRAVITY_TOP))
    public static let bottom = ContentsGravity(rawValue: Int32(EASEL_GRAVITY_BOTTOM))
    public static let left = ContentsGravity(rawValue: Int32(EASEL_GRAVITY_LEFT))
    public static let right = ContentsGravity(rawValue: Int32(EASEL_GRAVITY_RIGHT))
    public static let topLeft = ContentsGravity(rawValue: Int32(EASEL_GRAVITY_TOP_LEFT))
    public static let topRight = ContentsGravity(rawValue: Int32(EASEL_GRAVITY_TOP_RIGHT))
    public static let bottomLeft = ContentsGravity(rawValue: Int32(EASEL_GRAVITY_BOTTOM_LEFT))
    public static let bottomRight = ContentsGravity(rawValue: Int32(EASEL_GRAVITY_BOTTOM_RIGHT))
}

/// How a view's kept content is placed when its bounds change (UIKit's `UIView.ContentMode`, same numbers).
///
/// An open struct, so that a value from a newer host still reads.
public struct ContentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Scaled to the new size (the default).
    public static let scaleToFill = ContentMode(rawValue: Int32(EASEL_CONTENT_MODE_SCALE_TO_FILL))
    public static let scaleAspectFit = ContentMode(rawValue: Int32(EASEL_CONTENT_MODE_SCALE_ASPECT_FIT))
    public static let scaleAspectFill = ContentMode(rawValue: Int32(EASEL_CONTENT_MODE_SCALE_ASPECT_FILL))
    /// Drawn again (`drawRect:`) at the new size.
    public static let redraw = ContentMode(rawValue: Int32(EASEL_CONTENT_MODE_REDRAW))
    public static let center = ContentMode(rawValue: Int32(EASEL_CONTENT_MODE_CENTER))
    public static let top = ContentMode(rawValue: Int32(EASEL_CONTENT_MODE_TOP))
    public static let bottom = ContentMode(rawValue: Int32(EASEL_CONTENT_MODE_BOTTOM))
    public static let left = ContentMode(rawValue: Int32(EASEL_CONTENT_MODE_LEFT))
    public static let right = ContentMode(rawValue: Int32(EASEL_CONTENT_MODE_RIGHT))
    public static let topLeft = ContentMode(rawValue: Int32(EASEL_CONTENT_MODE_TOP_LEFT))
    public static let topRight = ContentMode(rawValue: Int32(EASEL_CONTENT_MODE_TOP_RIGHT))
    public static let bottomLeft = ContentMode(rawValue: Int32(EASEL_CONTENT_MODE_BOTTOM_LEFT))
    public static let bottomRight = ContentMode(rawValue: Int32(EASEL_CONTENT_MODE_BOTTOM_RIGHT))
}

extension Host {
    /// The layer table when it has `slot` (its struct_size reaches past the slot's end), else nil.
    static func layer(having slot: PartialKeyPath<easel_layer_api>) -> easel_layer_api? {
        guard let api = layer, let offset = MemoryLayout<easel_layer_api>.offset(of: slot) else { return nil }
        return Int(api.struct_size) >= offset + MemoryLayout<OpaquePointer>.size ? api : nil
    }
}

/// A status from a layer-table call, or ``MessageStatus/notFound`` when the host lacks the slot.
private func layerCall(_ slot: PartialKeyPath<easel_layer_api>, _ body: (easel_layer_api) -> Int32?) -> MessageStatus {
    MessageStatus(code: Host.layer(having: slot).flatMap(body) ?? Int32(EASEL_ERROR_NOT_FOUND))
}

// MARK: - Sublayers

/// What layers can be added to: a view's layer (``LayerRef``) or a layer that is not a view (``Layer``).
///
/// A view's standalone sublayers draw above its content and below its
/// subviews; a layer's above its own contents. Sublayers draw in order, by
/// `zPosition` first, and never receive touches.
public protocol SublayerParent {
    /// The host object standing for the parent: the view, or the layer.
    var parentObject: ObjectRef { get }
}

extension SublayerParent {
    /// The standalone sublayers, back to front.
    public var sublayers: [Layer] {
        guard let api = Host.layer(having: \.sublayer_at) else { return [] }
        let pointer = parentObject.pointer
        return (0..<api.sublayer_count(pointer)).compactMap { ObjectRef(api.sublayer_at(pointer, $0)).map(Layer.init(object:)) }
    }

    /// Adds `layer` above the other sublayers (moving it from where it was), as `addSublayer(_:)`.
    ///
    /// - Returns: ``MessageStatus/ok``; ``MessageStatus/invalidOperation`` for a layer added to its
    ///   own sublayer (or nested more than 64 deep); the host reports it.
    @discardableResult
    public func addSublayer(_ layer: Layer) -> MessageStatus {
        layerCall(\.add_sublayer) { $0.add_sublayer(parentObject.pointer, layer.object.pointer) }
    }

    /// Inserts `layer` at `index` of the sublayers (clamped to the count), as `insertSublayer(_:at:)`.
    @discardableResult
    public func insertSublayer(_ layer: Layer, at index: Int) -> MessageStatus {
        layerCall(\.insert_sublayer_at) {
            $0.insert_sublayer_at(parentObject.pointer, layer.object.pointer, UInt32(clamping: max(index, 0)))
        }
    }

    /// Inserts `layer` just above `sibling` (at the top when `sibling` is not one of the sublayers).
    @discardableResult
    public func insertSublayer(_ layer: Layer, above sibling: Layer?) -> MessageStatus {
        layerCall(\.insert_sublayer_above) {
            $0.insert_sublayer_above(parentObject.pointer, layer.object.pointer, sibling?.object.pointer)
        }
    }

    /// Inserts `layer` just below `sibling` (at the bottom when `sibling` is not one of the sublayers).
    @discardableResult
    public func insertSublayer(_ layer: Layer, below sibling: Layer?) -> MessageStatus {
        layerCall(\.insert_sublayer_below) {
            $0.insert_sublayer_below(parentObject.pointer, layer.object.pointer, sibling?.object.pointer)
        }
    }
}

extension LayerRef: SublayerParent {
    public var parentObject: ObjectRef { view }
}

// MARK: - Layers that are not views

/// A layer that is not a view (Core Animation's `CALayer`; an object of the host's built-in class `Layer`).
///
/// Made with ``init()`` (in a method), it is kept alive by the host until it
/// is first added as a sublayer; its parent then owns it. Its geometry and
/// appearance are CALayer's: `bounds` and `position` place it through its
/// `anchorPoint` in its parent's coordinates, `transform` turns and scales
/// it about that point. A handle does not keep the layer alive.
public struct Layer: ObjectHandle, ObjectHandleInitializable, SublayerParent, Hashable {
    public let object: ObjectRef

    /// The handle for `object`, which should be a layer.
    public init(object: ObjectRef) { self.object = object }

    /// Creates a layer with zero bounds at (0, 0) (`CALayer()`); nil outside a method or on a host without layers.
    public init?() {
        guard let api = Host.layer(having: \.create_layer), let made = ObjectRef(api.create_layer()) else { return nil }
        object = made
    }

    public var parentObject: ObjectRef { object }

    /// The layer or view this layer is a sublayer of, or nil.
    public var superlayer: ObjectRef? { Host.layer(having: \.superlayer).flatMap { ObjectRef($0.superlayer(object.pointer)) } }

    /// Removes the layer from its parent (which frees it when nothing else holds it).
    @discardableResult
    public func removeFromSuperlayer() -> MessageStatus {
        layerCall(\.remove_from_superlayer) { $0.remove_from_superlayer(object.pointer) }
    }

    /// Sets the layer's contents to an image (CALayer's `contents`), drawn in the bounds as
    /// ``contentsGravity`` says; nil clears them. The layer keeps its own reference to the image.
    @discardableResult
    public func setContents(_ image: Image?) -> MessageStatus {
        withExtendedLifetime(image) {
            layerCall(\.set_contents) { $0.set_contents(object.pointer, image?.handle) }
        }
    }

    private func get<Value: EaselValue>(_ name: String, _ fallback: Value) -> Value { value(forProperty: name) ?? fallback }

    /// The layer's own coordinate system (zero by default).
    public var bounds: Rect {
        get { get("bounds", Rect(x: 0, y: 0, width: 0, height: 0)) }
        nonmutating set { setValue(newValue, forProperty: "bounds") }
    }
    /// Where the anchor point lies in the parent's coordinates.
    public var position: Point {
        get { get("position", Point(x: 0, y: 0)) }
        nonmutating set { setValue(newValue, forProperty: "position") }
    }
    /// The anchor point in the unit square of the bounds ((0.5, 0.5) by default).
    public var anchorPoint: Point {
        get { get("anchorPoint", Point(x: 0.5, y: 0.5)) }
        nonmutating set { setValue(newValue, forProperty: "anchorPoint") }
    }
    /// The frame in the parent's coordinates (from bounds, position and anchor point; setting it sets them).
    public var frame: Rect {
        get { get("frame", Rect(x: 0, y: 0, width: 0, height: 0)) }
        nonmutating set { setValue(newValue, forProperty: "frame") }
    }
    /// The transform, about the anchor point (the identity by default).
    public var transform: AffineTransform {
        get { get("transform", AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)) }
        nonmutating set { setValue(newValue, forProperty: "transform") }
    }
    /// The background colour (nil: none).
    public var backgroundColor: Color? {
        get { value(forProperty: "backgroundColor").flatMap { (color: Color) in color.alpha > 0 ? color : nil } }
        nonmutating set { setValue(newValue ?? Color(red: 0, green: 0, blue: 0, alpha: 0), forProperty: "backgroundColor") }
    }
    /// Where the contents go in the bounds (``ContentsGravity/resize`` by default).
    public var contentsGravity: ContentsGravity {
        get { ContentsGravity(rawValue: get("contentsGravity", Int32(EASEL_GRAVITY_RESIZE))) }
        nonmutating set { setValue(newValue.rawValue, forProperty: "contentsGravity") }
    }
    /// Pixels of the contents per point (1 by default).
    public var contentsScale: Double {
        get { get("contentsScale", 1) }
        nonmutating set { setValue(newValue, forProperty: "contentsScale") }
    }
    /// The part of the contents shown, in the unit square ((0, 0, 1, 1) by default).
    public var contentsRect: Rect {
        get { get("contentsRect", Rect(x: 0, y: 0, width: 1, height: 1)) }
        nonmutating set { setValue(newValue, forProperty: "contentsRect") }
    }
    /// The part of the contents that stretches (nine-part stretching), in the unit square.
    public var contentsCenter: Rect {
        get { get("contentsCenter", Rect(x: 0, y: 0, width: 1, height: 1)) }
        nonmutating set { setValue(newValue, forProperty: "contentsCenter") }
    }
    /// The corner radius of the background, the border and (with ``masksToBounds``) the mask.
    public var cornerRadius: Double {
        get { get("cornerRadius", 0) }
        nonmutating set { setValue(newValue, forProperty: "cornerRadius") }
    }
    /// The border's width, inside the bounds, above the contents and the sublayers.
    public var borderWidth: Double {
        get { get("borderWidth", 0) }
        nonmutating set { setValue(newValue, forProperty: "borderWidth") }
    }
    /// The border's colour (opaque black by default).
    public var borderColor: Color {
        get { get("borderColor", Color(red: 0, green: 0, blue: 0, alpha: 1)) }
        nonmutating set { setValue(newValue, forProperty: "borderColor") }
    }
    /// The shadow's colour (opaque black by default).
    public var shadowColor: Color {
        get { get("shadowColor", Color(red: 0, green: 0, blue: 0, alpha: 1)) }
        nonmutating set { setValue(newValue, forProperty: "shadowColor") }
    }
    /// The shadow's opacity, 0...1 (0: none).
    public var shadowOpacity: Double {
        get { get("shadowOpacity", 0) }
        nonmutating set { setValue(newValue, forProperty: "shadowOpacity") }
    }
    /// The shadow's offset ((0, -3) by default).
    public var shadowOffset: Size {
        get { get("shadowOffset", Size(width: 0, height: -3)) }
        nonmutating set { setValue(newValue, forProperty: "shadowOffset") }
    }
    /// The shadow's blur radius (3 by default).
    public var shadowRadius: Double {
        get { get("shadowRadius", 3) }
        nonmutating set { setValue(newValue, forProperty: "shadowRadius") }
    }
    /// The opacity, 0...1 (1 by default).
    public var opacity: Double {
        get { get("opacity", 1) }
        nonmutating set { setValue(newValue, forProperty: "opacity") }
    }
    /// Whether the contents, the delegate's drawing, the sublayers and the shadow are clipped to the rounded bounds.
    public var masksToBounds: Bool {
        get { get("masksToBounds", false) }
        nonmutating set { setValue(newValue, forProperty: "masksToBounds") }
    }
    /// Whether the layer and its sublayers are hidden.
    public var isHidden: Bool {
        get { get("hidden", false) }
        nonmutating set { setValue(newValue, forProperty: "hidden") }
    }
    /// The order among its siblings when drawn: by z position, then by index.
    public var zPosition: Double {
        get { get("zPosition", 0) }
        nonmutating set { setValue(newValue, forProperty: "zPosition") }
    }
    /// The object that draws the layer: sent `drawLayer:inContext:` (declare it with
    /// ``Method/drawLayer(_:)``), in the layer's coordinates, clipped to its bounds.
    public var delegate: ObjectRef? {
        get { value(forProperty: "delegate", as: ObjectRef?.self) ?? nil }
        nonmutating set { setValue(newValue, forProperty: "delegate") }
    }
}

// MARK: - Content modes

extension ViewHandle {
    /// How the view's kept content is placed when its size changes (``ContentMode/scaleToFill`` by
    /// default); ``ContentMode/redraw`` draws it again. Setting it keeps the content from the first draw.
    public var contentMode: ContentMode {
        get { ContentMode(rawValue: Host.layer(having: \.content_mode)?.content_mode(object.pointer) ?? 0) }
        nonmutating set { _ = Host.layer(having: \.set_content_mode)?.set_content_mode(object.pointer, newValue.rawValue) }
    }

    /// The part of the content, in the unit square, that stretches under ``ContentMode/scaleToFill``
    /// ((0, 0, 1, 1) by default); the parts beside it keep their size (UIKit's `contentStretch`).
    public var contentStretch: Rect {
        get { Host.layer(having: \.content_stretch)?.content_stretch(object.pointer) ?? Rect(x: 0, y: 0, width: 1, height: 1) }
        nonmutating set { _ = Host.layer(having: \.set_content_stretch)?.set_content_stretch(object.pointer, newValue) }
    }
}

// MARK: - Image views

/// How an image view draws its images (UIImage's rendering mode, same numbers).
public struct ImageRenderingMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// As the image says (as it is).
    public static let automatic = ImageRenderingMode(rawValue: 0)
    /// As it is.
    public static let alwaysOriginal = ImageRenderingMode(rawValue: 1)
    /// A template: its alpha filled with the view's tint colour.
    public static let alwaysTemplate = ImageRenderingMode(rawValue: 2)
}

/// A handle to an image view (UIKit's `UIImageView`; the host's built-in class `ImageView`).
///
/// It shows its ``setImage(_:)`` image (or, while highlighted, its
/// highlighted image when it has one) placed by its ``ViewHandle/contentMode``,
/// and its intrinsic content size is the shown image's size in points.
public struct ImageViewRef: ViewHandle, ObjectHandleInitializable, Hashable {
    public let object: ObjectRef

    /// The handle for `object`, which should be an image view.
    public init(object: ObjectRef) { self.object = object }

    /// Creates an image view with a frame (`UIImageView(frame:)`); nil on a host without image views.
    /// The host keeps it alive until it is added to a superview.
    public static func create(frame: Rect) -> ImageViewRef? {
        ViewRef.create("ImageView", frame: frame).map { ImageViewRef(object: $0.object) }
    }

    /// Sets the image shown (nil: none). The view keeps its own reference to it.
    @discardableResult
    public func setImage(_ image: Image?) -> MessageStatus { set(image, highlighted: 0) }

    /// Sets the image shown while highlighted (nil: none, the image shows).
    @discardableResult
    public func setHighlightedImage(_ image: Image?) -> MessageStatus { set(image, highlighted: 1) }

    private func set(_ image: Image?, highlighted: Int32) -> MessageStatus {
        withExtendedLifetime(image) {
            layerCall(\.set_image_view_image) { $0.set_image_view_image(object.pointer, image?.handle, highlighted) }
        }
    }

    /// Whether the highlighted image shows.
    public var isHighlighted: Bool {
        get { value(forProperty: "highlighted") ?? false }
        nonmutating set { setValue(newValue, forProperty: "highlighted") }
    }

    /// How the images are drawn (``ImageRenderingMode/automatic`` by default).
    public var renderingMode: ImageRenderingMode {
        get { ImageRenderingMode(rawValue: value(forProperty: "renderingMode") ?? 0) }
        nonmutating set { setValue(newValue.rawValue, forProperty: "renderingMode") }
    }

    /// The colour a template image is filled with.
    public var tintColor: Color {
        get { value(forProperty: "tintColor") ?? Color(red: 0, green: 0.478, blue: 1, alpha: 1) }
        nonmutating set { setValue(newValue, forProperty: "tintColor") }
    }
}
