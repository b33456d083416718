import AtomJournal
import Atoms
import Foundation
import Testing

@MainActor
@Suite("State file round trip")
struct StateFileRoundTripTests {
    private let todos = [Todo(title: "Milk", isDone: false), Todo(title: "Bread", isDone: true)]

    @Test func exportedSnapshotRestoresIntoAFreshRootInOneCommit() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("state.json")

        let app = AtomRoot().context()
        app.watch(OpenCountAtom())
        app.watch(FilterAtom())
        app.watch(RatioAtom())
        app.set(todos, for: TodosAtom())
        app.set(.open, for: FilterAtom())
        app.set(0.1, for: RatioAtom())
        try AtomStateFile(snapshot: app.snapshot()).write(to: url)

        let root = AtomRoot()
        var commits: [AtomCommit] = []
        root.observeCommits { commits.append($0) }
        let fresh = root.context()
        #expect(fresh.watch(OpenCountAtom()) == 0)
        fresh.watch(FilterAtom())
        fresh.watch(RatioAtom())
        commits.removeAll()

        let report = try fresh.restore(from: url)

        #expect(fresh.read(TodosAtom()) == todos)
        #expect(fresh.read(FilterAtom()) == .open)
        #expect(fresh.read(RatioAtom()) == 0.1)
        #expect(fresh.read(OpenCountAtom()) == 1)
        #expect(commits.count == 1)
        #expect(commits.first?.cause.operation == .restore)
        #expect(report.restored == ["FilterAtom", "OpenCountAtom", "RatioAtom", "TodosAtom"])
        #expect(report.isComplete)
    }

    @Test func onlySubscribersWhoseValuesDifferAreNotified() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("state.json")
        try AtomStateFile(entries: [
            "TodosAtom": .value(JSONFragment(encoding: todos)),
            "FilterAtom": .value(JSONFragment(jsonText: #""all""#)),
        ]).write(to: url)

        let root = AtomRoot()
        let todosView = root.context()
        let filterView = root.context()
        todosView.watch(OpenCountAtom())
        filterView.watch(FilterAtom())
        var todosUpdates = 0
        var filterUpdates = 0
        todosView.onUpdate = { todosUpdates += 1 }
        filterView.onUpdate = { filterUpdates += 1 }

        let report = try filterView.restore(from: url)

        #expect(todosUpdates == 1)
        #expect(filterUpdates == 0)
        #expect(report.changed == ["TodosAtom"])
    }

    @Test func exportKeepsWhatItCannotRestoreAndRestoreSaysWhy() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("state.json")
        let app = AtomRoot().context()
        app.watch(ConnectionAtom())
        app.watch(TokenAtom())
        app.watch(CountAtom())
        app.set("secret-token-value", for: TokenAtom())
        app.set(7, for: CountAtom())
        let file = AtomStateFile(snapshot: app.snapshot())
        #expect(file.entries["ConnectionAtom"] == .displayOnly("Connection(localhost)"))
        #expect(file.entries["TokenAtom"] == .redacted)
        try file.write(to: url)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(!text.contains("secret-token-value"))

        let fresh = AtomRoot().context()
        fresh.watch(ConnectionAtom())
        fresh.watch(TokenAtom())
        let report = try fresh.restore(from: url)

        #expect(report.restored.isEmpty)
        #expect(report.skipped == [
            AtomRestoreSkip(id: "ConnectionAtom", reason: .displayOnly),
            AtomRestoreSkip(id: "CountAtom", reason: .notInStore),
            AtomRestoreSkip(id: "TokenAtom", reason: .redacted),
        ])
    }

    @Test func aValueOfTheWrongJSONTypeIsReportedAndTheRestStillRestores() throws {
        let folder = try TemporaryFolder()
        let url = try folder.write("""
        {
          "atoms": {
            "CountAtom": "three",
            "FilterAtom": "done",
            "TodosAtom": [{"title": "Milk"}]
          },
          "format": "atomscope-state",
          "version": "1.0"
        }
        """, to: "state.json")
        let context = AtomRoot().context()
        context.watch(CountAtom())
        context.watch(FilterAtom())
        context.watch(TodosAtom())

        let report = try context.restore(from: url)

        #expect(context.read(CountAtom()) == 0)
        #expect(context.read(FilterAtom()) == .done)
        #expect(report.restored == ["FilterAtom"])
        #expect(report.skipped.map(\.id) == ["CountAtom", "TodosAtom"])
        guard case .decodingFailed(let countType, _)? = report.skipped.first?.reason,
              case .decodingFailed(let todosType, let todosMessage)? = report.skipped.last?.reason
        else {
            Issue.record("expected decoding failures, got \(report.skipped)")
            return
        }
        #expect(countType == "Int")
        #expect(todosType == "Array<Todo>")
        #expect(todosMessage.hasPrefix("at [0]"))
        #expect(todosMessage.contains("isDone"))
    }

    @Test func aTestContextRestoresFromAFile() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("state.json")
        try AtomStateFile(entries: ["CountAtom": .value(JSONFragment(encoding: 42))]).write(to: url)

        let context = AtomTestContext()
        var operations: [AtomOperation] = []
        let observation = context.observeCommits { operations.append($0.cause.operation) }
        defer { observation.cancel() }
        context.watch(CountAtom())
        operations.removeAll()

        let report = try context.restore(from: url)

        #expect(context.read(CountAtom()) == 42)
        #expect(operations == [.restore])
        #expect(report.restored == ["CountAtom"])
    }

    @Test func aFileThatCannotBeReadRestoresNothingAndCommitsNothing() throws {
        let folder = try TemporaryFolder()
        let root = AtomRoot()
        var commits = 0
        root.observeCommits { _ in commits += 1 }
        let context = root.context()
        context.watch(CountAtom())
        commits = 0

        #expect(throws: AtomStateFileError.fileNotFound(path: folder.file("missing.json").path)) {
            try context.restore(from: folder.file("missing.json"))
        }
        #expect(commits == 0)
    }
}
