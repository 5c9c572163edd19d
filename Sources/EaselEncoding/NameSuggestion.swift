/// "Did you mean …?" for a name that is not known: the closest known name
/// by edit distance (insertions, deletions, substitutions and swaps of two
/// neighbours, case ignored), when it is close enough to be a likely typo.
public enum NameSuggestion {
    /// The known name closest to `name`, or `nil` when none is within
    /// `max(1, length / 3)` edits (at most 3) of it. Names longer than 64
    /// characters are not compared.
    public static func closest(to name: String, among known: some Sequence<String>) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        guard !target.isEmpty, target.count <= 64 else { return nil }
        let limit = min(3, max(1, target.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in known {
            let scalars = Array(candidate.lowercased().unicodeScalars)
            guard scalars.count <= 64, abs(scalars.count - target.count) <= limit else { continue }
            let distance = editDistance(target, scalars)
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// `; did you mean 'X'?` for ``closest(to:among:)``, or the empty string.
    public static func clause(for name: String, among known: some Sequence<String>) -> String {
        closest(to: name, among: known).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The optimal-string-alignment distance (Damerau–Levenshtein without
    /// repeated edits of one substring).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, previous2[j - 2] + 1) }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
