@testable import AtomJournal
import Foundation
import Testing

/// The hex vectors of `docs/JOURNAL-FORMAT.md`, read from the document itself and checked byte
/// for byte against the encoder, the reader and a real `JournalWriter`.
@Suite("Documented test vectors")
struct DocumentedVectorTests {
    @Test func documentedJournalIsWhatTheEncoderProduces() throws {
        let documented = try FormatSpec.documentedHex("vector-journal")
        let encoded = FormatSpec.vectorJournal
        #expect(documented == encoded, "\(FormatSpec.firstDifference(documented, encoded))")
        #expect(documented.count == 281)
    }

    @Test func documentedHeaderIsTheHeaderEncoding() throws {
        let documented = try FormatSpec.documentedHex("vector-journal")
        let header = JournalHeader(salt: FormatSpec.vectorSalt, metadata: FormatSpec.vectorMetadata).encoded()
        #expect(header.count == 103)
        #expect(Array(documented.prefix(header.count)) == header)
        #expect(Array(header.prefix(8)) == JournalFormat.magic)
        // The checksum is the masked CRC-32C of every header byte before it.
        let stored = UInt32(FormatSpec.readLittleEndian(header, at: 99, width: 4))
        #expect(stored == CRC32C.mask(CRC32C.checksum(Array(header.prefix(99)))))
        #expect(stored == 0x19E8_F3A1)
    }

    @Test func documentedFramesSitAtTheDocumentedOffsets() throws {
        let documented = try FormatSpec.documentedHex("vector-journal")
        let layout = FormatSpec.layout(of: documented)
        #expect(layout.headerSize == 103)
        #expect(layout.frames.map(\.offset) == [103, 142, 168, 202, 230, 260])
        #expect(layout.frames.last?.end == documented.count)
        for (sequence, span) in layout.frames.enumerated() {
            #expect(documented[span.offset + 8] == FormatSpec.vectorRecords[sequence].type.rawValue)
            #expect(FormatSpec.readLittleEndian(documented, at: span.offset + 9, width: 8) == UInt64(sequence))
        }
    }

    @Test func documentedJournalReadsBackAsItsRecords() throws {
        let folder = try FormatScratchFolder()
        let url = try folder.write(try FormatSpec.documentedHex("vector-journal"))
        let reader = try JournalReader(url: url)
        #expect(reader.header.salt == FormatSpec.vectorSalt)
        #expect(reader.header.metadata == FormatSpec.vectorMetadata)
        #expect(reader.header.size == 103)
        #expect(reader.header.majorVersion == 2)
        #expect(reader.header.minorVersion == 0)
        #expect(reader.header.appName == "demo")
        #expect(reader.header.processID == 4242)
        #expect(reader.header.startTime == 1_700_000_000_000_000)
        #expect(reader.header.keyframeInterval == 256)
        let (records, ending) = try reader.readAll()
        #expect(records == FormatSpec.vectorRecords)
        #expect(ending == .closed)
    }

    @Test func documentedJournalIndexes() throws {
        let folder = try FormatScratchFolder()
        let url = try folder.write(try FormatSpec.documentedHex("vector-journal"))
        let journal = try Journal(url: url)
        let index = journal.index
        #expect(index.ending == .closed)
        #expect(index.atoms[1]?.id == "CountAtom")
        #expect(index.locations[0] == JournalLocationDefinition(number: 0, fileID: "Demo/App.swift", line: 12))
        #expect(index.keyframes == [JournalIndex.KeyframeEntry(offset: 142, stepCount: 0, commit: 3)])
        #expect(Array(index.steps) == [JournalIndex.StepEntry(offset: 202, commit: 4, time: 1500)])
        #expect(index.marks == [JournalIndex.MarkEntry(stepCount: 1, mark: JournalMark(commit: 4, time: 2000, label: "after set"))])
        #expect(index.close == JournalClose(commit: 4, time: 2500, stepCount: 1))
        #expect(index.unknownRecords == 0)
        guard case .step(let expected) = FormatSpec.vectorRecords[3] else {
            Issue.record("record 3 of the vector is not a step")
            return
        }
        #expect(try journal.step(at: 0) == expected)
        guard case .keyframe(let keyframe) = FormatSpec.vectorRecords[1] else {
            Issue.record("record 1 of the vector is not a keyframe")
            return
        }
        #expect(try journal.keyframe(at: 0) == keyframe)
    }

