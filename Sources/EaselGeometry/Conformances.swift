// The one set of Swift conformances of the ABI's geometry and colour
// structs. Equality compares every component with `==` (so 0 equals -0 and
// a NaN component is unequal to itself), and hashing agrees with it.
// Descriptions follow Foundation's NSStringFromPoint, NSStringFromSize and
// NSStringFromRect: `{x, y}`, `{width, height}`, `{{x, y}, {width, height}}`;
// a transform reads `[a, b, c, d, tx, ty]` and a colour `{red, green, blue, alpha}`.
// (Imported C structs of doubles are already `Sendable`.)

extension easel_point: @retroactive Equatable, @retroactive Hashable, @retroactive CustomStringConvertible {
    /// Whether both coordinates are equal.
    @inlinable
    public static func == (lhs: easel_point, rhs: easel_point) -> Bool { lhs.x == rhs.x && lhs.y == rhs.y }

    /// Hashes both coordinates.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(x)
        hasher.combine(y)
    }

    /// `{x, y}`, as NSStringFromPoint.
    public var description: String { "{\(x), \(y)}" }
}

extension easel_size: @retroactive Equatable, @retroactive Hashable, @retroactive CustomStringConvertible {
    /// Whether both dimensions are equal.
    @inlinable
    public static func == (lhs: easel_size, rhs: easel_size) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height
    }

    /// Hashes both dimensions.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
    }

    /// `{width, height}`, as NSStringFromSize.
    public var description: String { "{\(width), \(height)}" }
}

extension easel_rect: @retroactive Equatable, @retroactive Hashable, @retroactive CustomStringConvertible {
    /// Whether origins and sizes are equal (so a rectangle and its standardised form may differ).
    @inlinable
    public static func == (lhs: easel_rect, rhs: easel_rect) -> Bool {
        lhs.origin == rhs.origin && lhs.size == rhs.size
    }

    /// Hashes the origin and the size.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(origin)
        hasher.combine(size)
    }

    /// `{{x, y}, {width, height}}`, as NSStringFromRect.
    public var description: String { "{\(origin), \(size)}" }
}

extension easel_affine_transform: @retroactive Equatable, @retroactive Hashable,
    @retroactive CustomStringConvertible
{
    /// Whether all six components are equal.
    @inlinable
    public static func == (lhs: easel_affine_transform, rhs: easel_affine_transform) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.tx == rhs.tx && lhs.ty == rhs.ty
    }

    /// Hashes all six components.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(a)
        hasher.combine(b)
        hasher.combine(c)
        hasher.combine(d)
        hasher.combine(tx)
        hasher.combine(ty)
    }

    /// `[a, b, c, d, tx, ty]`, as NSStringFromCGAffineTransform.
    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}

extension easel_color: @retroactive Equatable, @retroactive Hashable, @retroactive CustomStringConvertible {
    /// Whether all four components are equal.
    @inlinable
    public static func == (lhs: easel_color, rhs: easel_color) -> Bool {
        lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue && lhs.alpha == rhs.alpha
    }

    /// Hashes all four components.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(red)
        hasher.combine(green)
        hasher.combine(blue)
        hasher.combine(alpha)
    }

    /// `{red, green, blue, alpha}`.
    public var description: String { "{\(red), \(green), \(blue), \(alpha)}" }
}
