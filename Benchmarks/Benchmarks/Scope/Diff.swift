// Diff of two states of 10,000 atoms. A journal whose first keyframe holds 10,000 atoms with
// small JSON values (`{"done":false,"id":…,"tags":[…],"title":"…"}`), about 12,700 edges
// and 400 subscriptions, then one step that sets `done` to true in 10 seeded-random atoms,
// moves one edge and one subscription, and a keyframe after it. Setup opens it as a
// Timeline and builds both states (`state(at: 0)` and `state(at: 1)`); the measured region
// is `StateDiff(from:to:)` alone. Each result is checked: exactly the 10 atoms changed, each
// as `Atom.done: false -> true`, and exactly the edge and subscription moved.
//
// Beside it, in the same iterations: `timeline.diff(from: 0, to: 1)` (the public call,
// which also seeks: it decodes one 10,000-atom keyframe, the other state being cached), and
// a hand-written baseline over the same two states (compare every value's recorded text,
// then the edge and subscription sets' differences, sort the changed ids): the floor of
// looking every atom up once.

import AtomJournal
import AtomScopeKit
import Benchmark
import BenchmarkSupport
import Foundation

enum DiffJournal {
    static let atoms = 10_000
    static let stateAtoms = 500
    static let subscribers = 200
    static let changedCount = 10

    static func id(_ number: Int) -> String {
        number <= stateAtoms ? "ItemAtom(id: \(number))" : "ItemSummaryAtom(id: \(number))"
    }

    static func json(_ number: Int, done: Bool) -> JournalValue {
        .json("{\"done\":\(done),\"id\":\(number),\"tags\":[\"t\(number % 7)\",\"t\(number % 11)\"],\"title\":\"Item \(number)\"}")
    }

    static func subscriberName(_ number: Int) -> String { "App/ItemRow.swift:\(number)" }

    /// Each summary atom watches one item (and every third also the atom before it).
    static let edges: [JournalEdge] = (stateAtoms + 1...atoms).flatMap { number in
        var edges = [JournalEdge(upstream: number % stateAtoms + 1, downstream: number)]
        if number % 3 == 0 { edges.append(JournalEdge(upstream: number - 1, downstream: number)) }
        return edges
    }

    /// Subscriber s watches atoms 50·s and 50·s − 25.
    static let subscriptions: [JournalSubscription] = (1...subscribers).flatMap { s in
        [JournalSubscription(atom: 50 * s - 25, subscriber: s), JournalSubscription(atom: 50 * s, subscriber: s)]
    }

    /// The atoms the step changes: 10 distinct, seeded.
    static let changed: [Int] = {
        var generator = SplitMix64(seed: 0xD1FF)
        var picked = Set<Int>()
        while picked.count < changedCount { picked.insert(Int.random(in: 1...atoms, using: &generator)) }
        return picked.sorted()
    }()

    static let edgeRemoved = JournalEdge(upstream: 4_242 % stateAtoms + 1, downstream: 4_242)
    static let edgeAdded = JournalEdge(upstream: 17, downstream: 4_242)
    static let subscriptionRemoved = JournalSubscription(atom: 50 * 7, subscriber: 7)
    static let subscriptionAdded = JournalSubscription(atom: 9_999, subscriber: 7)

    static func keyframe(afterStep: Bool, commit: Int) -> JournalKeyframe {
        let changed = afterStep ? Set(Self.changed) : []
        var edges = Self.edges
        var subscriptions = Self.subscriptions
        if afterStep {
            edges.removeAll { $0 == edgeRemoved }
            edges.append(edgeAdded)
            subscriptions.removeAll { $0 == subscriptionRemoved }
            subscriptions.append(subscriptionAdded)
        }
        return JournalKeyframe(
            commit: commit, time: afterStep ? 1_000 : 0,
            atoms: (1...atoms).map { JournalValueEntry(atom: $0, value: json($0, done: changed.contains($0))) },
            edges: edges, subscriptions: subscriptions
        )
    }

