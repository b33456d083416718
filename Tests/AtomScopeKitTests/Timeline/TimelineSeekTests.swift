import AtomJournal
import AtomScopeKit
import Foundation
import Testing

@Suite("Timeline: seeking and replay")
struct TimelineSeekTests {
    @Test("the step count is the journal's", arguments: TimelineFixtures.good)
    func stepCount(url: URL) throws {
        let timeline = try Timeline(url: url)
        let reference = try ReferenceReplay(url: url)
        #expect(timeline.stepCount == reference.steps.count)
        #expect(timeline.stepCount == timeline.journal.stepCount)
        #expect(timeline.stateRange == 0...reference.steps.count)
        #expect(timeline.ending == .closed)
    }

    @Test("the state at every step is the linear replay's, in order", arguments: TimelineFixtures.good)
    func everyStepForward(url: URL) throws {
        let timeline = try Timeline(url: url)
        let reference = try ReferenceReplay(url: url)
        for step in timeline.stateRange {
            let state = try timeline.state(at: step)
            #expect(state.step == step)
            #expect(ReferenceState(state) == reference.states[step], "step \(step)")
        }
    }

    @Test("seeking backward and at random from keyframes gives the linear replay's states")
    func seekingFromKeyframes() throws {
        let url = TimelineFixtures.counter
        let timeline = try Timeline(url: url)
        let reference = try ReferenceReplay(url: url)
        #expect(timeline.keyframeSteps == [0, 50, 100, 150, 200, 250, 300])

        // Backward: every step is a re-seek from a keyframe.
        for step in timeline.stateRange.reversed() {
            #expect(ReferenceState(try timeline.state(at: step)) == reference.states[step], "step \(step)")
        }
        // At random, with a fixed generator so that a failure repeats.
        var generator = SplitMix64(seed: 42)
        for _ in 0..<500 {
            let step = Int.random(in: timeline.stateRange, using: &generator)
            #expect(ReferenceState(try timeline.state(at: step)) == reference.states[step], "step \(step)")
        }
    }

    @Test("seeking and linear replay agree on commit and time too")
    func seekEqualsForward() throws {
        let forward = try Timeline(url: TimelineFixtures.counter)
        let linear = try forward.stateRange.map { step throws(AtomScopeError) in try forward.state(at: step) }
        for step in forward.stateRange.reversed() {
            // A fresh timeline has no cached state: each seek starts at a keyframe.
            let fresh = try Timeline(url: TimelineFixtures.counter)
            #expect(try fresh.state(at: step) == linear[step], "step \(step)")
        }
    }

    @Test("each keyframe holds the state replaying reaches")
    func keyframesMatchReplay() throws {
        let reference = try ReferenceReplay(url: TimelineFixtures.counter)
        #expect(reference.keyframes.count == 7)
        for (stepCount, keyframe) in reference.keyframes {
            var values: [Int: JournalValue] = [:]
            for entry in keyframe.atoms { values[entry.atom] = entry.value }
            let named = reference.name(values, Set(keyframe.edges), Set(keyframe.subscriptions))
            #expect(named == reference.states[stepCount], "keyframe after step \(stepCount)")
        }
    }

    @Test("states carry the step's commit, time and date")
    func stateMetadata() throws {
        let timeline = try Timeline(url: TimelineFixtures.counter)
        for number in [1, 50, 51, timeline.stepCount] {
            let step = try timeline.step(number)
            let state = try timeline.state(at: number)
            #expect(state.commit == step.commit)
            #expect(state.time == step.time)
            #expect(state.date == step.date)
        }
        let start = try #require(timeline.startDate)
        let first = try timeline.step(1)
        #expect(try #require(first.date) >= start)
    }

    @Test("atom metadata comes from the definitions")
    func atomMetadata() throws {
        let timeline = try Timeline(url: TimelineFixtures.todo)
        #expect(timeline.atomIDs == ["FilterAtom", "FilteredTodosAtom", "ProgressAtom", "SessionTokenAtom", "StatsAtom", "TodosAtom"])
        let token = try #require(timeline.atom("SessionTokenAtom"))
        #expect(token.isSensitive && !token.isRestorable && token.isKeepAlive && token.kind == "state")
        let progress = try #require(timeline.atom("ProgressAtom"))
        #expect(!progress.isRestorable && !progress.isSensitive)
        let state = try timeline.state(at: 8)
        #expect(state.atom("TodosAtom")?.isRestorable == true)
        #expect(state.atoms.map(\.id) == state.atomIDs)
        #expect(state.value(of: "SessionTokenAtom") == .redacted)
        #expect(state.upstreams(of: "FilteredTodosAtom") == ["FilterAtom", "TodosAtom"])
        #expect(state.downstreams(of: "TodosAtom") == ["FilteredTodosAtom", "ProgressAtom", "StatsAtom"])
        #expect(state.subscribers(of: "FilteredTodosAtom") == ["TodoList"])
    }

    @Test("steps resolve names")
    func decodedStep() throws {
        let timeline = try Timeline(url: TimelineFixtures.todo)
        let step = try timeline.step(5)
        #expect(step.number == 5)
        #expect(step.operation == "batch")
        #expect(step.label == "add todo")
        #expect(step.causeAtom == "TodosAtom")
        #expect(step.causeLocation?.hasPrefix("ExampleTodo/TodoSession.swift:") == true)
        #expect(step.changedAtoms == ["FilteredTodosAtom", "ProgressAtom", "StatsAtom", "TodosAtom"])
        #expect(step.changed("TodosAtom") && !step.changed("FilterAtom"))
        let first = try timeline.step(1)
        #expect(first.edgesAdded == [
            TimelineEdge(upstream: "FilterAtom", downstream: "FilteredTodosAtom"),
            TimelineEdge(upstream: "TodosAtom", downstream: "FilteredTodosAtom"),
        ])
        #expect(first.subscriptionsAdded == [TimelineSubscription(atom: "FilteredTodosAtom", subscriber: "ExampleTodo/main.swift:46", name: "TodoList")])
    }

    @Test("marks know the step they follow")
    func marks() throws {
        let todo = try Timeline(url: TimelineFixtures.todo)
        #expect(todo.marks.map(\.label) == ["signed in", "three todos added", "before delete"])
        #expect(todo.marks.map(\.step) == [4, 7, 11])
        let counter = try Timeline(url: TimelineFixtures.counter)
        #expect(counter.marks.first?.label == "counting")
        #expect(counter.marks.last?.label == "done after 300 actions")
    }
}

/// A small seeded generator, so that random tests repeat.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
