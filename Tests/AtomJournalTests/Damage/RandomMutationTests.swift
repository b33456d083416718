@testable import AtomJournal
import Foundation
import Testing

/// Seeded random damage to a real journal: whatever the bytes, the reader returns records and
/// an ending or a `JournalError`, never crashes or hangs, never returns a record that was not
/// written, and never loses a frame that lies wholly before the first damaged byte.
@Suite("Random mutations")
struct RandomMutationTests {
    private enum Mutation: CaseIterable {
        case flipBits, setByte, truncate, insertBytes, duplicateRange, deleteRange, zeroRange, hugeLength, swapRanges
    }

    private static func mutate(_ bytes: inout [UInt8], using random: inout FormatSeededRandom, frames: [FormatSpec.FrameSpan]) {
        guard !bytes.isEmpty else {
            bytes = (0..<Int.random(in: 1...40, using: &random)).map { _ in UInt8.random(in: .min ... .max, using: &random) }
            return
        }
        switch Mutation.allCases.randomElement(using: &random)! {
        case .flipBits:
            let index = Int.random(in: bytes.indices, using: &random)
            bytes[index] ^= UInt8.random(in: 1 ... .max, using: &random)
        case .setByte:
            bytes[Int.random(in: bytes.indices, using: &random)] = [0x00, 0xFF, 0x80, 0x7F, UInt8.random(in: .min ... .max, using: &random)].randomElement(using: &random)!
        case .truncate:
            bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &random)...)
        case .insertBytes:
            let count = Int.random(in: 1...32, using: &random)
            let inserted = (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &random) }
            bytes.insert(contentsOf: inserted, at: Int.random(in: 0...bytes.count, using: &random))
        case .duplicateRange:
            let start = Int.random(in: 0..<bytes.count, using: &random)
            let end = min(bytes.count, start + Int.random(in: 1...200, using: &random))
            let copy = Array(bytes[start..<end])
            bytes.insert(contentsOf: copy, at: Int.random(in: 0...bytes.count, using: &random))
        case .deleteRange:
            let start = Int.random(in: 0..<bytes.count, using: &random)
            bytes.removeSubrange(start..<min(bytes.count, start + Int.random(in: 1...64, using: &random)))
        case .zeroRange:
            let start = Int.random(in: 0..<bytes.count, using: &random)
            let end = min(bytes.count, start + Int.random(in: 1...300, using: &random))
            bytes.replaceSubrange(start..<end, with: [UInt8](repeating: 0, count: end - start))
        case .hugeLength:
            // A frame's length field (in the original layout) set to a random large value.
            guard let frame = frames.randomElement(using: &random), frame.offset + 4 <= bytes.count else { return }
            let length = UInt32.random(in: 1 << 16 ... .max, using: &random)
            bytes.replaceSubrange(frame.offset..<(frame.offset + 4), with: FormatSpec.littleEndian(UInt64(length), width: 4))
        case .swapRanges:
            guard bytes.count >= 4 else { return }
            let length = Int.random(in: 1...min(64, bytes.count / 2), using: &random)
            let first = Int.random(in: 0...(bytes.count - 2 * length), using: &random)
            let second = Int.random(in: (first + length)...(bytes.count - length), using: &random)
            let a = Array(bytes[first..<(first + length)])
            bytes.replaceSubrange(first..<(first + length), with: bytes[second..<(second + length)])
            bytes.replaceSubrange(second..<(second + length), with: a)
        }
    }

    @Test(.timeLimit(.minutes(2)), arguments: [0x5EED_0001, 0x5EED_0002] as [UInt64])
    func randomMutationsNeverCrashHangOrInvent(seed: UInt64) throws {
        let sample = try DamageSample()
        let url = sample.folder.newFile("mutated")
        var random = FormatSeededRandom(seed: seed)
        var outcomes: [String: Int] = [:]
        for iteration in 0..<1000 {
            var bytes = sample.bytes
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                Self.mutate(&bytes, using: &random, frames: sample.frames)
            }
            try sample.folder.overwrite(url, with: bytes)
            let context = "seed \(seed), iteration \(iteration), \(bytes.count) bytes"
            let firstChange = zip(bytes, sample.bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(bytes.count, sample.bytes.count)

            // Scanning: the frames wholly before the first changed byte are always handed out
            // (unless the header itself was damaged), and nothing else than original frames.
            let (visited, scanned) = DamageRead.scan(url)
            if firstChange >= sample.headerSize {
                let intact = sample.frames.filter { $0.end <= firstChange }.map(\.offset)
                #expect(Array(visited.prefix(intact.count)) == intact, "\(context): frames before the damage at \(firstChange) were lost")
            }

            // Reading: records are a prefix of what was written; a clean close means all.
            let outcome = DamageRead.readAll(url)
            switch outcome {
            case .read(let records, let ending):
                #expect(records == Array(sample.records.prefix(records.count)), "\(context): a record was not one that was written")
                if ending == .closed {
                    #expect(records == sample.records, "\(context): closed without every record")
                }
                if case .tornTail(let offset, let count) = ending {
                    #expect(offset + count == bytes.count, "\(context): a torn tail must run to the end of the file")
                }
                if case .success(let scanEnding) = scanned {
                    #expect(scanEnding == ending, "\(context)")
                }
                outcomes["\(ending)".components(separatedBy: " ").first ?? "", default: 0] += 1
            case .failed(let error):
                if case .success = scanned, error.frameOffset != nil {
                    // A scan that succeeds but a read that fails on a frame is a payload the
                    // index does not decode; with valid checksums that cannot come from damage.
                    Issue.record("\(context): scan succeeded but readAll failed: \(error)")
                }
                outcomes["\(error)".contains("damaged at offset") ? "corrupt frame" : String(describing: error).components(separatedBy: " ").last ?? "", default: 0] += 1
            }

            // Opening and decoding every indexed step and keyframe on demand.
            if case .success(let journal) = DamageRead.open(url) {
                for position in 0..<journal.stepCount {
                    _ = try? journal.step(at: position)
                }
                for position in journal.index.keyframes.indices {
                    _ = try? journal.keyframe(at: position)
                }
                #expect(journal.stepCount <= 12, "\(context)")
            }
        }
        // The mutations reach the interesting outcomes, not only one kind.
        #expect(outcomes.count >= 3, "\(outcomes)")
    }
}
