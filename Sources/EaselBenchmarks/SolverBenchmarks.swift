// The constraint solver: a grid of 1000 "views" (left, top, width, height each),
// 40 to a row, laid out by 4000 constraints as Auto Layout would state them:
//
//   left   == 8 (first column) or the previous view's left + width + 8
//   top    == 8 (first row) or the view above's top + height + 8
//   width  == 30 at priority 750
//   height == 0.75 × width
//
// Measured: the first solve (every constraint added to an empty solver), and one
// incremental change of a constant afterwards — an edit variable's suggestValue on
// one view's width (priority 999, so it beats the 750 width) and setConstant on a
// required constraint (the first view's left margin) — as a fraction of the first solve.

import EaselABI
import EaselConstraintSolver
import EaselRuntime
import EaselViews

/// The grid's variables and the constraints the benchmark changes.
struct SolverGrid {
    let solver: Solver
    let lefts: [Variable], tops: [Variable], widths: [Variable], heights: [Variable]
    let firstLeft: Constraint
}

func buildSolverGrid(views: Int, columns: Int, variables: (lefts: [Variable], tops: [Variable], widths: [Variable], heights: [Variable]))
    throws -> SolverGrid
{
    let (lefts, tops, widths, heights) = variables
    let solver = Solver()
    var firstLeft: Constraint?
    for index in 0..<views {
        let column = index % columns
        let left = column == 0 ? lefts[index] == 8 : lefts[index] == lefts[index - 1] + widths[index - 1] + 8
        if index == 0 { firstLeft = left }
        try solver.add(left)
        try solver.add(index < columns ? tops[index] == 8 : tops[index] == tops[index - columns] + heights[index - columns] + 8)
        try solver.add((widths[index] == 30).with(Strength(priority: 750)))
        try solver.add(heights[index] == 0.75 * widths[index])
    }
    guard let firstLeft else { fail("the grid has no views") }
    return SolverGrid(solver: solver, lefts: lefts, tops: tops, widths: widths, heights: heights, firstLeft: firstLeft)
}

/// Prints the solver table; returns true when the incremental changes cost under 1 % of the first solve.
func runSolverBenchmarks(rounds: Int) -> Bool {
    let views = 1000, columns = 40
    let variables = (
        lefts: (0..<views).map { Variable("view\($0).left") }, tops: (0..<views).map { Variable("view\($0).top") },
        widths: (0..<views).map { Variable("view\($0).width") }, heights: (0..<views).map { Variable("view\($0).height") }
    )
    func build() -> SolverGrid {
        do { return try buildSolverGrid(views: views, columns: columns, variables: variables) } catch { fail("solver grid: \(error)") }
    }

    // The first solve: all 4000 constraints into an empty solver.
    var first = Double.infinity
    var grid = build()
    for _ in 0..<rounds {
        let start = nanoseconds()
        grid = build()
        first = min(first, Double(nanoseconds() - start))
    }
    let solver = grid.solver
    func check(_ variable: Variable, _ expected: Double, _ what: String) {
        let value = solver.value(of: variable)
        guard abs(value - expected) < 1e-6 else { fail("solver grid: \(variable) is \(value), expected \(expected) (\(what))") }
    }
    check(grid.lefts[39], 8 + 39 * 38, "first solve")
    check(grid.tops[999], 8 + 24 * (22.5 + 8), "first solve")
    let statistics = solver.statistics

    // An edit variable on one view's width in the middle of the grid.
    let edited = 500  // row 12, column 20: moves the 19 views to its right and the 12 below
    let addStart = nanoseconds()
    do { try solver.addEditVariable(grid.widths[edited], strength: Strength(priority: 999)) } catch { fail("solver grid: \(error)") }
    let addEdit = Double(nanoseconds() - addStart)
    let pivotsBefore = solver.pivotCount
    let suggest = measure(2000, rounds: rounds) { count in
        for step in 0..<count {
            do { try solver.suggestValue(step % 2 == 0 ? 40 : 30, for: grid.widths[edited]) } catch { fail("solver grid: \(error)") }
        }
    }
    let suggestPivots = solver.pivotCount - pivotsBefore
    do { try solver.suggestValue(40, for: grid.widths[edited]) } catch { fail("solver grid: \(error)") }
    check(grid.lefts[519], 8 + 39 * 38 + 10, "after suggestValue")
    check(grid.heights[edited], 30, "after suggestValue")
    check(grid.tops[540], 8 + 12 * 30.5 + 30 + 8, "after suggestValue")

    // A required constant: the first view's left margin, 8 ↔ 16 (moves the first row).
    let constant = measure(2000, rounds: rounds) { count in
        for step in 0..<count {
            do { try solver.setConstant(of: grid.firstLeft, to: step % 2 == 0 ? -16 : -8) } catch { fail("solver grid: \(error)") }
        }
    }
    do { try solver.setConstant(of: grid.firstLeft, to: -16) } catch { fail("solver grid: \(error)") }
    check(grid.lefts[39], 16 + 39 * 38, "after setConstant")

    let suggestRatio = suggest / first, constantRatio = constant / first
    let ok = suggestRatio < 0.01 && constantRatio < 0.01
    func ms(_ ns: Double) -> String { format(ns / 1e6, digits: 2) + " ms" }
    func us(_ ns: Double) -> String { format(ns / 1e3, digits: 2) + " µs" }
    func percent(_ ratio: Double) -> String { format(ratio * 100, digits: 3) + " %" }
    func met(_ ok: Bool) -> String { ok ? "yes" : "**no**" }
    print("### Constraint solver: \(views) views in rows of \(columns), \(solver.constraintCount - 1) constraints (release, best of \(rounds) rounds)")
    print("")
    print("| measurement | time | / first solve | target | met |")
    print("|---|---:|---:|---|---|")
    print("| first solve: \(views * 4) constraints added to an empty solver | \(ms(first)) | 1 | — | — |")
    print("| `suggestValue` on one view's width (edit variable, priority 999; moves the 19 views to its right and the 12 below) | \(us(suggest)) | \(percent(suggestRatio)) | < 1 % | \(met(suggestRatio < 0.01)) |")
    print("| `setConstant` of a required constraint (the first view's left; moves 40 views) | \(us(constant)) | \(percent(constantRatio)) | < 1 % | \(met(constantRatio < 0.01)) |")
    print("| `addEditVariable` on that width (once) | \(us(addEdit)) | \(percent(addEdit / first)) | — | — |")
    print("")
    print("Tableau: \(statistics.rows) rows, \(statistics.cells) cells, \(statistics.levels) priority level(s); \(suggestPivots) pivots over all the suggestions.")
    return runConstraintViewBenchmarks(rounds: rounds) && ok
}

