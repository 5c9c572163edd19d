import EaselRuntime
import EaselABI
import CEaselSupport
import EaselCanvas
import EaselDrawingExtensions
import EaselGeometry
import EaselGraphicsCore
import EaselInvocation

// Rendering a view tree into a canvas, and the dirty regions that make a
// later render repaint only what changed.
//
// Order (UIKit's): a superview before its subviews, siblings back to front.
// Per view, in its down space (y down; see View.swift): hidden views and
// views with alpha 0 are skipped with their subtree; alpha below 1 draws the
// view and its subtree into one transparency group composited at that alpha
// (so overlapping half-transparent subviews of a half-transparent parent
// composite like one layer); the view's own content is clipped to its bounds
// (a UIKit view's backing store is its bounds): opaque black for an opaque
// view without background that clears before drawing, the background colour,
// then `drawRect:` with the dirty rect in the view's coordinates; then, if
// `clipsToBounds`, the clip to the bounds; then the subviews.
//
// Dirty regions: `setNeedsDisplay(in:)` converts the rect to the root
// view's coordinates and records it on the root; geometry and appearance
// changes record the area the view's subtree covered before and after. A
// `.dirtyRegions` render rounds the recorded rects outward to whole device
// pixels and draws the tree as a full render would, sending `drawRect:`
// only to views whose bounds touch the region, into an offscreen layer the
// size of the canvas (`Canvas.redraw(inside:_:)`), whose pixels inside the
// region then replace the canvas's. The drawing is not clipped to the
// region: cairo antialiases a slanted edge slightly differently under a
// different clip, so a clipped repaint of a rotated view would differ from a
// full render by a few units at its edges. Unclipped, every pixel inside
// the region is drawn exactly as a full render draws it, and the result is
// pixel-identical to a full render of the same tree. (A view that touches
// the region draws whole, not just its part inside the region.)
//
// On a raster canvas, a view that keeps its content in a backing store
// (View+BackingStore.swift; its draw record has the `cache` flag) has its
// content composited from the store instead, which `drawRect:` refills only
// where the view was marked; both kinds of render composite the same store.

/// How much of a tree ``View/render(into:mode:)`` repaints.
public enum RenderMode: Sendable {
    /// Everything: clears the canvas and draws the whole tree.
    case full
    /// Only the areas marked as needing display since the last render (all of
    /// it when the tree was never rendered).
    case dirtyRegions
}

/// What a render did.
public struct RenderReport {
    /// The views that received `drawRect:`, in drawing order.
    public var drawnViews: [View] {
        guard let list else { return [] }
        return drawnIndexes.map { list.views[Int($0)].takeUnretainedValue() }
    }
    /// The repainted areas, in canvas points, rounded out to device pixels.
    public internal(set) var region: [easel_rect] = []
    /// The views drawn, as indexes into the draw list's views: a render
    /// records an index per view, not a retained reference.
    var drawnIndexes: [Int32] = []
    /// The draw list of the render, and its root, which the list does not keep alive.
    var list: DrawList?
    var root: View?
}

/// Told about every view a render sends its drawing call to, and able to
/// skip it: how an isolated render records which view is drawing and leaves
/// out views whose drawing crashed or hung in an earlier attempt.
public protocol RenderObserver: AnyObject {
    /// The renderer is about to send `view` its drawing call (`drawRect:`, or
    /// for an overlay or a right-handed view, the call its built-in
    /// `drawRect:` forwards to).
    ///
    /// The canvas is in the view's coordinates, clipped to its bounds, with
    /// the background already painted. Return `false` to skip the call; the
    /// observer may then draw a stand-in (its saves and restores must pair up).
    ///
    /// - Parameters:
    ///   - view: The view.
    ///   - canvas: The canvas being drawn.
    ///   - toCanvas: The transform from the view's coordinates to the canvas's.
    /// - Returns: Whether to send the call.
    func willDraw(_ view: View, in canvas: Canvas, toCanvas: easel_affine_transform) -> Bool
    /// The view's drawing call returned (or was skipped).
    func didDraw(_ view: View)
}

