import EaselRuntime
import EaselABI

// Geometry on the ABI's CoreGraphics-shaped types, as CGGeometry and
// CGAffineTransform define it. Rectangles are standardised (non-negative
// sizes) where CoreGraphics standardises them; transforms map a point
// (x, y) to (a*x + c*y + tx, b*x + d*y + ty).

extension easel_point: @retroactive Equatable {
    /// The origin.
    public static let zero = easel_point(x: 0, y: 0)

    public static func == (lhs: easel_point, rhs: easel_point) -> Bool { lhs.x == rhs.x && lhs.y == rhs.y }
}

extension easel_size: @retroactive Equatable {
    /// A zero size.
    public static let zero = easel_size(width: 0, height: 0)

    public static func == (lhs: easel_size, rhs: easel_size) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height
    }
}

extension easel_rect: @retroactive Equatable {
    /// The empty rectangle at the origin.
    public static let zero = easel_rect(origin: .zero, size: .zero)

    /// A rectangle from its components.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: easel_point(x: x, y: y), size: easel_size(width: width, height: height))
    }

    public static func == (lhs: easel_rect, rhs: easel_rect) -> Bool {
        lhs.origin == rhs.origin && lhs.size == rhs.size
    }

    /// The smallest x coordinate.
    public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The smallest y coordinate.
    public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The largest x coordinate.
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The largest y coordinate.
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The x coordinate of the centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y coordinate of the centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width, never negative.
    public var width: Double { abs(size.width) }
    /// The height, never negative.
    public var height: Double { abs(size.height) }

    /// Whether the rectangle covers no area.
    public var isEmpty: Bool { !(size.width != 0 && size.height != 0) || !size.width.isFinite || !size.height.isFinite }

    /// The same rectangle with a non-negative size.
    public var standardized: easel_rect { easel_rect(x: minX, y: minY, width: width, height: height) }

    /// Whether `point` lies inside (the min edges are inside, the max edges are not, as CGRectContainsPoint).
    public func contains(_ point: easel_point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies entirely inside this rectangle.
    public func contains(_ other: easel_rect) -> Bool {
        !other.isEmpty && other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The common part of two rectangles; ``zero`` when they do not overlap.
    public func intersection(_ other: easel_rect) -> easel_rect {
        let x0 = max(minX, other.minX), x1 = min(maxX, other.maxX)
        let y0 = max(minY, other.minY), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return easel_rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether the two rectangles overlap with a non-empty area.
    public func intersects(_ other: easel_rect) -> Bool { !intersection(other).isEmpty }

    /// The smallest rectangle containing both; an empty rectangle counts as nothing.
    public func union(_ other: easel_rect) -> easel_rect {
        if isEmpty { return other.standardized }
        if other.isEmpty { return standardized }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return easel_rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The rectangle moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> easel_rect {
        easel_rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The rectangle grown (negative values) or shrunk on every side.
    public func insetBy(dx: Double, dy: Double) -> easel_rect {
        let r = standardized
        return easel_rect(x: r.origin.x + dx, y: r.origin.y + dy, width: r.size.width - 2 * dx,
                          height: r.size.height - 2 * dy)
    }
}

extension easel_affine_transform: @retroactive Equatable {
    /// The identity transform.
    public static let identity = easel_affine_transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func == (lhs: easel_affine_transform, rhs: easel_affine_transform) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.tx == rhs.tx && lhs.ty == rhs.ty
    }

    /// A translation.
    public init(translationX tx: Double, y ty: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    /// A scale.
    public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// A rotation by `radians` (positive turns +x towards +y, clockwise on a y-down screen).
    public init(rotationAngle radians: Double) {
        let c = cos(radians), s = sin(radians)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// Whether this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// Whether this is a translation (or the identity): no scaling, rotation or shear.
    var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }

    /// `self` followed by `other` (CGAffineTransformConcat(self, other)).
    public func concatenating(_ other: easel_affine_transform) -> easel_affine_transform {
        easel_affine_transform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The inverse, or `nil` for a singular transform.
    public func inverted() -> easel_affine_transform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return easel_affine_transform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// Whether the transform keeps rectangles axis-aligned (no rotation or shear).
    public var preservesAxisAlignment: Bool { b == 0 && c == 0 }

    /// The transformed point.
    public func apply(to point: easel_point) -> easel_point {
        easel_point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The bounding box of the transformed rectangle (CGRectApplyAffineTransform).
    public func apply(to rect: easel_rect) -> easel_rect {
        let r = rect.standardized
        if preservesAxisAlignment {
            let p = apply(to: r.origin)
            return easel_rect(x: p.x, y: p.y, width: a * r.size.width, height: d * r.size.height).standardized
        }
        let corners = [
            apply(to: easel_point(x: r.minX, y: r.minY)), apply(to: easel_point(x: r.maxX, y: r.minY)),
            apply(to: easel_point(x: r.minX, y: r.maxY)), apply(to: easel_point(x: r.maxX, y: r.maxY)),
        ]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return easel_rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
