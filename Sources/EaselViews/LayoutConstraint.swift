import EaselABI
import EaselRuntime
import Synchronization

// Auto Layout's constraint model on views (UIKit's NSLayoutConstraint):
// `item1.attribute1 relation multiplier × item2.attribute2 + constant` at a
// priority, solved by EaselConstraintSolver (LayoutEngine.swift) before the
// views' own `layoutSubviews`.

/// A part of a view's frame that a constraint relates (UIKit's `NSLayoutConstraint.Attribute`).
///
/// Leading and trailing are left and right, or right and left for an item whose
/// ``View/effectiveUserInterfaceLayoutDirection`` is right to left. The raw values are
/// UIKit's (`NSLayoutAttribute`), as in the C table (`EASEL_LAYOUT_ATTRIBUTE_*`).
public enum LayoutAttribute: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline, firstBaseline
    /// No attribute: the second item of a constraint on a size alone (`width == 100`).
    case notAnAttribute = 0

    /// True for `width` and `height`.
    public var isDimension: Bool { self == .width || self == .height }

    /// True for leading and trailing (which cannot be related to left and right).
    public var isDirectional: Bool { self == .leading || self == .trailing }

    /// True for the attributes along the horizontal axis.
    public var isHorizontal: Bool { [.left, .right, .leading, .trailing, .width, .centerX].contains(self) }

    /// UIKit's name: `leading`, `centerX`, …
    public var description: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .firstBaseline: "firstBaseline"
        case .lastBaseline: "lastBaseline"
        case .notAnAttribute: "notAnAttribute"
        }
    }
}

/// How the two sides of a constraint compare (UIKit's `NSLayoutConstraint.Relation`).
public enum LayoutRelation: Int32, Sendable, CustomStringConvertible {
    case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1

