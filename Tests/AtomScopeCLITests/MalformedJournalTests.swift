@testable import AtomJournal
import Foundation
import Testing

/// Records with valid framing and checksums but a body that makes no sense: `verify` fails
/// naming the step and the reason, and every other command reports it the same way.
@Suite("Malformed records")
struct MalformedJournalTests {
    static let count = JournalAtomDefinition(number: 1, id: "CountAtom", kind: "state", valueType: "Int", isRestorable: true, isSensitive: false, isKeepAlive: false)

    /// Writes records with the real writer, which frames whatever it is given.
    private func write(_ records: [JournalRecord], in folder: TemporaryDirectory) throws -> String {
        let url = folder.file("crafted.journal")
        let writer = try JournalWriter(url: url)
        for record in records {
            try writer.append(record)
        }
        try writer.close()
        return url.path
    }

    private func expectEveryCommandFails(_ journal: String, mentioning words: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let verify = try CLI.run(["verify", journal])
        expectOneLineError(verify, mentions: words.map { [$0] }, sourceLocation: sourceLocation)
        for command in [["log"], ["replay"], ["diff", "0", "1"], ["graph", "--dot"], ["restore", "--step", "1"], ["repl"]] {
            let result = try CLI.run([command[0], journal] + command.dropFirst(), stdin: Data("quit\n".utf8))
            expectOneLineError(result, mentions: words.map { [$0] }, sourceLocation: sourceLocation)
            #expect(result.errLines == verify.errLines, "atomscope \(command[0]) says it differently", sourceLocation: sourceLocation)
        }
    }

    @Test func aStepThatUpdatesAnUndefinedAtom() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try write([
            .atomDefinition(Self.count),
            .keyframe(JournalKeyframe(commit: 1, time: 0, atoms: [JournalValueEntry(atom: 1, value: .json("0"))], edges: [], subscriptions: [])),
            .step(JournalStep(commit: 2, time: 5, operation: "set", updated: [JournalValueEntry(atom: 7, value: .json("1"))])),
        ], in: folder)
        try expectEveryCommandFails(journal, mentioning: ["step 1 is malformed", "atom 7", "never defines"])
    }

    @Test func aSubscriptionOfAnUndefinedSubscriber() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try write([
            .atomDefinition(Self.count),
            .keyframe(JournalKeyframe(commit: 1, time: 0, atoms: [JournalValueEntry(atom: 1, value: .json("0"))], edges: [], subscriptions: [])),
            .step(JournalStep(commit: 2, time: 5, operation: "watch", subscriptionsAdded: [JournalSubscription(atom: 1, subscriber: 9)])),
        ], in: folder)
        try expectEveryCommandFails(journal, mentioning: ["step 1 is malformed", "subscriber 9"])
    }

    @Test func aCommitThatGoesBack() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try write([
            .atomDefinition(Self.count),
            .keyframe(JournalKeyframe(commit: 1, time: 0, atoms: [JournalValueEntry(atom: 1, value: .json("0"))], edges: [], subscriptions: [])),
            .step(JournalStep(commit: 5, time: 5, operation: "set", updated: [JournalValueEntry(atom: 1, value: .json("1"))])),
            .step(JournalStep(commit: 4, time: 6, operation: "set", updated: [JournalValueEntry(atom: 1, value: .json("2"))])),
        ], in: folder)
        try expectEveryCommandFails(journal, mentioning: ["step 2 is malformed", "commit 4"])
    }

    @Test func aKeyframeThatDisagreesWithItsSteps() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try write([
            .atomDefinition(Self.count),
            .keyframe(JournalKeyframe(commit: 1, time: 0, atoms: [JournalValueEntry(atom: 1, value: .json("0"))], edges: [], subscriptions: [])),
            .step(JournalStep(commit: 2, time: 5, operation: "set", updated: [JournalValueEntry(atom: 1, value: .json("5"))])),
            .keyframe(JournalKeyframe(commit: 2, time: 5, atoms: [JournalValueEntry(atom: 1, value: .json("6"))], edges: [], subscriptions: [])),
        ], in: folder)
        let verify = try CLI.run(["verify", journal])
        expectOneLineError(verify, mentions: [["keyframe after step 1"], ["value of CountAtom differs"]])
    }

    /// A value tag no version defines and an id that is not UTF-8, in frames whose checksums
    /// are valid: the reader rejects the record, naming its offset, in every command.
    @Test func aBadValueTagAndAnIDThatIsNotUTF8() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let good = try write([
            .atomDefinition(Self.count),
            .keyframe(JournalKeyframe(commit: 1, time: 0, atoms: [JournalValueEntry(atom: 1, value: .json("0"))], edges: [], subscriptions: [])),
            .step(JournalStep(commit: 2, time: 5, operation: "set", updated: [JournalValueEntry(atom: 1, value: .json("1"))])),
        ], in: folder)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        let header = try JournalReader(url: URL(fileURLWithPath: good)).header
        // The step's value tag (0, json) becomes 9; the definition's id byte "C" becomes 0xFF.
        for (name, patch) in [("tag", { (payload: inout [UInt8], type: UInt8) in if type == 4 { payload[payload.count - 3] = 9 } }),
                              ("utf8", { (payload: inout [UInt8], type: UInt8) in if type == 1 { payload[2] = 0xFF } })] {
            var patched = Array(bytes.prefix(header.size))
            var offset = header.size
            while offset + 17 <= bytes.count {
                let length = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
                let type = bytes[offset + 8]
                var payload = Array(bytes[(offset + 17)..<(offset + 17 + length)])
                patch(&payload, type)
                var frame = Array(bytes[offset..<(offset + 17)]) + payload
                var crc = header.salt.withUnsafeBytes { CRC32C.update(0, $0) }
                crc = frame.withUnsafeBytes { CRC32C.update(crc, UnsafeRawBufferPointer(rebasing: $0[8...])) }
                let masked = CRC32C.mask(crc)
                for index in 0..<4 { frame[4 + index] = UInt8(truncatingIfNeeded: masked >> UInt32(8 * index)) }
                patched += frame
                offset += 17 + length
            }
            let url = folder.file("\(name).journal")
            try Data(patched).write(to: url)
            let verify = try CLI.run(["verify", url.path])
            expectOneLineError(verify, mentions: [["damaged at offset", "malformed"]])
            let log = try CLI.run(["log", url.path])
            expectOneLineError(log, mentions: [["damaged at offset", "malformed"]])
        }
    }
}

/// A cut journal (`restore --journal-out`) defines everything its steps and keyframes use, so
/// it passes `verify` and reads like the original up to the cut.
@Suite("Cut journals are whole")
struct CutJournalTests {
    @Test(arguments: [(Repo.counter, 120), (Repo.todo, 12), (Repo.search, 6)])
    func aCutVerifies(fixture: String, step: Int) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cut = folder.file("cut.journal")
        let restore = try CLI.run(["restore", fixture, "--step", "\(step)", "--journal-out", cut.path, "-o", folder.file("state.json").path])
        #expect(restore.status == 0, "\(restore)")
        let verify = try CLI.run(["verify", cut.path])
        expectSuccess(verify)
        let original = try CLI.run(["log", fixture, "--json", "--recomputed"])
        let copy = try CLI.run(["log", cut.path, "--json", "--recomputed"])
        #expect(Array(original.outLines.prefix(copy.outLines.count)) == copy.outLines)
    }
}
