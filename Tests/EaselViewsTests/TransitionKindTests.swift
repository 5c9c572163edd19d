// Every transition UIKit names, by its pixels at given times: the flips about
// both axes, the two curls (Easel's flat approximation, Transition.swift) and
// the cross dissolve. A red 100 x 40 `from` over a white root is replaced by a
// blue `to` of the same frame, over 1 s with a linear curve.

import EaselABI
import EaselCanvas
import EaselGeometry
import EaselGraphicsCore
import EaselRuntime
import EaselTestSupport
import EaselViews
import Testing

@Suite("Transitions: flips about both axes, curls and a cross dissolve, pixels at given times")
struct TransitionKindTests {
    static let white = RGBA(r: 255, g: 255, b: 255, a: 255)
    static let red = RGBA(r: 255, g: 0, b: 0, a: 255)
    static let blue = RGBA(r: 0, g: 0, b: 255, a: 255)

    /// One expected pixel: at (x, y), at `time`, this colour.
    struct Sample: CustomStringConvertible, Sendable {
        let time: Double, x: Int, y: Int, colour: RGBA
        var description: String { "t = \(time) (\(x), \(y))" }
    }

    /// The expectations, worked out by hand from Transition.swift's transforms:
    ///
    /// - flips from the right (about the vertical centre line, as from the left): `from` scales to
    ///   0.5 wide at 0.25 s (x 25...75), nothing but the root at 0.5 s, `to` half wide at 0.75 s;
    /// - flips from the top or bottom: the same about the horizontal centre line (y 10...30 at 0.25 s);
    /// - curl up: `from` shrinks into its top edge above `to` (scale y 1 → 0, moved up by half its
    ///   height): at 0.25 s scale 0.75 and up 5, so y 0...30 is red and 30...40 blue; at 0.5 s y 0...20;
    /// - curl down: `to` unrolls from the top edge over `from`: at 0.25 s scale 0.25 and up 15, so
    ///   y 0...10 is blue; at 0.5 s y 0...20;
    /// - cross dissolve: both at alpha 0.5 at 0.5 s: red at half over white (255, 127.5, 127.5),
    ///   then blue at half over that (127.5, 63.75, 191.25).
    static let cases: [(String, AnimationOptions, [Sample])] = [
        ("flipFromRight", .transitionFlipFromRight, [
            Sample(time: 0.25, x: 50, y: 20, colour: red), Sample(time: 0.25, x: 20, y: 20, colour: white),
            Sample(time: 0.25, x: 30, y: 20, colour: red), Sample(time: 0.5, x: 50, y: 20, colour: white),
            Sample(time: 0.75, x: 50, y: 20, colour: blue), Sample(time: 0.75, x: 80, y: 20, colour: white),
            Sample(time: 1, x: 5, y: 5, colour: blue),
        ]),
        ("flipFromTop", .transitionFlipFromTop, [
            Sample(time: 0.25, x: 50, y: 20, colour: red), Sample(time: 0.25, x: 5, y: 12, colour: red),
            Sample(time: 0.25, x: 50, y: 5, colour: white), Sample(time: 0.25, x: 50, y: 35, colour: white),
            Sample(time: 0.5, x: 50, y: 20, colour: white), Sample(time: 0.5, x: 5, y: 5, colour: white),
            Sample(time: 0.75, x: 95, y: 20, colour: blue), Sample(time: 0.75, x: 50, y: 5, colour: white),
            Sample(time: 1, x: 50, y: 5, colour: blue),
        ]),
        ("flipFromBottom", .transitionFlipFromBottom, [
            Sample(time: 0.25, x: 50, y: 28, colour: red), Sample(time: 0.25, x: 50, y: 35, colour: white),
            Sample(time: 0.5, x: 50, y: 20, colour: white),
            Sample(time: 0.75, x: 50, y: 20, colour: blue), Sample(time: 0.75, x: 50, y: 38, colour: white),
            Sample(time: 1, x: 50, y: 38, colour: blue),
        ]),
        ("curlUp", .transitionCurlUp, [
            Sample(time: 0.25, x: 50, y: 1, colour: red), Sample(time: 0.25, x: 50, y: 28, colour: red),
            Sample(time: 0.25, x: 50, y: 32, colour: blue),
            Sample(time: 0.5, x: 50, y: 18, colour: red), Sample(time: 0.5, x: 50, y: 22, colour: blue),
            Sample(time: 0.75, x: 50, y: 8, colour: red), Sample(time: 0.75, x: 50, y: 12, colour: blue),
            Sample(time: 1, x: 50, y: 1, colour: blue),
        ]),
        ("curlDown", .transitionCurlDown, [
            Sample(time: 0.25, x: 50, y: 1, colour: blue), Sample(time: 0.25, x: 50, y: 8, colour: blue),
            Sample(time: 0.25, x: 50, y: 12, colour: red),
            Sample(time: 0.5, x: 50, y: 18, colour: blue), Sample(time: 0.5, x: 50, y: 22, colour: red),
            Sample(time: 1, x: 50, y: 38, colour: blue),
        ]),
        ("crossDissolve", .transitionCrossDissolve, [
            Sample(time: 0.5, x: 50, y: 20, colour: RGBA(r: 128, g: 64, b: 191, a: 255)),
            Sample(time: 1, x: 50, y: 20, colour: blue),
        ]),
    ]

    @Test("transition(from:to:) shows each kind's picture at its times, ends on `to` alone and removes `from`",
          arguments: cases.indices)
    func kind(_ index: Int) throws {
        let (name, kind, samples) = Self.cases[index]
        let registry = Registry()
        let root = try whiteRoot(registry, width: 100, height: 40)
        let front = try plain(registry, rect(0, 0, 100, 40), redColor)
        let back = try plain(registry, rect(0, 0, 100, 40), blueColor)
        try root.addSubview(front)
        var finished: [Bool] = []
        try View.transition(from: front, to: back, duration: 1, options: [kind, .curveLinear]) { finished.append($0) }
        let canvas = try rasterCanvas(for: root)
        try root.render(into: canvas)
        for time in Set(samples.map(\.time)).sorted() {
            registry.mediaClock.advance(to: time)
            // Frame by frame as an animated render draws them: the dirty render equals a full one.
            try root.render(into: canvas, mode: .dirtyRegions)
            let image = try canvas.rasterImage()
            #expect(differences(image, try fullImage(root)).isEmpty, "\(name) t = \(time)")
            for sample in samples where sample.time == time {
                let pixel = image.pixel(x: sample.x, y: sample.y)
                let c = sample.colour
                #expect(near(pixel, Int(c.r), Int(c.g), Int(c.b), Int(c.a), tolerance: 2), "\(name) \(sample): \(pixel)")
            }
        }
        #expect(finished == [true], "\(name)")
        #expect(front.superview == nil && back.superview === root, "\(name)")
        #expect(front.transform == .identity && front.alpha == 1 && back.transform == .identity && back.alpha == 1, "\(name)")
    }
}
