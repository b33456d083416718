import AtomJournal
import AtomScopeKit
import Atoms
import Foundation
import Testing

private struct Entry: Codable, Equatable, Sendable {
    var id: Int
    var text: String
}

private struct EntriesAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> [Entry] {
        (0..<30).map { Entry(id: $0, text: "entry \($0)") }
    }
}

private struct CountAtom: ValueAtom, Hashable {
    func value(context: Context) -> Int { context.watch(EntriesAtom()).count }
}

/// Records a list through random edits, inserts and removals (format 1.3 patches), with a
/// keyframe every 5 steps; returns the list after each step, from step 0 (before the list
/// existed).
@MainActor
private func recordRandomEdits(to url: URL) throws -> [[Entry]?] {
    let root = AtomRoot()
    let recorder = try JournalRecorder(root: root, url: url, options: JournalRecorderOptions(keyframeInterval: 5))
    let context = root.context()
    var lists: [[Entry]?] = [nil, context.watch(EntriesAtom())]
    _ = context.watch(CountAtom())
    lists.append(lists[1]) // the second watch is a step too
    var generator = SplitMix64(seed: 1_515)
    var nextID = 1_000
    for _ in 0..<60 {
        context.modify(EntriesAtom()) { entries in
            switch generator.next() % 4 {
            case 0 where !entries.isEmpty: entries[Int(generator.next() % UInt64(entries.count))].text += " edited"
            case 1:
                entries.insert(Entry(id: nextID, text: "new \(nextID)"), at: Int(generator.next() % UInt64(entries.count + 1)))
                nextID += 1
            case 2 where entries.count > 1: entries.remove(at: Int(generator.next() % UInt64(entries.count)))
            default: entries.swapAt(0, entries.count - 1)
            }
        }
        lists.append(context.read(EntriesAtom()))
    }
    try recorder.close()
    return lists
}

/// The value the recorder writes whole, or `nil` when there is none.
private func wholeJSON(_ value: [Entry]?) throws -> JournalValue? {
    guard let value else { return nil }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return .json(String(decoding: try encoder.encode(value), as: UTF8.self))
}

@MainActor
@Suite("Timeline: values written as patches (format 1.3)")
struct TimelinePatchTests {
    @Test("Every state, seek and step shows whole values, equal to the app's, and keyframes agree")
    func patchedValuesAreWhole() throws {
        let folder = try TimelineFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "patched.journal")
        let lists = try recordRandomEdits(to: url)
        let timeline = try Timeline(url: url)
        let reference = try ReferenceReplay(url: url)
        #expect(timeline.stepCount == lists.count - 1)
        #expect(reference.steps.contains { !$0.patches.isEmpty })
        for step in timeline.stateRange {
            let state = try timeline.state(at: step)
            let expected = try wholeJSON(lists[step])
            #expect(state.value(of: "EntriesAtom") == expected, "step \(step)")
            #expect(ReferenceState(state) == reference.states[step], "step \(step)")
        }
        // Backward and at random: each a seek from a keyframe.
        var generator = SplitMix64(seed: 7)
        for _ in 0..<100 {
            let step = Int.random(in: timeline.stateRange, using: &generator)
            let expected = try wholeJSON(lists[step])
            #expect(try timeline.state(at: step).value(of: "EntriesAtom") == expected, "step \(step)")
        }
        // A decoded step holds the whole new value, never the placeholder, in any order.
        for number in (1...timeline.stepCount).reversed() {
            let step = try timeline.step(number)
            if let value = step.updated["EntriesAtom"] {
                let expected = try wholeJSON(lists[number])
                #expect(value == expected, "step \(number)")
            }
        }
        // A journal cut from it holds the same patches and gives the same states.
        let cut = folder.appending(path: "cut.journal")
        try timeline.writeJournal(upTo: 33, to: cut)
        let cutTimeline = try Timeline(url: cut)
        for step in cutTimeline.stateRange {
            #expect(ReferenceState(try cutTimeline.state(at: step)) == reference.states[step], "cut, step \(step)")
        }
        // verify replays every step against every keyframe.
        let verification = try JournalVerification(url: url)
        #expect(verification.keyframesChecked >= 10)
        // Statistics count a patched value by its edits.
        let stats = try JournalStatistics(journal: Journal(url: url))
        let entries = try #require(stats.perAtom.first { $0.id == "EntriesAtom" })
        #expect(entries.valueBytes < 60 * 100)
        #expect(ReferenceUsage.of(stats) == (try ReferenceUsage.of(Journal(url: url))))
        // And so do the counts made while opening, which skim patched steps in Swift.
        let counting = try Journal(url: url, countingSteps: true)
        #expect(counting.index.stepCounts != nil)
        #expect(try JournalStatistics(journal: counting) == stats)
    }

    @Test("A patch that does not fit its value is a malformed step, named")
    func patchThatDoesNotFit() throws {
        let folder = try TimelineFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "bad-patch.journal")
        let writer = try JournalWriter(url: url)
        try writer.append(.atomDefinition(JournalAtomDefinition(number: 1, id: "ListAtom", kind: "state", valueType: "Array<Int>", isRestorable: true, isSensitive: false, isKeepAlive: false)))
        try writer.append(.keyframe(JournalKeyframe(commit: 1, time: 0, atoms: [JournalValueEntry(atom: 1, value: .json("[1,2]"))], edges: [], subscriptions: [])))
        var step = JournalStep(commit: 2, time: 1, operation: "set", updated: [JournalValueEntry(atom: 1, value: JournalValuePatch.placeholder)])
        step.patches = [JournalValuePatch(atom: 1, edits: [.replace(index: 5, json: "0")])]
        try writer.append(.step(step))
        try writer.close()
        let timeline = try Timeline(url: url)
        #expect(throws: AtomScopeError.malformedStep(path: url.relativePath, step: 1, reason: "patch of atom 1 replaces element 5 of an array of 2")) {
            try timeline.state(at: 1)
        }
    }
}
