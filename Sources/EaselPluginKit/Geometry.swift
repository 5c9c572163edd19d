// Geometry and colour: the ABI's C structs under Swift names, with the
// conveniences CoreGraphics users expect.

import EaselABI

/// A point (CGPoint's layout), `easel_point`.
public typealias Point = easel_point
/// A size (CGSize's layout), `easel_size`.
public typealias Size = easel_size
/// A rectangle (CGRect's layout), `easel_rect`.
public typealias Rect = easel_rect
/// An affine transform (CGAffineTransform's layout), `easel_affine_transform`.
public typealias AffineTransform = easel_affine_transform
/// An RGBA colour, components 0...1, not premultiplied, `easel_color`.
public typealias Color = easel_color

extension easel_point: @retroactive Equatable {
    /// The origin.
    public static var zero: Point { Point(x: 0, y: 0) }

    /// Whether both coordinates are equal.
    public static func == (a: Point, b: Point) -> Bool { a.x == b.x && a.y == b.y }
}

extension easel_size: @retroactive Equatable {
    /// A size of zero width and height.
    public static var zero: Size { Size(width: 0, height: 0) }

    /// Whether both dimensions are equal.
    public static func == (a: Size, b: Size) -> Bool { a.width == b.width && a.height == b.height }
}

extension easel_rect: @retroactive Equatable {
    /// The empty rect at the origin.
    public static var zero: Rect { Rect(origin: .zero, size: .zero) }

    /// A rect from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The smallest x of the rect (its left edge, also for a negative width).
    public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The x of the centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The largest x of the rect (its right edge).
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The smallest y of the rect (the top edge in y-down coordinates).
    public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The y of the centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The largest y of the rect.
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The width, never negative.
    public var width: Double { abs(size.width) }
    /// The height, never negative.
    public var height: Double { abs(size.height) }
    /// The centre.
    public var center: Point { Point(x: midX, y: midY) }
    /// Whether the rect has no area.
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// The rect shrunk by `dx` on the left and right and `dy` at the top and bottom
    /// (grown for negative insets), as CGRectInset.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// Whether `point` lies inside (the right and bottom edges excluded).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether origins and sizes are equal.
    public static func == (a: Rect, b: Rect) -> Bool { a.origin == b.origin && a.size == b.size }
}

extension easel_affine_transform {
    /// The identity transform.
    public static var identity: AffineTransform { AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
}

extension easel_color: @retroactive Equatable {
    /// An opaque colour (alpha 1) from red, green and blue in 0...1.
    public init(red: Double, green: Double, blue: Double) {
        self.init(red: red, green: green, blue: blue, alpha: 1)
    }

    /// A grey: `white` 0 is black, 1 is white.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from a 0xRRGGBB number, e.g. `Color(hex: 0x3366CC)`.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// The same colour with another alpha.
    public func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// Opaque black.
    public static var black: Color { Color(white: 0) }
    /// Opaque white.
    public static var white: Color { Color(white: 1) }
    /// Transparent black.
    public static var clear: Color { Color(white: 0, alpha: 0) }

    /// Whether all four components are equal.
    public static func == (a: Color, b: Color) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
    }
}
