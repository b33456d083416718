@testable import AtomJournal
import AtomScopeKit
import Foundation
import Testing

/// A large journal's steps are skimmed in two halves at once, for the timeline's index of
/// changes and for `stat`'s counts. Split anywhere, they answer exactly as one pass does,
/// and a malformed step is named as one pass names it.
@Suite struct TimelineSplitSkimTests {
    /// Split points across each fixture, the second half run on a thread and taken back.
    private static func splits(of url: URL) throws -> [IndexSplit] {
        let size = try Data(contentsOf: url).count
        return [size / 3, size / 2, size * 4 / 5].flatMap { at in
            [IndexSplit(minimum: 0, at: at, chunk: 4 << 10, waitsForAThread: true), IndexSplit(minimum: 0, at: at, chunk: 4 << 10, handsOver: false)]
        }
    }

    private static let fixtures = TimelineFixtures.good + [TimelineFixtures.root.appending(path: "fixtures/search.journal")]

    @Test(arguments: fixtures)
    func theIndexOfChangesIsOnePassIndex(url: URL) throws {
        let whole = try Timeline(url: url, notesWhileOpening: false, beforeSkimming: { $0.skimSplit = .never })
        for split in try Self.splits(of: url) {
            let parted = try Timeline(url: url, notesWhileOpening: false, beforeSkimming: { $0.skimSplit = split })
            #expect(parted.frameCount == whole.frameCount)
            for id in Set(whole.journal.index.atoms.values.map(\.id)) {
                #expect(parted.changes(of: id) == whole.changes(of: id), "\(id), split at \(split.at ?? 0)")
                #expect(parted.recomputes(of: id) == whole.recomputes(of: id), "\(id), split at \(split.at ?? 0)")
                // The halves' lists are searched where they lie: every step, those at the
                // split included, finds what one list finds.
                for step in 0...(whole.stepCount + 1) {
                    let asked = (parted.nextChange(of: id, after: step), parted.previousChange(of: id, before: step), parted.lastChange(of: id, atOrBefore: step))
                    let answered = (whole.nextChange(of: id, after: step), whole.previousChange(of: id, before: step), whole.lastChange(of: id, atOrBefore: step))
                    #expect(asked == answered, "\(id) at step \(step), split at \(split.at ?? 0)")
                }
            }
        }
    }

    @Test(arguments: fixtures)
    func statisticsAreOnePassStatistics(url: URL) throws {
        let journal = try Journal(url: url)
        journal.reader.skimSplit = .never
        let whole = try JournalStatistics(journal: journal)
        for split in try Self.splits(of: url) {
            journal.reader.skimSplit = split
            let parted = try JournalStatistics(journal: journal)
            #expect(parted.perAtom == whole.perAtom, "split at \(split.at ?? 0)")
        }
    }

    /// A step that refers to an atom the journal never defines, in the second half: named
    /// by its number, as one pass names it.
    @Test func aMalformedStepInTheSecondHalfIsNamedAsOnePassNamesIt() throws {
        var records: [JournalRecord] = [
            SyntheticJournal.atom(1, "A"),
            .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: [])),
        ]
        for commit in 1...400 {
            var step = JournalStep(commit: commit, time: Int64(commit), operation: "set")
            step.updated = [SyntheticJournal.entry(commit == 300 ? 7 : 1, "\(commit)")]
            records.append(.step(step))
        }
        let url = try SyntheticJournal.write(records)
        defer { SyntheticJournal.remove(url) }
        let expected = AtomScopeError.malformedStep(path: url.relativePath, step: 300, reason: "a value refers to atom 7, which the journal never defines")
        #expect(throws: expected) { _ = try Timeline(url: url, notesWhileOpening: false, beforeSkimming: { $0.skimSplit = .never }) }
        for split in try Self.splits(of: url) {
            #expect(throws: expected) { _ = try Timeline(url: url, notesWhileOpening: false, beforeSkimming: { $0.skimSplit = split }) }
        }
    }
}