/// An error raised while rendering: a drawing error of a plugin, naming the view and the method.
public struct RenderError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, with the class and selector of the view that drew.
    public let message: String
    /// The class of the view whose drawing failed; `nil` for a failure outside a view's drawing.
    public var className: String? = nil
    /// The selector that was drawing (`drawRect:`).
    public var selector: String? = nil
    /// The plugin of the view's class and its file (`nil` for a built-in class).
    public var pluginName: String? = nil, pluginFile: String? = nil
    /// What the drawing did wrong, without the class and selector (the canvas's error).
    public var reason: String? = nil
    /// The view whose drawing failed, to find its place in a scene while it exists.
    public var view: ObjectIdentifier? = nil
    /// The message.
    public var description: String { message }

    /// The error of a view's `drawRect:`.
    init(drawing view: View, reason: String) {
        message = "-[\(view.objectClass.name) drawRect:] failed: \(reason)"
        className = view.objectClass.name
        selector = "drawRect:"
        pluginName = view.objectClass.plugin?.name
        pluginFile = view.objectClass.plugin?.path
        self.reason = reason
        self.view = ObjectIdentifier(view)
    }

    init(message: String) { self.message = message }
}

extension View {
    // MARK: Marking areas

    /// Marks the whole view as needing display.
    public final func setNeedsDisplay() { setNeedsDisplay(in: bounds) }

    /// Marks a rectangle of the view (in its own coordinates) as needing display.
    public final func setNeedsDisplay(in rect: easel_rect) {
        guard !rect.coversNoDirtyArea else { return }
        var rect = rect
        if let store = layerStorage?.content?.store {
            // Content placed after a resize is drawn again whole, at the new size: all of it changes.
            if store.bounds != bounds { rect = bounds }
            invalidateBackingStore(rect)
        }
        if !overlays.isEmpty {
            // An overlay draws through this view's method: its content changes with the view's.
            for overlay in overlays where overlay.superview === self {
                if let store = overlay.layerStorage?.content?.store, store.bounds != overlay.bounds { rect = bounds }
                overlay.invalidateBackingStore(rect)
            }
        }
        guard !isHidden else { return }
        let root = rootView
        guard !root.needsFullDisplay else { return }
        root.addDirtyRect(self === root ? rect.standardized : convert(rect, to: nil))
    }

    private func addDirtyRect(_ rect: easel_rect) {
        if dirtyRects.count >= 64 {
            dirtyRects = [dirtyRects.reduce(rect) { $0.dirtyUnion($1) }]
        } else {
            dirtyRects.append(rect)
        }
    }

    /// The areas marked as needing display, in the root view's coordinates.
    public final var dirtyRegion: [easel_rect] {
        let root = rootView
        return root.needsFullDisplay ? [root.subtreeExtent] : root.dirtyRects
    }

    /// Marks the area the view and its subviews cover, in the superview.
    final func invalidateExtent(force: Bool = false) {
        superview?.hitBoxes = nil  // its frame may change: the superview's hit-test boxes are stale
        guard force || !isHidden else { return }
        guard let superview else {
            needsFullDisplay = true
            return
        }
        guard !superview.rootView.needsFullDisplay else { return }
        superview.setNeedsDisplayIgnoringHidden(toSuperview.apply(to: subtreeExtent))
    }

    private func setNeedsDisplayIgnoringHidden(_ rect: easel_rect) {
        let root = rootView
        root.addDirtyRect(self === root ? rect : convert(rect, to: nil))
    }

    /// The area the view and its visible subviews cover, in its own coordinates.
    final var subtreeExtent: easel_rect {
        var extent = bounds
        guard !clipsToBounds else { return extent }
        for subview in subviews where !subview.isHidden {
            extent = extent.dirtyUnion(subview.toSuperview.apply(to: subview.subtreeExtent))
        }
        if let contents = layerContentsExtent { extent = extent.dirtyUnion(contents) }
        if let layer = layerStorage, layer.castsShadow {
            // The shadow (of the path, or of everything drawn so far) reaches beyond it.
            let reach = layer.shadowReach
            let shape = layer.shadowPath?.boundingBox ?? extent
            extent = extent.dirtyUnion(easel_rect(x: shape.origin.x - reach, y: shape.origin.y - reach,
                                                  width: shape.size.width + 2 * reach, height: shape.size.height + 2 * reach))
        }
        return extent
    }

    // MARK: Rendering