    @Test func documentedTornTailExample() throws {
        let documented = try FormatSpec.documentedHex("vector-journal")
        let folder = try FormatScratchFolder()
        for size in 261...280 {
            let url = try folder.write(Array(documented.prefix(size)))
            let (records, ending) = try JournalReader(url: url).readAll()
            #expect(records == Array(FormatSpec.vectorRecords.prefix(5)))
            #expect(ending == .tornTail(offset: 260, bytes: size - 260))
        }
    }

    /// A real writer uses a random salt, so its file is compared with the documented journal
    /// re-framed under the file's salt: every other byte must be the same.
    @Test func writerProducesTheDocumentedBytesUnderItsSalt() throws {
        let folder = try FormatScratchFolder()
        let url = folder.newFile()
        let writer = try JournalWriter(url: url, metadata: FormatSpec.vectorMetadata, flushPolicy: .never)
        for record in FormatSpec.vectorRecords {
            try writer.append(record)
        }
        try writer.flush()
        let file = [UInt8](try Data(contentsOf: url))
        let salt = Array(file[12..<28])
        #expect(writer.header.salt == salt)
        #expect(writer.header.size == 103)
        #expect(writer.bytesWritten == 281)
        #expect(writer.stepCount == 1)

        let documented = try FormatSpec.documentedHex("vector-journal")
        let expected = FormatSpec.resalted(documented, salt: salt)
        #expect(file == expected, "\(FormatSpec.firstDifference(file, expected))")
        // The re-framing helper is checked too: under the documented salt it changes nothing.
        #expect(FormatSpec.resalted(documented, salt: FormatSpec.vectorSalt) == documented)
    }

    @Test func writerFillsTheDocumentedMetadataKeys() throws {
        let folder = try FormatScratchFolder()
        let url = folder.newFile()
        let writer = try JournalWriter(url: url)
        try writer.close()
        let header = try JournalReader(url: url).header
        #expect(Set(header.metadata.keys) == ["app", "pid", "start-us"])
        #expect(header.processID == Int(ProcessInfo.processInfo.processIdentifier))
        #expect(header.appName == ProcessInfo.processInfo.processName)
        #expect((header.startTime ?? 0) > 1_600_000_000_000_000)
    }

    @Test func documentedFullStep() throws {
        let documented = try FormatSpec.documentedHex("vector-step-full")
        var base = FormatSpec.fullStepBase
        let encoded = JournalRecord.step(FormatSpec.fullStep).encodePayload(base: &base)
        #expect(documented == encoded, "\(FormatSpec.firstDifference(documented, encoded))")
        #expect(base == DeltaBase(commit: 12, time: 4990))

        var decodeBase = FormatSpec.fullStepBase
        let decoded = try documented.withUnsafeBytes { bytes in
            try JournalRecord.decode(type: RecordType.step.rawValue, payload: bytes, base: &decodeBase)
        }
        #expect(decoded == .step(FormatSpec.fullStep))
        #expect(decodeBase == DeltaBase(commit: 12, time: 4990))
    }

    @Test func documentedSubscriberDefinition() throws {
        let documented = try FormatSpec.documentedHex("vector-subscriber-definition")
        var base = DeltaBase()
        let record = JournalRecord.subscriberDefinition(FormatSpec.subscriberDefinition)
        #expect(documented == record.encodePayload(base: &base))
        #expect(base == DeltaBase())
        let decoded = try documented.withUnsafeBytes { bytes in
            try JournalRecord.decode(type: 2, payload: bytes, base: &base)
        }
        #expect(decoded == record)
    }

