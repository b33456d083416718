@testable import AtomJournal
@testable import AtomScopeKit
import Foundation
import Testing

/// `stat` counts the usual steps in C, straight into its tally (`StepSkimCounting`), and the
/// steps the C loop leaves (values beyond ASCII, patches, damage) in Swift. Its counts must
/// be the ones every step counted in Swift gives, and the ones decoding every step gives:
/// with atoms that share an id, numbers the journal never defines, an atom twice in a step,
/// releases and recomputes, in one pass or split in two anywhere.
@Suite struct CountedSkimTests {
    @Test(arguments: 0..<8)
    func countsInCAreTheCountsOfEveryStepInSwift(seed: Int) throws {
        let url = try CountedJournal.write(seed: UInt64(seed) + 1)
        defer { SyntheticJournal.remove(url) }
        let journal = try Journal(url: url)
        journal.reader.skimSplit = .never
        journal.reader.skimsPortably = true
        let portable = try JournalStatistics(journal: journal)
        journal.reader.skimsPortably = false
        let counted = try JournalStatistics(journal: journal)
        #expect(counted.perAtom == portable.perAtom)
        let reference = try ReferenceUsage.of(journal)
        #expect(ReferenceUsage.of(counted) == reference, "\(ReferenceUsage.of(counted)) against \(reference)")
        let size = try Data(contentsOf: url).count
        for at in [size / 4, size / 2, size * 3 / 4] {
            journal.reader.skimSplit = IndexSplit(minimum: 0, at: at, chunk: 4 << 10, waitsForAThread: true)
            #expect(try JournalStatistics(journal: journal).perAtom == portable.perAtom, "split at \(at)")
        }
    }
}
