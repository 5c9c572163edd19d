/// A small deterministic generator (SplitMix64), so random scenes and trees are the same on every run.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64

    /// A generator whose sequence is fixed by `state`.
    public init(state: UInt64) { self.state = state }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    /// One of `values`.
    public mutating func pick<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }

    /// A number in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
