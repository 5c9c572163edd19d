/// A variable of a linear system: one unknown the solver gives a value.
///
/// Variables are compared by identity. A variable belongs to no solver; each
/// ``Solver`` it appears in keeps its own value for it (``Solver/value(of:)``).
public final class Variable: CustomStringConvertible, Sendable {
    /// A name for descriptions and error messages, such as `"label.left"`.
    public let name: String

    /// Creates a variable.
    /// - Parameter name: a name for descriptions and error messages.
    public init(_ name: String = "") {
        self.name = name
    }

    /// The variable's name, or its address when it has none.
    public var description: String {
        name.isEmpty ? "v\(UInt(bitPattern: ObjectIdentifier(self).hashValue) & 0xffff)" : name
    }
}

/// One term of a linear expression: `coefficient × variable`.
public struct Term: CustomStringConvertible, Sendable {
    /// The variable.
    public var variable: Variable
    /// Its coefficient.
    public var coefficient: Double

    /// Creates `coefficient × variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    /// `2 * x`, or `x` for a coefficient of one.
    public var description: String {
        coefficient == 1 ? variable.description : "\(formatNumber(coefficient)) * \(variable)"
    }
}

/// A linear expression `Σ coefficient × variable + constant`.
///
/// Build expressions with the arithmetic operators on ``Variable``, `Double` and
/// expressions (`x + 2 * y - 10`), and constraints from them with `==`, `<=` and `>=`.
/// A variable may appear in several terms; the solver adds their coefficients.
public struct LinearExpression: CustomStringConvertible, Sendable {
    /// The terms, in the order they were written.
    public var terms: [Term]
    /// The constant.
    public var constant: Double

    /// Creates an expression from terms and a constant.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The expression `variable`.
    public init(_ variable: Variable) {
        self.init([Term(variable)])
    }

    /// The constant expression `constant`.
    public init(_ constant: Double) {
        self.init([], constant: constant)
    }

    /// The expression multiplied by `factor`.
    public func scaled(by factor: Double) -> LinearExpression {
        LinearExpression(terms.map { Term($0.variable, $0.coefficient * factor) }, constant: constant * factor)
    }

    /// `x - 2 * y + 10`.
    public var description: String {
        var text = ""
        func append(_ magnitude: String, negative: Bool) {
            if text.isEmpty {
                text = negative ? "-" + magnitude : magnitude
            } else {
                text += (negative ? " - " : " + ") + magnitude
            }
        }
        for term in terms {
            let size = abs(term.coefficient)
            append(size == 1 ? term.variable.description : "\(formatNumber(size)) * \(term.variable)", negative: term.coefficient < 0)
        }
        if constant != 0 || text.isEmpty { append(formatNumber(abs(constant)), negative: constant < 0) }
        return text
    }
}

/// `10` for 10.0, `0.5` for 0.5.
func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}

// MARK: - Arithmetic

extension LinearExpression {
    public static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }
    public static func + (lhs: LinearExpression, rhs: Variable) -> LinearExpression { lhs + LinearExpression(rhs) }
    public static func + (lhs: Variable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs) + rhs }
    public static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(lhs.terms, constant: lhs.constant + rhs)
    }
    public static func + (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs + lhs }

    public static prefix func - (operand: LinearExpression) -> LinearExpression { operand.scaled(by: -1) }
    public static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { lhs + -rhs }
    public static func - (lhs: LinearExpression, rhs: Variable) -> LinearExpression { lhs + -LinearExpression(rhs) }
    public static func - (lhs: Variable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs) + -rhs }
    public static func - (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs + -rhs }
    public static func - (lhs: Double, rhs: LinearExpression) -> LinearExpression { lhs + -rhs }

    public static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.scaled(by: rhs) }
    public static func * (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs.scaled(by: lhs) }
    public static func / (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.scaled(by: 1 / rhs) }
}

extension Variable {
    public static func + (lhs: Variable, rhs: Variable) -> LinearExpression { LinearExpression([Term(lhs), Term(rhs)]) }
    public static func + (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression([Term(lhs)], constant: rhs) }
    public static func + (lhs: Double, rhs: Variable) -> LinearExpression { LinearExpression([Term(rhs)], constant: lhs) }

