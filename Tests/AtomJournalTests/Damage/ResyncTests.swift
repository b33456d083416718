@testable import AtomJournal
import Foundation
import Testing

/// The search for valid frames after damage: linear work whatever the damage holds, and
/// every valid frame after it found.
@Suite struct ResyncTests {
    static let size = 1 << 20

    @Test func aShiftEqualsRunningTheRegisterOverZeros() {
        var generator = FormatSeededRandom(seed: 7)
        for count in [0, 1, 2, 15, 16, 17, 255, 256, 4095, 4096, 65_537, 1_000_003] {
            let start = UInt32(truncatingIfNeeded: generator.next())
            var expected = start
            CRC32C.tables.withUnsafeBufferPointer { table in
                for _ in 0..<count { expected = CRC32C.step(expected, 0, table) }
            }
            #expect(CRC32C.shift(start, bytes: count) == expected, "\(count) bytes")
        }
    }

    @Test func unmaskUndoesMask() {
        var generator = FormatSeededRandom(seed: 8)
        for _ in 0..<1000 {
            let value = UInt32(truncatingIfNeeded: generator.next())
            #expect(CRC32C.unmask(CRC32C.mask(value)) == value)
        }
    }

    @Test(arguments: AdversarialJournal.Shape.allCases)
    func everyFrameAfterTheGarbageIsFoundWithLinearWork(_ shape: AdversarialJournal.Shape) throws {
        let sample = try DamageSample(name: "resync-\(shape)")
        let journal = AdversarialJournal(header: Array(sample.bytes[0..<sample.headerSize]), salt: sample.salt, shape: shape, size: Self.size)
        let url = try sample.file(journal.bytes)
        let reader = try JournalReader(url: url)
        var visited: [(Int, UInt64)] = []
        var damage: [JournalDamage] = []
        let ending = try reader.scanFrames(reportingDamage: { damage.append($0) }) { frame throws(JournalError) in
            visited.append((frame.offset, frame.sequence))
        }
        #expect(ending == .open)
        let before = journal.framesBefore.enumerated().map { ($0.element, UInt64($0.offset)) }
        #expect(visited.map(\.0) == before.map(\.0) + journal.framesAfter.map(\.offset))
        #expect(visited.map(\.1) == before.map(\.1) + journal.framesAfter.map(\.sequence))
        let first = try #require(journal.framesAfter.first)
        #expect(damage.count == 1)
        #expect(damage.first?.offset == journal.garbage.lowerBound)
        #expect(damage.first?.resumeOffset == first.offset)
        #expect(damage.first?.lostFrames == first.sequence - UInt64(before.count))
        // The work: each byte read once or twice (the window overlaps by a frame header),
        // checksummed at most twice (the frame the search stops at is read again), swept at
        // most twice (a search split between two threads settles the first half's candidates
        // over bytes the second half swept).
        let work = reader.work
        #expect(work.bytesRead <= 2 * journal.bytes.count, "\(work)")
        #expect(work.bytesChecksummed <= 2 * journal.bytes.count, "\(work)")
        #expect(work.bytesSwept <= 2 * journal.bytes.count, "\(work)")
        #expect(work.candidates <= journal.bytes.count / 8, "\(work)")
    }