    /// Lays out and draws the tree rooted at this view into a canvas.
    ///
    /// The view is placed by its frame, in the canvas's coordinates.
    /// Plugin code runs with this canvas as the current context.
    ///
    /// - Parameters:
    ///   - canvas: The canvas; with a raster backing, dirty-region renders repaint it in place.
    ///   - mode: ``RenderMode/full`` or only the ``RenderMode/dirtyRegions``.
    ///   - observer: Told about every drawing call, and may skip it (see ``RenderObserver``).
    /// - Returns: The views that drew and the repainted area.
    /// - Throws: ``RenderError`` when drawing failed (a plugin's bad drawing
    ///   call), naming the view's class and `drawRect:`.
    @discardableResult
    public final func render(into canvas: Canvas, mode: RenderMode = .full,
                             observer: RenderObserver? = nil) throws(RenderError) -> RenderReport {
        layoutIfNeeded()
        let canvasRect = easel_rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        var report = RenderReport()
        let full = mode == .full || needsFullDisplay
        if full {
            report.region = [canvasRect]
        } else {
            let toCanvas = toSuperview
            report.region = dirtyRects.compactMap { rect in
                let aligned = canvas.alignToPixels(toCanvas.apply(to: rect)).intersection(canvasRect)
                return aligned.isEmpty ? nil : aligned
            }
        }
        needsFullDisplay = false
        dirtyRects = []
        guard !report.region.isEmpty else { return report }

        let list: DrawList
        if let existing = drawList {
            list = existing
        } else {
            list = DrawList(root: self)
            drawList = list
        }
        if list.appliedScale != canvas.backing.scale {
            let scale = canvas.backing.scale
            for view in list.views { view.takeUnretainedValue().contentScaleFactor = scale }
            list.appliedScale = scale
        }
        list.pool.frame += 1
        var state = RenderState(full: full, region: report.region, canvasRect: canvasRect, observer: observer,
                                list: canvas.backing == .recording ? nil : list)
        registry.withActive {
            canvas.withCurrentContext {
                canvas.saveState()
                if full {
                    canvas.clear(canvasRect)
                    Self.draw(list, canvas: canvas, state: &state)
                } else {
                    canvas.redraw(inside: report.region) { Self.draw(list, canvas: canvas, state: &state) }
                }
                canvas.restoreState()
            }
        }
        Self.sweepStores(list, full: full)
        report.drawnIndexes = state.drawn
        report.list = list
        report.root = self
        if let failure = state.failure { throw failure }
        if let error = canvas.takeError() {
            throw RenderError(message: "drawing failed: \(error)")
        }
        return report
    }

    /// How a subtree that is being drawn changed the canvas's state, undone when it ends.
    struct OpenSubtree {
        /// The index just past the subtree.
        var end: Int
        var translation: Canvas.SavedTranslation?
        var savedState: Bool
        var groupAlpha: Double?
        /// The index of a view drawn on the layer path, whose close ``closeLayer`` does (-1: none).
        var layer: Int32 = -1
        /// What the layer path opened: a clip to the rounded bounds, a shadow's transparency layer.
        var maskSaved = false
        var shadowLayer = false

        @inline(__always)
        func close(_ canvas: Canvas) {
            if let translation {
                canvas.endTranslation(translation)
                return
            }
            if let groupAlpha { canvas.endTransparencyGroup(alpha: groupAlpha) }
            if savedState { canvas.restoreState() }
        }
    }

    /// The view's subtree drawn into a new raster image, for a transition's
    /// snapshot (Animation/Transition.swift): a canvas reaching to the view's
    /// frame's far corner, in its superview's coordinates, with no backing stores
    /// used; `nil` when the frame is empty, not finite or beyond 4096 points.
    /// The image's `contentsRect` for the frame is returned with it.
    final func snapshotImage(scale: Double) -> (image: CanvasImage, part: easel_rect)? {
        let frame = self.frame
        guard frame.minX >= 0, frame.minY >= 0, frame.size.width >= 1, frame.size.height >= 1,
              frame.maxX <= 4096, frame.maxY <= 4096 else { return nil }
        let width = frame.maxX.rounded(.up), height = frame.maxY.rounded(.up)
        guard let canvas = try? Canvas(width: width, height: height, backing: .raster(scale: scale)) else { return nil }
        let list = DrawList(root: self)
        let canvasRect = easel_rect(x: 0, y: 0, width: width, height: height)
        var state = RenderState(full: true, region: [canvasRect], canvasRect: canvasRect, observer: nil, list: nil)
        registry.withActive {
            canvas.withCurrentContext {
                canvas.saveState()
                canvas.clear(canvasRect)
                Self.draw(list, canvas: canvas, state: &state)
                canvas.restoreState()
            }
        }
        guard state.failure == nil, !canvas.hasError,
              let image = try? CanvasImage(copying: canvas.surface, scale: scale, opaque: false) else { return nil }
        return (image, easel_rect(x: frame.minX / width, y: frame.minY / height, width: frame.size.width / width,
                                  height: frame.size.height / height))
    }

