import AtomJournal
import Atoms
import Foundation
import Testing

@MainActor
@Suite("Recorder: subscriber names")
struct RecorderSubscriberNameTests {
    @Test("A named context's name is journaled with its subscriber; an unnamed one has none")
    func namesAreRecorded() throws {
        let journal = TemporaryJournal()
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: journal.url)
        let screen = root.context(name: "TodoScreen")
        let header = root.context()
        let screenLine = #line + 1
        screen.watch(PairSum(index: 0))
        let headerLine = #line + 1
        header.watch(Cell(index: 3))
        screen.set(4, for: Cell(index: 0))
        try recorder.close()

        let read = try Journal(url: journal.url)
        #expect(read.header.majorVersion == JournalFormat.majorVersion)
        #expect(read.header.minorVersion == JournalFormat.minorVersion)
        let definitions = read.index.subscribers.values.sorted { $0.line < $1.line }
        #expect(definitions == [
            JournalSubscriberDefinition(number: definitions.first?.number ?? -1, fileID: #fileID, line: screenLine, name: "TodoScreen"),
            JournalSubscriberDefinition(number: definitions.last?.number ?? -1, fileID: #fileID, line: headerLine),
        ])
        // The sequential reader decodes the same definitions.
        let (records, ending) = try JournalReader(url: journal.url).readAll()
        #expect(ending == .closed)
        let sequential = records.compactMap { record -> JournalSubscriberDefinition? in
            if case .subscriberDefinition(let definition) = record { definition } else { nil }
        }
        #expect(sequential.sorted { $0.line < $1.line } == definitions)
    }
}
