import EaselConstraintSolver
import Testing

/// SplitMix64: a small seeded generator, so every run builds the same systems.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Solver: edits and incremental changes")
struct SolverIncrementalTests {
    @Test("suggestValue moves an edit variable and the constraints carry the others along")
    func editMovesOthers() throws {
        let left = Variable("left"), width = Variable("width"), right = Variable("right"), label = Variable("label")
        let solver = Solver()
        try solver.add(right == left + width)
        try solver.add(label == right + 8)
        try solver.add(left >= 0)
        try solver.add((left == 10).with(.weak))
        try solver.add((width == 100).with(.strong))
        #expect(close(solver.value(of: right), 110))
        try solver.addEditVariable(left, strength: Strength(priority: 999))
        #expect(close(solver.value(of: left), 10))  // adding the edit moves nothing
        try solver.suggestValue(50, for: left)
        #expect(close(solver.value(of: left), 50) && close(solver.value(of: right), 150) && close(solver.value(of: label), 158))
        try solver.suggestValue(-20, for: left)  // left >= 0 is required
        #expect(close(solver.value(of: left), 0) && close(solver.value(of: label), 108))
        try solver.addEditVariable(right, strength: Strength(priority: 900))
        try solver.suggestValue(30, for: left)
        try solver.suggestValue(200, for: right)  // 900 beats width's 750: width stretches
        #expect(close(solver.value(of: left), 30) && close(solver.value(of: width), 170))
        try solver.removeEditVariable(right)
        #expect(close(solver.value(of: width), 100) && close(solver.value(of: right), 130))
    }

    @Test("edits of constants along a chain of equalities shift rows without a single pivot")
    func editsDoNotResolve() throws {
        let solver = Solver()
        let lefts = (0..<50).map { Variable("left\($0)") }
        let widths = (0..<50).map { Variable("width\($0)") }
        var widthConstraints: [Constraint] = []
        try solver.add(lefts[0] == 0)
        for index in 0..<50 {
            let constraint = widths[index] == 20
            widthConstraints.append(constraint)
            try solver.add(constraint)
            if index > 0 { try solver.add(lefts[index] == lefts[index - 1] + widths[index - 1] + 8) }
        }
        #expect(close(solver.value(of: lefts[49]), 49 * 28))
        let pivots = solver.pivotCount
        try solver.setConstant(of: widthConstraints[10], to: -40)  // width10 == 40
        #expect(close(solver.value(of: lefts[49]), 49 * 28 + 20) && close(solver.value(of: lefts[10]), 280))
        try solver.addEditVariable(lefts[0], strength: .strong)
        #expect(solverError { try solver.suggestValue(5, for: lefts[0]) } == nil)
        #expect(close(solver.value(of: lefts[0]), 0))  // the required left0 == 0 wins
        #expect(solver.pivotCount - pivots <= 2)
    }

    /// A random satisfiable system: required equalities and inequalities that hold at a
    /// hidden point, soft constraints at random priorities, and a stay per variable at a
    /// priority of its own, so that the optimum is unique.
    struct RandomSystem {
        var variables: [Variable]
        var required: [Constraint] = []
        var soft: [Constraint] = []

        init(generator: inout SeededGenerator, size: Int) {
            variables = (0..<size).map { Variable("x\($0)") }
            let point = variables.map { _ in Double(Int.random(in: -50...50, using: &generator)) }
            func randomExpression(_ generator: inout SeededGenerator) -> (LinearExpression, Double) {
                let i = Int.random(in: 0..<size, using: &generator), j = Int.random(in: 0..<size, using: &generator)
                let a = Double(Int.random(in: 1...3, using: &generator)), b = Double(Int.random(in: -3...3, using: &generator))
                return (a * variables[i] + b * variables[j], a * point[i] + b * point[j])
            }
            for _ in 0..<(size / 2) {
                let (expression, value) = randomExpression(&generator)
                required.append(expression == value)
            }
            for _ in 0..<size {
                let (expression, value) = randomExpression(&generator)
                let room = Double(Int.random(in: 0...20, using: &generator))
                required.append(Bool.random(using: &generator) ? expression <= value + room : expression >= value - room)
            }
            for _ in 0..<size {
                let (expression, value) = randomExpression(&generator)
                let target = value + Double(Int.random(in: -30...30, using: &generator))
                let priority = Double([300, 500, 700].randomElement(using: &generator) ?? 300)
                let relation = Int.random(in: 0..<3, using: &generator)
                let constraint =
                    relation == 0 ? expression == target : relation == 1 ? expression <= target : expression >= target
                soft.append(constraint.with(Strength(priority: priority, weight: Double(Int.random(in: 1...3, using: &generator)))))
            }
            for (index, variable) in variables.enumerated() {
                soft.append((variable == Double(Int.random(in: -60...60, using: &generator))).with(Strength(priority: Double(10 + index))))
            }
        }
    }

