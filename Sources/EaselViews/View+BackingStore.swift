import EaselABI
import EaselCanvas
import EaselGeometry

// Backing stores: a view's drawn content, kept in pixels and composited
// instead of drawn again.
//
// In UIKit every view's layer keeps what `drawRect:` drew (its backing
// store); moving, turning, fading or reordering the view composites those
// pixels, and `drawRect:` runs again only when the view is marked with
// `setNeedsDisplay`, when its size changes and its `contentMode` is
// `redraw`, or when its scale changes. Easel does the same on raster
// canvases. When a view starts keeping a store is the root's
// ``View/backingStorePolicy``:
//
//   - ``BackingStorePolicy/firstDraw`` (the default, UIKit's behaviour): a
//     view that draws content (`drawRect:`, or an overlay's host method), and
//     a leaf view with layer effects and no content (a card with rounded
//     corners, a border and a shadow), is drawn into a store from its first
//     draw on, within the budget: a view moved 1000 times draws once;
//   - ``BackingStorePolicy/onChange``, for a tree rendered once (`easel
//     render` of a scene, the gallery, the golden tests): such a view is
//     drawn directly into the frame, as with cairo, and keeps a store only
//     once it changes in a way that composites (moved, resized, turned,
//     faded, hidden, reordered; or one of its ancestors is) after its tree
//     was rendered: from the next render on, its content is drawn once into a
//     store and then composited. A single frame pays for no store.
//
// Setting a view's ``View/contentMode`` asks for a store from its first draw
// under either policy. Views with only a background, and views with
// sublayers or an image, keep no store (they are cheap to fill, or their
// layers change without marking the view).
//
// What a store holds:
//   - for a view with content (`drawRect:`, or an overlay's host method):
//     the underlay, the background and the drawing, in the bounds, exactly
//     what the renderer would draw there; the layer's shadow and border stay
//     live;
//   - for a view with layer effects and no content or subviews (a card with
//     rounded corners, a border and a shadow), placed by a translation: all of
//     it, the shadow too, over the area the shadow reaches.
//
// The store's scale is the canvas's device scale times the view's scale on
// the canvas (the square root of the determinant of its transform to the
// canvas), so a view scaled up 2x is drawn again at twice the pixels while a
// rotation keeps the store. Under a translation the store is drawn at the
// view's sub-pixel phase on the canvas, so compositing it copies whole
// pixels: the frame's pixels are those drawing directly gives wherever
// each pixel of the content is drawn by one operation (and in general within
// rounding of them). A move by a fraction of a device pixel, a rotation or a
// contentMode placement resamples the pixels bilinearly, as Core Animation does.
//
// Stores are redrawn (only the marked part, for `setNeedsDisplayInRect:`)
// when the view is marked, when its bounds' origin changes (it scrolls the
// content), when its size changes and its contentMode is `redraw`, when its
// scale changes, and when its background, opacity, clearing or (for a layer
// store) layer properties change. Recording canvases (SVG, PDF, scalable
// PNG) never use stores: their output stays vector.
//
// Memory: each tree (its draw list) keeps the stores of its views within a
// budget (``View/backingStoreBudget``, on the root, 64 MiB by default). A
// full render drops the stores of views it did not draw (off the canvas,
// hidden, removed); when a new store would exceed the budget, the least
// recently drawn stores are dropped first, and if that is not enough the
// view is drawn directly. A dropped store is drawn again when next needed.

/// When the views of a tree start keeping their drawn content in backing stores (``View/backingStorePolicy``).
public enum BackingStorePolicy: Hashable, Sendable {
    /// From a view's first draw, as UIKit keeps every layer's content: later
    /// frames composite it (the default).
    case firstDraw
    /// Only once a view changes after its tree was rendered: a tree rendered
    /// once, as `easel render` renders a scene, pays for no store.
    case onChange
}