    @Test(arguments: [AdversarialJournal.Shape.headersToEnd, .denseHeaders, .zeros])
    func aStrictScanNamesTheDamageAndStaysLinear(_ shape: AdversarialJournal.Shape) throws {
        let sample = try DamageSample(name: "resync-strict-\(shape)")
        let journal = AdversarialJournal(header: Array(sample.bytes[0..<sample.headerSize]), salt: sample.salt, shape: shape, size: Self.size)
        let reader = try JournalReader(url: try sample.file(journal.bytes))
        var visited = 0
        #expect(throws: JournalError.corruptFrame(path: reader.path, offset: journal.garbage.lowerBound, reason: "checksum mismatch")) {
            _ = try reader.scanFrames { _ throws(JournalError) in visited += 1 }
        }
        #expect(visited == journal.framesBefore.count)
        #expect(reader.work.bytesSwept <= 2 * journal.bytes.count)
        #expect(reader.work.bytesChecksummed <= 2 * journal.bytes.count)
    }

    @Test func garbageThatNothingValidFollowsIsATornTail() throws {
        let sample = try DamageSample()
        let journal = AdversarialJournal(header: Array(sample.bytes[0..<sample.headerSize]), salt: sample.salt, shape: .headersToEnd, size: Self.size)
        let cut = Array(journal.bytes[0..<journal.garbage.upperBound])
        let reader = try JournalReader(url: try sample.file(cut))
        var damage: [JournalDamage] = []
        let ending = try reader.scanFrames(reportingDamage: { damage.append($0) }) { _ throws(JournalError) in }
        #expect(ending == .tornTail(offset: journal.garbage.lowerBound, bytes: journal.garbage.count))
        #expect(damage.isEmpty)
        #expect(reader.work.bytesSwept <= 2 * cut.count)
    }

    @Test func eachOfSeveralDamagedRunsIsReportedAndReadPast() throws {
        let sample = try DamageSample()
        var frames = sample.framePayloads.map { (type: $0.type, payload: $0.payload) }
        frames += frames + frames
        var bytes = sample.rebuilt(frames)
        let (_, spans) = FormatSpec.layout(of: bytes)
        // Overwrite the checksums of three frames far apart, and drop one frame's worth of
        // sequence numbers by removing a whole frame.
        let damaged = [2, 9, 15]
        for index in damaged { bytes[spans[index].offset + 5] ^= 0x5A }
        let removed = spans[20]
        bytes.removeSubrange(removed.offset..<removed.end)
        let reader = try JournalReader(url: try sample.file(bytes))
        var visited: [UInt64] = []
        var damage: [JournalDamage] = []
        _ = try reader.scanFrames(reportingDamage: { damage.append($0) }) { frame throws(JournalError) in visited.append(frame.sequence) }
        let kept = (0..<UInt64(spans.count)).filter { !damaged.map(UInt64.init).contains($0) && $0 != 20 }
        #expect(visited == kept)
        #expect(damage.map(\.offset) == damaged.map { spans[$0].offset } + [removed.offset])
        #expect(damage.map(\.resumeOffset) == damaged.map { spans[$0 + 1].offset } + [removed.offset])
        #expect(damage.map(\.lostFrames) == [1, 1, 1, 1])
        #expect(damage.last?.description.contains("1 frame missing before offset \(removed.offset)") == true)
    }
}

/// Sequence numbers near the top of their range, which a crafted file can carry with a valid
/// checksum (the salt is in the header).
@Suite struct ExtremeSequenceTests {
    @Test(arguments: [UInt64.max, UInt64.max - 1, 1 << 62])
    func aHugeSequenceIsDamageNotATrap(_ sequence: UInt64) throws {
        let sample = try DamageSample()
        var bytes = Array(sample.bytes[0..<sample.headerSize])
        bytes += FormatSpec.frame(type: 6, sequence: sequence, payload: [1, 2, 3], salt: sample.salt)
        bytes += FormatSpec.frame(type: 6, sequence: sequence &+ 1, payload: [4], salt: sample.salt)
        let reader = try JournalReader(url: try sample.file(bytes))
        // Read past: the first frame is damage, whatever follows it.
        var damage: [JournalDamage] = []
        do {
            _ = try reader.scanFrames(reportingDamage: { damage.append($0) }) { _ throws(JournalError) in }
        } catch {
            #expect(error.frameOffset == sample.headerSize, "\(error)")
        }
        #expect(damage.allSatisfy { $0.offset == sample.headerSize }, "\(damage)")
        #expect(throws: JournalError.self) {
            _ = try reader.scanFrames { _ throws(JournalError) in }
        }
    }
}
