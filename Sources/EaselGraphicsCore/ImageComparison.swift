/// How two images differ, pixel by pixel: what `easel compare` reports and
/// what the golden-image tests check.
///
/// Pixels are compared premultiplied by their alpha, as cairo stores them
/// (unpremultiplying magnifies rounding in faint pixels, so two renders of the
/// same drawing along different paths can differ by a lot in a pixel of alpha
/// 5 and not at all in what it shows). A pixel differs when any of its four
/// premultiplied components differs by more than the tolerance.
public struct ImageComparison: Sendable, Equatable {
    /// A rectangle of pixels: columns `x..<x+width`, rows `y..<y+height`.
    public struct Box: Sendable, Equatable {
        /// The left column and top row.
        public var x: Int, y: Int
        /// The size in pixels.
        public var width: Int, height: Int
    }

    /// The size of both images, in pixels.
    public let width: Int, height: Int
    /// The tolerance the images were compared with (0...255).
    public let tolerance: Int
    /// The number of pixels that differ by more than the tolerance.
    public let differingPixels: Int
    /// The smallest box holding every differing pixel; `nil` when none differs.
    public let boundingBox: Box?
    /// The largest difference of one premultiplied component, over all pixels (0...255).
    public let largestDifference: Int

    /// Whether no pixel differs by more than the tolerance.
    public var matches: Bool { differingPixels == 0 }

    /// Compares two images of the same size.
    ///
    /// - Parameters:
    ///   - expected: The reference image.
    ///   - actual: The image to check.
    ///   - tolerance: The largest difference per premultiplied component that
    ///     still counts as the same, clamped to 0...255.
    /// - Returns: The comparison, or `nil` when the sizes differ.
    public static func compare(_ expected: RasterImage, _ actual: RasterImage, tolerance: Int = 0) -> ImageComparison? {
        guard expected.width == actual.width, expected.height == actual.height else { return nil }
        let tolerance = min(max(tolerance, 0), 255)
        var count = 0, largest = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        let width = expected.width
        for index in expected.pixels.indices {
            let difference = Self.difference(expected.pixels[index], actual.pixels[index])
            largest = max(largest, difference)
            guard difference > tolerance else { continue }
            count += 1
            let x = index % width, y = index / width
            minX = min(minX, x); maxX = max(maxX, x)
            minY = min(minY, y); maxY = max(maxY, y)
        }
        let box = count == 0 ? nil : Box(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        return ImageComparison(width: width, height: expected.height, tolerance: tolerance, differingPixels: count,
                               boundingBox: box, largestDifference: largest)
    }

    /// The largest difference between two pixels' premultiplied components.
    static func difference(_ a: RGBA, _ b: RGBA) -> Int {
        let left = RasterImage.premultiplied(a), right = RasterImage.premultiplied(b)
        var largest = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let one = Int((left >> UInt32(shift)) & 0xFF), other = Int((right >> UInt32(shift)) & 0xFF)
            largest = max(largest, abs(one - other))
        }
        return largest
    }

    /// A picture of the differences: every pixel that differs by more than
    /// `tolerance` in opaque red, every other one as a faded grey version of
    /// the expected image (so that the red stands out against its context).
    ///
    /// - Returns: The image, the size of both; `nil` when the sizes differ.
    public static func differenceImage(_ expected: RasterImage, _ actual: RasterImage, tolerance: Int = 0) -> RasterImage? {
        guard expected.width == actual.width, expected.height == actual.height else { return nil }
        let tolerance = min(max(tolerance, 0), 255)
        var pixels: [RGBA] = []
        pixels.reserveCapacity(expected.pixels.count)
        for index in expected.pixels.indices {
            let old = expected.pixels[index]
            if difference(old, actual.pixels[index]) > tolerance {
                pixels.append(RGBA(r: 255, g: 0, b: 0))
            } else {
                // Luma over white, then faded three quarters of the way to white.
                let alpha = Int(old.a)
                let luma = (Int(old.r) * 299 + Int(old.g) * 587 + Int(old.b) * 114) / 1000
                let over = (luma * alpha + 255 * (255 - alpha)) / 255
                let faded = UInt8(255 - (255 - over) / 4)
                pixels.append(RGBA(r: faded, g: faded, b: faded))
            }
        }
        return RasterImage(width: expected.width, height: expected.height, pixels: pixels)
    }
}

extension RasterImage {
    /// Reads and decodes an image file of any format the canvas reads (PNG,
    /// JPEG, WebP, GIF's first frame, SVG at twice its size).
    ///
    /// - Throws: ``CanvasError`` `cannot read <path>: <reason>` (the system's
    ///   reason, not an image, corrupt, too large).
    public init(contentsOfImageFile path: String) throws(CanvasError) {
        let image = try CanvasImage(contentsOf: path)
        try self.init(surface: image.surface) { (status: CairoStatus) in .cannotRead(path, "\(status)", status: status) }
    }
}
