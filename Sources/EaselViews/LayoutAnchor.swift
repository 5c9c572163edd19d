// Layout anchors (UIKit's NSLayoutAnchor): a view's attribute as a value, with
// methods that make the constraints that fit it — positions along one axis with
// each other, dimensions with dimensions or constants.

/// A horizontal position of a view: left, right, leading, trailing or centre X.
public struct LayoutXAxisAnchor {
    let item: AnchorItem
    let attribute: LayoutAttribute
}

/// A vertical position of a view: top, bottom, centre Y or a baseline.
public struct LayoutYAxisAnchor {
    let item: AnchorItem
    let attribute: LayoutAttribute
}

/// A view's width or height.
public struct LayoutDimension {
    let item: AnchorItem
    let attribute: LayoutAttribute
}

/// The view or guide of an anchor (a strong reference: an anchor keeps its item alive).
struct AnchorItem {
    let item: any LayoutItem
}

extension LayoutXAxisAnchor {
    /// `self == anchor + constant`, inactive.
    public func constraint(equalTo anchor: LayoutXAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        make(.equal, anchor.item.item, anchor.attribute, 1, constant)
    }
    /// `self <= anchor + constant`, inactive.
    public func constraint(lessThanOrEqualTo anchor: LayoutXAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor.item.item, anchor.attribute, 1, constant)
    }
    /// `self >= anchor + constant`, inactive.
    public func constraint(greaterThanOrEqualTo anchor: LayoutXAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor.item.item, anchor.attribute, 1, constant)
    }

    func make(_ relation: LayoutRelation, _ other: (any LayoutItem)?, _ otherAttribute: LayoutAttribute, _ multiplier: Double, _ constant: Double)
        -> LayoutConstraint
    {
        LayoutConstraint(checked: item.item, attribute, relation, other, otherAttribute, multiplier: multiplier, constant: constant)
    }
}

extension LayoutYAxisAnchor {
    /// `self == anchor + constant`, inactive.
    public func constraint(equalTo anchor: LayoutYAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        make(.equal, anchor.item.item, anchor.attribute, 1, constant)
    }
    /// `self <= anchor + constant`, inactive.
    public func constraint(lessThanOrEqualTo anchor: LayoutYAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor.item.item, anchor.attribute, 1, constant)
    }
    /// `self >= anchor + constant`, inactive.
    public func constraint(greaterThanOrEqualTo anchor: LayoutYAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor.item.item, anchor.attribute, 1, constant)
    }

    func make(_ relation: LayoutRelation, _ other: (any LayoutItem)?, _ otherAttribute: LayoutAttribute, _ multiplier: Double, _ constant: Double)
        -> LayoutConstraint
    {
        LayoutConstraint(checked: item.item, attribute, relation, other, otherAttribute, multiplier: multiplier, constant: constant)
    }
}

extension LayoutDimension {
    /// `self == constant`, inactive.
    public func constraint(equalToConstant constant: Double) -> LayoutConstraint { make(.equal, nil, .notAnAttribute, 1, constant) }
    /// `self <= constant`, inactive.
    public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        make(.lessThanOrEqual, nil, .notAnAttribute, 1, constant)
    }
    /// `self >= constant`, inactive.
    public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        make(.greaterThanOrEqual, nil, .notAnAttribute, 1, constant)
    }
    /// `self == multiplier × anchor + constant`, inactive.
    public func constraint(equalTo anchor: LayoutDimension, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        make(.equal, anchor.item.item, anchor.attribute, multiplier, constant)
    }
    /// `self <= multiplier × anchor + constant`, inactive.
    public func constraint(lessThanOrEqualTo anchor: LayoutDimension, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor.item.item, anchor.attribute, multiplier, constant)
    }
    /// `self >= multiplier × anchor + constant`, inactive.
    public func constraint(greaterThanOrEqualTo anchor: LayoutDimension, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor.item.item, anchor.attribute, multiplier, constant)
    }

    func make(_ relation: LayoutRelation, _ other: (any LayoutItem)?, _ otherAttribute: LayoutAttribute, _ multiplier: Double, _ constant: Double)
        -> LayoutConstraint
    {
        LayoutConstraint(checked: item.item, attribute, relation, other, otherAttribute, multiplier: multiplier, constant: constant)
    }
}

extension View {
    /// The left edge.
    public final var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: AnchorItem(item: self), attribute: .left) }
    /// The right edge.
    public final var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: AnchorItem(item: self), attribute: .right) }
    /// The leading edge (the left, or the right when the view lays out right to left).
    public final var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: AnchorItem(item: self), attribute: .leading) }
    /// The trailing edge (the right, or the left from right to left).
    public final var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: AnchorItem(item: self), attribute: .trailing) }
    /// The horizontal centre.
    public final var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: AnchorItem(item: self), attribute: .centerX) }
    /// The top edge.
    public final var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: AnchorItem(item: self), attribute: .top) }
    /// The bottom edge.
    public final var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: AnchorItem(item: self), attribute: .bottom) }
    /// The vertical centre.
    public final var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: AnchorItem(item: self), attribute: .centerY) }
    /// The first baseline (the bottom edge for a view without text).
    public final var firstBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: AnchorItem(item: self), attribute: .firstBaseline) }
    /// The last baseline (the bottom edge for a view without text).
    public final var lastBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: AnchorItem(item: self), attribute: .lastBaseline) }
    /// The width.
    public final var widthAnchor: LayoutDimension { LayoutDimension(item: AnchorItem(item: self), attribute: .width) }
    /// The height.
    public final var heightAnchor: LayoutDimension { LayoutDimension(item: AnchorItem(item: self), attribute: .height) }
}
