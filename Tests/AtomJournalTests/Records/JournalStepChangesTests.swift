@testable import AtomJournal
import Foundation
import Testing

/// The skim that opening uses must say of every step what decoding the step says: the same
/// atoms in the same order, the same value sizes, the same references.
@Suite struct JournalStepChangesTests {
    static let journals: [String] = ["counter.journal", "search.journal", "todo.journal"]
        + FormatVersionFixtureTests.files.map { "versions/\($0)" }

    @Test("Every step of every fixture skims to what its decoding holds", arguments: JournalStepChangesTests.journals)
    func skimMatchesDecoding(_ name: String) throws {
        let journal = try Journal(url: FixtureFiles.good(name))
        var skimmed: [Expected] = []
        try journal.skimSteps { position, changes in
            #expect(position == skimmed.count)
            skimmed.append(Expected(changes))
        }
        #expect(skimmed.count == journal.stepCount)
        for position in 0..<min(skimmed.count, journal.stepCount) {
            let decoded = Expected(try journal.step(at: position))
            #expect(skimmed[position] == decoded, "step \(position + 1) of \(name)")
        }
    }

    /// The fixtures' lists are too short to be patched: patches, the second written as a
    /// reference to the first, are in this step.
    @Test func aStepOfEveryKindSkimsToItsDecoding() throws {
        var step = JournalStep(commit: 3, time: 7, operation: "set")
        step.causeAtom = 4
        step.causeLocation = 0
        step.label = "label"
        step.initialized = [
            JournalValueEntry(atom: 1, value: .json("\"é\"")), JournalValueEntry(atom: 2, value: .redacted),
        ]
        step.updated = [
            JournalValueEntry(atom: 3, value: .absent), JournalValueEntry(atom: 4, value: .text("(delta)")),
            JournalValueEntry(atom: 5, value: .json(String(repeating: "9", count: 300))),
        ]
        step.recomputed = [6, 7]
        step.released = [8]
        step.edgesAdded = [JournalEdge(upstream: 1, downstream: 2)]
        step.edgesRemoved = [JournalEdge(upstream: 3, downstream: 4)]
        step.subscriptionsAdded = [JournalSubscription(atom: 1, subscriber: 9)]
        step.subscriptionsRemoved = [JournalSubscription(atom: 2, subscriber: 10)]
        let edits: [JournalArrayEdit] = [.replace(index: 0, json: "[1]"), .insert(index: 2, json: "{}"), .remove(index: 1, count: 2)]
        step.patches = [JournalValuePatch(atom: 4, edits: edits), JournalValuePatch(atom: 4, edits: edits)]
        var base = DeltaBase()
        let payload = JournalRecord.step(step).encodePayload(base: &base)
        let changes = JournalStepChanges()
        try skim(payload, into: changes)
        #expect(Expected(changes) == Expected(step))
        #expect(changes.initializedCount == 2)
        #expect(changes.values.map(\.bytes) == [4, 0, 0, 7, 300])
        #expect(changes.patches.map(\.bytes) == [5, 5])

        // The lists are emptied for the next step, whatever the last one held.
        let empty = JournalRecord.step(JournalStep(commit: 4, time: 8, operation: "set")).encodePayload(base: &base)
        try skim(empty, into: changes)
        #expect(Expected(changes) == Expected(JournalStep(commit: 4, time: 8, operation: "set")))
    }

    @Test func aPatchOfAnAtomThatWasNotUpdatedIsMalformed() throws {
        var step = JournalStep(commit: 1, time: 1, operation: "set")
        // Enough entries and patches that the check goes through a set.
        step.updated = (0..<20).map { JournalValueEntry(atom: $0, value: .text("(delta)")) }
        step.patches = (0..<20).map { JournalValuePatch(atom: $0, edits: [.remove(index: 0, count: 1)]) }
        for stray in [false, true] {
            var patched = step
            if stray { patched.patches.append(JournalValuePatch(atom: 99, edits: [.remove(index: 0, count: 1)])) }
            var base = DeltaBase()
            let payload = JournalRecord.step(patched).encodePayload(base: &base)
            let changes = JournalStepChanges()
            let result = Result { () throws(PayloadError) in
                try skim(payload, into: changes)
                return changes.patches.count
            }
            if stray {
                #expect(throws: PayloadError.invalid("patched atom 99 is not among the updated atoms")) { try result.get() }
            } else {
                #expect(try result.get() == 20)
            }
        }
    }
}

/// Skims one step payload.
private func skim(_ payload: [UInt8], into changes: JournalStepChanges) throws(PayloadError) {
    let result = payload.withUnsafeBytes { bytes in
        Result { () throws(PayloadError) in
            var reader = ByteReader(bytes)
            try reader.skimStep(into: changes)
        }
    }
    try result.get()
}

/// The part of a step that the skim reports, built either way.
private struct Expected: Equatable, CustomStringConvertible {
    var cause: [Int?]
    var initialized: [[Int]]
    var updated: [[Int]]
    var released: [Int]
    var recomputed: [Int]
    var edges: [[Int]]
    var subscriptions: [[Int]]
    var patches: [[Int]]

    init(_ changes: JournalStepChanges) {
        cause = [changes.causeAtom, changes.causeLocation]
        initialized = changes.initialized.map { [$0.atom, $0.bytes] }
        updated = changes.updated.map { [$0.atom, $0.bytes] }
        released = Array(changes.released)
        recomputed = Array(changes.recomputed)
        edges = changes.edges.map { [$0.first, $0.second] }
        subscriptions = changes.subscriptions.map { [$0.first, $0.second] }
        patches = changes.patches.map { [$0.atom, $0.bytes] }
    }

    init(_ step: JournalStep) {
        func size(_ value: JournalValue) -> Int {
            switch value {
            case .json(let text), .text(let text): text.utf8.count
            case .redacted, .absent: 0
            }
        }
        cause = [step.causeAtom, step.causeLocation]
        initialized = step.initialized.map { [$0.atom, size($0.value)] }
        updated = step.updated.map { [$0.atom, size($0.value)] }
        released = step.released
        recomputed = step.recomputed
        edges = (step.edgesAdded + step.edgesRemoved).map { [$0.upstream, $0.downstream] }
        subscriptions = (step.subscriptionsAdded + step.subscriptionsRemoved).map { [$0.atom, $0.subscriber] }
        patches = step.patches.map { patch in
            let bytes = patch.edits.reduce(0) { total, edit in
                switch edit {
                case .replace(_, let json), .insert(_, let json): total + json.utf8.count
                case .remove: total
                }
            }
            return [patch.atom, bytes]
        }
    }

    var description: String {
        "cause \(cause) initialized \(initialized) updated \(updated) released \(released) recomputed \(recomputed) edges \(edges) subscriptions \(subscriptions) patches \(patches)"
    }
}
