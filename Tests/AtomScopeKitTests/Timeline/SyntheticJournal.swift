import AtomJournal
import Foundation

/// Journals written record by record, for cases the example apps never produce.
enum SyntheticJournal {
    static func atom(_ number: Int, _ id: String, kind: String = "state", sensitive: Bool = false) -> JournalRecord {
        .atomDefinition(JournalAtomDefinition(
            number: number, id: id, kind: kind, valueType: sensitive ? "String" : "Int",
            isRestorable: !sensitive, isSensitive: sensitive, isKeepAlive: false
        ))
    }

    static func entry(_ atom: Int, _ json: String) -> JournalValueEntry {
        JournalValueEntry(atom: atom, value: .json(json))
    }

    /// Writes the records to a new journal in a fresh folder and returns its URL.
    static func write(_ records: [JournalRecord], close: Bool = true) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "synthetic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appending(path: "synthetic.journal")
        let writer = try JournalWriter(url: url, metadata: ["start-us": "1700000000000000"], flushPolicy: .never)
        for record in records {
            try writer.append(record)
        }
        if close {
            try writer.close()
        } else {
            try writer.flush()
        }
        return url
    }

    static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }

    /// Numbers for random journals, the same for the same seed (xorshift).
    struct Numbers {
        private var state: UInt64

        init(seed: UInt64) {
            state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        }

        /// A number from 0 to `bound - 1`.
        mutating func below(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
    }

    /// `A` (state) feeds `B` (derived); `A` is released and created again under a new
    /// number in one step; `Secret` is sensitive and updated once; then `A` goes away.
    ///
    /// | step | what |
    /// |---|---|
    /// | 0 | A = 0, B = 0, Secret redacted, A -> B, B watched by View.swift:7 |
    /// | 1 | set A = 1, B = 2 |
    /// | 2 | A released (number 1) and created again (number 3) = 5, B = 10 |
    /// | 3 | Secret updated |
    /// | 4 | A (number 3) released |
    static func recreatedAtom() -> [JournalRecord] {
        [
            atom(1, "A"),
            atom(2, "B", kind: "value"),
            atom(3, "A"),
            atom(4, "Secret", sensitive: true),
            .subscriberDefinition(JournalSubscriberDefinition(number: 0, fileID: "Demo/View.swift", line: 7)),
            .locationDefinition(JournalLocationDefinition(number: 0, fileID: "Demo/Model.swift", line: 12)),
            .keyframe(JournalKeyframe(
                commit: 1, time: 10,
                atoms: [entry(1, "0"), entry(2, "0"), JournalValueEntry(atom: 4, value: .redacted)],
                edges: [JournalEdge(upstream: 1, downstream: 2)],
                subscriptions: [JournalSubscription(atom: 2, subscriber: 0)]
            )),
            .step(JournalStep(commit: 2, time: 20, operation: "set", causeAtom: 1, causeLocation: 0, updated: [entry(1, "1"), entry(2, "2")])),
            .step(JournalStep(
                commit: 3, time: 30, operation: "refresh", causeAtom: 3,
                initialized: [entry(3, "5")], updated: [entry(2, "10")], released: [1],
                edgesAdded: [JournalEdge(upstream: 3, downstream: 2)], edgesRemoved: [JournalEdge(upstream: 1, downstream: 2)]
            )),
            .step(JournalStep(commit: 4, time: 40, operation: "set", causeAtom: 4, updated: [JournalValueEntry(atom: 4, value: .redacted)])),
            .keyframe(JournalKeyframe(
                commit: 4, time: 41,
                atoms: [entry(2, "10"), entry(3, "5"), JournalValueEntry(atom: 4, value: .redacted)],
                edges: [JournalEdge(upstream: 3, downstream: 2)],
                subscriptions: [JournalSubscription(atom: 2, subscriber: 0)]
            )),
            .mark(JournalMark(commit: 4, time: 45, label: "secret set")),
            .step(JournalStep(
                commit: 5, time: 50, operation: "unwatch",
                released: [3], edgesRemoved: [JournalEdge(upstream: 3, downstream: 2)]
            )),
        ]
    }
}