    /// Adds `constraints` to a new solver in the given order.
    func freshSolve(_ constraints: [Constraint]) throws -> Solver {
        let solver = Solver()
        for constraint in constraints {
            try solver.add(Constraint(constraint.expression, constraint.relation, strength: constraint.strength))
        }
        return solver
    }

    @Test("incremental adds, removals, constant changes and edits give a fresh solve's values", arguments: 1...24)
    func incrementalMatchesFresh(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let system = RandomSystem(generator: &generator, size: 10)
        let all = system.required + system.soft
        let solver = Solver()
        for constraint in all.shuffled(using: &generator) { try solver.add(constraint) }

        // Take a third out, change constants while they are out and in, and put them back.
        let removed = all.shuffled(using: &generator).prefix(all.count / 3)
        for constraint in removed { try solver.remove(constraint) }
        for constraint in system.soft.shuffled(using: &generator).prefix(5) where solver.contains(constraint) {
            try solver.setConstant(of: constraint, to: constraint.constant + Double(Int.random(in: -15...15, using: &generator)))
        }
        for constraint in removed.shuffled(using: &generator) { try solver.add(constraint) }
        for constraint in system.required.shuffled(using: &generator).prefix(3) where constraint.relation != .equal {
            // Loosen a required inequality (it still holds at the hidden point).
            let looser = constraint.relation == .lessThanOrEqual ? constraint.constant - 7 : constraint.constant + 7
            try solver.setConstant(of: constraint, to: looser)
        }

        // Drag one variable with an edit, and leave it at its last value.
        let dragged = system.variables[Int.random(in: 0..<system.variables.count, using: &generator)]
        let editStrength = Strength(priority: 900)
        try solver.addEditVariable(dragged, strength: editStrength)
        var last = 0.0
        for _ in 0..<5 {
            last = Double(Int.random(in: -80...80, using: &generator))
            try solver.suggestValue(last, for: dragged)
        }

        let fresh = try freshSolve(all + [(dragged == last).with(editStrength)])
        for variable in system.variables {
            #expect(close(solver.value(of: variable), fresh.value(of: variable), tolerance: 1e-5),
                    "seed \(seed): \(variable) is \(solver.value(of: variable)) incrementally, \(fresh.value(of: variable)) fresh")
        }
        // Removing the edit again matches a fresh solve without it.
        try solver.removeEditVariable(dragged)
        let again = try freshSolve(all)
        for variable in system.variables {
            #expect(close(solver.value(of: variable), again.value(of: variable), tolerance: 1e-5), "seed \(seed): \(variable) after the edit")
        }
    }

    @Test("refused constraints leave the solver as it was: random conflicting systems match a fresh solve of what was accepted",
          arguments: 1...12)
    func refusedLeaveNoTrace(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed &* 7919)
        let variables = (0..<8).map { Variable("x\($0)") }
        let solver = Solver()
        var accepted: [Constraint] = []
        for (index, variable) in variables.enumerated() {
            let stay = (variable == Double(Int.random(in: -40...40, using: &generator))).with(Strength(priority: Double(20 + index)))
            try solver.add(stay)
            accepted.append(stay)
        }
        var refused = 0
        for _ in 0..<40 {
            // Random required constraints with no common solution in mind: many conflict.
            let i = Int.random(in: 0..<8, using: &generator), j = Int.random(in: 0..<8, using: &generator)
            let a = Double(Int.random(in: 1...3, using: &generator)), b = Double(Int.random(in: -2...2, using: &generator))
            let expression: LinearExpression = a * variables[i] - b * variables[j]
            let value = Double(Int.random(in: -30...30, using: &generator))
            let relation = Int.random(in: 0..<3, using: &generator)
            let constraint = relation == 0 ? expression == value : relation == 1 ? expression <= value : expression >= value
            do {
                try solver.add(constraint)
                accepted.append(constraint)
            } catch {
                #expect(error.code == .unsatisfiable && error.conflicting.last === constraint)
                #expect(error.conflicting.dropLast().allSatisfy { conflicting in accepted.contains { $0 === conflicting } })
                refused += 1
            }
        }
        #expect(refused > 0, "seed \(seed): nothing conflicted")
        let fresh = try freshSolve(accepted)
        for variable in variables {
            #expect(close(solver.value(of: variable), fresh.value(of: variable), tolerance: 1e-5),
                    "seed \(seed): \(variable) is \(solver.value(of: variable)) after refusals, \(fresh.value(of: variable)) fresh")
        }
    }

    @Test("removing every constraint empties the tableau and its symbols are reused")
    func removeEverything() throws {
        var generator = SeededGenerator(seed: 99)
        let system = RandomSystem(generator: &generator, size: 8)
        let solver = Solver()
        let all = system.required + system.soft
        for _ in 0..<3 {
            for constraint in all { try solver.add(constraint) }
            for constraint in all.shuffled(using: &generator) { try solver.remove(constraint) }
            #expect(solver.constraintCount == 0 && solver.statistics.levels == 0)
            #expect(solver.statistics.rows == 0, "rows left: \(solver.statistics)")
        }
    }
}
