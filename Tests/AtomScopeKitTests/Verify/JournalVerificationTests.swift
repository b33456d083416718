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
}
