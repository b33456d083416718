/// When a search for valid frames after damage splits its sweep between two threads.
struct SearchSplit: Equatable {
    /// Bytes swept on the reader's thread alone before any split: most damage is a torn or
    /// flipped frame with valid ones right after it, found sooner than a thread would start.
    var alone = 16 << 10
    /// The fewest bytes left in the chunk after those for which the rest is split: below it,
    /// starting the other half costs about what it saves.
    var minimum = 256 << 10
    /// Whether the second half goes to another thread at all: tests turn it off to see the
    /// first half take it back, as when every thread of the pool is busy.
    var handsOver = true

    /// Never split.
    static let never = SearchSplit(alone: .max / 4, minimum: .max / 4)
}
