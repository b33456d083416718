import AtomScopeKit
import Foundation
import Testing

/// `log` prints a step's summary, made from its record alone, instead of the whole decoded
/// step (whose patched values need the state before it). The two must say the same of every
/// step, so that the line printed is the line the whole step gives.
@Suite("Timeline: a step's summary is what the whole step says")
struct TimelineStepSummaryTests {
    @Test("every step of every fixture, patched ones included", arguments: TimelineFixtures.good + [TimelineFixtures.root.appending(path: "fixtures/search.journal")])
    func summaryEqualsStep(url: URL) throws {
        let timeline = try Timeline(url: url)
        let formatter = StepFormatter(style: TextStyle(colored: false))
        #expect(timeline.stepCount > 0)
        for number in 1...timeline.stepCount {
            let step = try timeline.step(number)
            let summary = try timeline.summary(number)
            #expect(summary == TimelineStepSummary(step), "step \(number)")
            #expect(formatter.logLine(summary, recomputed: true) == formatter.logLine(step, recomputed: true))
            #expect(LogEntry(summary) == LogEntry(step))
        }
    }

    @Test("a step out of range is the same error as for the whole step")
    func outOfRange() throws {
        let timeline = try Timeline(url: TimelineFixtures.counter)
        for number in [0, -1, timeline.stepCount + 1] {
            #expect(throws: AtomScopeError.stepOutOfRange(path: timeline.path, step: number, valid: 1...timeline.stepCount)) {
                try timeline.summary(number)
            }
        }
    }
}
