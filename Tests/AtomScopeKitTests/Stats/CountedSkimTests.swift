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
    private func journal(seed: UInt64) throws -> URL {
        var numbers = SyntheticJournal.Numbers(seed: seed)
        func below(_ bound: Int) -> Int { numbers.below(bound) }
        // Numbers 4 and 5 are atoms with the ids of 1 and 2 again; 6 and 7 are never defined.
        var records: [JournalRecord] = [
            SyntheticJournal.atom(0, "Count"), SyntheticJournal.atom(1, "Name"), SyntheticJournal.atom(2, "List"),
            SyntheticJournal.atom(3, "Secret", sensitive: true), SyntheticJournal.atom(4, "Name"), SyntheticJournal.atom(5, "List"),
            .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: [])),
        ]
        for commit in 1...(300 + below(3_000)) {
            var step = JournalStep(commit: commit, time: Int64(commit * 700), operation: "set")
            for _ in 0..<(1 + below(4)) {
                let atom = below(8)
                let value: JournalValue = switch below(8) {
                case 0: .json("\"naïve \(below(1_000))\"")
                case 1: .redacted
                case 2: .text("plain \(below(100))")
                case 3: .json("\"\(String(repeating: "x", count: below(40)))\"")
                default: .json(String(below(2_000_000) - 1_000_000))
                }
                if below(5) == 0 {
                    step.initialized.append(JournalValueEntry(atom: atom, value: value))
                } else {
                    step.updated.append(JournalValueEntry(atom: atom, value: value))
                }
            }
            if below(6) == 0 { step.released = [below(8)] }
            if below(4) == 0 { step.recomputed = [below(8), below(8)] }
            if below(10) == 0 { step.edgesAdded = [JournalEdge(upstream: 0, downstream: 1)] }
            records.append(.step(step))
        }
        return try SyntheticJournal.write(records)
    }

    @Test(arguments: 0..<8)
    func countsInCAreTheCountsOfEveryStepInSwift(seed: Int) throws {
        let url = try journal(seed: UInt64(seed) + 1)
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