/// What a view keeps about its content: its content mode and its backing store.
final class ContentStorage {
    var contentMode = ContentMode.scaleToFill
    var contentStretch = easel_rect(x: 0, y: 0, width: 1, height: 1)
    /// Whether the view keeps its content in a store when drawn on a raster canvas.
    var keepsStore = false
    /// The store, when one is made (and not dropped).
    var store: BackingStore?
    /// On a root view: the budget of its tree's stores, in bytes.
    var budget: Int?
    /// On a root view: when its tree's views start keeping stores.
    var policy: BackingStorePolicy?
}

/// A view's kept pixels (see the top of this file).
final class BackingStore {
    enum Kind { case content, layer }
    let kind: Kind
    /// The pixels: a raster canvas at `scale`.
    let canvas: Canvas
    /// Pixels per point of the view's down space.
    let scale: Double
    /// Where the store's top-left pixel corner lies, in the view's down space when drawn.
    let origin: easel_point
    /// The view's bounds when the content was drawn.
    let bounds: easel_rect
    /// For a layer store: the area it covers, in the view's down space.
    let extent: easel_rect
    /// The part needing drawing, in the view's down space (`nil`: none).
    var invalid: easel_rect?
    /// A plugin-declared property changed since the store was last drawn whole: a full render
    /// draws it all again (as it did before stores), a dirty-region render only what is marked.
    var staleForFullRender = false
    let bytes: Int
    /// The number of the render that last composited it.
    var lastUsed = 0
    /// The storage holding it (the pool drops it through this).
    weak var owner: ContentStorage?

    init(kind: Kind, canvas: Canvas, scale: Double, origin: easel_point, bounds: easel_rect, extent: easel_rect, owner: ContentStorage) {
        self.kind = kind
        self.canvas = canvas
        self.scale = scale
        self.origin = origin
        self.bounds = bounds
        self.extent = extent
        let pixels = canvas.pixelSize
        bytes = pixels.width * pixels.height * 4
        self.owner = owner
        invalid = extent
    }

    /// Whether the store is still the one its view keeps.
    var isLive: Bool { owner?.store === self }

    func invalidateAll() { invalid = extent }

    func invalidate(_ rect: easel_rect) {
        let clipped = rect.intersection(extent)
        guard !clipped.isEmpty else { return }
        invalid = invalid.map { $0.union(clipped) } ?? clipped
    }
}

/// The stores of one draw list, within a budget.
struct StorePool {
    var stores: [BackingStore] = []
    var bytes = 0
    /// The number of the current render.
    var frame = 0

    mutating func add(_ store: BackingStore) {
        stores.append(store)
        bytes += store.bytes
    }

    /// Drops stores that are no longer kept, and with `dropUnused`, those the render did not use.
    mutating func sweep(dropUnused: Bool) {
        var kept: [BackingStore] = []
        var total = 0
        for store in stores where store.isLive {
            if dropUnused, store.lastUsed != frame {
                store.owner?.store = nil
                continue
            }
            kept.append(store)
            total += store.bytes
        }
        stores = kept
        bytes = total
    }

    /// The render in which the stores not used by it could not make room (no use trying again in it).
    var exhaustedFrame = -1

    /// Drops the least recently used stores not used by this render until `needed` more bytes fit in `budget`
    /// (and a quarter of the budget more, so that the next stores fit without another pass); returns whether they fit.
    mutating func makeRoom(_ needed: Int, budget: Int) -> Bool {
        if bytes + needed <= budget { return true }
        guard exhaustedFrame != frame else { return false }
        sweep(dropUnused: false)
        if bytes + needed <= budget { return true }
        let target = max(budget - budget / 4 - needed, 0)
        evict(downTo: target, sparing: frame)
        if bytes + needed > budget { exhaustedFrame = frame }
        return bytes + needed <= budget
    }

    /// Drops the least recently used stores (those of render `sparing` last) until at most `target` bytes are kept.
    mutating func evict(downTo target: Int, sparing: Int? = nil) {
        guard bytes > target else { return }
        let order = stores.indices.filter { stores[$0].lastUsed != sparing }.sorted { stores[$0].lastUsed < stores[$1].lastUsed }
        var dropped = Set<Int>()
        for index in order {
            if bytes <= target { break }
            stores[index].owner?.store = nil
            bytes -= stores[index].bytes
            dropped.insert(index)
        }
        stores = stores.indices.filter { !dropped.contains($0) }.map { stores[$0] }
    }
}

