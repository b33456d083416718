import Foundation
import Testing

/// The user's mistakes: each is one line on stderr, exit status 1, and no stack trace.
@Suite("Errors")
struct ErrorTests {
    static let journalCommands: [[String]] = [
        ["stat"], ["verify"], ["log"], ["replay"], ["diff", "0", "1"], ["restore", "--step", "0"], ["graph", "--svg"], ["repl"],
    ]

    @Test(arguments: journalCommands)
    func missingFile(command: [String]) throws {
        let result = try CLI.run([command[0], "no-such-dir/nope.journal"] + command.dropFirst())
        expectOneLineError(result, mentions: [["no-such-dir/nope.journal"], ["no such file"]])
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: journalCommands.filter { $0[0] != "graph" })
    func notAJournal(command: [String]) throws {
        // A text file: for `graph` it is DOT (tested below), for the others not a journal.
        let result = try CLI.run([command[0], "README.md"] + command.dropFirst())
        expectOneLineError(result, mentions: [["README.md"], ["not an atomscope journal"]])
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: ["--svg", "--dot"])
    func graphOfATextFileThatIsNotDOT(format: String) throws {
        let result = try CLI.run(["graph", "README.md", format])
        expectOneLineError(result, mentions: [["DOT"]])
        #expect(result.stdout.isEmpty)
    }

    @Test func graphOfBinaryThatIsNeitherJournalNorDOT() throws {
        let result = try CLI.run(["graph", "--svg"], stdin: Data([0x89, 0x50, 0x4E, 0x47, 0xFF, 0xFE, 0x00, 0x01]))
        expectOneLineError(result, mentions: [["journal"]])
    }

    static let outOfRange: [[String]] = [
        ["diff", Repo.todo, "0", "999"],
        ["diff", Repo.todo, "999", "0"],
        ["restore", Repo.todo, "--step", "15"],
        ["graph", Repo.todo, "--step", "99", "--svg"],
        ["replay", Repo.todo, "--to", "99"],
        ["replay", Repo.todo, "--from", "0"],
    ]

    @Test(arguments: outOfRange)
    func stepOutOfRange(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        expectOneLineError(result, mentions: [["out of range"], [Repo.todo], ["14"]])
        #expect(result.stdout.isEmpty)
    }

    @Test func diffOutOfRangeNamesTheStep() throws {
        let result = try CLI.run(["diff", Repo.todo, "0", "999"])
        expectOneLineError(result, mentions: [["step 999"], ["0 to 14"]])
    }

    @Test func unknownAtomSuggestsWhereToLook() throws {
        let result = try CLI.run(["log", Repo.todo, "--atom", "Nope"])
        // Nothing is near "Nope": the line points at the list of atoms instead.
        expectOneLineError(result, mentions: [["\"Nope\""], ["did you mean", "atomscope stat"]])
        #expect(result.stdout.isEmpty)
    }

    @Test func misspelledAtomSuggestsTheNearestID() throws {
        let result = try CLI.run(["log", Repo.todo, "--atom", "TodosAtm"])
        expectOneLineError(result, mentions: [["\"TodosAtm\""], ["did you mean"], ["TodosAtom"]])
        let graph = try CLI.run(["graph", Repo.todo, "--focus", "FiltreAtom", "--svg"])
        expectOneLineError(graph, mentions: [["did you mean"], ["FilterAtom"]])
    }

    @Test func ambiguousAtomListsTheCandidates() throws {
        let result = try CLI.run(["log", Repo.todo, "--atom", "Atom"])
        expectOneLineError(result, mentions: [["\"Atom\""], ["FilterAtom"], ["StatsAtom"]])
    }

    @Test func anUnambiguousPartOfAnIDIsEnough() throws {
        let part = try CLI.run(["log", Repo.todo, "--atom", "filtera"])
        let whole = try CLI.run(["log", Repo.todo, "--atom", "FilterAtom"])
        expectSuccess(part)
        #expect(part.out == whole.out)
        #expect(whole.stepLines.count == 4)
    }

    @Test func unwritableOutputIsOneLine() throws {
        let result = try CLI.run(["graph", Repo.todo, "--svg", "-o", "no-such-dir/graph.svg"])
        expectOneLineError(result, mentions: [["no-such-dir/graph.svg"]])
        let restore = try CLI.run(["restore", Repo.todo, "--step", "3", "-o", "no-such-dir/state.json"])
        expectOneLineError(restore, mentions: [["no-such-dir/state.json"]])
    }
}
