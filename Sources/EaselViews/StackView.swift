import EaselABI
import EaselRuntime

// The stack view (UIKit's UIStackView), the built-in class `StackView`, built on
// the constraint engine as UIKit's is: it lays out its arranged subviews in a row
// (horizontal axis) or a column (vertical) with constraints it makes and remakes
// whenever the arrangement changes (an arranged view added, removed, hidden or
// shown, or a property set). Its arranged views are placed by constraints
// (`translatesAutoresizingMaskIntoConstraints` false).
//
// Along the axis ("leading" and "trailing" below are top and bottom for a
// vertical stack): the first visible view's leading edge is the stack's, the
// last one's trailing edge too; between neighbours, for
//   - fill: `next.leading == previous.trailing + spacing`; the sizes come from
//     the views' intrinsic sizes, hugging and compression resistance (between
//     views that hug alike, the last one stretches);
//   - fillEqually: the same, and every view as long as the first;
//   - fillProportionally: the same, and each view's length in proportion to its
//     intrinsic length (its current length without one), at priority 999;
//   - equalSpacing: `next.leading >= previous.trailing + spacing`, and a spacer
//     layout guide between each pair, all as long as the first (views keep their
//     intrinsic sizes; the room left goes to the gaps);
//   - equalCentering: `next.leading >= previous.trailing + spacing`, and spacer
//     guides from centre to centre, all as long as the first at priority 999.
// Across it: fill (both edges the stack's), leading or top, trailing or bottom,
// center, and for a horizontal stack firstBaseline and lastBaseline (the views'
// baselines equal, the block touching the top). For alignments other than fill,
// each view also hugs the stack's far edge at priority 49, so that a stack whose
// cross size nothing else sets is as thick as its thickest view.
//
// Hidden arranged views collapse: they keep their place in `arrangedSubviews`,
// lie at the stack's leading edge with a length of 0, and the spacing around
// them goes.

/// The axis of a stack view (UIKit's `NSLayoutConstraint.Axis` for stacks).
public enum StackAxis: Int64, Sendable, CaseIterable {
    case horizontal = 0, vertical = 1
}

/// How a stack view sizes its arranged views along its axis (UIKit's values).
public enum StackDistribution: Int64, Sendable, CaseIterable {
    case fill = 0, fillEqually = 1, fillProportionally = 2, equalSpacing = 3, equalCentering = 4
}

/// How a stack view places its arranged views across its axis (UIKit's values; `leading`
/// is `top` and `trailing` is `bottom` for a horizontal stack).
public enum StackAlignment: Int64, Sendable, CaseIterable {
    case fill = 0, leading = 1, firstBaseline = 2, center = 3, trailing = 4, lastBaseline = 5

    /// UIKit's name for a horizontal stack's `leading`.
    public static let top = StackAlignment.leading
    /// UIKit's name for a horizontal stack's `trailing`.
    public static let bottom = StackAlignment.trailing
}

/// A view that lays out its arranged subviews in a row or a column with constraints:
/// the built-in class `StackView` (UIKit's `UIStackView`).
public final class StackView: View {
    /// The arranged subviews, in order (each is also a subview).
    public private(set) var arrangedSubviews: [View] = []
    /// The managed constraints and spacer guides.
    private var managed: [LayoutConstraint] = []
    private var spacers: [LayoutGuide] = []

    /// Horizontal (a row, the default) or vertical (a column).
    public var axis = StackAxis.horizontal { didSet { if axis != oldValue { arrange() } } }
    /// How the arranged views share the length (default fill).
    public var distribution = StackDistribution.fill { didSet { if distribution != oldValue { arrange() } } }
    /// How the arranged views sit across the axis (default fill).
    public var alignment = StackAlignment.fill { didSet { if alignment != oldValue { arrange() } } }
    /// The space between neighbours (the least space for the equal spacing and centering distributions).
    public var spacing: Double = 0 {
        didSet {
            if !spacing.isFinite { spacing = oldValue }
            if spacing != oldValue { arrange() }
        }
    }

