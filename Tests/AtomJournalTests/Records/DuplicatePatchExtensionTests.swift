@testable import AtomJournal
import Foundation
import Testing

/// A step may hold the patched extension once: with two, which patch wins would be up to the
/// reader, so both the decoder and the skim that opening uses reject the step.
@Suite struct DuplicatePatchExtensionTests {
    @Test func aSecondPatchedExtensionIsAMalformedPayload() throws {
        var step = JournalStep(commit: 1, time: 1, operation: "set")
        step.updated = [JournalValueEntry(atom: 1, value: .text("(delta)"))]
        step.patches = [JournalValuePatch(atom: 1, edits: [.remove(index: 0, count: 1)])]
        var base = DeltaBase()
        let once = JournalRecord.step(step).encodePayload(base: &base)
        // The extension is the payload's tail: tag 2, then the length-prefixed body.
        let patches = StepDraft(step).patches
        var tail = ByteWriter()
        tail.u8(2)
        tail.varint(patches.bodySize)
        tail.varint(patches.count)
        tail.bytes += patches.body.bytes
        let twice = once + tail.bytes
        for (payload, valid) in [(once, true), (twice, false)] {
            var decodeBase = DeltaBase()
            let decoded = payload.withUnsafeBytes { bytes in
                Result { () throws(PayloadError) in try JournalRecord.decode(type: 4, payload: bytes, base: &decodeBase) }
            }
            let skimmed = payload.withUnsafeBytes { bytes in
                Result { () throws(PayloadError) in
                    var reader = ByteReader(bytes)
                    let changes = JournalStepChanges()
                    try reader.skimStep(into: changes)
                }
            }
            if valid {
                #expect(throws: Never.self) { try decoded.get() }
                #expect(throws: Never.self) { try skimmed.get() }
            } else {
                #expect(throws: PayloadError.invalid("a step has two patch extensions")) { try decoded.get() }
                #expect(throws: PayloadError.invalid("a step has two patch extensions")) { try skimmed.get() }
            }
        }
    }
}
