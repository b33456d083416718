@testable import AtomJournal
import Foundation
import Testing

/// Damaged frames: a torn tail is reported with everything before it returned; damage that
/// valid data follows is an error naming its offset, never skipped (section 8 of the spec).
@Suite("Damaged frames")
struct FrameDamageTests {
    // MARK: Torn tails

    @Test func tornTailAtEveryByteOfTheLastFrame() throws {
        let sample = try DamageSample()
        let last = try #require(sample.frames.last)
        #expect(last.end == sample.bytes.count)
        for cut in 1..<last.size {
            let url = try sample.file(Array(sample.bytes.prefix(last.offset + cut)))
            let ending = JournalEnding.tornTail(offset: last.offset, bytes: cut)
            #expect(DamageRead.readAll(url) == .read(Array(sample.records.dropLast()), ending), "cut \(cut) bytes into the last frame")
            let journal = try #require(try? DamageRead.open(url).get())
            #expect(journal.index.ending == ending)
            #expect(journal.index.close == nil)
            #expect(journal.stepCount == 12)
            #expect(ending.description.contains("offset \(last.offset)"))
            #expect(ending.description.contains("\(cut) bytes"))
        }
        // Cut exactly at the frame boundary: nothing is torn, the journal is just not closed.
        let url = try sample.file(Array(sample.bytes.prefix(last.offset)))
        #expect(DamageRead.readAll(url) == .read(Array(sample.records.dropLast()), .open))
    }

    /// A crash can stop the writer after any byte: the records wholly written before it are
    /// all returned, and the rest is a torn tail starting at the first incomplete frame.
    @Test func crashAfterAnyByteKeepsEveryCompleteRecord() throws {
        let sample = try DamageSample()
        for size in sample.headerSize...sample.bytes.count {
            let url = try sample.file(Array(sample.bytes.prefix(size)))
            let complete = sample.frames.filter { $0.end <= size }
            let expectedEnding: JournalEnding
            if let partial = sample.frames.first(where: { $0.offset < size && $0.end > size }) {
                expectedEnding = .tornTail(offset: partial.offset, bytes: size - partial.offset)
            } else {
                expectedEnding = complete.count == sample.frames.count ? .closed : .open
            }
            #expect(DamageRead.readAll(url) == .read(Array(sample.records.prefix(complete.count)), expectedEnding), "file cut to \(size) bytes")
        }
    }

    /// Fewer zeros than a frame header after the last frame may be a frame cut short (its
    /// length field's low bytes are often zero): a torn tail.
    @Test(arguments: [1, 2, 16])
    func fewTrailingZerosAreATornTail(count: Int) throws {
        let sample = try DamageSample()
        let url = try sample.file(sample.bytes + [UInt8](repeating: 0, count: count))
        let ending = JournalEnding.tornTail(offset: sample.bytes.count, bytes: count)
        #expect(DamageRead.readAll(url) == .read(sample.records, ending))
        let journal = try #require(try? DamageRead.open(url).get())
        #expect(journal.index.ending == ending)
        #expect(journal.index.unwrittenBytes == 0)
        #expect(journal.index.close != nil)
    }

    /// A frame header's worth of zeros or more after the last frame is no frame's start (type 0
    /// is never written): it is space a recorder reserved and did not fill, and the journal
    /// ends as its frames say, whether closed or not.
    @Test(arguments: [17, 18, 100, 4096, 100_000])
    func trailingZerosAreUnwrittenSpace(count: Int) throws {
        let sample = try DamageSample()
        let url = try sample.file(sample.bytes + [UInt8](repeating: 0, count: count))
        #expect(DamageRead.readAll(url) == .read(sample.records, .closed))
        let journal = try #require(try? DamageRead.open(url).get())
        #expect(journal.index.ending == .closed)
        #expect(journal.index.unwrittenBytes == count)
        #expect(journal.stepCount == 12)

        let last = try #require(sample.frames.last)
        let open = try sample.file(Array(sample.bytes.prefix(last.offset)) + [UInt8](repeating: 0, count: count))
        #expect(DamageRead.readAll(open) == .read(Array(sample.records.dropLast()), .open))
        let unclosed = try #require(try? DamageRead.open(open).get())
        #expect(unclosed.index.unwrittenBytes == count)

        // One byte that is not zero anywhere in them, and they are damage again.
        var marked = sample.bytes + [UInt8](repeating: 0, count: count)
        marked[sample.bytes.count + count / 2] = 1
        let damaged = try sample.file(marked)
        #expect(DamageRead.readAll(damaged) == .read(sample.records, .tornTail(offset: sample.bytes.count, bytes: count)))
    }

