import AtomJournal
import Atoms
import Foundation
import Testing

/// Names and values from a journal never drive the terminal: C0 controls (ESC, BEL, CR,
/// backspace), DEL, C1 controls (U+009B starts a control sequence on its own) and bidi
/// overrides are shown escaped in every text output and error, while `--json` stays exact.
@MainActor
@Suite("Terminal injection")
struct TerminalInjectionTests {
    nonisolated static let hostile = "x\u{1B}]0;owned\u{07}\u{1B}[2J\r\u{08}\u{7F}\u{9B}31m\u{202E}evil"

    struct LabelAtom: StateAtom, Hashable {
        let name: String
        func defaultValue(context: Context) -> String { "" }
    }

    /// Not Encodable: its value is recorded as its description, raw.
    struct Shout: CustomStringConvertible, Sendable {
        var description: String { "shout" + TerminalInjectionTests.hostile }
    }

    struct ShoutAtom: ValueAtom, Hashable {
        func value(context: Context) -> Shout { Shout() }
    }

    private func record(in folder: TemporaryDirectory) throws -> String {
        let url = folder.file("hostile.journal")
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: url)
        let screen = root.context()
        _ = screen.watch(LabelAtom(name: Self.hostile))
        _ = screen.watch(ShoutAtom())
        screen.set(Self.hostile, for: LabelAtom(name: Self.hostile))
        recorder.mark("mark" + Self.hostile)
        try recorder.close()
        return url.path
    }

    private func expectNoRawControls(_ data: Data, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let text = String(decoding: data, as: UTF8.self)
        let raw = text.unicodeScalars.filter { TerminalInjectionTests.isDangerous($0) }
        #expect(raw.isEmpty, "raw \(raw.map { String($0.value, radix: 16) }) in \(what)", sourceLocation: sourceLocation)
    }

    nonisolated static func isDangerous(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    @Test func textOutputsAndErrorsShowControlsEscaped() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try record(in: folder)
        let commands: [[String]] = [
            ["log", journal], ["replay", journal], ["stat", journal], ["diff", journal, "0", "3"], ["verify", journal],
            ["log", journal, "--atom", "no\u{1B}[2Jsuch"],
        ]
        for command in commands {
            let result = try CLI.run(command)
            expectNoCrash(result)
            expectNoRawControls(result.stdout + result.stderr, "atomscope \(command.prefix(2).joined(separator: " "))")
        }
        // The display-only value is its raw description: every control in it shows escaped.
        let replay = try CLI.run(["replay", journal])
        #expect(replay.out.contains(#"shoutx\u{1b}]0;owned\u{7}\u{1b}[2J\r\u{8}\u{7f}\u{9b}31m\u{202e}evil"#), "\(replay)")
        let error = try CLI.run(["log", journal, "--atom", "no\u{1B}[2Jsuch"])
        expectOneLineError(error, mentions: [[#"no\u{1b}[2Jsuch"#]])

        let script = ["show", "next 3", "show", "when LabelAtom", "marks", "show no\u{9B}such", "quit"]
        let repl = try CLI.run(["repl", journal], stdin: Data(script.map { $0 + "\n" }.joined().utf8))
        expectNoRawControls(repl.stdout + repl.stderr, "the REPL")
    }

    @Test func jsonStaysExact() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try record(in: folder)
        for command in [["log", journal, "--json"], ["stat", journal, "--json"], ["diff", journal, "0", "3", "--json"]] {
            let result = try CLI.run(command)
            expectSuccess(result)
            expectNoRawControls(result.stdout, "atomscope \(command[0]) --json")
            // Parsed, the JSON holds the names exactly as recorded.
            let lines = command[0] == "log" ? result.outLines : [result.out]
            let parsed = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) }
            let text = String(describing: parsed)
            #expect(text.contains("\u{9B}31m\u{202E}evil"), "\(command[0]): \(result.out.prefix(300))")
        }
    }

    /// Every name, label and value written with controls and non-ASCII text (accents, CJK, an
    /// emoji, the line separator JSON leaves raw) parses back from `--json` as exactly what was
    /// recorded: escaped once, as JSON, never also as text.
    @Test func jsonRoundTripsControlsAndNonASCIIExactly() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.file("names.journal")
        let name = Self.hostile + "\u{0}\u{85}é名🙂\u{2028}\\\"/"
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: url)
        let screen = root.context()
        _ = screen.watch(LabelAtom(name: name))
        screen.set(name, for: LabelAtom(name: name))
        recorder.mark(name)
        try recorder.close()
        let ids = Set(try Journal(url: url).index.atoms.values.map(\.id))
        let id = try #require(ids.first { $0.hasPrefix("LabelAtom") })

        let log = try CLI.run(["log", url.path, "--json"])
        expectSuccess(log)
        expectNoRawControls(log.stdout, "atomscope log --json")
        let lines = try log.outLines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        #expect(lines.compactMap { $0["mark"] as? String } == [name])
        #expect(Set(lines.flatMap { $0["changed"] as? [String] ?? [] }).contains(id))

        let stat = try CLI.run(["stat", url.path, "--json"])
        expectSuccess(stat)
        expectNoRawControls(stat.stdout, "atomscope stat --json")
        let perAtom = try #require(try jsonObject(stat.out)["perAtom"] as? [[String: Any]])
        #expect(Set(perAtom.compactMap { $0["id"] as? String }) == ids)

        let diff = try CLI.run(["diff", url.path, "0", "2", "--json"])
        expectSuccess(diff)
        expectNoRawControls(diff.stdout, "atomscope diff --json")
        let added = try #require(try jsonObject(diff.out)["atomsAdded"] as? [[String: Any]])
        let label = try #require(added.first { $0["atom"] as? String == id }, "\(diff.out)")
        #expect((label["value"] as? [String: Any])?["json"] as? String == name)
    }
}

