import EaselABI
import EaselCanvas
import EaselDrawingExtensions
import EaselGeometry
import EaselGraphicsCore
import EaselRuntime

// Layers that are not views (Core Animation's CALayer, seed 004's
// "Embedding Layer Objects in a View").
//
// A `Layer` is an object of the built-in class `Layer` (not a view: it
// receives no touches and takes no part in layout). It has CALayer's
// geometry (`bounds`, `position`, `anchorPoint`, an affine `transform` about
// the anchor point), appearance (`backgroundColor`, `cornerRadius`, a
// border, a shadow, `opacity`, `masksToBounds`, `isHidden`), an image as
// `contents` placed by `contentsGravity`, `contentsScale`, `contentsRect` and
// `contentsCenter` (nine-part stretching), a `delegate` (a plugin object)
// sent `drawLayer:inContext:`, and sublayers.
//
// A tree of layers hangs off a view's layer (`view.layer.addSublayer`). The
// order, documented and kept by the renderer: a view draws its background,
// its content (`drawRect:`, or an image view's image), then its standalone
// sublayers in order (by `zPosition`, then by index), then its subviews,
// then its border. This is Core Animation's order for sublayers added
// before the subviews (a view's subviews' layers are sublayers of its layer
// in subview order, and `addSublayer` appends after the sublayers there
// are); a layer added with `addSublayer` after subviews exist draws below
// them here, where Core Animation would draw it above them. Insert a
// covering layer into a view of its own to put it above subviews.
//
// Within a layer, Core Animation's order: the shadow (of the composited
// alpha of the layer and its sublayers), the background in the rounded
// shape, the contents, the delegate's drawing (clipped to the bounds, as a
// backing store is), the sublayers, the border (inside the bounds);
// `masksToBounds` clips everything after the shadow, the shadow included,
// to the rounded bounds; an opacity below 1 composites the layer as a
// group. Contents are not clipped to the bounds unless the layer masks.
//
// Changes mark the area the owning view's subtree covers before and after as
// needing display and rewrite the view's draw record; a view with sublayers
// is drawn on the renderer's layer path (View+Rendering.swift), so views
// without them cost nothing more. Layers nest at most
// ``Layer/maximumDepth`` deep; a sublayer that would go deeper, or into
// itself, is refused.

/// Where a layer's contents go in its bounds (Core Animation's `contentsGravity`).
///
/// The names are CALayer's (`kCAGravityResize` is `"resize"`). Easel reads
/// `top` and `bottom` as the top and bottom of the screen: a layer's
/// coordinates have y pointing down, and `top` puts the contents at the
/// bounds' minimum y. (iOS's layers are geometry-flipped relative to the
/// y-up space the gravity names were defined in, so there `top` ends at the
/// bottom; Easel takes the names as they read.)
public enum ContentsGravity: Int32, Sendable, CaseIterable {
    /// Scaled to fill the bounds, aspect ratio ignored (the default).
    case resize = 0
    /// Scaled to fit the bounds, aspect ratio kept, centred.
    case resizeAspect = 1
    /// Scaled to fill the bounds, aspect ratio kept, centred (may overflow).
    case resizeAspectFill = 2
    /// Unscaled, centred.
    case center = 3
    /// Unscaled, centred along the top edge.
    case top = 4
    /// Unscaled, centred along the bottom edge.
    case bottom = 5
    /// Unscaled, centred along the left edge.
    case left = 6
    /// Unscaled, centred along the right edge.
    case right = 7
    /// Unscaled, in the top-left corner.
    case topLeft = 8
    /// Unscaled, in the top-right corner.
    case topRight = 9
    /// Unscaled, in the bottom-left corner.
    case bottomLeft = 10
    /// Unscaled, in the bottom-right corner.
    case bottomRight = 11

