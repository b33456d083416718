import Foundation
import Testing

/// `atomscope repl` driven through standard input (not a terminal: plain line reading, no
/// prompt), as a script would.
@Suite("REPL through stdin")
struct ReplTests {
    static let script = [
        "next", "next 3", "prev", "goto 5", "show TodosAtom", "when FilterAtom", "why StatsAtom",
        "diff", "marks", "graph -o tmp.svg", "quit",
    ]

    /// Runs the REPL on a copy of the todo journal in a fresh directory, so that the paths
    /// it prints and the files `graph -o` writes are stable and stay out of the repository.
    static func runScript(_ lines: [String], check: (CLIResult, TemporaryDirectory) throws -> Void) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try folder.copy(Repo.todo, as: "todo.journal")
        let input = lines.map { $0 + "\n" }.joined()
        let result = try CLI.run(["repl", "todo.journal"], stdin: Data(input.utf8), in: folder.url)
        try check(result, folder)
    }

    @Test func scriptGivesTheExpectedOutput() throws {
        try Self.runScript(Self.script) { result, folder in
            expectSuccess(result)
            let command = "printf '" + Self.script.joined(separator: "\\n") + "\\n' | atomscope repl todo.journal"
            try Golden.check(result.out, expected: Golden.todoRepl, name: "todoRepl", command: command)
            // graph -o wrote a real SVG of step 5.
            let svgData = try Data(contentsOf: folder.file("tmp.svg"))
            let svg = try parseSVG(svgData)
            expectInert(svg, raw: svgData)
            for atom in ["FilterAtom", "FilteredTodosAtom", "ProgressAtom", "SessionTokenAtom", "StatsAtom", "TodosAtom"] {
                #expect(svg.titles.contains(atom), "\(atom) missing from tmp.svg")
            }
        }
    }

    /// The REPL's graph lays out in the worker under `repl --timeout`: a layout that cannot
    /// finish in time (here no layout can, in a millisecond) stops with one line that says
    /// what to do, writes nothing, and the REPL goes on.
    @Test func aGraphLayoutStopsAtTheREPLsTimeout() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try folder.copy(Repo.todo, as: "todo.journal")
        let input = Data("graph -o out.svg\nnext\nquit\n".utf8)
        let result = try CLI.run(["repl", "todo.journal", "--timeout", "0.001"], stdin: input, in: folder.url)
        expectNoCrash(result)
        #expect(result.status == 1, "a failed command in a piped script: \(result)")
        let errors = result.outLines.filter { $0.hasPrefix("error: ") }
        #expect(errors.count == 1, "\(result)")
        #expect(errors.first?.contains("did not finish within 0.001 seconds") == true, "\(result)")
        #expect(errors.first?.contains("--timeout SECONDS") == true, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.svg").path))
        #expect(result.outLines.contains { $0.hasPrefix("#1 ") }, "the REPL went on: \(result)")
        for bad in ["0", "nan", "inf", "3601"] {
            let usage = try CLI.run(["repl", "todo.journal", "--timeout", bad], in: folder.url)
            expectOneLineError(usage, status: 64, mentions: [["--timeout"], ["atomscope repl --help"]])
            #expect(usage.stdout.isEmpty)
        }
    }

    @Test func scriptMovesWhereItSays() throws {
        // Independent of the golden file: each move lands on the right step.
        try Self.runScript(["next", "next 3", "prev", "goto 5", "first", "last", "goto three todos added", "show"]) { result, _ in
            expectSuccess(result)
            let headers = result.outLines.filter { $0.hasPrefix("#") }.map { $0.prefix { $0 != " " } }
            #expect(headers.prefix(4) == ["#1", "#4", "#3", "#5"], "\(headers)")
            #expect(result.out.contains("step 0"), "first: \(result)")
            #expect(headers.contains("#14"), "last: \(headers)")
            #expect(headers.contains("#7"), "goto a mark: \(headers)")
        }
    }

    @Test func endOfInputQuits() throws {
        try Self.runScript(["next"]) { result, _ in
            expectSuccess(result)
            #expect(result.out.hasPrefix("#1 "))
        }
    }

    @Test(arguments: ["frobnicate", "goto 99", "show Nope", "next -1", "diff x", "why"])
    func aBadCommandFailsTheScript(bad: String) throws {
        try Self.runScript(["next", bad, "next", "quit"]) { result, _ in
            expectNoCrash(result)
            #expect(result.status == 1, "\(result)")
            // The commands around the bad one still ran.
            let headers = result.outLines.filter { $0.hasPrefix("#") }.map { $0.prefix { $0 != " " } }
            #expect(headers.first == "#1", "\(result)")
            #expect(headers.contains("#2"), "\(result)")
            let said = result.out + result.err
            #expect(said.contains("error: "), "the failure is not reported: \(result)")
        }
    }

    @Test func unknownCommandSuggestsOne() throws {
        try Self.runScript(["nxt"]) { result, _ in
            #expect(result.status == 1)
            #expect((result.out + result.err).contains("did you mean \"next\""), "\(result)")
        }
    }

    @Test func helpListsEveryCommand() throws {
        try Self.runScript(["help"]) { result, _ in
            expectSuccess(result)
            for word in ["next", "prev", "goto", "first", "last", "show", "diff", "graph", "when", "next-change",
                         "prev-change", "why", "mark", "marks", "help", "quit"] {
                #expect(result.out.contains(word), "help does not mention \(word)")
            }
        }
    }

    @Test func nextChangeAndBookmarks() throws {
        try Self.runScript(["next-change FilterAtom", "next-change FilterAtom", "mark here", "first", "goto here", "marks", "prev-change FilterAtom"]) { result, _ in
            expectSuccess(result)
            let headers = result.outLines.filter { $0.hasPrefix("#") }.map { $0.prefix { $0 != " " } }
            #expect(headers.prefix(2) == ["#1", "#9"], "\(headers)")
            #expect(headers.contains("#9"))
            #expect(result.out.contains("here"), "\(result)")
            #expect(headers.last == "#1", "prev-change from 9 goes back to 1: \(headers)")
        }
    }
}
