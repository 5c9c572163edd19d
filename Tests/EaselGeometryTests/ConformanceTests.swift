import EaselGeometry
import Testing

@Suite("Conformances and colours")
struct ConformanceTests {
    @Test("equality and hashing agree, and 0 equals -0")
    func hashing() {
        let a = rect(0, 1, 2, 3), b = rect(-0.0, 1, 2, 3)
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(Set([a, b, rect(1, 1, 2, 3)]).count == 2)
        #expect(Set([AffineTransform.identity, AffineTransform(scaleX: 1, y: 1)]).count == 1)
        #expect(Set([Color.black, Color(white: 0), Color.white]).count == 2)
    }

    @Test("descriptions read as Foundation's geometry strings")
    func descriptions() {
        #expect(Point(x: 1, y: 2.5).description == "{1.0, 2.5}")
        #expect(Size(width: 3, height: 4).description == "{3.0, 4.0}")
        #expect(rect(1, 2, 3, 4).description == "{{1.0, 2.0}, {3.0, 4.0}}")
        #expect(AffineTransform.identity.description == "[1.0, 0.0, 0.0, 1.0, 0.0, 0.0]")
        #expect("\(Color.clear)" == "{0.0, 0.0, 0.0, 0.0}")
    }

    @Test("the structs cross isolation domains: they are Sendable")
    func sendable() async {
        func send<T: Sendable>(_ value: T) async -> T { await Task.detached { value }.value }
        #expect(await send(rect(1, 2, 3, 4)) == rect(1, 2, 3, 4))
        #expect(await send(Point(x: 1, y: 2)) == Point(x: 1, y: 2))
        #expect(await send(Size(width: 1, height: 2)) == Size(width: 1, height: 2))
        #expect(await send(AffineTransform.identity) == .identity)
        #expect(await send(Color.white) == .white)
    }

    @Test("colour conveniences")
    func colors() {
        #expect(Color(hex: 0xFF8000) == Color(red: 1, green: 128.0 / 255, blue: 0, alpha: 1))
        #expect(Color(red: 0.1, green: 0.2, blue: 0.3).alpha == 1)
        #expect(Color.white.withAlpha(0.5) == Color(white: 1, alpha: 0.5))
        #expect(Color.clear.alpha == 0 && Color.black.red == 0)
    }
}
