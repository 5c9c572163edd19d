// The Cassowary linear arithmetic constraint solver.
//
// This module solves systems of linear equalities and inequalities over real
// variables, some required and the others preferences of given strengths, the way
// Auto Layout does: with the incremental simplex of Badros, Borning and Stuckey,
// "The Cassowary Linear Arithmetic Constraint Solving Algorithm" (ACM TOCHI 8(4),
// 2001). It was written from the paper; kiwi (nucleic/kiwi) was read for its design
// (the kinds of symbol, the marker and error symbols of each constraint, the
// artificial variable for rows without a subject), no code was taken from it.
//
// The tableau. Every constraint `expression ⋈ 0` becomes one row over *symbols*:
// an *external* symbol per user variable (unrestricted in sign), a *slack* for an
// inequality (≥ 0), a *dummy* for a required equality (fixed at 0: it only marks the
// row), and for a non-required constraint *error* symbols (≥ 0) that measure by how
// much it is violated. The tableau keeps each row solved for one *basic* symbol in
// terms of *parametric* (non-basic) ones, which are zero; a variable's value is its
// row's constant, or 0 when it is parametric. Rows whose basic symbol is restricted
// must keep a non-negative constant (the tableau is then *feasible*).
//
// The objective. Errors cost `weight × error` at their constraint's priority. The
// objective is a vector of rows, one per priority level in use, highest first, and
// is compared lexicographically: these are the paper's symbolic weights, so a higher
// priority dominates any number of lower ones, as UIKit's priorities behave. Required
// constraints have no errors: they hold or `add` throws.
//
// Adding a constraint substitutes the current rows of its variables into it, picks a
// *subject* to solve it for (an external symbol if it has one, else a new slack or
// error symbol that can stay non-negative), substitutes the solved row into every row
// that mentions the subject (a column index lists them, so this costs the rows
// involved, not the whole tableau) and re-optimises with the primal simplex. A row
// with no subject gets an *artificial* symbol minimised first (phase one); if that
// minimum is not zero, the required constraints conflict, and the row that proves it
// names them (below). Removing a constraint pivots its marker symbol into the basis
// and drops that row. Changing a constraint's constant (an edit variable's
// `suggestValue`, or `setConstant`) only shifts row constants along the marker's
// column, then the dual simplex restores feasibility from the still-optimal basis:
// a layout animation costs the rows that depend on the constant, not a new solve.
//
// Termination. Both simplex loops use Bland's rule (the entering symbol and, among
// equal ratios, the leaving row are the lowest-numbered candidates), which cannot
// cycle; on top of that each loop stops with `SolverError.Code.pivotLimit` after a
// bounded number of pivots.
//
// Conflicts. When phase one ends with the artificial symbol above zero, its row is
// a combination of constraint rows whose parametric symbols can only raise it; the
// marker of a constraint appears in that row exactly when the constraint takes part
// in the combination, so those constraints, with the new one, are a set of required
// constraints that cannot all hold (Farkas' lemma). The same reading of the row the
// dual simplex cannot repair explains a constant change that makes required
// constraints conflict; the change is then undone.
//
// Ambiguity. `isAmbiguous(_:)` asks whether another optimal solution gives the
// variable another value: its row (or itself, when parametric) contains a parametric
// symbol that costs nothing at any level and can move (an external symbol, or a slack
// or error that can grow without driving a restricted row negative). A dummy cannot
// move. At a degenerate vertex a blocked symbol can hide an ambiguity that another
// basis would show, so the answer "not ambiguous" is exact only for non-degenerate
// tableaux; "ambiguous" is always proven by a direction that moves the variable.

