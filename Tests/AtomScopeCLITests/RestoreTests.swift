import AtomJournal
import Foundation
import Testing

/// `restore`: the state file it writes is what `AtomStateFile.read(from:)` reads, and
/// `--journal-out` cuts a journal that the other commands accept.
@Suite("Restore")
struct RestoreTests {
    struct Todo: Decodable, Equatable {
        var id: Int
        var text: String
        var isCompleted: Bool
    }

    @Test func stateFileReadsBackWithTheStepsAtoms() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.file("state.json")
        let result = try CLI.run(["restore", Repo.todo, "--step", "8", "-o", output.path])
        expectSuccess(result)
        #expect(result.out.contains("step 8"), "\(result)")

        let file = try AtomStateFile.read(from: output)
        #expect(Set(file.entries.keys.map(\.rawValue)) == ["FilterAtom", "FilteredTodosAtom", "ProgressAtom", "SessionTokenAtom", "StatsAtom", "TodosAtom"])
        guard case .value(let todos)? = file.entries["TodosAtom"] else {
            Issue.record("TodosAtom is not a value: \(String(describing: file.entries["TodosAtom"]))")
            return
        }
        #expect(try todos.decode([Todo].self) == [
            Todo(id: 1, text: "Buy milk", isCompleted: true),
            Todo(id: 2, text: "Write journal format", isCompleted: false),
            Todo(id: 3, text: "Review atomscope", isCompleted: false),
        ])
        guard case .value(let filter)? = file.entries["FilterAtom"] else {
            Issue.record("FilterAtom is not a value")
            return
        }
        #expect(try filter.decode(String.self) == "all")
        guard case .value(let stats)? = file.entries["StatsAtom"] else {
            Issue.record("StatsAtom is not a value")
            return
        }
        #expect(try stats.decode(String.self) == "1/3 done")
        // Not Codable in the app: only its description was recorded.
        #expect(file.entries["ProgressAtom"] == .displayOnly("1 of 3 (33%)"))
        // Sensitive: never written.
        #expect(file.entries["SessionTokenAtom"] == .redacted)
        #expect(!String(decoding: try Data(contentsOf: output), as: UTF8.self).contains("todo-secret"))

        #expect(file.provenance?.step == 8)
        #expect(file.provenance?.journal == Repo.todo)
        #expect(file.version == AtomStateFile.currentVersion)
    }

    @Test func withoutOutputTheStateFileGoesToStandardOutput() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.file("state.json")
        expectSuccess(try CLI.run(["restore", Repo.todo, "--step", "5", "-o", output.path]))
        let printed = try CLI.run(["restore", Repo.todo, "--step", "5"])
        expectSuccess(printed)
        #expect(printed.stdout == (try Data(contentsOf: output)))
        #expect(try AtomStateFile(jsonData: printed.stdout) == (try AtomStateFile.read(from: output)))
    }

    @Test func stepZeroIsAnEmptyState() throws {
        let printed = try CLI.run(["restore", Repo.todo, "--step", "0"])
        expectSuccess(printed)
        #expect(try AtomStateFile(jsonData: printed.stdout).entries.isEmpty)
    }

    @Test(arguments: [(Repo.todo, 8), (Repo.todo, 1), (Repo.todo, 14), (Repo.counter, 120)])
    func journalOutIsACutJournal(journal: String, step: Int) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cut = folder.file("cut.journal")
        let result = try CLI.run(["restore", journal, "--step", String(step), "--journal-out", cut.path])
        expectSuccess(result)

        let verify = try CLI.run(["verify", cut.path])
        expectSuccess(verify)
        #expect(verify.out.hasPrefix("ok: "), "\(verify)")

        let log = try CLI.run(["log", cut.path])
        expectSuccess(log)
        #expect(log.stepLines.count == step)
        // The steps are the original's first `step` steps, with the marks that follow them.
        let original = try CLI.run(["log", journal, "--json"]).outLines.filter { line in
            let object = try jsonObject(line)
            return try #require(object["step"] as? Int ?? object["afterStep"] as? Int) <= step
        }
        let copied = try CLI.run(["log", cut.path, "--json"]).outLines
        #expect(original == copied)
        // The state at the cut is the same.
        #expect(try stateAtomIDs(cut.path, step: step) == (try stateAtomIDs(journal, step: step)))
        let originalState = try CLI.run(["restore", journal, "--step", String(step)])
        let cutState = try CLI.run(["restore", cut.path, "--step", String(step)])
        #expect(try AtomStateFile(jsonData: originalState.stdout).entries == (try AtomStateFile(jsonData: cutState.stdout).entries))
    }

    @Test func stateFileAndJournalTogether() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let state = folder.file("state.json")
        let cut = folder.file("cut.journal")
        let result = try CLI.run(["restore", Repo.todo, "--step", "3", "-o", state.path, "--journal-out", cut.path])
        expectSuccess(result)
        #expect(try AtomStateFile.read(from: state).entries.count == 5)
        #expect(try CLI.run(["log", cut.path]).stepLines.count == 3)
    }
}
