import EaselABI
import EaselGeometry

// The layer behind every view (CALayer, with the view as its delegate).
//
// In UIKit every view is backed by a Core Animation layer: the view's
// `center`, `bounds`, `frame`, `transform`, `alpha`, `isHidden`,
// `backgroundColor` and `clipsToBounds` are the layer's `position`,
// `bounds`, `frame`, `affineTransform`, `opacity`, `isHidden`,
// `backgroundColor` and `masksToBounds`; the layer adds what a view has no
// property for: rounded corners, a border, a shadow, the anchor point and
// the z position. Easel's `View.layer` is that layer as a thin value
// (``ViewLayer``) over the view: the shared properties are the view's
// own, and the others live in a small object (`LayerStorage`) made on the
// first change of one, so that views without layer properties stay as small
// and as fast to draw as they were.
//
// The renderer (DrawList.swift, View+Rendering.swift) marks the draw record
// of a view with visible layer effects with one flag and draws it on a
// path of its own; every other view is drawn as before.
//
// Geometry, as Core Animation documents it: `position` (the view's
// `center`) is where the anchor point lies in the superview;
// `anchorPoint` is in the unit square of the bounds, (0, 0) the top left
// and (1, 1) the bottom right, for every view (right-handed views too: the
// layer's geometry is iOS's, y down); the transform turns and scales about
// the anchor point; `frame` is the bounding box of the transformed bounds,
// so with the identity transform `frame.origin == position - anchorPoint *
// bounds.size`. Changing the anchor point keeps the position and moves the
// frame, as in Core Animation.

/// The corners that a layer's `cornerRadius` rounds (Core Animation's
/// `CACornerMask`, with its values; y points down, so `minY` is the top).
public struct CornerMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// The top-left corner (`kCALayerMinXMinYCorner`).
    public static let minXMinY = CornerMask(rawValue: 1 << 0)
    /// The top-right corner (`kCALayerMaxXMinYCorner`).
    public static let maxXMinY = CornerMask(rawValue: 1 << 1)
    /// The bottom-left corner (`kCALayerMinXMaxYCorner`).
    public static let minXMaxY = CornerMask(rawValue: 1 << 2)
    /// The bottom-right corner (`kCALayerMaxXMaxYCorner`).
    public static let maxXMaxY = CornerMask(rawValue: 1 << 3)
    /// All four corners (the default).
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
}

/// The shape of a layer's shadow when it does not follow the layer's content
/// (Core Animation's `shadowPath`), in the layer's (the view's) coordinates.
public enum ShadowPath: Sendable, Equatable {
    /// A rectangle.
    case rect(easel_rect)
    /// A rectangle with rounded corners of one radius.
    case roundedRect(easel_rect, cornerRadius: Double)
    /// The ellipse inscribed in a rectangle.
    case ellipse(easel_rect)
    /// A closed polygon through the points (at most ``ShadowPath/maximumPoints``).
    case polygon([easel_point])

    /// The most points a polygon shadow path may have.
    public static let maximumPoints = 100_000

    public static func == (a: ShadowPath, b: ShadowPath) -> Bool {
        switch (a, b) {
        case (.rect(let x), .rect(let y)), (.ellipse(let x), .ellipse(let y)): return x == y
        case (.roundedRect(let x, let r), .roundedRect(let y, let s)): return x == y && r == s
        case (.polygon(let x), .polygon(let y)): return x.count == y.count && zip(x, y).allSatisfy { $0 == $1 }
        default: return false
        }
    }

