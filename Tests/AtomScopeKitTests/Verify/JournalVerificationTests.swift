import AtomJournal
import AtomScopeKit
import Foundation
import Testing

/// `verify` reads a journal as every command does and reads past damage only when that read
/// stops at it: what it reports is the same either way.
@Suite("Journal verification")
struct JournalVerificationTests {
    /// The counts come from the one opening read and equal a full decode of the file.
    @Test(arguments: TimelineFixtures.good)
    func anIntactJournalIsCountedByItsOneRead(url: URL) throws {
        let verification = try JournalVerification(url: url)
        let (records, ending) = try JournalReader(url: url).readAll()
        let journal = try Journal(url: url)
        #expect(verification.frames == records.count + journal.index.unknownRecords)
        #expect(verification.steps == records.filter { if case .step = $0 { true } else { false } }.count)
        #expect(verification.ending == ending)
        #expect(verification.damage.isEmpty)
        #expect(verification.keyframesChecked == journal.index.keyframes.count - 1)
    }

    /// Damage that valid frames follow is read past and listed, and nothing is replayed.
    @Test func damageIsReadPastWhenThePlainReadStopsAtIt() throws {
        let url = TimelineFixtures.damaged("bad-crc-middle.journal")
        #expect(throws: AtomScopeError.self) { try Timeline(url: url) }
        let verification = try JournalVerification(url: url)
        #expect(verification.damage.count == 1)
        #expect(verification.keyframesChecked == 0)
        var frames = 0
        _ = try JournalReader(url: url).scanFrames(reportingDamage: { _ in }) { _ in frames += 1 }
        #expect(verification.frames == frames)
    }

    /// `--repair` cuts the file it verified and nothing else: not another file put at the
    /// path since, not a file written to since, not a file reached through a link.
    @Test func aRepairCutsOnlyTheFileItVerified() throws {
        let folder = try TimelineFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let torn = folder.appending(path: "torn.journal")
        let fixture = TimelineFixtures.damaged("torn-tail.journal")
        let size = try Data(contentsOf: fixture).count
        func fileSize() throws -> Int { try Data(contentsOf: torn).count }
        try FileManager.default.copyItem(at: fixture, to: torn)

        // Another file (the same bytes, another inode) renamed over the path since.
        let replaced = try JournalVerification(url: torn)
        let other = folder.appending(path: "other.journal")
        try FileManager.default.copyItem(at: fixture, to: other)
        #expect(rename(other.path, torn.path) == 0)
        #expect(throws: AtomScopeError.journalChanged(path: replaced.path)) { try replaced.repair() }
        #expect(try fileSize() == size)

        // The same file, written to since.
        let grown = try JournalVerification(url: torn)
        let handle = try FileHandle(forWritingTo: torn)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        #expect(throws: AtomScopeError.journalChanged(path: grown.path)) { try grown.repair() }
        #expect(try fileSize() == size + 1)

        // A link at the path is not followed.
        let link = folder.appending(path: "link.journal")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: torn)
        let throughLink = try JournalVerification(url: link)
        #expect(throws: AtomScopeError.self) { try throughLink.repair() }
        #expect(try fileSize() == size + 1)

        // Unchanged since it was verified: cut to its last valid frame.
        let current = try JournalVerification(url: torn)
        guard case .tornTail(let offset, _) = current.ending else {
            Issue.record("not torn: \(current.ending)")
            return
        }
        try current.repair()
        #expect(try fileSize() == offset)
        #expect(try JournalVerification(url: torn).ending != current.ending)
    }
}
