@testable import AtomJournal
import Foundation
import Testing

/// Every record type encodes and decodes back to itself, with the delta base carried as the
/// spec says (section 6), and malformed payloads are rejected, never trusted.
@Suite("Record codec")
struct RecordCodecTests {
    private func decode(_ type: UInt8, _ payload: [UInt8], base: inout DeltaBase) throws(PayloadError) -> JournalRecord? {
        var local = base
        let result = payload.withUnsafeBytes { bytes in
            Result { () throws(PayloadError) in try JournalRecord.decode(type: type, payload: bytes, base: &local) }
        }
        base = local
        return try result.get()
    }

    @Test func everySampleRecordRoundTripsWithTheBaseCarried() throws {
        var encodeBase = DeltaBase()
        var decodeBase = DeltaBase()
        for record in FormatSpec.sampleRecords {
            let payload = record.encodePayload(base: &encodeBase)
            let decoded = try decode(record.type.rawValue, payload, base: &decodeBase)
            #expect(decoded == record)
            #expect(decodeBase == encodeBase)
        }
    }

    @Test func everyRecordTypeRoundTrips() throws {
        let records: [JournalRecord] = [
            .atomDefinition(JournalAtomDefinition(number: 0, id: "", kind: "", valueType: "", isRestorable: false, isSensitive: false, isKeepAlive: false)),
            .atomDefinition(JournalAtomDefinition(number: Int.max, id: "Atom<Int>(id: \"é\")", kind: "modified", valueType: "Dictionary<String, Int>", isRestorable: true, isSensitive: true, isKeepAlive: true)),
            .subscriberDefinition(JournalSubscriberDefinition(number: 12345, fileID: "App/View.swift", line: Int.max)),
            .subscriberDefinition(JournalSubscriberDefinition(number: 0, fileID: "", line: 0, name: "Écran \"principal\"\n🙂")),
            .locationDefinition(JournalLocationDefinition(number: 0, fileID: "", line: 0)),
            .step(JournalStep(commit: 0, time: 0, operation: "set")),
            .step(JournalStep(commit: Int.max, time: Int64.max, operation: "object changed", causeAtom: Int.max - 1, causeLocation: 0)),
            .step(JournalStep(commit: 0, time: Int64.min, operation: "", label: "")),
            .keyframe(JournalKeyframe(commit: 0, time: -5, atoms: [], edges: [], subscriptions: [])),
            .keyframe(JournalKeyframe(commit: Int.max, time: Int64.min, atoms: [JournalValueEntry(atom: 9, value: .text(""))], edges: [JournalEdge(upstream: Int.max, downstream: 0)], subscriptions: [JournalSubscription(atom: 0, subscriber: Int.max)])),
            .mark(JournalMark(commit: 0, time: Int64.max, label: "")),
            .mark(JournalMark(commit: 5, time: -1, label: String(repeating: "long ", count: 1000))),
            .close(JournalClose(commit: 0, time: 0, stepCount: 0)),
            .close(JournalClose(commit: Int.max, time: Int64.min, stepCount: Int.max)),
        ]
        for record in records {
            var encodeBase = DeltaBase()
            var decodeBase = DeltaBase()
            let payload = record.encodePayload(base: &encodeBase)
            #expect(try decode(record.type.rawValue, payload, base: &decodeBase) == record)
            #expect(decodeBase == encodeBase)
        }
    }

    @Test func everyValueTagRoundTrips() throws {
        let values: [JournalValue] = [.json("{\"a\":1}"), .json(""), .text("Connection(localhost)"), .text(""), .redacted, .absent]
        let keyframe = JournalRecord.keyframe(JournalKeyframe(
            commit: 1, time: 1,
            atoms: values.enumerated().map { JournalValueEntry(atom: $0.offset, value: $0.element) },
            edges: [], subscriptions: []
        ))
        var base = DeltaBase()
        let payload = keyframe.encodePayload(base: &base)
        var decodeBase = DeltaBase()
        #expect(try decode(5, payload, base: &decodeBase) == keyframe)
        // Tags as the spec numbers them: json 0, text 1, redacted 2, absent 3.
        #expect(Array(payload[2...5]) == [0x06, 0x00, 0x00, 0x07])
        #expect(Array(payload.suffix(9)) == [0x03, 0x01, 0x00, 0x04, 0x02, 0x05, 0x03, 0x00, 0x00])
    }

