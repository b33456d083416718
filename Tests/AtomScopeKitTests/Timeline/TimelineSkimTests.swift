@testable import AtomJournal
import AtomScopeKit
import Foundation
import Testing

/// Opening a timeline skims each step instead of decoding it: the same answers, the same
/// errors in the same order, and no input that makes the skim slower than the decoder.
@Suite struct TimelineSkimTests {
    /// A step whose updated values are large and whose patches are many: checking each patch
    /// against the updated atoms once read the values again per patch (megabytes times
    /// thousands).
    @Test func manyPatchesOverLargeValuesOpenInOnePass() throws {
        let large = "\"" + String(repeating: "x", count: 256 << 10) + "\""
        var step = JournalStep(commit: 1, time: 1, operation: "set")
        step.updated = [SyntheticJournal.entry(1, large), JournalValueEntry(atom: 2, value: .text("(delta)"))]
        step.patches = (0..<20_000).map { _ in JournalValuePatch(atom: 2, edits: [.remove(index: 0, count: 1)]) }
        let url = try SyntheticJournal.write([
            SyntheticJournal.atom(1, "BigAtom"), SyntheticJournal.atom(2, "ListAtom"),
            .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: [])),
            .step(step),
        ])
        defer { SyntheticJournal.remove(url) }
        let timeline = try Timeline(url: url)
        #expect(timeline.stepCount == 1)
        let statistics = try JournalStatistics(journal: timeline.journal)
        #expect(statistics.perAtom.first { $0.id == "BigAtom" }?.valueBytes == large.utf8.count)
        #expect(statistics.perAtom.first { $0.id == "ListAtom" }?.changes == 1)
    }

    /// With several undefined references in one step, the first in the order the checks have
    /// always had is named (recomputed atoms before edges, though the payload holds them after).
    @Test func theFirstProblemIsNamedInTheCheckingOrder() throws {
        var step = JournalStep(commit: 1, time: 1, operation: "set")
        step.edgesAdded = [JournalEdge(upstream: 1, downstream: 8)]
        step.recomputed = [9]
        let url = try SyntheticJournal.write([
            SyntheticJournal.atom(1, "A"),
            .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: [])),
            .step(step),
        ])
        defer { SyntheticJournal.remove(url) }
        #expect(throws: AtomScopeError.malformedStep(path: url.relativePath, step: 1,
                                                      reason: "a released or recomputed atom refers to atom 9, which the journal never defines")) {
            _ = try Timeline(url: url)
        }
    }

    /// A commit that does not follow the one before is named wherever it falls among the
    /// index's blocks of entries, in blocks kept whole (hours between steps) too, and in either
    /// half of a split skim: the C loop notes steps only up to it.
    @Test(arguments: [1, 255, 256, 300, 511, 700])
    func aCommitThatDoesNotFollowIsNamedWhereverItFalls(position: Int) throws {
        for hoursApart in [false, true] {
            var records: [JournalRecord] = [
                SyntheticJournal.atom(1, "A"),
                .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: [])),
            ]
            var time: Int64 = 0
            for index in 0..<800 {
                time += hoursApart && index % 100 == 50 ? 7_200_000_000 : 1_000
                var step = JournalStep(commit: index == position ? index : index + 1, time: time, operation: "set")
                step.updated = [SyntheticJournal.entry(1, "\(index)")]
                records.append(.step(step))
            }
            let url = try SyntheticJournal.write(records)
            defer { SyntheticJournal.remove(url) }
            let expected = AtomScopeError.malformedStep(
                path: url.relativePath, step: position + 1, reason: "its commit \(position) does not follow the previous step's \(position)"
            )
            #expect(throws: expected, "hours apart: \(hoursApart)") { _ = try Timeline(url: url) }
            #expect(throws: expected, "hours apart: \(hoursApart), split") {
                _ = try Timeline(url: url, notesWhileOpening: false, beforeSkimming: { $0.skimSplit = IndexSplit(minimum: 0, chunk: 4 << 10, waitsForAThread: true) })
            }
        }
    }

    /// A step whose references are wrong and whose commit goes backwards names the references,
    /// and a later step's undecodable bytes do not hide an earlier step's commit.
    @Test func referencesComeBeforeTheCommitAndEarlierStepsFirst() throws {
        var bad = JournalStep(commit: 5, time: 1, operation: "set")
        bad.released = [7]
        let url = try SyntheticJournal.write([
            SyntheticJournal.atom(1, "A"),
            .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: [])),
            .step(JournalStep(commit: 6, time: 1, operation: "set")),
            .step(bad),
        ])
        defer { SyntheticJournal.remove(url) }
        #expect(throws: AtomScopeError.malformedStep(path: url.relativePath, step: 2,
                                                      reason: "a released or recomputed atom refers to atom 7, which the journal never defines")) {
            _ = try Timeline(url: url)
        }
    }
}