extension View {
    /// The default budget of a tree's backing stores: 64 MiB.
    public static let defaultBackingStoreBudget = 64 << 20

    /// The most bytes the backing stores of this view's tree may hold (set it on the root view; 64 MiB by default).
    ///
    /// When a new store would exceed it, the least recently drawn stores are
    /// dropped (and drawn again when needed); a view whose store does not fit
    /// even then is drawn directly. 0 turns stores off for the tree.
    public final var backingStoreBudget: Int {
        get { rootView.layerStorage?.content?.budget ?? View.defaultBackingStoreBudget }
        set { rootView.contentStorage.budget = max(newValue, 0) }
    }

    /// When the views of this view's tree start keeping their content in
    /// backing stores (set it on the root view; ``BackingStorePolicy/firstDraw`` by default).
    ///
    /// With ``BackingStorePolicy/firstDraw`` a view that draws content is
    /// drawn into its store from its first render on, so moving, turning or
    /// fading it never calls `drawRect:` again; with
    /// ``BackingStorePolicy/onChange`` it is drawn directly until it changes
    /// after a render, which suits a tree rendered once. A view whose
    /// ``contentMode`` is set keeps a store from its first draw either way.
    public final var backingStorePolicy: BackingStorePolicy {
        get { rootView.layerStorage?.content?.policy ?? .firstDraw }
        set {
            let root = rootView
            guard root.backingStorePolicy != newValue else { return }
            root.contentStorage.policy = newValue
            root.drawList = nil   // its records say which views keep stores
        }
    }

    /// Draws the view's tree as a frame at `scale` pixels per point would,
    /// without keeping the frame: each view that keeps a backing store keeps
    /// what it drew, as Core Animation's display pass fills the layers'
    /// stores before anything is composited (`CALayer.displayIfNeeded`).
    ///
    /// A scene's `display` step calls it, so that a view resized by a later
    /// step places its kept content by its ``contentMode`` instead of being
    /// drawn at its new size. The tree's ``backingStorePolicy`` applies.
    ///
    /// - Parameter scale: Device pixels per point (the scale of the render to come: a store at
    ///   another scale is drawn again).
    /// - Returns: The report of the pass (the views it drew).
    /// - Throws: ``RenderError`` when a drawing call failed, or the tree is too large to draw.
    @discardableResult
    public final func display(scale: Double) throws(RenderError) -> RenderReport {
        let root = rootView
        let width = max(root.frame.maxX, 1), height = max(root.frame.maxY, 1)
        let canvas: Canvas
        do {
            canvas = try Canvas(width: width, height: height, backing: .raster(scale: scale))
        } catch {
            throw RenderError(message: "cannot display the tree of \(root) at scale \(scale): \(error)")
        }
        return try root.render(into: canvas, mode: .full)
    }

    /// The bytes the backing stores of this view's tree hold, as of its last render.
    public final var backingStoreBytes: Int {
        rootView.drawList?.pool.stores.reduce(0) { $0 + ($1.isLive ? $1.bytes : 0) } ?? 0
    }

    /// Whether the view's content is kept in a backing store (made by a render on a raster canvas).
    public final var hasBackingStore: Bool { layerStorage?.content?.store != nil }

    /// Marks part of the view's store (in its own coordinates) as needing drawing.
    @inline(__always)
    final func invalidateBackingStore(_ rect: easel_rect) {
        guard let store = layerStorage?.content?.store else { return }
        store.invalidate(isRightHanded ? ownToDown.apply(to: rect) : rect)
    }

    /// Marks all of the view's store as needing drawing.
    @inline(__always)
    final func invalidateBackingStore() {
        layerStorage?.content?.store?.invalidateAll()
    }

