import Testing
import AtomScopeKit
@testable import AtomScopeRender

@Suite("GraphvizDiagnostics")
struct GraphvizDiagnosticsTests {
    @Test func piecesAreJoinedIntoMessagesByLevel() {
        let pieces = [
            "Error", ": ", "syntax error in line 1 near ';'\n",
            "Warning", ": ", "using box for unknown shape bogus\n",
            "Warning", ": ", "first part, ", "continued\n",
        ]
        let messages = GraphvizDiagnostics.split(pieces)
        #expect(messages.errors == ["syntax error in line 1 near ';'"])
        #expect(messages.warnings == ["using box for unknown shape bogus", "first part, continued"])
    }

    @Test func aMessageThatMerelyMentionsErrorIsNotAHeader() {
        let messages = GraphvizDiagnostics.split(["Warning", ": ", "Error: ", "shape\nError: boom\n"])
        #expect(messages.errors.isEmpty)
        #expect(messages.warnings == ["Error: shape\nError: boom"])
    }
}