    /// Draws the list front to back: each view's own content (when it touches
    /// the area being drawn), the clip to its bounds when it clips its
    /// subviews, then its subtree, inside the transform, group and clip it
    /// opened, which close when the subtree ends.
    private static func draw(_ list: DrawList, canvas: Canvas, state: inout RenderState) {
        // Copies of the arrays: plugin code that changes the tree or a view
        // while drawing changes the list's own arrays (copy on write), not these.
        let records = list.records, views = list.views, layers = list.layers
        records.withUnsafeBufferPointer { records in
            views.withUnsafeBufferPointer { views in
                guard let base = records.baseAddress else { return }
                // Where the canvas's point space puts the list's canvas
                // coordinates: a translation (the common case) lets a group
                // be bounded by its subtree's boxes.
                let start = canvas.currentTransform
                state.groupOffset = start.isTranslation ? easel_point(x: start.tx, y: start.ty) : nil
                var open: [OpenSubtree] = []
                var index = 0
                let count = records.count
                while index < count {
                    while let last = open.last, index >= last.end {
                        if last.layer < 0 { last.close(canvas) } else { closeLayer(last, base, layers, canvas) }
                        open.removeLast()
                    }
                    let record = base + index
                    let end = Int(record.pointee.end)
                    let flags = record.pointee.flags
                    let alpha = record.pointee.alpha
                    if flags.contains(.hidden) || !(alpha > 0) {
                        index = end
                        continue
                    }
                    let box = record.pointee.box
                    let touched = state.full
                        ? box.intersects(state.canvasRect)
                        : state.region.contains(where: { $0.intersects(box) })
                    let clips = flags.contains(.clips)
                    if clips && !touched {
                        index = end
                        continue
                    }
                    if !touched && drawsNothing(base, index, end, state: state) {
                        index = end
                        continue
                    }
                    let grouped = alpha < 1
                    // A view that adds no transform, group or clip of its own
                    // leaves the canvas's state as it found it (drawContent
                    // saves and restores around its own changes): it needs no
                    // save and restore. An overlay, which shares its host's
                    // coordinates, is such a view.
                    let changesState = grouped || clips || !flags.contains(.identity)
                    var subtree = OpenSubtree(end: end, translation: nil, savedState: false, groupAlpha: nil)
                    if changesState && !grouped && !clips && flags.contains(.translation) {
                        // The common case: a view placed by a translation. The
                        // canvas can keep it without saving its state.
                        subtree.translation = canvas.beginTranslation(x: record.pointee.local.tx,
                                                                      y: record.pointee.local.ty)
                    } else if flags.contains(.layer) {
                        // Rounded corners, a border, a shadow: the layer path,
                        // off the common one (a layer's record is never flagged
                        // as a translation or the identity, so it comes here).
                        guard let layer = layers[index] else {
                            preconditionFailure("a draw record flagged as a layer has its layer record")
                        }
                        // (Not a view with sublayers or an image: those change without
                        // invalidating the store, and are drawn live on the layer path.)
                        if flags.contains(.cache), end == index + 1, record.pointee.call == nil, !layer.hasLayerContents,
                           views[index]._withUnsafeGuaranteedRef({
                               $0.drawLayerFromStore(record, index: index, layer: layer, canvas: canvas, state: &state)
                           }) {
                            index += 1
                            continue
                        }
                        let subtree = views[index]._withUnsafeGuaranteedRef {
                            $0.openLayer(record, index: index, end: end, touched: touched, layer: layer,
                                         canvas: canvas, state: &state)
                        }
                        if end == index + 1 { closeLayer(subtree, base, layers, canvas) } else { open.append(subtree) }
                        index += 1
                        continue
                    } else {
                        if changesState {
                            canvas.saveState()
                            canvas.concatenate(record.pointee.local)
                            subtree.savedState = true
                        }
                        if grouped, end == index + 1, touched, flags.contains(.cache), record.pointee.drawRect != nil,
                           state.list != nil, canvas.isUnclipped,
                           views[index]._withUnsafeGuaranteedRef({
                               $0.drawContentFromStore(record, index: index, canvas: canvas, state: &state, alpha: alpha)
                           }) {
                            // A leaf whose store lands on whole pixels, with no
                            // clip in effect (an antialiased clip would weaken the
                            // group's edge pixels twice, the store's once): the
                            // store at its alpha is what its group would composite,
                            // without a group the size of the canvas (cairo sizes
                            // a group to the clip, here all of it: 1000 fading
                            // views cost 1000 canvas-sized groups).
                            subtree.close(canvas)
                            index += 1
                            continue
                        }
                        if grouped {
                            Self.beginGroup(record, count: end - index, canvas: canvas, offset: state.groupOffset)
                            subtree.groupAlpha = alpha
                        }
                    }
                    if index + 2 < count, let target = (record + 2).pointee.target {
                        // The memory the drawing call two views ahead reads (the
                        // object behind its handle, which host functions such as
                        // views->bounds read, and its plugin storage), fetched
                        // while this one draws: a frame's pixels push them out of
                        // the caches. (Without it, 10,000 tiles drew 3 % slower.)
                        easel_support_prefetch(UnsafeRawPointer(target), Int((record + 2).pointee.targetBytes))
                        if let storage = (record + 2).pointee.storage { easel_support_prefetch(storage, 64) }
                    }
                    if touched {
                        views[index]._withUnsafeGuaranteedRef {
                            $0.drawContent(record, index: index, canvas: canvas, state: &state)
                        }
                    }
                    if clips { canvas.clip(to: record.pointee.bounds) }
                    if end == index + 1 {
                        subtree.close(canvas)
                    } else {
                        open.append(subtree)
                    }
                    index += 1
                }
                while let last = open.popLast() {
                    if last.layer < 0 { last.close(canvas) } else { closeLayer(last, base, layers, canvas) }
                }
            }
        }
    }

