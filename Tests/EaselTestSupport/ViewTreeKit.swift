import EaselABI
import EaselRuntime
import EaselViews

/// Helpers of the view tree's suites (named apart from other suites' helpers).
public enum ViewTreeKit {
    /// A registry with only the built-in classes.
    public static func builtIns() -> Registry { Registry() }

    /// A registry with the view_widgets fixture loaded (Panel, Dot, Plot, PlotDelegate, Marked).
    public static func widgets() throws -> Registry { try widgetRegistry() }

    /// A rectangle from its origin and size.
    public static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> easel_rect {
        EaselTestSupport.rect(x, y, w, h)
    }

    /// A point.
    public static func point(_ x: Double, _ y: Double) -> easel_point { easel_point(x: x, y: y) }

    /// A size.
    public static func size(_ w: Double, _ h: Double) -> easel_size { easel_size(width: w, height: h) }

    /// A view of a class with a frame and a tag.
    public static func make(_ registry: Registry, _ cls: String = "View", _ frame: easel_rect = .zero, tag: Int = 0) throws -> View {
        let view = try registry.makeView(ofClass: cls, frame: frame)
        view.tag = tag
        return view
    }

    /// The messages the plugins logged since the last call, without the "[ViewWidgets] " prefix.
    public static func log(_ registry: Registry) -> [String] {
        registry.takeDiagnostics().map { diagnostic in
            let prefix = "[ViewWidgets] "
            return diagnostic.message.hasPrefix(prefix) ? String(diagnostic.message.dropFirst(prefix.count)) : diagnostic.description
        }
    }

    /// A colour's components: red, green, blue, alpha.
    public static func components(_ color: easel_color) -> [Double] { EaselTestSupport.components(color) }

    /// Whether two numbers, points or rects are equal within `tolerance` (1e-9).
    public static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    public static func close(_ a: easel_point, _ b: easel_point) -> Bool { close(a.x, b.x) && close(a.y, b.y) }

    public static func close(_ a: easel_rect, _ b: easel_rect) -> Bool {
        close(a.origin.x, b.origin.x) && close(a.origin.y, b.origin.y)
            && close(a.size.width, b.size.width) && close(a.size.height, b.size.height)
    }

    /// A rotation by exactly 90° (+x turns towards +y), free of the rounding in cos(π/2).
    public static let quarterTurn = easel_affine_transform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
}
