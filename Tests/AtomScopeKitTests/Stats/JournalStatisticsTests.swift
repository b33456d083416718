import AtomJournal
import AtomScopeKit
import Foundation
import Testing

@Suite("Journal statistics")
struct JournalStatisticsTests {
    /// Times from a hostile file whose difference overflows Int64: the span saturates.
    @Test func aSpanThatOverflowsDoesNotTrap() throws {
        let url = try SyntheticJournal.write([
            .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: [])),
            .step(JournalStep(commit: 1, time: .min, operation: "set")),
            .step(JournalStep(commit: 2, time: .max, operation: "set")),
        ])
        defer { SyntheticJournal.remove(url) }
        let statistics = try JournalStatistics(journal: Journal(url: url))
        #expect(statistics.spanMicroseconds == .max)
        #expect(!statistics.text(style: TextStyle(colored: false)).isEmpty)
    }
}
