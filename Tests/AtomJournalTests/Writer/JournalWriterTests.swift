@testable import AtomJournal
import Foundation
import Testing

@Suite("JournalWriter")
struct JournalWriterTests {
    private func step(_ commit: Int) -> JournalRecord {
        .step(JournalStep(commit: commit, time: Int64(commit), operation: "set", updated: [JournalValueEntry(atom: 1, value: .json("\(commit)"))]))
    }

    private func fileSize(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? -1
    }

    @Test func fileIsCreatedWithMode0600() throws {
        let journal = TemporaryJournal()
        let writer = try JournalWriter(url: journal.url)
        try writer.close()
        let permissions = try FileManager.default.attributesOfItem(atPath: journal.url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func closedWriterRejectsAppends() throws {
        let journal = TemporaryJournal()
        let writer = try JournalWriter(url: journal.url)
        try writer.close()
        #expect(throws: JournalError.writerClosed(path: journal.url.path)) {
            try writer.append(step(1))
        }
    }

    @Test func everyCommitPolicyPutsEachCommitInTheFile() throws {
        let journal = TemporaryJournal()
        let writer = try JournalWriter(url: journal.url, flushPolicy: .syncEachCommit)
        try writer.append(step(1))
        try writer.endCommit()
        // The frames are in the file; after them, mapped, only the zeros of reserved space.
        let bytes = try [UInt8](Data(contentsOf: journal.url))
        #expect(bytes.count >= writer.bytesWritten)
        #expect(bytes[writer.bytesWritten...].allSatisfy { $0 == 0 })
        let reader = try JournalReader(url: journal.url)
        #expect(try reader.readAll().records.count == 1)
        #expect(reader.unwrittenBytes == bytes.count - writer.bytesWritten)
        try writer.close()
        #expect(try fileSize(journal.url) == writer.bytesWritten)
    }

    /// Frames are encoded in the buffer in place: appending one never copies the buffer (a
    /// copy per frame once made a 64 KiB buffer cost a `memmove` and an allocation each).
    @Test func appendingFramesNeverCopiesTheBuffer() throws {
        let journal = TemporaryJournal()
        let writer = try JournalWriter(url: journal.url, flushPolicy: .never)
        try writer.append(step(1))
        let address = writer.bufferAddress
        #expect(address != nil)
        for commit in 2...200 {
            try writer.append(step(commit))
            try writer.endCommit()
            #expect(writer.bufferAddress == address, "commit \(commit)")
        }
        try writer.close()
    }

    @Test func neverPolicyKeepsRecordsBufferedUntilClose() throws {
        let journal = TemporaryJournal()
        let writer = try JournalWriter(url: journal.url, flushPolicy: .never)
        try writer.append(step(1))
        try writer.endCommit()
        #expect(try fileSize(journal.url) == writer.header.size)
        try writer.close()
        #expect(try fileSize(journal.url) == writer.bytesWritten)
    }

    @Test func intervalPolicyWritesOnceTheIntervalHasPassed() throws {
        let journal = TemporaryJournal()
        let writer = try JournalWriter(url: journal.url, flushPolicy: .interval(.zero))
        try writer.append(step(1))
        try writer.endCommit()
        #expect(try fileSize(journal.url) == writer.bytesWritten)

        let longer = TemporaryJournal("longer")
        let slow = try JournalWriter(url: longer.url, flushPolicy: .interval(.seconds(3600)))
        try slow.append(step(1))
        try slow.endCommit()
        #expect(try fileSize(longer.url) == slow.header.size)
    }

    @Test func cannotCreateAJournalInAMissingDirectory() {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/x.journal")
        #expect(throws: JournalError.self) {
            try JournalWriter(url: url)
        }
    }
}
