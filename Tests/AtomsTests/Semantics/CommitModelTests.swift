@testable import Atoms
import Testing

@MainActor
@Suite("The commit model")
struct CommitModelTests {
    struct Count: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct Doubled: ValueAtom, Hashable {
        func value(context: Context) -> Int { context.watch(Count()) * 2 }
    }

    struct Family: StateAtom, Hashable {
        let index: Int
        func defaultValue(context: Context) -> Int { index }
    }

    @Test func everyTransactionEndsInOneCommitWithAGrowingNumberAndItsCause() {
        let root = AtomRoot()
        var commits: [AtomCommit] = []
        root.observeCommits { commits.append($0) }
        let context = root.context()
        context.watch(Doubled())
        let setLine: UInt = #line + 1
        context.set(2, for: Count())
        context.modify(Count()) { $0 += 1 }
        context.reset(Count())
        context.batch("two writes") {
            context.set(7, for: Count())
            context.set(8, for: Count())
        }

        #expect(commits.map(\.cause.operation) == [.watch, .set, .modify, .reset, .batch])
        #expect(commits.map(\.number) == commits.map(\.number).sorted())
        #expect(Set(commits.map(\.number)).count == commits.count)
        #expect(commits[1].cause.atom == "Count")
        #expect(commits[1].cause.location == SourceLocation(fileID: #fileID, line: setLine))
        #expect(commits[4].cause.label == "two writes")
        let lastUpdates = commits[4].changes.updated.map { "\($0.atom.id)=\($0.value ?? "nil")" }
        #expect(lastUpdates == ["Count=8", "Doubled=16"])
    }

    /// The cause is kept between transactions when it is the same (`TransactionLog.reset`):
    /// each commit still names its own atom, place and label.
    @Test func successiveWritesFromOnePlaceEachNameTheirOwnCause() {
        let root = AtomRoot()
        var commits: [AtomCommit] = []
        root.observeCommits { commits.append($0) }
        let context = root.context()
        for index in [0, 0, 1, 1, 0] {
            context.set(index + 10, for: Family(index: index))
        }
        let line: UInt = #line + 1
        context.batch("labelled") { context.set(5, for: Family(index: 1)) }
        context.set(6, for: Family(index: 1))
        context.set(7, for: Count())

        let writes = commits.filter { $0.cause.operation == .set || $0.cause.operation == .batch }
        #expect(writes.map(\.cause.atom) == [
            "Family(index: 0)", "Family(index: 0)", "Family(index: 1)", "Family(index: 1)", "Family(index: 0)",
            // A batch is named after the first atom written in it.
            "Family(index: 1)", "Family(index: 1)", "Count",
        ])
        #expect(writes.map(\.cause.label) == [nil, nil, nil, nil, nil, "labelled", nil, nil])
        #expect(writes[5].cause.location == SourceLocation(fileID: #fileID, line: line))
        #expect(writes[6].cause.location == SourceLocation(fileID: #fileID, line: line + 1))
    }

    @Test func changeSetListsInitializedUpdatedReleasedEdgesAndSubscriptions() {
        let root = AtomRoot()
        var commits: [AtomCommit] = []
        root.observeCommits { commits.append($0) }
        let context = root.context()
        context.watch(Doubled())
        let first = commits[0].changes
        #expect(Set(first.initialized.map(\.atom.id)) == ["Count", "Doubled"])
        #expect(first.edgesAdded.map { "\($0.upstream.id)->\($0.downstream.id)" } == ["Count->Doubled"])
        #expect(first.subscriptionsAdded.map(\.atom.id) == ["Doubled"])
        #expect(first.subscriptionsAdded.first?.subscriber.location.fileID == #fileID)

        context.unwatchAll()
        let last = commits[commits.count - 1].changes
        #expect(Set(last.released.map(\.id)) == ["Count", "Doubled"])
        #expect(last.edgesRemoved.count == 1)
        #expect(last.subscriptionsRemoved.map(\.atom.id) == ["Doubled"])
        #expect(last.updated.isEmpty)
    }

    /// A read that computes an atom and releases it at once reports it as both initialized
    /// (with its value) and released, in one commit.
    @Test func transientReadIsReportedAsInitializedAndReleased() {
        let root = AtomRoot()
        var commits: [AtomCommit] = []
        root.observeCommits { commits.append($0) }
        #expect(root.context().read(Doubled()) == 0)
        #expect(commits.count == 1)
        let changes = commits[0].changes
        #expect(commits[0].cause.operation == .read)
        #expect(Set(changes.initialized.map(\.atom.id)) == ["Count", "Doubled"])
        #expect(Set(changes.released.map(\.id)) == ["Count", "Doubled"])
        #expect(changes.edgesAdded.isEmpty && changes.edgesRemoved.isEmpty)
    }

    @Test func changeSetSizeDependsOnWhatChangedNotOnStoreSize() {
        func updatesForOneWrite(storeSize: Int) -> Int {
            let root = AtomRoot()
            let context = root.context()
            for index in 0..<storeSize {
                context.watch(Family(index: index))
            }
            var updated = -1
            var everything = -1
            root.observeCommits { commit in
                updated = commit.changes.updated.count
                everything = commit.changes.initialized.count + commit.changes.released.count
                    + commit.changes.edgesAdded.count + commit.changes.subscriptionsAdded.count
            }
            context.set(-1, for: Family(index: 0))
            #expect(everything == 0)
            return updated
        }
        #expect(updatesForOneWrite(storeSize: 10) == 1)
        #expect(updatesForOneWrite(storeSize: 10_000) == 1)
    }

    @Test func nothingIsTrackedWithoutObservers() {
        let context = AtomTestContext()
        context.watch(Doubled())
        context.set(1, for: Count())
        #expect(context.store.log.edgeEvents.isEmpty)
        #expect(context.store.log.subscriptionEvents.isEmpty)
        #expect(context.store.log.initialized.isEmpty)
        #expect(context.store.log.changed.isEmpty)
    }

    @Test func effectWriteJoinsTheCommitThatTriggeredIt() {
        struct Mirror: StateAtom, Hashable {
            func defaultValue(context: Context) -> Int { 0 }
        }
        struct Mirrored: StateAtom, Hashable {
            func defaultValue(context: Context) -> Int { 0 }
            func effect(context: CurrentContext) -> some AtomEffect {
                UpdateEffect { context.set(context.read(self) * 10, for: Mirror()) }
            }
        }
        let root = AtomRoot()
        var commits: [AtomCommit] = []
        root.observeCommits { commits.append($0) }
        let context = root.context()
        context.watch(Mirrored())
        context.watch(Mirror())
        commits.removeAll()
        context.set(2, for: Mirrored())
        #expect(commits.count == 1)
        #expect(commits.first?.cause.atom == "Mirrored")
        #expect(commits.first?.changes.updated.map(\.atom.id) == ["Mirrored", "Mirror"])
        #expect(context.read(Mirror()) == 20)
    }
}
