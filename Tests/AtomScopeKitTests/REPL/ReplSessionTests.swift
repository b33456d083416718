import AtomJournal
import AtomScopeKit
import Foundation
import Testing

/// The REPL's engine, driven line by line as the CLI drives it, over a synthetic journal of
/// four steps.
@Suite("REPL session")
struct ReplSessionTests {
    private static func session(_ url: URL) throws -> ReplSession {
        ReplSession(timeline: try Timeline(url: url)) { _, _ in Data() }
    }

    /// A count as large as an `Int` holds moves to the last step or to step 0, from anywhere:
    /// it is compared with the room left, never added to the current step.
    @Test func theLargestCountsStopAtTheEnds() throws {
        let url = try SyntheticJournal.write(SyntheticJournal.recreatedAtom())
        defer { SyntheticJournal.remove(url) }
        let session = try Self.session(url)
        #expect(!session.execute("next").failed)
        #expect(session.current == 1)
        let forward = session.execute("next \(Int.max)")
        #expect(!forward.failed, "\(forward.text)")
        #expect(session.current == 4)
        #expect(session.execute("next \(Int.max)").text == "already at the last step (4)")
        #expect(!session.execute("prev 2").failed)
        #expect(session.current == 2)
        #expect(!session.execute("prev \(Int.max)").failed)
        #expect(session.current == 0)
        #expect(!session.execute("next \(Int.max - 1)").failed)
        #expect(session.current == 4)
        for line in ["goto \(Int.max)", "goto \(Int.min)", "diff \(Int.max)", "diff \(Int.min) \(Int.max)"] {
            let result = session.execute(line)
            #expect(result.failed, "\(line): \(result.text)")
            #expect(result.text.contains("out of range"), "\(line): \(result.text)")
        }
        #expect(session.current == 4)
    }

    /// `show` asks when the atom last changed at or before the current step; asked for the
    /// largest step, it answers rather than overflowing `step + 1`.
    @Test func theLastChangeAtOrBeforeTheLargestStep() throws {
        let url = try SyntheticJournal.write(SyntheticJournal.recreatedAtom())
        defer { SyntheticJournal.remove(url) }
        let timeline = try Timeline(url: url)
        #expect(timeline.lastChange(of: "A", atOrBefore: .max) == 4)
        #expect(timeline.lastChange(of: "A", atOrBefore: 3) == 2)
        #expect(timeline.lastChange(of: "A", atOrBefore: .min) == nil)
    }
}
