/// A small deterministic generator (xorshift64*), so that one seed always draws the same app.
///
/// `SystemRandomNumberGenerator` would give another graph every run, and a benchmark needs
/// the same graph each time it measures.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        // xorshift never leaves 0; any other start is as good as the next.
        state = seed == 0 ? 0x2545_F491_4F6C_DD1D : seed
    }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    /// Whether an event of probability `percent` / 100 happens.
    mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &self) < percent
    }
}
