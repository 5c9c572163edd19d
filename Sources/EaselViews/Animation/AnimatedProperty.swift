import EaselABI
import EaselGeometry
import FoundationEssentials
import Glibc

/// A property of a view or its layer that animations change (UIKit's animatable properties).
///
/// `frame` animates as `center` and `bounds` (a frame change sets both);
/// the layer's `position` is `center` and its `opacity` is `alpha`.
public enum AnimatedProperty: Int, CaseIterable, Sendable, Hashable {
    case center, bounds, transform, alpha, backgroundColor
    case cornerRadius, borderWidth, borderColor, shadowColor, shadowOpacity, shadowOffset, shadowRadius, anchorPoint
    /// The part of the layer's image that is drawn (`contentsRect`, in the image's unit square).
    case contentsRect

    /// The property's key path name (Core Animation's, where the layer has one).
    public var name: String {
        switch self {
        case .center: "position"
        case .bounds: "bounds"
        case .transform: "transform"
        case .alpha: "opacity"
        case .backgroundColor: "backgroundColor"
        case .cornerRadius: "cornerRadius"
        case .borderWidth: "borderWidth"
        case .borderColor: "borderColor"
        case .shadowColor: "shadowColor"
        case .shadowOpacity: "shadowOpacity"
        case .shadowOffset: "shadowOffset"
        case .shadowRadius: "shadowRadius"
        case .anchorPoint: "anchorPoint"
        case .contentsRect: "contentsRect"
        }
    }

    /// The property for a key path name: Core Animation's (`position`,
    /// `opacity`, `transform`, …) or the view's (`center`, `alpha`).
    public init?(keyPath: String) {
        switch keyPath {
        case "center", "position": self = .center
        case "alpha", "opacity": self = .alpha
        case "transform", "affineTransform": self = .transform
        default:
            guard let property = Self.allCases.first(where: { $0.name == keyPath }) else { return nil }
            self = property
        }
    }
}

/// A property's value as up to eight numbers, interpolated component by component.
///
/// Points, sizes and rects are their fields; colours are red, green, blue,
/// alpha, and lane 7 is 1 for a colour that is set (a `nil` background is 0);
/// a transform is decomposed into translation, scale, rotation and shear
/// (``AnimationValue/transform(_:)``), so that a turn animates as a turn,
/// as Core Animation interpolates transforms, not as a blend of matrices.
public typealias AnimationValue = SIMD8<Double>

extension AnimationValue {
    static func point(_ point: easel_point) -> AnimationValue { [point.x, point.y, 0, 0, 0, 0, 0, 0] }
    static func size(_ size: easel_size) -> AnimationValue { [size.width, size.height, 0, 0, 0, 0, 0, 0] }
    static func rect(_ rect: easel_rect) -> AnimationValue {
        [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height, 0, 0, 0, 0]
    }
    static func scalar(_ value: Double) -> AnimationValue { [value, 0, 0, 0, 0, 0, 0, 0] }
    static func color(_ color: easel_color?) -> AnimationValue {
        guard let color else { return .zero }
        return [color.red, color.green, color.blue, color.alpha, 0, 0, 0, 1]
    }

    /// A transform as [tx, ty, scale x, scale y, angle, shear] (the 2D decomposition of CSS transforms).
    static func transform(_ t: easel_affine_transform) -> AnimationValue {
        var sx = (t.a * t.a + t.b * t.b).squareRoot()
        guard sx > 0 else { return [t.tx, t.ty, 0, 0, 0, 0, 0, 0] }
        var r0 = (x: t.a / sx, y: t.b / sx)
        if t.a * t.d - t.b * t.c < 0 {
            sx = -sx
            r0 = (-r0.x, -r0.y)
        }
        var shear = r0.x * t.c + r0.y * t.d
        let r1 = (x: t.c - shear * r0.x, y: t.d - shear * r0.y)
        let sy = (r1.x * r1.x + r1.y * r1.y).squareRoot()
        if sy > 0 { shear /= sy }
        return [t.tx, t.ty, sx, sy, atan2(r0.y, r0.x), shear, 0, 0]
    }

    var point: easel_point { easel_point(x: self[0], y: self[1]) }
    var size: easel_size { easel_size(width: self[0], height: self[1]) }
    var rect: easel_rect { easel_rect(x: self[0], y: self[1], width: self[2], height: self[3]) }
    var colorValue: easel_color? {
        guard self[7] > 0.5 else { return nil }
        func unit(_ value: Double) -> Double { min(max(value, 0), 1) }
        return easel_color(red: unit(self[0]), green: unit(self[1]), blue: unit(self[2]), alpha: unit(self[3]))
    }
    /// The transform a decomposition stands for: rotation · shear · scale, then the translation.
    var transformValue: easel_affine_transform {
        let sx = self[2], sy = self[3], angle = self[4], shear = self[5]
        let cosine = cos(angle), sine = sin(angle)
        return easel_affine_transform(a: sx * cosine, b: sx * sine,
                                      c: sy * (-sine + shear * cosine), d: sy * (cosine + shear * sine),
                                      tx: self[0], ty: self[1])
    }
}

