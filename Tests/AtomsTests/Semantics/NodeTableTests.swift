@testable import Atoms
import Testing

/// The store's table of live nodes (`NodeTable`): every live atom is found by its key, a
/// released one is not, whatever the order of insertions and removals and however the keys
/// collide, and a key whose `==` changes the table mid-lookup still finds the right node.
@MainActor
@Suite("Node table")
struct NodeTableTests {
    struct Source: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    /// A key whose every value hashes alike: every node of it lands in one run of slots.
    struct Colliding: Hashable, Sendable {
        let value: Int
        func hash(into hasher: inout Hasher) { hasher.combine(0) }
    }

    struct Keyed: ValueAtom {
        let id: Colliding
        var key: Colliding { id }
        func value(context: Context) -> Int { context.watch(Source()) + id.value }
    }

    struct Numbered: ValueAtom, Hashable {
        let index: Int
        func value(context: Context) -> Int { context.watch(Source()) * index }
    }

    /// The node of `atom` the store's table holds, if any.
    private func node<A: Atom>(_ atom: A, in root: AtomRoot) -> NodeBase? {
        root.store.nodes.node(for: AtomKey(atom))
    }

    @Test(arguments: [false, true])
    func liveAtomsAreFoundAndReleasedOnesAreNotInAnyOrder(colliding: Bool) {
        let root = AtomRoot()
        let writer = root.context()
        _ = writer.watch(Source())
        writer.set(3, for: Source())
        var random = SystemRandomNumberGenerator()
        var subscribers: [Int: AtomViewContext] = [:]
        func value(_ index: Int) -> Int {
            guard let context = subscribers[index] else { return 0 }
            return colliding ? context.watch(Keyed(id: Colliding(value: index))) : context.watch(Numbered(index: index))
        }
        func isInTable(_ index: Int) -> Bool {
            colliding ? node(Keyed(id: Colliding(value: index)), in: root) != nil : node(Numbered(index: index), in: root) != nil
        }
        // Watched atoms come and go in a random order; the table grows past its first slots.
        for round in 0..<600 {
            let index = Int.random(in: 0..<120, using: &random)
            if subscribers[index] == nil {
                subscribers[index] = root.context()
                #expect(value(index) == (colliding ? 3 + index : 3 * index))
            } else {
                subscribers[index] = nil
                writer.set(3 + round % 2, for: Source())
                writer.set(3, for: Source())
            }
            if round % 50 == 49 {
                for candidate in 0..<120 {
                    #expect(isInTable(candidate) == (subscribers[candidate] != nil), "atom \(candidate) after round \(round)")
                }
            }
        }
        #expect(root.store.nodes.count == subscribers.count + 1, "the watched atoms and the source")
        for candidate in 0..<120 where subscribers[candidate] != nil {
            #expect(value(candidate) == (colliding ? 3 + candidate : 3 * candidate))
        }
    }

    /// A key whose `==` resolves other atoms of the store: the table grows while a lookup
    /// compares, and the lookup starts over and finds the node all the same.
    struct Meddling: Hashable, Sendable {
        let value: Int
        @MainActor static var root: AtomRoot?
        @MainActor static var meddle = false
        func hash(into hasher: inout Hasher) { hasher.combine(0) }
        static func == (left: Meddling, right: Meddling) -> Bool {
            MainActor.assumeIsolated {
                if meddle, let root {
                    meddle = false
                    for index in 1_000..<1_040 {
                        _ = root.store.makeNode(for: Numbered(index: index), in: nil)
                    }
                }
            }
            return left.value == right.value
        }
    }

    struct MeddlingAtom: ValueAtom {
        let id: Meddling
        var key: Meddling { id }
        func value(context: Context) -> Int { id.value }
    }

    @Test func aLookupWhoseComparisonChangesTheTableStartsOver() {
        let root = AtomRoot()
        let view = root.context()
        for value in 0..<6 {
            #expect(view.watch(MeddlingAtom(id: Meddling(value: value))) == value)
        }
        let before = root.store.nodes.count
        Meddling.root = root
        Meddling.meddle = true
        defer { Meddling.root = nil }
        let found = node(MeddlingAtom(id: Meddling(value: 5)), in: root)
        #expect(root.store.nodes.count == before + 40, "the comparison made 40 nodes, and the table grew")
        #expect(found?.key == AtomKey(MeddlingAtom(id: Meddling(value: 5))))
    }
}