    /// Adds a view at the end of the arranged subviews (and as the last subview, unless it is one).
    public func addArrangedSubview(_ view: View) throws(ViewError) {
        try insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts a view among the arranged subviews at `index` (0...count).
    public func insertArrangedSubview(_ view: View, at index: Int) throws(ViewError) {
        guard index >= 0, index <= arrangedSubviews.count else {
            throw ViewError("cannot insert an arranged subview at \(index): the stack has \(arrangedSubviews.count)")
        }
        if view.superview !== self { try addSubview(view) }
        if let old = arrangedSubviews.firstIndex(where: { $0 === view }) {
            arrangedSubviews.remove(at: old)
            arrangedSubviews.insert(view, at: old < index ? index - 1 : index)
        } else {
            arrangedSubviews.insert(view, at: index)
        }
        view.translatesAutoresizingMaskIntoConstraints = false
        arrange()
    }

    /// Takes a view out of the arranged subviews; it stays a subview (UIKit's).
    public func removeArrangedSubview(_ view: View) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        arrange()
    }

    /// A subview leaving the stack leaves the arranged subviews too.
    func subviewLeft(_ view: View) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        managed.removeAll { constraint in
            let mentions = constraint.firstItem === view || constraint.secondItem === view
            if mentions { constraint.deactivate() }
            return mentions
        }
        arrange()
    }

    func arrangedSubviewVisibilityChanged(_ view: View) {
        if arrangedSubviews.contains(where: { $0 === view }) { arrange() }
    }

    /// Remakes the managed constraints.
    func arrange() {
        LayoutConstraint.deactivate(managed)
        managed = []
        let horizontal = axis == .horizontal
        let (lead, trail, size, center): (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            horizontal ? (.leading, .trailing, .width, .centerX) : (.top, .bottom, .height, .centerY)
        let (crossLead, crossTrail, crossSize, crossCenter): (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            horizontal ? (.top, .bottom, .height, .centerY) : (.leading, .trailing, .width, .centerX)
        var made: [LayoutConstraint] = []
        func add(_ item: any LayoutItem, _ attribute: LayoutAttribute, _ relation: LayoutRelation, _ other: (any LayoutItem)?,
                 _ otherAttribute: LayoutAttribute, multiplier: Double = 1, constant: Double = 0, priority: LayoutPriority = .required) {
            let constraint = LayoutConstraint(checked: item, attribute, relation, other, otherAttribute, multiplier: multiplier, constant: constant)
            constraint.priority = priority
            constraint.identifier = "StackView"
            made.append(constraint)
        }
        let visible = arrangedSubviews.filter { !$0.isHidden }
        for view in arrangedSubviews where view.isHidden {
            add(view, lead, .equal, self, lead)
            add(view, size, .equal, nil, .notAnAttribute)
            add(view, crossLead, .equal, self, crossLead)
            add(view, crossSize, .equal, nil, .notAnAttribute)
        }
        if let first = visible.first, let last = visible.last {
            add(first, lead, .equal, self, lead)
            add(last, trail, .equal, self, trail)
        }
        // Along the axis.
        let pairs = Array(zip(visible, visible.dropFirst()))
        while spacers.count < pairs.count, [.equalSpacing, .equalCentering].contains(distribution) {
            spacers.append(makeLayoutGuide(identifier: "StackView-spacer"))
        }
        for (index, (previous, next)) in pairs.enumerated() {
            switch distribution {
            case .fill, .fillEqually, .fillProportionally:
                add(next, lead, .equal, previous, trail, constant: spacing)
            case .equalSpacing:
                add(next, lead, .greaterThanOrEqual, previous, trail, constant: spacing)
                let spacer = spacers[index]
                add(spacer, lead, .equal, previous, trail)
                add(spacer, trail, .equal, next, lead)
                if index > 0 { add(spacer, size, .equal, spacers[0], size) }
                add(spacer, crossLead, .equal, self, crossLead)
                add(spacer, crossSize, .equal, nil, .notAnAttribute)
            case .equalCentering:
                add(next, lead, .greaterThanOrEqual, previous, trail, constant: spacing)
                let spacer = spacers[index]
                add(spacer, lead, .equal, previous, center)
                add(spacer, trail, .equal, next, center)
                if index > 0 { add(spacer, size, .equal, spacers[0], size, priority: 999) }
                add(spacer, crossLead, .equal, self, crossLead)
                add(spacer, crossSize, .equal, nil, .notAnAttribute)
            }
        }
        if distribution == .fill {
            // Views that hug alike leave open which one stretches: the last one does (a weak
            // wish to keep its intrinsic length on every other view breaks the tie).
            for view in visible.dropLast() {
                let intrinsic = horizontal ? view.intrinsicContentSize.width : view.intrinsicContentSize.height
                if intrinsic >= 0 { add(view, size, .equal, nil, .notAnAttribute, constant: intrinsic, priority: 1) }
            }
        }
        if distribution == .fillEqually, let first = visible.first {
            for view in visible.dropFirst() { add(view, size, .equal, first, size) }
        }
        if distribution == .fillProportionally, !visible.isEmpty {
            let lengths = visible.map { view -> Double in
                let intrinsic = horizontal ? view.intrinsicContentSize.width : view.intrinsicContentSize.height
                return intrinsic >= 0 ? intrinsic : (horizontal ? view.bounds.size.width : view.bounds.size.height)
            }
            let total = lengths.reduce(0, +)
            if total > 0 {
                let gaps = spacing * Double(visible.count - 1)
                for (view, length) in zip(visible, lengths) {
                    let share = length / total
                    add(view, size, .equal, self, size, multiplier: share, constant: -gaps * share, priority: 999)
                }
            }
        }
        // Across it.
        let baseline: LayoutAttribute? = horizontal && alignment == .firstBaseline ? .firstBaseline
            : horizontal && alignment == .lastBaseline ? .lastBaseline : nil
        for view in visible {
            switch alignment {
            case .fill:
                add(view, crossLead, .equal, self, crossLead)
                add(view, crossTrail, .equal, self, crossTrail)
            case .leading:
                add(view, crossLead, .equal, self, crossLead)
                add(view, crossTrail, .lessThanOrEqual, self, crossTrail)
                add(view, crossTrail, .equal, self, crossTrail, priority: 49)
            case .trailing:
                add(view, crossTrail, .equal, self, crossTrail)
                add(view, crossLead, .greaterThanOrEqual, self, crossLead)
                add(view, crossLead, .equal, self, crossLead, priority: 49)
            case .center:
                add(view, crossCenter, .equal, self, crossCenter)
                add(view, crossLead, .greaterThanOrEqual, self, crossLead)
                add(view, crossLead, .equal, self, crossLead, priority: 49)
            case .firstBaseline, .lastBaseline:
                guard let baseline else {
                    // A vertical stack has no baseline alignment across it: fill.
                    add(view, crossLead, .equal, self, crossLead)
                    add(view, crossTrail, .equal, self, crossTrail)
                    continue
                }
                if let first = visible.first, view !== first { add(view, baseline, .equal, first, baseline) }
                add(view, crossLead, .greaterThanOrEqual, self, crossLead)
                add(view, crossTrail, .lessThanOrEqual, self, crossTrail)
                add(view, crossLead, .equal, self, crossLead, priority: 49)
                add(view, crossTrail, .equal, self, crossTrail, priority: 48)
            }
        }
        for constraint in made {
            do { try constraint.activate() } catch { registry.report(.error, "StackView: \(error.message)") }
        }
        managed = made
        setNeedsLayout()
    }

    // MARK: Properties by name (scenes, property_get/property_set)

    final var axisValue: Int64 {
        get { axis.rawValue }
        set { axis = StackAxis(rawValue: newValue) ?? axis }
    }
    final var distributionValue: Int64 {
        get { distribution.rawValue }
        set { distribution = StackDistribution(rawValue: newValue) ?? distribution }
    }
    final var alignmentValue: Int64 {
        get { alignment.rawValue }
        set { alignment = StackAlignment(rawValue: newValue) ?? alignment }
    }

    /// `axis`, `distribution`, `alignment` (UIKit's numbers, `q`) and `spacing` (`d`).
    nonisolated(unsafe) static let stackProperties: [String: BuiltInProperty] = [
        "axis": .value("q", \StackView.axisValue),
        "distribution": .value("q", \StackView.distributionValue),
        "alignment": .value("q", \StackView.alignmentValue),
        "spacing": .value("d", \StackView.spacing),
    ]
}
