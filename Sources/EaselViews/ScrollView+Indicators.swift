import EaselGeometry

// Scroll indicators, as UIKit draws them: two thin rounded bars (3 points
// thick, black at 35 % opacity, corner radius 1.5) inside the right and the
// bottom edge, 3 points from the edges, each along a track that leaves room
// for the other. A bar's length is the track times the visible part of the
// content (bounds size / (content size + insets)), at least 36 points, less
// whatever the content is pulled past an edge (at least 3 points then); its
// position along the track follows the offset between the least and the
// greatest. Like UIKit's, they are subviews of the scroll view (kept in front
// of the others, not interactive), made the first time they show.
//
// They show (alpha 1) while a finger drags, while the content decelerates,
// bounces, zooms or moves in an animated `setContentOffset`, and after the
// content stops they stay `indicatorFadeDelay` (0.5 s) and fade out linearly
// over `indicatorFadeDuration` (0.3 s), on the media clock. A bar shows only
// for an axis whose content (with insets) is larger than the view, and when
// `showsVerticalScrollIndicator` / `showsHorizontalScrollIndicator` allow it.

extension ScrollView {
    /// The thickness of an indicator bar, in points.
    public static let indicatorThickness = 3.0
    /// The distance of an indicator bar from the edges of the view, in points.
    public static let indicatorInset = 3.0
    /// The shortest an indicator bar gets while the content is inside its edges, in points.
    public static let indicatorMinimumLength = 36.0
    /// How long the indicators stay after the content stops, in seconds.
    public static let indicatorFadeDelay = 0.5
    /// How long the indicators take to fade out, in seconds.
    public static let indicatorFadeDuration = 0.3
    /// The indicators' colour: black at 35 % opacity.
    public static let indicatorColor = easel_color(red: 0, green: 0, blue: 0, alpha: 0.35)

    /// The indicator bars that exist (made the first time they show), for tests and tools.
    public var scrollIndicators: (vertical: View?, horizontal: View?) { (verticalIndicator, horizontalIndicator) }

    /// Shows the indicators briefly, as after a scroll (`flashScrollIndicators`).
    public func flashScrollIndicators() {
        showIndicators()
        if motion == nil && !isDragging && !isZooming { hideIndicatorsLater() }
    }

    private var scrollsVertically: Bool { contentSize.height + contentInset.top + contentInset.bottom > bounds.size.height }
    private var scrollsHorizontally: Bool { contentSize.width + contentInset.left + contentInset.right > bounds.size.width }

    /// Shows the indicators at full opacity until ``hideIndicatorsLater()``.
    func showIndicators() {
        indicatorFadeStart = nil
        let vertical = showsVerticalScrollIndicator && scrollsVertically
        let horizontal = showsHorizontalScrollIndicator && scrollsHorizontally
        if vertical, verticalIndicator == nil { verticalIndicator = makeIndicator() }
        if horizontal, horizontalIndicator == nil { horizontalIndicator = makeIndicator() }
        verticalIndicator?.isHidden = !vertical
        horizontalIndicator?.isHidden = !horizontal
        verticalIndicator?.alpha = 1
        horizontalIndicator?.alpha = 1
        updateIndicators()
    }

    /// Starts the delay and the fade: the content stopped at `time` (default: now).
    func hideIndicatorsLater(from time: Double? = nil) {
        guard verticalIndicator != nil || horizontalIndicator != nil else { return }
        indicatorFadeStart = (time ?? mediaClock.time) + Self.indicatorFadeDelay
        observeClock()
        fadeIndicators(at: mediaClock.time)  // the clock may be past the fade already
    }

    /// The indicators' opacity at a time of the fade; removes the clock observer once they are gone.
    func fadeIndicators(at time: Double) {
        guard let start = indicatorFadeStart else { return }
        let alpha = min(1, max(0, 1 - (time - start) / Self.indicatorFadeDuration))
        verticalIndicator?.alpha = alpha
        horizontalIndicator?.alpha = alpha
        if alpha == 0 {
            indicatorFadeStart = nil
            verticalIndicator?.isHidden = true
            horizontalIndicator?.isHidden = true
            stopMotion()
        }
    }

    private func makeIndicator() -> View? {
        guard let bar = try? registry.makeView(ofClass: "View", frame: .zero) else { return nil }
        bar.backgroundColor = Self.indicatorColor
        bar.layer.cornerRadius = Self.indicatorThickness / 2
        bar.isUserInteractionEnabled = false
        bar.isOpaque = false
        try? addSubview(bar)
        return bar
    }

    /// Places the bars for the current offset, and keeps them in front of the other subviews.
    func updateIndicators() {
        let vertical = verticalIndicator.flatMap { $0.isHidden ? nil : $0 }
        let horizontal = horizontalIndicator.flatMap { $0.isHidden ? nil : $0 }
        guard vertical != nil || horizontal != nil else { return }
        let b = bounds
        let t = Self.indicatorThickness, inset = Self.indicatorInset
        let low = minimumOffset, high = maximumOffset, offset = contentOffset
        /// (start, length) of a bar along a track.
        func bar(track: Double, visible: Double, content: Double, offset: Double, low: Double, high: Double) -> (Double, Double) {
            guard track > 0, content > 0 else { return (0, 0) }
            var length = min(track, max(Self.indicatorMinimumLength, track * visible / content))
            let past = offset < low ? low - offset : (offset > high ? offset - high : 0)
            length = max(t, length - past)
            let fraction = high > low ? min(1, max(0, (offset - low) / (high - low))) : 0
            return ((track - length) * fraction, min(length, track))
        }
        if let vertical {
            let track = b.size.height - 2 * inset - (horizontal != nil ? t + inset : 0)
            let (start, length) = bar(track: track, visible: b.size.height,
                                      content: contentSize.height + contentInset.top + contentInset.bottom,
                                      offset: offset.y, low: low.y, high: high.y)
            vertical.frame = easel_rect(x: b.maxX - inset - t, y: b.minY + inset + start, width: t, height: length)
        }
        if let horizontal {
            let track = b.size.width - 2 * inset - (vertical != nil ? t + inset : 0)
            let (start, length) = bar(track: track, visible: b.size.width,
                                      content: contentSize.width + contentInset.left + contentInset.right,
                                      offset: offset.x, low: low.x, high: high.x)
            horizontal.frame = easel_rect(x: b.minX + inset + start, y: b.maxY - inset - t, width: length, height: t)
        }
        // In front of every other subview (below overlays), as UIKit keeps them.
        let bars = [verticalIndicator, horizontalIndicator].compactMap { $0 }
        for bar in bars {
            let front = subviews.lazy.filter { !($0 is OverlayView) }.suffix(bars.count)
            if !front.contains(where: { $0 === bar }) { try? bringSubviewToFront(bar) }
        }
    }
}