/// A Cassowary constraint solver: add and remove constraints, edit variables,
/// and read the variables' values after each change.
///
/// ```swift
/// let left = Variable("left"), width = Variable("width"), right = Variable("right")
/// let solver = Solver()
/// try solver.add(right == left + width)
/// try solver.add(left == 10)
/// try solver.add((width == 100).with(.strong))
/// try solver.addEditVariable(right, strength: Strength(priority: 999))
/// try solver.suggestValue(150, for: right)   // width is now 140
/// ```
///
/// Every change leaves the values optimal: each required constraint holds, and the
/// others are satisfied as well as their priorities allow (see ``Strength``).
/// A solver is not thread-safe; use it from one thread at a time.
public final class Solver {
    /// Where a constraint lives in the tableau.
    struct Tag {
        let constraint: Constraint
        /// The slack, dummy or (first) error symbol that identifies the constraint's row.
        var marker: Int
        /// The second error symbol of a non-required equality, else -1.
        var other: Int
        /// The marker's coefficient in the constraint's row before it was normalised
        /// (+1 or -1): a change δ of the constant shifts the marker by -δ / sign.
        var markerSign: Double
        /// When the constraint was added, for reports in a stable order.
        let order: Int
    }

    /// The errors of one priority level of the objective.
    struct Level {
        let priority: Double
        var row: Row
        var users: Int
    }

    // The tableau, indexed by symbol.
    var kinds: [SymbolKind] = []
    /// The row of each basic symbol.
    var rows: [Row?] = []
    /// For each symbol, the basic symbols whose rows contain it.
    var columns: [Set<Int>] = []
    /// The constraint each marker or error symbol belongs to.
    var owners: [ObjectIdentifier?] = []
    /// For each symbol, how many levels of the objective contain it.
    var objectiveUses: [Int] = []
    /// The variable of each external symbol.
    var symbolVariables: [Variable?] = []
    /// External symbols whose values may have changed since `takeChangedVariables()`.
    var changedExternals: [Int] = []
    var changedFlags: [Bool] = []
    var freeSymbols: [Int] = []
    var basicCount = 0

    var variableSymbols: [ObjectIdentifier: Int] = [:]
    var tags: [ObjectIdentifier: Tag] = [:]
    var edits: [ObjectIdentifier: Constraint] = [:]
    /// The objective, one row per priority level, highest first.
    var levels: [Level] = []
    /// Whether the objective changed since the last optimisation finished (else there is nothing to do).
    var objectiveChanged = false
    /// The phase-one objective while an artificial symbol is being minimised.
    var artificial: Row?
    /// Restricted basic symbols whose constants may have gone negative.
    var infeasible: [Int] = []
    var scratchInserted: [Int] = [], scratchRemoved: [Int] = []
    var additions = 0

    /// Pivots made since the solver was created (for tests and benchmarks).
    public internal(set) var pivotCount = 0

    /// The most pivots one simplex run may make; `nil` for the default,
    /// 1,000 + 10 × (constraints + symbols).
    public var pivotLimit: Int?

    /// Creates an empty solver.
    /// - Parameter pivotLimit: the most pivots one simplex run may make (default: see ``pivotLimit``).
    public init(pivotLimit: Int? = nil) {
        self.pivotLimit = pivotLimit
    }

    /// The number of constraints in the solver (edit variables' included).
    public var constraintCount: Int { tags.count }

    /// The size of the tableau, for tests and benchmarks.
    public struct Statistics: Sendable {
        /// Basic symbols (rows).
        public let rows: Int
        /// Cells over all rows.
        public let cells: Int
        /// Priority levels of the objective in use.
        public let levels: Int
    }

    /// The size of the tableau.
    public var statistics: Statistics {
        Statistics(rows: basicCount, cells: rows.reduce(0) { $0 + ($1?.symbols.count ?? 0) }, levels: levels.count)
    }

    /// True when `constraint` has been added and not removed.
    public func contains(_ constraint: Constraint) -> Bool {
        tags[ObjectIdentifier(constraint)] != nil
    }

    /// The variables whose values may have changed since the last call (each once),
    /// so that a caller can copy out only what moved after an incremental change.
    public func takeChangedVariables() -> [Variable] {
        defer { changedExternals.removeAll(keepingCapacity: true) }
        return changedExternals.compactMap { symbol in
            changedFlags[symbol] = false
            return symbolVariables[symbol]
        }
    }

    /// The variable's value in the current solution (0 for a variable the solver does not know).
    public func value(of variable: Variable) -> Double {
        guard let symbol = variableSymbols[ObjectIdentifier(variable)] else { return 0 }
        return rows[symbol]?.constant ?? 0
    }

    // MARK: - Adding and removing constraints

