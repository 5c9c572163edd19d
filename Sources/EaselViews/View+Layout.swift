import EaselRuntime
import EaselABI
import EaselGeometry

// Layout, as UIKit does it: autoresizing when a superview's bounds change
// size, then `layoutSubviews` for views marked as needing layout, top-down,
// before every render (or on `layoutIfNeeded`).
//
// Autoresizing arithmetic (UIViewAutoresizing's documentation): along each
// axis the view's frame splits its superview's old extent into three parts
// (leading margin, size, trailing margin). The change in the superview's
// size goes to the flexible parts, "distributed proportionally" to their
// current lengths; when every flexible part is zero long, equally. With no
// flexible part the trailing margin absorbs it (the frame does not move).

extension View {
    /// Marks the view as needing `layoutSubviews` before the next render.
    public final func setNeedsLayout() {
        needsLayout = true
        // Mark the way down from the root; it is marked above the first
        // view already marked.
        var current: View? = self
        while let view = current, !view.subtreeNeedsLayout {
            view.subtreeNeedsLayout = true
            current = view.superview
        }
    }

    /// Lays out the view and its descendants now, where layout is pending.
    public final func layoutIfNeeded() {
        // No view below needs layout (`needsLayout` implies the mark).
        guard subtreeNeedsLayout else { return }
        // A view controller hears of its view's layout (View+IntrinsicContentSize.swift keeps the link).
        let controller = needsLayout ? layoutProperties?.viewController : nil
        controller?.viewWillLayoutSubviews()
        layoutConstraintsIfNeeded()  // frames from the constraints first (a root with active constraints only)
        subtreeNeedsLayout = false
        var guardCount = 0
        while needsLayout && guardCount < 8 {
            needsLayout = false
            layoutSubviews()
            guardCount += 1
        }
        controller?.viewDidLayoutSubviews()
        for subview in subviews { subview.layoutIfNeeded() }
    }

    /// Sends `layoutSubviews` to the view's plugin class when it implements it
    /// (the built-in `View` does nothing; autoresizing already happened).
    public final func layoutSubviews() {
        send(ViewCallbacks.layoutSubviews)
    }

    /// The size that best fits `size`: the plugin's `sizeThatFits:` when the
    /// class implements it, otherwise the current size (UIKit's default).
    public final func sizeThatFits(_ size: easel_size) -> easel_size {
        guard let method = implementation(of: ViewCallbacks.sizeThatFits) else { return bounds.size }
        return registry.withPluginCall {
            PluginCalls.observe(self, ViewCallbacks.sizeThatFits.selector, method) {
                method.withInvocation { invocation in
                    invocation.target = UnsafeMutableRawPointer(handle)
                    invocation.selector = UnsafeRawPointer(ViewCallbacks.sizeThatFits.selector.pointer)
                    var argument = size
                    invocation.setArgument(bytes: &argument, at: 2)
                    invocation.invoke()
                    return invocation.returnBytes.loadUnaligned(as: easel_size.self)
                }
            }
        }
    }

    /// Resizes the view to ``sizeThatFits(_:)`` of its current size, keeping its origin.
    public final func sizeToFit() {
        let fitted = sizeThatFits(bounds.size)
        guard fitted.width.isFinite, fitted.height.isFinite, fitted.width >= 0, fitted.height >= 0 else {
            registry.report(.error, "-[\(objectClass.name) sizeThatFits:] returned an invalid size \(fitted.width) x \(fitted.height)")
            return
        }
        let current = frame
        frame = easel_rect(origin: current.origin, size: fitted)
    }

    /// Autoresizes every subview after this view's bounds changed size from `oldSize`.
    final func resizeSubviews(from oldSize: easel_size) {
        let newSize = bounds.size
        for subview in subviews where !(subview is OverlayView) {
            subview.autoresize(superviewFrom: oldSize, to: newSize)
        }
    }

    /// Applies the autoresizing mask for a superview size change.
    final func autoresize(superviewFrom old: easel_size, to new: easel_size) {
        let mask = autoresizingMask
        guard !mask.isEmpty else { return }
        var f = frame
        // A right-handed superview's frames run bottom-up: its "top" margin is measured from maxY.
        let topFirst = !(superview?.isRightHanded ?? false)
        let (x, width) = View.distribute(
            delta: new.width - old.width, leading: f.minX, size: f.width, trailing: old.width - f.maxX,
            flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)))
        let topFlex = mask.contains(.flexibleTopMargin), bottomFlex = mask.contains(.flexibleBottomMargin)
        let (y, height) = View.distribute(
            delta: new.height - old.height, leading: f.minY, size: f.height, trailing: old.height - f.maxY,
            flexible: (topFirst ? topFlex : bottomFlex, mask.contains(.flexibleHeight), topFirst ? bottomFlex : topFlex))
        f = easel_rect(x: x, y: y, width: width, height: height)
        if f != frame { frame = f }
    }

    /// Distributes `delta` over the flexible parts of (leading, size, trailing); returns the new leading and size.
    static func distribute(delta: Double, leading: Double, size: Double, trailing: Double,
                           flexible: (Bool, Bool, Bool)) -> (Double, Double) {
        let parts = [leading, size, trailing]
        let flex = [flexible.0, flexible.1, flexible.2]
        let count = flex.filter { $0 }.count
        guard count > 0, delta != 0 else { return (leading, size) }
        let total = zip(parts, flex).reduce(0) { $0 + ($1.1 ? $1.0 : 0) }
        func share(_ index: Int) -> Double {
            guard flex[index] else { return 0 }
            return total > 0 ? delta * parts[index] / total : delta / Double(count)
        }
        return (leading + share(0), max(size + share(1), 0))
    }
}

extension View {
    /// The view's rectangle as Auto Layout sees it (LayoutEngine.swift): its bounds' size placed
    /// where its center and anchor point put it with the identity transform, in its superview's
    /// down space (y down from the top of the superview's bounds, also when the superview is
    /// right-handed). Equal to ``frame`` for an untransformed view in an ordinary superview.
    /// Setting it sets the center and the bounds' size, never the transform.
    final var layoutRect: easel_rect {
        get {
            let anchor = layerStorage?.anchorPoint ?? easel_point(x: 0.5, y: 0.5)
            var center = storedCenter
            if let superview, superview.isRightHanded { center = superview.ownToDown.apply(to: center) }
            let size = storedBounds.size
            return easel_rect(x: center.x - anchor.x * size.width, y: center.y - anchor.y * size.height,
                              width: size.width, height: size.height)
        }
        set {
            let new = newValue.standardized
            guard new.origin.x.isFinite, new.origin.y.isFinite, new.size.width.isFinite, new.size.height.isFinite else { return }
            let anchor = layerStorage?.anchorPoint ?? easel_point(x: 0.5, y: 0.5)
            var center = easel_point(x: new.origin.x + anchor.x * new.size.width, y: new.origin.y + anchor.y * new.size.height)
            // The flip of a right-handed superview is its own inverse.
            if let superview, superview.isRightHanded { center = superview.ownToDown.apply(to: center) }
            self.center = center
            bounds = easel_rect(origin: storedBounds.origin, size: new.size)
        }
    }
}
