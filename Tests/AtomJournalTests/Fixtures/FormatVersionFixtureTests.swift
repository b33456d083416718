import AtomJournal
import Foundation
import Testing

/// Journals of earlier format versions, kept under `fixtures/versions/<major>.<minor>/`, must
/// stay readable by this reader: a minor version only adds what older files simply lack, and
/// 2.0 only adds a value tag, so one decoder reads every 1.x file.
@Suite("Fixtures: journals of earlier format versions")
struct FormatVersionFixtureTests {
    /// Every journal under `fixtures/versions/`, as paths relative to it (`1.0/todo.journal`),
    /// found on disk so that a file added there is tested without touching this suite.
    static let files: [String] = {
        let folder = FixtureFiles.root.appending(path: "fixtures/versions")
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".journal") }.sorted()
    }()

    @Test("There is a journal of every earlier format: 1.0 to 1.4")
    func everyEarlierVersionIsKept() {
        #expect(Self.files.contains("1.0/todo.journal"))
        #expect(Self.files.contains("1.1/todo.journal"))
        #expect(Self.files.contains("1.2/todo.journal"))
        #expect(Self.files.contains("1.3/todo.journal"))
        #expect(Self.files.contains("1.4/todo.journal"))
    }

    @Test("A journal of an earlier version opens and reads completely", arguments: FormatVersionFixtureTests.files)
    func readsCompletely(_ path: String) throws {
        let url = FixtureFiles.root.appending(path: "fixtures/versions/\(path)")
        let journal = try Journal(url: url)
        // The folder names the version the file was written in.
        let folder = url.deletingLastPathComponent().lastPathComponent
        #expect("\(journal.header.majorVersion).\(journal.header.minorVersion)" == folder)
        #expect(journal.stepCount > 0)
        #expect(journal.index.ending == .closed)
        #expect(journal.index.close?.stepCount == journal.stepCount)
        #expect(journal.index.unknownRecords == 0)
        for position in 0..<journal.stepCount {
            _ = try journal.step(at: position)
        }
        for position in journal.index.keyframes.indices {
            _ = try journal.keyframe(at: position)
        }
        // Subscriber names arrived in 1.1: an older file's subscribers read as unnamed.
        if journal.header.minorVersion == 0 {
            #expect(!journal.index.subscribers.isEmpty)
            #expect(journal.index.subscribers.values.allSatisfy { $0.name == nil })
        }
        // The sequential reader agrees with the index.
        let (records, ending) = try JournalReader(url: url).readAll()
        #expect(ending == .closed)
        let steps = records.filter { if case .step = $0 { true } else { false } }
        #expect(steps.count == journal.stepCount)
    }
}
