@_spi(Recording) import Atoms
import Testing

/// A commit's change set is built only when someone asks for it. These tests keep commits
/// without reading them in the observer and read them after later transactions, after a write
/// made from inside an observer, and after observation stopped: each must still show its own
/// commit's values, never a later one.
@MainActor
@Suite("Commits kept past their observer")
struct KeptCommitTests {
    struct Count: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct Doubled: ValueAtom, Hashable {
        func value(context: Context) -> Int { context.watch(Count()) * 2 }
    }

    struct Flag: StateAtom, Hashable {
        func defaultValue(context: Context) -> Bool { false }
    }

    private static func values(_ commit: AtomCommit) -> [String: Int] {
        var values: [String: Int] = [:]
        for change in commit.changes.initialized + commit.changes.updated {
            values[change.atom.id.rawValue] = change.value as? Int
        }
        return values
    }

    @Test("A commit read after later transactions shows its own values")
    func readAfterLaterCommits() {
        let root = AtomRoot()
        var kept: [AtomCommit] = []
        let observation = root.store.observeCommits { kept.append($0) }
        let context = root.context()
        _ = context.watch(Doubled())
        for value in 1...3 {
            context.set(value, for: Count())
        }
        observation.cancel()

        #expect(kept.count == 4)
        #expect(kept.map(Self.values) == [
            ["Count": 0, "Doubled": 0],
            ["Count": 1, "Doubled": 2],
            ["Count": 2, "Doubled": 4],
            ["Count": 3, "Doubled": 6],
        ])
        // The typed view a recorder reads in place is gone once a later commit replaced it.
        #expect(kept[1].updatedAtoms.allSatisfy { $0.committedValue(as: Int.self) == nil })
    }

    @Test("A kept commit keeps its own cause, which the recorder's accessors give without building it")
    func causeAfterLaterCommits() {
        let root = AtomRoot()
        var kept: [AtomCommit] = []
        let observation = root.store.observeCommits { kept.append($0) }
        let context = root.context()
        _ = context.watch(Doubled())
        let setLine: UInt = #line + 1
        context.set(1, for: Count())
        context.batch("both") {
            context.set(true, for: Flag())
            context.set(2, for: Count())
        }
        context.set(3, for: Count())
        observation.cancel()

        #expect(kept.count == 4)
        #expect(kept.map(\.cause.operation) == [.watch, .set, .batch, .set])
        #expect(kept[1].cause.atom?.rawValue == "Count")
        #expect(kept[1].cause.location == SourceLocation(fileID: #fileID, line: setLine))
        #expect(kept[1].cause.label == nil)
        #expect(kept[2].cause.label == "both")
        for commit in kept {
            #expect(commit.causeOperation == commit.cause.operation)
            #expect(commit.causeAtomNumber == commit.cause.atomNumber)
            #expect(commit.causeLocation == commit.cause.location)
            #expect(commit.causeLabel == commit.cause.label)
        }
    }

    @Test("A kept commit's atoms stay readable after their nodes were released and replaced")
    func readAfterTheAtomsWereReleased() {
        let root = AtomRoot()
        var kept: [AtomCommit] = []
        let observation = root.store.observeCommits { kept.append($0) }
        let context = root.context()
        _ = context.watch(Doubled())
        context.set(1, for: Count())
        let changed = kept[1]
        let numbers = changed.updatedAtoms.map(\.number)
        // Releases both nodes; watching again makes new ones, which later commits change.
        context.unwatch(Doubled())
        _ = context.watch(Doubled())
        context.set(5, for: Count())
        observation.cancel()

        #expect(kept.count == 5)
        #expect(kept[2].releasedAtoms.count == 2)
        #expect(changed.updatedAtoms.map(\.number) == numbers)
        #expect(Set(changed.updatedAtoms.compactMap { $0.committedValue(as: Int.self) }) == [1, 2])
        #expect(Set(changed.updatedAtoms.compactMap { $0.value as? Int }) == [1, 2])
        #expect(Self.values(changed) == ["Count": 1, "Doubled": 2])
    }

    @Test("A write made by one observer does not change what the next observer of the same commit sees")
    func writeFromAnObserver() {
        let root = AtomRoot()
        let context = root.context()
        _ = context.watch(Doubled())
        var wrote = false
        var seen: [[String: Int]] = []
        let writer = root.store.observeCommits { _ in
            guard !wrote else { return }
            wrote = true
            context.set(10, for: Count())
        }
        let reader = root.store.observeCommits { seen.append(Self.values($0)) }
        context.set(1, for: Count())
        writer.cancel()
        reader.cancel()

        // The reader sees the write's own commit (nested, so first) and then the first commit,
        // each with its values.
        #expect(seen.count == 2)
        #expect(seen.contains(["Count": 1, "Doubled": 2]))
        #expect(seen.contains(["Count": 10, "Doubled": 20]))
    }

    @Test("A commit kept by an observer that stops observing keeps its values")
    func keptAcrossCancel() {
        let root = AtomRoot()
        let context = root.context()
        _ = context.watch(Doubled())
        var kept: AtomCommit?
        var observation: AtomObservation?
        observation = root.store.observeCommits { commit in
            kept = commit
            observation?.cancel()
        }
        context.set(5, for: Count())
        context.set(6, for: Count())

        #expect(kept.map(Self.values) == ["Count": 5, "Doubled": 10])
    }

    @Test("The atoms a recorder reads in place are the change set's, with the same values")
    func recorderViewMatchesTheChangeSet() {
        let root = AtomRoot()
        var checked = 0
        let observation = root.store.observeCommits { commit in
            let changes = commit.changes
            #expect(commit.initializedAtoms.map(\.number) == changes.initialized.map(\.atom.number))
            #expect(commit.updatedAtoms.map(\.number) == changes.updated.map(\.atom.number))
            #expect(commit.recomputedAtoms.map(\.number) == changes.recomputed.map(\.number))
            #expect(commit.releasedAtoms.map(\.number) == changes.released.map(\.number))
            #expect(commit.addedEdges.map { [$0.upstreamNumber, $0.downstreamNumber] }
                == changes.edgesAdded.map { [$0.upstream.number, $0.downstream.number] })
            #expect(commit.addedSubscriptions.map(\.atomNumber) == changes.subscriptionsAdded.map(\.atom.number))
            for (atom, change) in zip(commit.updatedAtoms, changes.updated) {
                #expect(commit.info(of: atom) == change.atom)
                if let number = change.value as? Int {
                    #expect(atom.committedValue(as: Int.self) == number)
                    #expect(atom.committedValue(as: String.self) == nil)
                    #expect(atom.value as? Int == number)
                }
                if let flag = change.value as? Bool {
                    #expect(atom.committedValue(as: Bool.self) == flag)
                }
            }
            checked += 1
        }
        let context = root.context()
        _ = context.watch(Doubled())
        _ = context.watch(Flag())
        context.set(3, for: Count())
        context.set(true, for: Flag())
        // Equal value: a recompute, not a change.
        context.set(3, for: Count())
        observation.cancel()
        #expect(checked == 5)
    }
}
