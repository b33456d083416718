@testable import AtomJournal
import Atoms
import Foundation
import Testing

@MainActor
@Suite("Recorder privacy and limits")
struct RecorderPrivacyTests {
    @Test func sensitiveValuesNeverReachTheBytes() throws {
        let journal = TemporaryJournal()
        let root = AtomRoot()
        var options = JournalRecorderOptions()
        options.keyframeInterval = 2
        let recorder = try JournalRecorder(root: root, url: journal.url, options: options)
        let context = root.context()
        context.watch(SecretLength())
        context.set("sentinel-7f3a9c-SECRET-2", for: Secret())
        context.watch(Secret())
        context.reset(Secret())
        recorder.mark("after secrets")
        try recorder.close()

        let bytes = try journal.bytes()
        #expect(!bytes.contains(subsequence: Array("sentinel-7f3a9c".utf8)))
        let read = try Journal(url: journal.url)
        let secret = try #require(read.index.atoms.values.first { $0.id == "Secret" })
        #expect(secret.isSensitive)
        #expect(!secret.isRestorable)
        var sawRedaction = false
        for position in 0..<read.stepCount {
            for entry in try read.step(at: position).updated + read.step(at: position).initialized where entry.atom == secret.number {
                #expect(entry.value == .redacted)
                sawRedaction = true
            }
        }
        #expect(sawRedaction)
        // The derived length is not sensitive: it is recorded.
        #expect(read.index.atoms.values.contains { $0.id == "SecretLength" && !$0.isSensitive })
    }

    struct SecretTaskAtom: TaskAtom, Sensitive, Hashable {
        func value(context: Context) async -> String {
            await Task.yield()
            return "sentinel-42c1e0-TOKEN"
        }
    }

    @Test func modifiersOfASensitiveAtomAreSensitiveToo() async throws {
        let journal = TemporaryJournal("modified")
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: journal.url)
        let context = root.context()
        _ = context.watch(Secret().changes)
        context.set("sentinel-42c1e0-CHANGES", for: Secret())
        let phase = context.watch(SecretTaskAtom().phase)
        #expect(phase.isSuspending)
        _ = await context.watch(SecretTaskAtom()).value
        try recorder.close()

        let bytes = try journal.bytes()
        #expect(!bytes.contains(subsequence: Array("sentinel-42c1e0".utf8)))
        let read = try Journal(url: journal.url)
        for id in ["Secret.changes", "SecretTaskAtom.phase"] {
            let definition = try #require(read.index.atoms.values.first { $0.id == id })
            #expect(definition.isSensitive, "\(id)")
        }
    }

    @Test func excludedTypesAreNotRecordedAndIncludedTypesAreTheOnlyOnes() throws {
        let journal = TemporaryJournal()
        let root = AtomRoot()
        var options = JournalRecorderOptions()
        options.exclude(Cell.self)
        let recorder = try JournalRecorder(root: root, url: journal.url, options: options)
        let context = root.context()
        context.watch(PairSum(index: 0))
        context.set(9, for: Cell(index: 0))
        try recorder.close()
        let read = try Journal(url: journal.url)
        #expect(Set(read.index.atoms.values.map(\.id)) == ["PairSum(index: 0)"])
        // Edges to excluded atoms are left out with them.
        for position in 0..<read.stepCount {
            #expect(try read.step(at: position).edgesAdded.isEmpty)
        }

        let second = TemporaryJournal("included")
        let root2 = AtomRoot()
        var only = JournalRecorderOptions()
        only.include(Cell.self)
        let recorder2 = try JournalRecorder(root: root2, url: second.url, options: only)
        root2.context().watch(PairSum(index: 0))
        try recorder2.close()
        #expect(Set(try Journal(url: second.url).index.atoms.values.map(\.id)) == ["Cell(index: 0)", "Cell(index: 1)"])
    }

    @Test func sizeLimitStopsRecordingWithAMarkAndACleanClose() throws {
        let journal = TemporaryJournal()
        let root = AtomRoot()
        var options = JournalRecorderOptions()
        options.sizeLimit = 2_000
        let recorder = try JournalRecorder(root: root, url: journal.url, options: options)
        let context = root.context()
        context.watch(Cell(index: 0))
        for value in 0..<500 {
            context.set(value, for: Cell(index: 0))
        }
        #expect(!recorder.isRecording)
        #expect(recorder.droppedSteps > 0)
        #expect(recorder.stepsWritten + recorder.droppedSteps == 501)
        try recorder.close()
        let read = try Journal(url: journal.url)
        #expect(read.index.ending == .closed)
        #expect(read.stepCount == recorder.stepsWritten)
        #expect(read.index.marks.last?.mark.label.contains("size limit") == true)
        #expect(read.reader.fileSize < 2_000 + 200)
    }
}

extension Array where Element: Equatable {
    func contains(subsequence: [Element]) -> Bool {
        guard !subsequence.isEmpty, subsequence.count <= count else { return subsequence.isEmpty }
        return (0...(count - subsequence.count)).contains { self[$0..<($0 + subsequence.count)].elementsEqual(subsequence) }
    }
}
