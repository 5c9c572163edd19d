/// The kinds of symbol in the tableau (the paper's variable classes).
///
/// External symbols stand for the user's variables and are unrestricted in sign;
/// the others are restricted to be non-negative. A dummy is restricted to zero:
/// it marks a required equality so that the constraint can be found and removed
/// again, and never enters the basis during optimisation.
enum SymbolKind: UInt8 {
    case external, slack, error, dummy

    /// True for the symbols the simplex keeps non-negative.
    var isRestricted: Bool { self != .external }
}

/// One linear row of the tableau: `constant + Σ coefficient × symbol`.
///
/// A row in the tableau is the value of its basic symbol; a row under construction
/// is an expression equal to zero. Cells are kept sorted by symbol so that adding a
/// multiple of another row is a merge, coefficients within `Row.epsilon` of zero are
/// dropped, and reading one coefficient is a binary search.
struct Row {
    /// Coefficients closer to zero than this are treated as zero and dropped.
    static let epsilon = 1.0e-8

    var constant: Double
    private(set) var symbols: [Int] = []
    private(set) var coefficients: [Double] = []

    init(constant: Double = 0) {
        self.constant = constant
    }

    var isEmpty: Bool { symbols.isEmpty }

    static func isZero(_ value: Double) -> Bool { abs(value) < epsilon }

    /// The position of `symbol`, or where it would be inserted.
    private func position(of symbol: Int) -> (index: Int, found: Bool) {
        var low = 0, high = symbols.count
        while low < high {
            let middle = (low + high) / 2
            if symbols[middle] < symbol { low = middle + 1 } else { high = middle }
        }
        return (low, low < symbols.count && symbols[low] == symbol)
    }

    /// The coefficient of `symbol` (zero when the row does not contain it).
    func coefficient(of symbol: Int) -> Double {
        let (index, found) = position(of: symbol)
        return found ? coefficients[index] : 0
    }

    /// Adds `value` to the coefficient of `symbol`.
    /// - Returns: +1 when the cell appeared, -1 when it cancelled out, 0 otherwise.
    @discardableResult
    mutating func add(_ value: Double, to symbol: Int) -> Int {
        let (index, found) = position(of: symbol)
        if found {
            let sum = coefficients[index] + value
            if Row.isZero(sum) {
                symbols.remove(at: index)
                coefficients.remove(at: index)
                return -1
            }
            coefficients[index] = sum
            return 0
        }
        guard !Row.isZero(value) else { return 0 }
        symbols.insert(symbol, at: index)
        coefficients.insert(value, at: index)
        return 1
    }

    /// Removes `symbol`'s cell; returns its coefficient (zero when absent).
    @discardableResult
    mutating func remove(_ symbol: Int) -> Double {
        let (index, found) = position(of: symbol)
        guard found else { return 0 }
        symbols.remove(at: index)
        return coefficients.remove(at: index)
    }

    /// Multiplies the constant and every coefficient by `factor`.
    mutating func multiply(by factor: Double) {
        constant *= factor
        for index in coefficients.indices { coefficients[index] *= factor }
    }

    /// Adds `factor` × `other` to this row, noting the symbols whose cells appear
    /// in `inserted` and those that cancel out in `removed`.
    mutating func add(_ other: Row, times factor: Double, inserted: inout [Int], removed: inout [Int]) {
        constant += factor * other.constant
        guard !other.symbols.isEmpty else { return }
        var newSymbols: [Int] = [], newCoefficients: [Double] = []
        newSymbols.reserveCapacity(symbols.count + other.symbols.count)
        newCoefficients.reserveCapacity(symbols.count + other.symbols.count)
        var i = 0, j = 0
        let a = symbols, b = other.symbols
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i] < b[j]) {
                newSymbols.append(a[i])
                newCoefficients.append(coefficients[i])
                i += 1
            } else if i == a.count || b[j] < a[i] {
                let value = factor * other.coefficients[j]
                if !Row.isZero(value) {
                    newSymbols.append(b[j])
                    newCoefficients.append(value)
                    inserted.append(b[j])
                }
                j += 1
            } else {
                let value = coefficients[i] + factor * other.coefficients[j]
                if Row.isZero(value) {
                    removed.append(a[i])
                } else {
                    newSymbols.append(a[i])
                    newCoefficients.append(value)
                }
                i += 1
                j += 1
            }
        }
        symbols = newSymbols
        coefficients = newCoefficients
    }

    /// Adds `factor` × `other` without reporting which cells changed.
    mutating func add(_ other: Row, times factor: Double) {
        var inserted: [Int] = [], removed: [Int] = []
        add(other, times: factor, inserted: &inserted, removed: &removed)
    }

    /// Solves the expression `0 = self` for `symbol`: afterwards the row is
    /// `symbol`'s value in terms of the other symbols.
    /// - Returns: false (and leaves the row alone) when the row does not contain `symbol`.
    mutating func solve(for symbol: Int) -> Bool {
        let coefficient = self.coefficient(of: symbol)
        guard coefficient != 0 else { return false }
        remove(symbol)
        multiply(by: -1 / coefficient)
        return true
    }
}
