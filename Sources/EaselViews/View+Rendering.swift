import EaselRuntime
import EaselABI
import CEaselSupport
import EaselCanvas
import EaselGeometry
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
    public internal(set) var drawnViews: [View] = []
    /// The repainted areas, in canvas points, rounded out to device pixels.
    public internal(set) var region: [easel_rect] = []
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
    /// The message.
    public var description: String { message }
}

extension View {
    // MARK: Marking areas

    /// Marks the whole view as needing display.
    public final func setNeedsDisplay() { setNeedsDisplay(in: bounds) }

    /// Marks a rectangle of the view (in its own coordinates) as needing display.
    public final func setNeedsDisplay(in rect: easel_rect) {
        guard !rect.coversNoDirtyArea, !isHidden else { return }
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

        var state = RenderState(full: full, region: report.region, canvasRect: canvasRect,
                                scale: canvas.backing.scale, observer: observer)
        registry.withActive {
            canvas.withCurrentContext {
                canvas.saveState()
                if full {
                    canvas.clear(canvasRect)
                    draw(parentToCanvas: .identity, canvas: canvas, state: &state)
                } else {
                    canvas.redraw(inside: report.region) { draw(parentToCanvas: .identity, canvas: canvas, state: &state) }
                }
                canvas.restoreState()
            }
        }
        report.drawnViews = state.drawn
        if let failure = state.failure { throw failure }
        if let error = canvas.takeError() {
            throw RenderError(message: "drawing failed: \(error)")
        }
        return report
    }

    // The canvas is passed down as a parameter (borrowed, so no reference
    // counting per view); render(into:mode:) holds it.
    private func draw(parentToCanvas: easel_affine_transform, canvas: Canvas, state: inout RenderState) {
        guard !isHidden, alpha > 0 else { return }
        if contentScaleFactor != state.scale { contentScaleFactor = state.scale }
        let local = downToSuperviewDown
        let toCanvas = local.concatenating(parentToCanvas)
        let boundsInCanvas = toCanvas.apply(to: bounds)
        let touched = state.full
            ? boundsInCanvas.intersects(state.canvasRect)
            : state.region.contains(where: { $0.intersects(boundsInCanvas) })
        if clipsToBounds && !touched { return }
        if !touched && drawsNothing(toCanvas: toCanvas, state: state) { return }
        let grouped = alpha < 1
        // A view that adds no transform, group or clip of its own leaves the
        // canvas's state as it found it (drawContent and each subview save
        // and restore around their own changes): it needs no save and
        // restore, and concatenating the identity changes nothing. An
        // overlay, which shares its host's coordinates, is such a view.
        let changesState = grouped || clipsToBounds || !local.isIdentity
        if changesState && !grouped && !clipsToBounds && local.isTranslation {
            // The common case: a view placed by a translation. The canvas can
            // keep it without saving its state (Canvas.beginTranslation).
            let translation = canvas.beginTranslation(x: local.tx, y: local.ty)
            drawSelfAndSubviews(toCanvas: toCanvas, touched: touched, canvas: canvas, state: &state)
            canvas.endTranslation(translation)
            return
        }
        if changesState {
            canvas.saveState()
            canvas.concatenate(local)
        }
        if grouped { canvas.beginTransparencyGroup() }
        drawSelfAndSubviews(toCanvas: toCanvas, touched: touched, canvas: canvas, state: &state)
        if grouped { canvas.endTransparencyGroup(alpha: alpha) }
        if changesState { canvas.restoreState() }
    }

