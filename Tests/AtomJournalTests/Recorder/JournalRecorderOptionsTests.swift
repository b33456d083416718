import AtomJournal
import Atoms
import Foundation
import Testing

@MainActor
@Suite("Recorder options")
struct JournalRecorderOptionsTests {
    @Test("JournalRecorderOptions() is the documented defaults")
    func defaults() {
        let options = JournalRecorderOptions()
        #expect(options.flushPolicy == .writeEachCommit)
        #expect(options.keyframeInterval == 256)
        #expect(options.includedTypes == nil)
        #expect(options.excludedTypes.isEmpty)
        #expect(options.sizeLimit == nil)
        #expect(options.metadata.isEmpty)
    }

    @Test("Every option can be given in one expression")
    func everyArgument() {
        let options = JournalRecorderOptions(
            flushPolicy: .syncEachCommit,
            keyframeInterval: 8,
            includedTypes: ["Cell"],
            excludedTypes: ["Secret"],
            sizeLimit: 4096,
            metadata: ["build": "42"]
        )
        #expect(options.flushPolicy == .syncEachCommit)
        #expect(options.keyframeInterval == 8)
        #expect(options.includedTypes == ["Cell"])
        #expect(options.excludedTypes == ["Secret"])
        #expect(options.sizeLimit == 4096)
        #expect(options.metadata == ["build": "42"])
    }

    @Test("Arguments left out keep their defaults")
    func someArguments() {
        let options = JournalRecorderOptions(keyframeInterval: 4, metadata: ["build": "42"])
        let defaults = JournalRecorderOptions()
        #expect(options.keyframeInterval == 4)
        #expect(options.metadata == ["build": "42"])
        #expect(options.flushPolicy == defaults.flushPolicy)
        #expect(options.includedTypes == defaults.includedTypes)
        #expect(options.excludedTypes == defaults.excludedTypes)
        #expect(options.sizeLimit == defaults.sizeLimit)
    }

    @Test("A recorder given options in one expression records by them")
    func recorderFollowsTheOptions() throws {
        let journal = TemporaryJournal()
        let root = AtomRoot()
        let recorder = try JournalRecorder(
            root: root, url: journal.url,
            options: JournalRecorderOptions(flushPolicy: .never, keyframeInterval: 2, excludedTypes: ["PairSum"], metadata: ["build": "42"])
        )
        let context = root.context()
        context.watch(PairSum(index: 0))
        context.set(5, for: Cell(index: 0))
        context.set(6, for: Cell(index: 1))
        try recorder.close()

        let read = try Journal(url: journal.url)
        #expect(read.header.metadata["build"] == "42")
        #expect(read.header.keyframeInterval == 2)
        #expect(read.index.keyframes.map(\.stepCount) == [0, 2])
        let ids = Set(read.index.atoms.values.map(\.id))
        #expect(ids == ["Cell(index: 0)", "Cell(index: 1)"])
    }
}
