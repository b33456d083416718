// A journal of realistic small steps, written with JournalWriter the way the recorder
// writes (definitions first, a keyframe at the start and after every 256th step), whose
// state after any step is known in closed form, so that seeks can be checked.
//
// The app it imitates: a counter (atom 1, state), its double (atom 2, a value atom that
// watches the counter) and a name (atom 3, state), watched by one view. Seven steps in eight
// increment the counter (updating atoms 1 and 2); every eighth sets the name instead.

import BenchmarkSupport
import AtomJournal
import Foundation

enum SyntheticJournal {
    static let keyframeInterval = 256
    static let counter = 1
    static let doubled = 2
    static let name = 3
    static let subscriber = 1
    /// The commit of the initial keyframe; step `k` (from 0) is commit `firstCommit + 1 + k`.
    static let firstCommit = 1

    static let edges = [JournalEdge(upstream: counter, downstream: doubled)]
    static let subscriptions = [
        JournalSubscription(atom: doubled, subscriber: subscriber),
        JournalSubscription(atom: name, subscriber: subscriber),
    ]

    /// Whether step `k` (from 0) sets the name rather than incrementing the counter.
    static func setsName(_ k: Int) -> Bool { k % 8 == 7 }

    /// The counter after `n` steps.
    static func counterValue(afterSteps n: Int) -> Int { n - n / 8 }

    /// The name's JSON after `n` steps.
    static func nameJSON(afterSteps n: Int) -> String {
        n / 8 == 0 ? "\"\"" : "\"item-\(8 * (n / 8) - 1)\""
    }

    /// Every atom's value after `n` steps.
    static func state(afterSteps n: Int) -> [Int: JournalValue] {
        let count = counterValue(afterSteps: n)
        return [
            counter: .json(String(count)),
            doubled: .json(String(2 * count)),
            name: .json(nameJSON(afterSteps: n)),
        ]
    }

    static func keyframe(afterSteps n: Int, commit: Int, time: Int64) -> JournalKeyframe {
        let values = state(afterSteps: n)
        return JournalKeyframe(
            commit: commit, time: time,
            atoms: values.keys.sorted().map { JournalValueEntry(atom: $0, value: values[$0]!) },
            edges: edges, subscriptions: subscriptions
        )
    }

    /// Step `k` (from 0), happening at `time`.
    static func step(_ k: Int, time: Int64) -> JournalStep {
        let n = k + 1
        if setsName(k) {
            return JournalStep(
                commit: firstCommit + n, time: time, operation: "set", causeAtom: name, causeLocation: 1,
                updated: [JournalValueEntry(atom: name, value: .json(nameJSON(afterSteps: n)))]
            )
        }
        let count = counterValue(afterSteps: n)
        return JournalStep(
            commit: firstCommit + n, time: time, operation: "set", causeAtom: counter, causeLocation: 0,
            updated: [
                JournalValueEntry(atom: counter, value: .json(String(count))),
                JournalValueEntry(atom: doubled, value: .json(String(2 * count))),
            ]
        )
    }

    /// Microseconds between step `k - 1` and step `k`: 20 µs to 5 ms, as bursts of updates
    /// come (one or two varint bytes); or, `paced`, 50 to 500 ms, as a person's actions come
    /// (three bytes).
    static func timeDelta(_ k: Int, paced: Bool = false) -> Int64 {
        var generator = SplitMix64(seed: UInt64(k))
        return paced ? 50_000 + Int64(generator.next() % 450_000) : 20 + Int64(generator.next() % 5_000)
    }

    /// Step `k` with one `Int` changed and no cause location, about 28 bytes a frame: the
    /// smallest step the recorder writes for a change. Seven in eight set the counter; the
    /// eighth sets the name, as in `step(_:time:)`. Not for seeks: the doubled atom keeps its
    /// first value.
    static func smallStep(_ k: Int, time: Int64) -> JournalStep {
        let n = k + 1
        if setsName(k) {
            return JournalStep(
                commit: firstCommit + n, time: time, operation: "set", causeAtom: name,
                updated: [JournalValueEntry(atom: name, value: .json(nameJSON(afterSteps: n)))]
            )
        }
        return JournalStep(
            commit: firstCommit + n, time: time, operation: "set", causeAtom: counter,
            updated: [JournalValueEntry(atom: counter, value: .json(String(counterValue(afterSteps: n))))]
        )
    }

    /// Writes a journal of `steps` steps, `paced` as a person's actions or not (see
    /// `timeDelta`), of small steps (`smallStep`) or not; returns its size in bytes.
    @discardableResult
    static func write(to url: URL, steps: Int, paced: Bool = false, small: Bool = false) -> Int {
        let writer = must("creating \(url.path)") { () throws(JournalError) in
            try JournalWriter(url: url, metadata: ["app": "SyntheticCounter"], flushPolicy: .never)
        }
        must("writing \(url.path)") { () throws(JournalError) in
            try writer.append(.atomDefinition(JournalAtomDefinition(
                number: counter, id: "CounterAtom()", kind: "state", valueType: "Int",
                isRestorable: true, isSensitive: false, isKeepAlive: false)))
            try writer.append(.atomDefinition(JournalAtomDefinition(
                number: doubled, id: "DoubledAtom()", kind: "value", valueType: "Int",
                isRestorable: true, isSensitive: false, isKeepAlive: false)))
            try writer.append(.atomDefinition(JournalAtomDefinition(
                number: name, id: "NameAtom()", kind: "state", valueType: "String",
                isRestorable: true, isSensitive: false, isKeepAlive: false)))
            try writer.append(.subscriberDefinition(JournalSubscriberDefinition(number: subscriber, fileID: "Counter/CounterView.swift", line: 18)))
            try writer.append(.locationDefinition(JournalLocationDefinition(number: 0, fileID: "Counter/CounterView.swift", line: 31)))
            try writer.append(.locationDefinition(JournalLocationDefinition(number: 1, fileID: "Counter/NameField.swift", line: 12)))
            try writer.append(.keyframe(Self.keyframe(afterSteps: 0, commit: firstCommit, time: 0)))
            try writer.endCommit()
            var time: Int64 = 0
            for k in 0..<steps {
                time += timeDelta(k, paced: paced)
                let record = small ? Self.smallStep(k, time: time) : Self.step(k, time: time)
                try writer.append(.step(record))
                if (k + 1) % keyframeInterval == 0 {
                    try writer.append(.keyframe(Self.keyframe(afterSteps: k + 1, commit: record.commit, time: time)))
                }
                try writer.endCommit()
            }
            try writer.close()
        }
        let size = fileSize(url)
        check(size == writer.bytesWritten, "synthetic journal: \(size) bytes on disk, writer counted \(writer.bytesWritten)")
        return size
    }

    /// Keyframes a journal of `steps` steps has: the initial one and one after every 256th step.
    static func keyframeCount(steps: Int) -> Int { 1 + steps / keyframeInterval }
}
