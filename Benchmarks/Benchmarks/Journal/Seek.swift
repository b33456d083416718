// Random seek in the 1,000,000-step journal: for seeded random step positions, find the
// nearest keyframe at or before the position in `journal.index.keyframes` (binary search),
// decode it, then decode and apply the steps up to the target with `journal.step(at:)`.
// Each seek is timed on its own; the state it reaches is checked against the closed form.
// The journal is written and opened in setup, not measured; one Journal serves every seek,
// as a timeline would keep it open.
//
// This is the raw journal cost; a later issue builds a proper Timeline on top.

import AtomJournal
import Benchmark
import BenchmarkSupport
import Foundation

private let seeksPerIteration = 200

/// The state a seek rebuilds.
private struct SeekState {
    var values: [Int: JournalValue] = [:]
    var edges: Set<JournalEdge> = []
    var subscriptions: Set<JournalSubscription> = []

    init(_ keyframe: JournalKeyframe) {
        for entry in keyframe.atoms {
            values[entry.atom] = entry.value
        }
        edges = Set(keyframe.edges)
        subscriptions = Set(keyframe.subscriptions)
    }

    mutating func apply(_ step: JournalStep) {
        for entry in step.initialized {
            values[entry.atom] = entry.value
        }
        for entry in step.updated {
            values[entry.atom] = entry.value
        }
        for atom in step.released {
            values[atom] = nil
        }
        edges.subtract(step.edgesRemoved)
        edges.formUnion(step.edgesAdded)
        subscriptions.subtract(step.subscriptionsRemoved)
        subscriptions.formUnion(step.subscriptionsAdded)
    }
}

/// The state after the step at `position`: the nearest keyframe at or before it, then the
/// steps after that keyframe up to and including `position`. Returns the state and how many
/// steps were applied.
private func seek(_ journal: Journal, to position: Int) throws(JournalError) -> (SeekState, applied: Int, commit: Int) {
    // The last keyframe holding at most `position + 1` steps.
    let keyframes = journal.index.keyframes
    let wanted = position + 1
    var low = 0
    var high = keyframes.count
    while high - low > 1 {
        let middle = (low + high) / 2
        if keyframes[middle].stepCount <= wanted { low = middle } else { high = middle }
    }
    let keyframe = try journal.keyframe(at: low)
    var state = SeekState(keyframe)
    var commit = keyframe.commit
    let first = keyframes[low].stepCount
    if first <= position {
        for index in first...position {
            let step = try journal.step(at: index)
            state.apply(step)
            commit = step.commit
        }
    }
    return (state, max(0, position + 1 - first), commit)
}

@MainActor
private enum SeekBenchState {
    static var journal: Journal?
    static var generator = SplitMix64(seed: 0x5EEC_0001)
}

func registerSeek() {
    let seekMetric = metric("seek")
    let stepsMetric = metric("appliedSteps")
    Benchmark(
        "journal.seek.1m",
        configuration: benchmarkConfiguration(
            [seekMetric, stepsMetric], warmup: 1, iterations: 25,
            setup: {
                await MainActor.run {
                    let url = LargeJournal.everyFewMilliseconds.make()
                    SeekBenchState.journal = must("opening \(url.path)") { () throws(JournalError) in try Journal(url: url) }
                }
            },
            teardown: {
                await MainActor.run {
                    SeekBenchState.journal = nil
                    LargeJournal.everyFewMilliseconds.remove()
                }
            }
        )
    ) { benchmark in
        let measured = await MainActor.run {
            guard let journal = SeekBenchState.journal else { fatalError("no journal") }
            let expectedKeyframes = SyntheticJournal.keyframeCount(steps: largeJournalSteps)
            check(journal.index.keyframes.count == expectedKeyframes, "journal has \(journal.index.keyframes.count) keyframes")
            var results: [(nanoseconds: Int, applied: Int)] = []
            results.reserveCapacity(seeksPerIteration)
            for _ in 0..<seeksPerIteration {
                let position = Int.random(in: 0..<largeJournalSteps, using: &SeekBenchState.generator)
                var outcome: (SeekState, applied: Int, commit: Int)?
                let elapsed = nanoseconds {
                    outcome = must("seeking to step \(position)") { () throws(JournalError) in try seek(journal, to: position) }
                }
                guard let outcome else { fatalError("no seek result") }
                let (state, applied, commit) = outcome
                let expected = SyntheticJournal.state(afterSteps: position + 1)
                check(state.values == expected, "seek to \(position): \(state.values), expected \(expected)")
                check(state.edges == Set(SyntheticJournal.edges) && state.subscriptions == Set(SyntheticJournal.subscriptions),
                      "seek to \(position): wrong edges or subscriptions")
                check(commit == SyntheticJournal.firstCommit + position + 1, "seek to \(position): at commit \(commit)")
                check(applied == (position + 1) % SyntheticJournal.keyframeInterval, "seek to \(position): applied \(applied) steps")
                results.append((elapsed, applied))
            }
            return results
        }
        for (elapsed, applied) in measured {
            benchmark.measurement(seekMetric, elapsed)
            benchmark.measurement(stepsMetric, applied)
        }
    }
}