    /// Format 1.2's recomputed extension: a step whose bytes up to its sections are what 1.1
    /// would write (but for 2.0's integer tag), then extension 1.
    @Test func documentedStepWithRecomputedAtoms() throws {
        let documented = try FormatSpec.documentedHex("vector-step-recomputed")
        var step = JournalStep(commit: 1, time: 2, operation: "set", updated: [JournalValueEntry(atom: 3, value: .json("1"))])
        step.recomputed = [4, 300]
        var base = DeltaBase()
        #expect(documented == JournalRecord.step(step).encodePayload(base: &base))
        var decodeBase = DeltaBase()
        let decoded = try documented.withUnsafeBytes { bytes in
            try JournalRecord.decode(type: 4, payload: bytes, base: &decodeBase)
        }
        #expect(decoded == .step(step))
        // Without its extension, the same bytes are the step as a 1.1 writer wrote it.
        var withoutBase = DeltaBase()
        step.recomputed = []
        #expect(Array(documented.dropLast(6)) == JournalRecord.step(step).encodePayload(base: &withoutBase))
        // The entry's integer is stored with 2.0's tag; a 1.x writer spelt it as JSON text.
        #expect(Array(documented[6..<10]) == [0x01, 0x03, 0x04, 0x02])
    }

    /// Format 1.3's patched extension: two patches, the second a reference to the first, after
    /// the entries a 1.2 reader reads as placeholder text.
    @Test func documentedStepWithPatches() throws {
        let documented = try FormatSpec.documentedHex("vector-step-patched")
        let edits: [JournalArrayEdit] = [.replace(index: 1, json: "20"), .insert(index: 3, json: "4"), .remove(index: 0, count: 1)]
        var step = JournalStep(
            commit: 1, time: 2, operation: "modify", causeAtom: 1,
            updated: [JournalValueEntry(atom: 1, value: JournalValuePatch.placeholder), JournalValueEntry(atom: 2, value: JournalValuePatch.placeholder)]
        )
        step.patches = [JournalValuePatch(atom: 1, edits: edits), JournalValuePatch(atom: 2, edits: edits)]
        var base = DeltaBase()
        #expect(documented == JournalRecord.step(step).encodePayload(base: &base))
        var decodeBase = DeltaBase()
        let decoded = try documented.withUnsafeBytes { bytes in
            try JournalRecord.decode(type: 4, payload: bytes, base: &decodeBase)
        }
        #expect(decoded == .step(step))
        // The documented values before and after.
        #expect(try step.patches[0].apply(to: .json("[1,2,3]")) == .json("[20,3,4]"))
        // Without its extension, the same bytes are what a 1.2 reader decodes: the placeholders.
        var withoutBase = DeltaBase()
        step.patches = []
        #expect(Array(documented.dropLast(23)) == JournalRecord.step(step).encodePayload(base: &withoutBase))
    }

    /// Format 1.1's named subscriber definition: the 1.0 bytes, then the name.
    @Test func documentedNamedSubscriberDefinition() throws {
        let documented = try FormatSpec.documentedHex("vector-subscriber-definition-named")
        var base = DeltaBase()
        let record = JournalRecord.subscriberDefinition(FormatSpec.namedSubscriberDefinition)
        #expect(documented == record.encodePayload(base: &base))
        #expect(base == DeltaBase())
        let decoded = try documented.withUnsafeBytes { bytes in
            try JournalRecord.decode(type: 2, payload: bytes, base: &base)
        }
        #expect(decoded == record)
    }

