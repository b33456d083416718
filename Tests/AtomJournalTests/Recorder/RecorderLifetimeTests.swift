import AtomJournal
import Atoms
import Testing

/// A recorder observes its store without keeping itself alive through it: dropped without
/// `close()`, it stops observing before it is freed, and the app's later commits reach no
/// recorder at all.
@MainActor
@Suite("Recorder lifetime")
struct RecorderLifetimeTests {
    @Test("A recorder dropped without close keeps the steps it wrote, and later commits do not reach it")
    func droppedWithoutClose() throws {
        let journal = TemporaryJournal()
        let root = AtomRoot()
        let context = root.context()
        _ = context.watch(Cell(index: 0))
        var recorder: JournalRecorder? = try JournalRecorder(root: root, url: journal.url)
        context.set(1, for: Cell(index: 0))
        context.set(2, for: Cell(index: 0))
        #expect(recorder?.stepsWritten == 2)
        recorder = nil
        // The observer would run into a freed recorder here if it were still registered.
        for value in 3...40 {
            context.set(value, for: Cell(index: 0))
        }
        #expect(context.read(Cell(index: 0)) == 40)

        let read = try Journal(url: journal.url)
        #expect(read.stepCount == 2)
        let last = try read.step(at: read.stepCount - 1)
        #expect(last.updated.map(\.value) == [.json("2")])
    }
}
