extension easel_point {
    /// The origin, (0, 0).
    @inlinable public static var zero: easel_point { easel_point(x: 0, y: 0) }
}
