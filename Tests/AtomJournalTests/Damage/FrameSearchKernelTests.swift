@testable import AtomJournal
import CCRC32C
import Foundation
import Testing

/// The search after damage in C (`JournalReader+ResyncKernel.swift`) against the Swift loop it
/// speeds up: the same frames, the same damage, the same work, on every shape the search was
/// built against and on many journals damaged at random; and, split between two threads, the
/// same frames and damage with each byte swept at most twice.
@Suite(.enabled(if: JournalReader.frameSearchKernel, "needs SSE 4.2 and carry-less multiply"))
struct FrameSearchKernelTests {
    @Test func theCarrylessShiftEqualsTheTables() {
        var generator = FormatSeededRandom(seed: 9)
        let maximum = Int(ATOMSCOPE_CRC32C_SHIFT_MAXIMUM)
        // Around each end of each table, and the two ends of the range.
        let counts = [9, 10, 16, 17, 24, 4_104, 4_105, 4_106, 65_545, 1_000_003, (1 << 24) + 9, maximum - 1, maximum]
        for count in counts {
            for _ in 0..<20 {
                let register = UInt32(truncatingIfNeeded: generator.next())
                #expect(CRC32C.shift(register, bytes: count) == CRC32C.shiftWithTables(register, bytes: count), "\(count) bytes")
            }
        }
    }

    @Test(arguments: AdversarialJournal.Shape.allCases)
    func everyAdversarialShapeGivesTheSameAnswer(_ shape: AdversarialJournal.Shape) throws {
        let sample = try DamageSample(name: "kernel-\(shape)")
        let journal = AdversarialJournal(header: Array(sample.bytes[0..<sample.headerSize]), salt: sample.salt, shape: shape, size: 1 << 20)
        let url = try sample.file(journal.bytes)
        let portable = Self.scan(url, portably: true)
        let kernel = Self.scan(url, portably: false)
        #expect(kernel == portable)
        #expect(kernel.damage.count == 1, "\(kernel)")
        // 1 MiB of damage: split with the reader's own thresholds.
        let split = Self.scan(url, portably: false, split: SearchSplit())
        #expect(split.answer == portable.answer)
        #expect(split.swept > portable.swept / 2 && split.swept <= 2 * portable.swept, "\(split) against \(portable)")
    }

    /// Garbage that repeats one length makes the search test candidates of that length where
    /// they start (a register running that many bytes ahead); a valid frame of the same length
    /// among them must still be found, and the garbage's candidates still counted.
    @Test(arguments: [0, 5, 9, 40, 300])
    func aValidFrameAmongManyOfItsLengthIsFound(lengthBeyondExpected: Int) throws {
        let sample = try DamageSample()
        var bytes = sample.rebuilt(sample.framePayloads)
        let expected = UInt64(sample.framePayloads.count)
        let damaged = bytes.count
        // A type byte and `sequence` every 9 bytes: each offset 8 before a type byte is a
        // header whose length is `sequence` (the previous one's low bytes).
        let sequence = expected + UInt64(lengthBeyondExpected)
        let length = Int(sequence)
        var garbage: [UInt8] = []
        while garbage.count < 30_000 {
            garbage.append(4)
            garbage += (0..<8).map { UInt8(truncatingIfNeeded: sequence >> (8 * UInt64($0))) }
        }
        bytes += garbage
        // One of those headers, well into the garbage, made valid: only its checksum field
        // (the high bytes of the sequence before it) changes, so that the garbage around it
        // keeps its shape and the search keeps testing candidates of this length early.
        let planted = damaged + 9 * 2_223 - 8
        let frame = FormatSpec.frame(type: 4, sequence: sequence, payload: Array(bytes[(planted + 17)..<(planted + 17 + length)]), salt: sample.salt)
        #expect(Array(frame[0..<4]) == Array(bytes[planted..<(planted + 4)]) && Array(frame[8..<17]) == Array(bytes[(planted + 8)..<(planted + 17)]))
        bytes.replaceSubrange((planted + 4)..<(planted + 8), with: frame[4..<8])
        let url = try sample.file(bytes)
        let kernel = Self.scan(url, portably: false)
        let portable = Self.scan(url, portably: true)
        #expect(kernel.answer == portable.answer)
        #expect(kernel.swept == portable.swept)
        // The C search tests the ends in a block of 16 bytes before the starts in it, so when
        // a frame ends in a block it has not counted the garbage's candidates that start there
        // before that end; the Swift search, a byte at a time, has.
        #expect(abs(kernel.candidates - portable.candidates) <= 16, "\(kernel) against \(portable)")
        #expect(kernel.damage.first?.resumeOffset == planted, "\(kernel)")
        #expect(kernel.candidates > 1_000, "\(kernel)")
    }

