import EaselConstraintSolver
import Testing

/// The ``SolverError`` `body` throws, or nil when it throws nothing (or another error).
func solverError(_ body: () throws -> Void) -> SolverError? {
    do {
        try body()
        return nil
    } catch {
        return error as? SolverError
    }
}

@Suite("Solver: unsatisfiable constraints, ambiguity and bad input")
struct SolverConflictTests {
    @Test("two required equalities that disagree: the second is refused and both are named")
    func conflictingEqualities() throws {
        let x = Variable("x")
        let solver = Solver()
        let ten = (x == 10).labelled("ten"), twenty = (x == 20).labelled("twenty")
        try solver.add(ten)
        let error = try #require(solverError { try solver.add(twenty) })
        #expect(error.code == .unsatisfiable)
        #expect(error.message == "Unable to simultaneously satisfy constraints: 'twenty: x - 20 == 0 @required' conflicts with 1 required constraint")
        #expect(error.conflicting.map(\.label) == ["ten", "twenty"])
        #expect(error.description == """
            Unable to simultaneously satisfy constraints: 'twenty: x - 20 == 0 @required' conflicts with 1 required constraint
                ten: x - 10 == 0 @required
                twenty: x - 20 == 0 @required
            """)
        // The solver is as it was: the refused constraint is not in it and the rest still solve.
        #expect(!solver.contains(twenty) && solver.constraintCount == 1)
        #expect(solver.value(of: x) == 10)
        try solver.add((x <= 15).labelled("bound"))
        #expect(solver.value(of: x) == 10)
    }

    @Test("inequalities that cannot both hold go through phase one and are named")
    func conflictingInequalities() throws {
        let x = Variable("x")
        let solver = Solver()
        let low = (x >= 10).labelled("low"), high = (x <= 5).labelled("high")
        try solver.add(low)
        let error = try #require(solverError { try solver.add(high) })
        #expect(error.code == .unsatisfiable)
        #expect(error.conflicting.map(\.label) == ["low", "high"])
        #expect(!solver.contains(high))
        try solver.add((x == 3).with(.weak))
        #expect(close(solver.value(of: x), 10))
    }

    @Test("a conflict through a chain names the chain and leaves out the unrelated constraints")
    func chainConflict() throws {
        let a = Variable("a"), b = Variable("b"), c = Variable("c"), y = Variable("y")
        let solver = Solver()
        try solver.add((y == 3).labelled("unrelated"))
        try solver.add((y >= 0).labelled("unrelated bound"))
        try solver.add((a == 0).labelled("start"))
        try solver.add((b == a + 10).labelled("first link"))
        try solver.add((c >= b + 10).labelled("second link"))
        try solver.add((c == 100).with(.strong).labelled("preference"))
        #expect(close(solver.value(of: c), 100))
        let error = try #require(solverError { try solver.add((c <= 15).labelled("too short")) })
        #expect(error.conflicting.map(\.label) == ["start", "first link", "second link", "too short"])
        #expect(error.message.hasSuffix("conflicts with 3 required constraints"))
        #expect(close(solver.value(of: c), 100) && close(solver.value(of: y), 3))
    }

    @Test("non-required constraints never conflict: they give way")
    func nonRequiredNeverConflict() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x == 10)
        try solver.add((x == 20).with(Strength(priority: 999)))
        try solver.add((x >= 30).with(.weak))
        #expect(solver.value(of: x) == 10 && solver.constraintCount == 3)
    }

    @Test("a constant changed into a conflict is refused, undone, and the constraints are named")
    func constantConflict() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        let bound = (x <= 10).labelled("bound")
        try solver.add(bound)
        try solver.add((x == y).labelled("link"))
        try solver.add((y >= 0).labelled("floor"))
        try solver.add((y == 8).with(.weak))
        try solver.setConstant(of: bound, to: -4)  // x <= 4
        #expect(close(solver.value(of: x), 4) && close(solver.value(of: y), 4))
        let error = try #require(solverError { try solver.setConstant(of: bound, to: 5) })  // x <= -5
        #expect(error.code == .unsatisfiable)
        #expect(Set(error.conflicting.compactMap(\.label)) == ["bound", "link", "floor"])
        #expect(error.conflicting.last === bound)
        #expect(bound.constant == -4)
        #expect(close(solver.value(of: x), 4) && close(solver.value(of: y), 4))
        try solver.setConstant(of: bound, to: -20)
        #expect(close(solver.value(of: x), 8) && close(solver.value(of: y), 8))
    }

    @Test("changing the constant of a redundant required equality into a contradiction is refused")
    func redundantConstantConflict() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add((x == 10).labelled("fix"))
        try solver.add((y == x).labelled("link"))
        let redundant = (y == 10).labelled("redundant")
        try solver.add(redundant)
        let error = try #require(solverError { try solver.setConstant(of: redundant, to: -20) })
        #expect(error.code == .unsatisfiable)
        #expect(error.conflicting.compactMap(\.label) == ["fix", "link", "redundant"])
        #expect(redundant.constant == -10 && solver.value(of: y) == 10)
        try solver.setConstant(of: redundant, to: -10)  // no change: accepted
        #expect(solverError { try solver.add(0 == LinearExpression(5)) }?.message
            == "Unable to simultaneously satisfy constraints: '-5 == 0 @required' conflicts with 0 required constraints")
    }

    @Test("ambiguity: a variable the constraints leave open, at every priority")
    func ambiguity() throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z"), unknown = Variable("unknown")
        let solver = Solver()
        #expect(solver.isAmbiguous(unknown))
        try solver.add(x >= 0)
        #expect(solver.isAmbiguous(x))
        try solver.add(x <= 0)
        #expect(!solver.isAmbiguous(x))
        try solver.add(y + z == 10)
        #expect(solver.isAmbiguous(y) && solver.isAmbiguous(z))
        try solver.add((y == 3).with(.weak))
        #expect(!solver.isAmbiguous(y) && !solver.isAmbiguous(z))
        #expect(close(solver.value(of: z), 7))
    }

    @Test("ambiguity between two equally weighted wishes, resolved by a weight or a priority")
    func ambiguityBetweenWishes() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add((x == 0).with(.weak))
        try solver.add((x == 10).with(.weak))
        #expect(solver.isAmbiguous(x))
        let heavier = (x == 10).with(Strength(priority: 250, weight: 0.5))
        try solver.add(heavier)
        #expect(!solver.isAmbiguous(x) && close(solver.value(of: x), 10))
        try solver.remove(heavier)
        #expect(solver.isAmbiguous(x))
        try solver.add((x == 4).with(.strong))
        #expect(!solver.isAmbiguous(x) && close(solver.value(of: x), 4))
    }

    @Test("a view's frame: ambiguous until each of its four variables is pinned")
    func ambiguousFrame() throws {
        let left = Variable("left"), top = Variable("top"), width = Variable("width"), height = Variable("height")
        let solver = Solver()
        try solver.add(left == 20)
        try solver.add(width == 100)
        try solver.add(height >= 44)
        #expect(!solver.isAmbiguous(left) && !solver.isAmbiguous(width))
        #expect(solver.isAmbiguous(top) && solver.isAmbiguous(height))
        try solver.add(top == 8)
        try solver.add((height == 0).with(Strength(priority: 50)))  // hugging
        #expect(!solver.isAmbiguous(top) && !solver.isAmbiguous(height))
        #expect(close(solver.value(of: height), 44))
    }

    @Test("bad input: exact errors for duplicates, unknowns, priorities, numbers and edits")
    func badInput() throws {
        let x = Variable("x")
        let solver = Solver()
        let fixed = x == 10
        try solver.add(fixed)
        #expect(solverError { try solver.add(fixed) }?.message == "the constraint 'x - 10 == 0 @required' is already in the solver")
        #expect(solverError { try solver.remove(x == 10) }?.message == "the constraint 'x - 10 == 0 @required' is not in the solver")
        #expect(solverError { try solver.add((x == 1).with(Strength(priority: 0))) }?.message
            == "the priority 0.0 of 'x - 1 == 0 @0' is not in (0, 1000]")
        #expect(solverError { try solver.add((x == 1).with(Strength(priority: 1001))) }?.code == .invalidValue)
        #expect(solverError { try solver.add((x == 1).with(Strength(priority: .nan))) }?.code == .invalidValue)
        #expect(solverError { try solver.add((x == 1).with(Strength(priority: 5, weight: 0))) }?.message
            == "the weight 0.0 of 'x - 1 == 0 @5 (weight 0)' is not a positive finite number")
        #expect(solverError { try solver.add(x * .infinity == 1) }?.code == .invalidValue)
        #expect(solverError { try solver.add(x == .nan) }?.code == .invalidValue)
        #expect(solverError { try solver.setConstant(of: fixed, to: .infinity) }?.code == .invalidValue)
        #expect(solverError { try solver.addEditVariable(x, strength: .required) }?.message
            == "the edit variable 'x' cannot be required; use a priority below 1000")
        #expect(solverError { try solver.suggestValue(3, for: x) }?.message
            == "'x' is not an edit variable; add it with addEditVariable first")
        try solver.addEditVariable(x, strength: .strong)
        #expect(solverError { try solver.addEditVariable(x) }?.code == .duplicateEditVariable)
        #expect(solverError { try solver.suggestValue(.nan, for: x) }?.code == .invalidValue)
        try solver.removeEditVariable(x)
        #expect(solverError { try solver.removeEditVariable(x) }?.message == "'x' is not an edit variable")
        #expect(solver.value(of: x) == 10 && solver.constraintCount == 1)
    }

    @Test("the pivot limit stops the simplex with a clear error")
    func pivotLimit() throws {
        let x = Variable("x")
        let solver = Solver(pivotLimit: 0)
        try solver.add((x == 10).with(.weak))
        let error = try #require(solverError { try solver.add((x == 20).with(.strong)) })
        #expect(error.code == .pivotLimit)
        #expect(error.message == "the solver gave up after 0 pivots while optimising; the values may not be optimal")
        solver.pivotLimit = nil
        try solver.add(x >= 0)  // the next change finishes the optimisation
        #expect(close(solver.value(of: x), 20))
    }
}
