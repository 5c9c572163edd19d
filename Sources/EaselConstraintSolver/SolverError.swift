/// An error from the ``Solver``: what went wrong, the constraint or variable it
/// concerns and, for unsatisfiable constraints, the constraints that conflict.
public struct SolverError: Error, CustomStringConvertible {
    /// What went wrong (an open set of codes, compared with `==`).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// A short name, such as `unsatisfiable`.
        public let name: String

        /// Required constraints that cannot all hold; see ``SolverError/conflicting``.
        public static let unsatisfiable = Code(name: "unsatisfiable")
        /// The constraint is already in the solver.
        public static let duplicateConstraint = Code(name: "duplicateConstraint")
        /// The constraint is not in the solver.
        public static let unknownConstraint = Code(name: "unknownConstraint")
        /// The variable already is an edit variable.
        public static let duplicateEditVariable = Code(name: "duplicateEditVariable")
        /// The variable is not an edit variable.
        public static let unknownEditVariable = Code(name: "unknownEditVariable")
        /// Edit variables cannot be required.
        public static let requiredEditVariable = Code(name: "requiredEditVariable")
        /// A coefficient, constant, value, priority or weight that is not a finite number in range.
        public static let invalidValue = Code(name: "invalidValue")
        /// The simplex made more pivots than the solver's limit allows.
        public static let pivotLimit = Code(name: "pivotLimit")
        /// The tableau is not in the state the algorithm relies on (a defect of the solver).
        public static let internalError = Code(name: "internalError")

        public var description: String { name }
    }

    /// What went wrong.
    public let code: Code
    /// A sentence that says what went wrong, naming the constraint or variable.
    public let message: String
    /// The constraint the failed call was given, if any.
    public let constraint: Constraint?
    /// For ``Code/unsatisfiable``: required constraints that cannot all hold together,
    /// the one being added or changed among them, in the order they were added.
    ///
    /// They are the constraints the simplex combined to reach the contradiction (the
    /// rows with a non-zero multiplier in the row that proves it), so constraints that
    /// have nothing to do with the conflict are not listed; the set is not always the
    /// smallest possible.
    public let conflicting: [Constraint]

    init(_ code: Code, _ message: String, constraint: Constraint? = nil, conflicting: [Constraint] = []) {
        self.code = code
        self.message = message
        self.constraint = constraint
        self.conflicting = conflicting
    }

    /// The message, then the conflicting constraints one per line.
    public var description: String {
        guard !conflicting.isEmpty else { return message }
        return ([message] + conflicting.map { "    \($0)" }).joined(separator: "\n")
    }
}