extension AnimatedProperty {
    /// The property's model value.
    func value(of view: View) -> AnimationValue {
        switch self {
        case .center: .point(view.storedCenter)
        case .bounds: .rect(view.storedBounds)
        case .transform: .transform(view.storedTransform)
        case .alpha: .scalar(view.alpha)
        case .backgroundColor: .color(view.backgroundColor)
        case .cornerRadius: .scalar(view.layer.cornerRadius)
        case .borderWidth: .scalar(view.layer.borderWidth)
        case .borderColor: .color(view.layer.borderColor)
        case .shadowColor: .color(view.layer.shadowColor)
        case .shadowOpacity: .scalar(view.layer.shadowOpacity)
        case .shadowOffset: .size(view.layer.shadowOffset)
        case .shadowRadius: .scalar(view.layer.shadowRadius)
        case .anchorPoint: .point(view.layer.anchorPoint)
        case .contentsRect: .rect(view.layer.contentsRect)
        }
    }

    /// Sets the model value (a keyframe's or a layer animation's final value applied by a scene or C).
    func setValue(_ value: AnimationValue, of view: View) {
        switch self {
        case .center: view.center = value.point
        case .bounds: view.bounds = value.rect
        case .transform: view.transform = value.transformValue
        case .alpha: view.alpha = value[0]
        case .backgroundColor: view.backgroundColor = value.colorValue
        case .cornerRadius: view.layer.cornerRadius = max(value[0], 0)
        case .borderWidth: view.layer.borderWidth = max(value[0], 0)
        case .borderColor: if let color = value.colorValue { view.layer.borderColor = color }
        case .shadowColor: if let color = value.colorValue { view.layer.shadowColor = color }
        case .shadowOpacity: view.layer.shadowOpacity = value[0]
        case .shadowOffset: view.layer.shadowOffset = value.size
        case .shadowRadius: view.layer.shadowRadius = max(value[0], 0)
        case .anchorPoint: view.layer.anchorPoint = value.point
        case .contentsRect: view.layer.contentsRect = value.rect
        }
    }

    /// Puts a presented value into a presentation.
    func apply(_ value: AnimationValue, to presentation: inout Presentation) {
        switch self {
        case .center: presentation.center = value.point
        case .bounds: presentation.bounds = value.rect
        case .transform: presentation.transform = value.transformValue
        case .alpha: presentation.alpha = min(max(value[0], 0), 1)
        case .backgroundColor: presentation.backgroundColor = value.colorValue
        case .cornerRadius: presentation.layer.cornerRadius = max(value[0], 0)
        case .borderWidth: presentation.layer.borderWidth = max(value[0], 0)
        case .borderColor: if let color = value.colorValue { presentation.layer.borderColor = color }
        case .shadowColor: if let color = value.colorValue { presentation.layer.shadowColor = color }
        case .shadowOpacity: presentation.layer.shadowOpacity = min(max(value[0], 0), 1)
        case .shadowOffset: presentation.layer.shadowOffset = value.size
        case .shadowRadius: presentation.layer.shadowRadius = min(max(value[0], 0), 1000)
        case .anchorPoint: presentation.layer.anchorPoint = value.point
        case .contentsRect: presentation.layer.contentsRect = value.rect.standardized
        }
    }

    /// The start and end values made ready to interpolate: a colour that is
    /// not set becomes the other one with zero alpha, a turn takes the short way.
    func prepared(from: AnimationValue, to: AnimationValue) -> (AnimationValue, AnimationValue) {
        var from = from, to = to
        switch self {
        case .backgroundColor, .borderColor, .shadowColor:
            if from[7] < 0.5, to[7] > 0.5 { from = to; from[3] = 0; from[7] = 1 }
            if to[7] < 0.5, from[7] > 0.5 { to = from; to[3] = 0; to[7] = 1 }
        case .transform:
            let turn = 2 * Double.pi
            while to[4] - from[4] > .pi { to[4] -= turn }
            while from[4] - to[4] > .pi { to[4] += turn }
        default: break
        }
        return (from, to)
    }
}

/// What the renderer draws for a view with running animations: its values at the media clock's time.
struct Presentation {
    var center: easel_point
    var bounds: easel_rect
    var transform: easel_affine_transform
    var alpha: Double
    var backgroundColor: easel_color?
    /// A copy of the view's layer properties with the presented values.
    var layer: LayerStorage

    /// The model values of a view.
    init(model view: View) {
        center = view.storedCenter
        bounds = view.storedBounds
        transform = view.storedTransform
        alpha = view.alpha
        backgroundColor = view.backgroundColor
        layer = LayerStorage()
        if let model = view.layerStorage { layer.copy(from: model) }
    }
}

extension LayerStorage {
    /// Takes every property of another layer's storage (not its animations or
    /// backing store); the image and the sublayers by reference, so that a
    /// presentation stays on the renderer's layer path.
    func copy(from other: LayerStorage) {
        contents = other.contents
        sublayers = other.sublayers
        cornerRadius = other.cornerRadius
        maskedCorners = other.maskedCorners
        borderWidth = other.borderWidth
        borderColor = other.borderColor
        shadowColor = other.shadowColor
        shadowOpacity = other.shadowOpacity
        shadowOffset = other.shadowOffset
        shadowRadius = other.shadowRadius
        shadowPath = other.shadowPath
        anchorPoint = other.anchorPoint
        contentsRect = other.contentsRect
        zPosition = other.zPosition
        allowsGroupOpacity = other.allowsGroupOpacity
    }
}