    /// The path's bounding box.
    var boundingBox: easel_rect {
        switch self {
        case .rect(let rect), .roundedRect(let rect, _), .ellipse(let rect): return rect.standardized
        case .polygon(let points):
            guard let first = points.first else { return .zero }
            var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
            for point in points {
                minX = min(minX, point.x); minY = min(minY, point.y)
                maxX = max(maxX, point.x); maxY = max(maxY, point.y)
            }
            return easel_rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
    }
}

/// A layer's own properties, those a view does not have (see the top of this file).
final class LayerStorage {
    var cornerRadius = 0.0
    var maskedCorners = CornerMask.all
    var borderWidth = 0.0
    var borderColor = easel_color(red: 0, green: 0, blue: 0, alpha: 1)
    var shadowColor = easel_color(red: 0, green: 0, blue: 0, alpha: 1)
    var shadowOpacity = 0.0
    var shadowOffset = easel_size(width: 0, height: -3)
    var shadowRadius = 3.0
    var shadowPath: ShadowPath?
    var anchorPoint = easel_point(x: 0.5, y: 0.5)
    /// The part of ``contents`` drawn, in the image's unit square (Core Animation's `contentsRect`).
    var contentsRect = LayerContents.unit
    var zPosition = 0.0
    var allowsGroupOpacity = true
    /// Standalone sublayers (Layer.swift), drawn above the view's content and below its subviews.
    var sublayers: [Layer] = []
    /// An image drawn above the view's content (an image view's image, ImageView.swift).
    var contents: LayerContents?
    /// The view's running animations (Animation/Animator.swift), made on the first one.
    var animations: ViewAnimations?
    /// The view's content mode and backing store (View+BackingStore.swift), made when first needed.
    var content: ContentStorage?

    /// Whether the shadow shows (an opacity and a colour that are not zero).
    var castsShadow: Bool { shadowOpacity > 0 && shadowColor.alpha > 0 }
    /// Whether the border shows.
    var hasBorder: Bool { borderWidth > 0 && borderColor.alpha > 0 }
    /// Whether drawing the view needs the renderer's layer path.
    var hasEffects: Bool {
        cornerRadius > 0 || hasBorder || castsShadow || !allowsGroupOpacity || !sublayers.isEmpty || contents != nil
    }

    /// How far, in the view's coordinates, the shadow can reach beyond the
    /// shape that casts it: its offset and its blur (three box blurs of about
    /// the shadow radius spread it three radii, plus a pixel of rounding).
    var shadowReach: Double {
        3 * shadowRadius + 2 + max(abs(shadowOffset.width), abs(shadowOffset.height))
    }
}

extension View {
    /// The layer behind the view: Core Animation's properties, shared with the view's where both have them.
    public final var layer: ViewLayer { ViewLayer(view: self) }

    /// The anchor point in the view's bounds (their middle by default), in its down space.
    @inline(__always)
    final var anchorInBounds: easel_point {
        guard let layer = layerStorage else { return easel_point(x: storedBounds.midX, y: storedBounds.midY) }
        return easel_point(x: storedBounds.origin.x + layer.anchorPoint.x * storedBounds.size.width,
                           y: storedBounds.origin.y + layer.anchorPoint.y * storedBounds.size.height)
    }

    /// Changes a layer property: the area drawn before and after needs display and the draw record is rewritten.
    final func changeLayer(reordersSiblings: Bool = false, _ change: (LayerStorage) -> Void) {
        let storage = layerStorage ?? LayerStorage()
        invalidateExtent()
        layerStorage = storage
        change(storage)
        storage.content?.store?.invalidateAll()
        invalidateExtent()
        if reordersSiblings { treeChanged() } else { drawStateChanged() }
    }

    /// The area the shadow can cover beyond the view's subtree, in its own
    /// coordinates (`nil` without a visible shadow, or when the view masks
    /// to its bounds, which clips the shadow as Core Animation does).
    final var shadowExtent: easel_rect? {
        guard let layer = layerStorage, layer.castsShadow, !clipsToBounds else { return nil }
        let reach = layer.shadowReach
        let shape = layer.shadowPath?.boundingBox ?? storedBounds
        return easel_rect(x: shape.origin.x - reach, y: shape.origin.y - reach,
                          width: shape.size.width + 2 * reach, height: shape.size.height + 2 * reach)
    }

