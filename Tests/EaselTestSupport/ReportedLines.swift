/// Collects the lines a session reports (its warnings), for tests to check.
public final class ReportedLines {
    /// Every line so far, in order.
    public private(set) var lines: [String] = []

    /// An empty collection.
    public init() {}

    /// Adds a line: pass this as a session's `report` handler.
    public func append(_ line: String) { lines.append(line) }
}