    /// The CALayer name of the gravity (`"resizeAspectFill"`).
    public var name: String {
        switch self {
        case .resize: "resize"
        case .resizeAspect: "resizeAspect"
        case .resizeAspectFill: "resizeAspectFill"
        case .center: "center"
        case .top: "top"
        case .bottom: "bottom"
        case .left: "left"
        case .right: "right"
        case .topLeft: "topLeft"
        case .topRight: "topRight"
        case .bottomLeft: "bottomLeft"
        case .bottomRight: "bottomRight"
        }
    }

    /// The gravity with a CALayer name, or `nil`.
    public init?(name: String) {
        guard let gravity = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = gravity
    }

    /// The content mode that places content the same way.
    var contentMode: ContentMode {
        switch self {
        case .resize: .scaleToFill
        case .resizeAspect: .scaleAspectFit
        case .resizeAspectFill: .scaleAspectFill
        case .center: .center
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        case .topLeft: .topLeft
        case .topRight: .topRight
        case .bottomLeft: .bottomLeft
        case .bottomRight: .bottomRight
        }
    }
}

/// An image placed in a layer's bounds: a layer's contents, or an image view's image.
struct LayerContents {
    var image: CanvasImage
    /// How the contents are placed in the bounds.
    var mode: ContentMode
    /// Image pixels per layer point.
    var scale: Double
    /// The part of the image shown, in the unit square of the image.
    var rect: easel_rect
    /// The stretchable middle, in the unit square of the part shown (the unit rect: all of it).
    var center: easel_rect
    /// For a template image: the colour filled through the image's alpha.
    var tint: easel_color?

    static let unit = easel_rect(x: 0, y: 0, width: 1, height: 1)

    /// The part of the image shown, in the image's points.
    var part: easel_rect {
        let w = image.width, h = image.height
        return easel_rect(x: rect.origin.x * w, y: rect.origin.y * h, width: rect.size.width * w, height: rect.size.height * h)
    }

    /// The part's size in layer points: its pixels over the contents scale.
    var naturalSize: easel_size {
        let part = self.part
        return easel_size(width: part.size.width * image.scale / scale, height: part.size.height * image.scale / scale)
    }

    /// Where the contents go in `bounds`.
    func placement(in bounds: easel_rect) -> easel_rect { mode.placement(of: naturalSize, in: bounds) }

    /// Draws the contents into `bounds` (not clipped to them).
    func draw(in bounds: easel_rect, canvas: Canvas) {
        let destination = placement(in: bounds)
        guard destination.size.width > 0, destination.size.height > 0 else { return }
        if let tint {
            // A template: the tint, through the image's alpha.
            canvas.saveState()
            canvas.clip(toMask: image, in: destination)
            canvas.fill(destination, color: tint)
            canvas.restoreState()
            return
        }
        let part = self.part
        guard center != Self.unit else {
            canvas.draw(image, part: part, in: destination)
            return
        }
        // Nine parts: the corners unscaled (at the contents scale), the edges
        // stretched along them, the middle both ways; corners that would
        // overlap shrink together, as Core Animation's do.
        let toPoints = image.scale / scale
        let c = center.standardized
        let sx = [part.minX, part.minX + c.minX * part.size.width, part.minX + c.maxX * part.size.width, part.maxX]
        let sy = [part.minY, part.minY + c.minY * part.size.height, part.minY + c.maxY * part.size.height, part.maxY]
        func edges(_ source: [Double], _ start: Double, _ length: Double) -> [Double] {
            var first = (source[1] - source[0]) * toPoints, last = (source[3] - source[2]) * toPoints
            if first + last > length, first + last > 0 {
                let factor = length / (first + last)
                first *= factor
                last *= factor
            }
            return [start, start + first, start + length - last, start + length]
        }
        let dx = edges(sx, destination.minX, destination.size.width)
        let dy = edges(sy, destination.minY, destination.size.height)
        for row in 0..<3 {
            for column in 0..<3 {
                let source = easel_rect(x: sx[column], y: sy[row], width: sx[column + 1] - sx[column], height: sy[row + 1] - sy[row])
                let target = easel_rect(x: dx[column], y: dy[row], width: dx[column + 1] - dx[column], height: dy[row + 1] - dy[row])
                guard source.size.width > 0, source.size.height > 0, target.size.width > 0, target.size.height > 0 else { continue }
                canvas.draw(image, part: source, in: target)
            }
        }
    }
}

