import AtomScopeKit
import Testing

@Suite("REPL command parsing")
struct ReplCommandTests {
    @Test(arguments: [
        ("next", ReplCommand.next(1)), ("n 5", .next(5)), ("prev", .previous(1)), ("p 2", .previous(2)),
        ("goto 12", .goto(.step(12))), ("goto before login", .goto(.mark("before login"))),
        ("first", .first), ("last", .last), ("show", .show(atom: nil)),
        ("show FetchUserAtom(id: 3)", .show(atom: "FetchUserAtom(id: 3)")),
        ("diff", .diff(from: nil, to: nil)), ("diff 3", .diff(from: 3, to: nil)), ("diff 3 7", .diff(from: 3, to: 7)),
        ("graph", .graph(output: nil)), ("graph -o g.svg", .graph(output: "g.svg")),
        ("when TodosAtom", .when(atom: "TodosAtom")), ("next-change A", .nextChange(atom: "A")),
        ("prev-change A", .previousChange(atom: "A")), ("why A", .why(atom: "A")),
        ("mark here", .mark("here")), ("marks", .marks), ("help", .help), ("quit", .quit), ("q", .quit),
        ("   ", .nothing), ("  NEXT  3 ", .next(3)),
    ])
    func parses(line: String, command: ReplCommand) throws {
        #expect(try ReplCommand(parsing: line) == command)
    }

    @Test(arguments: ["next x", "next 0", "next 1 2", "goto", "when", "why", "diff a", "diff 1 2 3", "graph -x", "mark"])
    func rejectsMalformedArguments(line: String) {
        #expect(throws: ReplParseError.self) { try ReplCommand(parsing: line) }
    }

    @Test func unknownCommandSuggestsTheNearest() {
        #expect(throws: ReplParseError(description: "unknown command \"nxt\"; did you mean \"next\"?; type help")) {
            try ReplCommand(parsing: "nxt")
        }
    }

    @Test func editDistanceCountsEdits() {
        #expect(editDistance("kitten", "sitting") == 3)
        #expect(editDistance("", "abc") == 3)
        #expect(editDistance("Same", "same") == 0)
    }
}
