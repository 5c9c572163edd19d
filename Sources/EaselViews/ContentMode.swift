import EaselABI
import EaselGeometry

/// How a view's kept content is laid out when its bounds change size (UIKit's `UIView.ContentMode`, with its raw values).
///
/// A view's drawn content is kept in its backing store (View+BackingStore.swift).
/// When the view's size changes, the store is placed in the new bounds as the
/// mode says, without calling `drawRect:`, except for ``redraw``, which draws
/// the content again at the new size. The content is clipped to the bounds.
public enum ContentMode: Int, Sendable, CaseIterable {
    /// Stretches the content to fill the bounds (UIKit's default).
    case scaleToFill = 0
    /// Scales the content to fit the bounds, keeping its aspect ratio, centred.
    case scaleAspectFit = 1
    /// Scales the content to fill the bounds, keeping its aspect ratio, centred (the overflow is clipped).
    case scaleAspectFill = 2
    /// Draws the content again (`drawRect:`) when the size changes.
    case redraw = 3
    /// Keeps the content's size, centred.
    case center = 4
    /// Keeps the size, centred horizontally at the top.
    case top = 5
    /// Keeps the size, centred horizontally at the bottom.
    case bottom = 6
    /// Keeps the size, centred vertically on the left.
    case left = 7
    /// Keeps the size, centred vertically on the right.
    case right = 8
    /// Keeps the size, in the top-left corner.
    case topLeft = 9
    /// Keeps the size, in the top-right corner.
    case topRight = 10
    /// Keeps the size, in the bottom-left corner.
    case bottomLeft = 11
    /// Keeps the size, in the bottom-right corner.
    case bottomRight = 12

    /// The mode's name as scene files write it (UIKit's case name, such as `scaleAspectFit`).
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

    /// The mode with a scene name, or `nil`.
    public init?(name: String) {
        guard let mode = ContentMode.allCases.first(where: { $0.name == name }) else { return nil }
        self = mode
    }

    /// Where content of `size` goes in `bounds` (in the view's down space, y pointing down):
    /// the rect the content's rect is scaled onto.
    func placement(of size: easel_size, in bounds: easel_rect) -> easel_rect {
        let w = size.width, h = size.height
        let bw = bounds.size.width, bh = bounds.size.height
        func centred(_ width: Double, _ height: Double) -> easel_rect {
            easel_rect(x: bounds.origin.x + (bw - width) / 2, y: bounds.origin.y + (bh - height) / 2, width: width, height: height)
        }
        switch self {
        case .scaleToFill, .redraw: return bounds
        case .scaleAspectFit, .scaleAspectFill:
            guard w > 0, h > 0 else { return bounds }
            let scale = self == .scaleAspectFit ? min(bw / w, bh / h) : max(bw / w, bh / h)
            return centred(w * scale, h * scale)
        case .center: return centred(w, h)
        default: break
        }
        let left = bounds.origin.x, right = bounds.origin.x + bw - w, midX = bounds.origin.x + (bw - w) / 2
        let top = bounds.origin.y, bottom = bounds.origin.y + bh - h, midY = bounds.origin.y + (bh - h) / 2
        let (x, y): (Double, Double)
        switch self {
        case .top: (x, y) = (midX, top)
        case .bottom: (x, y) = (midX, bottom)
        case .left: (x, y) = (left, midY)
        case .right: (x, y) = (right, midY)
        case .topLeft: (x, y) = (left, top)
        case .topRight: (x, y) = (right, top)
        case .bottomLeft: (x, y) = (left, bottom)
        default: (x, y) = (right, bottom)
        }
        return easel_rect(x: x, y: y, width: w, height: h)
    }
}

extension View {
    /// How the view's kept content is placed when its bounds change size (``ContentMode/scaleToFill`` by default, as in UIKit).
    ///
    /// Setting it also asks for a backing store from the view's first draw
    /// (see ``hasBackingStore``): the content is then kept for later frames.
    /// The area the view covers is repainted when the mode changes.
    public final var contentMode: ContentMode {
        get { layerStorage?.content?.contentMode ?? .scaleToFill }
        set {
            let content = contentStorage
            let changed = content.contentMode != newValue
            content.contentMode = newValue
            if !content.keepsStore {
                content.keepsStore = true
                drawStateChanged()
            }
            if changed {
                if newValue == .redraw { content.store?.invalidateAll() }
                invalidateExtent()
            }
        }
    }

    /// The part of the content that stretches when the view is scaled to fill (UIKit's deprecated `contentStretch`).
    ///
    /// A rect in the unit square of the content: (0, 0, 1, 1), the default,
    /// stretches all of it. With ``ContentMode/scaleToFill``, the content
    /// left and right of the rect keeps its width and the content above and
    /// below it its height (nine-part stretching) while the middle stretches;
    /// when the new size is smaller than the parts that keep their size, the
    /// whole content is scaled. Other modes ignore it. Values outside the unit
    /// square are clamped to it; a rect with a non-finite value is ignored.
    public final var contentStretch: easel_rect {
        get { layerStorage?.content?.contentStretch ?? easel_rect(x: 0, y: 0, width: 1, height: 1) }
        set {
            let r = newValue.standardized
            guard r.origin.x.isFinite, r.origin.y.isFinite, r.size.width.isFinite, r.size.height.isFinite else { return }
            let x = min(max(r.origin.x, 0), 1), y = min(max(r.origin.y, 0), 1)
            let clamped = easel_rect(x: x, y: y, width: min(max(r.size.width, 0), 1 - x), height: min(max(r.size.height, 0), 1 - y))
            guard clamped != contentStretch else { return }
            contentStorage.contentStretch = clamped
            invalidateExtent()
        }
    }

    /// The view's content storage (View+BackingStore.swift), made on first use.
    final var contentStorage: ContentStorage {
        if let content = layerStorage?.content { return content }
        let storage = layerStorage ?? LayerStorage()
        layerStorage = storage
        let content = ContentStorage()
        storage.content = content
        return content
    }
}

/// One axis of nine-part stretching: up to three segments, each a source
/// start and length and a destination start and length.
func stretchSegments(content start: Double, _ length: Double, unit: (Double, Double),
                     into destination: Double, _ newLength: Double) -> [(Double, Double, Double, Double)] {
    let head = unit.0 * length, middle = unit.1 * length, tail = length - head - middle
    guard newLength >= head + tail, middle > 0 || newLength == head + tail else {
        return [(start, length, destination, newLength)]
    }
    var segments: [(Double, Double, Double, Double)] = []
    if head > 0 { segments.append((start, head, destination, head)) }
    if middle > 0 { segments.append((start + head, middle, destination + head, newLength - head - tail)) }
    if tail > 0 { segments.append((start + head + middle, tail, destination + newLength - tail, tail)) }
    return segments
}