    /// Opens the transparency group of the view whose record is `record`,
    /// bounded by the boxes of its subtree's `count` records (their bounds,
    /// shadows and layer contents on the canvas: nothing in the subtree draws
    /// outside them) when the canvas's point space is the list's canvas
    /// coordinates moved by `offset`; unbounded when `offset` is `nil`.
    static func beginGroup(_ record: UnsafePointer<DrawList.Record>, count: Int, canvas: Canvas,
                           offset: easel_point?) {
        guard let offset else {
            canvas.beginTransparencyGroup()
            return
        }
        var box = record.pointee.box
        var next = 1
        while next < count {
            box = box.dirtyUnion((record + next).pointee.box)
            next += 1
        }
        canvas.beginTransparencyGroup(within: easel_rect(x: box.origin.x + offset.x, y: box.origin.y + offset.y,
                                                         width: box.size.width, height: box.size.height))
    }

    /// Whether drawing the view at `index`, which does not touch the area
    /// being repainted, would draw nothing at all: true when none of its
    /// subviews touches the area either and none has subviews of its own (a
    /// host with its overlays, a leaf). The test is the one `draw` makes, so
    /// a render of one dirty view skips its untouched neighbours without
    /// calling cairo and with exactly the same result.
    @inline(__always)
    private static func drawsNothing(_ base: UnsafePointer<DrawList.Record>, _ index: Int, _ end: Int,
                                     state: RenderState) -> Bool {
        var child = index + 1
        while child < end {
            let record = base + child
            let next = Int(record.pointee.end)
            defer { child = next }
            if record.pointee.flags.contains(.hidden) { continue }
            guard next == child + 1 else { return false }
            let box = record.pointee.box
            let touched = state.full
                ? box.intersects(state.canvasRect)
                : state.region.contains(where: { $0.intersects(box) })
            if touched { return false }
        }
        return true
    }