// MARK: - The same grid as views

/// 1000 views in a root, laid out by the same 4000 constraints as `LayoutConstraint`s
/// (the first layout pass, then one constant changed and laid out again), against the
/// same frames from autoresizing (the root resized, every view flexible).
func runConstraintViewBenchmarks(rounds: Int) -> Bool {
    let views = 1000, columns = 40
    let registry = Registry()
    func makeViews() -> (root: View, children: [View]) {
        do {
            let root = try registry.makeView(ofClass: "View", frame: easel_rect(x: 0, y: 0, width: 1600, height: 800))
            var children: [View] = []
            for _ in 0..<views {
                let view = try registry.makeView(ofClass: "View")
                try root.addSubview(view)
                children.append(view)
            }
            root.layoutIfNeeded()
            return (root, children)
        } catch {
            fail("view grid: \(error)")
        }
    }
    func constraints(_ root: View, _ children: [View]) -> [LayoutConstraint] {
        var result: [LayoutConstraint] = []
        result.reserveCapacity(views * 4)
        for (index, view) in children.enumerated() {
            view.translatesAutoresizingMaskIntoConstraints = false
            let column = index % columns
            result.append(column == 0 ? view.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 8)
                : view.leftAnchor.constraint(equalTo: children[index - 1].rightAnchor, constant: 8))
            result.append(index < columns ? view.topAnchor.constraint(equalTo: root.topAnchor, constant: 8)
                : view.topAnchor.constraint(equalTo: children[index - columns].bottomAnchor, constant: 8))
            let width = view.widthAnchor.constraint(equalToConstant: 30)
            width.priority = .defaultHigh
            result.append(width)
            result.append(view.heightAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.75))
        }
        return result
    }

    // The first layout: activate the 4000 constraints and lay out.
    var first = Double.infinity
    var grid = makeViews()
    var active: [LayoutConstraint] = []
    for _ in 0..<rounds {
        let fresh = makeViews()
        let start = nanoseconds()
        let made = constraints(fresh.root, fresh.children)
        do { try LayoutConstraint.activate(made) } catch { fail("view grid: \(error)") }
        fresh.root.layoutIfNeeded()
        first = min(first, Double(nanoseconds() - start))
        LayoutConstraint.deactivate(active)
        grid = fresh
        active = made
    }
    let expected = easel_rect(x: 8 + 39 * 38, y: 8 + 24 * 30.5, width: 30, height: 22.5)
    guard grid.children[999].frame == expected else { fail("view grid: the last view is at \(grid.children[999].frame), expected \(expected)") }

    // One constant changed (view 500's width, 30 <-> 40), then a layout pass.
    let width = active[500 * 4 + 2]
    let change = measure(1000, rounds: rounds) { count in
        for step in 0..<count {
            width.constant = step % 2 == 0 ? 40 : 30
            grid.root.layoutIfNeeded()
        }
    }
    width.constant = 40
    grid.root.layoutIfNeeded()
    guard grid.children[519].frame.origin.x == 8 + 39 * 38 + 10 else { fail("view grid: view 519 did not move") }

    // The same frames by autoresizing: every view flexible, the root resized 1600 <-> 1700 wide.
    let plain = makeViews()
    for (index, view) in plain.children.enumerated() {
        view.frame = grid.children[index].frame
        view.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]
    }
    let autoresize = measure(1000, rounds: rounds) { count in
        for step in 0..<count {
            plain.root.frame = easel_rect(x: 0, y: 0, width: step % 2 == 0 ? 1700 : 1600, height: 800)
            plain.root.layoutIfNeeded()
        }
    }
    LayoutConstraint.deactivate(active)

    let ratio = change / first
    func ms(_ ns: Double) -> String { format(ns / 1e6, digits: 2) + " ms" }
    func us(_ ns: Double) -> String { format(ns / 1e3, digits: 2) + " µs" }
    print("")
    print("### The same grid as \(views) views with `LayoutConstraint`s, against autoresizing (release, best of \(rounds) rounds)")
    print("")
    print("| measurement | time | / first layout | / autoresizing pass | target | met |")
    print("|---|---:|---:|---:|---|---|")
    print("| first layout: 4000 constraints made, activated and laid out | \(ms(first)) | 1 | \(format(first / autoresize, digits: 0)) | — | — |")
    print("| one constant changed (a width), then `layoutIfNeeded` | \(us(change)) | \(format(ratio * 100, digits: 3)) % | \(format(change / autoresize, digits: 2)) | < 1 % | \(ratio < 0.01 ? "yes" : "**no**") |")
    print("| autoresizing: the root resized, 1000 flexible views, `layoutIfNeeded` | \(us(autoresize)) | \(format(autoresize / first * 100, digits: 3)) % | 1 | — | — |")
    return ratio < 0.01
}
