import Atoms
import Testing

@MainActor
@Suite("Restore from a value source")
struct ValueRestoreTests {
    @Test func setsMatchingAtomsInOneCommitWithCauseRestore() {
        let root = AtomRoot()
        var commits: [AtomCommit] = []
        root.observeCommits { commits.append($0) }
        let context = root.context()
        context.watch(RestoreDoubled())
        context.watch(RestoreLabel())
        commits.removeAll()

        let report = context.restore(from: InMemorySource(entries: [
            "RestoreCount": .cast(4),
            "RestoreLabel": .cast("b"),
        ]))

        #expect(context.read(RestoreCount()) == 4)
        #expect(context.read(RestoreLabel()) == "b")
        #expect(context.read(RestoreDoubled()) == 8)
        #expect(commits.map(\.cause.operation) == [.restore])
        #expect(commits.first?.cause.location?.fileID == #fileID)
        #expect(commits.first?.changes.updated.map(\.atom.id).sorted() == ["RestoreCount", "RestoreDoubled", "RestoreLabel"])
        #expect(report.restored == ["RestoreCount", "RestoreLabel"])
        #expect(report.changed == ["RestoreCount", "RestoreLabel"])
        #expect(report.isComplete)
    }

    @Test func notifiesOnlySubscribersWhoseValuesDiffer() {
        let root = AtomRoot()
        let countWatcher = root.context()
        let labelWatcher = root.context()
        countWatcher.watch(RestoreDoubled())
        labelWatcher.watch(RestoreLabel())
        var countNotifications = 0
        var labelNotifications = 0
        countWatcher.onUpdate = { countNotifications += 1 }
        labelWatcher.onUpdate = { labelNotifications += 1 }

        let source = InMemorySource(entries: ["RestoreCount": .cast(3), "RestoreLabel": .cast("a")])
        let report = countWatcher.restore(from: source)

        #expect(countNotifications == 1)
        #expect(labelNotifications == 0)
        #expect(report.restored == ["RestoreCount", "RestoreLabel"])
        #expect(report.changed == ["RestoreCount"])

        // The same values again change nothing and notify no one.
        let again = countWatcher.restore(from: source)
        #expect(countNotifications == 1)
        #expect(again.changed.isEmpty)
    }

    @Test func restoredDerivedValuesAreAuthoritative() {
        let root = AtomRoot()
        let context = root.context()
        context.watch(RestoreDoubled())
        context.restore(from: InMemorySource(entries: ["RestoreCount": .cast(2), "RestoreDoubled": .cast(100)]))
        #expect(context.read(RestoreDoubled()) == 100)

        // The next real change recomputes it as usual.
        context.set(5, for: RestoreCount())
        #expect(context.read(RestoreDoubled()) == 10)
    }

    @Test func skipsAtomsThatAreNotCached() {
        let root = AtomRoot()
        var operations: [AtomOperation] = []
        root.observeCommits { operations.append($0.cause.operation) }
        let context = root.context()

        let report = context.restore(from: InMemorySource(entries: ["RestoreLabel": .cast("b")]))

        #expect(report.restored.isEmpty)
        #expect(report.skipped == [AtomRestoreSkip(id: "RestoreLabel", reason: .notInStore)])
        #expect(context.read(RestoreLabel()) == "a")
        #expect(operations.first == .restore)
    }

    @Test func skipsValueTypesThatAreNotDecodable() {
        let context = AtomRoot().context()
        context.watch(RestoreHandle())
        let report = context.restore(from: InMemorySource(entries: ["RestoreHandle": .cast(Handle(id: 2))]))
        #expect(report.skipped == [AtomRestoreSkip(id: "RestoreHandle", reason: .notDecodable(valueType: "Handle"))])
        #expect(context.read(RestoreHandle()) == Handle(id: 1))
    }

    @Test func reportsValuesThatDoNotDecodeAndKeepsTheOthers() throws {
        let context = AtomRoot().context()
        context.watch(RestoreCount())
        context.watch(RestoreLabel())
        let report = context.restore(from: InMemorySource(entries: [
            "RestoreCount": .cast("three"),
            "RestoreLabel": .cast("b"),
        ]))

        #expect(context.read(RestoreCount()) == 0)
        #expect(context.read(RestoreLabel()) == "b")
        #expect(report.restored == ["RestoreLabel"])
        let skip = try #require(report.skipped.first)
        #expect(skip.id == "RestoreCount")
        guard case .decodingFailed(let valueType, let message) = skip.reason else {
            Issue.record("expected a decoding failure, got \(skip.reason)")
            return
        }
        #expect(valueType == "Int")
        #expect(message == "Expected Int but found String")
    }

    @Test func skipsRedactedAndDisplayOnlyEntriesEvenWhenTheAtomIsNotCached() {
        let context = AtomRoot().context()
        context.watch(RestoreToken())
        let report = context.restore(from: InMemorySource(entries: [
            "RestoreToken": .redacted,
            "RestoreHandle": .displayOnly,
        ]))
        #expect(report.skipped == [
            AtomRestoreSkip(id: "RestoreHandle", reason: .displayOnly),
            AtomRestoreSkip(id: "RestoreToken", reason: .redacted),
        ])
        #expect(context.read(RestoreToken()) == "")
    }

    @Test func reportDescribesEachSkip() {
        let report = AtomRestoreReport(
            restored: ["A"],
            changed: [],
            skipped: [AtomRestoreSkip(id: "B", reason: .notInStore)]
        )
        #expect(report.description == """
        restored 1 atom (0 changed), skipped 1
          B: no atom with this id is cached in the store; watch or read it before restoring
        """)
    }
}