/// SVG is always well-formed XML: characters XML 1.0 forbids in atom names are shown as
/// visible, reversible escapes, never dropped, so two names that differ only there stay two
/// nodes.
@MainActor
@Suite("SVG of forbidden characters")
struct SVGForbiddenCharacterTests {
    struct NameAtom: StateAtom, Hashable {
        let name: String
        func defaultValue(context: Context) -> Int { 0 }
    }

    @Test func namesThatDifferOnlyInControlsStayTwoNodes() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.file("controls.journal")
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: url)
        let screen = root.context()
        for name in ["a\u{1}", "a\u{2}", "a\\u{1}", "b\u{FFFE}\u{1B}"] {
            _ = screen.watch(NameAtom(name: name))
        }
        try recorder.close()

        let result = try CLI.run(["graph", url.path, "--svg"])
        expectSuccess(result)
        let svg = try parseSVG(result.stdout)
        let nodes = svg.titles.filter { $0.hasPrefix("NameAtom") && !$0.contains("->") }
        #expect(Set(nodes).count == 4, "\(svg.titles)")
        // The id `NameAtom(name: "a\\u{1}")` escaped once, by the DOT writer: the sanitizer
        // leaves a journal graph's backslashes as they are.
        #expect(svg.texts.contains(#"NameAtom(name: "a\\\\u{1}")"#), "\(svg.texts)")
        #expect(!svg.texts.contains { $0.contains(#"\\\\\\\\"#) }, "\(svg.texts)")
        let dot = screen.snapshot().graphDescription()
        #expect(!dot.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(dot)")
    }

    @Test func dotQuotedIsReversibleAndHasNoForbiddenCharacters() {
        let names = ["a\u{1}", "a\u{2}", "a\\u{1}", "a\\", "a\\\\", "\u{FFFF}", "x\"y", "p&q", "line\nbreak"]
        let quoted = names.map(dotQuoted)
        #expect(Set(quoted).count == names.count, "\(quoted)")
        for text in quoted {
            #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0xFFFE || $0.value == 0xFFFF })
        }
        #expect(dotQuoted("a\u{1}") == #""a\\u{1}""#)
        #expect(dotQuoted("a\\") == #""a\\\\""#)
    }
}

/// A journal written record by record (as the timeline tests' synthetic journals are) whose
/// atom names, cause, location, step label, mark, subscriber name and app name each hold a
/// newline followed by `FAKE`, ESC, U+009B and U+202E. Each is a one-line field: it must show
/// as `\n` and escapes, so no output line starts with `FAKE` and no raw control reaches the
/// terminal, in every command and every REPL command.
@Suite("One-line fields from a hostile journal")
struct OneLineFieldTests {
    static let hostile = "ev\nFAKE\u{1B}[31m\u{9B}2J\u{202E}il"
    static let atom = "Atom" + hostile
    static let derived = "Derived" + hostile

