import AtomJournal
import Foundation
import Testing

/// A damaged fixture that no command can read, and what its one error line must say.
struct UnreadableFixture: Sendable, CustomTestStringConvertible {
    var name: String
    /// Each entry lists acceptable alternatives; the line must contain one of each.
    var mentions: [[String]]
    /// Whether the damage is in the middle of the file, so the line must give its offset.
    var midFile: Bool

    var path: String { "fixtures/damaged/\(name)" }
    var testDescription: String { name }

    static let all = [
        UnreadableFixture(name: "bad-crc-middle.journal", mentions: [["checksum"]], midFile: true),
        UnreadableFixture(name: "huge-length.journal", mentions: [["4294967280"]], midFile: true),
        UnreadableFixture(name: "wrong-magic.journal", mentions: [["not an atomscope journal", "neither a journal"]], midFile: false),
        UnreadableFixture(name: "newer-major.journal", mentions: [["2.x"], ["newer"]], midFile: false),
        UnreadableFixture(name: "empty.journal", mentions: [["empty"]], midFile: false),
    ]

    /// The offset the journal reader reports for the damage, which the CLI must repeat.
    func damageOffset() throws -> Int {
        do {
            _ = try Journal(url: Repo.url(path))
        } catch {
            switch error {
            case .corruptFrame(_, let offset, _), .frameTooLarge(_, let offset, _):
                return offset
            default:
                break
            }
            Issue.record("unexpected reader error for \(name): \(error)")
            return -1
        }
        Issue.record("the reader opens \(name) without an error")
        return -1
    }
}

/// Every command on every damaged fixture: one line on stderr naming the problem, a
/// non-zero exit, never a stack trace.
@Suite("Damaged fixtures")
struct DamagedFixtureTests {
    /// Each command, with the journal inserted after the subcommand.
    static let commands: [[String]] = [
        ["stat"], ["stat", "--json"], ["verify"], ["verify", "--repair"], ["log"], ["log", "--json"], ["replay"],
        ["diff", "0", "1"], ["restore", "--step", "0"], ["graph", "--dot"], ["graph", "--svg"], ["repl"],
    ]

    @Test(arguments: UnreadableFixture.all, commands)
    func commandFailsWithOneLine(fixture: UnreadableFixture, command: [String]) throws {
        let arguments = [command[0], fixture.path] + command.dropFirst()
        let result = try CLI.run(arguments, stdin: Data("next\nquit\n".utf8))
        var mentions = fixture.mentions
        if fixture.midFile {
            mentions.append(["offset \(try fixture.damageOffset())"])
        }
        expectOneLineError(result, status: nil, mentions: mentions)
        // verify reads past mid-file damage and lists it; every other command stops.
        if !(fixture.midFile && command[0] == "verify") {
            #expect(result.stdout.isEmpty, "a failed command printed to stdout: \(result)")
        }
    }

    /// A torn journal read from standard input is noted, without advice to repair a file
    /// that has no name.
    @Test func aTornJournalFromStandardInputGetsNoRepairAdvice() throws {
        let bytes = try Data(contentsOf: Repo.url(Self.torn))
        let result = try CLI.run(["graph", "--dot"], stdin: bytes)
        #expect(result.status == 0, "\(result)")
        #expect(result.err.contains("standard input ends in a torn tail"), "\(result)")
        #expect(!result.err.contains("--repair"), "\(result)")
    }

    @Test func verifyListsMidFileDamageAndCountsTheFramesAfterIt() throws {
        let fixture = "fixtures/damaged/bad-crc-middle.journal"
        let reader = try JournalReader(url: Repo.url(fixture))
        var damage: [JournalDamage] = []
        var frames = 0
        _ = try reader.scanFrames(reportingDamage: { damage.append($0) }) { _ throws(JournalError) in frames += 1 }
        let run = try #require(damage.first)
        #expect(damage.count == 1)
        for arguments in [["verify", fixture], ["verify", "--repair", fixture]] {
            let result = try CLI.run(arguments)
            expectOneLineError(result, mentions: [["offset \(run.offset)"], ["checksum"]])
            #expect(result.out.hasPrefix("damaged: \(frames) valid frames"), "\(result)")
            #expect(result.out.contains("1 damaged run, 1 frame lost"), "\(result)")
            #expect(result.out.contains("valid frames resume at offset \(run.resumeOffset)"), "\(result)")
            // What could not be checked is said, not passed over.
            #expect(result.out.contains("what the records mean was not checked"), "\(result)")
        }
        let repair = try CLI.run(["verify", "--repair", fixture])
        #expect(repair.errLines.first?.contains("cutting here would lose every valid frame after the damage") == true, "\(repair)")
    }

    @Test func midFileDamageIsAtTheMiddleFrameOffset() throws {
        // The README's promise, checked against the reader: both damaged frames are the
        // same middle frame of the counter journal.
        let offsets = try UnreadableFixture.all.filter(\.midFile).map { try $0.damageOffset() }
        #expect(offsets.count == 2)
        #expect(Set(offsets).count == 1)
        #expect(offsets.allSatisfy { $0 > 112 })
    }

