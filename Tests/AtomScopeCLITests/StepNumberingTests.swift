import Foundation
import Testing

/// Steps are numbered one way everywhere: 1 to N are steps, 0 is the state before the first.
/// An option that names a state takes 0…N, one that names a step takes 1…N, and anything
/// else is one line on stderr: past the end, or a range whose first step comes after its last,
/// names the journal's valid range (exit 1); a negative number, which no journal has, is a
/// usage error (exit 64) found before the journal is read.
@Suite("Step numbering")
struct StepNumberingTests {
    /// `fixtures/todo.journal` has 14 steps.
    static let last = 14

    /// Options and arguments that name a state (0…N), as argument lists with `STEP` where the
    /// number goes.
    static let stateTaking: [[String]] = [
        ["restore", Repo.todo, "--step", "STEP"],
        ["graph", Repo.todo, "--dot", "--step", "STEP"],
        ["diff", Repo.todo, "0", "STEP"],
        ["diff", Repo.todo, "STEP", "0"],
    ]

    /// Options that name a step (1…N).
    static let stepTaking: [[String]] = [
        ["replay", Repo.todo, "--from", "STEP"],
        ["replay", Repo.todo, "--to", "STEP"],
    ]

    private static func arguments(_ template: [String], _ step: Int) -> [String] {
        template.map { $0 == "STEP" ? String(step) : $0 }
    }

    @Test(arguments: stateTaking)
    func aStateTakesZeroToTheLastStep(template: [String]) throws {
        for step in [0, Self.last] {
            expectSuccess(try CLI.run(Self.arguments(template, step)))
        }
        let pastTheEnd = try CLI.run(Self.arguments(template, Self.last + 1))
        expectOneLineError(pastTheEnd, mentions: [["step \(Self.last + 1) is out of range"], ["0 to \(Self.last)"], ["0 is the state before the first step"]])
        #expect(pastTheEnd.stdout.isEmpty)
        for step in [-1, -40, Int.min] {
            let result = try CLI.run(Self.arguments(template, step))
            expectOneLineError(result, status: 64, mentions: [
                ["step \(step) is out of range"], ["0 or more"], ["0 is the state before the first step"], ["atomscope \(template[0]) --help"],
            ])
            #expect(result.stdout.isEmpty)
        }
    }

