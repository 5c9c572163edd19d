extension easel_color {
    /// An opaque colour (alpha 1) from red, green and blue in 0...1.
    @inlinable
    public init(red: Double, green: Double, blue: Double) {
        self.init(red: red, green: green, blue: blue, alpha: 1)
    }

    /// A grey: `white` 0 is black, 1 is white.
    @inlinable
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from a 0xRRGGBB number, e.g. `Color(hex: 0x3366CC)`.
    @inlinable
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// The same colour with another alpha.
    @inlinable
    public func withAlpha(_ alpha: Double) -> easel_color {
        easel_color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Opaque black.
    @inlinable public static var black: easel_color { easel_color(white: 0) }
    /// Opaque white.
    @inlinable public static var white: easel_color { easel_color(white: 1) }
    /// Transparent black.
    @inlinable public static var clear: easel_color { easel_color(white: 0, alpha: 0) }
}