    // MARK: Torn tail: readable, reported, repairable

    static let torn = "fixtures/damaged/torn-tail.journal"

    @Test func statReportsTheTornTail() throws {
        let text = try CLI.run(["stat", Self.torn])
        expectNoCrash(text)
        #expect(text.status == 0 && text.errLines.count == 1, "\(text)")
        let ending = try #require(text.outLines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("ending") })
        #expect(ending.contains("torn tail at offset 12999 (12 bytes)"), "\(ending)")
        #expect(ending.contains("verify --repair"), "\(ending)")

        let json = try jsonObject(try CLI.run(["stat", Self.torn, "--json"]).out)
        #expect(json["ending"] as? String == "torn")
        #expect(json["tornTailOffset"] as? Int == 12999)
        #expect(json["tornTailBytes"] as? Int == 12)
        #expect(json["fileBytes"] as? Int == 13011)
        #expect(json["steps"] as? Int == 304)
    }

    @Test func readingCommandsWorkOnATornTailAndSaySoOnce() throws {
        let commands = [["log"], ["replay", "--from", "300"], ["graph", "--svg"], ["diff", "0", "304"], ["restore", "--step", "304"], ["stat"], ["repl"]]
        for command in commands {
            let result = try CLI.run([command[0], Self.torn] + command.dropFirst(), stdin: Data("quit\n".utf8))
            expectNoCrash(result)
            #expect(result.status == 0, "\(result)")
            if command.contains("--svg") {
                expectWellFormedSVG(result.stdout, "graph --svg of \(Self.torn)")
            }
            #expect(result.errLines == [
                "atomscope: note: \(Self.torn) ends in a torn tail at offset 12999 (12 bytes): showing the steps before it; "
                    + "`atomscope verify --repair \(Self.torn)` cuts it",
            ], "\(result)")
        }
        #expect(try CLI.run(["log", Self.torn]).stepLines.count == 304)
        // A whole journal gets no note.
        for command in commands {
            let result = try CLI.run([command[0], Repo.counter] + command.dropFirst().map { $0 == "304" ? "300" : $0 }, stdin: Data("quit\n".utf8))
            #expect(result.err.isEmpty, "\(result)")
        }
    }

    @Test func verifyFailsAndRepairCutsTheTornTailOfACopy() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let copy = try folder.copy(Self.torn)
        let originalSize = try #require(try FileManager.default.attributesOfItem(atPath: copy.path)[.size] as? Int)

        let verify = try CLI.run(["verify", copy.path])
        expectOneLineError(verify, mentions: [["torn tail"], ["offset 12999"], ["--repair"]])
        #expect(verify.out.hasPrefix("torn: "), "\(verify)")
        #expect(try FileManager.default.attributesOfItem(atPath: copy.path)[.size] as? Int == originalSize, "verify without --repair changed the file")

        let repair = try CLI.run(["verify", "--repair", copy.path])
        expectSuccess(repair)
        #expect(repair.out.contains("truncate"), "repair should say what it cuts first: \(repair)")
        #expect(repair.out.contains("12999"), "\(repair)")
        #expect(repair.out.contains("repaired"), "\(repair)")
        #expect(try FileManager.default.attributesOfItem(atPath: copy.path)[.size] as? Int == 12999)

        let again = try CLI.run(["verify", copy.path])
        expectSuccess(again)
        #expect(again.out.hasPrefix("ok: "), "\(again)")
        #expect(try CLI.run(["log", copy.path]).stepLines.count == 304)

        // The fixture itself is untouched.
        #expect(try FileManager.default.attributesOfItem(atPath: Repo.url(Self.torn).path)[.size] as? Int == originalSize)
    }

    // MARK: Header only: a journal with no steps

    static let headerOnly = "fixtures/damaged/header-only.journal"

    @Test func aJournalWithNoStepsIsReadNotRejected() throws {
        // The reader opens it (no steps, ending `open`), so the commands work on it.
        let stat = try CLI.run(["stat", Self.headerOnly, "--json"])
        expectSuccess(stat)
        let json = try jsonObject(stat.out)
        #expect(json["steps"] as? Int == 0)
        #expect(json["ending"] as? String == "open")

        let verify = try CLI.run(["verify", Self.headerOnly])
        expectSuccess(verify)
        #expect(verify.out.contains("0 steps"))

        let log = try CLI.run(["log", Self.headerOnly])
        expectSuccess(log)
        #expect(log.out.isEmpty)

        let replay = try CLI.run(["replay", Self.headerOnly])
        expectSuccess(replay)
        #expect(replay.out.contains("no steps"))

        let emptyGraph = try CLI.run(["graph", Self.headerOnly, "--svg"])
        expectSuccess(emptyGraph)
        expectWellFormedSVG(emptyGraph.stdout, "graph --svg of \(Self.headerOnly)")
        expectSuccess(try CLI.run(["diff", Self.headerOnly, "0", "0"]))
        expectOneLineError(try CLI.run(["diff", Self.headerOnly, "0", "1"]), mentions: [["out of range"]])
    }
}
