import EaselConstraintSolver
import Testing

/// Values agree to the solver's precision.
func close(_ a: Double, _ b: Double, tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

@Suite("Solver: relations, strengths and the standard Cassowary examples")
struct SolverTests {
    @Test("== fixes a variable; <= and >= bound it against a weaker wish, and hold without binding")
    func relations() throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z"), w = Variable("w")
        let solver = Solver()
        try solver.add(x == 10)
        try solver.add(y <= 10)
        try solver.add((y == 20).with(.weak))
        try solver.add(z >= 10)
        try solver.add((z == 0).with(.weak))
        try solver.add(w <= 10)
        try solver.add((w == 5).with(.weak))
        #expect(solver.value(of: x) == 10)
        #expect(close(solver.value(of: y), 10))
        #expect(close(solver.value(of: z), 10))
        #expect(close(solver.value(of: w), 5))
    }

    @Test("expressions on both sides, multipliers and constants")
    func expressions() throws {
        let left = Variable("left"), width = Variable("width"), right = Variable("right"), center = Variable("center")
        let solver = Solver()
        try solver.add(right == left + width)
        try solver.add(center == 0.5 * left + 0.5 * right)
        try solver.add(left == 10)
        try solver.add(2 * width - 50 == 150)
        #expect(close(solver.value(of: width), 100))
        #expect(close(solver.value(of: right), 110))
        #expect(close(solver.value(of: center), 60))
        #expect((right == left + width).description == "right - left - width == 0 @required")
        #expect((2 * width - 50 >= 150).with(.strong).description == "2 * width - 200 >= 0 @750")
    }

    /// The paper's running example: the midpoint of a segment between 0 and 100 with
    /// a length of at least 10, the midpoint dragged by a strong edit, the right end
    /// held by a stay above the left end's.
    @Test("the paper's midpoint example: xm dragged, xl and xr follow within their bounds")
    func midpoint() throws {
        let xl = Variable("xl"), xm = Variable("xm"), xr = Variable("xr")
        let solver = Solver()
        try solver.add(2 * xm == xl + xr)
        try solver.add(xl + 10 <= xr)
        try solver.add(xr <= 100)
        try solver.add(xl >= 0)
        try solver.add((xl == 90).with(.weak))
        try solver.add((xr == 100).with(Strength(priority: 300)))
        #expect(close(solver.value(of: xl), 90) && close(solver.value(of: xm), 95) && close(solver.value(of: xr), 100))
        try solver.addEditVariable(xm, strength: .strong)
        // Expected values worked out by hand: xr keeps 100 while it can, xl gives way.
        for (suggested, expected) in [(50.0, (0.0, 50.0, 100.0)), (80, (60, 80, 100)), (97, (90, 95, 100)), (5, (0, 5, 10)), (2, (0, 5, 10))] {
            try solver.suggestValue(suggested, for: xm)
            #expect(close(solver.value(of: xl), expected.0), "xm → \(suggested): xl")
            #expect(close(solver.value(of: xm), expected.1), "xm → \(suggested): xm")
            #expect(close(solver.value(of: xr), expected.2), "xm → \(suggested): xr")
        }
    }

    /// kiwi's "infeasible constraints" case, re-derived by hand with the left end's
    /// edit made medium so that every answer is unique.
    @Test("three edit variables of different strengths under required bounds")
    func threeEdits() throws {
        let xl = Variable("xl"), xm = Variable("xm"), xr = Variable("xr")
        let solver = Solver()
        try solver.addEditVariable(xm, strength: .strong)
        try solver.addEditVariable(xl, strength: .medium)
        try solver.addEditVariable(xr, strength: .weak)
        try solver.add(2 * xm == xl + xr)
        try solver.add(xl + 20 <= xr)
        try solver.add(xl >= -10)
        try solver.add(xr <= 100)
        try solver.suggestValue(40, for: xm)
        try solver.suggestValue(30, for: xl)
        try solver.suggestValue(50, for: xr)
        #expect(close(solver.value(of: xm), 40) && close(solver.value(of: xl), 30) && close(solver.value(of: xr), 50))
        try solver.suggestValue(60, for: xm)
        #expect(close(solver.value(of: xm), 60) && close(solver.value(of: xl), 30) && close(solver.value(of: xr), 90))
        try solver.suggestValue(100, for: xm)  // at most (80 + 100) / 2
        #expect(close(solver.value(of: xm), 90) && close(solver.value(of: xl), 80) && close(solver.value(of: xr), 100))
    }

    /// kiwi's "solving with strength" case, re-derived.
    @Test("a weak inequality gives way to required equalities")
    func weakGivesWay() throws {
        let v1 = Variable("v1"), v2 = Variable("v2")
        let solver = Solver()
        try solver.add(v1 + v2 == 0)
        try solver.add(v1 == 10)
        try solver.add((v2 >= 0).with(.weak))
        #expect(close(solver.value(of: v1), 10) && close(solver.value(of: v2), -10))
    }

    /// kiwi's under-constrained case: an edit variable and a constraint that does not bind.
    @Test("an edit variable in an under-constrained system takes the suggested value")
    func underConstrained() throws {
        let v = Variable("v")
        let solver = Solver()
        try solver.addEditVariable(v, strength: .weak)
        try solver.add(2 * v + 1 >= 0)
        try solver.suggestValue(10, for: v)
        #expect(close(solver.value(of: v), 10))
        try solver.suggestValue(-3, for: v)  // 2v + 1 >= 0 stops it at -0.5
        #expect(close(solver.value(of: v), -0.5))
    }

    @Test("strong beats medium beats weak; removing the winner hands over to the next")
    func strengthOrder() throws {
        let x = Variable("x")
        let solver = Solver()
        let weak = (x == 10).with(.weak), medium = (x == 20).with(.medium), strong = (x == 30).with(.strong)
        for constraint in [weak, strong, medium] { try solver.add(constraint) }
        #expect(close(solver.value(of: x), 30))
        try solver.remove(strong)
        #expect(close(solver.value(of: x), 20))
        try solver.remove(medium)
        #expect(close(solver.value(of: x), 10))
        try solver.add(strong)
        #expect(close(solver.value(of: x), 30))
    }

    @Test("a required constraint is never broken, whatever the others want")
    func requiredHolds() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x == 5)
        for priority in [999.0, 750, 1] {
            for _ in 0..<10 { try solver.add((x == 30).with(Strength(priority: priority, weight: 1000))) }
        }
        #expect(close(solver.value(of: x), 5))
    }

    @Test("priority 750 yields to 1000: a preferred width under a required maximum")
    func highYieldsToRequired() throws {
        let width = Variable("width")
        let solver = Solver()
        try solver.add((width == 100).with(Strength(priority: 750)))
        #expect(close(solver.value(of: width), 100))
        try solver.add(width <= 80)
        #expect(close(solver.value(of: width), 80))
    }

    @Test("999 dominates any number of priority-1 constraints, and any number of lower levels")
    func higherPriorityDominates() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add((x == 0).with(Strength(priority: 999)))
        for _ in 0..<1000 { try solver.add((x == 1).with(Strength(priority: 1))) }
        #expect(close(solver.value(of: x), 0))
        // A hundred levels below, each with a heavy weight (sum of weights 10,000 against 1).
        try solver.add((y == 0).with(Strength(priority: 999)))
        for priority in 1...100 { try solver.add((y == 1).with(Strength(priority: Double(priority) * 9.9, weight: 100))) }
        #expect(close(solver.value(of: y), 0))
        #expect(solver.statistics.levels == 102)
        // The other way round: 200 constraints at 998, added first, lose to one at 999.
        // (Identical constraints at one level make the simplex pivot degenerately on each
        // add, a cost that grows with their square; 200 keep the test fast.)
        let z = Variable("z")
        for _ in 0..<200 { try solver.add((z == 1).with(Strength(priority: 998))) }
        try solver.add((z == 0).with(Strength(priority: 999)))
        #expect(close(solver.value(of: z), 0))
    }

    @Test("within one priority the weights trade off")
    func weightsWithinALevel() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add((x == 0).with(Strength(priority: 500)))
        try solver.add((x == 10).with(Strength(priority: 500, weight: 2)))
        #expect(close(solver.value(of: x), 10))
    }

    @Test("removing constraints restores what the rest decide")
    func removal() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        let bound = x <= 50, link = y == x + 5
        try solver.add((x == 100).with(.weak))
        try solver.add(bound)
        try solver.add(link)
        #expect(close(solver.value(of: x), 50) && close(solver.value(of: y), 55))
        try solver.remove(bound)
        #expect(close(solver.value(of: x), 100) && close(solver.value(of: y), 105))
        try solver.remove(link)
        #expect(!solver.contains(link) && solver.constraintCount == 1)
        try solver.add(link)
        try solver.add(bound)
        #expect(close(solver.value(of: y), 55))
    }

    @Test("a redundant required equality is accepted and can be removed")
    func redundantEquality() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        let fix = x == 10, link = y == x, redundant = y == 10
        try solver.add(fix)
        try solver.add(link)
        try solver.add(redundant)
        #expect(close(solver.value(of: y), 10))
        try solver.remove(link)
        #expect(close(solver.value(of: x), 10) && close(solver.value(of: y), 10))
        #expect(!solver.isAmbiguous(y))
        try solver.remove(redundant)
        #expect(solver.isAmbiguous(y) && !solver.isAmbiguous(x))
    }
}
