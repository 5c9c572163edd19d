// Rectangles and colours as the tests write them: plain numbers in, the
// ABI's structs out, and the colours the tests paint and read back.

import EaselGraphicsCore
import EaselABI
import EaselCanvas
import EaselGeometry

/// A rectangle from its origin and size.
public func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> easel_rect {
    easel_rect(origin: easel_point(x: x, y: y), size: easel_size(width: width, height: height))
}

/// A rectangle from its origin and size: ``rect(_:_:_:_:)`` under the name the plugin-loading tests use.
public func cgRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> easel_rect { rect(x, y, w, h) }

/// A colour from its components, alpha 1 unless given.
public func color(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) -> easel_color {
    easel_color(red: red, green: green, blue: blue, alpha: alpha)
}

/// A colour's components in order: red, green, blue, alpha.
public func components(_ color: easel_color) -> [Double] { [color.red, color.green, color.blue, color.alpha] }

/// Colours to paint with.
public let redColor = color(1, 0, 0), blueColor = color(0, 0, 1), greenColor = color(0, 1, 0), whiteColor = color(1, 1, 1)

/// Pixels to expect: opaque primaries, white, black, and no paint at all.
public let red = RGBA(r: 255, g: 0, b: 0), blue = RGBA(r: 0, g: 0, b: 255), green = RGBA(r: 0, g: 255, b: 0)
public let white = RGBA(r: 255, g: 255, b: 255), black = RGBA(r: 0, g: 0, b: 0)
public let transparent = RGBA(r: 0, g: 0, b: 0, a: 0)

/// The same pixels under the names the plugin-loading tests use.
public let opaqueRed = red, opaqueBlue = blue, noPaint = transparent
