// A 1,000,000-step journal for the Timeline seek benchmark, written once per benchmark
// process with JournalWriter the way the recorder writes (definitions first, a keyframe at
// the start and after every 256th step). Its state after any step is known in closed form,
// so every seek is checked.
//
// The app it imitates: 16 counters (atoms 1–16, state) summed by a total (atom 17, a value
// atom that watches every counter), and a title (atom 18, state). A view watches the total
// and the title; another watches the counters. Step k (from 0) increments counter k % 16 and
// so updates the total; every 32nd step (k % 32 == 31) also sets the title.

import BenchmarkSupport
import AtomJournal
import Foundation

enum SeekJournal {
    static let steps = 1_000_000
    static let keyframeInterval = 256
    static let counters = 16
    static let total = 17
    static let title = 18
    static let totalView = 1
    static let countersView = 2
    /// The commit of the initial keyframe; step n (from 1) is commit `firstCommit + n`.
    static let firstCommit = 1

    static func counterID(_ index: Int) -> String { "CounterAtom(id: \(index))" }
    static let totalID = "TotalAtom()"
    static let titleID = "TitleAtom()"
    static let totalViewName = "App/TotalView.swift:12"
    static let countersViewName = "App/CountersView.swift:30"

    static let edges = (1...counters).map { JournalEdge(upstream: $0, downstream: total) }
    static let subscriptions = [
        JournalSubscription(atom: total, subscriber: totalView),
        JournalSubscription(atom: title, subscriber: totalView),
    ] + (1...counters).map { JournalSubscription(atom: $0, subscriber: countersView) }

    /// Counter `index` (0..<16, atom index + 1) after `n` steps.
    static func counterValue(_ index: Int, afterSteps n: Int) -> Int {
        n / counters + (index < n % counters ? 1 : 0)
    }

    /// Whether step k (from 0) also sets the title.
    static func setsTitle(_ k: Int) -> Bool { k % 32 == 31 }

    static func titleJSON(afterSteps n: Int) -> String {
        n < 32 ? "\"\"" : "\"title-\(32 * (n / 32) - 1)\""
    }

    /// Every atom's value after `n` steps, by number.
    static func values(afterSteps n: Int) -> [Int: JournalValue] {
        var values: [Int: JournalValue] = [:]
        for index in 0..<counters {
            values[index + 1] = .json(String(counterValue(index, afterSteps: n)))
        }
        values[total] = .json(String(n))
        values[title] = .json(titleJSON(afterSteps: n))
        return values
    }

    /// Every atom's value after `n` steps, by id, as a Timeline shows it.
    static func valuesByID(afterSteps n: Int) -> [String: JournalValue] {
        var values: [String: JournalValue] = [:]
        for (number, value) in Self.values(afterSteps: n) {
            values[id(ofAtom: number)] = value
        }
        return values
    }

    static func id(ofAtom number: Int) -> String {
        switch number {
        case total: totalID
        case title: titleID
        default: counterID(number)
        }
    }

    static func keyframe(afterSteps n: Int, commit: Int, time: Int64) -> JournalKeyframe {
        let values = values(afterSteps: n)
        return JournalKeyframe(
            commit: commit, time: time,
            atoms: values.keys.sorted().map { JournalValueEntry(atom: $0, value: values[$0]!) },
            edges: edges, subscriptions: subscriptions
        )
    }

    static func step(_ k: Int, time: Int64) -> JournalStep {
        let n = k + 1
        let index = k % counters
        var updated = [
            JournalValueEntry(atom: index + 1, value: .json(String(counterValue(index, afterSteps: n)))),
            JournalValueEntry(atom: total, value: .json(String(n))),
        ]
        if setsTitle(k) {
            updated.append(JournalValueEntry(atom: title, value: .json(titleJSON(afterSteps: n))))
        }
        return JournalStep(
            commit: firstCommit + n, time: time, operation: "set", causeAtom: index + 1, causeLocation: 0,
            updated: updated
        )
    }

    /// Writes the journal; returns its size in bytes.
    static func write(to url: URL) -> Int {
        let writer = must("creating \(url.path)") { () throws(JournalError) in
            try JournalWriter(url: url, metadata: ["app": "SeekCounters"], flushPolicy: .never)
        }
        must("writing \(url.path)") { () throws(JournalError) in
            for index in 0..<counters {
                try writer.append(.atomDefinition(JournalAtomDefinition(
                    number: index + 1, id: counterID(index + 1), kind: "state", valueType: "Int",
                    isRestorable: true, isSensitive: false, isKeepAlive: false)))
            }
            try writer.append(.atomDefinition(JournalAtomDefinition(
                number: total, id: totalID, kind: "value", valueType: "Int",
                isRestorable: true, isSensitive: false, isKeepAlive: false)))
            try writer.append(.atomDefinition(JournalAtomDefinition(
                number: title, id: titleID, kind: "state", valueType: "String",
                isRestorable: true, isSensitive: false, isKeepAlive: false)))
            try writer.append(.subscriberDefinition(JournalSubscriberDefinition(number: totalView, fileID: "App/TotalView.swift", line: 12)))
            try writer.append(.subscriberDefinition(JournalSubscriberDefinition(number: countersView, fileID: "App/CountersView.swift", line: 30)))
            try writer.append(.locationDefinition(JournalLocationDefinition(number: 0, fileID: "App/CountersView.swift", line: 44)))
            try writer.append(.keyframe(keyframe(afterSteps: 0, commit: firstCommit, time: 0)))
            try writer.endCommit()
            var time: Int64 = 0
            for k in 0..<steps {
                time += 20 + Int64(k % 997)
                let record = step(k, time: time)
                try writer.append(.step(record))
                if (k + 1) % keyframeInterval == 0 {
                    try writer.append(.keyframe(keyframe(afterSteps: k + 1, commit: record.commit, time: time)))
                }
                try writer.endCommit()
            }
            try writer.close()
        }
        return writer.bytesWritten
    }
}
