import Atoms
import Testing

/// The engine finds atoms without hashing where it found them before: among four recent root
/// nodes (set and read from outside), first at the first atom a subscriber watches and then
/// among the rest (up to eight), and
/// among a switching evaluation's dependencies (up to sixteen). Each is tested at every size
/// around the point where it gives way to the store's table.
@MainActor
@Suite("Lookup without hashing")
struct LookupWithoutHashingTests {
    struct Cell: StateAtom, Hashable {
        let index: Int
        func defaultValue(context: Context) -> Int { index }
    }

    struct Plus: ValueAtom, Hashable {
        let index: Int
        func value(context: Context) -> Int { context.watch(Cell(index: index)) + 1000 }
    }

    /// Sets and reads cycle through 1 to 6 atoms, around the four recent nodes, and an atom
    /// released in between is never found again.
    @Test(arguments: [1, 3, 4, 5, 6])
    func setsAndReadsCyclingThroughAtoms(count: Int) {
        let root = AtomRoot()
        let context = root.context()
        let watcher = root.context()
        for index in 0..<count {
            _ = watcher.watch(Plus(index: index))
        }
        for round in 1...3 {
            for index in 0..<count {
                context.set(round * 100 + index, for: Cell(index: index))
                #expect(context.read(Cell(index: index)) == round * 100 + index)
                #expect(context.read(Plus(index: index)) == round * 100 + index + 1000)
            }
        }
        // Released atoms leave the recent nodes: used again, they start from their default.
        watcher.unwatchAll()
        for index in 0..<count {
            #expect(context.read(Cell(index: index)) == index)
        }
    }

    /// A subscriber that re-watches one of 1 to 10 atoms on each update (around the eight it
    /// searches by comparing keys) sees each new value.
    @Test(arguments: [1, 7, 8, 9, 10])
    func subscriberRewatchingOneOfManyAtoms(count: Int) {
        let root = AtomRoot()
        let writer = root.context()
        let view = root.context()
        var seen: [Int] = []
        for index in 0..<count {
            seen.append(view.watch(Plus(index: index)))
        }
        view.onUpdate = {
            seen = (0..<count).map { view.watch(Plus(index: $0)) }
        }
        for index in 0..<count {
            writer.set(index + 50, for: Cell(index: index))
            #expect(seen[index] == index + 1050)
        }
        #expect(seen == (0..<count).map { $0 + 1050 })
    }

    /// A view context's re-watch inside a batch, after a write and before the batch settles,
    /// reads what the write gives (the node is marked, and pulled fresh there), and never the
    /// value of another atom of the same type.
    @Test
    func subscriberRewatchInsideABatch() {
        let root = AtomRoot()
        let view = root.context()
        #expect(view.watch(Plus(index: 1)) == 1001)
        #expect(view.watch(Plus(index: 2)) == 1002)
        view.batch {
            view.set(7, for: Cell(index: 1))
            #expect(view.watch(Plus(index: 1)) == 1007)
            #expect(view.watch(Plus(index: 2)) == 1002)
            view.set(8, for: Cell(index: 2))
            #expect(view.watch(Plus(index: 2)) == 1008)
        }
        #expect(view.watch(Plus(index: 1)) == 1007)
        #expect(view.watch(Plus(index: 2)) == 1008)
    }

    /// The first atom a subscriber watches, where a re-watch looks before anything else, is
    /// the first it still watches after unwatching, after a scope ends and after everything is
    /// unwatched: a re-watch never reads an atom the subscriber no longer watches, and
    /// watching it again subscribes it again.
    @Test
    func theFirstWatchedAtomFollowsUnwatching() {
        let root = AtomRoot()
        let writer = root.context()
        let view = root.context()
        #expect(view.watch(Plus(index: 1)) == 1001)
        #expect(view.watch(Plus(index: 2)) == 1002)
        #expect(view.watch(Plus(index: 3)) == 1003)
        view.unwatch(Plus(index: 1))
        var updates = 0
        view.onUpdate = { updates += 1 }
        // The unwatched atom is released: its cell starts again from its default.
        writer.set(41, for: Cell(index: 1))
        #expect(updates == 0)
        writer.set(42, for: Cell(index: 2))
        #expect(updates == 1)
        #expect(view.watch(Plus(index: 2)) == 1042)
        #expect(view.watch(Plus(index: 3)) == 1003)
        // Watched again: subscribed again, and told of its next change.
        #expect(view.watch(Plus(index: 1)) == 1001)
        writer.set(43, for: Cell(index: 1))
        #expect(updates == 2)
        #expect(view.watch(Plus(index: 1)) == 1043)
        view.unwatchAll()
        writer.set(44, for: Cell(index: 2))
        #expect(updates == 2)
        #expect(view.watch(Plus(index: 2)) == 1002)
        writer.set(45, for: Cell(index: 2))
        #expect(updates == 3)
        #expect(view.watch(Plus(index: 2)) == 1045)
    }
}
