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

    /// Throws unless `value` is finite.
    ///
    /// Fixed arities, no variadic form: a variadic check, even inlinable,
    /// allocated its array on every call from a function that is not inlined
    /// (`FontDescription.validateSize`, on every text drawn with a font
    /// descriptor; across the module boundary, 16 per tile of the view
    /// benchmark).
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
