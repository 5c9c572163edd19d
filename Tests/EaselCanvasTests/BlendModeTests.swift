import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselTestSupport
import Foundation
import Testing

// Every blend mode of easel.paint.v1 against its formula: a translucent
// backdrop, a translucent source painted over it with the mode, the pixel
// read back and compared with the PDF blend formulas (separable and
// non-separable modes) or Porter-Duff's (the others), worked out here in
// doubles.

/// Backdrop and source: translucent, with components on both sides of 0.5
/// (and one below 0.25, for soft light's second branch).
private let backdrop = (c: [0.2, 0.7, 0.4], a: 0.75)
private let source = (c: [0.9, 0.3, 0.6], a: 0.6)

/// A separable blend function B(cb, cs).
private typealias Blend = (Double, Double) -> Double

private func screen(_ b: Double, _ s: Double) -> Double { b + s - b * s }
private func hardLight(_ b: Double, _ s: Double) -> Double { s <= 0.5 ? b * 2 * s : screen(b, 2 * s - 1) }
private func softLight(_ b: Double, _ s: Double) -> Double {
    if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
    let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
    return b + (2 * s - 1) * (d - b)
}
private func dodge(_ b: Double, _ s: Double) -> Double { b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }
private func burn(_ b: Double, _ s: Double) -> Double { b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s) }

// The non-separable helpers of the PDF specification (11.3.5.3).
private func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
private func clipColor(_ c: [Double]) -> [Double] {
    let l = lum(c), n = c.min()!, x = c.max()!
    var c = c
    if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
    if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
    return c
}
private func setLum(_ c: [Double], _ l: Double) -> [Double] { clipColor(c.map { $0 + l - lum(c) }) }
private func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
private func setSat(_ c: [Double], _ s: Double) -> [Double] {
    let n = c.min()!, x = c.max()!
    guard x > n else { return [0, 0, 0] }
    return c.map { $0 == x ? s : $0 == n ? 0 : ($0 - n) * s / (x - n) }
}

/// The expected straight RGBA of a mode: a separable blend, a non-separable
/// one (whole colours), or Porter-Duff factors (Fa, Fb).
private enum Formula: Sendable {
    case separable(@Sendable (Double, Double) -> Double)
    case whole(@Sendable ([Double], [Double]) -> [Double])
    case porterDuff(Double, Double)
    case add

