import EaselRuntime
import EaselABI
import EaselGeometry
import CEaselSupport

// The renderer's own copy of what a frame needs from a view tree.
//
// A render reads every view of the tree, and the views are scattered over
// the heap: following subview arrays from object to object, with Swift's
// run-time exclusivity check on every property read, cost more than the
// drawing of a simple tile. So the renderer keeps, per root view, a flat
// list of draw records in drawing order (a view, then its subtree, siblings
// back to front), each holding the view's transform to its superview and to
// the canvas, its bounds and their box on the canvas, its alpha, background
// and flags, its `drawRect:` implementation and the index just past its
// subtree. A frame walks the list front to back with a small stack of open
// subtrees, so that drawing is a linear scan of contiguous memory that never
// recurses, however deep the tree.
//
// The list belongs to the renderer, not to the views: the views stay plain
// Swift objects with checked properties. The root view holds its list
// (`View.drawList`), and
//   - a change of the tree's structure (a subview added, removed or
//     reordered) drops the list; the next render builds it again;
//   - a change of a drawn property of one view (geometry, alpha, hidden,
//     clipping, background, opacity) rewrites that view's record and the
//     records of its subtree in place, found through the list's index of
//     views, so that animating one view among thousands costs one record.
// The list holds the views below the root strongly (the root holds the
// list): plugin code that changes the tree while a frame is being drawn
// (which the header forbids, but cannot prevent) changes the next frame's
// list, never frees a view this frame still reads.

/// The renderer's flat, drawing-ordered copy of a view tree (see the top of this file).
final class DrawList {
    /// What drawing needs from one view.
    struct Record {
        /// From the view's down space to its superview's down space (the canvas's for the root).
        var local: easel_affine_transform
        /// From the view's down space to the canvas's.
        var toCanvas: easel_affine_transform
        /// The view's bounds.
        var bounds: easel_rect
        /// The bounds on the canvas: their bounding box under `toCanvas`.
        var box: easel_rect
        /// The view's alpha.
        var alpha: Double
        /// The background colour to fill, when `flags` has `.background`.
        var background: easel_color
        /// The callable `drawRect:` of the view's class.
        var drawRect: Unmanaged<Method>?
        /// What drawing calls: the view's `drawRect:`, or for an overlay the
        /// method of its host that its built-in `drawRect:` forwards to
        /// (`nil` when it has none: the overlay then draws nothing).
        var call: Unmanaged<Method>?
        /// The target of `call`: the view's handle, or the overlay's host's.
        var target: OpaquePointer?
        /// The selector of `call`.
        var selector: Selector
        /// The plugin storage of `target`, fetched ahead of drawing.
        var storage: UnsafeMutableRawPointer?
        /// How many bytes of the object behind `target` to fetch ahead of
        /// drawing (its allocation, at most 512): the host functions a
        /// drawing call makes, such as `views->bounds`, read the object.
        var targetBytes: Int32
        /// The index of the superview's record (-1 for the root).
        var parent: Int32
        /// The index just past the view's subtree.
        var end: Int32
        /// Flags (see ``Flags``).
        var flags: Flags
    }

    /// A record's flags.
    struct Flags: OptionSet {
        let rawValue: UInt16
        static let hidden = Flags(rawValue: 1 << 0)
        static let clips = Flags(rawValue: 1 << 1)
        /// Opaque black fills the bounds before drawing (an opaque view with
        /// `drawRect:`, no background colour, clearing before drawing).
        static let underlay = Flags(rawValue: 1 << 2)
        /// `background` is a colour to fill.
        static let background = Flags(rawValue: 1 << 3)
        /// `local` is the identity.
        static let identity = Flags(rawValue: 1 << 4)
        /// `local` is a translation.
        static let translation = Flags(rawValue: 1 << 5)
        /// `drawRect` is the built-in `drawRect:` of an overlay.
        static let overlayForward = Flags(rawValue: 1 << 6)
        /// The view has layer effects (rounded corners, a border, a shadow,
        /// opacity without a group): the renderer draws it on the layer path,
        /// with the list's ``DrawList/LayerRecord`` at the same index.
        static let layer = Flags(rawValue: 1 << 7)
        /// The view keeps its content in a backing store on raster canvases (View+BackingStore.swift).
        static let cache = Flags(rawValue: 1 << 8)
    }

