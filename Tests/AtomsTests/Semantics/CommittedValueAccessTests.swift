@_spi(Recording) import Atoms
import Testing

/// `AtomValueChange.withCommittedValue(of:_:)` hands a recorder the value where the store keeps
/// it, typed; once a later commit replaces that value it must say so rather than show the
/// newer one, while `value` keeps the value of its own commit.
@MainActor
@Suite("Committed value access")
struct CommittedValueAccessTests {
    struct Counter: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct Label: ValueAtom, Hashable {
        func value(context: Context) -> String { "count \(context.watch(Counter()))" }
    }

    private static func read(_ change: AtomValueChange) -> (Int?, String?)? {
        withUnsafePointer(to: change) { pointer in
            AtomValueChange.withCommittedValue(of: pointer) { raw, type in
                if type == Int.self { return (raw.load(as: Int.self), nil) }
                if type == String.self { return (nil, raw.load(as: String.self)) }
                return (nil, nil)
            }
        }
    }

    @Test("In the observer the typed value is the change's value; after a later commit it is gone")
    func validUntilReplaced() {
        let root = AtomRoot()
        var kept: [AtomValueChange] = []
        var seenInObserver: [(Int?, String?)] = []
        let observation = root.store.observeCommits { commit in
            for change in commit.changes.updated + commit.changes.initialized {
                kept.append(change)
                if let found = Self.read(change) { seenInObserver.append(found) }
            }
        }
        let context = root.context()
        _ = context.watch(Label())
        context.set(1, for: Counter())
        context.set(2, for: Counter())
        // Replaced by later commits: only the last commit's values are still in place.
        let stillThere = kept.compactMap { Self.read($0) }
        observation.cancel()

        #expect(seenInObserver.count == kept.count)
        let counts = seenInObserver.compactMap(\.0)
        let labels = seenInObserver.compactMap(\.1)
        #expect(counts == [0, 1, 2])
        #expect(labels == ["count 0", "count 1", "count 2"])
        #expect(stillThere.compactMap(\.0) == [2])
        #expect(stillThere.compactMap(\.1) == ["count 2"])
        // Without an observer the store keeps no committed values at all.
        #expect(kept.allSatisfy { Self.read($0) == nil })
        // `value` is the value of the change's own commit, whatever came after.
        #expect(kept.compactMap { $0.value as? Int } == [0, 1, 2])
    }

    @Test("A change made by hand has no value in the store")
    func madeByHand() {
        let root = AtomRoot()
        let info = root.store.snapshot().atoms.first?.atom
            ?? AtomInfo(number: 0, id: AtomID("x"), kind: .state, valueType: "Int", isKeepAlive: false, isSensitive: false)
        #expect(Self.read(AtomValueChange(atom: info, value: 5)) == nil)
    }
}
