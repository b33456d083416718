// Seed conformance: the "Context" guide — the AtomViewContext example's operations
// (watch, set, subscript, read, reset, modify, snapshot) on SearchQueryAtom, without the
// SwiftUI parts (binding, searchable, refreshable).

import Atoms
import Testing

@Suite("Seed conformance: view context operations")
@MainActor
struct ContextExampleConformanceTests {
    // MARK: Seed declaration

    struct SearchQueryAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> String {
            ""
        }
    }

    // MARK: Harness

    /// A synchronous sibling of FetchBooksAtom; the task atom itself and `refresh` are in
    /// AsyncTestingExampleTests.swift.
    struct SearchResultsAtom: ValueAtom, Hashable {
        func value(context: Context) -> [String] {
            let query = context.watch(SearchQueryAtom())
            return ["Swift", "SwiftUI", "Kotlin"].filter { query.isEmpty || $0.contains(query) }
        }
    }

    @Test("set, subscript, read, reset and snapshot on a view context")
    func viewContextOperations() {
        let root = AtomRoot()
        defer { withExtendedLifetime(root) {} }
        let context = root.context()
        let updates = ConformanceProbe()
        context.onUpdate = { updates.hit() }

        // watch
        #expect(context.watch(SearchResultsAtom()) == ["Swift", "SwiftUI", "Kotlin"])

        // set
        context.set("All", for: SearchQueryAtom())
        #expect(context.read(SearchQueryAtom()) == "All")
        #expect(updates.count == 1)

        // subscript
        context[SearchQueryAtom()].append(" ")
        #expect(context.read(SearchQueryAtom()) == "All ")
        #expect(updates.count == 2)

        // modify
        context.modify(SearchQueryAtom()) { $0 = "Swift" }
        #expect(context.read(SearchResultsAtom()) == ["Swift", "SwiftUI"])
        #expect(updates.count == 3)

        // snapshot
        let snapshot = context.snapshot()
        #expect(snapshot.lookup(SearchQueryAtom()) == "Swift")
        #expect(snapshot.lookup(SearchResultsAtom()) == ["Swift", "SwiftUI"])

        // reset
        context.reset(SearchQueryAtom())
        #expect(context.read(SearchQueryAtom()) == "")
        #expect(context.read(SearchResultsAtom()) == ["Swift", "SwiftUI", "Kotlin"])
        #expect(updates.count == 4)
    }

    @Test("read does not watch: a context that only read is not notified")
    func readDoesNotWatch() {
        let root = AtomRoot()
        defer { withExtendedLifetime(root) {} }
        let watcher = root.context()
        let reader = root.context()
        let readerUpdates = ConformanceProbe()
        let watcherUpdates = ConformanceProbe()
        reader.onUpdate = { readerUpdates.hit() }
        watcher.onUpdate = { watcherUpdates.hit() }

        watcher.watch(SearchQueryAtom())
        #expect(reader.read(SearchQueryAtom()) == "")

        watcher.set("query", for: SearchQueryAtom())
        #expect(reader.read(SearchQueryAtom()) == "query")
        #expect(watcherUpdates.count == 1)
        #expect(readerUpdates.count == 0)
    }

    @Test("Contexts of one root share state; contexts of two roots do not")
    func sharedWithinRoot() {
        let root = AtomRoot()
        let other = AtomRoot()
        defer { withExtendedLifetime((root, other)) {} }

        let a = root.context()
        let b = root.context()
        let c = other.context()
        a.watch(SearchQueryAtom())
        b.watch(SearchQueryAtom())
        c.watch(SearchQueryAtom())

        a.set("shared", for: SearchQueryAtom())
        #expect(b.read(SearchQueryAtom()) == "shared")
        #expect(c.read(SearchQueryAtom()) == "")
    }

    @Test("Two roots storing in the same AtomStore share state")
    func sharedStore() {
        let store = AtomStore()
        let first = AtomRoot(storesIn: store)
        let second = AtomRoot(storesIn: store)
        defer { withExtendedLifetime((store, first, second)) {} }

        let a = first.context()
        let b = second.context()
        a.watch(SearchQueryAtom())
        a.set("one store", for: SearchQueryAtom())
        #expect(b.read(SearchQueryAtom()) == "one store")
    }
}
