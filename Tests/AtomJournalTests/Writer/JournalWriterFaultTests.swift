@testable import AtomJournal
import Atoms
import Foundation
import SystemPackage
import Testing

/// Injected write faults: a write that stops part way through a frame, as a full disk does.
/// The writer keeps the whole frames that reached the file, cuts the rest, never writes again,
/// and the recorder tells the app once.
@MainActor
@Suite("Writer faults")
struct JournalWriterFaultTests {
    struct CountAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct DiskFull: Error {}

    /// Lets `budget` more bytes reach the file, then writes what fits and fails.
    final class Disk {
        var budget: Int
        var calls = 0
        init(budget: Int) { self.budget = budget }

        func write(_ descriptor: FileDescriptor, _ bytes: [UInt8]) throws {
            calls += 1
            let fitting = min(budget, bytes.count)
            if fitting > 0 { _ = try descriptor.writeAll(bytes.prefix(fitting)) }
            budget -= fitting
            if fitting < bytes.count { throw DiskFull() }
        }
    }

    @Test("A short write keeps whole frames under every policy", arguments: [
        JournalFlushPolicy.writeEachCommit, .syncEachCommit, .interval(.zero), .never,
    ])
    func shortWrite(policy: JournalFlushPolicy) throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "writer-fault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "fault.journal")

        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: url, options: JournalRecorderOptions(flushPolicy: policy))
        let disk = Disk(budget: 700)
        recorder.writer.writeHook = disk.write
        var reported: [JournalError] = []
        recorder.onError = { reported.append($0) }

        let context = root.context()
        _ = context.watch(CountAtom())
        for _ in 1...500 {
            context[CountAtom()] += 1
        }
        if policy == .never {
            // Nothing was written yet: the fault strikes when close() writes the buffer.
            #expect(recorder.lastError == nil)
            #expect(throws: JournalError.self) { try recorder.close() }
        } else {
            let writesAtFailure = disk.calls
            #expect(!recorder.isRecording)
            #expect(reported.count == 1, "the app hears of the error once")
            #expect(recorder.lastError != nil)
            // Space comes back: nothing more is written, and close reports the error.
            disk.budget = .max
            #expect(throws: JournalError.self) { try recorder.close() }
            #expect(disk.calls == writesAtFailure, "the writer wrote again after the failure")
        }
        let journal = try Journal(url: url)
        #expect(journal.index.ending == .open)
        #expect(journal.stepCount == recorder.stepsWritten)
        #expect(journal.stepCount > 0 && journal.stepCount < 501)
        var lastCommit = journal.index.keyframes.first?.commit ?? 0
        for position in 0..<journal.stepCount {
            let step = try journal.step(at: position)
            #expect(step.commit == lastCommit + 1, "steps are contiguous")
            lastCommit = step.commit
        }
    }
}
