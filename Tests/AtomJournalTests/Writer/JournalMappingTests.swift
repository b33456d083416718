@testable import AtomJournal
import Foundation
import Testing

/// A writer under a per-commit policy copies frames into the file's reserved, mapped end:
/// the file always holds every whole frame written, then only zeros, and `close()` cuts the
/// zeros.
@Suite("Mapped journal writes")
struct JournalMappingTests {
    private func step(_ commit: Int, text: String = "") -> JournalRecord {
        .step(JournalStep(commit: commit, time: Int64(commit), operation: "set",
                          updated: [JournalValueEntry(atom: 1, value: .json("\"\(commit)\(text)\""))]))
    }

    private func contents(_ url: URL) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: url))
    }

    @Test(arguments: [JournalFlushPolicy.writeEachCommit, .syncEachCommit])
    func perCommitPoliciesMap(policy: JournalFlushPolicy) throws {
        let journal = TemporaryJournal()
        let writer = try JournalWriter(url: journal.url, flushPolicy: policy)
        #if os(Linux)
        #expect(writer.isMapped)
        #endif
        try writer.close()
    }

    @Test(arguments: [JournalFlushPolicy.interval(.seconds(1)), .never])
    func bufferingPoliciesWrite(policy: JournalFlushPolicy) throws {
        let journal = TemporaryJournal()
        let writer = try JournalWriter(url: journal.url, flushPolicy: policy)
        #expect(!writer.isMapped)
        try writer.close()
    }

    /// Steps past several reserves (64 KiB, then doubling): after every commit the file's
    /// frames read back whole and everything after them is zero, at least a frame header of
    /// it; at close the file is exactly its frames.
    @Test func commitsAcrossReservesStayWholeAndClosingCutsTheZeros() throws {
        let journal = TemporaryJournal()
        let writer = try JournalWriter(url: journal.url)
        let text = String(repeating: "x", count: 1_000)
        var sizes: Set<Int> = []
        for commit in 1...400 {
            try writer.append(step(commit, text: text))
            try writer.endCommit()
            #expect(writer.bytesInFile == writer.bytesWritten)
            if commit % 50 == 0 {
                let bytes = try contents(journal.url)
                sizes.insert(bytes.count)
                #expect(bytes.count >= writer.bytesWritten + JournalFormat.frameHeaderSize)
                #expect(bytes[writer.bytesWritten...].allSatisfy { $0 == 0 })
                let read = try Journal(url: journal.url)
                #expect(read.stepCount == commit)
                #expect(read.index.ending == .open)
                #expect(read.index.unwrittenBytes == bytes.count - writer.bytesWritten)
                #expect(try read.step(at: commit - 1).commit == commit)
            }
        }
        // 400 steps of about a kilobyte: the reserve grew more than once.
        #expect(sizes.count >= 2)
        try writer.close()
        #expect(try contents(journal.url).count == writer.bytesWritten)
        let read = try Journal(url: journal.url)
        #expect(read.stepCount == 400)
        #expect(read.index.ending == .closed)
        #expect(read.index.unwrittenBytes == 0)
    }

    /// A writer dropped without `close()` (its recorder went away) still leaves the file at
    /// its last whole frame, not with the reserve's zeros.
    @Test func droppingTheWriterCutsTheZeros() throws {
        let journal = TemporaryJournal()
        var bytesWritten = 0
        do {
            let writer = try JournalWriter(url: journal.url)
            try writer.append(step(1))
            try writer.endCommit()
            bytesWritten = writer.bytesWritten
        }
        #expect(try contents(journal.url).count == bytesWritten)
        let read = try Journal(url: journal.url)
        #expect(read.stepCount == 1)
        #expect(read.index.ending == .open)
    }

    /// Mapped and written journals of the same records hold the same records: only the salt,
    /// what depends on it (checksums) and the close record's time differ.
    @Test func mappedAndWrittenJournalsReadTheSame() throws {
        let mappedFile = TemporaryJournal("mapped")
        let writtenFile = TemporaryJournal("written")
        let mapped = try JournalWriter(url: mappedFile.url, flushPolicy: .writeEachCommit)
        let written = try JournalWriter(url: writtenFile.url, flushPolicy: .never)
        for commit in 1...50 {
            for writer in [mapped, written] {
                try writer.append(step(commit))
                try writer.endCommit()
            }
        }
        try mapped.close()
        try written.close()
        let left = try JournalReader(url: mappedFile.url).readAll()
        let right = try JournalReader(url: writtenFile.url).readAll()
        // The close records differ only in when each writer closed.
        #expect(left.records.count == 51)
        #expect(left.records.dropLast() == right.records.dropLast())
        guard case .close(let leftClose) = left.records.last, case .close(let rightClose) = right.records.last else {
            Issue.record("a journal does not end with its close record")
            return
        }
        #expect(leftClose.stepCount == rightClose.stepCount)
        #expect(leftClose.commit == rightClose.commit)
        #expect(left.ending == .closed)
        #expect(right.ending == .closed)
    }

    /// A repair must be able to tell a journal being recorded: the writer holds a lock until
    /// it closes.
    @Test func theWriterLocksTheFileUntilItCloses() throws {
        let journal = TemporaryJournal()
        let writer = try JournalWriter(url: journal.url)
        #expect(!Self.canLock(journal.url))
        try writer.close()
        #expect(Self.canLock(journal.url))
    }

    private static func canLock(_ url: URL) -> Bool {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }
}
