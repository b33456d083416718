import AtomJournal
import Foundation

/// Random journals for the tests of `stat`'s counts: steps of values of every kind over atoms
/// 0 to 7, of which 6 and 7 are never defined, with releases, recomputes and edges.
enum CountedJournal {
    /// A journal for `seed`, the same for the same arguments. With `sharedIDs`, numbers 4 and 5
    /// are atoms with the ids of 1 and 2 again. `extra` numbers are defined as well and named
    /// by one step each (steps 100, 200, …).
    static func write(seed: UInt64, sharedIDs: Bool = true, extra: [Int] = []) throws -> URL {
        var numbers = SyntheticJournal.Numbers(seed: seed)
        func below(_ bound: Int) -> Int { numbers.below(bound) }
        var records: [JournalRecord] = [
            SyntheticJournal.atom(0, "Count"), SyntheticJournal.atom(1, "Name"), SyntheticJournal.atom(2, "List"),
            SyntheticJournal.atom(3, "Secret", sensitive: true),
            SyntheticJournal.atom(4, sharedIDs ? "Name" : "Other"), SyntheticJournal.atom(5, sharedIDs ? "List" : "More"),
            .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: [])),
        ]
        for number in extra { records.append(SyntheticJournal.atom(number, "Extra\(number)")) }
        for commit in 1...(300 + below(3_000)) {
            var step = JournalStep(commit: commit, time: Int64(commit * 700), operation: "set")
            for _ in 0..<(1 + below(4)) {
                let atom = below(8)
                let value: JournalValue = switch below(8) {
                case 0: .json("\"naïve \(below(1_000))\"")
                case 1: .redacted
                case 2: .text("plain \(below(100))")
                case 3: .json("\"\(String(repeating: "x", count: below(40)))\"")
                default: .json(String(below(2_000_000) - 1_000_000))
                }
                if below(5) == 0 {
                    step.initialized.append(JournalValueEntry(atom: atom, value: value))
                } else {
                    step.updated.append(JournalValueEntry(atom: atom, value: value))
                }
            }
            if below(6) == 0 { step.released = [below(8)] }
            if below(4) == 0 { step.recomputed = [below(8), below(8)] }
            if below(10) == 0 { step.edgesAdded = [JournalEdge(upstream: 0, downstream: 1)] }
            if let which = extra.indices.first(where: { 100 * ($0 + 1) == commit }) {
                step.updated.append(SyntheticJournal.entry(extra[which], "1"))
            }
            records.append(.step(step))
        }
        return try SyntheticJournal.write(records)
    }
}