/// A layer that is not a view: an object of the built-in class `Layer` (Core Animation's `CALayer`).
///
/// See the top of this file for the drawing order and where the layers of a
/// view go. Setters ignore values that are not finite (and negative lengths),
/// as the view layer's do. Create one with ``Registry/makeLayer()`` (or
/// `Registry.makeObject(ofClass: "Layer")`); a view's layer, or another
/// layer, owns its sublayers.
public final class Layer: EaselObject {
    /// How deep layers may nest below a view's layer.
    public static let maximumDepth = 64

    /// The layer's values (one struct, so that a change is one call).
    struct Values {
        var bounds = easel_rect.zero
        var position = easel_point.zero
        var anchorPoint = easel_point(x: 0.5, y: 0.5)
        var transform = easel_affine_transform.identity
        var backgroundColor: easel_color?
        var contents: CanvasImage?
        var contentsGravity = ContentsGravity.resize
        var contentsScale = 1.0
        var contentsRect = LayerContents.unit
        var contentsCenter = LayerContents.unit
        var cornerRadius = 0.0
        var borderWidth = 0.0
        var borderColor = easel_color(red: 0, green: 0, blue: 0, alpha: 1)
        var shadowColor = easel_color(red: 0, green: 0, blue: 0, alpha: 1)
        var shadowOpacity = 0.0
        var shadowOffset = easel_size(width: 0, height: -3)
        var shadowRadius = 3.0
        var opacity = 1.0
        var masksToBounds = false
        var isHidden = false
        var zPosition = 0.0
    }
    private(set) var values = Values()
    /// The layer's animations added by key (Animation/LayerAnimation.swift), made on the first.
    var keyedAnimations: KeyedAnimations?
    /// The values drawn now: the model's with the running animations applied at the media clock's time.
    var drawn: Values {
        guard let keyed = keyedAnimations, !keyed.list.isEmpty else { return values }
        return presentedValues(keyed, at: registry.mediaClock.time)
    }

    /// The layers drawn above this one's contents, back to front (before `zPosition` reorders them).
    public private(set) var sublayers: [Layer] = []
    /// The layer this one is a sublayer of (`nil` for a sublayer of a view's layer, and for a layer of no tree).
    public private(set) weak var superlayer: Layer?
    /// The view whose layer holds this one as a direct sublayer (`nil` otherwise).
    public private(set) weak var superview: View?
    /// The object that draws the layer's content: sent `drawLayer:inContext:` (`v@:@^v`) when the
    /// layer draws, with the canvas in the layer's coordinates clipped to its bounds. The layer keeps it alive.
    public var delegate: EaselObject? { didSet { change { _ in } } }

    // MARK: Geometry

