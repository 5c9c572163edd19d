import EaselABI
import EaselGeometry
import EaselGraphicsCore
import EaselRuntime

/// How an image view draws its images (UIKit's `UIImage.RenderingMode`, with its raw values).
public enum ImageRenderingMode: Int32, Sendable, CaseIterable {
    /// As the image is (an image view's default, as UIKit's for images in image views).
    case automatic = 0
    /// As the image is.
    case alwaysOriginal = 1
    /// A template: the image's alpha filled with the view's ``ImageView/tintColor``.
    case alwaysTemplate = 2

    /// The scene name (`"alwaysTemplate"`).
    public var name: String {
        switch self {
        case .automatic: "automatic"
        case .alwaysOriginal: "alwaysOriginal"
        case .alwaysTemplate: "alwaysTemplate"
        }
    }

    /// The mode with a scene name, or `nil`.
    public init?(name: String) {
        guard let mode = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = mode
    }
}

/// A view that shows an image: the built-in class `ImageView` (UIKit's `UIImageView`).
///
/// As in UIKit, the image is the contents of the view's layer: it is placed
/// in the bounds by ``contentMode``, drawn above the view's background (and
/// any `drawRect:` of a subclass) and below its sublayers and subviews, and
/// not clipped to the bounds unless the view clips (`clipsToBounds`), so an
/// aspect-filled image overflows an image view that does not clip. The image
/// is shown at its size in points (an `@2x` file at half its pixels). While
/// ``isHighlighted`` is set, ``highlightedImage`` shows when there is one.
/// ``intrinsicContentSize`` is the shown image's size in points (none
/// without an image). An image view is not opaque and does not take part
/// in hit testing by default (`isUserInteractionEnabled` false), as UIKit's.
public final class ImageView: View {
    /// The UIKit default tint: the system blue (0, 122, 255).
    public static let defaultTintColor = easel_color(red: 0, green: 122.0 / 255, blue: 1, alpha: 1)

    public required init(class cls: ObjectClass, registry: Registry) {
        super.init(class: cls, registry: registry)
        isOpaque = false
        isUserInteractionEnabled = false
    }

    /// The image shown (`nil`: nothing).
    public var image: CanvasImage? { didSet { imageChanged() } }
    /// The image shown while ``isHighlighted`` (`nil`: ``image``).
    public var highlightedImage: CanvasImage? { didSet { imageChanged() } }
    /// Whether the view shows ``highlightedImage``.
    public var isHighlighted = false { didSet { if isHighlighted != oldValue { imageChanged() } } }
    /// How the images are drawn: as they are, or as templates filled with ``tintColor``.
    public var renderingMode = ImageRenderingMode.automatic { didSet { if renderingMode != oldValue { imageChanged() } } }
    /// The colour of template images (``defaultTintColor`` by default).
    public var tintColor = ImageView.defaultTintColor {
        didSet {
            tintColor = tintColor.clampedForLayer ?? oldValue
            imageChanged()
        }
    }

    /// The image on screen: the highlighted one while highlighted, if set.
    public var displayedImage: CanvasImage? { isHighlighted ? highlightedImage ?? image : image }

    /// Shows the displayed image with the current settings (also called when ``View/contentMode`` changes).
    final func imageChanged() {
        let contents = displayedImage.map {
            LayerContents(image: $0, mode: contentMode, scale: $0.scale, rect: LayerContents.unit, center: LayerContents.unit,
                          tint: renderingMode == .alwaysTemplate ? tintColor : nil)
        }
        if contents != nil || layerStorage?.contents != nil {
            changeLayer { $0.contents = contents }
        }
        let size = displayedImage.map { easel_size(width: $0.width, height: $0.height) }
        if size != layoutProperties?.intrinsicSize { setIntrinsicContentSize(size) }
    }

    /// The built-in properties of image views, by name (`property_get`/`property_set`).
    nonisolated(unsafe) static let imageViewProperties: [String: BuiltInProperty] = [
        "highlighted": .flag(\ImageView.isHighlighted),
        "renderingMode": .value("i", \ImageView.renderingModeValue),
        "tintColor": .value(EASEL_ENCODE_COLOR, \ImageView.tintColor),
    ]

    var renderingModeValue: Int32 {
        get { renderingMode.rawValue }
        set { if let mode = ImageRenderingMode(rawValue: newValue) { renderingMode = mode } }
    }
}
