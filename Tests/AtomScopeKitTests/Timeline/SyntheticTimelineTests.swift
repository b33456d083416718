import AtomJournal
import AtomScopeKit
import Foundation
import Testing

@Suite("Timeline: journals the examples never write")
struct SyntheticTimelineTests {
    @Test("an atom released and created again in one step keeps its id, value and edges")
    func recreatedAtom() throws {
        let url = try SyntheticJournal.write(SyntheticJournal.recreatedAtom())
        defer { SyntheticJournal.remove(url) }
        let timeline = try Timeline(url: url)
        #expect(timeline.stepCount == 4)
        #expect(timeline.atomIDs == ["A", "B", "Secret"])

        let edge = TimelineEdge(upstream: "A", downstream: "B")
        let second = try timeline.state(at: 2)
        #expect(second.values["A"] == .json("5"))
        #expect(second.values["B"] == .json("10"))
        #expect(second.edges == [edge])
        let last = try timeline.state(at: 4)
        #expect(last.values["A"] == nil)
        #expect(last.edges.isEmpty)
        #expect(last.subscriptions == [TimelineSubscription(atom: "B", subscriber: "Demo/View.swift:7")])

        #expect(timeline.changes(of: "A") == [1, 2, 4])
        #expect(timeline.changes(of: "Secret") == [3])
        #expect(try timeline.why("B", at: 2) == ["A"])
        #expect(try timeline.step(1).causeLocation == "Demo/Model.swift:12")
        #expect(try timeline.state(at: 0).date == Date(timeIntervalSince1970: 1_700_000_000.000010))

        // Seeking from the keyframe after step 3 agrees with replaying from step 0.
        let linear = try (0...4).map { step throws(AtomScopeError) in try timeline.state(at: step) }
        for step in (0...4).reversed() {
            let fresh = try Timeline(url: url)
            #expect(try fresh.state(at: step) == linear[step])
        }
        let reference = try ReferenceReplay(url: url)
        for step in 0...4 {
            #expect(ReferenceState(linear[step]) == reference.states[step])
        }
    }

    @Test("a journal without keyframes starts from the empty state")
    func noKeyframe() throws {
        let url = try SyntheticJournal.write([
            SyntheticJournal.atom(1, "A"),
            .step(JournalStep(commit: 1, time: 5, operation: "set", initialized: [SyntheticJournal.entry(1, "1")])),
            .step(JournalStep(commit: 2, time: 6, operation: "set", updated: [SyntheticJournal.entry(1, "2")])),
        ], close: false)
        defer { SyntheticJournal.remove(url) }
        let timeline = try Timeline(url: url)
        #expect(timeline.ending == .open)
        #expect(timeline.keyframeSteps.isEmpty)
        #expect(try timeline.state(at: 0).values.isEmpty)
        #expect(try timeline.state(at: 2).values == ["A": .json("2")])
        #expect(try timeline.state(at: 1).values == ["A": .json("1")])

        // A cut journal gets the keyframe the original lacked, and the same states.
        let cut = url.deletingLastPathComponent().appending(path: "cut.journal")
        try timeline.writeJournal(upTo: 2, to: cut)
        let copy = try Timeline(url: cut)
        #expect(copy.keyframeSteps == [0])
        for step in 0...2 {
            #expect(try copy.state(at: step) == timeline.state(at: step))
        }
    }

    @Test("a step that refers to an undefined number is malformed, named by its step")
    func undefinedNumbers() throws {
        let url = try SyntheticJournal.write([
            .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: [])),
            .step(JournalStep(
                commit: 1, time: 1, operation: "set", initialized: [SyntheticJournal.entry(9, "1")],
                subscriptionsAdded: [JournalSubscription(atom: 9, subscriber: 4)]
            )),
        ])
        defer { SyntheticJournal.remove(url) }
        #expect {
            _ = try Timeline(url: url)
        } throws: { error in
            guard case .malformedStep(_, let step, let reason)? = error as? AtomScopeError else { return false }
            return step == 1 && reason.contains("atom 9")
        }
    }
}