    /// Adds a constraint and re-optimises.
    ///
    /// - Parameter constraint: the constraint; the solver keeps it until ``remove(_:)``.
    /// - Throws: ``SolverError/Code/unsatisfiable`` (with ``SolverError/conflicting``) when a
    ///   required constraint cannot hold together with the required constraints already
    ///   added (the solver is then as it was); ``SolverError/Code/duplicateConstraint``;
    ///   ``SolverError/Code/invalidValue`` for a coefficient or constant that is not finite
    ///   or a priority outside (0, 1000]; ``SolverError/Code/pivotLimit`` (the constraint
    ///   stays added, the values may not be optimal).
    public func add(_ constraint: Constraint) throws(SolverError) {
        let id = ObjectIdentifier(constraint)
        guard tags[id] == nil else {
            throw SolverError(.duplicateConstraint, "the constraint '\(constraint)' is already in the solver", constraint: constraint)
        }
        try validate(constraint)
        infeasible.removeAll()
        additions += 1
        var tag = Tag(constraint: constraint, marker: -1, other: -1, markerSign: 1, order: additions)
        var row = makeRow(for: constraint, tag: &tag)
        var subject = chooseSubject(row, tag: tag)
        if subject < 0 && allDummies(row) {
            guard Row.isZero(row.constant) else {
                let conflicting = conflictingConstraints(in: row, basic: nil, adding: constraint)
                release(tag)
                throw unsatisfiable(adding: constraint, conflicting: conflicting)
            }
            subject = tag.marker  // redundant with the required equalities already there
        }
        if subject >= 0 {
            guard row.solve(for: subject) else { throw internalError("the subject is not in its row", constraint) }
            substitute(subject, by: row)
            insert(row, basic: subject)
        } else {
            do {
                try addWithArtificialSymbol(row, adding: constraint)
            } catch {
                release(tag)
                // Phase one's pivots kept the tableau equivalent but not optimal.
                if error.code == .unsatisfiable { try optimize() }
                throw error
            }
        }
        tags[id] = tag
        owners[tag.marker] = id
        if tag.other >= 0 { owners[tag.other] = id }
        try optimize()
    }

    /// Removes a constraint and re-optimises.
    /// - Throws: ``SolverError/Code/unknownConstraint`` when it is not in the solver;
    ///   ``SolverError/Code/pivotLimit``.
    public func remove(_ constraint: Constraint) throws(SolverError) {
        let id = ObjectIdentifier(constraint)
        guard let tag = tags.removeValue(forKey: id) else {
            throw SolverError(.unknownConstraint, "the constraint '\(constraint)' is not in the solver", constraint: constraint)
        }
        infeasible.removeAll()
        removeErrors(of: tag)
        if rows[tag.marker] != nil {
            dropRow(tag.marker)
        } else if let leaving = markerLeavingRow(tag.marker) {
            // Make the marker basic in the row the ratio test allows, then drop that row.
            try pivot(entering: tag.marker, leaving: leaving)
            dropRow(tag.marker)
        }
        if tag.other >= 0, rows[tag.other] != nil { dropRow(tag.other) }
        release(tag)
        try optimize()
    }

    /// Changes the constant of a constraint's expression (the `c` of `expression + c ⋈ 0`)
    /// without re-solving: the rows that depend on it shift, and the dual simplex
    /// restores feasibility.
    ///
    /// For a constraint written `a == b + 10`, the expression is `a - b - 10`, so moving
    /// the 10 to 20 sets the constant to -20. ``Constraint/expression`` follows the change.
    /// - Throws: ``SolverError/Code/unsatisfiable`` when the new constant makes required
    ///   constraints conflict (the constant is then left as it was);
    ///   ``SolverError/Code/unknownConstraint``; ``SolverError/Code/invalidValue``.
    public func setConstant(of constraint: Constraint, to constant: Double) throws(SolverError) {
        guard constant.isFinite else {
            throw SolverError(.invalidValue, "the constant \(constant) for '\(constraint)' is not a finite number", constraint: constraint)
        }
        guard let tag = tags[ObjectIdentifier(constraint)] else {
            throw SolverError(.unknownConstraint, "the constraint '\(constraint)' is not in the solver", constraint: constraint)
        }
        let old = constraint.constant
        let delta = constant - old
        guard delta != 0 else { return }
        infeasible.removeAll()
        shiftConstant(of: tag, by: delta)
        constraint.constant = constant
        do {
            try dualOptimize(changing: constraint)
        } catch where error.code == .unsatisfiable {
            infeasible.removeAll()
            shiftConstant(of: tag, by: -delta)
            constraint.constant = old
            do {
                try dualOptimize(changing: constraint)
            } catch {
                throw internalError("undoing a conflicting constant left the tableau infeasible", constraint)
            }
            throw error
        }
    }

