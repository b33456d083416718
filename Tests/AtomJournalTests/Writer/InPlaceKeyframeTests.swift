@testable import AtomJournal
import Foundation
import Testing

/// The recorder writes its keyframes with entries encoded in place
/// (`JournalWriter.appendKeyframe`): the payload must be the bytes of the same keyframe
/// appended as a record, whatever the values, and read back as that keyframe.
@Suite("Keyframes encoded in place")
struct InPlaceKeyframeTests {
    private static let values: [JournalValueEntry] = [
        JournalValueEntry(atom: 0, value: .json("-42")), JournalValueEntry(atom: 1, value: .json("true")),
        JournalValueEntry(atom: 2, value: .json("false")), JournalValueEntry(atom: 5, value: .json(#"{"id":1}"#)),
        JournalValueEntry(atom: 128, value: .text("Point(x: 1)")), JournalValueEntry(atom: 300, value: .redacted),
        JournalValueEntry(atom: 16_384, value: .absent), JournalValueEntry(atom: 70_000, value: .json("9223372036854775807")),
    ]
    private static let keyframe = JournalKeyframe(
        commit: 7, time: 55, atoms: values,
        edges: [JournalEdge(upstream: 0, downstream: 1), JournalEdge(upstream: 1, downstream: 300)],
        subscriptions: [JournalSubscription(atom: 300, subscriber: 2)]
    )

    /// The entries as the recorder writes them: the lane's integers and flags, the rest as values.
    private static func entries() -> EncodedValueEntries {
        var entries = EncodedValueEntries()
        entries.append(atom: 0, integer: -42)
        entries.append(atom: 1, scalar: .bool(true))
        entries.append(atom: 2, scalar: .bool(false))
        for entry in values.dropFirst(3).dropLast() { entries.append(atom: entry.atom, value: entry.value) }
        entries.append(atom: 70_000, integer: Int.max)
        return entries
    }

    @Test func aKeyframeEncodedInPlaceHasTheRecordsBytes() {
        var recordBase = DeltaBase(commit: 3, time: 9)
        let record = JournalRecord.keyframe(Self.keyframe).encodePayload(base: &recordBase)
        var inPlaceBase = DeltaBase(commit: 3, time: 9)
        var writer = ByteWriter()
        let entries = Self.entries()
        JournalRecord.encodeKeyframe(
            commit: 7, time: 55, edges: Self.keyframe.edges, subscriptions: Self.keyframe.subscriptions,
            into: &writer, base: &inPlaceBase
        ) { $0.entries(entries) }
        #expect(writer.bytes == record)
        #expect(inPlaceBase == recordBase)
    }

    @Test func aKeyframeAppendedInPlaceReadsBackAsTheKeyframe() throws {
        let url = FileManager.default.temporaryDirectory.appending(path: "in-place-keyframe-\(UUID().uuidString).journal")
        defer { try? FileManager.default.removeItem(at: url) }
        let writer = try JournalWriter(url: url)
        try writer.append(.step(JournalStep(commit: 4, time: 10, operation: "set")))
        try writer.appendKeyframe(
            commit: 7, time: 55, entries: Self.entries(), edges: Self.keyframe.edges, subscriptions: Self.keyframe.subscriptions
        )
        try writer.append(.step(JournalStep(commit: 9, time: 99, operation: "set")))
        try writer.close()
        let journal = try Journal(url: url)
        #expect(journal.index.keyframes.count == 1)
        #expect(try journal.keyframe(at: 0) == Self.keyframe)
        #expect(journal.index.steps.map(\.commit) == [4, 9])
    }
}
