// The tableau operations behind `Solver`: symbols, rows and their column index,
// the objective's levels, turning a constraint into a row, the artificial phase one,
// and the messages of unsatisfiable constraints.

extension Solver {
    // MARK: - Symbols

    func newSymbol(_ kind: SymbolKind) -> Int {
        if let symbol = freeSymbols.popLast() {
            kinds[symbol] = kind
            return symbol
        }
        kinds.append(kind)
        rows.append(nil)
        columns.append([])
        owners.append(nil)
        objectiveUses.append(0)
        symbolVariables.append(nil)
        changedFlags.append(false)
        return kinds.count - 1
    }

    /// The external symbol of `variable`, created on first use.
    func symbol(for variable: Variable) -> Int {
        let id = ObjectIdentifier(variable)
        if let symbol = variableSymbols[id] { return symbol }
        let symbol = newSymbol(.external)
        variableSymbols[id] = symbol
        symbolVariables[symbol] = variable
        return symbol
    }

    /// Gives a removed constraint's symbols back once nothing refers to them.
    func release(_ tag: Tag) {
        for symbol in [tag.marker, tag.other] where symbol >= 0 {
            owners[symbol] = nil
            guard rows[symbol] == nil, columns[symbol].isEmpty, objectiveUses[symbol] == 0 else { continue }
            freeSymbols.append(symbol)
        }
    }

    // MARK: - Rows and the column index

    /// Notes that an external symbol's value may have changed.
    @inline(__always)
    func noteChanged(_ symbol: Int) {
        guard kinds[symbol] == .external, !changedFlags[symbol] else { return }
        changedFlags[symbol] = true
        changedExternals.append(symbol)
    }

    /// Puts `row` into the tableau as `basic`'s row.
    func insert(_ row: Row, basic: Int) {
        noteChanged(basic)
        for symbol in row.symbols { columns[symbol].insert(basic) }
        rows[basic] = row
        basicCount += 1
    }

    /// Takes `basic`'s row out of the tableau.
    @discardableResult
    func takeRow(_ basic: Int) -> Row? {
        guard let row = rows[basic] else { return nil }
        noteChanged(basic)
        for symbol in row.symbols { columns[symbol].remove(basic) }
        rows[basic] = nil
        basicCount -= 1
        return row
    }

    func dropRow(_ basic: Int) { takeRow(basic) }

    /// Replaces `symbol` by `row` in every row of the tableau and of the objective.
    func substitute(_ symbol: Int, by row: Row) {
        let holders = columns[symbol]
        for basic in holders {
            guard var target = rows[basic] else { continue }
            rows[basic] = nil  // so that `target` is the only reference to the row's storage
            let coefficient = target.remove(symbol)
            scratchInserted.removeAll(keepingCapacity: true)
            scratchRemoved.removeAll(keepingCapacity: true)
            target.add(row, times: coefficient, inserted: &scratchInserted, removed: &scratchRemoved)
            for inserted in scratchInserted { columns[inserted].insert(basic) }
            for removed in scratchRemoved { columns[removed].remove(basic) }
            if isInfeasible(target, basic: basic) { infeasible.append(basic) }
            noteChanged(basic)
            rows[basic] = target
        }
        columns[symbol].removeAll()
        if objectiveUses[symbol] > 0 {
            objectiveChanged = true
            for index in levels.indices {
                guard objectiveUses[symbol] > 0 else { break }
                let coefficient = levels[index].row.coefficient(of: symbol)
                guard coefficient != 0 else { continue }
                levels[index].row.remove(symbol)
                objectiveUses[symbol] -= 1
                addToLevel(index, row, times: coefficient)
            }
        }
        if var phaseOne = artificial {
            artificial = nil
            let coefficient = phaseOne.remove(symbol)
            if coefficient != 0 { phaseOne.add(row, times: coefficient) }
            artificial = phaseOne
        }
    }

    /// True when a restricted row has a negative constant or a dummy row a non-zero one.
    func isInfeasible(_ row: Row, basic: Int) -> Bool {
        switch kinds[basic] {
        case .external: false
        case .dummy: !Row.isZero(row.constant)
        case .slack, .error: row.constant < -Row.epsilon
        }
    }

    /// Makes `entering` basic in place of `leaving`.
    func pivot(entering: Int, leaving: Int) throws(SolverError) {
        guard var row = takeRow(leaving) else { throw internalError("pivoting on a row that is not in the tableau", nil) }
        row.add(-1, to: leaving)
        guard row.solve(for: entering) else { throw internalError("pivoting on a symbol that is not in its row", nil) }
        substitute(entering, by: row)
        insert(row, basic: entering)
        pivotCount += 1
    }

    // MARK: - The objective