    /// The premultiplied components in 0...255: red, green, blue, alpha.
    var result: [Int] {
        let (cb, ab, cs, sa) = (backdrop.c, backdrop.a, source.c, source.a)
        var premultiplied: [Double]
        var alpha: Double
        switch self {
        case .separable(let blend):
            alpha = sa + ab - sa * ab
            premultiplied = (0..<3).map { sa * (1 - ab) * cs[$0] + ab * (1 - sa) * cb[$0] + sa * ab * blend(cb[$0], cs[$0]) }
        case .whole(let blend):
            alpha = sa + ab - sa * ab
            let mixed = blend(cb, cs)
            premultiplied = (0..<3).map { sa * (1 - ab) * cs[$0] + ab * (1 - sa) * cb[$0] + sa * ab * mixed[$0] }
        case .porterDuff(let fa, let fb):
            alpha = sa * fa + ab * fb
            premultiplied = (0..<3).map { sa * fa * cs[$0] + ab * fb * cb[$0] }
        case .add:
            alpha = min(1, sa + ab)
            premultiplied = (0..<3).map { min(1, sa * cs[$0] + ab * cb[$0]) }
        }
        func byte(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
        return premultiplied.map(byte) + [byte(alpha)]
    }
}

private let modes: [(String, Int32, Formula)] = [
    ("normal", Int32(EASEL_BLEND_NORMAL), .separable { _, s in s }),
    ("multiply", Int32(EASEL_BLEND_MULTIPLY), .separable { b, s in b * s }),
    ("screen", Int32(EASEL_BLEND_SCREEN), .separable(screen)),
    ("overlay", Int32(EASEL_BLEND_OVERLAY), .separable { b, s in hardLight(s, b) }),
    ("darken", Int32(EASEL_BLEND_DARKEN), .separable { b, s in min(b, s) }),
    ("lighten", Int32(EASEL_BLEND_LIGHTEN), .separable { b, s in max(b, s) }),
    ("color dodge", Int32(EASEL_BLEND_COLOR_DODGE), .separable(dodge)),
    ("color burn", Int32(EASEL_BLEND_COLOR_BURN), .separable(burn)),
    ("soft light", Int32(EASEL_BLEND_SOFT_LIGHT), .separable(softLight)),
    ("hard light", Int32(EASEL_BLEND_HARD_LIGHT), .separable(hardLight)),
    ("difference", Int32(EASEL_BLEND_DIFFERENCE), .separable { b, s in abs(b - s) }),
    ("exclusion", Int32(EASEL_BLEND_EXCLUSION), .separable { b, s in b + s - 2 * b * s }),
    ("hue", Int32(EASEL_BLEND_HUE), .whole { b, s in setLum(setSat(s, sat(b)), lum(b)) }),
    ("saturation", Int32(EASEL_BLEND_SATURATION), .whole { b, s in setLum(setSat(b, sat(s)), lum(b)) }),
    ("color", Int32(EASEL_BLEND_COLOR), .whole { b, s in setLum(s, lum(b)) }),
    ("luminosity", Int32(EASEL_BLEND_LUMINOSITY), .whole { b, s in setLum(b, lum(s)) }),
    ("clear", Int32(EASEL_BLEND_CLEAR), .porterDuff(0, 0)),
    ("copy", Int32(EASEL_BLEND_COPY), .porterDuff(1, 0)),
    ("source in", Int32(EASEL_BLEND_SOURCE_IN), .porterDuff(backdrop.a, 0)),
    ("source out", Int32(EASEL_BLEND_SOURCE_OUT), .porterDuff(1 - backdrop.a, 0)),
    ("source atop", Int32(EASEL_BLEND_SOURCE_ATOP), .porterDuff(backdrop.a, 1 - source.a)),
    ("destination over", Int32(EASEL_BLEND_DESTINATION_OVER), .porterDuff(1 - backdrop.a, 1)),
    ("destination in", Int32(EASEL_BLEND_DESTINATION_IN), .porterDuff(0, source.a)),
    ("destination out", Int32(EASEL_BLEND_DESTINATION_OUT), .porterDuff(0, 1 - source.a)),
    ("destination atop", Int32(EASEL_BLEND_DESTINATION_ATOP), .porterDuff(1 - backdrop.a, source.a)),
    ("xor", Int32(EASEL_BLEND_XOR), .porterDuff(1 - backdrop.a, 1 - source.a)),
    ("plus lighter", Int32(EASEL_BLEND_PLUS_LIGHTER), .add),
]

@Suite("Blend modes")
struct BlendModeTests {
    @Test("each blend mode matches its formula on known translucent colours", arguments: modes.indices)
    func blendMode(index: Int) throws {
        let (name, mode, formula) = modes[index]
        let canvas = try Canvas(width: 4, height: 4, backing: .raster(scale: 1))
        try drawAsPlugin(on: canvas) { api, ctx in
            let paint = Canvas.paintAPI.pointee
            api.set_fill_color!(ctx, color(backdrop.c[0], backdrop.c[1], backdrop.c[2], backdrop.a))
            api.fill_rect!(ctx, rect(0, 0, 4, 4))
            api.save_state!(ctx)
            paint.set_blend_mode!(ctx, mode)
            api.set_fill_color!(ctx, color(source.c[0], source.c[1], source.c[2], source.a))
            api.fill_rect!(ctx, rect(0, 0, 4, 4))
            api.restore_state!(ctx)
            // Restored: normal again.
            api.set_fill_color!(ctx, redColor)
            api.fill_rect!(ctx, rect(3, 3, 1, 1))
        }
        #expect(canvas.takeError() == nil)
        let image = try rendered(canvas)
        let actual = image.pixel(x: 1, y: 1)
        // Compared premultiplied, as cairo stores pixels: a unit or two of 8-bit rounding.
        let stored = premultiplied(actual)
        #expect(zip(stored, formula.result).allSatisfy { abs($0 - $1) <= 2 }, "\(name): \(stored), formula \(formula.result)")
        #expect(image.pixel(x: 3, y: 3) == red)
    }

    @Test("plus darker and unknown modes are errors naming the mode")
    func unsupportedModes() throws {
        for (mode, message) in [(Int32(EASEL_BLEND_PLUS_DARKER), "set_blend_mode: blend mode 26 (plus darker) is not supported"),
                                (Int32(99), "set_blend_mode: unknown blend mode 99")] {
            let canvas = try Canvas(width: 4, height: 4)
            try drawAsPlugin(on: canvas) { _, ctx in Canvas.paintAPI.pointee.set_blend_mode!(ctx, mode) }
            #expect(canvas.takeError()?.message == message)
        }
    }

    @Test("a transparency layer is composited with the blend mode in effect when it began, drawn normally inside")
    func layerUsesBlendModeOfBegin() throws {
        let canvas = try Canvas(width: 10, height: 10, backing: .raster(scale: 1))
        try drawAsPlugin(on: canvas) { api, ctx in
            let paint = Canvas.paintAPI.pointee
            api.set_fill_color!(ctx, color(0.5, 1, 1))
            api.fill_rect!(ctx, rect(0, 0, 10, 10))
            paint.set_blend_mode!(ctx, Int32(EASEL_BLEND_MULTIPLY))
            paint.begin_transparency_layer!(ctx)
            api.set_fill_color!(ctx, color(1, 0.5, 1))
            api.fill_rect!(ctx, rect(0, 0, 10, 10))
            api.set_fill_color!(ctx, color(1, 1, 0.5))
            api.fill_rect!(ctx, rect(5, 0, 5, 10))   // normal inside the layer: replaces, not multiplies
            paint.end_transparency_layer!(ctx)
        }
        let image = try rendered(canvas)
        expectPixel(image, 2, 5, RGBA(r: 128, g: 128, b: 255), tolerance: 1)
        expectPixel(image, 7, 5, RGBA(r: 128, g: 255, b: 128), tolerance: 1)
    }
}