    public static prefix func - (operand: Variable) -> LinearExpression { LinearExpression([Term(operand, -1)]) }
    public static func - (lhs: Variable, rhs: Variable) -> LinearExpression { LinearExpression([Term(lhs), Term(rhs, -1)]) }
    public static func - (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression([Term(lhs)], constant: -rhs) }
    public static func - (lhs: Double, rhs: Variable) -> LinearExpression { LinearExpression([Term(rhs, -1)], constant: lhs) }

    public static func * (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression([Term(lhs, rhs)]) }
    public static func * (lhs: Double, rhs: Variable) -> LinearExpression { LinearExpression([Term(rhs, lhs)]) }
    public static func / (lhs: Variable, rhs: Double) -> LinearExpression { LinearExpression([Term(lhs, 1 / rhs)]) }
}

// MARK: - Relations

extension LinearExpression {
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: LinearExpression, rhs: LinearExpression) -> Constraint { Constraint(lhs - rhs, .equal) }
    public static func == (lhs: LinearExpression, rhs: Variable) -> Constraint { Constraint(lhs - rhs, .equal) }
    public static func == (lhs: Variable, rhs: LinearExpression) -> Constraint { Constraint(lhs - rhs, .equal) }
    public static func == (lhs: LinearExpression, rhs: Double) -> Constraint { Constraint(lhs - rhs, .equal) }
    public static func == (lhs: Double, rhs: LinearExpression) -> Constraint { Constraint(lhs - rhs, .equal) }

    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: LinearExpression, rhs: LinearExpression) -> Constraint { Constraint(lhs - rhs, .lessThanOrEqual) }
    public static func <= (lhs: LinearExpression, rhs: Variable) -> Constraint { Constraint(lhs - rhs, .lessThanOrEqual) }
    public static func <= (lhs: Variable, rhs: LinearExpression) -> Constraint { Constraint(lhs - rhs, .lessThanOrEqual) }
    public static func <= (lhs: LinearExpression, rhs: Double) -> Constraint { Constraint(lhs - rhs, .lessThanOrEqual) }
    public static func <= (lhs: Double, rhs: LinearExpression) -> Constraint { Constraint(lhs - rhs, .lessThanOrEqual) }

    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: LinearExpression, rhs: LinearExpression) -> Constraint { Constraint(lhs - rhs, .greaterThanOrEqual) }
    public static func >= (lhs: LinearExpression, rhs: Variable) -> Constraint { Constraint(lhs - rhs, .greaterThanOrEqual) }
    public static func >= (lhs: Variable, rhs: LinearExpression) -> Constraint { Constraint(lhs - rhs, .greaterThanOrEqual) }
    public static func >= (lhs: LinearExpression, rhs: Double) -> Constraint { Constraint(lhs - rhs, .greaterThanOrEqual) }
    public static func >= (lhs: Double, rhs: LinearExpression) -> Constraint { Constraint(lhs - rhs, .greaterThanOrEqual) }
}

extension Variable {
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Variable, rhs: Variable) -> Constraint { Constraint(lhs - rhs, .equal) }
    public static func == (lhs: Variable, rhs: Double) -> Constraint { Constraint(lhs - rhs, .equal) }
    public static func == (lhs: Double, rhs: Variable) -> Constraint { Constraint(lhs - rhs, .equal) }

    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Variable, rhs: Variable) -> Constraint { Constraint(lhs - rhs, .lessThanOrEqual) }
    public static func <= (lhs: Variable, rhs: Double) -> Constraint { Constraint(lhs - rhs, .lessThanOrEqual) }
    public static func <= (lhs: Double, rhs: Variable) -> Constraint { Constraint(lhs - rhs, .lessThanOrEqual) }

    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Variable, rhs: Variable) -> Constraint { Constraint(lhs - rhs, .greaterThanOrEqual) }
    public static func >= (lhs: Variable, rhs: Double) -> Constraint { Constraint(lhs - rhs, .greaterThanOrEqual) }
    public static func >= (lhs: Double, rhs: Variable) -> Constraint { Constraint(lhs - rhs, .greaterThanOrEqual) }
}
