@testable import AtomJournal
import Testing

@Suite("Records: the patched step extension (format 1.3)")
struct PatchedExtensionTests {
    private func decode(_ payload: [UInt8]) throws -> JournalStep? {
        var base = DeltaBase()
        let record = try payload.withUnsafeBytes { bytes in
            try JournalRecord.decode(type: 4, payload: bytes, base: &base)
        }
        guard case .step(let step) = record else { return nil }
        return step
    }

    /// A step updating atoms 1 and 2 with placeholders, then the given extension body.
    private func payload(patchedBody body: [UInt8]) -> [UInt8] {
        var step = JournalStep(commit: 1, time: 2, operation: "set", updated: [
            JournalValueEntry(atom: 1, value: JournalValuePatch.placeholder),
            JournalValueEntry(atom: 2, value: JournalValuePatch.placeholder),
        ])
        step.patches = []
        var base = DeltaBase()
        var bytes = JournalRecord.step(step).encodePayload(base: &base)
        bytes.append(2)
        bytes.append(UInt8(body.count))
        bytes.append(contentsOf: body)
        return bytes
    }

    @Test("Every edit kind round-trips, and equal edits are written once")
    func roundTrip() throws {
        let edits: [JournalArrayEdit] = [
            .replace(index: 0, json: #"{"id":1,"text":"a, [b]"}"#), .insert(index: 300, json: "[]"), .remove(index: 7, count: 200),
        ]
        var step = JournalStep(commit: 5, time: 9, operation: "modify", updated: [
            JournalValueEntry(atom: 1, value: JournalValuePatch.placeholder),
            JournalValueEntry(atom: 2, value: .json("3")),
            JournalValueEntry(atom: 3, value: JournalValuePatch.placeholder),
            JournalValueEntry(atom: 4, value: JournalValuePatch.placeholder),
        ])
        step.patches = [
            JournalValuePatch(atom: 1, edits: edits),
            JournalValuePatch(atom: 3, edits: [.remove(index: 0, count: 1)]),
            JournalValuePatch(atom: 4, edits: edits),
        ]
        var base = DeltaBase()
        let bytes = JournalRecord.step(step).encodePayload(base: &base)
        #expect(try decode(bytes) == step)
        // The third patch refers to the first instead of repeating its elements.
        var single = step
        single.patches.removeLast()
        var singleBase = DeltaBase()
        #expect(bytes.count - JournalRecord.step(single).encodePayload(base: &singleBase).count == 4)
    }

    @Test("A patch of an unknown form is skipped, and so is a reference to it: the atom keeps its placeholder")
    func unknownFormIsSkipped() throws {
        // 2 patches: atom 1 in form 9 (3 bytes of body), atom 2 the same as patch 0.
        let step = try decode(payload(patchedBody: [2, 1, 9, 3, 0xAA, 0xBB, 0xCC, 2, 1, 1, 0]))
        #expect(step?.patches == [])
        #expect(step?.updated.map(\.value) == [JournalValuePatch.placeholder, JournalValuePatch.placeholder])
    }

    @Test("Malformed patches make the frame's payload invalid",
          arguments: [
              [1, 5, 0, 1, 0] as [UInt8], // atom 5 is not updated
              [1, 1, 1, 1, 0], // refers to itself
              [1, 1, 0, 3, 1, 7, 0], // unknown edit operation 7
              [1, 1, 0, 9, 0], // body longer than the extension
              [2, 1, 0, 1, 0], // fewer patches than the count
          ])
    func malformed(_ body: [UInt8]) {
        #expect(throws: PayloadError.self) { try decode(payload(patchedBody: body)) }
    }
}
