// Layout anchors (UIKit's NSLayoutAnchor): a view's attribute as a value, with
// methods that make the constraints that fit it — positions along one axis with
// each other, dimensions with dimensions or constants.

/// A horizontal position of a view: left, right, leading, trailing or centre X.
public struct LayoutXAxisAnchor {
    let item: AnchorItem
    let attribute: LayoutAttribute
}

/// A vertical position of a view: top, bottom or centre Y.
public struct LayoutYAxisAnchor {
    let item: AnchorItem
    let attribute: LayoutAttribute
}

/// A view's width or height.
public struct LayoutDimension {
    let item: AnchorItem
    let attribute: LayoutAttribute
}

/// The view of an anchor (a strong reference: an anchor keeps its view alive).
struct AnchorItem {
    let view: View
}

extension LayoutXAxisAnchor {
    /// `self == anchor + constant`, inactive.
    public func constraint(equalTo anchor: LayoutXAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        make(.equal, anchor.item.view, anchor.attribute, 1, constant)
    }
    /// `self <= anchor + constant`, inactive.
    public func constraint(lessThanOrEqualTo anchor: LayoutXAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor.item.view, anchor.attribute, 1, constant)
    }
    /// `self >= anchor + constant`, inactive.
    public func constraint(greaterThanOrEqualTo anchor: LayoutXAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor.item.view, anchor.attribute, 1, constant)
    }

    func make(_ relation: LayoutRelation, _ other: View?, _ otherAttribute: LayoutAttribute, _ multiplier: Double, _ constant: Double)
        -> LayoutConstraint
    {
        LayoutConstraint(checked: item.view, attribute, relation, other, otherAttribute, multiplier: multiplier, constant: constant)
    }
}

extension LayoutYAxisAnchor {
    /// `self == anchor + constant`, inactive.
    public func constraint(equalTo anchor: LayoutYAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        make(.equal, anchor.item.view, anchor.attribute, 1, constant)
    }
    /// `self <= anchor + constant`, inactive.
    public func constraint(lessThanOrEqualTo anchor: LayoutYAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor.item.view, anchor.attribute, 1, constant)
    }
    /// `self >= anchor + constant`, inactive.
    public func constraint(greaterThanOrEqualTo anchor: LayoutYAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor.item.view, anchor.attribute, 1, constant)
    }

    func make(_ relation: LayoutRelation, _ other: View?, _ otherAttribute: LayoutAttribute, _ multiplier: Double, _ constant: Double)
        -> LayoutConstraint
    {
        LayoutConstraint(checked: item.view, attribute, relation, other, otherAttribute, multiplier: multiplier, constant: constant)
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
        make(.equal, anchor.item.view, anchor.attribute, multiplier, constant)
    }
    /// `self <= multiplier × anchor + constant`, inactive.
    public func constraint(lessThanOrEqualTo anchor: LayoutDimension, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor.item.view, anchor.attribute, multiplier, constant)
    }
    /// `self >= multiplier × anchor + constant`, inactive.
    public func constraint(greaterThanOrEqualTo anchor: LayoutDimension, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor.item.view, anchor.attribute, multiplier, constant)
    }

    func make(_ relation: LayoutRelation, _ other: View?, _ otherAttribute: LayoutAttribute, _ multiplier: Double, _ constant: Double)
        -> LayoutConstraint
    {
        LayoutConstraint(checked: item.view, attribute, relation, other, otherAttribute, multiplier: multiplier, constant: constant)
    }
}

extension View {
    /// The left edge.
    public final var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: AnchorItem(view: self), attribute: .left) }
    /// The right edge.
    public final var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: AnchorItem(view: self), attribute: .right) }
    /// The leading edge (the left: Easel lays out left to right).
    public final var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: AnchorItem(view: self), attribute: .leading) }
    /// The trailing edge (the right).
    public final var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: AnchorItem(view: self), attribute: .trailing) }
    /// The horizontal centre.
    public final var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: AnchorItem(view: self), attribute: .centerX) }
    /// The top edge.
    public final var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: AnchorItem(view: self), attribute: .top) }
    /// The bottom edge.
    public final var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: AnchorItem(view: self), attribute: .bottom) }
    /// The vertical centre.
    public final var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: AnchorItem(view: self), attribute: .centerY) }
    /// The width.
    public final var widthAnchor: LayoutDimension { LayoutDimension(item: AnchorItem(view: self), attribute: .width) }
    /// The height.
    public final var heightAnchor: LayoutDimension { LayoutDimension(item: AnchorItem(view: self), attribute: .height) }
}
