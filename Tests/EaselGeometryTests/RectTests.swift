import EaselGeometry
import Testing

/// A rectangle from its four components (CGRectMake), for short tables.
func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

@Suite("Rect: empty, null and infinite, as CGGeometry defines them")
struct RectSpecialTests {
    @Test("which rectangles are empty, null or infinite", arguments: [
        (rect(0, 0, 0, 0), true, false, false),
        (rect(5, 5, 0, 10), true, false, false),
        (rect(5, 5, 10, 0), true, false, false),
        (rect(5, 5, 10, 10), false, false, false),
        (rect(5, 5, -10, -10), false, false, false),
        (Rect.null, true, true, false),
        (rect(.infinity, 0, 10, 10), true, true, false),
        (rect(0, .infinity, 10, 10), true, true, false),
        (Rect.infinite, false, false, true),
    ])
    func specials(_ r: Rect, empty: Bool, null: Bool, infinite: Bool) {
        #expect(r.isEmpty == empty)
        #expect(r.isNull == null)
        #expect(r.isInfinite == infinite)
    }

    @Test("zero is empty but not null; null is not zero")
    func zeroIsNotNull() {
        #expect(Rect.zero.isEmpty && !Rect.zero.isNull)
        #expect(Rect.null != Rect.zero)
        #expect(Rect.null.origin.x == .infinity && Rect.null.size == .zero)
    }

    @Test("the infinite rectangle has finite coordinates and contains ordinary rectangles")
    func infinite() {
        let r = Rect.infinite
        #expect(r.origin.x.isFinite && r.size.width.isFinite)
        #expect(r.contains(rect(-1e300, -1e300, 2e300, 2e300)))
        #expect(r.contains(Point(x: 1e300, y: -1e300)))
        #expect(r.intersection(rect(1, 2, 3, 4)) == rect(1, 2, 3, 4))
        #expect(r.union(rect(1, 2, 3, 4)) == r)
    }

    @Test("edges and sizes read as standardised", arguments: [
        (rect(10, 20, 30, 40), 10.0, 20.0, 40.0, 60.0, 30.0, 40.0),
        (rect(40, 60, -30, -40), 10.0, 20.0, 40.0, 60.0, 30.0, 40.0),
    ])
    func edges(_ r: Rect, minX: Double, minY: Double, maxX: Double, maxY: Double, width: Double, height: Double) {
        #expect((r.minX, r.minY, r.maxX, r.maxY) == (minX, minY, maxX, maxY))
        #expect((r.width, r.height) == (width, height))
        #expect((r.midX, r.midY) == (25, 40))
        #expect(r.center == Point(x: 25, y: 40))
        #expect(r.standardized == rect(10, 20, 30, 40))
    }

    @Test("standardising keeps the null rectangle null")
    func standardizedNull() {
        #expect(Rect.null.standardized.isNull)
    }
}

@Suite("Rect: containment, intersection and union")
struct RectSetTests {
    @Test("a point on a minimum edge is inside, on a maximum edge outside", arguments: [
        (Point(x: 0, y: 0), true), (Point(x: 9.999, y: 9.999), true), (Point(x: 10, y: 5), false),
        (Point(x: 5, y: 10), false), (Point(x: -0.001, y: 5), false),
    ])
    func containsPoint(_ point: Point, inside: Bool) {
        #expect(rect(0, 0, 10, 10).contains(point) == inside)
        #expect(rect(10, 10, -10, -10).contains(point) == inside)
        #expect(!Rect.null.contains(point))
    }

    @Test("rect containment: edges included, null never", arguments: [
        (rect(0, 0, 10, 10), true), (rect(2, 2, 3, 3), true), (rect(5, 5, 6, 5), false),
        (rect(10, 10, 0, 0), true), (Rect.null, false),
    ])
    func containsRect(_ other: Rect, inside: Bool) {
        #expect(rect(0, 0, 10, 10).contains(other) == inside)
        #expect(!Rect.null.contains(other))
    }

    @Test("intersections", arguments: [
        (rect(0, 0, 10, 10), rect(5, 5, 10, 10), rect(5, 5, 5, 5)),
        (rect(0, 0, 10, 10), rect(15, 15, -10, -10), rect(5, 5, 5, 5)),   // standardised first
        (rect(0, 0, 10, 10), rect(20, 0, 10, 10), Rect.null),              // disjoint
        (rect(0, 0, 10, 10), rect(10, 0, 10, 10), rect(10, 0, 0, 10)),     // touching: empty, not null
        (rect(0, 0, 10, 10), Rect.null, Rect.null),
        (Rect.null, rect(0, 0, 10, 10), Rect.null),
    ])
    func intersection(_ a: Rect, _ b: Rect, expected: Rect) {
        #expect(a.intersection(b) == expected)
        #expect(b.intersection(a) == expected)
        #expect(a.intersects(b) == !expected.isEmpty)
        #expect(b.intersects(a) == !expected.isEmpty)
    }

    @Test("unions: null contributes nothing, an empty rectangle still has a position", arguments: [
        (rect(0, 0, 10, 10), rect(20, 20, 5, 5), rect(0, 0, 25, 25)),
        (rect(10, 10, -10, -10), rect(20, 20, 5, 5), rect(0, 0, 25, 25)),
        (rect(0, 0, 10, 10), Rect.null, rect(0, 0, 10, 10)),
        (Rect.null, rect(10, 10, -10, -10), rect(0, 0, 10, 10)),
        (Rect.zero, rect(1, 1, 2, 2), rect(0, 0, 3, 3)),
        (Rect.null, Rect.null, Rect.null),
    ])
    func union(_ a: Rect, _ b: Rect, expected: Rect) {
        #expect(a.union(b) == expected)
        #expect(b.union(a) == expected)
    }
}

@Suite("Rect: moving and insetting")
struct RectMoveTests {
    @Test("offsetting moves the origin and keeps null null")
    func offset() {
        #expect(rect(1, 2, 3, 4).offsetBy(dx: 10, dy: -2) == rect(11, 0, 3, 4))
        #expect(rect(1, 2, -3, 4).offsetBy(dx: 1, dy: 1) == rect(2, 3, -3, 4))
        #expect(Rect.null.offsetBy(dx: -.infinity, dy: 1).isNull)
    }

    @Test("insetting standardises, and gives null past zero size", arguments: [
        (rect(0, 0, 10, 20), 2.0, 3.0, rect(2, 3, 6, 14)),
        (rect(10, 20, -10, -20), 2.0, 3.0, rect(2, 3, 6, 14)),
        (rect(0, 0, 10, 20), -1.0, -1.0, rect(-1, -1, 12, 22)),
        (rect(0, 0, 10, 20), 5.0, 0.0, rect(5, 0, 0, 20)),
        (rect(0, 0, 10, 20), 6.0, 0.0, Rect.null),
        (Rect.null, 1.0, 1.0, Rect.null),
    ])
    func inset(_ r: Rect, dx: Double, dy: Double, expected: Rect) {
        #expect(r.insetBy(dx: dx, dy: dy) == expected)
    }
}