    /// The view's own content (when it touches the area being drawn), the
    /// clip to its bounds when it clips its subviews, and its subviews.
    @inline(__always)
    private func drawSelfAndSubviews(toCanvas: easel_affine_transform, touched: Bool, canvas: Canvas,
                                     state: inout RenderState) {
        if touched { drawContent(toCanvas: toCanvas, canvas: canvas, state: &state) }
        if clipsToBounds { canvas.clip(to: bounds) }
        guard subviewElements != nil else { return }  // no subviews
        // The copy of the array keeps the subviews alive however drawing
        // changes the tree, so each is drawn without retaining it.
        let subviews = self.subviews
        subviews.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let elements = UnsafeRawPointer(base)
            let count = buffer.count
            for index in 0..<count {
                // Memory the next views' drawing reads, fetched a view or two
                // ahead: drawing a view takes far longer than a cache miss,
                // and a frame's pixels have pushed the views out of the caches.
                if index + 2 < count {
                    easel_support_prefetch(elements.load(fromByteOffset: (index + 2) * 8, as: UnsafeRawPointer.self),
                                           View.prefetchBytes)
                }
                if index + 1 < count {
                    Unmanaged<View>.fromOpaque(elements.load(fromByteOffset: (index + 1) * 8, as: UnsafeRawPointer.self))
                        ._withUnsafeGuaranteedRef { $0.prefetchStorageAndSubviewList() }
                }
                Unmanaged<View>.fromOpaque(elements.load(fromByteOffset: index * 8, as: UnsafeRawPointer.self))
                    ._withUnsafeGuaranteedRef { view in
                        view.prefetchSubviews()
                        view.draw(parentToCanvas: toCanvas, canvas: canvas, state: &state)
                    }
            }
        }
    }

    /// How much of a view object to fetch ahead: a view's stored properties
    /// span about 310 bytes and an overlay's about 370, which cross seven cache
    /// lines when the object (16-byte aligned) starts late in a line.
    /// `PrefetchTests` checks that every built-in view class's allocation,
    /// starting anywhere in a line, fits. (It was 384 while overlays had grown
    /// past it; 448 measured the same or slightly faster: 1000 tiles 1.08 vs
    /// 1.09–1.10 of direct cairo, 10,000 tiles 1.14–1.15 both.)
    package static let prefetchBytes = 448

    /// Fetches ahead the plugin storage and the subview list, which drawing reads.
    @inline(__always)
    private func prefetchStorageAndSubviewList() {
        easel_support_prefetch(UnsafeRawPointer(storage), 64)
        if let subviewElements { easel_support_prefetch(subviewElements, 64) }
    }

    /// Fetches ahead the first subviews' objects.
    @inline(__always)
    private func prefetchSubviews() {
        guard let subviewElements else { return }
        for index in 0..<min(subviews.count, 4) {
            easel_support_prefetch(subviewElements.load(fromByteOffset: index * 8, as: UnsafeRawPointer.self),
                                   View.prefetchBytes)
        }
    }

    /// Whether drawing the view, which does not touch the area being
    /// repainted, would draw nothing at all: true when none of its subviews
    /// touches the area either and none has subviews of its own (a host with
    /// its overlays, a leaf). The test is the one `draw` makes, with the same
    /// arithmetic, so a render of one dirty view skips its untouched
    /// neighbours without calling cairo and with exactly the same result.
    /// Records the canvas's scale on the subviews as drawing them would.
    private func drawsNothing(toCanvas: easel_affine_transform, state: RenderState) -> Bool {
        guard let elements = subviewElements else { return true }
        // Nothing here changes the tree: the subviews are read unretained.
        for index in 0..<subviews.count {
            let nothing = Unmanaged<View>.fromOpaque(elements.load(fromByteOffset: index * 8, as: UnsafeRawPointer.self))
                ._withUnsafeGuaranteedRef { subview -> Bool in
                    if subview.isHidden { return true }
                    guard subview.subviewElements == nil else { return false }
                    if subview.alpha > 0, subview.contentScaleFactor != state.scale {
                        subview.contentScaleFactor = state.scale
                    }
                    let box = subview.downToSuperviewDown.concatenating(toCanvas).apply(to: subview.bounds)
                    let touched = state.full
                        ? box.intersects(state.canvasRect)
                        : state.region.contains(where: { $0.intersects(box) })
                    return !touched
                }
            if !nothing { return false }
        }
        return true
    }

    private func drawContent(toCanvas: easel_affine_transform, canvas: Canvas, state: inout RenderState) {
        let method = drawRectImplementation
        let underlay = method != nil && isOpaque && clearsContextBeforeDrawing && backgroundColor == nil
        let background = backgroundColor.flatMap { $0.alpha > 0 ? $0 : nil }
        guard underlay || background != nil || method != nil else { return }
        canvas.saveState()
        // The view's drawing is clipped to its bounds; lazily, so that cairo
        // clips only drawing that may reach outside them (Canvas+Guard.swift).
        canvas.clipLazily(to: bounds)
        if underlay { canvas.fill(bounds, color: easel_color(red: 0, green: 0, blue: 0, alpha: 1)) }
        if let background { canvas.fill(bounds, color: background) }
        if let method {
            var rect = bounds
            if !state.full, let back = toCanvas.inverted() {
                let dirty = state.region.reduce(easel_rect.zero) { $0.dirtyUnion(back.apply(to: $1)) }.intersection(bounds)
                rect = dirty.isEmpty ? .zero : dirty
            }
            let hadError = canvas.hasError
            let depth = canvas.stateDepth
            if state.observer?.willDraw(self, in: canvas, toCanvas: toCanvas) ?? true {
                if classInfo.isOverlayForward {
                    // The built-in drawRect: of an overlay (an OverlayView), called directly.
                    unsafeDowncast(self, to: OverlayView.self).forwardDraw(rect)
                } else {
                    method._withUnsafeGuaranteedRef { method in
                        PluginCalls.observe(self, ViewCallbacks.drawRect.selector, method) {
                            Self.callDrawRect(method, target: handle, selector: ViewCallbacks.drawRect.selector, rect: rect)
                        }
                    }
                }
                state.drawn.append(self)
            }
            state.observer?.didDraw(self)
            if !hadError, canvas.hasError, state.failure == nil, let error = canvas.takeError() {
                state.failure = RenderError(message: "-[\(objectClass.name) drawRect:] failed: \(error)")
            }
            // A UIKit view draws into its own context, so its unbalanced saves
            // vanish; here they would leak into the rest of the tree: drop them.
            // A restore without a save popped a state of the renderer: an error
            // of the plugin (the lost state is saved again to keep the
            // renderer's saves and restores balanced).
            if canvas.stateDepth < depth, !canvas.hasError {
                if state.failure == nil {
                    state.failure = RenderError(
                        message: "-[\(objectClass.name) drawRect:] failed: restore_state without a matching save_state")
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

    /// `implementation(of: ViewCallbacks.drawRect)`, resolved once per class,
    /// unretained (the class keeps it alive).
    ///
    /// The answer depends only on the class (a class's methods never change,
    /// and the registry judges each method's signature once), so keeping it
    /// on the class saves two dictionary lookups per view and frame.
    final var drawRectImplementation: Unmanaged<Method>? {
        let info = classInfo
        if info.resolved { return info.drawRect }
        let method = implementation(of: ViewCallbacks.drawRect)
        info.drawRect = method.map { Unmanaged.passUnretained($0) }
        info.isOverlayForward = objectClass.instanceType == OverlayView.self
            && method?.implementation == BuiltInClasses.overlayDrawRectAddress
        info.resolved = true
        return info.drawRect
    }
}

/// What the renderer keeps per view class, resolved on first draw: what it
/// sends as `drawRect:` to instances. Attached to the runtime's class
/// (``ObjectClass/attachment(_:make:)``) and held by every view, so that a
/// render reads it without a lookup. The method is held unretained: the
/// class keeps its methods, so reading it costs no reference counting.
final class ViewClassInfo {
    /// The callable `drawRect:` of instances (`nil` when they have none).
    @exclusivity(unchecked) var drawRect: Unmanaged<Method>?
    /// Whether `drawRect` has been resolved.
    @exclusivity(unchecked) var resolved = false
    /// Whether `drawRect` is the built-in drawRect: of overlays.
    @exclusivity(unchecked) var isOverlayForward = false
}

/// What a render carries down the tree.
private struct RenderState {
    let full: Bool
    let region: [easel_rect]
    let canvasRect: easel_rect
    let scale: Double
    let observer: RenderObserver?
    var drawn: [View] = []
    var failure: RenderError?
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
