@testable import AtomJournal
import Foundation
import Testing

/// A search after damage split between two threads must give the answer of one sweep in the
/// cases where the halves meet: a frame of the second half that ends before one of the first
/// half, and candidates of the second half still pending when the chunk ends.
@Suite(.enabled(if: JournalReader.frameSearchKernel, "needs SSE 4.2 and carry-less multiply"))
struct SplitSearchTests {
    /// The first valid frame after the damage at the end of `prefix`, as both searches see it.
    private static func resumption(_ bytes: [UInt8], sample: DamageSample, split: SearchSplit) throws -> (portable: JournalDamage?, split: JournalDamage?) {
        let url = try sample.file(bytes)
        let portable = FrameSearchKernelTests.scan(url, portably: true)
        let divided = FrameSearchKernelTests.scan(url, portably: false, split: split)
        #expect(divided.answer == portable.answer)
        return (portable.damage.first, divided.damage.first)
    }

    /// Writes a frame at `offset` of `bytes` whose payload is what `bytes` already holds there.
    private static func plant(_ bytes: inout [UInt8], at offset: Int, sequence: UInt64, payload: Int, salt: [UInt8]) {
        let frame = FormatSpec.frame(type: 4, sequence: sequence, payload: Array(bytes[(offset + 17)..<(offset + 17 + payload)]), salt: salt)
        bytes.replaceSubrange(offset..<(offset + frame.count), with: frame)
    }

    /// Valid frames, then `count` random bytes of damage.
    private struct Garbled {
        let sample: DamageSample
        var bytes: [UInt8]
        /// Where the damage starts.
        let damaged: Int
        /// The sequence number the first frame after it should have.
        let expected: UInt64

        init(_ count: Int, seed: UInt64, name: String = #function) throws {
            sample = try DamageSample(name: name)
            bytes = sample.rebuilt(sample.framePayloads)
            damaged = bytes.count
            expected = UInt64(sample.framePayloads.count)
            var generator = FormatSeededRandom(seed: seed)
            bytes += (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        }

        mutating func plant(at offset: Int, sequence: UInt64, payload: Int) {
            SplitSearchTests.plant(&bytes, at: offset, sequence: sequence, payload: payload, salt: sample.salt)
        }

        func resumption(_ split: SearchSplit) throws -> (portable: JournalDamage?, split: JournalDamage?) {
            try SplitSearchTests.resumption(bytes, sample: sample, split: split)
        }
    }

    @Test func aFrameAfterTheSplitThatEndsFirstWins() throws {
        var journal = try Garbled(4_000, seed: 3)
        let damaged = journal.damaged, expected = journal.expected
        // One frame starts before the split (at about 2,000 bytes in) and runs past it; the
        // other starts after the split, inside the first one's payload, and ends first.
        let inner = damaged + 2_400
        journal.plant(at: inner, sequence: expected + 1, payload: 20)
        journal.plant(at: damaged + 32, sequence: expected, payload: 3_000)
        let found = try journal.resumption(SearchSplit(alone: 0, minimum: 32))
        #expect(found.portable?.resumeOffset == inner)
        #expect(found.split?.resumeOffset == inner)
    }

    @Test func aFrameOfTheFirstHalfThatEndsWithOneOfTheSecondWins() throws {
        var journal = try Garbled(4_000, seed: 4)
        let damaged = journal.damaged, expected = journal.expected
        // Both end at the same byte; the one that starts first (before the split) is the answer.
        let outer = damaged + 32
        journal.plant(at: damaged + 2_400, sequence: expected + 1, payload: 600 - 17)
        journal.plant(at: outer, sequence: expected, payload: 3_000 - 32 - 17)
        let found = try journal.resumption(SearchSplit(alone: 0, minimum: 32))
        #expect(found.portable?.resumeOffset == outer)
        #expect(found.split?.resumeOffset == outer)
    }

    /// A frame that starts in the second half of one chunk (4 MiB) and ends in the next: the
    /// first half takes it over, moved into its own register, when the halves are joined.
    @Test func aCandidateOfTheSecondHalfIsCarriedIntoTheNextChunk() throws {
        let chunk = JournalReader.chunkSize
        var journal = try Garbled(chunk + 8_192, seed: 5)
        let damaged = journal.damaged, expected = journal.expected
        let crossing = damaged + 1 + chunk - 600
        journal.plant(at: crossing, sequence: expected + 1, payload: 1_000)
        // And one of the first half that crosses too but ends later.
        journal.plant(at: damaged + 100, sequence: expected, payload: chunk + 2_000)
        let found = try journal.resumption(SearchSplit())
        #expect(found.portable?.resumeOffset == crossing)
        #expect(found.split?.resumeOffset == crossing)
    }

    /// When no thread takes the second half up, the first sweeps it itself.
    @Test func aSecondHalfNoThreadTookIsSweptByTheFirst() throws {
        var journal = try Garbled(4_000, seed: 6)
        let damaged = journal.damaged, expected = journal.expected
        let late = damaged + 3_000
        journal.plant(at: late, sequence: expected, payload: 100)
        let found = try journal.resumption(SearchSplit(alone: 0, minimum: 32, handsOver: false))
        #expect(found.portable?.resumeOffset == late)
        #expect(found.split?.resumeOffset == late)
    }
}