    @Test func stepFlagsNameExactlyThePresentSections() {
        var base = DeltaBase()
        let bare = JournalRecord.step(JournalStep(commit: 0, time: 0, operation: "set")).encodePayload(base: &base)
        #expect(bare == [0x00, 0x00, 0x01, 0x00, 0x00, 0x00])
        let sections: [(UInt8, JournalStep)] = [
            (0x01, JournalStep(commit: 0, time: 0, operation: "set", label: "")),
            (0x02, JournalStep(commit: 0, time: 0, operation: "set", initialized: [JournalValueEntry(atom: 1, value: .absent)])),
            (0x04, JournalStep(commit: 0, time: 0, operation: "set", updated: [JournalValueEntry(atom: 1, value: .absent)])),
            (0x08, JournalStep(commit: 0, time: 0, operation: "set", released: [1])),
            (0x10, JournalStep(commit: 0, time: 0, operation: "set", edgesAdded: [JournalEdge(upstream: 1, downstream: 2)])),
            (0x20, JournalStep(commit: 0, time: 0, operation: "set", edgesRemoved: [JournalEdge(upstream: 1, downstream: 2)])),
            (0x40, JournalStep(commit: 0, time: 0, operation: "set", subscriptionsAdded: [JournalSubscription(atom: 1, subscriber: 2)])),
            (0x80, JournalStep(commit: 0, time: 0, operation: "set", subscriptionsRemoved: [JournalSubscription(atom: 1, subscriber: 2)])),
        ]
        for (flag, step) in sections {
            var base = DeltaBase()
            #expect(JournalRecord.step(step).encodePayload(base: &base)[5] == flag)
        }
    }

    @Test func onlyStepsAndKeyframesMoveTheBase() {
        let start = DeltaBase(commit: 5, time: 50)
        let records: [(JournalRecord, DeltaBase)] = [
            (.atomDefinition(JournalAtomDefinition(number: 1, id: "A", kind: "state", valueType: "Int", isRestorable: true, isSensitive: false, isKeepAlive: false)), start),
            (.subscriberDefinition(FormatSpec.subscriberDefinition), start),
            (.locationDefinition(JournalLocationDefinition(number: 1, fileID: "F", line: 1)), start),
            (.step(JournalStep(commit: 9, time: 40, operation: "set")), DeltaBase(commit: 9, time: 40)),
            (.keyframe(JournalKeyframe(commit: 2, time: 1, atoms: [], edges: [], subscriptions: [])), DeltaBase(commit: 2, time: 1)),
            (.mark(JournalMark(commit: 100, time: 100, label: "m")), start),
            (.close(JournalClose(commit: 100, time: 100, stepCount: 1)), start),
        ]
        for (record, after) in records {
            var base = start
            _ = record.encodePayload(base: &base)
            #expect(base == after)
        }
    }

    @Test func stepDeltasAreSignedAgainstTheBase() throws {
        var base = DeltaBase(commit: 100, time: 1_000_000)
        let step = JournalRecord.step(JournalStep(commit: 101, time: 999_990, operation: "set"))
        let payload = step.encodePayload(base: &base)
        #expect(Array(payload.prefix(2)) == [0x02, 0x13])
        var decodeBase = DeltaBase(commit: 100, time: 1_000_000)
        #expect(try decode(4, payload, base: &decodeBase) == step)
    }

    @Test func unknownRecordTypesDecodeToNilAndLeaveTheBaseAlone() throws {
        for type in [0, 8, 42, 255] as [UInt8] {
            var base = DeltaBase(commit: 3, time: 4)
            #expect(try decode(type, [0x02, 0x02, 0xFF, 0x13], base: &base) == nil)
            #expect(try decode(type, [], base: &base) == nil)
            #expect(base == DeltaBase(commit: 3, time: 4))
        }
    }

    /// Bytes after every field this version knows are what a newer minor version added. A
    /// subscriber definition's last known field is its optional name (1.1), so it is given
    /// one here: after an unnamed definition the extra bytes would be read as the name.
    @Test func bytesAfterTheKnownFieldsAreIgnored() throws {
        var encodeBase = DeltaBase()
        var decodeBase = DeltaBase()
        for record in FormatSpec.sampleRecords {
            let payload = record.encodePayload(base: &encodeBase) + FormatSpec.laterFields(of: record.type)
            #expect(try decode(record.type.rawValue, payload, base: &decodeBase) == record)
        }
    }