    /// Opens a view with layer effects (View+Layer.swift), in Core
    /// Animation's order: its transform; its opacity as a group (or
    /// multiplied into its drawing); with `masksToBounds` the clip to the
    /// rounded bounds (which clips the shadow too); the shadow, of the shadow
    /// path or the rounded bounds when they are known to be its shape, else
    /// of everything the subtree draws, through a transparency layer; the
    /// background in the rounded shape and the view's content. The subtree
    /// then draws, and ``closeLayer`` draws the border and closes the rest.
    @inline(never)
    func openLayer(_ record: UnsafePointer<DrawList.Record>, index: Int, end: Int, touched: Bool,
                   layer: DrawList.LayerRecord, canvas: Canvas, state: inout RenderState) -> OpenSubtree {
        var subtree = OpenSubtree(end: end, translation: nil, savedState: true, groupAlpha: nil, layer: Int32(index))
        let bounds = record.pointee.bounds
        let alpha = record.pointee.alpha
        canvas.saveState()
        let local = record.pointee.local
        if !local.isIdentity { canvas.concatenate(local) }
        if alpha < 1 {
            if layer.groupOpacity {
                Self.beginGroup(record, count: end - index, canvas: canvas, offset: state.groupOffset)
                subtree.groupAlpha = alpha
            } else {
                canvas.setAlpha(canvas.state.alpha * alpha)
            }
        }
        if layer.masks {
            canvas.saveState()
            Self.addLayerShape(canvas, bounds, layer.radii)
            canvas.clip(rule: Int32(EASEL_FILL_NONZERO))
            subtree.maskSaved = true
        }
        if let shadow = layer.shadow {
            if layer.shadowShape != nil || layer.shadowOfBounds {
                // A known shape casts the shadow: painted with a clear fill.
                canvas.saveState()
                canvas.setShadow(offsetX: shadow.offsetX, offsetY: shadow.offsetY, blur: shadow.blur, color: shadow.color)
                if let path = layer.shadowShape { Self.addShadowPath(canvas, path) } else { Self.addLayerShape(canvas, bounds, layer.radii) }
                canvas.setFillColor(easel_color(red: 0, green: 0, blue: 0, alpha: 0))
                canvas.fillPath(rule: Int32(EASEL_FILL_NONZERO))
                canvas.restoreState()
            } else {
                // The shadow of the composited subtree: drawn into a
                // transparency layer, bounded by a clip to where it can reach,
                // whose alpha casts the shadow when it ends.
                canvas.saveState()
                canvas.clip(to: layer.shadowClip)
                canvas.setShadow(offsetX: shadow.offsetX, offsetY: shadow.offsetY, blur: shadow.blur, color: shadow.color)
                canvas.beginTransparencyLayer()
                subtree.shadowLayer = true
            }
        }
        if touched {
            if let background = layer.background {
                canvas.saveState()
                canvas.setFillColor(background)
                Self.addLayerShape(canvas, bounds, layer.radii)
                canvas.fillPath(rule: Int32(EASEL_FILL_NONZERO))
                canvas.restoreState()
            }
            drawContent(record, index: index, canvas: canvas, state: &state)
        }
        if record.pointee.flags.contains(.clips), !layer.masks { canvas.clip(to: bounds) }
        if layer.hasLayerContents { drawLayerContents(canvas) }
        return subtree
    }

    /// Closes what ``openLayer`` opened, drawing the border above the subtree first.
    @inline(never)
    private static func closeLayer(_ subtree: OpenSubtree, _ base: UnsafePointer<DrawList.Record>,
                                   _ layers: [Int: DrawList.LayerRecord], _ canvas: Canvas) {
        let index = Int(subtree.layer)
        closeLayer(subtree, bounds: base[index].bounds, layer: layers[index], canvas)
    }

