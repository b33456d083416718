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
        return written
    }

    @Test func oneChangeWritesTheSameBytesInAStoreOf10And10000() throws {
        let small = try bytesForOneChange(storeSize: 10)
        let large = try bytesForOneChange(storeSize: 10_000)
        #expect(small == large)
        // 32 bytes of overhead plus the value "2".
        #expect(small <= 32 + 1)
    }
}