    // MARK: - Edit variables

    /// Makes `variable` an edit variable: a non-required constraint `variable == value`
    /// whose value ``suggestValue(_:for:)`` changes cheaply. It starts at the variable's
    /// current value, so adding it moves nothing.
    /// - Parameters:
    ///   - variable: the variable to edit.
    ///   - strength: how strongly suggested values hold; not required.
    /// - Throws: ``SolverError/Code/duplicateEditVariable``, ``SolverError/Code/requiredEditVariable``.
    public func addEditVariable(_ variable: Variable, strength: Strength = .strong) throws(SolverError) {
        let id = ObjectIdentifier(variable)
        guard edits[id] == nil else {
            throw SolverError(.duplicateEditVariable, "'\(variable)' already is an edit variable")
        }
        guard !strength.isRequired else {
            throw SolverError(.requiredEditVariable, "the edit variable '\(variable)' cannot be required; use a priority below 1000")
        }
        let constraint = Constraint(variable - value(of: variable), .equal, strength: strength, label: "edit \(variable)")
        try add(constraint)
        edits[id] = constraint
    }

    /// Stops editing `variable`: removes its edit constraint.
    /// - Throws: ``SolverError/Code/unknownEditVariable``.
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let constraint = edits.removeValue(forKey: ObjectIdentifier(variable)) else {
            throw SolverError(.unknownEditVariable, "'\(variable)' is not an edit variable")
        }
        try remove(constraint)
    }

    /// True when `variable` is an edit variable.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        edits[ObjectIdentifier(variable)] != nil
    }

    /// Suggests a value for an edit variable; the other variables follow as the
    /// constraints and their priorities allow.
    /// - Throws: ``SolverError/Code/unknownEditVariable``, ``SolverError/Code/invalidValue``.
    public func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard let constraint = edits[ObjectIdentifier(variable)] else {
            throw SolverError(.unknownEditVariable, "'\(variable)' is not an edit variable; add it with addEditVariable first")
        }
        guard value.isFinite else {
            throw SolverError(.invalidValue, "the suggested value \(value) for '\(variable)' is not a finite number")
        }
        try setConstant(of: constraint, to: -value)
    }

    // MARK: - Ambiguity

    /// True when the constraints (required and not) leave `variable`'s value open:
    /// another solution exists that is as good at every priority level and gives the
    /// variable another value. A variable in no constraint is ambiguous.
    ///
    /// The check reads the tableau without changing it: the variable's row (or the
    /// variable itself, when it is parametric) must contain a parametric symbol that
    /// costs nothing at any priority level and can move — an external symbol, or a slack
    /// or error symbol that can grow without making a restricted row negative. At a
    /// degenerate vertex such a symbol can be blocked at zero although another basis
    /// would let the variable move, so "not ambiguous" is exact for non-degenerate
    /// tableaux; "ambiguous" is always proven by a direction that moves the variable.
    public func isAmbiguous(_ variable: Variable) -> Bool {
        guard let symbol = variableSymbols[ObjectIdentifier(variable)] else { return true }
        guard let row = rows[symbol] else { return canMoveFreely(symbol) }
        return row.symbols.contains { canMoveFreely($0) }
    }

    /// True when the parametric `symbol` costs nothing and can move away from zero.
    func canMoveFreely(_ symbol: Int) -> Bool {
        guard kinds[symbol] != .dummy, objectiveUses[symbol] == 0 else { return false }
        if kinds[symbol] == .external { return true }
        for basic in columns[symbol] where kinds[basic].isRestricted {
            guard let row = rows[basic] else { continue }
            let coefficient = row.coefficient(of: symbol)
            if kinds[basic] == .dummy { return false }
            if coefficient < 0 && row.constant / -coefficient < Row.epsilon { return false }
        }
        return true
    }
}
