@testable import AtomJournal
@testable import AtomScopeKit
import Foundation
import Testing

/// Opening a timeline notes the usual steps in C, straight into its index of changes
/// (`StepNotes`), and the steps the C loop leaves in Swift, which also names every problem.
/// Either way the index, and the first problem named, must be those of noting every step in
/// Swift: with atoms that share an id, causes, locations, edges and subscriptions, lists that
/// grow while a run is noted, and journals that refer to what they never define or whose
/// commits go back.
@Suite struct TimelineNotedSkimTests {
    /// A journal of random steps; with `faults`, now and then a step refers to an atom, a
    /// location or a subscriber the journal never defines, or its commit goes back.
    private func journal(seed: UInt64, faults: Bool) throws -> URL {
        var numbers = SyntheticJournal.Numbers(seed: seed)
        func below(_ bound: Int) -> Int { numbers.below(bound) }
        func fault() -> Bool { faults && below(400) == 0 }
        // Atom numbers 4 and 5 share the ids of 1 and 2; atoms 0 to 5, locations 0 to 2 and
        // subscribers 0 and 1 are defined, nothing above.
        var records: [JournalRecord] = [
            SyntheticJournal.atom(0, "Count"), SyntheticJournal.atom(1, "Name"), SyntheticJournal.atom(2, "List"),
            SyntheticJournal.atom(3, "Flag"), SyntheticJournal.atom(4, "Name"), SyntheticJournal.atom(5, "List"),
            .locationDefinition(JournalLocationDefinition(number: 0, fileID: "App/A.swift", line: 1)),
            .locationDefinition(JournalLocationDefinition(number: 1, fileID: "App/B.swift", line: 2)),
            .locationDefinition(JournalLocationDefinition(number: 2, fileID: "App/C.swift", line: 3)),
            .subscriberDefinition(JournalSubscriberDefinition(number: 0, fileID: "App/V.swift", line: 4)),
            .subscriberDefinition(JournalSubscriberDefinition(number: 1, fileID: "App/W.swift", line: 5)),
            .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: [])),
        ]
        var commit = 0
        for _ in 0..<(400 + below(4_000)) {
            commit += fault() ? -1 : 1 + below(3)
            func atom() -> Int { fault() ? 6 + below(3) : below(6) }
            var step = JournalStep(
                commit: commit, time: Int64(commit * 500), operation: "set",
                causeAtom: below(3) == 0 ? nil : atom(), causeLocation: below(3) == 0 ? nil : (fault() ? 3 : below(3))
            )
            for _ in 0..<below(4) {
                let value: JournalValue = below(40) == 0 ? .json("\"ü\(below(9))\"") : .json(String(below(100_000)))
                if below(5) == 0 {
                    step.initialized.append(JournalValueEntry(atom: atom(), value: value))
                } else {
                    step.updated.append(JournalValueEntry(atom: atom(), value: value))
                }
            }
            if below(7) == 0 { step.released = [atom()] }
            if below(4) == 0 { step.recomputed = [atom(), atom()] }
            if below(9) == 0 { step.edgesAdded = [JournalEdge(upstream: atom(), downstream: atom())] }
            if below(9) == 0 { step.subscriptionsAdded = [JournalSubscription(atom: atom(), subscriber: fault() ? 2 : below(2))] }
            records.append(.step(step))
        }
        return try SyntheticJournal.write(records)
    }

    private func open(_ url: URL, portably: Bool, split: IndexSplit = .never) -> Result<Timeline, AtomScopeError> {
        Result { () throws(AtomScopeError) in
            try Timeline(url: url, beforeSkimming: { reader in
                reader.skimsPortably = portably
                reader.skimSplit = split
            })
        }
    }

    @Test(arguments: 0..<6)
    func theIndexOfChangesIsTheOneSwiftNotes(seed: Int) throws {
        let url = try journal(seed: UInt64(seed) + 1, faults: false)
        defer { SyntheticJournal.remove(url) }
        let portable = try open(url, portably: true).get()
        let size = try Data(contentsOf: url).count
        let splits = [IndexSplit.never] + [size / 3, size * 2 / 3].map { IndexSplit(minimum: 0, at: $0, chunk: 4 << 10, waitsForAThread: true) }
        for split in splits {
            let noted = try open(url, portably: false, split: split).get()
            #expect(noted.frameCount == portable.frameCount)
            for id in ["Count", "Name", "List", "Flag"] {
                #expect(noted.changes(of: id) == portable.changes(of: id), "\(id), split at \(split.at ?? 0)")
                #expect(noted.recomputes(of: id) == portable.recomputes(of: id), "\(id), split at \(split.at ?? 0)")
            }
            #expect(!noted.changes(of: "Name").isEmpty)
        }
    }

    @Test(arguments: 0..<48)
    func theFirstProblemIsTheOneSwiftNames(seed: Int) throws {
        let url = try journal(seed: UInt64(seed) + 100, faults: true)
        defer { SyntheticJournal.remove(url) }
        let portable = open(url, portably: true)
        let noted = open(url, portably: false)
        switch (portable, noted) {
        case (.failure(let expected), .failure(let error)):
            #expect(error == expected)
        case (.success(let expected), .success(let timeline)):
            for id in ["Count", "Name", "List", "Flag"] {
                #expect(timeline.changes(of: id) == expected.changes(of: id))
            }
        default:
            Issue.record("one way opened and the other did not: \(portable) against \(noted)")
        }
    }
}