    /// The layer's own coordinates: their origin and size.
    public var bounds: easel_rect {
        get { values.bounds }
        set {
            guard [newValue.origin.x, newValue.origin.y, newValue.size.width, newValue.size.height].allSatisfy(\.isFinite) else { return }
            change { $0.bounds = newValue.standardized }
        }
    }
    /// Where the anchor point lies in the superlayer (or the view's bounds).
    public var position: easel_point {
        get { values.position }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return }
            change { $0.position = newValue }
        }
    }
    /// Where `position` lies in the bounds, in their unit square ((0.5, 0.5) by default).
    public var anchorPoint: easel_point {
        get { values.anchorPoint }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite, abs(newValue.x) <= 1e6, abs(newValue.y) <= 1e6 else { return }
            change { $0.anchorPoint = newValue }
        }
    }
    /// The affine transform, about the anchor point (CALayer's `affineTransform`).
    public var transform: easel_affine_transform {
        get { values.transform }
        set {
            guard [newValue.a, newValue.b, newValue.c, newValue.d, newValue.tx, newValue.ty].allSatisfy(\.isFinite) else { return }
            change { $0.transform = newValue }
        }
    }
    /// The bounding box of the transformed bounds, in the superlayer.
    ///
    /// Setting it (with the identity transform) sets the bounds' size and the position.
    public var frame: easel_rect {
        get { Self.toSuperlayer(values).apply(to: values.bounds) }
        set {
            let rect = newValue.standardized
            guard [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].allSatisfy(\.isFinite) else { return }
            change {
                $0.bounds.size = rect.size
                $0.position = easel_point(x: rect.origin.x + $0.anchorPoint.x * rect.size.width,
                                          y: rect.origin.y + $0.anchorPoint.y * rect.size.height)
            }
        }
    }

    // MARK: Appearance

    /// The colour filled in the rounded bounds under the contents (`nil`: none).
    public var backgroundColor: easel_color? {
        get { values.backgroundColor }
        set {
            let color = newValue.flatMap(\.clampedForLayer)
            guard newValue == nil || color != nil else { return }
            change { $0.backgroundColor = color }
        }
    }
    /// The image drawn in the bounds (`nil`: none).
    public var contents: CanvasImage? {
        get { values.contents }
        set { change { $0.contents = newValue } }
    }
    /// How the contents are placed in the bounds (``ContentsGravity/resize`` by default).
    public var contentsGravity: ContentsGravity {
        get { values.contentsGravity }
        set { change { $0.contentsGravity = newValue } }
    }
    /// Image pixels per point of the contents (1 by default, as CALayer's); values outside 1e-6...1e6 are ignored.
    public var contentsScale: Double {
        get { values.contentsScale }
        set {
            guard newValue >= 1e-6, newValue <= 1e6 else { return }
            change { $0.contentsScale = newValue }
        }
    }
    /// The part of the contents shown, in the image's unit square ((0, 0, 1, 1) by default).
    public var contentsRect: easel_rect {
        get { values.contentsRect }
        set {
            guard Self.isUnitRect(newValue) else { return }
            change { $0.contentsRect = newValue.standardized }
        }
    }
    /// The stretchable middle of the contents, in the unit square of the part shown ((0, 0, 1, 1), all of it, by default).
    ///
    /// When scaled, the four corners outside it keep their size (at the
    /// contents scale), the edges between them stretch along their length
    /// and the middle both ways.
    public var contentsCenter: easel_rect {
        get { values.contentsCenter }
        set {
            guard Self.isUnitRect(newValue) else { return }
            change { $0.contentsCenter = newValue.standardized }
        }
    }
    /// The radius of the rounded corners (0: square).
    public var cornerRadius: Double {
        get { values.cornerRadius }
        set {
            guard newValue.isFinite, newValue >= 0 else { return }
            change { $0.cornerRadius = newValue }
        }
    }
    /// The width of the border, inside the bounds, above the sublayers (0 by default).
    public var borderWidth: Double {
        get { values.borderWidth }
        set {
            guard newValue.isFinite, newValue >= 0 else { return }
            change { $0.borderWidth = newValue }
        }
    }
    /// The border's colour (opaque black by default).
    public var borderColor: easel_color {
        get { values.borderColor }
        set { if let color = newValue.clampedForLayer { change { $0.borderColor = color } } }
    }
    /// The shadow's colour (opaque black by default), times ``shadowOpacity``.
    public var shadowColor: easel_color {
        get { values.shadowColor }
        set { if let color = newValue.clampedForLayer { change { $0.shadowColor = color } } }
    }
    /// The shadow's opacity, 0...1 (0, the default: no shadow).
    public var shadowOpacity: Double {
        get { values.shadowOpacity }
        set { if !newValue.isNaN { change { $0.shadowOpacity = min(max(newValue, 0), 1) } } }
    }
    /// How far the shadow falls, in the layer's coordinates ((0, -3) by default).
    public var shadowOffset: easel_size {
        get { values.shadowOffset }
        set {
            guard newValue.width.isFinite, newValue.height.isFinite, abs(newValue.width) <= 1e6, abs(newValue.height) <= 1e6 else { return }
            change { $0.shadowOffset = newValue }
        }
    }
    /// The shadow's blur radius (3 by default, at most 1000).
    public var shadowRadius: Double {
        get { values.shadowRadius }
        set {
            guard newValue.isFinite, newValue >= 0 else { return }
            change { $0.shadowRadius = min(newValue, 1000) }
        }
    }
    /// The opacity, 0...1, compositing the layer and its sublayers as one group.
    public var opacity: Double {
        get { values.opacity }
        set { if !newValue.isNaN { change { $0.opacity = min(max(newValue, 0), 1) } } }
    }
    /// Whether the contents, the delegate's drawing, the sublayers and the shadow are clipped to the rounded bounds.
    public var masksToBounds: Bool {
        get { values.masksToBounds }
        set { change { $0.masksToBounds = newValue } }
    }
    /// Whether the layer and its sublayers are not drawn.
    public var isHidden: Bool {
        get { values.isHidden }
        set { change { $0.isHidden = newValue } }
    }
    /// The order among sibling layers: by z position, then by index (0 by default).
    public var zPosition: Double {
        get { values.zPosition }
        set { if newValue.isFinite { change { $0.zPosition = newValue } } }
    }

    /// Marks the layer as needing display (the next render draws it again).
    public func setNeedsDisplay() { change { _ in } }

    // MARK: The tree

    /// Adds a sublayer above the others.
    ///
    /// - Throws: ``ViewError`` when `layer` is this layer or one of its
    ///   ancestors, or the tree would nest deeper than ``maximumDepth``.
    public func addSublayer(_ layer: Layer) throws(ViewError) { try insertSublayer(layer, at: sublayers.count) }

    /// Inserts a sublayer at an index of ``sublayers`` (clamped to 0...count).
    ///
    /// - Throws: ``ViewError`` as ``addSublayer(_:)``.
    public func insertSublayer(_ layer: Layer, at index: Int) throws(ViewError) {
        try place(layer) { _ in index }
    }

    /// Inserts a sublayer just above `sibling` (at the top when `sibling` is not a sublayer).
    ///
    /// - Throws: ``ViewError`` as ``addSublayer(_:)``.
    public func insertSublayer(_ layer: Layer, above sibling: Layer) throws(ViewError) {
        try place(layer) { layers in layers.firstIndex { $0 === sibling }.map { $0 + 1 } ?? layers.count }
    }

    /// Inserts a sublayer just below `sibling` (at the bottom when `sibling` is not a sublayer).
    ///
    /// - Throws: ``ViewError`` as ``addSublayer(_:)``.
    public func insertSublayer(_ layer: Layer, below sibling: Layer) throws(ViewError) {
        try place(layer) { layers in layers.firstIndex { $0 === sibling } ?? 0 }
    }

    /// Takes `layer` from where it is and inserts it at the index `index` picks among the remaining sublayers.
    private func place(_ layer: Layer, _ index: ([Layer]) -> Int) throws(ViewError) {
        try Layer.checkInsertion(layer, into: self, depth: depth + 1)
        layer.detach()
        change { _ in }
        sublayers.insert(layer, at: min(max(index(sublayers), 0), sublayers.count))
        layer.superlayer = self
        registry.releaseFromCreationPool(layer)
        change { _ in }
    }

    /// Removes the layer from its superlayer (or its view's layer).
    public func removeFromSuperlayer() {
        change { _ in }
        detach()
    }

    /// Takes the layer out of its parent's sublayers without marking anything.
    private func detach() {
        if let parent = superlayer {
            parent.change { _ in }
            parent.sublayers.removeAll { $0 === self }
            superlayer = nil
        }
        if let view = superview {
            view.changeLayer { $0.sublayers.removeAll { $0 === self } }
            superview = nil
        }
    }

    /// The view whose subtree draws this layer, if any (bounded by the depth limit).
    var owningView: View? {
        var layer: Layer = self
        for _ in 0...Self.maximumDepth {
            if let view = layer.superview { return view }
            guard let parent = layer.superlayer else { return nil }
            layer = parent
        }
        return nil
    }

    /// How deep the layer is: 1 for a sublayer of a view's layer or a layer of no tree.
    var depth: Int {
        var depth = 1
        var layer = self
        while let parent = layer.superlayer, depth <= Self.maximumDepth {
            depth += 1
            layer = parent
        }
        return depth
    }

    /// How many levels the layer's tree has (1 for a layer without sublayers).
    var height: Int {
        1 + (sublayers.map(\.height).max() ?? 0)
    }

    /// Refuses a sublayer that is `parent` or its ancestor, or that would nest too deep.
    static func checkInsertion(_ layer: Layer, into parent: Layer?, depth: Int) throws(ViewError) {
        var ancestor = parent
        while let current = ancestor {
            if current === layer { throw ViewError("cannot add \(layer) as a sublayer of itself or of one of its sublayers") }
            ancestor = current.superlayer
        }
        if depth - 1 + layer.height > maximumDepth {
            throw ViewError("adding \(layer) would nest layers \(depth - 1 + layer.height) deep; at most \(maximumDepth)")
        }
    }

    /// Attaches the layer as a direct sublayer of a view's layer (the view's storage is already updated).
    func attach(to view: View) {
        superview = view
        registry.releaseFromCreationPool(self)
    }

    /// Applies a change: the owning view's area before and after needs display, its record is rewritten.
    func change(_ body: (inout Values) -> Void) {
        guard let view = owningView else {
            body(&values)
            return
        }
        view.invalidateExtent()
        body(&values)
        view.invalidateExtent()
        view.drawStateChanged()
    }

    // MARK: Geometry for drawing

    /// The anchor point in the (drawn) bounds.
    var anchorInBounds: easel_point { Self.anchorInBounds(drawn) }

    static func anchorInBounds(_ values: Values) -> easel_point {
        easel_point(x: values.bounds.origin.x + values.anchorPoint.x * values.bounds.size.width,
                    y: values.bounds.origin.y + values.anchorPoint.y * values.bounds.size.height)
    }

    /// From the layer's coordinates to its superlayer's (or the view's), with the drawn values.
    var toSuperlayer: easel_affine_transform { Self.toSuperlayer(drawn) }

    static func toSuperlayer(_ values: Values) -> easel_affine_transform {
        let anchor = anchorInBounds(values)
        return easel_affine_transform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(values.transform)
            .concatenating(easel_affine_transform(translationX: values.position.x, y: values.position.y))
    }

    /// The contents to draw, if any.
    var contentsDrawing: LayerContents? { Self.contentsDrawing(drawn) }

    static func contentsDrawing(_ values: Values) -> LayerContents? {
        guard let image = values.contents else { return nil }
        return LayerContents(image: image, mode: values.contentsGravity.contentMode, scale: values.contentsScale,
                             rect: values.contentsRect, center: values.contentsCenter, tint: nil)
    }

    static func castsShadow(_ values: Values) -> Bool { values.shadowOpacity > 0 && values.shadowColor.alpha > 0 }
    static func shadowReach(_ values: Values) -> Double {
        3 * values.shadowRadius + 2 + max(abs(values.shadowOffset.width), abs(values.shadowOffset.height))
    }

    /// The area the layer and its visible sublayers cover, in its own coordinates (drawn values).
    var extent: easel_rect {
        let values = drawn
        var extent = values.bounds
        if !values.masksToBounds {
            if let contents = Self.contentsDrawing(values) { extent = extent.union(contents.placement(in: values.bounds)) }
            for sublayer in sublayers where !sublayer.values.isHidden {
                extent = extent.union(sublayer.toSuperlayer.apply(to: sublayer.extent))
            }
        }
        if Self.castsShadow(values) {
            let reach = Self.shadowReach(values)
            extent = easel_rect(x: extent.origin.x - reach, y: extent.origin.y - reach,
                                width: extent.size.width + 2 * reach, height: extent.size.height + 2 * reach)
        }
        return extent
    }

    static func isUnitRect(_ rect: easel_rect) -> Bool {
        [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].allSatisfy { $0.isFinite && abs($0) <= 1e6 }
    }

    /// The layers in drawing order: by `zPosition`, then by index.
    static func drawingOrder(_ layers: [Layer]) -> [Layer] {
        guard layers.contains(where: { $0.values.zPosition != 0 }) else { return layers }
        return layers.enumerated().sorted { a, b in
            let za = a.element.values.zPosition, zb = b.element.values.zPosition
            return za != zb ? za < zb : a.offset < b.offset
        }.map(\.element)
    }
}