    /// `<=`, `==` or `>=`.
    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// A layout priority, 1 to 1000 (UIKit's `UILayoutPriority`); 1000 is required.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    /// 1000: the constraint must hold.
    public static let required = LayoutPriority(1000)
    /// 750.
    public static let defaultHigh = LayoutPriority(750)
    /// 250.
    public static let defaultLow = LayoutPriority(250)
    /// 50: the priority at which a view wants to be as small as its content allows.
    public static let fittingSizeLevel = LayoutPriority(50)

    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A constraint between the frames of views (UIKit's `NSLayoutConstraint`):
/// `firstItem.firstAttribute relation multiplier × secondItem.secondAttribute + constant`.
///
/// Create one with ``init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)``
/// or an anchor (`label.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16)`),
/// then activate it (``isActive``, ``activate(_:)``). The items must be in one view tree
/// when the constraint is activated. Changing ``constant`` of an active constraint is
/// incremental (the solver shifts what depends on it); so are activating and deactivating.
public final class LayoutConstraint: CustomStringConvertible {
    /// The view or guide on the left-hand side (weak, as UIKit's: a constraint does not keep its items alive).
    public private(set) weak var firstItem: (any LayoutItem)?
    /// Its attribute.
    public let firstAttribute: LayoutAttribute
    /// How the sides compare.
    public let relation: LayoutRelation
    /// The view or guide on the right-hand side, if any (weak).
    public private(set) weak var secondItem: (any LayoutItem)?
    /// Its attribute (``LayoutAttribute/notAnAttribute`` without a second item).
    public let secondAttribute: LayoutAttribute
    /// The factor applied to the second attribute.
    public let multiplier: Double
    /// A name for reports.
    public var identifier: String?

    /// The constant added to the right-hand side; changing it on an active constraint is incremental.
    ///
    /// Changed inside an animation block (``View/animate(withDuration:delay:options:animations:completion:)``),
    /// the constant of an active constraint animates from its old value: the frames it gives move
    /// with the block's timing, frame by frame on the media clock.
    public var constant: Double {
        didSet {
            guard constant != oldValue else { return }
            guard constant.isFinite else {
                constant = oldValue
                return
            }
            engine?.constantChanged(self, by: constant - oldValue)
            // Inside an animation block the change animates (Animation/ConstantAnimation.swift).
            constantChanged(from: oldValue)
        }
    }

    /// The constant the layout uses while an animation runs, or nil (the model ``constant``).
    ///
    /// The hook for the animation engine: set it each frame to the interpolated value and to
    /// nil at the end. The first value makes the constant an edit variable of the solver;
    /// the values after it are suggestions (incremental: no re-solve); nil puts the model
    /// constant back. ``constant`` may change meanwhile; it takes effect when this is nil.
    public var presentationConstant: Double? {
        didSet {
            if let value = presentationConstant, !value.isFinite { presentationConstant = oldValue; return }
            guard presentationConstant != oldValue else { return }
            engine?.setPresentationConstant(self, presentationConstant)
        }
    }

    /// The priority, 1 to 1000 (values outside are clamped); 1000 is required.
    public var priority: LayoutPriority {
        didSet {
            priority = LayoutPriority(min(max(priority.rawValue.isNaN ? 1000 : priority.rawValue, 1), 1000))
            if priority != oldValue { engine?.priorityChanged(self) }
        }
    }

    /// The engine the constraint is in while active.
    weak var engine: LayoutEngine?
    /// The view that holds the active constraint: the items' nearest common ancestor.
    weak var holder: View?
    /// Whether the constraint counts in `LayoutEngine.activeConstraints` (active, or
    /// active when its holder went away).
    private var counted = false
    /// The registry of the first item, for reports.
    private weak var registry: Registry?

    /// Creates an inactive constraint.
    ///
    /// - Parameters:
    ///   - item: the first view.
    ///   - attribute: its attribute (not ``LayoutAttribute/notAnAttribute``).
    ///   - relation: how the sides compare.
    ///   - toItem: the second view, or `nil` for a constant size (then `attribute` must be a dimension).
    ///   - secondAttribute: its attribute.
    ///   - multiplier: the factor applied to the second attribute.
    ///   - constant: the constant.
    /// - Throws: ``ViewError`` for UIKit's invalid combinations: a missing attribute, a
    ///   position related to a size or to nothing, a vertical attribute related to a horizontal
    ///   position, or a multiplier or constant that is not finite.
    public convenience init(item: any LayoutItem, attribute: LayoutAttribute, relatedBy relation: LayoutRelation, toItem: (any LayoutItem)?,
                            attribute secondAttribute: LayoutAttribute, multiplier: Double = 1, constant: Double = 0) throws(ViewError) {
        let text = "\(LayoutConstraint.className(item)).\(attribute) \(relation) "
            + (toItem.map { "\(LayoutConstraint.className($0)).\(secondAttribute)" } ?? "\(constant)")
        guard attribute != .notAnAttribute else { throw ViewError("invalid constraint \(text): the first attribute is missing") }
        guard multiplier.isFinite, constant.isFinite else {
            throw ViewError("invalid constraint \(text): the multiplier and the constant must be finite numbers")
        }
        if toItem != nil {
            guard secondAttribute != .notAnAttribute else {
                throw ViewError("invalid constraint \(text): a second item needs an attribute")
            }
            guard attribute.isDimension || (!secondAttribute.isDimension && attribute.isHorizontal == secondAttribute.isHorizontal) else {
                throw ViewError("invalid constraint \(text): a position can only be related to a position along the same axis")
            }
            guard !attribute.isHorizontal || attribute.isDimension || attribute == .centerX || secondAttribute == .centerX
                  || attribute.isDirectional == secondAttribute.isDirectional else {
                throw ViewError("invalid constraint \(text): leading and trailing cannot be related to left and right")
            }
        } else {
            guard attribute.isDimension else {
                throw ViewError("invalid constraint \(text): a position needs a second item (only widths and heights can be constants)")
            }
        }
        self.init(checked: item, attribute, relation, toItem, secondAttribute, multiplier: multiplier, constant: constant)
    }

    /// Creates a constraint whose attributes are known to fit together (the anchors');
    /// a multiplier or constant that is not finite is reported and replaced by 1 or 0.
    init(checked item: any LayoutItem, _ attribute: LayoutAttribute, _ relation: LayoutRelation, _ toItem: (any LayoutItem)?,
         _ secondAttribute: LayoutAttribute, multiplier: Double, constant: Double) {
        let registry = (item as? EaselObject)?.registry
        if !multiplier.isFinite || !constant.isFinite {
            registry?.report(.error, "a layout constraint on \(LayoutConstraint.className(item)).\(attribute) has a multiplier \(multiplier) "
                + "and a constant \(constant); numbers that are not finite are replaced by 1 and 0")
        }
        self.firstItem = item
        self.registry = registry
        self.firstAttribute = attribute
        self.relation = relation
        self.secondItem = toItem
        self.secondAttribute = toItem == nil ? .notAnAttribute : secondAttribute
        self.multiplier = multiplier.isFinite ? multiplier : 1
        self.constant = constant.isFinite ? constant : 0
        self.priority = .required
    }

    /// Whether the constraint takes part in layout. Setting it activates or deactivates
    /// the constraint; activation fails (and is reported through the registry's
    /// diagnostics) when the items are not in one view tree.
    public var isActive: Bool {
        get { holder != nil }
        set {
            if newValue {
                do { try activate() } catch { registry?.report(.error, error.message) }
            } else {
                deactivate()
            }
        }
    }

    /// Activates the constraint: it is held by the items' nearest common ancestor and
    /// added to the engine of their tree.
    /// - Throws: ``ViewError`` when the items have no common ancestor.
    public func activate() throws(ViewError) {
        guard holder == nil else { return }
        guard let firstItem, let ancestor = LayoutConstraint.commonAncestor(firstItem, secondItem) else {
            throw ViewError("cannot activate \(self): its items have no common ancestor")
        }
        ancestor.installedConstraints.append(self)
        holder = ancestor
        if !counted {
            counted = true
            LayoutEngine.activeConstraints.add(1, ordering: .relaxed)
        }
        LayoutEngine.engine(of: ancestor.rootView).constraintActivated(self, in: ancestor)
    }

    /// Deactivates the constraint.
    public func deactivate() {
        if counted {
            counted = false
            LayoutEngine.activeConstraints.subtract(1, ordering: .relaxed)
        }
        guard let holder else { return }
        holder.installedConstraints.removeAll { $0 === self }
        self.holder = nil
        engine?.constraintDeactivated(self)
    }

    deinit {
        if counted { LayoutEngine.activeConstraints.subtract(1, ordering: .relaxed) }
    }

    /// Activates each constraint (UIKit's `NSLayoutConstraint.activate`).
    /// - Throws: the first ``ViewError``; the constraints before it stay active.
    public static func activate(_ constraints: [LayoutConstraint]) throws(ViewError) {
        for constraint in constraints { try constraint.activate() }
    }

    /// Deactivates each constraint.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.deactivate() }
    }

    /// The nearest view that is `first` or `second` or an ancestor of both (`first`'s
    /// superview when there is no second item, or `first` itself when it is a root).
    static func commonAncestor(_ firstItem: any LayoutItem, _ secondItem: (any LayoutItem)?) -> View? {
        guard let first = firstItem.layoutItemView else { return nil }
        guard let secondItem else { return firstItem is LayoutGuide ? first : (first.superview ?? first) }
        guard let second = secondItem.layoutItemView else { return nil }
        var ancestors = Set<ObjectIdentifier>()
        var current: View? = first
        while let view = current {
            ancestors.insert(ObjectIdentifier(view))
            current = view.superview
        }
        current = second
        while let view = current {
            if ancestors.contains(ObjectIdentifier(view)) { return view }
            current = view.superview
        }
        return nil
    }

    /// The class name of a view or guide, for messages.
    static func className(_ item: any LayoutItem) -> String { (item as? EaselObject)?.objectClass.name ?? "?" }

    /// UIKit's form: `<LayoutConstraint name Label:0x….leading == View:0x….leading + 16 @750>`.
    public var description: String {
        func item(_ item: (any LayoutItem)?) -> String {
            guard let object = item as? EaselObject else { return "nil" }
            if let guide = item as? LayoutGuide, !guide.identifier.isEmpty { return "\(object.objectClass.name):\(object.handle)'\(guide.identifier)'" }
            return "\(object.objectClass.name):\(object.handle)"
        }
        var text = "\(item(firstItem)).\(firstAttribute) \(relation) "
        if let secondItem {
            text += multiplier == 1 ? "" : "\(multiplier) * "
            text += "\(item(secondItem)).\(secondAttribute)"
            if constant != 0 { text += constant < 0 ? " - \(-constant)" : " + \(constant)" }
        } else {
            text += "\(constant)"
        }
        if priority != .required { text += " @\(priority.rawValue)" }
        return "<LayoutConstraint\(identifier.map { " '\($0)'" } ?? "") \(text)>"
    }
}
