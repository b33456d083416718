import AtomJournal
import Foundation
import Testing

/// A journal whose recorder is running, or whose app died, ends in the zeros of the space the
/// recorder reserved (docs/DURABILITY.md). Every command reads its frames and says how many
/// zeros follow; none calls them damage.
@Suite("Unwritten space at a journal's end")
struct UnwrittenSpaceTests {
    /// A journal being recorded, written by the library's writer and left open.
    private static func recording(in folder: TemporaryDirectory) throws -> (url: URL, writer: JournalWriter) {
        let url = folder.file("live.journal")
        let writer = try JournalWriter(url: url)
        try writer.append(.atomDefinition(JournalAtomDefinition(number: 1, id: "CountAtom", kind: "state", valueType: "Int", isRestorable: true, isSensitive: false, isKeepAlive: false)))
        for commit in 1...20 {
            try writer.append(.step(JournalStep(
                commit: commit, time: Int64(commit * 1_000), operation: "set",
                updated: [JournalValueEntry(atom: 1, value: .json("\(commit)"))])))
            try writer.endCommit()
        }
        return (url, writer)
    }

    @Test func statAndVerifyShowTheZerosAsUnwritten() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (url, writer) = try Self.recording(in: folder)
        let size = try Data(contentsOf: url).count
        let zeros = size - writer.bytesWritten
        #expect(zeros >= 17)

        let stat = try CLI.run(["stat", url.path])
        expectNoCrash(stat)
        #expect(stat.status == 0 && stat.errLines.isEmpty, "\(stat)")
        #expect(stat.out.contains("steps       20 over"), "\(stat)")
        #expect(stat.out.contains("not closed"), "\(stat)")
        #expect(stat.out.contains("unwritten   \(zeros) bytes at the end"), "\(stat)")
        let json = try jsonObject(try CLI.run(["stat", url.path, "--json"]).out)
        #expect(json["ending"] as? String == "open")
        #expect(json["unwrittenBytes"] as? Int == zeros)
        #expect(json["tornTailBytes"] == nil)

        let verify = try CLI.run(["verify", url.path])
        expectNoCrash(verify)
        #expect(verify.status == 0 && verify.errLines.isEmpty, "\(verify)")
        #expect(verify.out.hasPrefix("ok: 21 frames, 20 steps"), "\(verify)")
        #expect(verify.out.contains("then \(zeros) bytes the recorder reserved and has not written (zeros)"), "\(verify)")

        // Reading commands say nothing about damage.
        for command in [["log"], ["diff", "0", "20"], ["replay", "--from", "19"]] {
            let result = try CLI.run([command[0], url.path] + command.dropFirst())
            expectNoCrash(result)
            #expect(result.status == 0 && result.errLines.isEmpty, "\(result)")
        }

        // Closed, the file is its frames and nothing is unwritten.
        try writer.close()
        let closed = try jsonObject(try CLI.run(["stat", url.path, "--json"]).out)
        #expect(closed["ending"] as? String == "closed")
        #expect(closed["unwrittenBytes"] as? Int == 0)
    }

    /// `verify --repair` never cuts a journal that a recorder holds: the recorder writes into
    /// the space after the cut.
    @Test func aRepairRefusesAJournalBeingRecorded() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let torn = try folder.copy(DamagedFixtureTests.torn)
        let size = try Data(contentsOf: torn).count
        // A recorder holds the file: here, this process, as the writer does.
        let descriptor = open(torn.path, O_RDONLY | O_CLOEXEC)
        #expect(descriptor >= 0)
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)

        let refused = try CLI.run(["verify", "--repair", torn.path])
        expectNoCrash(refused)
        #expect(refused.status != 0, "\(refused)")
        #expect(refused.errLines.last?.contains("is being recorded by a running app, so nothing was cut") == true, "\(refused)")
        #expect(try Data(contentsOf: torn).count == size)

        close(descriptor)
        let repaired = try CLI.run(["verify", "--repair", torn.path])
        #expect(repaired.status == 0, "\(repaired)")
        #expect(try Data(contentsOf: torn).count == 12999)
    }
}
