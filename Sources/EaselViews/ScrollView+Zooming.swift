import EaselGeometry
import EaselRuntime

// Zooming, as UIScrollView does it.
//
// The view for zooming is what the delegate's `viewForZoomingInScrollView:`
// (`@@:@`) returns: a subview of the scroll view, asked each time a zoom
// starts. Zooming at scale s sets that view's transform to a scale by s
// (about its centre), moves it so that its frame's origin is (0, 0), and
// makes `contentSize` its frame's size (its bounds size times s). A pinch
// (the scroll view's `pinchGestureRecognizer`, made when `maximumZoomScale`
// first exceeds `minimumZoomScale`) sets
//
//     s = s0 · pinch.scale    (s0: the scale when the fingers came down)
//
// and keeps the point of the view that was under the fingers' centroid
// under it: offset = p · s − c, with p that point in the view's own
// coordinates (its bounds origin (0, 0)) and c the centroid's place in the
// visible area (its location in the scroll view less the offset). Past a
// limit the scale goes half as far as the fingers ask (s = max + (s − max) / 2,
// s = min − (min − s) / 2) when `bouncesZoom`, else it stops there; when the
// fingers lift it springs back to the limit in 0.3 s (ease-out), the offset
// moving with it to keep the same point under the last centroid, clamped
// into the content. `setZoomScale(_:animated:)` zooms about the centre of
// the visible area, within the limits; the offset is clamped into the content.
//
// The delegate hears `scrollViewWillBeginZooming:withView:`,
// `scrollViewDidZoom:` at every change of the scale and
// `scrollViewDidEndZooming:withView:atScale:` when a zoom is over.

extension ScrollView {
    /// The view the delegate returns for zooming (`viewForZoomingInScrollView:`), if it is a subview.
    public var viewForZooming: View? {
        guard let delegate, let method = delegate.implementation(of: ScrollCalls.viewForZooming) else { return nil }
        let handle: UnsafeMutableRawPointer? = registry.withPluginCall {
            PluginCalls.observe(delegate, ScrollCalls.viewForZooming.selector, method) {
                method.withInvocation { invocation in
                    invocation.target = UnsafeMutableRawPointer(delegate.handle)
                    invocation.selector = UnsafeRawPointer(ScrollCalls.viewForZooming.selector.pointer)
                    var me: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(self.handle)
                    invocation.setArgument(bytes: &me, at: 2)
                    invocation.invoke()
                    return invocation.returnBytes.loadUnaligned(as: UnsafeMutableRawPointer?.self)
                }
            }
        }
        guard let handle, let view = EaselObject.from(handle: OpaquePointer(handle)) as? View else { return nil }
        guard view.superview === self else {
            registry.report(.error, "\(self): viewForZoomingInScrollView: returned \(view), which is not a subview of the scroll view; it does not zoom")
            return nil
        }
        return view
    }

    /// Sets the zoom scale (clamped to the limits) about the centre of the visible area.
    ///
    /// Does nothing without a view for zooming. When `animated`, the scale and the
    /// offset move there in 0.3 s (ease-out) on the media clock.
    public func setZoomScale(_ scale: Double, animated: Bool) {
        guard scale.isFinite, scale > 0 else { return }
        let target = min(max(scale, minimumZoomScale), maximumZoomScale)
        guard let view = viewForZooming else {
            zoomScale = target
            return
        }
        stopMotion()
        let size = bounds.size
        let centre = easel_point(x: size.width / 2, y: size.height / 2)
        let anchor = point(of: view, under: centre)
        let offset = clampedOffset(for: anchor, at: centre, scale: target, view: view)
        if animated {
            showIndicators()
            isZoomBouncing = true
            tellBeginZooming(view)
            start(.zoom(view: view, from: (zoomScale, contentOffset), to: (target, offset), time: mediaClock.time))
        } else {
            applyZoom(target, to: view, offset: offset)
        }
    }

    /// The point of `view` (its own coordinates) shown at `place` of the visible area.
    private func point(of view: View, under place: easel_point) -> easel_point {
        let content = easel_point(x: contentOffset.x + place.x, y: contentOffset.y + place.y)
        return view.convert(content, from: self)
    }

    /// Where the point `anchor` of the view lands in the content at `scale` (frame origin (0, 0)).
    private func contentPoint(_ anchor: easel_point, scale: Double, view: View) -> easel_point {
        let b = view.bounds
        return easel_point(x: (anchor.x - b.minX) * scale, y: (anchor.y - b.minY) * scale)
    }

    /// The offset that shows `anchor` at `place` at `scale`, clamped into the content at that scale.
    private func clampedOffset(for anchor: easel_point, at place: easel_point, scale: Double, view: View) -> easel_point {
        let point = contentPoint(anchor, scale: scale, view: view)
        let wanted = easel_point(x: point.x - place.x, y: point.y - place.y)
        let size = easel_size(width: view.bounds.size.width * scale, height: view.bounds.size.height * scale)
        let low = minimumOffset
        let high = easel_point(x: max(low.x, size.width + contentInset.right - bounds.size.width),
                               y: max(low.y, size.height + contentInset.bottom - bounds.size.height))
        return easel_point(x: min(max(wanted.x, low.x), high.x), y: min(max(wanted.y, low.y), high.y))
    }