    /// | step | what |
    /// |---|---|
    /// | 0 | Atom = 0, Derived = 0, Plain = 0; Atom -> Derived; Derived watched by Screen… |
    /// | 1 | hostile operation and label, caused by Atom at a hostile location: Atom = 1, Derived = 2 |
    /// | (mark) | a hostile label |
    /// | 2 | Plain set to a display-only description |
    /// | 3 | Atom = 5, Derived = 10 |
    static func write(in folder: TemporaryDirectory) throws -> String {
        let url = folder.file("one-line.journal")
        let writer = try JournalWriter(
            url: url, metadata: ["start-us": "1700000000000000", "app": "App" + hostile, "pid": "42"], flushPolicy: .never
        )
        func atom(_ number: Int, _ id: String, kind: String = "state") -> JournalRecord {
            .atomDefinition(JournalAtomDefinition(
                number: number, id: id, kind: kind, valueType: "Int", isRestorable: true, isSensitive: false, isKeepAlive: false
            ))
        }
        func entry(_ atom: Int, _ json: String) -> JournalValueEntry { JournalValueEntry(atom: atom, value: .json(json)) }
        let records: [JournalRecord] = [
            atom(1, Self.atom), atom(2, Self.derived, kind: "value"), atom(3, "Plain"),
            .subscriberDefinition(JournalSubscriberDefinition(number: 0, fileID: "View\(hostile).swift", line: 7, name: "Screen" + hostile)),
            .locationDefinition(JournalLocationDefinition(number: 0, fileID: "Model\(hostile).swift", line: 12)),
            .keyframe(JournalKeyframe(
                commit: 1, time: 10, atoms: [entry(1, "0"), entry(2, "0"), entry(3, "0")],
                edges: [JournalEdge(upstream: 1, downstream: 2)], subscriptions: [JournalSubscription(atom: 2, subscriber: 0)]
            )),
            .step(JournalStep(
                commit: 2, time: 20, operation: "set" + hostile, causeAtom: 1, causeLocation: 0, label: "batch" + hostile,
                updated: [entry(1, "1"), entry(2, "2")]
            )),
            .mark(JournalMark(commit: 2, time: 25, label: "mark" + hostile)),
            .step(JournalStep(commit: 3, time: 30, operation: "set", causeAtom: 3, updated: [JournalValueEntry(atom: 3, value: .text("shout" + hostile))])),
            .step(JournalStep(commit: 4, time: 40, operation: "set", causeAtom: 1, updated: [entry(1, "5"), entry(2, "10")])),
        ]
        for record in records {
            try writer.append(record)
        }
        try writer.close()
        return url.path
    }

    /// No raw control character, and no line that a newline in a name started.
    static func expectOneLineFields(_ result: CLIResult, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        expectNoCrash(result, sourceLocation: sourceLocation)
        let text = result.out + result.err
        let raw = text.unicodeScalars.filter(TerminalInjectionTests.isDangerous)
        #expect(raw.isEmpty, "raw \(raw.map { String($0.value, radix: 16) }) in \(what): \(result)", sourceLocation: sourceLocation)
        let faked = CLIResult.lines(text).filter { $0.hasPrefix("FAKE") }
        #expect(faked.isEmpty, "a name's newline started a line in \(what): \(result)", sourceLocation: sourceLocation)
    }

    /// What each name shows as: the newline as `\n`, the controls as visible escapes.
    static let shown = #"ev\nFAKE\u{1b}[31m\u{9b}2J\u{202e}il"#

