// CGAffineTransform's functions on `easel_affine_transform`: a transform
// maps (x, y) to (a·x + c·y + tx, b·x + d·y + ty).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension easel_affine_transform {
    /// The identity transform (CGAffineTransformIdentity).
    @inlinable public static var identity: easel_affine_transform {
        easel_affine_transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    }

    /// A translation by (tx, ty) (CGAffineTransformMakeTranslation).
    @inlinable
    public init(translationX tx: Double, y ty: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

    /// A scale by (sx, sy) about the origin (CGAffineTransformMakeScale).
    @inlinable
    public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    /// A rotation by `radians` about the origin (CGAffineTransformMakeRotation).
    ///
    /// A positive angle turns +x towards +y: clockwise on a y-down screen.
    @inlinable
    public init(rotationAngle radians: Double) {
        let c = cos(radians), s = sin(radians)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// Whether this is the identity (CGAffineTransformIsIdentity).
    @inlinable public var isIdentity: Bool { self == .identity }

    /// Whether this is a translation (or the identity): no scale, rotation or shear.
    @inlinable public var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }

    /// Whether the transform keeps rectangles axis-aligned: no rotation or shear.
    @inlinable public var preservesAxisAlignment: Bool { b == 0 && c == 0 }

    /// `self` followed by `other` (CGAffineTransformConcat(self, other)).
    @inlinable
    public func concatenating(_ other: easel_affine_transform) -> easel_affine_transform {
        easel_affine_transform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The inverse (CGAffineTransformInvert), or `nil` when the transform is singular.
    ///
    /// Unlike CoreGraphics, which returns a singular transform unchanged, a
    /// determinant of zero or one that is not finite gives `nil`.
    @inlinable
    public func inverted() -> easel_affine_transform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return easel_affine_transform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// The transformed point (CGPointApplyAffineTransform).
    @inlinable
    public func apply(to point: easel_point) -> easel_point {
        easel_point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The bounding box of the transformed rectangle, standardised (CGRectApplyAffineTransform).
    ///
    /// The null rectangle stays null.
    // Always inlined: the renderer calls this per view with a transform it
    // has just computed, which then stays in registers (reading it back from
    // memory as one 16-byte load of `b` and `c` stalls on store forwarding).
    // A rotation or shear takes the out-of-line path.
    @inlinable @inline(__always)
    public func apply(to rect: easel_rect) -> easel_rect {
        guard !rect.isNull else { return rect }
        let r = rect.standardized
        guard preservesAxisAlignment else { return boundingBox(ofTurned: r) }
        let p = apply(to: r.origin)
        return easel_rect(x: p.x, y: p.y, width: a * r.size.width, height: d * r.size.height).standardized
    }

    /// The bounding box of the four transformed corners of a standardised rectangle.
    @usableFromInline
    func boundingBox(ofTurned r: easel_rect) -> easel_rect {
        let p0 = apply(to: easel_point(x: r.minX, y: r.minY)), p1 = apply(to: easel_point(x: r.maxX, y: r.minY))
        let p2 = apply(to: easel_point(x: r.minX, y: r.maxY)), p3 = apply(to: easel_point(x: r.maxX, y: r.maxY))
        // Picked as Sequence.min() and max() pick (a later value replaces
        // only a strictly smaller or larger one), without an array.
        var x0 = p0.x, x1 = p0.x, y0 = p0.y, y1 = p0.y
        func include(_ p: easel_point) {
            if p.x < x0 { x0 = p.x }
            if x1 < p.x { x1 = p.x }
            if p.y < y0 { y0 = p.y }
            if y1 < p.y { y1 = p.y }
        }
        include(p1)
        include(p2)
        include(p3)
        return easel_rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
