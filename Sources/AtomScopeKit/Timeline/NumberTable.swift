/// Values for the numbers a journal gives its atoms, subscribers and locations: a table
/// indexed by number when the numbers are small and dense, as a store's are, so that a
/// lookup in a pass over every step is a load rather than a hash; a dictionary otherwise.
struct NumberTable: Sendable {
    /// By number, its value, or -1 for a number without one; `nil` when the numbers are too
    /// large or too sparse for a table.
    private let dense: [Int32]?
    private let sparse: [Int: Int32]

    /// A table of `pairs`; values are from 0 to `Int32.max` (slots, places in a sorted list).
    init(_ pairs: some Collection<(number: Int, value: Int)>) {
        let largest = pairs.map(\.number).max() ?? -1
        if largest < max(1 << 16, 16 * pairs.count), pairs.allSatisfy({ $0.number >= 0 }) {
            var table = [Int32](repeating: -1, count: largest + 1)
            for pair in pairs { table[pair.number] = Int32(truncatingIfNeeded: pair.value) }
            dense = table
            sparse = [:]
        } else {
            dense = nil
            sparse = Dictionary(pairs.map { ($0.number, Int32(truncatingIfNeeded: $0.value)) }, uniquingKeysWith: { _, last in last })
        }
    }

    /// A set of `numbers`, each with the value 0.
    init(present numbers: some Collection<Int>) {
        self.init(numbers.map { (number: $0, value: 0) })
    }

    /// The table by number (-1 for a number without a value), when the numbers are small and
    /// dense enough for one.
    var table: [Int32]? { dense }

    /// The value of `number`, or `nil` when it has none.
    @inline(__always)
    subscript(number: Int) -> Int? {
        guard let dense else { return sparse[number].map(Int.init) }
        guard number >= 0, number < dense.count, dense[number] >= 0 else { return nil }
        return Int(dense[number])
    }
}
