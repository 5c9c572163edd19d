// Every property issue 15 names as animatable, through a UIView animation
// block: the model changes at once, the presented value is halfway at half of
// a linear second, and the target at the end.

import EaselABI
import EaselGeometry
import EaselRuntime
import EaselTestSupport
import EaselViews
import Testing

@Suite("Animatable properties: each one halfway at half of a linear animation")
struct AnimatablePropertyTests {
    /// One property: how the block sets it, then which presented values to read,
    /// with the lanes expected halfway and at the end (worked out from the defaults below).
    struct Case: CustomStringConvertible {
        let description: String
        let set: (View) -> Void
        let checks: [(AnimatedProperty, half: [Double], end: [Double])]
    }

    /// The view starts as `frame` (0, 0, 10, 10), red, with Core Animation's layer
    /// defaults: corner radius 0, border 0 wide and black, shadow black at opacity 0,
    /// offset (0, -3) and radius 3, anchor point (0.5, 0.5), contentsRect the unit square.
    nonisolated(unsafe) static let cases: [Case] = [
        Case(description: "frame", set: { $0.frame = easel_rect(x: 20, y: 10, width: 30, height: 20) }, checks: [
            // centre (5, 5) → (35, 20), size 10 x 10 → 30 x 20
            (.center, half: [20, 12.5], end: [35, 20]), (.bounds, half: [0, 0, 20, 15], end: [0, 0, 30, 20]),
        ]),
        Case(description: "bounds", set: { $0.bounds = easel_rect(x: 4, y: 0, width: 30, height: 20) }, checks: [
            (.bounds, half: [2, 0, 20, 15], end: [4, 0, 30, 20]), (.center, half: [5, 5], end: [5, 5]),
        ]),
        Case(description: "center", set: { $0.center = easel_point(x: 45, y: 5) }, checks: [
            (.center, half: [25, 5], end: [45, 5]),
        ]),
        Case(description: "layer.position", set: { $0.layer.position = easel_point(x: 45, y: 15) }, checks: [
            (.center, half: [25, 10], end: [45, 15]),
        ]),
        Case(description: "transform", set: { $0.transform = easel_affine_transform(a: 3, b: 0, c: 0, d: 5, tx: 8, ty: -4) }, checks: [
            // decomposed: translation, scale x, scale y, angle, shear
            (.transform, half: [4, -2, 2, 3, 0, 0], end: [8, -4, 3, 5, 0, 0]),
        ]),
        Case(description: "alpha", set: { $0.alpha = 0 }, checks: [(.alpha, half: [0.5], end: [0])]),
        Case(description: "layer.opacity", set: { $0.layer.opacity = 0.2 }, checks: [(.alpha, half: [0.6], end: [0.2])]),
        Case(description: "backgroundColor", set: { $0.backgroundColor = blueColor }, checks: [
            (.backgroundColor, half: [0.5, 0, 0.5, 1, 0, 0, 0, 1], end: [0, 0, 1, 1, 0, 0, 0, 1]),
        ]),
        Case(description: "layer.cornerRadius", set: { $0.layer.cornerRadius = 4 }, checks: [(.cornerRadius, half: [2], end: [4])]),
        Case(description: "layer.borderWidth", set: { $0.layer.borderWidth = 3 }, checks: [(.borderWidth, half: [1.5], end: [3])]),
        Case(description: "layer.borderColor", set: { $0.layer.borderColor = greenColor }, checks: [
            (.borderColor, half: [0, 0.5, 0, 1, 0, 0, 0, 1], end: [0, 1, 0, 1, 0, 0, 0, 1]),
        ]),
        Case(description: "layer.shadowColor", set: { $0.layer.shadowColor = easel_color(red: 1, green: 0, blue: 0, alpha: 0.5) }, checks: [
            (.shadowColor, half: [0.5, 0, 0, 0.75, 0, 0, 0, 1], end: [1, 0, 0, 0.5, 0, 0, 0, 1]),
        ]),
        Case(description: "layer.shadowOpacity", set: { $0.layer.shadowOpacity = 0.8 }, checks: [(.shadowOpacity, half: [0.4], end: [0.8])]),
        Case(description: "layer.shadowOffset", set: { $0.layer.shadowOffset = easel_size(width: 4, height: 5) }, checks: [
            (.shadowOffset, half: [2, 1], end: [4, 5]),
        ]),
        Case(description: "layer.shadowRadius", set: { $0.layer.shadowRadius = 7 }, checks: [(.shadowRadius, half: [5], end: [7])]),
        Case(description: "layer.anchorPoint", set: { $0.layer.anchorPoint = easel_point(x: 0, y: 1) }, checks: [
            (.anchorPoint, half: [0.25, 0.75], end: [0, 1]),
        ]),
        Case(description: "layer.contentsRect", set: { $0.layer.contentsRect = easel_rect(x: 0.5, y: 0, width: 0.5, height: 1) }, checks: [
            (.contentsRect, half: [0.25, 0, 0.75, 1], end: [0.5, 0, 0.5, 1]),
        ]),
    ]

    /// The first `count` lanes of a value.
    private func lanes(_ value: AnimationValue, _ count: Int) -> [Double] { (0..<count).map { value[$0] } }

    @Test("the model changes at once; the presented value is halfway at 0.5 s and the target at 1 s", arguments: cases.indices)
    func halfway(_ index: Int) throws {
        let test = Self.cases[index]
        let registry = Registry()
        let root = try whiteRoot(registry, width: 100, height: 40)
        let box = try plain(registry, rect(0, 0, 10, 10), redColor)
        try root.addSubview(box)
        var finished: [Bool] = []
        View.animate(withDuration: 1, options: .curveLinear, animations: { test.set(box) }, completion: { finished.append($0) })
        #expect(box.hasAnimations, "\(test)")
        // The model value is the target at once: what is presented at the end.
        let models = test.checks.map { box.layer.value(forKeyPath: $0.0.name) }
        #expect(models.allSatisfy { $0 != nil }, "\(test)")
        registry.mediaClock.advance(to: 0.5)
        for check in test.checks {
            let value = lanes(box.presentedValue(check.0), check.half.count)
            #expect(zip(value, check.half).allSatisfy { abs($0 - $1) < 1e-12 }, "\(test): \(check.0.name) at 0.5 s is \(value)")
        }
        registry.mediaClock.advance(to: 1)
        for check in test.checks {
            let value = lanes(box.presentedValue(check.0), check.end.count)
            #expect(zip(value, check.end).allSatisfy { abs($0 - $1) < 1e-12 }, "\(test): \(check.0.name) at 1 s is \(value)")
        }
        #expect(test.checks.map { box.layer.presentedValue(forKeyPath: $0.0.name) } == models, "\(test)")
        #expect(!box.hasAnimations && finished == [true], "\(test)")
    }
}
