import EaselABI
import EaselGeometry

/// How a view places its content when its bounds differ from the content's
/// size (UIKit's `UIView.ContentMode`, with its raw values).
///
/// Shared by drawn content (a view's backing store) and by `ImageView`'s
/// image. The scene name of each case is its Swift name (`"scaleAspectFit"`,
/// `"topLeft"`, …), as in UIKit.
public enum ContentMode: Int, Sendable, CaseIterable {
    /// Scales the content to fill the bounds, changing its aspect ratio if needed (the default).
    case scaleToFill = 0
    /// Scales the content to fit the bounds, keeping its aspect ratio; the rest stays transparent.
    case scaleAspectFit = 1
    /// Scales the content to fill the bounds, keeping its aspect ratio; some of it may be clipped.
    case scaleAspectFill = 2
    /// Redraws the content when the bounds change (for an image: as ``scaleToFill``).
    case redraw = 3
    /// Centres the content, unscaled.
    case center = 4
    /// Centres the content horizontally along the top edge, unscaled.
    case top = 5
    /// Centres the content horizontally along the bottom edge, unscaled.
    case bottom = 6
    /// Centres the content vertically along the left edge, unscaled.
    case left = 7
    /// Centres the content vertically along the right edge, unscaled.
    case right = 8
    /// Places the content in the top-left corner, unscaled.
    case topLeft = 9
    /// Places the content in the top-right corner, unscaled.
    case topRight = 10
    /// Places the content in the bottom-left corner, unscaled.
    case bottomLeft = 11
    /// Places the content in the bottom-right corner, unscaled.
    case bottomRight = 12

    /// The name scenes use for the mode (UIKit's case name, e.g. `"scaleAspectFit"`).
    public var name: String {
        switch self {
        case .scaleToFill: "scaleToFill"
        case .scaleAspectFit: "scaleAspectFit"
        case .scaleAspectFill: "scaleAspectFill"
        case .redraw: "redraw"
        case .center: "center"
        case .top: "top"
        case .bottom: "bottom"
        case .left: "left"
        case .right: "right"
        case .topLeft: "topLeft"
        case .topRight: "topRight"
        case .bottomLeft: "bottomLeft"
        case .bottomRight: "bottomRight"
        }
    }

    /// The mode with a scene name, or `nil` for a name that is none of the 13.
    public init?(name: String) {
        guard let mode = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = mode
    }

    /// Where content of `size` goes in `bounds` under this mode (y down, the
    /// top at `bounds.minY`); ``redraw`` places it as ``scaleToFill``.
    ///
    /// A content size of zero (or not finite) gives `bounds` for the scaling
    /// modes and an empty rectangle at the placement point for the others.
    public func placement(of size: easel_size, in bounds: easel_rect) -> easel_rect {
        let w = size.width.isFinite ? max(size.width, 0) : 0, h = size.height.isFinite ? max(size.height, 0) : 0
        let bounds = bounds.standardized
        switch self {
        case .scaleToFill, .redraw:
            return bounds
        case .scaleAspectFit, .scaleAspectFill:
            guard w > 0, h > 0 else { return bounds }
            let sx = bounds.size.width / w, sy = bounds.size.height / h
            let s = self == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            let width = w * s, height = h * s
            return easel_rect(x: bounds.midX - width / 2, y: bounds.midY - height / 2, width: width, height: height)
        default:
            let x: Double, y: Double
            switch self {
            case .left, .topLeft, .bottomLeft: x = bounds.minX
            case .right, .topRight, .bottomRight: x = bounds.maxX - w
            default: x = bounds.midX - w / 2
            }
            switch self {
            case .top, .topLeft, .topRight: y = bounds.minY
            case .bottom, .bottomLeft, .bottomRight: y = bounds.maxY - h
            default: y = bounds.midY - h / 2
            }
            return easel_rect(x: x, y: y, width: w, height: h)
        }
    }
}