    /// The subviews in drawing order: by `zPosition`, then by index (the subviews themselves when no z position is set).
    final var subviewsInDrawingOrder: [View] {
        let subviews = self.subviews
        guard subviews.contains(where: { ($0.layerStorage?.zPosition ?? 0) != 0 }) else { return subviews }
        return subviews.enumerated().sorted { a, b in
            let za = a.element.layerStorage?.zPosition ?? 0, zb = b.element.layerStorage?.zPosition ?? 0
            return za != zb ? za < zb : a.offset < b.offset
        }.map(\.element)
    }
}

/// The layer behind a view (Core Animation's `CALayer`, the view its delegate).
///
/// A value that refers to its view: `view.layer.cornerRadius = 12` changes
/// the view. The properties a view also has (`position` and `center`,
/// `bounds`, `frame`, `opacity` and `alpha`, `isHidden`, `backgroundColor`,
/// `masksToBounds` and `clipsToBounds`, `affineTransform` and `transform`)
/// are one and the same. Drawing follows Core Animation: the shadow first
/// (of `shadowPath`, or else of the composited alpha of the layer and its
/// sublayers), then the background colour in the rounded shape, the view's
/// `drawRect:`, the sublayers (the subviews), and the border above them all,
/// inside the bounds; `masksToBounds` clips the content, the sublayers and
/// the shadow to the rounded shape; `opacity` composites all of it as one
/// group unless `allowsGroupOpacity` is false.
public struct ViewLayer {
    /// The view the layer is behind (its delegate).
    public let view: View

    /// Makes the layer value of a view (``View/layer`` does it).
    public init(view: View) { self.view = view }

    private var storage: LayerStorage? { view.layerStorage }

    // MARK: Shared with the view

    /// Where the anchor point lies in the superview: the view's `center`.
    public var position: easel_point {
        get { view.center }
        nonmutating set { view.center = newValue }
    }
    /// The layer's bounds: the view's.
    public var bounds: easel_rect {
        get { view.bounds }
        nonmutating set { view.bounds = newValue }
    }
    /// The layer's frame: the view's (the bounding box of the transformed bounds).
    public var frame: easel_rect {
        get { view.frame }
        nonmutating set { view.frame = newValue }
    }
    /// The layer's affine transform, about the anchor point: the view's `transform`.
    public var affineTransform: easel_affine_transform {
        get { view.transform }
        nonmutating set { view.transform = newValue }
    }
    /// The opacity: the view's `alpha` (0...1).
    public var opacity: Double {
        get { view.alpha }
        nonmutating set { view.alpha = newValue }
    }
    /// Whether the layer and its sublayers are not drawn: the view's `isHidden`.
    public var isHidden: Bool {
        get { view.isHidden }
        nonmutating set { view.isHidden = newValue }
    }
    /// The background colour, filled in the rounded shape: the view's.
    public var backgroundColor: easel_color? {
        get { view.backgroundColor }
        nonmutating set { view.backgroundColor = newValue }
    }
    /// Whether content and sublayers are clipped to the (rounded) bounds: the view's `clipsToBounds`.
    public var masksToBounds: Bool {
        get { view.clipsToBounds }
        nonmutating set { view.clipsToBounds = newValue }
    }

    // MARK: The layer's own

