import EaselGeometry
import Testing

private func close(_ a: Rect, _ b: Rect) -> Bool {
    [a.origin.x - b.origin.x, a.origin.y - b.origin.y, a.size.width - b.size.width, a.size.height - b.size.height]
        .allSatisfy { abs($0) < 1e-9 }
}

/// The quarter turn (x, y) -> (-y, x) with exact components.
private let quarterTurn = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)

@Suite("AffineTransform: CGAffineTransform's algebra")
struct AffineTransformTests {
    @Test("the constructors")
    func constructors() {
        #expect(AffineTransform.identity.isIdentity)
        #expect(AffineTransform(translationX: 3, y: 4) == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 4))
        #expect(AffineTransform(scaleX: 2, y: 3) == AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 0, ty: 0))
        let turn = AffineTransform(rotationAngle: .pi / 2)
        #expect(abs(turn.a) < 1e-15 && turn.b == 1 && turn.c == -1 && abs(turn.d) < 1e-15)
        #expect(AffineTransform(translationX: 3, y: 4).isTranslation)
        #expect(!AffineTransform(scaleX: 2, y: 1).isTranslation)
        #expect(AffineTransform(scaleX: 2, y: 1).preservesAxisAlignment && !quarterTurn.preservesAxisAlignment)
    }

    @Test("concatenation applies the receiver first")
    func concatenation() {
        let scale = AffineTransform(scaleX: 2, y: 2), move = AffineTransform(translationX: 10, y: 0)
        let p = Point(x: 1, y: 1)
        #expect(scale.concatenating(move).apply(to: p) == Point(x: 12, y: 2))
        #expect(move.concatenating(scale).apply(to: p) == Point(x: 22, y: 2))
        #expect(quarterTurn.apply(to: Point(x: 1, y: 0)) == Point(x: 0, y: 1))
        #expect(scale.concatenating(.identity) == scale && AffineTransform.identity.concatenating(scale) == scale)
    }

    @Test("inversion undoes a transform; a singular one has no inverse", arguments: [
        AffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7), quarterTurn, AffineTransform(scaleX: 4, y: 0.5),
    ])
    func inversion(_ t: AffineTransform) throws {
        let back = try #require(t.inverted())
        let p = Point(x: 3, y: -2)
        let round = back.apply(to: t.apply(to: p))
        #expect(abs(round.x - p.x) < 1e-12 && abs(round.y - p.y) < 1e-12)
        let product = t.concatenating(back)
        #expect(abs(product.a - 1) < 1e-12 && abs(product.b) < 1e-12 && abs(product.tx) < 1e-12)
    }

    @Test("singular transforms", arguments: [
        AffineTransform(scaleX: 0, y: 1), AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0),
        AffineTransform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0),
    ])
    func singular(_ t: AffineTransform) {
        #expect(t.inverted() == nil)
    }

    @Test("a transformed rectangle is the bounding box of its corners", arguments: [
        (AffineTransform.identity, rect(10, 20, -10, -20), rect(0, 0, 10, 20)),
        (AffineTransform(scaleX: -2, y: 0.5), rect(1, 2, 3, 4), rect(-8, 1, 6, 2)),
        (AffineTransform(translationX: 5, y: 6), rect(1, 2, 3, 4), rect(6, 8, 3, 4)),
        (quarterTurn, rect(0, 0, 100, 50), rect(-50, 0, 50, 100)),
        (AffineTransform(rotationAngle: .pi / 4), rect(-1, -1, 2, 2),
         rect(-2.0.squareRoot(), -2.0.squareRoot(), 2 * 2.0.squareRoot(), 2 * 2.0.squareRoot())),
    ])
    func boundingBox(_ t: AffineTransform, _ r: Rect, expected: Rect) {
        #expect(close(t.apply(to: r), expected))
    }

    @Test("a null rectangle transformed stays null")
    func nullStaysNull() {
        #expect(quarterTurn.apply(to: .null).isNull)
        #expect(AffineTransform.identity.apply(to: .null).isNull)
    }
}
