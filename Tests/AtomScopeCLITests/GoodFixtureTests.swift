import Foundation
import Testing

/// Every command succeeds on every good fixture: exit 0, nothing on stderr.
@Suite("Good fixtures")
struct GoodFixtureTests {
    static let commands: [[String]] = [
        ["stat"], ["stat", "--json"], ["verify"], ["log"], ["log", "--json"], ["replay"],
        ["graph", "--dot"], ["graph", "--svg"], ["graph", "--step", "1", "--svg", "--values", "--changes"],
    ]

    @Test(arguments: Repo.goodFixtures, commands)
    func commandSucceeds(fixture: String, command: [String]) throws {
        let arguments = [command[0], fixture] + command.dropFirst()
        let result = try CLI.run(arguments)
        expectSuccess(result)
        #expect(!result.stdout.isEmpty, "no output: \(result)")
        // Output to a file is never coloured.
        #expect(!result.stdout.contains(0x1B), "an escape sequence in the output: \(result)")
        if command.contains("--svg") {
            expectWellFormedSVG(result.stdout, arguments.joined(separator: " "))
        }
    }

    @Test(arguments: Repo.goodFixtures)
    func verifySaysOK(fixture: String) throws {
        let result = try CLI.run(["verify", fixture])
        expectSuccess(result)
        #expect(result.out.hasPrefix("ok: "), "\(result)")
        #expect(result.out.contains("closed cleanly"), "\(result)")
    }

    @Test(arguments: Repo.goodFixtures)
    func logHasOneLinePerStepAndReplayShowsEveryStep(fixture: String) throws {
        let stat = try jsonObject(try CLI.run(["stat", fixture, "--json"]).out)
        let steps = try #require(stat["steps"] as? Int)
        #expect(steps > 0)
        let log = try CLI.run(["log", fixture])
        expectSuccess(log)
        #expect(log.stepLines.count == steps)
        for (index, line) in log.stepLines.enumerated() {
            #expect(line.hasPrefix("#\(index + 1) "), "log line \(index + 1): \(line)")
        }
        let replay = try CLI.run(["replay", fixture])
        expectSuccess(replay)
        let headers = replay.outLines.filter { $0.hasPrefix("#") }
        #expect(headers.count == steps)
        #expect(headers.first?.hasPrefix("#1 ") == true)
        #expect(headers.last?.hasPrefix("#\(steps) ") == true)
    }

    @Test(arguments: Repo.goodFixtures)
    func graphWritesPNGAndPDF(fixture: String) throws {
        let png = try CLI.run(["graph", fixture, "--step", "3", "--png"])
        expectSuccess(png)
        #expect(png.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "not a PNG")
        let pdf = try CLI.run(["graph", fixture, "--step", "3", "--pdf"])
        expectSuccess(pdf)
        #expect(pdf.stdout.starts(with: Data("%PDF-".utf8)), "not a PDF")
    }

    @Test func replayRangeShowsOnlyThoseSteps() throws {
        let result = try CLI.run(["replay", Repo.todo, "--from", "4", "--to", "6"])
        expectSuccess(result)
        let headers = result.outLines.filter { $0.hasPrefix("#") }
        #expect(headers.map { String($0.prefix(3)) } == ["#4 ", "#5 ", "#6 "])
        #expect(result.out.contains("+ SessionTokenAtom = <redacted>"))
        #expect(result.out.contains(#"TodosAtom[0]: + {"id":1,"isCompleted":false,"text":"Buy milk"}"#))
    }

    @Test func theSessionTokenNeverAppears() throws {
        // The todo fixture's token is Sensitive: no command may print its text.
        for arguments in [["replay", Repo.todo], ["log", Repo.todo, "--json"], ["diff", Repo.todo, "0", "14", "--json"],
                          ["graph", Repo.todo, "--step", "8", "--dot", "--values"], ["restore", Repo.todo, "--step", "8"]] {
            let result = try CLI.run(arguments)
            expectSuccess(result)
            #expect(!result.out.contains("todo-secret"), "\(result)")
        }
    }
}