    static func write(to url: URL) {
        let writer = must("creating \(url.path)") { () throws(JournalError) in
            try JournalWriter(url: url, metadata: ["app": "DiffItems"], flushPolicy: .never)
        }
        must("writing \(url.path)") { () throws(JournalError) in
            for number in 1...atoms {
                try writer.append(.atomDefinition(JournalAtomDefinition(
                    number: number, id: id(number), kind: number <= stateAtoms ? "state" : "value", valueType: "Item",
                    isRestorable: true, isSensitive: false, isKeepAlive: false)))
            }
            for s in 1...subscribers {
                try writer.append(.subscriberDefinition(JournalSubscriberDefinition(number: s, fileID: "App/ItemRow.swift", line: s)))
            }
            try writer.append(.locationDefinition(JournalLocationDefinition(number: 0, fileID: "App/ItemList.swift", line: 88)))
            try writer.append(.keyframe(keyframe(afterStep: false, commit: 1)))
            try writer.endCommit()
            try writer.append(.step(JournalStep(
                commit: 2, time: 1_000, operation: "batch", causeAtom: changed[0], causeLocation: 0,
                updated: changed.map { JournalValueEntry(atom: $0, value: json($0, done: true)) },
                edgesAdded: [edgeAdded], edgesRemoved: [edgeRemoved],
                subscriptionsAdded: [subscriptionAdded], subscriptionsRemoved: [subscriptionRemoved]
            )))
            try writer.append(.keyframe(keyframe(afterStep: true, commit: 2)))
            try writer.endCommit()
            try writer.close()
        }
    }
}

@MainActor
private enum DiffBench {
    static var directory: URL?
    static var timeline: Timeline?
    static var before: TimelineState?
    static var after: TimelineState?
    static var runs = 0

    static func setUp() {
        let directory = TemporaryDirectory.make("scope-diff")
        self.directory = directory
        let url = directory.appending(path: "10k-atoms.journal")
        DiffJournal.write(to: url)
        let timeline = must("opening \(url.path)") { () throws(AtomScopeError) in try Timeline(url: url) }
        check(timeline.stepCount == 1 && timeline.atomIDs.count == DiffJournal.atoms, "diff journal: \(timeline.stepCount) steps, \(timeline.atomIDs.count) atoms")
        before = must("state(at: 0)") { () throws(AtomScopeError) in try timeline.state(at: 0) }
        after = must("state(at: 1)") { () throws(AtomScopeError) in try timeline.state(at: 1) }
        check(before?.values.count == DiffJournal.atoms && after?.values.count == DiffJournal.atoms, "states hold 10,000 atoms")
        self.timeline = timeline
    }

    static func tearDown() {
        timeline = nil
        before = nil
        after = nil
        if let directory { TemporaryDirectory.remove(directory) }
        directory = nil
    }

    /// Checks a diff found exactly what the step changed.
    static func verify(_ diff: StateDiff, _ what: String) {
        check(diff.from == 0 && diff.to == 1, "\(what): from \(diff.from) to \(diff.to)")
        check(diff.atomsAdded.isEmpty && diff.atomsRemoved.isEmpty, "\(what): atoms added or removed")
        let expected = DiffJournal.changed.map { DiffJournal.id($0) }.sorted()
        check(diff.valuesChanged.map(\.atom) == expected, "\(what): changed \(diff.valuesChanged.map(\.atom)), expected \(expected)")
        for change in diff.valuesChanged {
            check(change.lines() == ["\(change.atom).done: false -> true"], "\(what): \(change.lines())")
        }
        func named(_ edge: JournalEdge) -> TimelineEdge {
            TimelineEdge(upstream: DiffJournal.id(edge.upstream), downstream: DiffJournal.id(edge.downstream))
        }
        func named(_ subscription: JournalSubscription) -> TimelineSubscription {
            TimelineSubscription(atom: DiffJournal.id(subscription.atom), subscriber: DiffJournal.subscriberName(subscription.subscriber))
        }
        check(diff.edgesAdded == [named(DiffJournal.edgeAdded)] && diff.edgesRemoved == [named(DiffJournal.edgeRemoved)],
              "\(what): edges +\(diff.edgesAdded) -\(diff.edgesRemoved)")
        check(diff.subscriptionsAdded == [named(DiffJournal.subscriptionAdded)]
                && diff.subscriptionsRemoved == [named(DiffJournal.subscriptionRemoved)],
              "\(what): subscriptions +\(diff.subscriptionsAdded) -\(diff.subscriptionsRemoved)")
    }
}

