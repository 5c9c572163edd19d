import EaselABI

/// The limits and argument checks shared by the canvas and the parts it
/// builds on (errors, images, text): one definition each.
package enum CanvasLimits {
    /// The largest canvas or image side, in pixels (what cairo's image surfaces hold).
    package static let maximumDimension: Double = 32767
    /// The font family a new canvas starts with.
    package static let defaultFontFamily = "Sans"
    /// The font size, in points, a new canvas starts with.
    package static let defaultFontSize: Double = 12

    /// Throws unless every value is finite.
    ///
    /// Inlinable: the canvas checks the arguments of every drawing call, and
    /// inlined, the variadic array stays on the stack (called across the
    /// module boundary, it was a heap allocation per call: 16 per tile of
    /// the view benchmark, and the 10,000-tile frame at 1.25 of cairo).
    @inlinable
    package static func requireFinite(_ operation: String, _ values: Double...) throws(CanvasError) {
        for value in values where !value.isFinite {
            throw nonFinite(operation, value)
        }
    }

    /// Throws unless `value` is finite (no array at all: the variadic form
    /// called from a function that is not inlined, like
    /// `FontDescription.validateSize`, still allocated one per call, on every
    /// text drawn with a font descriptor).
    @inlinable
    package static func requireFinite(_ operation: String, _ value: Double) throws(CanvasError) {
        guard value.isFinite else { throw nonFinite(operation, value) }
    }

    /// Throws unless the four values are finite (a colour, a rect), without an array.
    @inlinable
    package static func requireFinite(_ operation: String, _ a: Double, _ b: Double, _ c: Double, _ d: Double) throws(CanvasError) {
        try requireFinite(operation, a)
        try requireFinite(operation, b)
        try requireFinite(operation, c)
        try requireFinite(operation, d)
    }

    /// The error for a value that is not finite.
    @usableFromInline
    package static func nonFinite(_ operation: String, _ value: Double) -> CanvasError {
        .invalidArgument(operation, "non-finite value \(value)")
    }

    /// Throws unless every component of the colour is finite.
    @inlinable
    package static func validate(_ color: easel_color, in operation: String) throws(CanvasError) {
        try requireFinite(operation, color.red, color.green, color.blue, color.alpha)
    }
}
