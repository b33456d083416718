import AtomJournal
import Foundation
import Testing

/// Progress on stderr while a journal opens: only on a terminal, only after the delay, and
/// erased when done.
@Suite struct ProgressTests {
    static let script = URL(fileURLWithPath: "/usr/bin/script")

    /// Runs a command line with stderr on a pseudo-terminal (util-linux `script`) and stdout
    /// thrown away, and returns what reached the terminal.
    func onTerminal(_ arguments: [String], after delay: String?) throws -> String {
        let binary = try CLI.binary.get().path
        let command = ([binary] + arguments).map { "'\($0)'" }.joined(separator: " ") + " >/dev/null"
        var environment = ProcessInfo.processInfo.environment
        environment["ATOMSCOPE_PROGRESS_AFTER"] = delay
        let result = try runProgram(Self.script, ["-qec", command, "/dev/null"], environment: environment)
        #expect(result.status == 0, "\(result)")
        return result.out
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: script.path)),
          arguments: [["stat", "fixtures/todo.journal"], ["log", "fixtures/todo.journal"]])
    func aTerminalSeesTheFractionThenAClearedLine(_ arguments: [String]) throws {
        let terminal = try onTerminal(arguments, after: "0")
        let what = arguments[0] == "stat" ? "reading" : "opening"
        // One pass over a file of one chunk: `stat` counts, and `log` notes, as it opens.
        #expect(terminal.contains("\(what) todo.journal: 100%"), "\(terminal.debugDescription)")
        #expect(terminal.hasSuffix("\r\u{1B}[K"), "\(terminal.debugDescription)")
    }

    /// A layout cannot say how far it has got: the line counts the seconds instead.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: script.path)))
    func aLayoutShowsItsSecondsThenAClearedLine() throws {
        let folder = try TemporaryDirectory(prefix: "progress-graph")
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("graph.svg").path
        let terminal = try onTerminal(["graph", "fixtures/todo.journal", "-o", output], after: "0")
        #expect(terminal.contains("laying out the graph: 0 s"), "\(terminal.debugDescription)")
        #expect(terminal.hasSuffix("\r\u{1B}[K"), "\(terminal.debugDescription)")
        expectWellFormedSVG(file: URL(fileURLWithPath: output))
    }

    /// The REPL's `graph` too (commands piped in, stderr on the terminal).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: script.path)))
    func theReplsGraphShowsItsSeconds() throws {
        let folder = try TemporaryDirectory(prefix: "progress-repl")
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("graph.svg").path
        let binary = try CLI.binary.get().path
        let command = "printf 'graph -o \(output)\\nquit\\n' | '\(binary)' repl fixtures/todo.journal >/dev/null"
        var environment = ProcessInfo.processInfo.environment
        environment["ATOMSCOPE_PROGRESS_AFTER"] = "0"
        let result = try runProgram(Self.script, ["-qec", command, "/dev/null"], environment: environment)
        #expect(result.status == 0, "\(result)")
        #expect(result.out.contains("laying out the graph: 0 s"), "\(result.out.debugDescription)")
        expectWellFormedSVG(file: URL(fileURLWithPath: output))
    }

    /// A journal whose counts by atom number cannot be summed by id exactly (two numbers of
    /// one id named by the same steps) is counted in a second pass, with a line of its own,
    /// and counted right: each step once for the id.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: script.path)))
    func aSecondPassOfStatHasALineOfItsOwn() throws {
        let folder = try TemporaryDirectory(prefix: "progress-counting")
        defer { folder.remove() }
        let url = folder.file("shared.journal")
        let writer = try JournalWriter(url: url)
        for number in [1, 2] {
            try writer.append(.atomDefinition(JournalAtomDefinition(
                number: number, id: "Shared", kind: "state", valueType: "Int", isRestorable: true, isSensitive: false, isKeepAlive: false)))
        }
        try writer.append(.keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: [])))
        var touched = 0
        for commit in 1...60 {
            var step = JournalStep(commit: commit, time: Int64(commit), operation: "set")
            if commit % 2 == 0 { step.updated.append(JournalValueEntry(atom: 1, value: .json("\(commit)"))) }
            if commit % 3 == 0 { step.updated.append(JournalValueEntry(atom: 2, value: .json("\(commit)"))) }
            if !step.updated.isEmpty { touched += 1 }
            try writer.append(.step(step))
        }
        try writer.close()
        let terminal = try onTerminal(["stat", url.path], after: "0")
        #expect(terminal.contains("reading shared.journal: 100%"), "\(terminal.debugDescription)")
        #expect(terminal.contains("counting shared.journal: 100%"), "\(terminal.debugDescription)")
        let result = try CLI.run(["stat", url.path, "--json"])
        expectSuccess(result)
        let perAtom = try jsonObject(result.out)["perAtom"] as? [[String: Any]]
        #expect(perAtom?.first { $0["id"] as? String == "Shared" }?["changes"] as? Int == touched, "\(result.out)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: script.path)))
    func quickWorkShowsNothingEvenOnATerminal() throws {
        // The default delay is a second; opening a small fixture takes milliseconds.
        #expect(try onTerminal(["stat", "fixtures/todo.journal"], after: nil) == "")
    }

    @Test func outputThatIsNotATerminalNeverSeesIt() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["ATOMSCOPE_PROGRESS_AFTER"] = "0"
        for arguments in [["stat", "fixtures/todo.journal"], ["log", "fixtures/todo.journal"]] {
            let result = try runProgram(try CLI.binary.get(), arguments, environment: environment)
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty, "\(result)")
        }
    }
}