    @Test(arguments: stepTaking)
    func aStepTakesOneToTheLastStep(template: [String]) throws {
        for step in [1, Self.last] {
            expectSuccess(try CLI.run(Self.arguments(template, step)))
        }
        for step in [0, Self.last + 1] {
            let result = try CLI.run(Self.arguments(template, step))
            expectOneLineError(result, mentions: [["step \(step) is out of range"], ["1 to \(Self.last)"]])
            #expect(result.stdout.isEmpty)
        }
        for step in [-1, Int.min] {
            let result = try CLI.run(Self.arguments(template, step))
            expectOneLineError(result, status: 64, mentions: [["step \(step) is out of range"], ["numbered from 1"], ["atomscope replay --help"]])
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func aReplayRangeWhoseFirstStepComesAfterItsLastIsAnError() throws {
        let result = try CLI.run(["replay", Repo.todo, "--from", "10", "--to", "5"])
        expectOneLineError(result, mentions: [["10 to 5"], ["empty"], ["1 to \(Self.last)"]])
        #expect(result.stdout.isEmpty)
    }

    @Test func aReplayRangeShowsExactlyItsSteps() throws {
        let one = try CLI.run(["replay", Repo.todo, "--from", "9", "--to", "9"])
        expectSuccess(one)
        #expect(one.outLines.filter { $0.hasPrefix("#") }.map { $0.prefix { $0 != " " } } == ["#9"])
        let all = try CLI.run(["replay", Repo.todo, "--from", "1", "--to", String(Self.last)])
        expectSuccess(all)
        #expect(all.out == (try CLI.run(["replay", Repo.todo])).out)
        #expect(all.outLines.filter { $0.hasPrefix("#") }.count == Self.last)
    }

    @Test func aJournalWithNoStepsHasNoStepToReplay() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let empty = try folder.copy("fixtures/damaged/header-only.journal")
        expectSuccess(try CLI.run(["replay", empty.path]))
        expectOneLineError(try CLI.run(["replay", empty.path, "--from", "1"]), mentions: [["step 1 is out of range"], ["no steps"]])
    }

    /// Every option and argument that takes a step says how steps are numbered, in the same
    /// words.
    @Test(arguments: [
        (["replay"], ["--from <from>", "--to <to>"]),
        (["restore"], ["--step <step>"]),
        (["graph"], ["--step <step>"]),
        (["diff"], ["<A B>"]),
    ])
    func helpSaysHowStepsAreNumbered(command: [String], options: [String]) throws {
        let result = try CLI.run(command + ["--help"])
        expectSuccess(result)
        // Help wraps long lines: read each option's paragraph as one line.
        let text = result.out.replacingOccurrences(of: "\n                          ", with: " ")
        for option in options {
            let line = try #require(
                text.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(option) },
                "\(option) is not in the help: \(result.out)"
            )
            #expect(line.contains("0 is the state before the first step"), "\(line)")
        }
    }

    /// A usage error is one line on stderr, as every other error is, with where to read more.
    @Test(arguments: [
        ["replay", Repo.todo, "--speed", "0"],
        ["graph", Repo.todo, "--depth", "3"],
        ["graph", Repo.todo, "--depth", "1"],
        ["diff", Repo.todo, "3"],
        ["diff", Repo.todo, "3", "x"],
        ["restore", Repo.todo],
        ["log"],
        ["log", Repo.todo, "--no-such-option"],
        ["restore", Repo.todo, "--step", "-1"],
        ["graph", Repo.todo, "--step", "-1"],
        ["diff", Repo.todo, "0", "-1"],
        ["replay", Repo.todo, "--to", "-1"],
    ])
    func aUsageErrorIsOneLine(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        expectOneLineError(result, status: 64, mentions: [["atomscope \(arguments[0]) --help"]])
        #expect(result.stdout.isEmpty)
    }

    /// Options that apply to journals, given DOT: found once the input is read, and still a
    /// usage error, with nothing written.
    @Test(arguments: [["--step", "1"], ["--changes"], ["--values"], ["--focus", "a"]])
    func journalOptionsOnDOTAreAUsageError(options: [String]) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.file("out.svg")
        let result = try CLI.run(["graph", "--svg", "-o", output.path] + options, stdin: Data("digraph { a -> b }".utf8))
        expectOneLineError(result, status: 64, mentions: [["apply to journals"], ["atomscope graph --help"]])
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// What was typed is quoted in a usage error: escaped like every other error.
    @Test func aUsageErrorShowsWhatWasTypedEscaped() throws {
        let result = try CLI.run(["log", Repo.todo, "--no-such-\u{1B}]0;title\u{7}\u{9B}2J"])
        expectOneLineError(result, status: 64, mentions: [[#"--no-such-\u{1b}]0;title\u{7}\u{9b}2J"#]])
        #expect(!result.err.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" || $0 == "\u{9B}" }, "\(result)")
    }

    @Test func theREPLTakesStatesZeroToTheLastStep() throws {
        let script = ["goto 0", "goto \(Self.last)", "goto \(Self.last + 1)", "goto -1", "diff 0 \(Self.last + 1)", "quit"]
        let result = try CLI.run(["repl", Repo.todo], stdin: Data((script.joined(separator: "\n") + "\n").utf8))
        expectNoCrash(result)
        let errors = result.outLines.filter { $0.hasPrefix("error: ") }
        #expect(errors.count == 3, "\(result)")
        for error in errors {
            #expect(error.contains("has steps 0 to \(Self.last) (0 is the state before the first step)"), "\(error)")
        }
        #expect(result.status == 1, "a piped script with failed commands exits 1: \(result)")
    }
}

/// `replay --speed` takes finite speeds from 0.001 to 1000; anything else is one usage line
/// that says the range, and nothing is replayed.
@Suite("Replay speed")
struct ReplaySpeedTests {
    @Test(arguments: ["0", "-1", "-0.5", "inf", "-inf", "nan", "1e-300", "1e300", "0.0001"])
    func rejected(speed: String) throws {
        let result = try CLI.run(["replay", Repo.counter, "--to", "2", "--speed", speed])
        expectOneLineError(result, status: 64, mentions: [["from 0.001 to 1000"]])
        #expect(result.stdout.isEmpty)
    }

    @Test func aFastSpeedReplays() throws {
        let result = try CLI.run(["replay", Repo.counter, "--to", "3", "--speed", "1000"])
        expectSuccess(result)
        #expect(result.stepLines.count == 3)
    }
}
