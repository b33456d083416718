@_spi(Recording) import Atoms
import Testing

/// `CommittedAtom.withCommittedValue(_:)` hands a recorder a commit's value where the store
/// keeps it, typed; once a later commit replaces that value, or observation has stopped and a
/// transaction begins, it must say so rather than show a newer one, while the change set keeps
/// the value of its own commit.
@MainActor
@Suite("Committed value access")
struct CommittedValueAccessTests {
    struct Counter: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct Label: ValueAtom, Hashable {
        func value(context: Context) -> String { "count \(context.watch(Counter()))" }
    }

    private static func read(_ atom: CommittedAtom) -> (Int?, String?)? {
        atom.withCommittedValue { raw, type in
            if type == Int.self { return (raw.load(as: Int.self), nil) }
            if type == String.self { return (nil, raw.load(as: String.self)) }
            return (nil, nil)
        }
    }

    @Test("In the observer the typed value is the commit's value; after a later commit it is gone")
    func validUntilReplaced() {
        let root = AtomRoot()
        var kept: [CommittedAtom] = []
        var keptChanges: [AtomValueChange] = []
        var seenInObserver: [(Int?, String?)] = []
        let observation = root.store.observeCommits { commit in
            for atom in Array(commit.updatedAtoms) + commit.initializedAtoms {
                kept.append(atom)
                if let found = Self.read(atom) { seenInObserver.append(found) }
            }
            keptChanges += commit.changes.updated + commit.changes.initialized
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
        // Until the next transaction the last commit's values are still its own.
        #expect(kept.compactMap { Self.read($0) }.compactMap(\.0) == [2])
        // From then on, without an observer, the store keeps no committed values at all.
        context.set(3, for: Counter())
        #expect(kept.allSatisfy { Self.read($0) == nil && $0.value == nil })
        // The change set's `value` is the value of its own commit, whatever came after.
        #expect(keptChanges.compactMap { $0.value as? Int } == [0, 1, 2])
    }
    struct Ratio: StateAtom, Hashable {
        func defaultValue(context: Context) -> Double { 0.5 }
    }

    @Test("An integer compared as a word comes with its bits, which stay the commit's after later commits")
    func aWordComparedValueCarriesItsBits() {
        let root = AtomRoot()
        var words: [String: [UInt64?]] = [:]
        var kept: [(id: String, atom: CommittedAtom)] = []
        let observation = root.store.observeCommits { commit in
            for atom in commit.updatedAtoms {
                let id = commit.info(of: atom).id.rawValue
                words[id, default: []].append(atom.committedWord)
                kept.append((id, atom))
            }
        }
        let context = root.context()
        _ = context.watch(Label())
        _ = context.watch(Ratio())
        for value in 1...3 {
            context.set(value, for: Counter())
            context.set(Double(value) / 4, for: Ratio())
        }
        observation.cancel()
        // The store finds how to compare a type at its first comparison: from then on an
        // `Int` changes with its bits; a `Double` (whose `==` is not its bits', NaN and -0)
        // and a `String` never.
        #expect(words["Counter"] == [nil, UInt64(2), UInt64(3)])
        #expect(words["Ratio"] == [nil, nil, nil])
        #expect(words["Label"]?.allSatisfy { $0 == nil } == true)
        // Taken at the commit: the first counter commit with a word still says 2.
        #expect(kept.first { $0.id == "Counter" && $0.atom.committedWord != nil }?.atom.committedWord == 2)
    }
}
