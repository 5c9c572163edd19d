import EaselViews
import Testing

/// Timing curves and springs against values computed by hand (solved to 25 digits with mpmath).
@Suite("Animation timing: cubic Béziers and springs")
struct TimingFunctionTests {
    @Test("easeInOut is exactly halfway at half the duration")
    func easeInOutHalfway() {
        #expect(TimingFunction.easeInOut.progress(at: 0.5) == 0.5)
    }

    @Test("the standard curves' control points are Core Animation's")
    func controlPoints() {
        #expect([TimingFunction.easeIn.x1, TimingFunction.easeIn.y1, TimingFunction.easeIn.x2, TimingFunction.easeIn.y2] == [0.42, 0, 1, 1])
        #expect([TimingFunction.easeOut.x1, TimingFunction.easeOut.y1, TimingFunction.easeOut.x2, TimingFunction.easeOut.y2] == [0, 0, 0.58, 1])
        #expect([TimingFunction.easeInOut.x1, TimingFunction.easeInOut.x2] == [0.42, 0.58])
    }

    // x(t) = 3(1-t)²t·x1 + 3(1-t)t²·x2 + t³ = 0.25 solved for t, then y(t):
    // easeIn: t = 0.18878699412647638, y = 3(1-t)t² + t³ = 0.09346465071882485.
    @Test("easeIn at a quarter of the duration is the Bézier's y for x = 0.25", arguments: [
        (TimingFunction.easeIn, 0.25, 0.0934646507188248592),
        (TimingFunction.easeOut, 0.25, 0.3781381308251097973),
        (TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1), 0.3, 0.5133151609733584519),
        (TimingFunction.linear, 0.3, 0.3),
    ])
    func bezierValues(curve: TimingFunction, x: Double, y: Double) {
        #expect(abs(curve.progress(at: x) - y) < 1e-12)
    }

    @Test("progress is 0 before the start and 1 from the end on")
    func clamped() {
        #expect(TimingFunction.easeIn.progress(at: -1) == 0)
        #expect(TimingFunction.easeIn.progress(at: 1) == 1)
        #expect(TimingFunction.easeIn.progress(at: .nan) == 0)
    }

    // ω₀ = ln 1000 / (duration · λ/ω₀): under-damped ζ = 0.5, duration 0.5 s: ω₀ = 27.631021115928548;
    // u(t) = e^(-ζω₀t)(-cos ω_d t + (v₀ - ζω₀)/ω_d sin ω_d t), progress = 1 + u.
    @Test("a spring's progress is the closed-form damped oscillator", arguments: [
        (0.5, 0.0, 0.5, 0.1, 1.085305174561926738),   // under-damped: overshoots
        (0.5, 0.0, 0.5, 0.25, 0.975208994724639886),
        (1.0, 2.0, 1.0, 0.1, 0.2528423372134577956), // critically damped, initial velocity 2
        (1.0, 2.0, 1.0, 0.5, 0.8907787989968229862),
        (2.0, 0.0, 1.0, 0.1, 0.4600509275612543227), // over-damped
        (2.0, 0.0, 1.0, 0.5, 0.9659311931156525662),
    ])
    func springValues(damping: Double, velocity: Double, duration: Double, time: Double, expected: Double) {
        let spring = Spring(dampingRatio: damping, initialVelocity: velocity, duration: duration)
        #expect(abs(spring.progress(atTime: time) - expected) < 1e-6)
    }

    @Test("a spring's stiffness makes it settle within its duration, and it ends at exactly 1")
    func springSettles() {
        let spring = Spring(dampingRatio: 0.5, initialVelocity: 0, duration: 0.5)
        #expect(abs(spring.angularFrequency - 27.6310211159285482) < 1e-9)
        #expect(abs(spring.stiffness - 27.6310211159285482 * 27.6310211159285482) < 1e-6)
        #expect(abs(spring.progress(atTime: 0.499999) - 1) < 2e-3)
        #expect(spring.progress(atTime: 0.5) == 1)
        #expect(spring.progress(atTime: 0) == 0)
    }
}
