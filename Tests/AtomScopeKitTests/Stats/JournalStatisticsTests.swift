import AtomJournal
import AtomScopeKit
import Foundation
import Testing

@Suite("Journal statistics")
struct JournalStatisticsTests {
    /// Times from a hostile file whose difference overflows Int64: the span is unknown, not
    /// a number that passes for a length of time.
    @Test func aSpanThatOverflowsIsUnknown() throws {
        let url = try SyntheticJournal.write([
            .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: [])),
            .step(JournalStep(commit: 1, time: .min, operation: "set")),
            .step(JournalStep(commit: 2, time: .max, operation: "set")),
        ])
        defer { SyntheticJournal.remove(url) }
        let statistics = try JournalStatistics(journal: Journal(url: url))
        #expect(statistics.spanMicroseconds == nil)
        #expect(statistics.text(style: TextStyle(colored: false)).contains("steps       2 over an unknown time\n"))
    }

    /// The counts read by skimming each step equal the counts from decoding every step, on
    /// every shipped journal (formats 1.0 to 1.3, recomputes, sensitive values).
    @Test(arguments: ["fixtures/todo.journal", "fixtures/counter.journal", "fixtures/search.journal",
                      "fixtures/versions/1.0/todo.journal", "fixtures/versions/1.1/todo.journal", "fixtures/versions/1.2/todo.journal", "fixtures/versions/1.3/todo.journal"])
    func skimmedCountsEqualDecodedCounts(_ path: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let url = root.appending(path: path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record("missing fixture \(path)")
            return
        }
        let journal = try Journal(url: url)
        let statistics = try JournalStatistics(journal: journal)
        #expect(ReferenceUsage.of(statistics) == (try ReferenceUsage.of(journal)))
        #expect(statistics.perAtom.contains { $0.changes > 0 })
    }
}
