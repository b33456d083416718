@_spi(Recording) import Atoms
import Testing

/// User code that the commit calls (a value's `==`, which the change rule uses) can write to
/// the store while the commit is being made. The write joins the transaction: the commit must
/// stay memory-safe while its list of changed atoms grows under it, and report those changes
/// too.
@MainActor
@Suite("Writes made from inside a commit's equality")
struct CommitReentrancyTests {
    /// Calls `onCompare` from `==`, at most once per value compared, to write from inside the
    /// commit.
    struct Loud: Equatable {
        var value: Int
        nonisolated(unsafe) static var onCompare: (@MainActor () -> Void)?

        static func == (lhs: Loud, rhs: Loud) -> Bool {
            MainActor.assumeIsolated {
                let body = onCompare
                onCompare = nil
                body?()
            }
            return lhs.value == rhs.value
        }
    }

    struct Source: StateAtom, Hashable {
        func defaultValue(context: Context) -> Loud { Loud(value: 0) }
    }

    struct Counter: StateAtom, Hashable {
        let id: Int
        func defaultValue(context: Context) -> Int { 0 }
    }

    @Test("A write of many atoms from `==` during the commit leaves every commit readable")
    func manyWritesFromInsideTheCommit() {
        let root = AtomRoot()
        let context = root.context()
        let counters = (0..<300).map(Counter.init(id:))
        for counter in counters { _ = context.watch(counter) }
        _ = context.watch(Source())
        var updatedCounts: [Int] = []
        let observation = root.store.observeCommits { commit in
            updatedCounts.append(commit.updatedAtoms.count)
            _ = commit.changes
        }
        Loud.onCompare = {
            // Hundreds of changed atoms: the commit's list of them grows into new memory.
            for counter in counters { context.set(7, for: counter) }
        }
        context.set(Loud(value: 1), for: Source())
        #expect(Loud.onCompare == nil)
        context.set(Loud(value: 2), for: Source())
        observation.cancel()

        #expect(counters.allSatisfy { context.read($0) == 7 })
        #expect(context.read(Source()).value == 2)
        // The counters' writes joined the first commit, and it reports them: a change made
        // while a commit is made is in that commit, never lost between two.
        #expect(updatedCounts == [1 + counters.count, 1])
    }
}