    /// Scales the view, places it at (0, 0), follows it with `contentSize` and sets the offset.
    func applyZoom(_ scale: Double, to view: View, offset: easel_point) {
        let changed = scale != zoomScale
        zoomScale = scale
        view.transform = easel_affine_transform(scaleX: scale, y: scale)
        let b = view.bounds
        let size = easel_size(width: b.size.width * scale, height: b.size.height * scale)
        // The frame's origin at (0, 0): the centre sits at the anchor point's place in the scaled bounds.
        let anchor = view.anchorInBounds
        view.center = easel_point(x: (anchor.x - b.minX) * scale, y: (anchor.y - b.minY) * scale)
        contentSize = size
        contentOffset = offset
        if changed { tell(ScrollCalls.didZoom) }
    }

    func zoomLimitsChanged() {
        if maximumZoomScale > minimumZoomScale, pinchGestureRecognizer == nil,
           let pinch = try? registry.makeObject(ofClass: "PinchGestureRecognizer") as? PinchGestureRecognizer {
            addGestureRecognizer(pinch)
            pinch.addAction { [weak self] recognizer in
                guard let self, let pinch = recognizer as? PinchGestureRecognizer else { return }
                self.handlePinch(pinch)
            }
            pinchGestureRecognizer = pinch
        }
        pinchGestureRecognizer?.isEnabled = maximumZoomScale > minimumZoomScale
    }

    /// The scale the fingers ask for, with the rubber band past the limits.
    private func banded(_ scale: Double) -> Double {
        if scale > maximumZoomScale { return bouncesZoom ? maximumZoomScale + (scale - maximumZoomScale) / 2 : maximumZoomScale }
        if scale < minimumZoomScale { return bouncesZoom ? minimumZoomScale - (minimumZoomScale - scale) / 2 : minimumZoomScale }
        return scale
    }

    private func handlePinch(_ pinch: PinchGestureRecognizer) {
        switch pinch.state {
        case .began:
            guard let view = viewForZooming else { return }
            stopMotion()
            isZooming = true
            let centroid = pinch.location(in: self)
            zoomAnchor = (zoomScale, view.convert(centroid, from: self), view)
            showIndicators()
            tellBeginZooming(view)
            zoom(with: pinch)
        case .changed:
            zoom(with: pinch)
        case .ended, .cancelled:
            guard let anchor = zoomAnchor else { return }
            zoom(with: pinch)
            isZooming = false
            zoomAnchor = nil
            let view = anchor.view
            let target = min(max(zoomScale, minimumZoomScale), maximumZoomScale)
            let centroid = pinch.location(in: self)
            let place = easel_point(x: centroid.x - contentOffset.x, y: centroid.y - contentOffset.y)
            let offset = clampedOffset(for: view.convert(centroid, from: self), at: place, scale: target, view: view)
            if target != zoomScale || offset != contentOffset {
                isZoomBouncing = true
                start(.zoom(view: view, from: (zoomScale, contentOffset), to: (target, offset), time: mediaClock.time))
            } else {
                hideIndicatorsLater()
                tellEndZooming(view)
            }
        default:
            break
        }
    }

    private func zoom(with pinch: PinchGestureRecognizer) {
        guard let anchor = zoomAnchor, anchor.view.superview === self else { return }
        let scale = banded(anchor.scale * pinch.scale)
        let centroid = pinch.location(in: self)
        let place = easel_point(x: centroid.x - contentOffset.x, y: centroid.y - contentOffset.y)
        let point = contentPoint(anchor.point, scale: scale, view: anchor.view)
        applyZoom(scale, to: anchor.view, offset: easel_point(x: point.x - place.x, y: point.y - place.y))
    }

    private func tellBeginZooming(_ view: View) { tellTwo(ScrollCalls.willBeginZooming, view, scale: nil) }

    func tellEndZooming(_ view: View) { tellTwo(ScrollCalls.didEndZooming, view, scale: zoomScale) }

    private func tellTwo(_ call: HostCall, _ view: View, scale: Double?) {
        guard let delegate, let method = delegate.implementation(of: call) else { return }
        registry.withPluginCall {
            PluginCalls.observe(delegate, call.selector, method) {
                method.withInvocation { invocation in
                    invocation.target = UnsafeMutableRawPointer(delegate.handle)
                    invocation.selector = UnsafeRawPointer(call.selector.pointer)
                    var me: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(handle)
                    var zoomed: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(view.handle)
                    invocation.setArgument(bytes: &me, at: 2)
                    invocation.setArgument(bytes: &zoomed, at: 3)
                    if var scale { invocation.setArgument(bytes: &scale, at: 4) }
                    invocation.invoke()
                }
            }
        }
    }
}