    @Test func aStepsRecomputedAtomsRoundTripAsAnExtension() throws {
        var encodeBase = DeltaBase()
        var decodeBase = DeltaBase()
        var step = JournalStep(commit: 1, time: 2, operation: "set", updated: [JournalValueEntry(atom: 3, value: .json("1"))])
        step.recomputed = [4, 300]
        let payload = JournalRecord.step(step).encodePayload(base: &encodeBase)
        // Flags 0x04, one entry, then extension 1 with a 4-byte body: count 2, 4, 300.
        #expect(Array(payload.suffix(5 + 6)) == [0x04, 0x01, 0x03, 0x04, 0x02] + [0x01, 0x04, 0x02, 0x04, 0xAC, 0x02])
        #expect(try decode(4, payload, base: &decodeBase) == .step(step))
    }

    @Test func aMalformedStepExtensionIsCorrupt() throws {
        var encodeBase = DeltaBase()
        let payload = JournalRecord.step(JournalStep(commit: 1, time: 2, operation: "set")).encodePayload(base: &encodeBase)
        var decodeBase = DeltaBase()
        #expect(throws: PayloadError.self) {
            try decode(4, payload + [0x01, 0x09, 0x01], base: &decodeBase)
        }
    }

    /// Every field is mandatory, so any payload cut short is an error, never a record with a
    /// field made up, and never a trap. Run in a child process, because a trap there must fail
    /// this test rather than end the whole run; the child exits with 3 if a cut payload
    /// decodes.
    @Test func everyTruncatedPayloadIsRejected() async {
        await #expect(processExitsWith: .success) {
            var encodeBase = DeltaBase()
            for record in FormatSpec.sampleRecords + [.step(FormatSpec.fullStep), .subscriberDefinition(FormatSpec.subscriberDefinition)] {
                let start = encodeBase
                let payload = record.encodePayload(base: &encodeBase)
                for cut in 0..<payload.count {
                    var base = start
                    let decoded = try? Array(payload.prefix(cut)).withUnsafeBytes { bytes in
                        try JournalRecord.decode(type: record.type.rawValue, payload: bytes, base: &base)
                    }
                    if decoded != nil { exit(3) }
                }
            }
        }
    }

    /// The smallest case of the above: a string whose length counts its own length byte.
    /// `ByteReader.string()` takes `remaining` before it reads the length, so the length may
    /// exceed what follows by the size of the length itself.
    @Test func stringLengthThatCountsItsOwnPrefixIsRejectedNotTrapped() async {
        await #expect(processExitsWith: .success) {
            // A mark: commit 0, time 0, then a label of length 1 with no byte after it.
            var base = DeltaBase()
            let decoded = try? [UInt8]([0x00, 0x00, 0x01]).withUnsafeBytes { bytes in
                try JournalRecord.decode(type: RecordType.mark.rawValue, payload: bytes, base: &base)
            }
            if decoded != nil { exit(3) }
        }
    }

    @Test func unknownOperationCodesAreShownByNumber() throws {
        var base = DeltaBase()
        let payload: [UInt8] = [0x02, 0x02, 200, 0x00, 0x00, 0x00]
        #expect(try decode(4, payload, base: &base) == .step(JournalStep(commit: 1, time: 1, operation: "operation 200")))
    }

    @Test func operationsWithoutACodeAreWrittenByName() throws {
        var base = DeltaBase()
        let payload = JournalRecord.step(JournalStep(commit: 0, time: 0, operation: "teleport")).encodePayload(base: &base)
        #expect(payload == [0x00, 0x00, 0x00, 0x08] + Array("teleport".utf8) + [0x00, 0x00, 0x00])
        for (index, name) in OperationCode.names.enumerated() {
            var base = DeltaBase()
            let payload = JournalRecord.step(JournalStep(commit: 0, time: 0, operation: name)).encodePayload(base: &base)
            #expect(payload[2] == UInt8(index + 1))
            var decodeBase = DeltaBase()
            #expect(try decode(4, payload, base: &decodeBase) == .step(JournalStep(commit: 0, time: 0, operation: name)))
        }
    }

    @Test func unknownValueTagIsRejected() {
        // A keyframe whose one atom has the tag 5.
        var base = DeltaBase()
        #expect(throws: PayloadError.invalid("unknown value tag 5")) {
            try decode(5, [0x01, 0x02, 0x01, 0x07, 0x05, 0x00, 0x00], base: &base)
        }
    }

    @Test func unknownDefinitionFlagBitsAreIgnored() throws {
        var base = DeltaBase()
        let payload: [UInt8] = [0x01, 0x01, 0x41, 0x01, 0x6B, 0x01, 0x74, 0xF9]
        #expect(try decode(1, payload, base: &base) == .atomDefinition(JournalAtomDefinition(
            number: 1, id: "A", kind: "k", valueType: "t", isRestorable: true, isSensitive: false, isKeepAlive: false
        )))
    }

    @Test func stepCommitsOutOfRangeAreRejectedAndTimesWrap() throws {
        // A negative absolute commit.
        var base = DeltaBase(commit: 0, time: 0)
        #expect(throws: PayloadError.self) { try decode(4, [0x01, 0x00, 0x01, 0x00, 0x00, 0x00], base: &base) }
        // A commit past Int.max.
        base = DeltaBase(commit: Int.max, time: 0)
        #expect(throws: PayloadError.self) { try decode(4, [0x02, 0x00, 0x01, 0x00, 0x00, 0x00], base: &base) }
        // Times are two's-complement deltas: one step past Int64.max wraps, exactly as the
        // writer wrapped it, so every Int64 time round-trips and nothing can trap.
        base = DeltaBase(commit: 0, time: Int64.max)
        guard case .step(let step) = try decode(4, [0x00, 0x02, 0x01, 0x00, 0x00, 0x00], base: &base) else {
            Issue.record("expected a step")
            return
        }
        #expect(step.time == Int64.min)
    }

    // MARK: Through files

    @Test func everySampleRecordRoundTripsThroughWriterAndReader() throws {
        let folder = try FormatScratchFolder()
        let url = folder.newFile()
        _ = try FormatSpec.writeSample(to: url)
        let (records, ending) = try JournalReader(url: url).readAll()
        #expect(records == FormatSpec.sampleRecords)
        #expect(ending == .closed)
    }

    /// `Journal` decodes steps and keyframes on demand from its index; that must give what a
    /// full sequential read gives.
    @Test func onDemandDecodingAgreesWithReadAll() throws {
        let folder = try FormatScratchFolder()
        let url = folder.newFile()
        _ = try FormatSpec.writeSample(to: url)
        let journal = try Journal(url: url)
        let steps = FormatSpec.sampleRecords.compactMap { record -> JournalStep? in
            if case .step(let step) = record { return step } else { return nil }
        }
        let keyframes = FormatSpec.sampleRecords.compactMap { record -> JournalKeyframe? in
            if case .keyframe(let keyframe) = record { return keyframe } else { return nil }
        }
        #expect(journal.stepCount == steps.count)
        for (position, step) in steps.enumerated() {
            #expect(try journal.step(at: position) == step)
        }
        #expect(journal.index.keyframes.count == keyframes.count)
        for (position, keyframe) in keyframes.enumerated() {
            #expect(try journal.keyframe(at: position) == keyframe)
        }
        #expect(journal.index.keyframes.map(\.stepCount) == [0, 5, 10])
        #expect(journal.index.marks.map(\.stepCount) == [3, 12])
        #expect(journal.index.atoms.count == 5)
        #expect(journal.index.subscribers.count == 1)
        #expect(journal.index.close == JournalClose(commit: 12, time: 13_000, stepCount: 12))
    }

    /// The format allows a step whose commit is lower than the one before it (section 6: the
    /// commit delta is signed). `readAll` accepts it, so `Journal.step(at:)` must too.
    @Test func onDemandDecodingAcceptsANegativeCommitDelta() throws {
        let folder = try FormatScratchFolder()
        let url = folder.newFile()
        let records: [JournalRecord] = [
            .keyframe(JournalKeyframe(commit: 10, time: 0, atoms: [], edges: [], subscriptions: [])),
            .step(JournalStep(commit: 8, time: 5, operation: "set")),
        ]
        _ = try FormatSpec.writeSample(to: url, records: records)
        let (read, _) = try JournalReader(url: url).readAll()
        #expect(read == records)
        let journal = try Journal(url: url)
        #expect(journal.index.steps.map(\.commit) == [8])
        #expect(throws: Never.self) { try journal.step(at: 0) }
    }
}