    /// Closes what ``openLayer`` opened for a view with `bounds` and `layer`, drawing the border first.
    static func closeLayer(_ subtree: OpenSubtree, bounds: easel_rect, layer: DrawList.LayerRecord?, _ canvas: Canvas) {
        if let layer, layer.borderWidth > 0 {
            // Inside the bounds: between the rounded bounds and the same
            // shape inset by the width, with radii smaller by the width.
            let width = layer.borderWidth
            canvas.saveState()
            canvas.setFillColor(layer.borderColor)
            addLayerShape(canvas, bounds, layer.radii)
            let inner = easel_rect(x: bounds.origin.x + width, y: bounds.origin.y + width,
                                   width: bounds.size.width - 2 * width, height: bounds.size.height - 2 * width)
            if inner.size.width > 0, inner.size.height > 0 {
                let (a, b, c, d) = layer.radii
                addLayerShape(canvas, inner, (max(a - width, 0), max(b - width, 0), max(c - width, 0), max(d - width, 0)))
            }
            canvas.fillPath(rule: Int32(EASEL_FILL_EVEN_ODD))
            canvas.restoreState()
        }
        if subtree.shadowLayer {
            canvas.endTransparencyLayer(contentBounds: layer?.contentExtent)
            canvas.restoreState()
        }
        if subtree.maskSaved { canvas.restoreState() }
        if let groupAlpha = subtree.groupAlpha { canvas.endTransparencyGroup(alpha: groupAlpha) }
        canvas.restoreState()
    }

    /// Adds the bounds with their corner radii (top left, top right, bottom right, bottom left) to the path.
    private static func addLayerShape(_ canvas: Canvas, _ rect: easel_rect, _ radii: (Double, Double, Double, Double)) {
        if radii.0 > 0 || radii.1 > 0 || radii.2 > 0 || radii.3 > 0 {
            canvas.addRoundedRect(rect, topLeft: radii.0, topRight: radii.1, bottomRight: radii.2, bottomLeft: radii.3)
        } else {
            canvas.addRect(rect)
        }
    }

