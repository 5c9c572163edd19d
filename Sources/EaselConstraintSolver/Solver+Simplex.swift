// The two simplex loops behind `Solver`: the primal simplex, which lowers the
// objective while keeping every restricted row non-negative, and the dual simplex,
// which restores non-negative rows after a constant changed while keeping the
// objective optimal. Both follow Bland's rule and stop after a bounded number of pivots.

extension Solver {
    /// The most pivots one simplex run may make.
    var effectivePivotLimit: Int {
        pivotLimit ?? (1000 + 10 * (tags.count + kinds.count))
    }

    func pivotLimitError(_ what: String) -> SolverError {
        SolverError(.pivotLimit, "the solver gave up after \(effectivePivotLimit) pivots while \(what); the values may not be optimal")
    }

    // MARK: - Primal simplex

    /// Minimises the objective (or, in phase one, the artificial row).
    func optimize(phaseOne: Bool = false) throws(SolverError) {
        guard phaseOne || objectiveChanged else { return }
        let limit = effectivePivotLimit
        var pivots = 0
        while let entering = enteringSymbol(phaseOne: phaseOne) {
            guard let leaving = leavingRow(for: entering) else {
                throw internalError("the objective is unbounded", nil)
            }
            pivots += 1
            guard pivots <= limit else { throw pivotLimitError("optimising") }
            try pivot(entering: entering, leaving: leaving)
        }
        if !phaseOne { objectiveChanged = false }
    }

    /// The lowest-numbered symbol whose cost is negative at its highest level where it
    /// is not zero (Bland's rule); dummies never enter.
    func enteringSymbol(phaseOne: Bool) -> Int? {
        if phaseOne {
            guard let row = artificial else { return nil }
            for (index, symbol) in row.symbols.enumerated()
            where row.coefficients[index] < -Row.epsilon && kinds[symbol] != .dummy {
                return symbol  // the cells are sorted, so the first is the lowest
            }
            return nil
        }
        var best: Int?
        for (level, entry) in levels.enumerated() {
            let row = entry.row
            for (index, symbol) in row.symbols.enumerated() {
                if let best, symbol >= best { break }
                guard row.coefficients[index] < -Row.epsilon, kinds[symbol] != .dummy else { continue }
                // Negative here; it counts only if every higher level leaves it at zero.
                if objectiveUses[symbol] == 1 || (0..<level).allSatisfy({ Row.isZero(levels[$0].row.coefficient(of: symbol)) }) {
                    best = symbol
                    break
                }
            }
        }
        return best
    }

    /// The restricted row that limits how far `entering` can grow (the smallest ratio,
    /// the lowest-numbered basic symbol among equal ratios), or nil when nothing does.
    func leavingRow(for entering: Int) -> Int? {
        var best: Int?, bestRatio = Double.infinity
        for basic in columns[entering] where kinds[basic].isRestricted {
            guard let row = rows[basic] else { continue }
            let coefficient = row.coefficient(of: entering)
            guard coefficient < 0 else { continue }
            let ratio = -row.constant / coefficient
            if ratio < bestRatio - Row.epsilon || (ratio <= bestRatio + Row.epsilon && basic < (best ?? Int.max)) {
                best = basic
                bestRatio = min(ratio, bestRatio)
            }
        }
        return best
    }

    // MARK: - Dual simplex

    /// Pivots the rows noted as infeasible back to non-negative constants.
    /// - Throws: ``SolverError/Code/unsatisfiable`` when a row cannot be repaired: the
    ///   required constraints conflict (explained from that row).
    func dualOptimize(changing constraint: Constraint) throws(SolverError) {
        let limit = effectivePivotLimit
        var pivots = 0
        while let leaving = infeasible.popLast() {
            guard let row = rows[leaving], isInfeasible(row, basic: leaving) else { continue }
            guard kinds[leaving] != .dummy, let entering = dualEnteringSymbol(row) else {
                infeasible.removeAll()
                let conflicting = conflictingConstraints(in: row, basic: leaving, adding: constraint)
                throw unsatisfiable(adding: constraint, conflicting: conflicting)
            }
            pivots += 1
            guard pivots <= limit else { throw pivotLimitError("restoring feasibility") }
            try pivot(entering: entering, leaving: leaving)
        }
    }

    /// The symbol of `row` with a positive coefficient whose objective costs divided by
    /// that coefficient are the least (compared level by level), the lowest-numbered
    /// among equals; dummies never enter.
    func dualEnteringSymbol(_ row: Row) -> Int? {
        var best: Int?, bestCoefficient = 0.0
        for (index, symbol) in row.symbols.enumerated() {
            let coefficient = row.coefficients[index]
            guard coefficient > Row.epsilon, kinds[symbol] != .dummy else { continue }
            guard let current = best else {
                best = symbol
                bestCoefficient = coefficient
                continue
            }
            if ratio(symbol, coefficient, isLessThan: current, bestCoefficient) {
                best = symbol
                bestCoefficient = coefficient
            }
        }
        return best
    }

    /// Compares the symbolic ratios cost(a) / ca and cost(b) / cb level by level; among
    /// equal ratios the lower symbol is the lesser (the cells are visited in order, so
    /// that never replaces an earlier one).
    func ratio(_ a: Int, _ ca: Double, isLessThan b: Int, _ cb: Double) -> Bool {
        for level in levels {
            let ra = level.row.coefficient(of: a) / ca, rb = level.row.coefficient(of: b) / cb
            if ra < rb - Row.epsilon { return true }
            if ra > rb + Row.epsilon { return false }
        }
        return false
    }

    // MARK: - Removing a constraint

    /// The row to pivot a parametric marker into before dropping it: a restricted row
    /// the marker can enter without making another row negative (the least ratio,
    /// rows with a negative coefficient first), else an external row.
    func markerLeavingRow(_ marker: Int) -> Int? {
        var negative: Int?, negativeRatio = Double.infinity
        var positive: Int?, positiveRatio = Double.infinity
        var external: Int?
        for basic in columns[marker].sorted() {
            guard let row = rows[basic] else { continue }
            let coefficient = row.coefficient(of: marker)
            if kinds[basic] == .external {
                if external == nil { external = basic }
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if ratio < negativeRatio { negative = basic; negativeRatio = ratio }
            } else {
                let ratio = row.constant / coefficient
                if ratio < positiveRatio { positive = basic; positiveRatio = ratio }
            }
        }
        return negative ?? positive ?? external
    }
}
