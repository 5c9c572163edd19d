// CGGeometry's rectangle functions on `easel_rect`. See Geometry.swift for
// what empty, null and infinite mean.

extension easel_rect {
    /// The empty rectangle at the origin (CGRectZero).
    @inlinable public static var zero: easel_rect { easel_rect(origin: .zero, size: .zero) }

    /// The null rectangle, the empty set (CGRectNull): origin at +infinity, size zero.
    @inlinable public static var null: easel_rect {
        easel_rect(origin: easel_point(x: .infinity, y: .infinity), size: .zero)
    }

    /// The rectangle that contains every other (CGRectInfinite).
    ///
    /// Its coordinates are finite: the origin is at minus half the largest
    /// finite double on both axes and the size is the largest finite double.
    @inlinable public static var infinite: easel_rect {
        easel_rect(x: -.greatestFiniteMagnitude / 2, y: -.greatestFiniteMagnitude / 2,
                   width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)
    }

    /// A rectangle from its origin and size components (CGRectMake).
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: easel_point(x: x, y: y), size: easel_size(width: width, height: height))
    }

    // MARK: Edges

    /// The smallest x coordinate, also for a negative width (CGRectGetMinX).
    @inlinable public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The smallest y coordinate, also for a negative height (CGRectGetMinY).
    @inlinable public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The largest x coordinate (CGRectGetMaxX).
    @inlinable public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The largest y coordinate (CGRectGetMaxY).
    @inlinable public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The x coordinate of the centre (CGRectGetMidX).
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The y coordinate of the centre (CGRectGetMidY).
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// The centre.
    @inlinable public var center: easel_point { easel_point(x: midX, y: midY) }
    /// The width, never negative (CGRectGetWidth).
    @inlinable public var width: Double { abs(size.width) }
    /// The height, never negative (CGRectGetHeight).
    @inlinable public var height: Double { abs(size.height) }

    // MARK: Special rectangles

    /// Whether this is the null rectangle (CGRectIsNull): an origin coordinate is +infinity.
    @inlinable public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }

    /// Whether this is the infinite rectangle (CGRectIsInfinite).
    @inlinable public var isInfinite: Bool { self == .infinite }

    /// Whether the rectangle covers no area (CGRectIsEmpty): null, or of zero width or height.
    ///
    /// An empty rectangle that is not null still has a position, and so
    /// still counts in a ``union(_:)``.
    @inlinable public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    /// The same area with a non-negative width and height (CGRectStandardize).
    ///
    /// The null rectangle stays null.
    @inlinable
    public var standardized: easel_rect { easel_rect(x: minX, y: minY, width: width, height: height) }

    // MARK: Containment and overlap

    /// Whether `point` lies inside (CGRectContainsPoint): the minimum edges
    /// are inside, the maximum edges are not.
    @inlinable
    public func contains(_ point: easel_point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies entirely inside this rectangle (CGRectContainsRect).
    ///
    /// A null rectangle contains nothing and is contained in nothing; an
    /// empty rectangle is contained where its position lies inside, edges
    /// included.
    @inlinable
    public func contains(_ other: easel_rect) -> Bool {
        !isNull && !other.isNull
            && other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The common part of two rectangles, standardised (CGRectIntersection).
    ///
    /// Disjoint rectangles, or a null one, give ``null``; rectangles that
    /// only touch give an empty rectangle along the shared edge.
    @inlinable
    public func intersection(_ other: easel_rect) -> easel_rect {
        guard !isNull, !other.isNull else { return .null }
        let x0 = max(minX, other.minX), x1 = min(maxX, other.maxX)
        let y0 = max(minY, other.minY), y1 = min(maxY, other.maxY)
        guard x1 >= x0, y1 >= y0 else { return .null }
        return easel_rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether the two rectangles share some area (CGRectIntersectsRect).
    ///
    /// The same as `!intersection(other).isEmpty`, without building the
    /// rectangle. (A null rectangle's `minX` or `minY` is +infinity, so no
    /// overlap can be found with it.)
    @inlinable
    public func intersects(_ other: easel_rect) -> Bool {
        min(maxX, other.maxX) > max(minX, other.minX) && min(maxY, other.maxY) > max(minY, other.minY)
    }

    /// The smallest rectangle containing both, standardised (CGRectUnion).
    ///
    /// A null rectangle contributes nothing; an empty one that is not null
    /// still stretches the union to its position.
    @inlinable
    public func union(_ other: easel_rect) -> easel_rect {
        if isNull { return other.standardized }
        if other.isNull { return standardized }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return easel_rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    // MARK: Moving and resizing

    /// The rectangle moved by (dx, dy) (CGRectOffset); the null rectangle stays null.
    @inlinable
    public func offsetBy(dx: Double, dy: Double) -> easel_rect {
        guard !isNull else { return self }
        return easel_rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The rectangle, standardised, shrunk by `dx` on the left and right and
    /// `dy` at the top and bottom, or grown for negative insets (CGRectInset).
    ///
    /// When the result would have a negative width or height, or the
    /// rectangle is null, the result is ``null``.
    @inlinable
    public func insetBy(dx: Double, dy: Double) -> easel_rect {
        guard !isNull else { return self }
        let inset = easel_rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
        guard inset.size.width >= 0, inset.size.height >= 0 else { return .null }
        return inset
    }
}
