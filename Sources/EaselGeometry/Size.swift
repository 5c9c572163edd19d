extension easel_size {
    /// A size of zero width and height.
    @inlinable public static var zero: easel_size { easel_size(width: 0, height: 0) }
}
