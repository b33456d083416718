@testable import AtomJournal
import Foundation
import Testing

/// Scanning a journal larger than the reader's chunk, with the next chunk read ahead: every
/// frame is found, whichever way it meets a chunk boundary.
@Suite struct ReadAheadTests {
    /// Frames of sizes that put short frames, frames longer than the carried-over tail's room,
    /// and frames longer than a chunk across the boundaries of a file of several chunks.
    static func frames() -> [(type: UInt8, payload: [UInt8])] {
        var generator = FormatSeededRandom(seed: 21)
        var frames: [(type: UInt8, payload: [UInt8])] = []
        var total = 0
        while total < 3 * JournalReader.chunkSize + 100_000 {
            let roll = generator.next() % 100
            let size = roll < 90 ? Int(generator.next() % 200) : roll < 98 ? 70_000 + Int(generator.next() % 50_000) : JournalReader.chunkSize + 10
            frames.append((6, [UInt8](repeating: UInt8(truncatingIfNeeded: frames.count), count: size)))
            total += size + 17
        }
        return frames
    }

    @Test func everyFrameOfAFileOfSeveralChunksIsFound() throws {
        let sample = try DamageSample()
        let frames = Self.frames()
        let bytes = sample.rebuilt(frames)
        let (_, spans) = FormatSpec.layout(of: bytes)
        let reader = try JournalReader(url: try sample.file(bytes))
        var visited: [(offset: Int, sequence: UInt64, size: Int, first: UInt8?)] = []
        let ending = try reader.scanFrames { frame throws(JournalError) in
            visited.append((frame.offset, frame.sequence, frame.size, frame.payload.first))
        }
        #expect(ending == .open)
        #expect(visited.map(\.offset) == spans.map(\.offset))
        #expect(visited.map(\.size) == spans.map(\.size))
        #expect(visited.map(\.sequence) == (0..<UInt64(spans.count)).map { $0 })
        #expect(visited.map(\.first) == frames.map(\.payload.first))
        // Each byte is read about once: the read-ahead carries tails over instead of reading
        // them again, except frames longer than its room.
        #expect(reader.work.bytesRead <= 2 * bytes.count, "\(reader.work)")
    }

    @Test func damageAfterTheFirstChunkIsFoundAndReadPast() throws {
        let sample = try DamageSample()
        let frames = Self.frames()
        var bytes = sample.rebuilt(frames)
        let (_, spans) = FormatSpec.layout(of: bytes)
        let damaged = try #require(spans.firstIndex { $0.offset > JournalReader.chunkSize + 5000 && $0.size < 300 })
        bytes[spans[damaged].offset + 4] ^= 0xFF
        let reader = try JournalReader(url: try sample.file(bytes))
        var visited: [Int] = []
        var damage: [JournalDamage] = []
        _ = try reader.scanFrames(reportingDamage: { damage.append($0) }) { frame throws(JournalError) in visited.append(frame.offset) }
        #expect(visited == spans.indices.filter { $0 != damaged }.map { spans[$0].offset })
        #expect(damage.map(\.offset) == [spans[damaged].offset])
        #expect(damage.map(\.resumeOffset) == [spans[damaged + 1].offset])
    }
}