    /// What the layer path draws for a view with layer effects (View+Layer.swift), in its down space.
    struct LayerRecord {
        /// The corner radii: top left, top right, bottom right, bottom left.
        var radii: (Double, Double, Double, Double)
        /// Whether the content, the subviews and the shadow are clipped to the rounded bounds.
        var masks: Bool
        var borderWidth: Double
        var borderColor: easel_color
        /// The background, filled in the rounded shape by the layer path (`nil`: none, or `Record.background` fills it).
        var background: easel_color?
        /// The shadow's colour (its opacity multiplied in), offset and blur, on the canvas; `nil` without a shadow.
        var shadow: (color: easel_color, offsetX: Double, offsetY: Double, blur: Double)?
        /// The layer's shadow path, which casts the shadow.
        var shadowShape: ShadowPath?
        /// Whether the rounded bounds cast the shadow: the view's only content
        /// is an opaque background, so its composited alpha is that shape.
        var shadowOfBounds: Bool
        /// Where the shadow of the composited content can fall, in the view's down space.
        var shadowClip: easel_rect
        /// Where the composited content lies (the subtree's extent without the shadow), in the view's down space.
        var contentExtent: easel_rect
        /// Whether opacity composites the subtree as one group.
        var groupOpacity: Bool
        /// Whether the view's layer has an image or standalone sublayers to draw (Layer+Rendering.swift).
        var hasLayerContents = false

        var isRounded: Bool { radii.0 > 0 || radii.1 > 0 || radii.2 > 0 || radii.3 > 0 }
    }

    /// The records, in drawing order.
    private(set) var records: [Record] = []
    /// The views of the records, at the same indexes, unretained: `retained`
    /// keeps all but the root alive, and the root owns the list.
    private(set) var views: [Unmanaged<View>] = []
    /// The views below the root, kept alive for as long as the list is.
    private var retained: [View] = []
    /// The hosts of the tree's overlays, kept alive while their records name them.
    private var hosts: [View] = []
    /// Where each view's record is.
    private var indexes: [ObjectIdentifier: Int] = [:]
    /// The layer records of the records flagged ``Flags/layer``, by index.
    private(set) var layers: [Int: LayerRecord] = [:]
    /// The device scale last given to the views' `contentScaleFactor`.
    var appliedScale: Double?
    /// The backing stores of the tree's views, within the root's budget (View+BackingStore.swift).
    var pool = StorePool()
    /// The root view (which owns the list).
    unowned let root: View
    /// Whether views keep stores from their first draw (the root's ``View/backingStorePolicy`` when the list was built).
    private let storesOnFirstDraw: Bool

    /// Builds the list of the tree rooted at `root`, without recursion.
    init(root: View) {
        self.root = root
        storesOnFirstDraw = root.backingStorePolicy == .firstDraw
        var path: [(index: Int, subviews: [View], next: Int)] = []
        path.append((append(root, parent: -1), root.subviewsInDrawingOrder, 0))
        while let top = path.last {
            let subviews = top.subviews
            if top.next < subviews.count {
                path[path.count - 1].next += 1
                let child = subviews[top.next]
                path.append((append(child, parent: top.index), child.subviewsInDrawingOrder, 0))
            } else {
                records[top.index].end = Int32(records.count)
                path.removeLast()
            }
        }
    }

    private func append(_ view: View, parent: Int) -> Int {
        let index = records.count
        let parentToCanvas = parent >= 0 ? records[parent].toCanvas : .identity
        records.append(record(of: view, index: index, parent: parent, parentToCanvas: parentToCanvas))
        views.append(Unmanaged.passUnretained(view))
        if parent >= 0 { retained.append(view) }
        indexes[ObjectIdentifier(view)] = index
        return index
    }

    /// The record of a view, from its current state.
    ///
    /// A view whose pixels are worth keeping starts keeping them in a backing
    /// store (View+BackingStore.swift) when the tree's policy is to keep them
    /// from the first draw, or with `changed` (a drawn property of the view or
    /// an ancestor changed after the tree was rendered).
    private func record(of view: View, index: Int, parent: Int, parentToCanvas: easel_affine_transform,
                        changed: Bool = false) -> Record {
        // A view with running animations is drawn with its presented values (Animation/Animator.swift).
        if view.layerStorage?.animations != nil, let presented = view.presentation {
            return record(of: view, index: index, parent: parent, parentToCanvas: parentToCanvas, presented: presented,
                          changed: changed)
        }
        return record(of: view, index: index, parent: parent, parentToCanvas: parentToCanvas, presented: nil, changed: changed)
    }

