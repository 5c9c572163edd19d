import Synchronization

/// How a constraint's expression compares with zero.
public enum Relation: Sendable, CustomStringConvertible {
    /// `expression <= 0`.
    case lessThanOrEqual
    /// `expression == 0`.
    case equal
    /// `expression >= 0`.
    case greaterThanOrEqual

    /// `<=`, `==` or `>=`.
    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// How strongly a constraint holds: a UIKit layout priority and a weight.
///
/// Priorities are UIKit's: greater than 0, at most 1000, and 1000 is *required* (the
/// constraint must hold; ``Solver/add(_:)`` throws when it cannot). Every lower
/// priority is a level of its own: a constraint of a higher priority dominates any
/// number of constraints of lower priorities (the paper's symbolic weights, compared
/// lexicographically), so 999 against a thousand constraints of priority 1 still wins.
/// Within one level the weights trade off: the solver minimises the sum of weight ×
/// error of that level's constraints.
///
/// Cassowary's named strengths are levels on the same scale: ``strong`` is UIKit's
/// `defaultHigh` (750), ``medium`` is 500 and ``weak`` is `defaultLow` (250).
public struct Strength: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The priority, in (0, 1000]; 1000 is required.
    public var priority: Double
    /// The weight of the constraint's error within its priority level (default 1).
    public var weight: Double

    /// A strength of the given UIKit priority.
    /// - Parameters:
    ///   - priority: greater than 0 and at most 1000; 1000 makes the constraint required.
    ///   - weight: the error's weight within the priority's level; greater than 0.
    public init(priority: Double, weight: Double = 1) {
        self.priority = priority
        self.weight = weight
    }

    /// Must hold (priority 1000).
    public static let required = Strength(priority: 1000)
    /// Cassowary's strong: UIKit's `defaultHigh`, 750.
    public static let strong = Strength(priority: 750)
    /// Cassowary's medium: 500.
    public static let medium = Strength(priority: 500)
    /// Cassowary's weak: UIKit's `defaultLow`, 250.
    public static let weak = Strength(priority: 250)

    /// True for priority 1000 (or more).
    public var isRequired: Bool { priority >= 1000 }

    /// Orders by priority, then weight.
    public static func < (lhs: Strength, rhs: Strength) -> Bool {
        (lhs.priority, lhs.weight) < (rhs.priority, rhs.weight)
    }

    /// `required`, `750` or `750 (weight 2)`.
    public var description: String {
        let level = isRequired ? "required" : formatNumber(priority)
        return weight == 1 ? level : "\(level) (weight \(formatNumber(weight)))"
    }
}

/// A linear constraint `expression ⋈ 0` (⋈ one of `<=`, `==`, `>=`) with a strength.
///
/// Constraints are objects: a ``Solver`` identifies them by identity, so the same
/// constraint can be removed again or have its constant changed
/// (``Solver/setConstant(of:to:)``, which keeps ``expression`` up to date).
public final class Constraint: CustomStringConvertible, Sendable {
    /// The terms of the expression.
    let terms: [Term]
    /// The expression's constant as its bit pattern: ``Solver/setConstant(of:to:)`` changes it.
    private let constantBits: Atomic<UInt64>

    /// The expression compared with zero: `lhs - rhs` for a constraint written `lhs ⋈ rhs`.
    public var expression: LinearExpression { LinearExpression(terms, constant: constant) }

    /// The expression's constant.
    public internal(set) var constant: Double {
        get { Double(bitPattern: constantBits.load(ordering: .relaxed)) }
        set { constantBits.store(newValue.bitPattern, ordering: .relaxed) }
    }
    /// How the expression compares with zero.
    public let relation: Relation
    /// How strongly the constraint holds.
    public let strength: Strength
    /// A name for reports, such as the layout constraint this one stands for.
    public let label: String?

    /// The constraint `expression ⋈ 0`.
    /// - Parameters:
    ///   - expression: the expression compared with zero.
    ///   - relation: `<=`, `==` or `>=`.
    ///   - strength: how strongly it holds (required by default).
    ///   - label: a name for reports.
    public init(_ expression: LinearExpression, _ relation: Relation, strength: Strength = .required, label: String? = nil) {
        self.terms = expression.terms
        self.constantBits = Atomic(expression.constant.bitPattern)
        self.relation = relation
        self.strength = strength
        self.label = label
    }

    /// The constraint `lhs ⋈ rhs`.
    public convenience init(
        _ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression, strength: Strength = .required, label: String? = nil
    ) {
        self.init(lhs - rhs, relation, strength: strength, label: label)
    }

    /// A new constraint with the same expression and relation and another strength.
    public func with(_ strength: Strength) -> Constraint {
        Constraint(expression, relation, strength: strength, label: label)
    }

    /// A new constraint with the same expression, relation and strength and a label.
    public func labelled(_ label: String) -> Constraint {
        Constraint(expression, relation, strength: strength, label: label)
    }

    /// `label: x + -1 * y + 10 == 0 @required`.
    public var description: String {
        let body = "\(expression) \(relation) 0 @\(strength)"
        return label.map { "\($0): \(body)" } ?? body
    }
}
