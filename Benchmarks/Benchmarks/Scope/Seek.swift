// Random seek through a Timeline over a 1,000,000-step journal (keyframe every 256 steps):
// `timeline.state(at: n)` for seeded random n in 0...1,000,000, each seek timed on its own
// and its state checked against the closed form (values by id, edges, subscriptions, step
// and commit).
//
// Baseline, in the same iterations (alternating which goes first): the same seek done by
// hand on the raw journal the timeline holds — binary search of the keyframes, decode the
// keyframe, decode and apply the steps after it into dictionaries by number. The ratio is
// what the Timeline adds (names by id, its state representation) to the journal's decoding.
//
// The journal is written and the Timeline opened (which decodes every step once to build its
// change index) in setup, outside the measured region; the open time is reported beside.

import AtomJournal
import AtomScopeKit
import Benchmark
import BenchmarkSupport
import Foundation

private let seeksPerIteration = 200

@MainActor
private enum SeekBench {
    static var directory: URL?
    static var timeline: Timeline?
    static var openNanoseconds = 0
    static var fileBytes = 0
    static var generator = SplitMix64(seed: 0x5C0B_E5EE)
    static var runs = 0
    static let expectedEdges = Set((1...SeekJournal.counters).map {
        TimelineEdge(upstream: SeekJournal.counterID($0), downstream: SeekJournal.totalID)
    })
    static let expectedSubscriptions = Set(
        [TimelineSubscription(atom: SeekJournal.totalID, subscriber: SeekJournal.totalViewName),
         TimelineSubscription(atom: SeekJournal.titleID, subscriber: SeekJournal.totalViewName)]
            + (1...SeekJournal.counters).map { TimelineSubscription(atom: SeekJournal.counterID($0), subscriber: SeekJournal.countersViewName) }
    )

    static func setUp() {
        let directory = TemporaryDirectory.make("scope-seek")
        self.directory = directory
        let url = directory.appending(path: "1m.journal")
        fileBytes = SeekJournal.write(to: url)
        var opened: Timeline?
        openNanoseconds = nanoseconds {
            opened = must("opening \(url.path) as a Timeline") { () throws(AtomScopeError) in try Timeline(url: url) }
        }
        guard let opened else { fatalError("no timeline") }
        check(opened.stepCount == SeekJournal.steps, "timeline has \(opened.stepCount) steps")
        check(opened.keyframeSteps.count == 1 + SeekJournal.steps / SeekJournal.keyframeInterval,
              "timeline has \(opened.keyframeSteps.count) keyframes")
        check(opened.changes(of: SeekJournal.totalID).count == SeekJournal.steps, "the total's change index")
        timeline = opened
    }

    static func tearDown() {
        timeline = nil
        if let directory { TemporaryDirectory.remove(directory) }
        directory = nil
    }
}

/// The raw-journal baseline: the state after `n` steps by number, and the steps applied.
private struct RawState {
    var values: [Int: JournalValue] = [:]
    var edges: Set<JournalEdge> = []
    var subscriptions: Set<JournalSubscription> = []
    var commit = 0
    var applied = 0

    init(_ journal: Journal, afterSteps n: Int) throws(JournalError) {
        let keyframes = journal.index.keyframes
        var low = 0
        var high = keyframes.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if keyframes[middle].stepCount <= n { low = middle } else { high = middle }
        }
        let keyframe = try journal.keyframe(at: low)
        for entry in keyframe.atoms { values[entry.atom] = entry.value }
        edges = Set(keyframe.edges)
        subscriptions = Set(keyframe.subscriptions)
        commit = keyframe.commit
        var position = keyframes[low].stepCount
        while position < n {
            let step = try journal.step(at: position)
            for entry in step.initialized { values[entry.atom] = entry.value }
            for entry in step.updated { values[entry.atom] = entry.value }
            for atom in step.released { values[atom] = nil }
            edges.subtract(step.edgesRemoved)
            edges.formUnion(step.edgesAdded)
            subscriptions.subtract(step.subscriptionsRemoved)
            subscriptions.formUnion(step.subscriptionsAdded)
            commit = step.commit
            position += 1
            applied += 1
        }
    }
}

func registerSeek() {
    let seek = metric("seek")
    let raw = metric("rawSeek")
    let applied = metric("appliedSteps")
    let open = metric("open")
    let bytes = metric("fileBytes")
    Benchmark(
        "scope.seek.1m",
        configuration: benchmarkConfiguration(
            [seek, raw, applied, open, bytes], warmup: 1, iterations: 25,
            setup: { await MainActor.run { SeekBench.setUp() } },
            teardown: { await MainActor.run { SeekBench.tearDown() } }
        )
    ) { benchmark in
        let (samples, openTime, size) = await MainActor.run {
            guard let timeline = SeekBench.timeline else { fatalError("no timeline") }
            var samples: [(seek: Int, raw: Int, applied: Int)] = []
            samples.reserveCapacity(seeksPerIteration)
            for _ in 0..<seeksPerIteration {
                let n = Int.random(in: 0...SeekJournal.steps, using: &SeekBench.generator)
                var state: TimelineState?
                var rawState: RawState?
                let timelineFirst = SeekBench.runs % 2 == 0
                SeekBench.runs += 1
                var seekTime = 0
                var rawTime = 0
                func seekTimeline() {
                    seekTime = nanoseconds {
                        state = must("timeline.state(at: \(n))") { () throws(AtomScopeError) in try timeline.state(at: n) }
                    }
                }
                func seekRaw() {
                    rawTime = nanoseconds {
                        rawState = must("raw seek to \(n)") { () throws(JournalError) in try RawState(timeline.journal, afterSteps: n) }
                    }
                }
                if timelineFirst { seekTimeline(); seekRaw() } else { seekRaw(); seekTimeline() }
                guard let state, let rawState else { fatalError("no seek result") }

                check(state.step == n && state.commit == SeekJournal.firstCommit + n,
                      "state(at: \(n)) is at step \(state.step), commit \(state.commit)")
                let expected = SeekJournal.valuesByID(afterSteps: n)
                check(state.values == expected, "state(at: \(n)).values = \(state.values), expected \(expected)")
                check(state.edges == SeekBench.expectedEdges, "state(at: \(n)): wrong edges")
                check(state.subscriptions == SeekBench.expectedSubscriptions, "state(at: \(n)): wrong subscriptions")
                check(rawState.values == SeekJournal.values(afterSteps: n) && rawState.commit == SeekJournal.firstCommit + n,
                      "raw seek to \(n): wrong values or commit")
                check(rawState.applied == n % SeekJournal.keyframeInterval, "raw seek to \(n) applied \(rawState.applied) steps")
                samples.append((seekTime, rawTime, rawState.applied))
            }
            return (samples, SeekBench.openNanoseconds, SeekBench.fileBytes)
        }
        for sample in samples {
            benchmark.measurement(seek, sample.seek)
            benchmark.measurement(raw, sample.raw)
            benchmark.measurement(applied, sample.applied)
        }
        benchmark.measurement(open, openTime)
        benchmark.measurement(bytes, size)
    }
}