    /// A 1.0 reader decodes number, file id and line and ignores what follows (section 9), so
    /// the name must come after every 1.0 field: the named payload starts with the whole
    /// unnamed one, and the 1.0 payload still decodes, as unnamed.
    @Test func namedSubscriberDefinitionExtendsTheVersionOneZeroBytes() throws {
        let unnamed = try FormatSpec.documentedHex("vector-subscriber-definition")
        let named = try FormatSpec.documentedHex("vector-subscriber-definition-named")
        #expect(Array(named.prefix(unnamed.count)) == unnamed)
        var name = ByteWriter()
        name.string("TodoScreen")
        #expect(Array(named.dropFirst(unnamed.count)) == name.bytes)

        var base = DeltaBase()
        let decoded = try unnamed.withUnsafeBytes { bytes in
            try JournalRecord.decode(type: 2, payload: bytes, base: &base)
        }
        #expect(decoded == .subscriberDefinition(FormatSpec.subscriberDefinition))
        #expect(FormatSpec.subscriberDefinition.name == nil)
    }

    @Test func documentedChecksums() throws {
        let values = try FormatSpec.documentedValues("text vector-crc")
        let check = Array("123456789".utf8)
        let expected: [String: UInt32] = [
            "crc32c(\"123456789\")": CRC32C.checksum(check),
            "mask(crc32c(\"123456789\"))": CRC32C.mask(CRC32C.checksum(check)),
            "crc32c(32 bytes of 0x00)": CRC32C.checksum([UInt8](repeating: 0, count: 32)),
            "crc32c(32 bytes of 0xFF)": CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)),
            "crc32c(bytes 0x00 through 0x1F)": CRC32C.checksum(Array(0...0x1F)),
            "crc32c(bytes 0x1F down to 0x00)": CRC32C.checksum(Array((0...0x1F).reversed())),
            "crc32c(no bytes)": CRC32C.checksum([]),
            "mask(0x00000000)": CRC32C.mask(0),
        ]
        #expect(values == expected)
        #expect(values["crc32c(\"123456789\")"] == 0xE306_9283)
    }

    /// The operation code table of the document is the one the codec uses.
    @Test func documentedOperationCodes() throws {
        let text = try String(contentsOf: FormatSpec.specURL, encoding: .utf8)
        guard let section = text.range(of: "#### Operation codes") else {
            Issue.record("docs/JOURNAL-FORMAT.md has no \"#### Operation codes\" section")
            return
        }
        var documented: [UInt8: String] = [:]
        for line in text[section.upperBound...].split(separator: "\n").prefix(while: { !$0.hasPrefix("#") }) {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 2, let code = UInt8(cells[0]), cells[1].hasPrefix("`") else { continue }
            documented[code] = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        }
        #expect(documented.count == OperationCode.names.count)
        for (code, name) in documented {
            #expect(OperationCode.code(for: name) == code)
            #expect(OperationCode.name(for: code) == name)
        }
        #expect(OperationCode.code(for: "not-an-operation") == 0)
        #expect(OperationCode.name(for: 0) == nil)
        #expect(OperationCode.name(for: UInt8(OperationCode.names.count + 1)) == nil)
    }

    @Test func documentedRecordTypes() {
        let types: [(RecordType, UInt8)] = [
            (.atomDefinition, 1), (.subscriberDefinition, 2), (.locationDefinition, 3),
            (.step, 4), (.keyframe, 5), (.mark, 6), (.close, 7),
        ]
        for (type, raw) in types {
            #expect(type.rawValue == raw)
        }
        #expect(RecordType(rawValue: 0) == nil)
        #expect(RecordType(rawValue: 8) == nil)
    }

    @Test func documentedConstants() {
        #expect(JournalFormat.magic == [0x89, 0x41, 0x54, 0x4A, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(JournalFormat.majorVersion == 2)
        #expect(JournalFormat.oldestMajorVersion == 1)
        #expect(JournalFormat.minorVersion == 0)
        #expect(JournalFormat.saltSize == 16)
        #expect(JournalFormat.maximumPayloadSize == 16_777_216)
        #expect(JournalFormat.maximumMetadataSize == 65_536)
        #expect(JournalFormat.frameHeaderSize == 17)
        #expect(JournalHeader.fixedSize == 32)
    }
}
