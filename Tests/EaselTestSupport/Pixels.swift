// Reading pixels back: closeness, whole-image comparisons, paint.

import EaselGraphicsCore
import EaselCanvas
import Testing

/// Checks that the pixel at (x, y) is close to `expected`.
public func expectPixel(
    _ image: RasterImage, _ x: Int, _ y: Int, _ expected: RGBA, tolerance: Int = 3,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = image.pixel(x: x, y: y)
    #expect(
        actual.isClose(to: expected, tolerance: tolerance), "pixel (\(x), \(y)) is \(actual), expected \(expected)",
        sourceLocation: sourceLocation)
}

/// A pixel's components premultiplied by its alpha, as cairo stores them.
///
/// Unpremultiplying magnifies cairo's rounding in faint pixels (alpha 5 with
/// green 153 or 128 is the same stored value, give or take one), so images
/// drawn along different paths are compared premultiplied.
public func premultiplied(_ pixel: RGBA) -> [Int] {
    let alpha = Int(pixel.a)
    return [Int(pixel.r), Int(pixel.g), Int(pixel.b)].map { ($0 * alpha + 127) / 255 } + [alpha]
}

/// Checks that two images have the same size and, premultiplied, pixels
/// within `tolerance`, reporting the first few differences.
public func expectSameImage(
    _ actual: RasterImage, _ expected: RasterImage, tolerance: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        actual.width == expected.width && actual.height == expected.height,
        "\(actual.width) x \(actual.height) vs \(expected.width) x \(expected.height)",
        sourceLocation: sourceLocation)
    guard actual.width == expected.width && actual.height == expected.height else { return }
    var differences: [String] = []
    for y in 0..<actual.height {
        for x in 0..<actual.width
        where zip(premultiplied(actual.pixel(x: x, y: y)), premultiplied(expected.pixel(x: x, y: y)))
            .contains(where: { abs($0 - $1) > tolerance })
        {
            differences.append("(\(x), \(y)): \(actual.pixel(x: x, y: y)) vs \(expected.pixel(x: x, y: y))")
        }
    }
    #expect(
        differences.isEmpty, "\(differences.count) pixels differ: \(differences.prefix(5).joined(separator: "; "))",
        sourceLocation: sourceLocation)
}

/// Whether a pixel has visible, mostly opaque paint.
public func isPainted(_ pixel: RGBA) -> Bool {
    pixel.a > 200
}

/// The pixels that differ between two images of the same size, as "(x, y): a vs b" lines (at most `limit`).
public func differences(_ a: RasterImage, _ b: RasterImage, limit: Int = 8) -> [String] {
    guard a.width == b.width, a.height == b.height else { return ["sizes differ: \(a.width)x\(a.height) vs \(b.width)x\(b.height)"] }
    var found: [String] = []
    for y in 0..<a.height {
        for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
            found.append("(\(x), \(y)): \(a.pixel(x: x, y: y)) vs \(b.pixel(x: x, y: y))")
            if found.count == limit { return found }
        }
    }
    return found
}

/// Whether two images have the same size and exactly the same pixels.
public func contentsEqual(_ a: RasterImage, _ b: RasterImage) -> Bool { differences(a, b, limit: 1).isEmpty }

/// Whether every component is within `tolerance` of (r, g, b, a).
public func near(_ pixel: RGBA, _ r: Int, _ g: Int, _ b: Int, _ a: Int = 255, tolerance: Int = 1) -> Bool {
    pixel.isClose(to: RGBA(r: UInt8(r), g: UInt8(g), b: UInt8(b), a: UInt8(a)), tolerance: tolerance)
}