    /// What a power loss can leave: the file's size covers frames whose data never reached
    /// the disk, so from some byte inside a frame to the end there are only zeros. The frame
    /// header survived, its payload did not; nothing valid follows. That is a torn tail at
    /// the damaged frame, not corruption in the middle.
    @Test func zerosFromInsideAFrameToTheEndAreATornTail() throws {
        let sample = try DamageSample()
        for back in 2...4 {
            let damaged = sample.frames[sample.frames.count - back]
            for start in [damaged.offset + 17, damaged.offset + damaged.size / 2, damaged.end - 1] {
                var bytes = sample.bytes
                bytes.replaceSubrange(start..., with: [UInt8](repeating: 0, count: bytes.count - start))
                let url = try sample.file(bytes)
                let expected = DamageOutcome.read(
                    Array(sample.records.prefix(sample.frames.count - back)),
                    .tornTail(offset: damaged.offset, bytes: bytes.count - damaged.offset)
                )
                #expect(DamageRead.readAll(url) == expected, "zeros from byte \(start) of frame at \(damaged.offset) to the end")
            }
        }
    }

    // MARK: Damage in the middle

    private func expectCorruptFrame(_ sample: DamageSample, _ bytes: [UInt8], at offset: Int, reason: String? = nil, _ comment: Comment) throws {
        let url = try sample.file(bytes)
        let (visited, result) = DamageRead.scan(url)
        // Every frame before the damage was handed out before the error.
        #expect(visited == sample.frames.map(\.offset).filter { $0 < offset }, comment)
        switch result {
        case .failure(.corruptFrame(let path, let found, let foundReason)):
            #expect(path == url.path, comment)
            #expect(found == offset, comment)
            if let reason { #expect(foundReason == reason, comment) }
            let error = JournalError.corruptFrame(path: path, offset: found, reason: foundReason)
            #expect(error.description.contains("offset \(offset)"), comment)
        case let other:
            Issue.record("expected a corrupt frame at offset \(offset), got \(other): \(comment)")
        }
        #expect(DamageRead.readAll(url).error?.frameOffset == offset, comment)
        if case .success = DamageRead.open(url) { Issue.record("Journal opened a corrupt file: \(comment)") }
    }

    /// Any byte of a middle frame after its length field changed, by one bit or by all.
    @Test func flippedByteInAMiddleFrame() throws {
        let sample = try DamageSample()
        for index in [1, sample.frames.count / 2, sample.frames.count - 2] {
            let frame = sample.frames[index]
            for position in 4..<frame.size {
                for mask: UInt8 in [0x01, 0x80, 0xFF] {
                    var bytes = sample.bytes
                    bytes[frame.offset + position] ^= mask
                    try expectCorruptFrame(sample, bytes, at: frame.offset, reason: "checksum mismatch", "frame \(index), byte \(position) ^ \(mask)")
                }
            }
        }
    }

    /// A damaged length field in a middle frame is damage in the middle too: valid frames
    /// follow. Whatever length it now declares (shorter, longer, past the end of the file,
    /// over the limit), the reader must say so at that frame, never report a torn tail and
    /// drop the frames after it.
    @Test func flippedLengthByteInAMiddleFrame() throws {
        let sample = try DamageSample()
        let index = sample.frames.count / 2
        let frame = sample.frames[index]
        for position in 0..<4 {
            for mask: UInt8 in [0x01, 0x02, 0x40, 0x80, 0xFF] {
                var bytes = sample.bytes
                bytes[frame.offset + position] ^= mask
                let url = try sample.file(bytes)
                let outcome = DamageRead.readAll(url)
                #expect(outcome.error?.frameOffset == frame.offset, "length byte \(position) ^ \(mask): \(outcome)")
            }
        }
    }

    @Test(arguments: [UInt32.max, UInt32(JournalFormat.maximumPayloadSize + 1), 0x8000_0000])
    func hugeLengthInTheMiddle(length: UInt32) throws {
        let sample = try DamageSample()
        for index in [0, sample.frames.count / 2, sample.frames.count - 1] {
            let frame = sample.frames[index]
            var bytes = sample.bytes
            bytes.replaceSubrange(frame.offset..<(frame.offset + 4), with: FormatSpec.littleEndian(UInt64(length), width: 4))
            let url = try sample.file(bytes)
            let (visited, result) = DamageRead.scan(url)
            #expect(visited == sample.frames.prefix(index).map(\.offset))
            let expected = JournalError.frameTooLarge(path: url.path, offset: frame.offset, length: Int(length))
            #expect(result == .failure(expected), "frame \(index)")
            #expect(DamageRead.readAll(url) == .failed(expected))
            #expect(expected.description.contains("offset \(frame.offset)"))
            #expect(expected.description.contains("\(length) bytes"))
            #expect(expected.description.contains("\(JournalFormat.maximumPayloadSize)"))
        }
    }

    @Test func wrongSequenceNumber() throws {
        let sample = try DamageSample()
        for index in [0, sample.frames.count / 2, sample.frames.count - 1] {
            for sequence: UInt64 in [UInt64(index) + 1, UInt64(index) &- 1, UInt64(index) + 1000, UInt64.max] {
                let frame = sample.frameBytes(index)
                let reframed = FormatSpec.frame(type: frame[8], sequence: sequence, payload: Array(frame[17...]), salt: sample.salt)
                var bytes = sample.bytes
                bytes.replaceSubrange(sample.frames[index].offset..<sample.frames[index].end, with: reframed)
                try expectCorruptFrame(sample, bytes, at: sample.frames[index].offset, reason: "frame \(sequence) where frame \(index) was expected", "frame \(index) numbered \(sequence)")
            }
        }
    }

    @Test func duplicatedFrame() throws {
        let sample = try DamageSample()
        let index = sample.frames.count / 2
        let frame = sample.frames[index]
        var bytes = sample.bytes
        bytes.insert(contentsOf: sample.frameBytes(index), at: frame.end)
        try expectCorruptFrame(sample, bytes, at: frame.end, reason: "frame \(index) where frame \(index + 1) was expected", "frame \(index) twice")
    }

    @Test func droppedFrame() throws {
        let sample = try DamageSample()
        let index = sample.frames.count / 2
        let frame = sample.frames[index]
        var bytes = sample.bytes
        bytes.removeSubrange(frame.offset..<frame.end)
        try expectCorruptFrame(sample, bytes, at: frame.offset, reason: "frame \(index + 1) where frame \(index) was expected", "frame \(index) missing")
    }

    @Test func swappedFrames() throws {
        let sample = try DamageSample()
        let index = sample.frames.count / 2
        var bytes = Array(sample.bytes[..<sample.frames[index].offset])
        bytes += sample.frameBytes(index + 1) + sample.frameBytes(index)
        bytes += sample.bytes[sample.frames[index + 1].end...]
        try expectCorruptFrame(sample, bytes, at: sample.frames[index].offset, reason: "frame \(index + 1) where frame \(index) was expected", "frames \(index) and \(index + 1) swapped")
    }

    /// A frame of another journal (another salt) does not validate, even with the right
    /// sequence number in the right place.
    @Test func frameFromAnotherJournal() throws {
        let sample = try DamageSample()
        let other = FormatSpec.resalted(sample.bytes, salt: Array(repeating: 0xA5, count: 16))
        let index = sample.frames.count / 2
        let frame = sample.frames[index]
        var bytes = sample.bytes
        bytes.replaceSubrange(frame.offset..<frame.end, with: other[frame.offset..<frame.end])
        try expectCorruptFrame(sample, bytes, at: frame.offset, reason: "checksum mismatch", "frame \(index) from another journal")
    }

    @Test func validFrameWithAnUndecodablePayload() throws {
        let sample = try DamageSample()
        var frames = sample.framePayloads
        // An atom definition whose id is not UTF-8.
        frames.insert((1, [0x09, 0x02, 0xC3, 0x28, 0x00, 0x00, 0x00]), at: 3)
        let bytes = sample.rebuilt(frames)
        let offset = sample.frames[3].offset
        let url = try sample.file(bytes)
        guard case .failed(.corruptFrame(_, offset, let reason)) = DamageRead.readAll(url) else {
            Issue.record("readAll: \(DamageRead.readAll(url))")
            return
        }
        #expect(reason.hasPrefix("record payload"))
        guard case .failure(.corruptFrame(_, offset, _)) = DamageRead.open(url) else {
            Issue.record("Journal did not report the frame at \(offset)")
            return
        }
    }

    // MARK: Versions

    @Test func unknownRecordTypesAreSkippedAndCounted() throws {
        let sample = try DamageSample()
        var frames = sample.framePayloads
        let closeFrame = frames.removeLast()
        frames.insert((42, [0x01, 0x02, 0x03]), at: 2)
        frames.insert((0, []), at: 6)
        frames.insert((8, [UInt8](repeating: 0xEE, count: 300)), at: 10)
        frames.insert((255, [0x04]), at: frames.count)
        frames.append(closeFrame)
        for minor: UInt16 in [0, 3] {
            let bytes = FormatSpec.withVersion(sample.rebuilt(frames), major: 1, minor: minor)
            let url = try sample.file(bytes)
            #expect(DamageRead.readAll(url) == .read(sample.records, .closed))
            let journal = try #require(try? DamageRead.open(url).get())
            #expect(journal.index.unknownRecords == 4)
            #expect(journal.index.ending == .closed)
            #expect(journal.stepCount == 12)
            let steps = sample.records.compactMap { record -> JournalStep? in
                if case .step(let step) = record { step } else { nil }
            }
            for position in steps.indices {
                #expect(try journal.step(at: position) == steps[position])
            }
        }
    }

    /// A record of an unknown type after the close record: the journal no longer ends in a
    /// close record, so it is open (section 8).
    @Test func unknownRecordAfterTheClose() throws {
        let sample = try DamageSample()
        let url = try sample.file(sample.rebuilt(sample.framePayloads + [(99, [])]))
        #expect(DamageRead.readAll(url) == .read(sample.records, .open))
        let journal = try #require(try? DamageRead.open(url).get())
        #expect(journal.index.unknownRecords == 1)
        #expect(journal.index.close != nil)
    }

    /// What a later minor version may append. After an unnamed subscriber definition it first
    /// writes the name field as the empty string (section 6), which reads as no name.
    @Test func bytesAfterTheKnownFieldsOfAValidFrameAreIgnored() throws {
        let sample = try DamageSample()
        let frames = sample.framePayloads.map { frame in
            (frame.type, frame.payload + FormatSpec.laterFields(of: RecordType(rawValue: frame.type)))
        }
        let url = try sample.file(sample.rebuilt(frames))
        #expect(DamageRead.readAll(url) == .read(sample.records, .closed))
    }

    // MARK: Hostile frames with valid checksums

    /// A crafted file whose frames all validate but whose second step's commit delta pushes
    /// the commit past `Int.max`. `JournalIndex` adds the delta in `Int64` without an overflow
    /// check; it must report a corrupt frame, not trap. Run in a child process.
    @Test func stepCommitDeltaOverflowIsRejectedNotTrapped() async {
        await #expect(processExitsWith: .success) {
            guard let folder = try? FormatScratchFolder("commitOverflowChild") else { exit(4) }
            var keyframe = ByteWriter()
            keyframe.varint(UInt64(1))  // commit 1
            keyframe.signed(0)          // time 0
            keyframe.varint(UInt64(0)); keyframe.varint(UInt64(0)); keyframe.varint(UInt64(0))
            var step = ByteWriter()
            step.signed(Int64.max)      // commit 1 + (2^63 - 1): past Int.max
            step.signed(0)
            step.bytes += [0x01, 0x00, 0x00, 0x00]
            var bytes = JournalHeader(salt: FormatSpec.vectorSalt, metadata: [:]).encoded()
            bytes += FormatSpec.frame(type: 5, sequence: 0, payload: keyframe.bytes, salt: FormatSpec.vectorSalt)
            bytes += FormatSpec.frame(type: 4, sequence: 1, payload: step.bytes, salt: FormatSpec.vectorSalt)
            guard let url = try? folder.write(bytes) else { exit(4) }
            // The sequential decoder checks the range.
            guard case .failed(.corruptFrame) = DamageRead.readAll(url) else { exit(3) }
            // The index must too.
            guard case .failure(.corruptFrame) = DamageRead.open(url) else { exit(5) }
        }
    }