/// The hand-written floor: compare recorded texts, then set differences; sorted results.
private struct BaselineDiff {
    var changed: [String] = []
    var added: [String] = []
    var removed: [String] = []
    var edgesAdded: [TimelineEdge] = []
    var edgesRemoved: [TimelineEdge] = []
    var subscriptionsAdded: [TimelineSubscription] = []
    var subscriptionsRemoved: [TimelineSubscription] = []

    init(_ before: TimelineState, _ after: TimelineState) {
        for (id, new) in after.values {
            if let old = before.values[id] {
                if old != new { changed.append(id) }
            } else {
                added.append(id)
            }
        }
        for id in before.values.keys where after.values[id] == nil { removed.append(id) }
        changed.sort()
        added.sort()
        removed.sort()
        edgesAdded = after.edges.subtracting(before.edges).sorted()
        edgesRemoved = before.edges.subtracting(after.edges).sorted()
        subscriptionsAdded = after.subscriptions.subtracting(before.subscriptions).sorted()
        subscriptionsRemoved = before.subscriptions.subtracting(after.subscriptions).sorted()
    }
}

func registerDiff() {
    let stateDiff = metric("stateDiff")
    let timelineDiff = metric("timelineDiff")
    let baseline = metric("baseline")
    Benchmark(
        "scope.diff.10k",
        configuration: benchmarkConfiguration(
            [stateDiff, timelineDiff, baseline], warmup: 2, iterations: 100,
            setup: { await MainActor.run { DiffBench.setUp() } },
            teardown: { await MainActor.run { DiffBench.tearDown() } }
        )
    ) { benchmark in
        let (stateTime, timelineTime, baselineTime) = await MainActor.run {
            guard let timeline = DiffBench.timeline, let before = DiffBench.before, let after = DiffBench.after else {
                fatalError("no states")
            }
            var diff: StateDiff?
            var fromTimeline: StateDiff?
            var hand: BaselineDiff?
            var times = (0, 0, 0)
            let measure: [() -> Void] = [
                { times.0 = nanoseconds { diff = StateDiff(from: before, to: after) } },
                { times.1 = nanoseconds { fromTimeline = must("timeline.diff") { () throws(AtomScopeError) in try timeline.diff(from: 0, to: 1) } } },
                { times.2 = nanoseconds { hand = BaselineDiff(before, after) } },
            ]
            // Rotate which goes first.
            let first = DiffBench.runs % measure.count
            DiffBench.runs += 1
            for offset in 0..<measure.count { measure[(first + offset) % measure.count]() }
            guard let diff, let fromTimeline, let hand else { fatalError("no diff") }
            DiffBench.verify(diff, "StateDiff(from:to:)")
            DiffBench.verify(fromTimeline, "timeline.diff(from: 0, to: 1)")
            check(diff == fromTimeline, "StateDiff and timeline.diff disagree")
            check(hand.changed == diff.valuesChanged.map(\.atom) && hand.added.isEmpty && hand.removed.isEmpty
                    && hand.edgesAdded == diff.edgesAdded && hand.edgesRemoved == diff.edgesRemoved
                    && hand.subscriptionsAdded == diff.subscriptionsAdded && hand.subscriptionsRemoved == diff.subscriptionsRemoved,
                  "baseline diff disagrees: \(hand.changed)")
            return times
        }
        benchmark.measurement(stateDiff, stateTime)
        benchmark.measurement(timelineDiff, timelineTime)
        benchmark.measurement(baseline, baselineTime)
    }
}