    /// Marks the view's store as drawn from values that changed: the next full render draws it
    /// whole; a dirty-region render keeps the unmarked parts, as UIKit's backing store does.
    final func markBackingStoreStale() {
        layerStorage?.content?.store?.staleForFullRender = true
    }

    /// Drops the stores of the view and its subtree (a view leaving its tree).
    final func dropBackingStores() {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            view.layerStorage?.content?.store = nil
            pending.append(contentsOf: view.subviews)
        }
    }

    /// The scale a store of the view drawn under `toCanvas` has: device pixels per point of its down space.
    static func storeScale(_ toCanvas: easel_affine_transform, _ deviceScale: Double) -> Double {
        let determinant = abs(toCanvas.a * toCanvas.d - toCanvas.b * toCanvas.c)
        return deviceScale * (determinant == 1 ? 1 : determinant.squareRoot())
    }

    /// Makes a store covering `extent` of the view's down space, at the view's sub-pixel phase when
    /// `toCanvas` is a translation; `nil` when it would be too large or does not fit the budget.
    func makeStore(_ kind: BackingStore.Kind, extent: easel_rect, bounds: easel_rect, toCanvas: easel_affine_transform,
                   deviceScale: Double, content: ContentStorage, list: DrawList) -> BackingStore? {
        let scale = Self.storeScale(toCanvas, deviceScale)
        var phaseX = 0.0, phaseY = 0.0
        if toCanvas.isTranslation {
            let x = (toCanvas.tx + extent.origin.x) * deviceScale, y = (toCanvas.ty + extent.origin.y) * deviceScale
            phaseX = x - x.rounded(.down)
            phaseY = y - y.rounded(.down)
        }
        let width = (phaseX + extent.size.width * scale).rounded(.up), height = (phaseY + extent.size.height * scale).rounded(.up)
        guard width >= 1, height >= 1, width <= 8192, height <= 8192 else { return nil }
        let budget = list.root.backingStoreBudget
        guard list.pool.makeRoom(Int(width * height) * 4, budget: budget) else { return nil }
        // Slightly less than the pixels in points: the canvas rounds its size up.
        guard let canvas = try? Canvas(width: (width - 0.25) / scale, height: (height - 0.25) / scale,
                                       backing: .raster(scale: scale)) else { return nil }
        let origin = easel_point(x: extent.origin.x - phaseX / scale, y: extent.origin.y - phaseY / scale)
        let store = BackingStore(kind: kind, canvas: canvas, scale: scale, origin: origin, bounds: bounds, extent: extent, owner: content)
        content.store = store
        list.pool.add(store)
        return store
    }

    /// Composites the view's content from its store, drawing the store first
    /// where it needs it; returns `false` when the view is to be drawn directly.
    ///
    /// With `alpha` (a leaf view below full alpha, no group open for it),
    /// the store is composited at that alpha only when it lands on whole
    /// device pixels without a clip: then its transparency group would hold
    /// exactly the store's pixels, and painting them at the alpha gives the
    /// group's result without a group the size of the canvas. Otherwise
    /// (resampled or clipped: the group's rounding differs) it returns
    /// `false`, having brought the store up to date, and the caller opens
    /// the group.
    @inline(never)
    func drawContentFromStore(_ record: UnsafePointer<DrawList.Record>, index: Int, canvas: Canvas,
                              state: inout RenderState, alpha: Double? = nil) -> Bool {
        guard let content = layerStorage?.content, content.keepsStore, let list = state.list else { return false }
        let toCanvas = record.pointee.toCanvas
        let bounds = record.pointee.bounds
        let deviceScale = canvas.deviceScale
        let scale = Self.storeScale(toCanvas, deviceScale)
        var store = content.store
        if let kept = store {
            let sameScale = abs(kept.scale - scale) <= 1e-9 * scale
            let resizedOnly = kept.bounds.origin == bounds.origin && content.contentMode != .redraw
            if kept.kind != .content || !sameScale || (kept.bounds != bounds && (!resizedOnly || kept.invalid != nil)) {
                content.store = nil
                store = nil
            }
        }
        if store == nil {
            guard let made = makeStore(.content, extent: bounds, bounds: bounds, toCanvas: toCanvas,
                                       deviceScale: deviceScale, content: content, list: list) else { return false }
            store = made
        }
        guard let store else { return false }
        store.lastUsed = list.pool.frame
        if store.staleForFullRender && state.full { store.invalidateAll() }
        if let invalid = store.invalid {
            if invalid == store.extent { store.staleForFullRender = false }
            // Whole store pixels: a partial redraw cuts no pixel partly.
            let s = store.scale, o = store.origin
            let x0 = ((invalid.minX - o.x) * s).rounded(.down), y0 = ((invalid.minY - o.y) * s).rounded(.down)
            let x1 = ((invalid.maxX - o.x) * s).rounded(.up), y1 = ((invalid.maxY - o.y) * s).rounded(.up)
            let area = easel_rect(x: o.x + x0 / s, y: o.y + y0 / s, width: (x1 - x0) / s, height: (y1 - y0) / s)
            store.invalid = nil
            let pixels = store.canvas
            var copy = record.pointee
            copy.flags.remove(.cache)
            copy.toCanvas = easel_affine_transform(translationX: -o.x, y: -o.y)
            pixels.withCurrentContext {
                pixels.saveState()
                let placed = pixels.beginTranslation(x: -o.x, y: -o.y)
                pixels.clip(to: area)
                pixels.clear(area)
                withUnsafePointer(to: &copy) { drawOwnContent($0, index: index, canvas: pixels, state: &state,
                                                              dirty: area.intersection(bounds)) }
                pixels.endTranslation(placed)
                pixels.restoreState()
            }
            if pixels.hasError {
                // A failed store stays failed (cairo's model): the failure is reported; start afresh next time.
                _ = pixels.takeError()
                content.store = nil
            }
        }
        // The content, placed in the bounds as its mode says when the size
        // changed, clipped to them as drawing is (resampled pixels spread
        // a pixel beyond the bounds, where the render may not repaint).
        // A store on whole device pixels needs no clip (an antialiased clip
        // would weaken its edge pixels a second time).
        if store.bounds == bounds, toCanvas.isTranslation {
            let x = (toCanvas.tx + store.origin.x) * deviceScale, y = (toCanvas.ty + store.origin.y) * deviceScale
            if abs(x - x.rounded()) < 1e-6, abs(y - y.rounded()) < 1e-6 {
                canvas.paintPixels(of: store.canvas, at: store.origin, alpha: alpha ?? 1)
                return true
            }
        }
        if alpha != nil { return false }
        canvas.saveState()
        canvas.clipLazily(to: bounds)
        defer { canvas.restoreState() }
        if store.bounds == bounds {
            canvas.paintPixels(of: store.canvas, at: store.origin)
            return true
        }
        let from = store.bounds
        let stretch = content.contentStretch
        if content.contentMode == .scaleToFill, stretch != easel_rect(x: 0, y: 0, width: 1, height: 1) {
            for (sx, sw, dx, dw) in stretchSegments(content: from.origin.x, from.size.width, unit: (stretch.origin.x, stretch.size.width),
                                                    into: bounds.origin.x, bounds.size.width) {
                for (sy, sh, dy, dh) in stretchSegments(content: from.origin.y, from.size.height, unit: (stretch.origin.y, stretch.size.height),
                                                        into: bounds.origin.y, bounds.size.height) {
                    guard sw > 0, sh > 0 else { continue }
                    let a = dw / sw, d = dh / sh
                    canvas.paintPixels(of: store.canvas, at: store.origin,
                                       placement: easel_affine_transform(a: a, b: 0, c: 0, d: d, tx: dx - sx * a, ty: dy - sy * d),
                                       clip: easel_rect(x: sx, y: sy, width: sw, height: sh))
                }
            }
            return true
        }
        let placed = content.contentMode.placement(of: from.size, in: bounds)
        let a = from.size.width > 0 ? placed.size.width / from.size.width : 1
        let d = from.size.height > 0 ? placed.size.height / from.size.height : 1
        canvas.paintPixels(of: store.canvas, at: store.origin,
                           placement: easel_affine_transform(a: a, b: 0, c: 0, d: d,
                                                             tx: placed.origin.x - from.origin.x * a, ty: placed.origin.y - from.origin.y * d),
                           clip: from)
        return true
    }

    /// Draws a leaf view with layer effects and no content from its layer
    /// store (shadow, background, border), drawing the store first where it
    /// needs it; returns `false` when the view is to be drawn on the layer path.
    @inline(never)
    func drawLayerFromStore(_ record: UnsafePointer<DrawList.Record>, index: Int, layer: DrawList.LayerRecord,
                            canvas: Canvas, state: inout RenderState) -> Bool {
        guard let content = layerStorage?.content, content.keepsStore, let list = state.list else { return false }
        let toCanvas = record.pointee.toCanvas, local = record.pointee.local
        guard toCanvas.isTranslation, local.isTranslation else { return false }
        let alpha = record.pointee.alpha
        guard alpha >= 1 || layer.groupOpacity else { return false }
        let bounds = record.pointee.bounds
        let box = record.pointee.box
        let extent = easel_rect(x: box.origin.x - toCanvas.tx, y: box.origin.y - toCanvas.ty, width: box.size.width, height: box.size.height)
        let deviceScale = canvas.deviceScale
        var store = content.store
        if let kept = store, kept.kind != .layer || kept.scale != deviceScale || kept.bounds != bounds || kept.extent != extent {
            content.store = nil
            store = nil
        }
        if store == nil {
            guard let made = makeStore(.layer, extent: extent, bounds: bounds, toCanvas: toCanvas,
                                       deviceScale: deviceScale, content: content, list: list) else { return false }
            store = made
        }
        guard let store else { return false }
        store.lastUsed = list.pool.frame
        if store.invalid != nil {
            store.invalid = nil
            let pixels = store.canvas
            let o = store.origin
            var copy = record.pointee
            copy.flags.remove(.cache)
            copy.local = easel_affine_transform(translationX: -o.x, y: -o.y)
            copy.toCanvas = copy.local
            copy.alpha = 1
            pixels.withCurrentContext {
                pixels.saveState()
                pixels.clear(easel_rect(x: 0, y: 0, width: pixels.width + 1, height: pixels.height + 1))
                let subtree = withUnsafePointer(to: &copy) {
                    openLayer($0, index: index, end: index + 1, touched: true, layer: layer, canvas: pixels, state: &state)
                }
                Self.closeLayer(subtree, bounds: bounds, layer: layer, pixels)
                pixels.restoreState()
            }
            if pixels.hasError {
                _ = pixels.takeError()
                content.store = nil
            }
        }
        let placed = canvas.beginTranslation(x: local.tx, y: local.ty)
        canvas.paintPixels(of: store.canvas, at: store.origin, alpha: alpha)
        canvas.endTranslation(placed)
        return true
    }

    /// After a render: drops the stores of views a full render did not draw, and those no longer kept.
    static func sweepStores(_ list: DrawList, full: Bool) {
        guard !list.pool.stores.isEmpty else { return }
        list.pool.sweep(dropUnused: full)
        let budget = list.root.backingStoreBudget
        if list.pool.bytes > budget { list.pool.evict(downTo: budget) }
    }
}

extension View {
    /// How the view's kept content is placed when its bounds change size (``ContentMode/scaleToFill`` by default, as in UIKit).
    ///
    /// Setting it also asks for a backing store from the view's first draw,
    /// whatever the tree's ``backingStorePolicy`` (see ``hasBackingStore``):
    /// the content is then kept for later frames.
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
                (self as? ImageView)?.imageChanged()
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

    /// ``contentMode`` as its raw value, for the `"contentMode"` property (`q`).
    var contentModeValue: Int64 {
        get { Int64(contentMode.rawValue) }
        set { if let mode = ContentMode(rawValue: Int(clamping: newValue)) { contentMode = mode } }
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
