import AtomJournal
import AtomScopeKit
import Foundation
import Testing

@Suite("Timeline: errors a user sees")
struct TimelineErrorTests {
    private func openError(_ url: URL) -> AtomScopeError? {
        do {
            _ = try Timeline(url: url)
            return nil
        } catch {
            return error
        }
    }

    @Test("a step out of range says the valid range")
    func stepOutOfRange() throws {
        let timeline = try Timeline(url: TimelineFixtures.counter)
        let count = timeline.stepCount
        #expect(throws: AtomScopeError.stepOutOfRange(path: timeline.path, step: count + 1, valid: 0...count)) {
            try timeline.state(at: count + 1)
        }
        #expect(throws: AtomScopeError.stepOutOfRange(path: timeline.path, step: -1, valid: 0...count)) {
            try timeline.state(at: -1)
        }
        #expect(throws: AtomScopeError.stepOutOfRange(path: timeline.path, step: 0, valid: 1...count)) {
            try timeline.step(0)
        }
        let message = AtomScopeError.stepOutOfRange(path: "a.journal", step: 400, valid: 0...304).description
        #expect(message == "step 400 is out of range: a.journal has steps 0 to 304 (0 is the state before the first step)")
        #expect(throws: AtomScopeError.self) { try timeline.diff(from: 0, to: count + 5) }
        #expect(throws: AtomScopeError.self) { try timeline.stateFile(at: count + 1) }
    }

    @Test("a missing file")
    func missingFile() {
        let url = TimelineFixtures.root.appending(path: "fixtures/no-such.journal")
        #expect(openError(url) == .fileNotFound(path: url.path))
        #expect(openError(url)?.description.hasPrefix("no such file: ") == true)
    }

    @Test("a folder")
    func folder() {
        let url = TimelineFixtures.root.appending(path: "fixtures")
        guard case .cannotOpen(_, let reason)? = openError(url) else {
            Issue.record("expected cannotOpen")
            return
        }
        #expect(reason == "it is a folder")
    }

    @Test("files that are not journals")
    func notAJournal() {
        guard case .notAJournal? = openError(TimelineFixtures.damaged("wrong-magic.journal")) else {
            Issue.record("wrong magic")
            return
        }
        guard case .notAJournal(_, let reason)? = openError(TimelineFixtures.damaged("empty.journal")) else {
            Issue.record("empty")
            return
        }
        #expect(reason.contains("empty"))
        #expect(openError(TimelineFixtures.damaged("newer-major.journal")) == .newerJournalFormat(
            path: TimelineFixtures.damaged("newer-major.journal").path, found: 3, supported: 2
        ))
    }

    @Test("a damaged journal names the offset")
    func damagedJournal() throws {
        for name in ["bad-crc-middle.journal", "huge-length.journal"] {
            let error = try #require(openError(TimelineFixtures.damaged(name)))
            let offset = try #require(error.damageOffset, "\(name): \(error)")
            #expect(offset > 0)
            #expect(error.description.contains("offset \(offset)"))
            #expect(error.description.contains("atomscope verify"))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("a torn tail opens, with every step before it")
    func tornTail() throws {
        let timeline = try Timeline(url: TimelineFixtures.damaged("torn-tail.journal"))
        guard case .tornTail = timeline.ending else {
            Issue.record("expected a torn tail, got \(timeline.ending)")
            return
        }
        let whole = try Timeline(url: TimelineFixtures.counter)
        #expect(timeline.stepCount == whole.stepCount)
        #expect(try timeline.state(at: timeline.stepCount).values == whole.state(at: whole.stepCount).values)
    }

    @Test("a journal with only a header has the empty state 0 and no steps")
    func headerOnly() throws {
        let timeline = try Timeline(url: TimelineFixtures.damaged("header-only.journal"))
        #expect(timeline.stepCount == 0)
        #expect(try timeline.state(at: 0).values.isEmpty)
        #expect(throws: AtomScopeError.stepOutOfRange(path: timeline.path, step: 1, valid: nil)) { try timeline.step(1) }
        #expect(AtomScopeError.stepOutOfRange(path: "x", step: 1, valid: nil).description == "step 1 is out of range: x has no steps")
    }

    @Test("every message is one line")
    func oneLine() {
        let errors: [AtomScopeError] = [
            .fileNotFound(path: "a"), .cannotOpen(path: "a", reason: "r"), .notAJournal(path: "a", reason: "r"),
            .damagedHeader(path: "a", reason: "r"), .newerJournalFormat(path: "a", found: 2, supported: 1),
            .damagedJournal(path: "a", offset: 3, reason: "r"), .stepOutOfRange(path: "a", step: 3, valid: 0...2),
            .unknownAtom(path: "a", query: "new\nline", suggestions: ["A", "B", "C"]),
            .ambiguousAtom(query: "A", matches: ["A1", "A2", "A3", "A4", "A5", "A6"]),
            .cannotWrite(path: "a", reason: "r"), .journal(.writerClosed(path: "a")),
        ]
        for error in errors {
            #expect(!error.description.contains("\n"), "\(error)")
            #expect(!error.description.isEmpty)
        }
        #expect(AtomScopeError.unknownAtom(path: "a", query: "x", suggestions: ["A", "B", "C"]).description.contains("did you mean A, B, or C?"))
    }
}