    private func record(of view: View, index: Int, parent: Int, parentToCanvas: easel_affine_transform,
                        presented: Presentation?, changed: Bool) -> Record {
        let local = presented.map { view.presentedDownToSuperviewDown($0) } ?? view.downToSuperviewDown
        let toCanvas = local.concatenating(parentToCanvas)
        let bounds = presented?.bounds ?? view.bounds
        let backgroundColor = presented == nil ? view.backgroundColor : presented?.backgroundColor
        let layerStorage = presented?.layer ?? view.layerStorage
        let info = view.objectClass.attachment(ViewClassInfo.self) { ViewClassInfo() }
        let drawRect = info.drawRect(of: view)
        var flags: Flags = []
        if view.isHidden { flags.insert(.hidden) }
        if view.clipsToBounds { flags.insert(.clips) }
        if drawRect != nil, view.isOpaque, view.clearsContextBeforeDrawing, backgroundColor == nil {
            flags.insert(.underlay)
        }
        var background = easel_color(red: 0, green: 0, blue: 0, alpha: 0)
        if let color = backgroundColor, color.alpha > 0 {
            background = color
            flags.insert(.background)
        }
        // A view on the layer path has neither flag: the renderer's common
        // case (a translation) then never has to look for the layer flag.
        if local.isIdentity, layerStorage?.hasEffects != true { flags.insert(.identity) }
        if local.isTranslation, layerStorage?.hasEffects != true { flags.insert(.translation) }
        var call = drawRect, target: OpaquePointer? = view.handle, selector = ViewCallbacks.drawRect.selector
        var storage: UnsafeMutableRawPointer? = view.storage
        if info.isOverlayForward {
            flags.insert(.overlayForward)
            let forward = unsafeDowncast(view, to: OverlayView.self).forwardTarget()
            call = forward?.method
            target = forward?.host.handle
            storage = forward?.host.storage
            selector = forward?.selector ?? selector
            if let host = forward?.host { hosts.append(host) }
        }
        if let content = view.layerStorage?.content {
            if content.keepsStore { flags.insert(.cache) }
            // A new list counts the stores its views already hold.
            if !changed, let store = content.store, store.isLive { pool.add(store) }
        }
        if changed || storesOnFirstDraw, !flags.contains(.cache),
           call != nil || (view.layerStorage?.hasEffects == true && drawRect == nil && view.subviews.isEmpty
                           && view.layerStorage?.contents == nil && view.layerStorage?.sublayers.isEmpty != false) {
            view.contentStorage.keepsStore = true
            flags.insert(.cache)
        }
        let targetBytes = target.map { min(Int(easel_support_allocation_size(UnsafeMutableRawPointer($0))), 512) } ?? 0
        var box = toCanvas.apply(to: bounds)
        if let layer = layerStorage, layer.hasEffects {
            flags.insert(.layer)
            var record = Self.layerRecord(of: view, layer, toCanvas: toCanvas, flags: &flags, background: background,
                                          hasContent: drawRect != nil)
            if let presented, record.shadow != nil {
                // The shadow's reach with the presented bounds and radius (the model's may be smaller).
                let reach = layer.shadowReach, shape = layer.shadowPath?.boundingBox ?? presented.bounds
                let extent = view.subtreeExtent.union(easel_rect(x: shape.origin.x - reach, y: shape.origin.y - reach,
                    width: shape.size.width + 2 * reach, height: shape.size.height + 2 * reach))
                record.shadowClip = extent
                record.contentExtent = record.contentExtent.union(presented.bounds)
            }
            if record.shadow != nil {
                box = toCanvas.apply(to: record.shadowClip)
            } else if record.hasLayerContents {
                box = toCanvas.apply(to: view.subtreeExtent)
            }
            layers[index] = record
        } else if !layers.isEmpty {
            layers[index] = nil
        }
        return Record(local: local, toCanvas: toCanvas, bounds: bounds, box: box,
                      alpha: presented?.alpha ?? view.alpha, background: background, drawRect: drawRect, call: call, target: target,
                      selector: selector, storage: storage, targetBytes: Int32(targetBytes),
                      parent: Int32(parent), end: Int32(-1), flags: flags)
    }

    /// The canvas area the records of `view` and its subtree cover (`nil` when it has no record here).
    func canvasExtent(of view: View) -> easel_rect? {
        guard let first = indexes[ObjectIdentifier(view)], views[first].toOpaque() == Unmanaged.passUnretained(view).toOpaque()
        else { return nil }
        var extent: easel_rect?
        for index in first..<Int(records[first].end) where !records[index].flags.contains(.hidden) {
            let box = records[index].box
            extent = extent.map { $0.union(box) } ?? box
        }
        return extent
    }

    /// Rewrites the record of `view` and those of its subtree from the views'
    /// current state; returns `false` when the view has no record here.
    @discardableResult
    func refresh(_ view: View) -> Bool {
        guard let first = indexes[ObjectIdentifier(view)], views[first].toOpaque() == Unmanaged.passUnretained(view).toOpaque()
        else { return false }
        let end = Int(records[first].end)
        for index in first..<end {
            let parent = Int(records[index].parent)
            let subtreeEnd = records[index].end
            records[index] = record(of: views[index].takeUnretainedValue(), index: index, parent: parent,
                                         parentToCanvas: parent >= 0 ? records[parent].toCanvas : .identity, changed: true)
            records[index].end = subtreeEnd
        }
        return true
    }
}