    /// The radius of the rounded corners, in points (0, the default: square).
    ///
    /// Rounds the background and the border; with `masksToBounds` also
    /// clips the content and the sublayers. Radii that add up to more than a
    /// side shrink together, as Core Animation's do. Negative or non-finite
    /// values are ignored.
    public var cornerRadius: Double {
        get { storage?.cornerRadius ?? 0 }
        nonmutating set {
            guard newValue.isFinite, newValue >= 0, newValue != cornerRadius else { return }
            view.willChangeAnimatable(.cornerRadius)
            view.changeLayer { $0.cornerRadius = newValue }
        }
    }
    /// Which corners `cornerRadius` rounds (all four by default).
    public var maskedCorners: CornerMask {
        get { storage?.maskedCorners ?? .all }
        nonmutating set {
            let corners = newValue.intersection(.all)
            guard corners != maskedCorners else { return }
            view.changeLayer { $0.maskedCorners = corners }
        }
    }
    /// The width of the border, drawn inside the bounds above the content and the sublayers (0 by default).
    public var borderWidth: Double {
        get { storage?.borderWidth ?? 0 }
        nonmutating set {
            guard newValue.isFinite, newValue >= 0, newValue != borderWidth else { return }
            view.willChangeAnimatable(.borderWidth)
            view.changeLayer { $0.borderWidth = newValue }
        }
    }
    /// The border's colour (opaque black by default).
    public var borderColor: easel_color {
        get { storage?.borderColor ?? easel_color(red: 0, green: 0, blue: 0, alpha: 1) }
        nonmutating set {
            guard let color = newValue.clampedForLayer else { return }
            view.willChangeAnimatable(.borderColor)
            view.changeLayer { $0.borderColor = color }
        }
    }
    /// The shadow's colour (opaque black by default), times `shadowOpacity`.
    public var shadowColor: easel_color {
        get { storage?.shadowColor ?? easel_color(red: 0, green: 0, blue: 0, alpha: 1) }
        nonmutating set {
            guard let color = newValue.clampedForLayer else { return }
            view.willChangeAnimatable(.shadowColor)
            view.changeLayer { $0.shadowColor = color }
        }
    }
    /// The shadow's opacity, 0...1 (0, the default: no shadow).
    public var shadowOpacity: Double {
        get { storage?.shadowOpacity ?? 0 }
        nonmutating set {
            guard newValue.isFinite else { return }
            let opacity = min(max(newValue, 0), 1)
            guard opacity != shadowOpacity else { return }
            view.willChangeAnimatable(.shadowOpacity)
            view.changeLayer { $0.shadowOpacity = opacity }
        }
    }
    /// How far the shadow falls from the layer, in the layer's coordinates ((0, -3), up, by default).
    public var shadowOffset: easel_size {
        get { storage?.shadowOffset ?? easel_size(width: 0, height: -3) }
        nonmutating set {
            guard newValue.width.isFinite, newValue.height.isFinite,
                  abs(newValue.width) <= 1e6, abs(newValue.height) <= 1e6, newValue != shadowOffset else { return }
            view.willChangeAnimatable(.shadowOffset)
            view.changeLayer { $0.shadowOffset = newValue }
        }
    }
    /// The shadow's blur radius in points (3 by default): a Gaussian of about this standard deviation.
    ///
    /// At most 1000 (larger values are clamped); negative values are ignored.
    public var shadowRadius: Double {
        get { storage?.shadowRadius ?? 3 }
        nonmutating set {
            guard newValue.isFinite, newValue >= 0 else { return }
            let radius = min(newValue, 1000)
            guard radius != shadowRadius else { return }
            view.willChangeAnimatable(.shadowRadius)
            view.changeLayer { $0.shadowRadius = radius }
        }
    }
    /// The shape of the shadow; `nil` (the default) makes the shadow follow
    /// the composited alpha of the layer and its sublayers.
    ///
    /// A path with a non-finite coordinate, or a polygon of more than
    /// ``ShadowPath/maximumPoints`` points, is ignored.
    public var shadowPath: ShadowPath? {
        get { storage?.shadowPath }
        nonmutating set {
            if let path = newValue, !path.isValid { return }
            guard newValue != shadowPath else { return }
            view.changeLayer { $0.shadowPath = newValue }
        }
    }
    /// Where the position lies in the bounds, in the unit square ((0.5, 0.5), the middle, by default).
    ///
    /// The transform turns and scales about it. Changing it keeps the
    /// position and moves the frame, as in Core Animation. Non-finite values
    /// are ignored.
    public var anchorPoint: easel_point {
        get { storage?.anchorPoint ?? easel_point(x: 0.5, y: 0.5) }
        nonmutating set {
            guard newValue.x.isFinite, newValue.y.isFinite, abs(newValue.x) <= 1e6, abs(newValue.y) <= 1e6,
                  newValue != anchorPoint else { return }
            view.willChangeAnimatable(.anchorPoint)
            view.changeLayer { $0.anchorPoint = newValue }
        }
    }
    /// The part of the layer's image (an image view's image) that is drawn, in the
    /// image's unit square ((0, 0, 1, 1), the whole image, by default): Core Animation's
    /// `contentsRect`. The part is placed by the content mode as the whole image would be.
    /// Animatable; rectangles with a non-finite coordinate are ignored.
    public var contentsRect: easel_rect {
        get { storage?.contentsRect ?? LayerContents.unit }
        nonmutating set {
            let rect = newValue.standardized
            guard [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].allSatisfy(\.isFinite),
                  rect != contentsRect else { return }
            view.willChangeAnimatable(.contentsRect)
            view.changeLayer { $0.contentsRect = rect }
        }
    }
    /// The order among siblings: a superview draws its subviews by `zPosition`, then by index (0 by default).
    ///
    /// As in UIKit, hit testing keeps the order of `subviews`. Non-finite values are ignored.
    public var zPosition: Double {
        get { storage?.zPosition ?? 0 }
        nonmutating set {
            guard newValue.isFinite, newValue != zPosition else { return }
            view.changeLayer(reordersSiblings: true) { $0.zPosition = newValue }
        }
    }
    /// Whether an opacity below 1 composites the layer and its sublayers as
    /// one group (`true`, the default), or multiplies into each one's drawing.
    public var allowsGroupOpacity: Bool {
        get { storage?.allowsGroupOpacity ?? true }
        nonmutating set {
            guard newValue != allowsGroupOpacity else { return }
            view.changeLayer { $0.allowsGroupOpacity = newValue }
        }
    }
}


extension ViewLayer {
    // MARK: Standalone sublayers