extension Layer {
    /// The layer properties readable and writable by name (`property_get`/`property_set`, the C table's users).
    nonisolated(unsafe) static let builtInProperties: [String: BuiltInProperty] = [
        "bounds": .value(EASEL_ENCODE_RECT, \Layer.bounds),
        "position": .value(EASEL_ENCODE_POINT, \Layer.position),
        "anchorPoint": .value(EASEL_ENCODE_POINT, \Layer.anchorPoint),
        "frame": .value(EASEL_ENCODE_RECT, \Layer.frame),
        "transform": .value(EASEL_ENCODE_TRANSFORM, \Layer.transform),
        "backgroundColor": .value(EASEL_ENCODE_COLOR, \Layer.backgroundColorValue),
        "contentsGravity": .value("i", \Layer.contentsGravityValue),
        "contentsScale": .value("d", \Layer.contentsScale),
        "contentsRect": .value(EASEL_ENCODE_RECT, \Layer.contentsRect),
        "contentsCenter": .value(EASEL_ENCODE_RECT, \Layer.contentsCenter),
        "cornerRadius": .value("d", \Layer.cornerRadius),
        "borderWidth": .value("d", \Layer.borderWidth),
        "borderColor": .value(EASEL_ENCODE_COLOR, \Layer.borderColor),
        "shadowColor": .value(EASEL_ENCODE_COLOR, \Layer.shadowColor),
        "shadowOpacity": .value("d", \Layer.shadowOpacity),
        "shadowOffset": .value(EASEL_ENCODE_SIZE, \Layer.shadowOffset),
        "shadowRadius": .value("d", \Layer.shadowRadius),
        "opacity": .value("d", \Layer.opacity),
        "masksToBounds": .flag(\Layer.masksToBounds),
        "hidden": .flag(\Layer.isHidden),
        "zPosition": .value("d", \Layer.zPosition),
        "delegate": BuiltInProperty(
            type: .object,
            get: { object in
                let handle = (object as! Layer).delegate.map { UInt(bitPattern: UnsafeRawPointer($0.handle)) } ?? 0
                return withUnsafeBytes(of: handle) { Array($0) }
            },
            set: { object, raw in
                let bits = raw.loadUnaligned(as: UInt.self)
                (object as! Layer).delegate = OpaquePointer(bitPattern: bits).map { EaselObject.from(handle: $0) }
            }),
    ]

    var backgroundColorValue: easel_color {
        get { backgroundColor ?? easel_color(red: 0, green: 0, blue: 0, alpha: 0) }
        set { backgroundColor = newValue.alpha > 0 ? newValue : nil }
    }
    var contentsGravityValue: Int32 {
        get { contentsGravity.rawValue }
        set { if let gravity = ContentsGravity(rawValue: newValue) { contentsGravity = gravity } }
    }
}

extension Registry {
    /// Creates a layer (an object of the built-in class `Layer`), not yet in any tree.
    public func makeLayer() -> Layer {
        do {
            guard let layer = try makeObject(ofClass: "Layer") as? Layer else { preconditionFailure("Layer is a built-in class") }
            return layer
        } catch {
            preconditionFailure("a registry with views has the built-in class Layer")
        }
    }
}
