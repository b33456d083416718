@testable import AtomJournal
import Atoms
import Foundation
import Testing

@MainActor
@Suite("Recorder cost")
struct RecorderCostTests {
    /// Bytes the recorder writes for one commit that changes one `Int` atom.
    private func bytesForOneChange(storeSize: Int) throws -> Int {
        let journal = TemporaryJournal("cost\(storeSize)")
        let root = AtomRoot()
        var options = JournalRecorderOptions()
        options.keyframeInterval = 1_000_000
        let recorder = try JournalRecorder(root: root, url: journal.url, options: options)
        let context = root.context()
        for index in 0..<storeSize {
            context.watch(Cell(index: index))
        }
        // The first pass defines the call site's location; the second is a plain step.
        var written = 0
        for value in [1, 2] {
            let before = recorder.writer.bytesWritten
            context.set(value, for: Cell(index: 0))
            written = recorder.writer.bytesWritten - before
        }
        try recorder.close()
        // The step stores its time as a delta from the step before: its varint grows with
        // how long the machine took between the two writes, which is not what this measures.
        let steps = try Journal(url: journal.url).index.steps
        let delta = steps[steps.count - 1].time - steps[steps.count - 2].time
        return written - Self.varintLength(zigzag: delta)
    }

    private static func varintLength(zigzag value: Int64) -> Int {
        var encoded = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        var length = 1
        while encoded >= 0x80 {
            encoded >>= 7
            length += 1
        }
        return length
    }

    @Test func oneChangeWritesTheSameBytesInAStoreOf10And10000() throws {
        let small = try bytesForOneChange(storeSize: 10)
        let large = try bytesForOneChange(storeSize: 10_000)
        #expect(small == large)
        // At most 32 bytes of overhead plus the value "2", counting a one-byte time delta.
        #expect(small + 1 <= 32 + 1)
    }
}