    /// The standalone sublayers (``Layer``s), back to front before `zPosition` reorders them.
    ///
    /// They draw above the view's content and below its subviews (see
    /// Layer.swift for how this relates to Core Animation's order).
    public var sublayers: [Layer] { view.layerStorage?.sublayers ?? [] }

    /// Adds a standalone sublayer above the others (below the subviews).
    ///
    /// - Throws: ``ViewError`` when the layer's tree would nest deeper than ``Layer/maximumDepth``.
    public func addSublayer(_ layer: Layer) throws(ViewError) { try insertSublayer(layer, at: sublayers.count) }

    /// Inserts a standalone sublayer at an index of ``sublayers`` (clamped to 0...count).
    ///
    /// - Throws: ``ViewError`` as ``addSublayer(_:)``.
    public func insertSublayer(_ layer: Layer, at index: Int) throws(ViewError) {
        try place(layer) { _ in index }
    }

    /// Inserts a standalone sublayer just above `sibling` (at the top when it is not a sublayer here).
    ///
    /// - Throws: ``ViewError`` as ``addSublayer(_:)``.
    public func insertSublayer(_ layer: Layer, above sibling: Layer) throws(ViewError) {
        try place(layer) { layers in layers.firstIndex { $0 === sibling }.map { $0 + 1 } ?? layers.count }
    }

    /// Inserts a standalone sublayer just below `sibling` (at the bottom when it is not a sublayer here).
    ///
    /// - Throws: ``ViewError`` as ``addSublayer(_:)``.
    public func insertSublayer(_ layer: Layer, below sibling: Layer) throws(ViewError) {
        try place(layer) { layers in layers.firstIndex { $0 === sibling } ?? 0 }
    }

    private func place(_ layer: Layer, _ index: ([Layer]) -> Int) throws(ViewError) {
        try Layer.checkInsertion(layer, into: nil, depth: 1)
        layer.removeFromSuperlayer()
        view.changeLayer { storage in
            storage.sublayers.insert(layer, at: min(max(index(storage.sublayers), 0), storage.sublayers.count))
        }
        layer.attach(to: view)
    }
}

extension ShadowPath {
    /// Whether every coordinate is finite and a polygon is not too long.
    var isValid: Bool {
        switch self {
        case .rect(let rect), .ellipse(let rect):
            return [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].allSatisfy(\.isFinite)
        case .roundedRect(let rect, let radius):
            return [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height, radius].allSatisfy(\.isFinite) && radius >= 0
        case .polygon(let points):
            return points.count <= Self.maximumPoints && points.allSatisfy { $0.x.isFinite && $0.y.isFinite }
        }
    }
}

extension easel_color {
    /// The colour with its components clamped to 0...1, or `nil` when one is not a number.
    var clampedForLayer: easel_color? {
        guard !red.isNaN, !green.isNaN, !blue.isNaN, !alpha.isNaN else { return nil }
        func unit(_ value: Double) -> Double { min(max(value, 0), 1) }
        return easel_color(red: unit(red), green: unit(green), blue: unit(blue), alpha: unit(alpha))
    }
}