    /// A file larger than one chunk (4 MiB), so that candidates cross from one to the next.
    @Test func candidatesThatCrossAChunkGiveTheSameAnswer() throws {
        let sample = try DamageSample()
        let journal = AdversarialJournal(header: Array(sample.bytes[0..<sample.headerSize]), salt: sample.salt, shape: .mixedLengths, size: 9 << 20)
        let url = try sample.file(journal.bytes)
        let kernel = Self.scan(url, portably: false)
        let portable = Self.scan(url, portably: true)
        #expect(kernel == portable)
        #expect(kernel.frames.suffix(journal.framesAfter.count) == journal.framesAfter.map(\.offset))
        // Each chunk split, the second half's candidates carried into the next chunk.
        let split = Self.scan(url, portably: false, split: SearchSplit())
        #expect(split.answer == portable.answer)
        #expect(split.swept <= 2 * portable.swept, "\(split) against \(portable)")
    }

    /// Journals damaged at random: bytes flipped, garbage and real frames (valid, under the
    /// journal's own salt) inserted where they do not belong, the end cut.
    @Test func randomDamageGivesTheSameAnswer() throws {
        let sample = try DamageSample()
        var generator = FormatSeededRandom(seed: 14)
        let payloads = sample.framePayloads
        for round in 0..<300 {
            var frames: [(type: UInt8, payload: [UInt8])] = []
            for _ in 0..<(4 + Int(generator.next() % 40)) {
                frames.append(payloads[Int(generator.next() % UInt64(payloads.count))])
            }
            var bytes = sample.rebuilt(frames)
            let body = sample.headerSize..<bytes.count
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                let at = body.lowerBound + Int(generator.next() % UInt64(max(bytes.count - body.lowerBound, 1)))
                switch generator.next() % 4 {
                case 0:
                    bytes[min(at, bytes.count - 1)] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
                case 1:
                    let garbage = (0..<Int(generator.next() % 64)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                    bytes.insert(contentsOf: garbage, at: at)
                case 2:
                    let sequence = generator.next() % UInt64(frames.count + 3)
                    let frame = payloads[Int(generator.next() % UInt64(payloads.count))]
                    bytes.insert(contentsOf: FormatSpec.frame(type: frame.type, sequence: sequence, payload: frame.payload, salt: sample.salt), at: at)
                default:
                    bytes.removeSubrange(max(at, body.lowerBound + 1)..<bytes.count)
                }
            }
            let url = try sample.file(bytes)
            let portable = Self.scan(url, portably: true)
            #expect(Self.scan(url, portably: false) == portable, "round \(round)")
            // Split wherever a few bytes are left, so that frames straddle the split, end in
            // the first half, the second, or exactly where the second half found one.
            // Every fifth round, no thread takes the second half and the first takes it back.
            let split = Self.scan(url, portably: false, split: SearchSplit(alone: Int(generator.next() % 3) * 16, minimum: 32, handsOver: round % 5 != 0))
            #expect(split.answer == portable.answer, "round \(round)")
            // A second half whose first half found a frame sweeps on until it sees that:
            // bounded by the file, not by where the answer was.
            #expect(split.swept <= 2 * bytes.count, "round \(round): \(split) against \(portable)")
        }
    }

    struct Outcome: Equatable, CustomStringConvertible {
        var frames: [Int] = []
        var damage: [JournalDamage] = []
        var ending: JournalEnding?
        var error: JournalError?
        var swept = 0
        var candidates = 0

        /// What the scan found, whatever work it took.
        var answer: [String] { [frames.description, damage.description, String(describing: ending), String(describing: error)] }

        var description: String {
            "\(frames.count) frames, damage \(damage), ending \(String(describing: ending)), error \(String(describing: error)), swept \(swept), candidates \(candidates)"
        }
    }

    static func scan(_ url: URL, portably: Bool, split: SearchSplit = .never) -> Outcome {
        var outcome = Outcome()
        do throws(JournalError) {
            let reader = try JournalReader(url: url)
            reader.searchesPortably = portably
            reader.searchSplit = split
            defer {
                outcome.swept = reader.work.bytesSwept
                outcome.candidates = reader.work.candidates
            }
            outcome.ending = try reader.scanFrames(reportingDamage: { outcome.damage.append($0) }) { frame throws(JournalError) in
                outcome.frames.append(frame.offset)
            }
        } catch {
            outcome.error = error
        }
        return outcome
    }
}