    /// Adds `factor × row` to the objective's level `index`, keeping `objectiveUses`.
    func addToLevel(_ index: Int, _ row: Row, times factor: Double) {
        objectiveChanged = true
        scratchInserted.removeAll(keepingCapacity: true)
        scratchRemoved.removeAll(keepingCapacity: true)
        levels[index].row.add(row, times: factor, inserted: &scratchInserted, removed: &scratchRemoved)
        for inserted in scratchInserted { objectiveUses[inserted] += 1 }
        for removed in scratchRemoved { objectiveUses[removed] -= 1 }
    }

    /// Adds `weight × symbol` to the objective at `priority`'s level (one user more).
    func addToObjective(_ symbol: Int, weight: Double, priority: Double) {
        objectiveChanged = true
        let index: Int
        if let existing = levels.firstIndex(where: { $0.priority == priority }) {
            index = existing
        } else {
            index = levels.firstIndex(where: { $0.priority < priority }) ?? levels.count
            levels.insert(Level(priority: priority, row: Row(), users: 0), at: index)
        }
        levels[index].users += 1
        objectiveUses[symbol] += levels[index].row.add(weight, to: symbol)
    }

    /// Takes a constraint's errors out of the objective.
    func removeErrors(of tag: Tag) {
        let strength = tag.constraint.strength
        guard !strength.isRequired, let index = levels.firstIndex(where: { $0.priority == strength.priority }) else { return }
        objectiveChanged = true
        for error in [tag.marker, tag.other] where error >= 0 && kinds[error] == .error {
            if let row = rows[error] {
                addToLevel(index, row, times: -strength.weight)
            } else {
                objectiveUses[error] += levels[index].row.add(-strength.weight, to: error)
            }
            levels[index].users -= 1
        }
        if levels[index].users <= 0 {
            for symbol in levels[index].row.symbols { objectiveUses[symbol] -= 1 }
            levels.remove(at: index)
        }
    }

    // MARK: - From a constraint to a row

    func validate(_ constraint: Constraint) throws(SolverError) {
        let strength = constraint.strength
        guard strength.priority > 0, strength.priority <= 1000 else {
            throw SolverError(.invalidValue, "the priority \(strength.priority) of '\(constraint)' is not in (0, 1000]", constraint: constraint)
        }
        guard strength.weight.isFinite, strength.weight > 0 else {
            throw SolverError(.invalidValue, "the weight \(strength.weight) of '\(constraint)' is not a positive finite number", constraint: constraint)
        }
        guard constraint.constant.isFinite, constraint.terms.allSatisfy({ $0.coefficient.isFinite }) else {
            throw SolverError(.invalidValue, "'\(constraint)' has a coefficient or constant that is not a finite number", constraint: constraint)
        }
    }