extension DrawList {
    /// The layer record of a view with layer effects; takes the background
    /// from the record's flags when the layer path fills it rounded.
    private static func layerRecord(of view: View, _ layer: LayerStorage, toCanvas: easel_affine_transform,
                                    flags: inout Flags, background: easel_color, hasContent: Bool) -> LayerRecord {
        let radius = layer.cornerRadius, corners = layer.maskedCorners
        let radii = (corners.contains(.minXMinY) ? radius : 0, corners.contains(.maxXMinY) ? radius : 0,
                     corners.contains(.maxXMaxY) ? radius : 0, corners.contains(.minXMaxY) ? radius : 0)
        var record = LayerRecord(radii: radii, masks: view.clipsToBounds, borderWidth: layer.hasBorder ? layer.borderWidth : 0,
                                 borderColor: layer.borderColor, background: nil, shadow: nil, shadowShape: nil, shadowOfBounds: false,
                                 shadowClip: .zero, contentExtent: .zero, groupOpacity: layer.allowsGroupOpacity,
                                 hasLayerContents: layer.contents != nil || !layer.sublayers.isEmpty)
        if record.isRounded, flags.contains(.background) {
            flags.remove(.background)
            record.background = background
        }
        if layer.castsShadow {
            // Core Animation's shadow lives in the layer's space: its offset
            // turns and its blur scales with the view's transform. The canvas
            // takes them in its own points (CGContextSetShadow's convention).
            let offset = layer.shadowOffset
            let scale = abs(toCanvas.a * toCanvas.d - toCanvas.b * toCanvas.c).squareRoot()
            var color = layer.shadowColor
            color.alpha *= layer.shadowOpacity
            record.shadow = (color, toCanvas.a * offset.width + toCanvas.c * offset.height,
                             toCanvas.b * offset.width + toCanvas.d * offset.height, 2 * layer.shadowRadius * scale)
            if let path = layer.shadowPath {
                record.shadowShape = path
            } else if !hasContent, !flags.contains(.underlay), view.subviews.isEmpty, !record.hasLayerContents,
                      (record.background ?? (flags.contains(.background) ? background : nil))?.alpha == 1 {
                // The composited content is exactly the opaque background in
                // the rounded bounds (the border lies inside it): its shadow
                // is that shape's, cast without drawing the view twice.
                record.shadowOfBounds = true
            }
            record.shadowClip = view.subtreeExtent
            // Without a path, the shadow widened the extent by its reach on every side.
            let reach = layer.shadowPath == nil ? layer.shadowReach : 0
            let clip = record.shadowClip
            record.contentExtent = layer.shadowPath == nil
                ? easel_rect(x: clip.origin.x + reach, y: clip.origin.y + reach,
                             width: max(clip.size.width - 2 * reach, 0), height: max(clip.size.height - 2 * reach, 0))
                : clip
        }
        return record
    }
}

/// What the renderer keeps per view class, resolved on first use: what it
/// sends as `drawRect:` to instances. Attached to the runtime's class
/// (``ObjectClass/attachment(_:make:)``). The method is held unretained: the
/// class keeps its methods.
final class ViewClassInfo {
    /// The callable `drawRect:` of instances (`nil` when they have none).
    private var drawRect: Unmanaged<Method>?
    /// Whether `drawRect` has been resolved.
    private var resolved = false
    /// Whether `drawRect` is the built-in drawRect: of overlays.
    private(set) var isOverlayForward = false

    /// `view.implementation(of: ViewCallbacks.drawRect)`, resolved once per
    /// class (a class's methods never change, and the registry judges each
    /// method's signature once).
    func drawRect(of view: View) -> Unmanaged<Method>? {
        if resolved { return drawRect }
        let method = view.implementation(of: ViewCallbacks.drawRect)
        drawRect = method.map { Unmanaged.passUnretained($0) }
        isOverlayForward = view.objectClass.instanceType == OverlayView.self
            && method?.implementation == BuiltInClasses.overlayDrawRectAddress
        resolved = true
        return drawRect
    }
}

extension View {
    /// Tells the renderer that a drawn property of the view changed: its
    /// record (and its subtree's) in the root's draw list is rewritten.
    final func drawStateChanged() {
        guard let list = rootView.drawList else { return }
        list.refresh(self)
    }

    /// Tells the renderer that the tree's structure changed: the root's draw list is dropped.
    final func treeChanged() {
        let root = rootView
        root.drawList = nil
        root.constraintTreeChanged()
    }
}