    /// Adds a shadow path to the canvas's path.
    private static func addShadowPath(_ canvas: Canvas, _ path: ShadowPath) {
        switch path {
        case .rect(let rect): canvas.addRect(rect)
        case .roundedRect(let rect, let radius):
            canvas.addRoundedRect(rect, topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
        case .ellipse(let rect): canvas.addEllipse(in: rect)
        case .polygon(let points):
            guard let first = points.first else { return }
            canvas.move(toX: first.x, y: first.y)
            for point in points.dropFirst() { canvas.addLine(toX: point.x, y: point.y) }
            canvas.closePath()
        }
    }

    @inline(__always)
    private func drawContent(_ record: UnsafePointer<DrawList.Record>, index: Int, canvas: Canvas,
                             state: inout RenderState) {
        if record.pointee.flags.contains(.cache), record.pointee.drawRect != nil, state.list != nil,
           drawContentFromStore(record, index: index, canvas: canvas, state: &state) { return }
        drawOwnContent(record, index: index, canvas: canvas, state: &state, dirty: nil)
    }

    /// Draws the view's content (underlay, background, `drawRect:`) into `canvas`, clipped to its bounds;
    /// `dirty` is the rect `drawRect:` gets (`nil`: the part of the bounds the render repaints).
    func drawOwnContent(_ record: UnsafePointer<DrawList.Record>, index: Int, canvas: Canvas,
                        state: inout RenderState, dirty: easel_rect?) {
        let flags = record.pointee.flags
        let method = record.pointee.drawRect
        let underlay = flags.contains(.underlay)
        let background = flags.contains(.background)
        guard underlay || background || method != nil else { return }
        let bounds = record.pointee.bounds
        canvas.saveState()
        // The view's drawing is clipped to its bounds; lazily, so that cairo
        // clips only drawing that may reach outside them (Canvas+Guard.swift).
        canvas.clipLazily(to: bounds)
        if underlay { canvas.fill(bounds, color: easel_color(red: 0, green: 0, blue: 0, alpha: 1)) }
        if background { canvas.fill(bounds, color: record.pointee.background) }
        if method != nil {
            var rect = bounds
            let toCanvas = record.pointee.toCanvas
            if let dirty {
                rect = dirty.isEmpty ? .zero : dirty
            } else if !state.full, let back = toCanvas.inverted() {
                let dirty = state.region.reduce(easel_rect.zero) { $0.dirtyUnion(back.apply(to: $1)) }.intersection(bounds)
                rect = dirty.isEmpty ? .zero : dirty
            }
            let hadError = canvas.hasError
            let depth = canvas.stateDepth
            if state.observer?.willDraw(self, in: canvas, toCanvas: toCanvas) ?? true {
                // The view's drawRect:, or for an overlay the host's method its
                // built-in drawRect: forwards to, called directly.
                if let call = record.pointee.call, let target = record.pointee.target {
                    let selector = record.pointee.selector
                    // The receiver is read from the handle without retaining it
                    // (the draw list holds it).
                    Unmanaged<EaselObject>.fromOpaque(UnsafeRawPointer(target))._withUnsafeGuaranteedRef { receiver in
                        call._withUnsafeGuaranteedRef { method in
                            PluginCalls.observe(receiver, selector, method) {
                                Self.callDrawRect(method, target: target, selector: selector, rect: rect)
                            }
                        }
                    }
                }
                state.drawn.append(Int32(index))
            }
            state.observer?.didDraw(self)
            if !hadError, canvas.hasError, state.failure == nil, let error = canvas.takeError() {
                state.failure = RenderError(drawing: self, reason: "\(error)")
            }
            // A UIKit view draws into its own context, so its unbalanced saves
            // vanish; here they would leak into the rest of the tree: drop them.
            // A restore without a save popped a state of the renderer: an error
            // of the plugin (the lost state is saved again to keep the
            // renderer's saves and restores balanced).
            if canvas.stateDepth < depth, !canvas.hasError {
                if state.failure == nil {
                    state.failure = RenderError(drawing: self, reason: "restore_state without a matching save_state")
                }
                for _ in canvas.stateDepth..<depth { canvas.saveState() }
            }
            if canvas.stateDepth > depth {
                for _ in depth..<canvas.stateDepth { canvas.restoreState() }
            }
        }
        canvas.restoreState()
    }
}

extension View {
    /// Sends a drawRect:-shaped message (`v@:{CGRect=…}`, checked when the
    /// method was resolved): EaselInvocation's direct call when the call frame
    /// allows it (as an invocation's fast path does), an invocation otherwise.
    @inline(__always)
    static func callDrawRect(_ method: Method, target: OpaquePointer, selector: Selector, rect: easel_rect) {
        if method.frame.fastPath == .voidRect {
            DirectCall.voidRect(method.implementation, UnsafeMutableRawPointer(target), UnsafeRawPointer(selector.pointer), rect)
            return
        }
        method.withInvocation { invocation in
            invocation.target = UnsafeMutableRawPointer(target)
            invocation.selector = UnsafeRawPointer(selector.pointer)
            var argument = rect
            invocation.setArgument(bytes: &argument, at: 2)
            invocation.invoke()
        }
    }
}

/// What a render carries down the tree.
struct RenderState {
    let full: Bool
    let region: [easel_rect]
    let canvasRect: easel_rect
    let observer: RenderObserver?
    /// The draw list whose stores a raster render uses (`nil` on a recording canvas: no stores).
    let list: DrawList?
    var drawn: [Int32] = []
    var failure: RenderError?
    /// Where the canvas's point space puts the list's canvas coordinates, when
    /// that is a translation (groups are then bounded by their subtree's boxes).
    var groupOffset: easel_point?
}

extension Canvas.Backing {
    /// Device pixels per point (1 for a recording).
    var scale: Double {
        switch self {
        case .recording: 1
        case .raster(let scale): scale
        }
    }
}

// MARK: - Dirty areas

extension easel_rect {
    /// Whether the rectangle marks nothing as needing display: it has zero
    /// width or height, or a size that is not finite.
    ///
    /// Stricter than CoreGraphics' ``isEmpty`` (which a rectangle of
    /// infinite size is not): a plugin's `setNeedsDisplayInRect:` with such a
    /// size marks nothing.
    fileprivate var coversNoDirtyArea: Bool {
        !(size.width != 0 && size.height != 0) || !size.width.isFinite || !size.height.isFinite
    }

    /// The smallest rectangle containing both dirty areas, where one that
    /// ``coversNoDirtyArea`` counts as nothing.
    ///
    /// Unlike ``union(_:)`` (CGRectUnion, which ignores only the null
    /// rectangle), an empty area anywhere does not stretch the result: a view
    /// of zero size does not widen its superview's extent. A rectangle with
    /// an infinite origin and a finite size (from a plugin) is not null here
    /// but a rectangle like any other, as it always was.
    fileprivate func dirtyUnion(_ other: easel_rect) -> easel_rect {
        if coversNoDirtyArea { return other.standardized }
        if other.coversNoDirtyArea { return standardized }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return easel_rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
}