    /// The constraint's row, in terms of the current parametric symbols, with its marker
    /// and error symbols (which it notes in `tag`) and a non-negative constant. Adds the
    /// errors to the objective.
    func makeRow(for constraint: Constraint, tag: inout Tag) -> Row {
        var row = Row(constant: constraint.constant)
        for term in constraint.terms where !Row.isZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            if let basic = rows[symbol] {
                row.add(basic, times: term.coefficient)
            } else {
                row.add(term.coefficient, to: symbol)
            }
        }
        let strength = constraint.strength
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            // expression + slack == 0 for <=, expression - slack == 0 for >=; an error of
            // the opposite sign lets a non-required inequality be violated.
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            row.add(sign, to: slack)
            tag.marker = slack
            tag.markerSign = sign
            if !strength.isRequired {
                let error = newSymbol(.error)
                row.add(-sign, to: error)
                tag.other = error
                addToObjective(error, weight: strength.weight, priority: strength.priority)
            }
        case .equal:
            if strength.isRequired {
                let dummy = newSymbol(.dummy)
                row.add(1, to: dummy)
                tag.marker = dummy
                tag.markerSign = 1
            } else {
                // expression == plus - minus, both errors non-negative.
                let plus = newSymbol(.error), minus = newSymbol(.error)
                row.add(-1, to: plus)
                row.add(1, to: minus)
                tag.marker = plus
                tag.other = minus
                tag.markerSign = -1
                addToObjective(plus, weight: strength.weight, priority: strength.priority)
                addToObjective(minus, weight: strength.weight, priority: strength.priority)
            }
        }
        if row.constant < 0 { row.multiply(by: -1) }
        return row
    }

    /// The symbol to solve a new row for, or -1: an external symbol if there is one,
    /// else the constraint's own slack or error when it can stay non-negative.
    func chooseSubject(_ row: Row, tag: Tag) -> Int {
        if let external = row.symbols.first(where: { kinds[$0] == .external }) { return external }
        for symbol in [tag.marker, tag.other] where symbol >= 0 {
            if kinds[symbol] == .slack || kinds[symbol] == .error, row.coefficient(of: symbol) < 0 { return symbol }
        }
        return -1
    }

    func allDummies(_ row: Row) -> Bool {
        row.symbols.allSatisfy { kinds[$0] == .dummy }
    }

    /// Phase one: adds `row` (whose constant is non-negative) with an artificial symbol
    /// as its basic symbol, minimises the artificial symbol, and takes it out again.
    /// - Throws: ``SolverError/Code/unsatisfiable`` when its minimum is above zero
    ///   (the tableau is then as it was before).
    func addWithArtificialSymbol(_ row: Row, adding constraint: Constraint) throws(SolverError) {
        let artificialSymbol = newSymbol(.slack)
        defer { freeSymbols.append(artificialSymbol) }
        insert(row, basic: artificialSymbol)
        artificial = row
        do {
            try optimize(phaseOne: true)
        } catch {
            // Out of pivots: take the artificial symbol out so its number can be reused
            // (the constraint may then hold without being in the solver).
            artificial = nil
            takeRow(artificialSymbol)
            removeArtificial(artificialSymbol)
            throw error
        }
        let satisfied = Row.isZero(artificial?.constant ?? 0)
        artificial = nil
        if let finalRow = takeRow(artificialSymbol) {
            guard satisfied else {
                // The artificial symbol never left the basis, so no other row holds
                // anything of the new constraint: dropping its row undoes it.
                throw unsatisfiable(adding: constraint, conflicting: conflictingConstraints(in: finalRow, basic: nil, adding: constraint))
            }
            if !finalRow.isEmpty {
                let entering = finalRow.symbols.first { kinds[$0] == .slack || kinds[$0] == .error }
                    ?? finalRow.symbols.first { kinds[$0] == .dummy }
                guard let entering else { throw internalError("the artificial row has no symbol to pivot on", constraint) }
                var solved = finalRow
                solved.add(-1, to: artificialSymbol)
                guard solved.solve(for: entering) else { throw internalError("the artificial row lost its symbol", constraint) }
                substitute(entering, by: solved)
                insert(solved, basic: entering)
                pivotCount += 1
            }
        }
        removeArtificial(artificialSymbol)
    }

    /// Takes the parametric (zero) artificial symbol out of every row and the objective.
    func removeArtificial(_ artificialSymbol: Int) {
        for basic in columns[artificialSymbol] {
            rows[basic]?.remove(artificialSymbol)
        }
        columns[artificialSymbol].removeAll()
        if objectiveUses[artificialSymbol] > 0 {
            for index in levels.indices where levels[index].row.remove(artificialSymbol) != 0 { objectiveUses[artificialSymbol] -= 1 }
        }
    }

    // MARK: - Constant changes

    /// Shifts the tableau as if `tag`'s constraint's constant had grown by `delta`: its
    /// marker becomes `marker - delta / sign`, so every row's constant moves by its
    /// coefficient of the marker (or the marker's own row, when it is basic). Notes the
    /// rows that become infeasible.
    func shiftConstant(of tag: Tag, by delta: Double) {
        let shift = delta / tag.markerSign
        let marker = tag.marker
        if rows[marker] != nil {
            noteChanged(marker)
            rows[marker]?.constant -= shift
            if let row = rows[marker], isInfeasible(row, basic: marker) { infeasible.append(marker) }
            return
        }
        for basic in columns[marker] {
            guard var row = rows[basic] else { continue }
            row.constant += row.coefficient(of: marker) * shift
            rows[basic]?.constant = row.constant
            noteChanged(basic)
            if isInfeasible(row, basic: basic) { infeasible.append(basic) }
        }
        if objectiveUses[marker] > 0 {
            for index in levels.indices {
                levels[index].row.constant += levels[index].row.coefficient(of: marker) * shift
            }
        }
    }

    // MARK: - Reports

    /// The required constraints whose markers appear in `row` (or own `basic`), with
    /// the one being added or changed, in the order they were added.
    func conflictingConstraints(in row: Row, basic: Int?, adding constraint: Constraint) -> [Constraint] {
        var found: [ObjectIdentifier: Tag] = [:]
        for symbol in row.symbols + (basic.map { [$0] } ?? []) {
            guard let owner = owners[symbol], let tag = tags[owner], tag.constraint.strength.isRequired else { continue }
            found[owner] = tag
        }
        found[ObjectIdentifier(constraint)] = nil
        return found.values.sorted { $0.order < $1.order }.map(\.constraint) + [constraint]
    }

    func unsatisfiable(adding constraint: Constraint, conflicting: [Constraint]) -> SolverError {
        let others = conflicting.count - 1
        return SolverError(
            .unsatisfiable,
            "Unable to simultaneously satisfy constraints: '\(constraint)' conflicts with \(others) required constraint\(others == 1 ? "" : "s")",
            constraint: constraint, conflicting: conflicting)
    }

    func internalError(_ what: String, _ constraint: Constraint?) -> SolverError {
        SolverError(.internalError, "internal solver error: \(what)" + (constraint.map { " (while handling '\($0)')" } ?? ""), constraint: constraint)
    }
}