    /// A crafted file whose frames all validate but whose mark's label declares one byte more
    /// than the payload holds (the length counts its own length byte). Run in a child process.
    @Test func stringRunningOneBytePastThePayloadIsRejectedNotTrapped() async {
        await #expect(processExitsWith: .success) {
            guard let folder = try? FormatScratchFolder("stringOverrunChild") else { exit(4) }
            var bytes = JournalHeader(salt: FormatSpec.vectorSalt, metadata: [:]).encoded()
            bytes += FormatSpec.frame(type: 6, sequence: 0, payload: [0x00, 0x00, 0x03, 0x61, 0x62], salt: FormatSpec.vectorSalt)
            bytes += FormatSpec.frame(type: 7, sequence: 1, payload: [0x00, 0x00, 0x00], salt: FormatSpec.vectorSalt)
            guard let url = try? folder.write(bytes) else { exit(4) }
            guard case .failed(.corruptFrame) = DamageRead.readAll(url) else { exit(3) }
            guard case .failure(.corruptFrame) = DamageRead.open(url) else { exit(5) }
        }
    }

    // MARK: Descriptions

    @Test func descriptionsNameWhereTheDamageIs() {
        let path = "/tmp/app.journal"
        #expect(JournalError.corruptFrame(path: path, offset: 4711, reason: "checksum mismatch").description
            == "/tmp/app.journal is damaged at offset 4711 (checksum mismatch); later records exist but cannot be trusted")
        #expect(JournalError.frameTooLarge(path: path, offset: 99, length: 1 << 30).description.contains("offset 99"))
        #expect(JournalEnding.tornTail(offset: 283, bytes: 5).description == "torn tail at offset 283 (5 bytes)")
        #expect(JournalError.truncatedHeader(path: path, bytes: 12).description.contains("12 bytes"))
        for error in [
            JournalError.empty(path: path), .notAJournal(path: path), .truncatedHeader(path: path, bytes: 1),
            .corruptHeader(path: path, reason: "r"), .newerMajorVersion(path: path, found: 2, supported: 1),
            .corruptFrame(path: path, offset: 1, reason: "r"), .frameTooLarge(path: path, offset: 1, length: 1),
        ] {
            #expect(error.description.contains(path))
            #expect(!error.description.contains("\n"))
        }
    }
}