    @Test func everyCommandKeepsEachFieldOnItsLine() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try Self.write(in: folder)
        let commands: [[String]] = [
            ["log", journal], ["log", journal, "--recomputed"], ["log", journal, "--atom", "Plain"], ["replay", journal],
            ["replay", journal, "--recomputed"], ["stat", journal], ["stat", journal, "--recomputed"],
            ["diff", journal, "0", "3"], ["diff", journal, "3", "0"], ["verify", journal],
        ]
        for command in commands {
            let result = try CLI.run(command)
            expectSuccess(result)
            Self.expectOneLineFields(result, command.joined(separator: " "))
        }
        let log = try CLI.run(["log", journal])
        #expect(log.outLines.count == 4, "3 steps and a mark: \(log)")
        #expect(log.outLines[0].contains("set\(Self.shown) \"batch\(Self.shown)\" Atom\(Self.shown) at Model\(Self.shown).swift:12"), "\(log)")
        let stat = try CLI.run(["stat", journal])
        #expect(stat.outLines.contains("  app         App\(Self.shown) (pid 42)"), "\(stat)")
        let diff = try CLI.run(["diff", journal, "0", "3"])
        #expect(diff.outLines.contains("Atom\(Self.shown): 0 -> 5"), "\(diff)")

        // Errors: suggestions and matches are atom ids.
        let unknown = try CLI.run(["log", journal, "--atom", "Atomxv"])
        expectOneLineError(unknown, mentions: [["did you mean Atom\(Self.shown)"]])
        Self.expectOneLineFields(unknown, "an unknown atom's suggestions")
        let ambiguous = try CLI.run(["log", journal, "--atom", "ev"])
        expectOneLineError(ambiguous, mentions: [["matches 2 atoms"]])
        Self.expectOneLineFields(ambiguous, "an ambiguous atom's matches")
    }

    @Test func everyREPLCommandKeepsEachFieldOnItsLine() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try Self.write(in: folder)
        let commands = [
            "next", "show", "show Atom", "show Derived", "why Derived", "why Atom", "when Atom", "when Plain", "diff",
            "diff 0 3", "next-change Atom", "prev-change Atom", "next-change Derived", "goto markev", "goto mark",
            "marks", "mark bm\u{1B}[2J", "marks", "last", "show Plain", "graph", "graph -o \(folder.file("g.txt").path)",
            "graph -o \(folder.file("no/such/g.dot").path)", "show ev", "show Atomxv", "first", "prev-change Derived",
        ]
        for command in commands {
            // Each command after `next`, so that it runs where the hostile step is.
            let lines = command == "next" ? [command] : ["next", command]
            let result = try CLI.run(["repl", journal], stdin: Data((lines + ["quit"]).map { $0 + "\n" }.joined().utf8))
            Self.expectOneLineFields(result, "the REPL's \(command)")
        }
    }
}

/// What reaches a terminal, seen through a pseudo-terminal (util-linux `script`): documents
/// written to standard output are escaped there and exact in a pipe or a file, and with colour
/// on, a name that holds a colour sequence of its own shows it escaped.
@Suite("Output on a terminal")
struct TerminalOutputTests {
    static let script = URL(fileURLWithPath: "/usr/bin/script")
    static var hasScript: Bool { FileManager.default.isExecutableFile(atPath: script.path) }

    /// Runs a shell command line with stdout and stderr on a pseudo-terminal (newlines not
    /// turned into CR LF) and returns what reached it.
    static func onTerminal(_ commandLine: String) throws -> CLIResult {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        return try runProgram(script, ["-qec", "stty -onlcr; " + commandLine, "/dev/null"], environment: environment)
    }

    static func quoted(_ arguments: [String]) throws -> String {
        ([try CLI.binary.get().path] + arguments).map { "'\($0)'" }.joined(separator: " ")
    }

    /// The terminal's text without the colour sequences ``TextStyle`` adds.
    static func withoutStyles(_ text: String) -> String {
        var text = text
        for code in ["0", "1", "2", "31", "32", "33", "36"] {
            text = text.replacingOccurrences(of: "\u{1B}[\(code)m", with: "")
        }
        return text
    }

    @Test(.enabled(if: hasScript))
    func documentsAreEscapedOnATerminalAndExactInAFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try OneLineFieldTests.write(in: folder)

