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

    /// What opening gives when the opening scan notes the steps (by number, checked against
    /// the definitions afterwards), with the reader set up by `configure` before it indexes.
    private func openNoting(_ url: URL, configure: (JournalReader) -> Void = { _ in }) -> Result<Timeline, AtomScopeError> {
        Result { () throws(AtomScopeError) in try Timeline(url: url, beforeIndexing: configure) }
    }

    private func open(_ url: URL, portably: Bool, split: IndexSplit = .never) -> Result<Timeline, AtomScopeError> {
        Result { () throws(AtomScopeError) in
            try Timeline(url: url, notesWhileOpening: false, beforeSkimming: { reader in
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

    /// Noted while opening, whole, split anywhere, indexed or skimmed in Swift: the index of
    /// changes and the frames counted are those of noting every step in Swift in a pass of
    /// its own, atoms that share an id included.
    @Test(arguments: 0..<6)
    func theIndexNotedWhileOpeningIsTheOneSwiftNotes(seed: Int) throws {
        let url = try journal(seed: UInt64(seed) + 1, faults: false)
        defer { SyntheticJournal.remove(url) }
        let portable = try open(url, portably: true).get()
        let size = try Data(contentsOf: url).count
        var configurations: [(String, (JournalReader) -> Void)] = [
            ("whole", { _ in }), ("indexed in Swift", { $0.indexesPortably = true }), ("skimmed in Swift", { $0.skimsPortably = true }),
        ]
        for at in [size / 4, size / 2, size * 3 / 4] {
            configurations.append(("split at \(at)", { $0.indexSplit = IndexSplit(minimum: 0, at: at, chunk: 4 << 10, waitsForAThread: true) }))
        }
        for (name, configure) in configurations {
            let noted = try openNoting(url, configure: configure).get()
            #expect(noted.notedWhileOpening, "\(name)")
            #expect(noted.frameCount == portable.frameCount, "\(name)")
            for id in ["Count", "Name", "List", "Flag"] {
                #expect(noted.changes(of: id) == portable.changes(of: id), "\(id), \(name)")
                #expect(noted.recomputes(of: id) == portable.recomputes(of: id), "\(id), \(name)")
            }
        }
    }

    /// Numbers past the notes' first room make it grow, and are noted while opening; an atom
    /// number past the limit (for this small file, 4,096; never more than 2^20) leaves the
    /// steps to a pass of their own, which gives the same.
    @Test func numbersPastTheRoomAreNotedWhileOpeningAndPastTheLimitInAPass() throws {
        for (atom, whileOpening) in [(3_500, true), (100_000, false), (TakenStepRoom.most + 5, false)] {
            var records: [JournalRecord] = [
                SyntheticJournal.atom(0, "Count"), SyntheticJournal.atom(atom, "Far"),
                .locationDefinition(JournalLocationDefinition(number: 3_000, fileID: "App/A.swift", line: 1)),
                .subscriberDefinition(JournalSubscriberDefinition(number: 2_000, fileID: "App/V.swift", line: 4)),
                .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: [])),
            ]
            for commit in 1...300 {
                var step = JournalStep(commit: commit, time: Int64(commit), operation: "set", causeAtom: commit % 3 == 0 ? atom : nil, causeLocation: commit % 5 == 0 ? 3_000 : nil)
                step.updated = [SyntheticJournal.entry(commit % 7 == 0 ? atom : 0, "\(commit)")]
                if commit % 11 == 0 { step.subscriptionsAdded = [JournalSubscription(atom: atom, subscriber: 2_000)] }
                records.append(.step(step))
            }
            let url = try SyntheticJournal.write(records)
            defer { SyntheticJournal.remove(url) }
            let portable = try open(url, portably: true).get()
            let noted = try openNoting(url).get()
            #expect(noted.notedWhileOpening == whileOpening, "atom \(atom)")
            #expect(noted.changes(of: "Far") == portable.changes(of: "Far"), "atom \(atom)")
            #expect(noted.changes(of: "Count") == portable.changes(of: "Count"), "atom \(atom)")
            #expect(!noted.changes(of: "Far").isEmpty)
        }
    }

    /// A step that names, other than through its values, an atom, a location or a
    /// subscriber the journal never defines is named as the pass names it, though the notes
    /// made while opening hold nothing of it: what such a step names is marked, and checked.
    @Test(arguments: ["cause atom", "cause location", "edge", "subscription atom", "subscriber"])
    func aStepNamingWhatIsNeverDefinedIsNamedWhenNotedWhileOpening(fault: String) throws {
        var records: [JournalRecord] = [
            SyntheticJournal.atom(0, "Count"), SyntheticJournal.atom(1, "Name"),
            .locationDefinition(JournalLocationDefinition(number: 0, fileID: "App/A.swift", line: 1)),
            .subscriberDefinition(JournalSubscriberDefinition(number: 0, fileID: "App/V.swift", line: 4)),
            .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: [])),
        ]
        for commit in 1...200 {
            var step = JournalStep(commit: commit, time: Int64(commit), operation: "set", causeAtom: 1, causeLocation: 0)
            step.updated = [SyntheticJournal.entry(0, "\(commit)")]
            step.edgesAdded = [JournalEdge(upstream: 0, downstream: 1)]
            step.subscriptionsAdded = [JournalSubscription(atom: 1, subscriber: 0)]
            if commit == 150 {
                switch fault {
                case "cause atom": step.causeAtom = 9
                case "cause location": step.causeLocation = 9
                case "edge": step.edgesAdded = [JournalEdge(upstream: 0, downstream: 9)]
                case "subscription atom": step.subscriptionsAdded = [JournalSubscription(atom: 9, subscriber: 0)]
                default: step.subscriptionsAdded = [JournalSubscription(atom: 1, subscriber: 9)]
                }
            }
            records.append(.step(step))
        }
        let url = try SyntheticJournal.write(records)
        defer { SyntheticJournal.remove(url) }
        guard case .failure(let expected) = open(url, portably: true) else {
            Issue.record("the pass opened a journal whose step 150 names \(fault) 9")
            return
        }
        #expect(throws: expected) { _ = try openNoting(url).get() }
        #expect(throws: expected) { _ = try openNoting(url) { $0.skimsPortably = true }.get() }
    }

    @Test(arguments: 0..<48)
    func theFirstProblemIsTheOneSwiftNames(seed: Int) throws {
        let url = try journal(seed: UInt64(seed) + 100, faults: true)
        defer { SyntheticJournal.remove(url) }
        let portable = open(url, portably: true)
        let noted = open(url, portably: false)
        // Noted while opening, the same journal is opened, or refused, the same way: notes
        // that fail a check leave the steps to the pass that names the problem.
        let notedWhileOpening = openNoting(url)
        switch (portable, notedWhileOpening) {
        case (.failure(let expected), .failure(let error)):
            #expect(error == expected)
        case (.success(let expected), .success(let timeline)):
            #expect(timeline.notedWhileOpening)
            for id in ["Count", "Name", "List", "Flag"] {
                #expect(timeline.changes(of: id) == expected.changes(of: id))
            }
        default:
            Issue.record("noted while opening, one way opened and the other did not: \(portable) against \(notedWhileOpening)")
        }
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
