import Foundation
import Testing

/// The async search fixture through the CLI: every completion is a step of its own with its
/// async cause, and its values are phases.
@Suite("Async search fixture")
struct AsyncFixtureTests {
    @Test func logOfTheSearchAtomShowsEachCompletionAndNotTheSupersededOne() throws {
        let result = try CLI.run(["log", Repo.search, "--atom", "SearchAtom"])
        expectSuccess(result)
        // Each line's cause: what follows the step number and time, up to the changed atoms.
        let causes = result.stepLines.map { line in
            String(line.split(separator: " ", maxSplits: 2).last?.prefix { $0 != "→" } ?? "")
        }
        #expect(causes.filter { $0.hasPrefix("task finished SearchAtom") }.count == 2, "\(causes)")
        #expect(causes.filter { $0.hasPrefix("task failed SearchAtom") }.count == 1, "\(causes)")
        // Typing "sw" supersedes the search for "s": the search is recomputed, but its phase
        // stays `suspending`, so that step is no change of it (`--recomputed` shows it); the
        // next change is the answer for "sw", and the late answer for "s" has no step. The
        // refresh changes nothing by itself (it keeps the failure until its search delivers),
        // so `--atom` leaves it out.
        let operations = causes.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
        #expect(operations == [
            "watch SearchStatusAtom", "set QueryAtom", "task finished", "set QueryAtom",
            "task failed", "task finished", "unwatch",
        ], "\(result)")
    }

    @Test func replayShowsTheAsyncCausesAndPhases() throws {
        let result = try CLI.run(["replay", Repo.search])
        expectSuccess(result)
        let headers = result.outLines.filter { $0.hasPrefix("#") }
        let operations = headers.map { $0.split(separator: " ").dropFirst(2).prefix(2).joined(separator: " ") }
        #expect(operations == [
            "watch SearchStatusAtom", "set QueryAtom", "set QueryAtom", "task finished", "set QueryAtom",
            "task failed", "refresh SearchAtom", "task finished", "unwatch",
        ], "\(headers)")
        let out = result.out
        #expect(out.contains(#"SearchAtom.phase: "suspending" -> "success""#), "\(result)")
        #expect(out.contains(#"SearchAtom.error: + {"serviceUnavailable":{"retryAfterSeconds":30}}"#), "\(result)")
        #expect(out.contains(#"SearchAtom.phase: "failure" -> "success""#), "\(result)")
        #expect(out.contains(#"+ SearchAtom = {"phase":"success","value":[]}"#), "\(result)")
        #expect(!out.contains("Sunday Static"), "the superseded answer landed: \(result)")
    }
}