        // DOT: dotQuoted leaves C1 controls and bidi overrides, which only a terminal minds.
        let piped = try CLI.run(["graph", journal, "--dot"])
        expectSuccess(piped)
        #expect(piped.out.unicodeScalars.contains("\u{9B}") && piped.out.unicodeScalars.contains("\u{202E}"), "\(piped)")
        let dot = try Self.onTerminal(try Self.quoted(["graph", journal, "--dot"]))
        #expect(dot.status == 0, "\(dot)")
        #expect(!dot.out.unicodeScalars.contains(where: TerminalInjectionTests.isDangerous), "\(dot.out.debugDescription)")
        #expect(dot.out.contains(#"\u{9b}"#) && dot.out.contains(#"\u{202e}"#), "\(dot.out)")
        #expect(dot.out.replacingOccurrences(of: #"\u{9b}"#, with: "\u{9B}").replacingOccurrences(of: #"\u{202e}"#, with: "\u{202E}") == piped.out)

        // A state file: JSON `\u` escapes on the terminal, the same JSON; exact bytes in a pipe.
        let stateFile = folder.file("state.json").path
        expectSuccess(try CLI.run(["restore", journal, "--step", "3", "-o", stateFile]))
        let written = try Data(contentsOf: URL(fileURLWithPath: stateFile))
        let pipedState = try CLI.run(["restore", journal, "--step", "3"])
        expectSuccess(pipedState)
        #expect(pipedState.stdout == written)
        #expect(pipedState.out.unicodeScalars.contains("\u{9B}"))
        let state = try Self.onTerminal(try Self.quoted(["restore", journal, "--step", "3"]))
        #expect(state.status == 0, "\(state)")
        #expect(!state.out.unicodeScalars.contains(where: TerminalInjectionTests.isDangerous), "\(state.out.debugDescription)")
        #expect(state.out.contains(#"\u009b"#), "\(state.out)")
        let onTerminal = try JSONSerialization.jsonObject(with: state.stdout) as? NSDictionary
        let exact = try JSONSerialization.jsonObject(with: written) as? NSDictionary
        #expect(onTerminal != nil && onTerminal == exact)

        // PNG and PDF are refused on a terminal, before any work, and written to a pipe.
        for format in ["--png", "--pdf"] {
            let binary = try Self.onTerminal(try Self.quoted(["graph", journal, format]))
            #expect(binary.status == 1, "\(binary)")
            #expect(CLIResult.lines(binary.out).count == 1, "\(binary)")
            #expect(binary.out.hasPrefix("atomscope: will not write"), "\(binary)")
        }
        let png = try CLI.run(["graph", journal, "--png"])
        expectSuccess(png)
        #expect(png.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    /// With colour on, every field is escaped before the colours are added, so the `ESC[31m`
    /// a name holds shows as `\u{1b}[31m` and the only raw ESCs left are the colours'.
    @Test(.enabled(if: hasScript))
    func withColourANamesOwnColourSequenceShowsEscaped() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try OneLineFieldTests.write(in: folder)
        let script = ["next", "show", "show Atom", "why Derived", "when Atom", "diff 0 3", "marks", "goto markev", "quit"]
            .joined(separator: "\\n")
        let commandLines = [
            try Self.quoted(["log", journal]), try Self.quoted(["replay", journal, "--recomputed"]), try Self.quoted(["stat", journal]),
            try Self.quoted(["diff", journal, "0", "3"]), try Self.quoted(["log", journal, "--atom", "Atomxv"]),
            "printf '\(script)\\n' | " + (try Self.quoted(["repl", journal])),
        ]
        for commandLine in commandLines {
            let result = try Self.onTerminal(commandLine)
            let text = result.out
            // `diff` and errors have no colours; the rest must show them, or this tests nothing.
            let coloured = !commandLine.contains("'diff'") && !commandLine.contains("Atomxv")
            #expect(!coloured || text.contains("\u{1B}[36m"), "no colour at all: \(text.debugDescription)")
            let plain = Self.withoutStyles(text)
            let raw = plain.unicodeScalars.filter(TerminalInjectionTests.isDangerous)
            #expect(raw.isEmpty, "raw \(raw.map { String($0.value, radix: 16) }) from \(commandLine): \(text.debugDescription)")
            #expect(plain.contains(#"\u{1b}[31m"#), "\(commandLine): \(text.debugDescription)")
            #expect(!CLIResult.lines(plain).contains { $0.hasPrefix("FAKE") }, "\(commandLine): \(text.debugDescription)")
        }
    }
}
