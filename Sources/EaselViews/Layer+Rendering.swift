import EaselABI
import EaselCanvas
import EaselDrawingExtensions
import EaselGeometry
import EaselRuntime

// Drawing standalone layers (Layer.swift), on the renderer's layer path:
// a view with sublayers or an image is flagged as a layer in its draw record
// and ``View/drawLayerContents(_:)`` runs after its own content, before its
// subviews. Nothing here runs for views without them.

enum LayerCalls {
    /// What a layer sends its delegate to draw (CALayerDelegate's `drawLayer:inContext:`).
    static let drawLayerInContext = HostCall("drawLayer:inContext:", "v@:@" + EASEL_ENCODE_CONTEXT)
}

extension Layer {
    /// Draws the layer and its sublayers; the canvas is in the superlayer's coordinates.
    func render(in canvas: Canvas, depth: Int) {
        let values = self.drawn
        guard !values.isHidden, values.opacity > 0, depth <= Self.maximumDepth else { return }
        canvas.saveState()
        canvas.concatenate(Self.toSuperlayer(values))
        let grouped = values.opacity < 1
        if grouped { canvas.beginTransparencyGroup() }
        let bounds = values.bounds
        let radius = min(values.cornerRadius, bounds.size.width / 2, bounds.size.height / 2)
        if values.masksToBounds {
            canvas.saveState()
            addShape(canvas, bounds, radius)
            canvas.clip(rule: Int32(EASEL_FILL_NONZERO))
        }
        let shadowed = Self.castsShadow(values)
        if shadowed {
            // The shadow of everything the layer draws: a transparency layer
            // whose alpha casts it. Core Animation's offset and blur are in
            // the layer's space; the canvas takes them in its points.
            let toCanvas = canvas.currentTransform
            let offset = values.shadowOffset
            let scale = abs(toCanvas.a * toCanvas.d - toCanvas.b * toCanvas.c).squareRoot()
            var color = values.shadowColor
            color.alpha *= values.shadowOpacity
            canvas.saveState()
            // Offsets the canvas refuses (beyond twice its largest size) are clamped: such a shadow falls off the canvas anyway.
            func clamp(_ value: Double) -> Double { value.isFinite ? min(max(value, -60_000), 60_000) : 0 }
            canvas.setShadow(offsetX: clamp(toCanvas.a * offset.width + toCanvas.c * offset.height),
                             offsetY: clamp(toCanvas.b * offset.width + toCanvas.d * offset.height),
                             blur: clamp(2 * values.shadowRadius * scale), color: color)
            canvas.beginTransparencyLayer()
        }
        if let background = values.backgroundColor, background.alpha > 0 {
            canvas.saveState()
            canvas.setFillColor(background)
            addShape(canvas, bounds, radius)
            canvas.fillPath(rule: Int32(EASEL_FILL_NONZERO))
            canvas.restoreState()
        }
        Self.contentsDrawing(values)?.draw(in: bounds, canvas: canvas)
        if let delegate { drawDelegate(delegate, canvas: canvas, bounds: bounds) }
        for sublayer in Self.drawingOrder(sublayers) { sublayer.render(in: canvas, depth: depth + 1) }
        if values.borderWidth > 0, values.borderColor.alpha > 0 {
            let width = values.borderWidth
            canvas.saveState()
            canvas.setFillColor(values.borderColor)
            addShape(canvas, bounds, radius)
            let inner = easel_rect(x: bounds.origin.x + width, y: bounds.origin.y + width,
                                   width: bounds.size.width - 2 * width, height: bounds.size.height - 2 * width)
            if inner.size.width > 0, inner.size.height > 0 { addShape(canvas, inner, max(radius - width, 0)) }
            canvas.fillPath(rule: Int32(EASEL_FILL_EVEN_ODD))
            canvas.restoreState()
        }
        if shadowed {
            canvas.endTransparencyLayer(contentBounds: nil)
            canvas.restoreState()
        }
        if values.masksToBounds { canvas.restoreState() }
        if grouped { canvas.endTransparencyGroup(alpha: values.opacity) }
        canvas.restoreState()
    }

    private func addShape(_ canvas: Canvas, _ rect: easel_rect, _ radius: Double) {
        if radius > 0 {
            canvas.addRoundedRect(rect, topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
        } else {
            canvas.addRect(rect)
        }
    }

    /// Sends `drawLayer:inContext:` to the delegate, the canvas clipped to the bounds; unbalanced saves are undone.
    private func drawDelegate(_ delegate: EaselObject, canvas: Canvas, bounds: easel_rect) {
        guard let method = delegate.implementation(of: LayerCalls.drawLayerInContext) else { return }
        canvas.saveState()
        canvas.clip(to: bounds)
        let depth = canvas.stateDepth
        let context = canvas.context
        PluginCalls.observe(delegate, LayerCalls.drawLayerInContext.selector, method) {
            method.withInvocation { invocation in
                invocation.target = UnsafeMutableRawPointer(delegate.handle)
                invocation.selector = UnsafeRawPointer(LayerCalls.drawLayerInContext.selector.pointer)
                var layer: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(self.handle)
                var handle: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(context)
                invocation.setArgument(bytes: &layer, at: 2)
                invocation.setArgument(bytes: &handle, at: 3)
                invocation.invoke()
            }
        }
        if canvas.stateDepth < depth, !canvas.hasError {
            registry.report(.error, "-[\(delegate.objectClass.name) drawLayer:inContext:]: restore_state without a matching save_state")
            for _ in canvas.stateDepth..<depth { canvas.saveState() }
        }
        if canvas.stateDepth > depth {
            for _ in depth..<canvas.stateDepth { canvas.restoreState() }
        }
        canvas.restoreState()
    }
}

extension View {
    /// Draws what the view's layer holds besides its own content: its image
    /// (an image view's) and its standalone sublayers, in the view's down space.
    @inline(never)
    final func drawLayerContents(_ canvas: Canvas) {
        guard let storage = layerStorage else { return }
        if let contents = shownContents(storage) { contents.draw(in: storedBounds, canvas: canvas) }
        for sublayer in Layer.drawingOrder(storage.sublayers) { sublayer.render(in: canvas, depth: 1) }
    }

    /// The view's image with the layer's `contentsRect` (its presented value while it animates).
    private func shownContents(_ storage: LayerStorage) -> LayerContents? {
        guard var contents = storage.contents else { return nil }
        contents.rect = storage.animations == nil ? storage.contentsRect : presentedValue(.contentsRect).rect.standardized
        return contents
    }

    /// The area the view's image and sublayers cover, in its down space (`nil` without either).
    final var layerContentsExtent: easel_rect? {
        guard let storage = layerStorage, storage.contents != nil || !storage.sublayers.isEmpty else { return nil }
        var extent = shownContents(storage).map { $0.placement(in: storedBounds) }
        for sublayer in storage.sublayers where !sublayer.isHidden {
            let box = sublayer.toSuperlayer.apply(to: sublayer.extent)
            extent = extent.map { $0.union(box) } ?? box
        }
        return extent
    }
}
