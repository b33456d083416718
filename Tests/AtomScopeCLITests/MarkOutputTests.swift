import AtomJournal
import Atoms
import Foundation
import Testing

/// Marks (`recorder.mark`) are landmarks: `log`, `log --json` and `replay` show each one after
/// the step it follows, and a mark made before any step before the first step.
@MainActor
@Suite("Marks in log and replay")
struct MarkOutputTests {
    struct CountAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct OtherAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    /// Marks "started" before any step, "counted" after step 3 and a label with a quote and a
    /// newline after step 4; steps 1 and 4 change OtherAtom, steps 2 and 3 CountAtom.
    private func record(in folder: TemporaryDirectory) throws -> String {
        let url = folder.file("marks.journal")
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: url)
        recorder.mark("started")
        let screen = root.context()
        screen.set(1, for: OtherAtom())
        screen.set(1, for: CountAtom())
        screen.set(2, for: CountAtom())
        recorder.mark("counted")
        screen.set(2, for: OtherAtom())
        recorder.mark("say \"hi\"\nthen leave")
        try recorder.close()
        return url.path
    }

    /// Each output line reduced to its step (`#3`) or mark (`mark started`).
    private static func landmarks(_ lines: [String]) -> [String] {
        lines.compactMap { line in
            if line.hasPrefix("#") { return String(line.prefix { $0 != " " }) }
            if line.hasPrefix("── mark ") { return line }
            return nil
        }
    }

    static let started = #"── mark "started" (before the first step) ──"#
    static let counted = #"── mark "counted" (after step 3) ──"#
    static let greeting = #"── mark "say \"hi\"\nthen leave" (after step 4) ──"#

    @Test func logShowsEveryMarkAfterTheStepItFollows() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try record(in: folder)
        let result = try CLI.run(["log", journal])
        expectSuccess(result)
        #expect(Self.landmarks(result.outLines) == [Self.started, "#1", "#2", "#3", Self.counted, "#4", Self.greeting])
        #expect(result.outLines.count == 7, "a label's newline stays escaped: \(result)")
    }

    @Test func logOfOneAtomStillShowsEveryMarkInOrder() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try record(in: folder)
        let other = try CLI.run(["log", journal, "--atom", "OtherAtom"])
        expectSuccess(other)
        #expect(Self.landmarks(other.outLines) == [Self.started, "#1", Self.counted, "#4", Self.greeting])
        let count = try CLI.run(["log", journal, "--atom", "CountAtom"])
        expectSuccess(count)
        #expect(Self.landmarks(count.outLines) == [Self.started, "#2", "#3", Self.counted, Self.greeting])
    }

    @Test func logJSONHasALineOfItsOwnPerMark() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try record(in: folder)
        let result = try CLI.run(["log", journal, "--json"])
        expectSuccess(result)
        let objects = try result.outLines.map { try jsonObject($0) }
        #expect(objects.map { ($0["mark"] as? String) ?? "#\($0["step"] ?? "?")" }
            == ["started", "#1", "#2", "#3", "counted", "#4", "say \"hi\"\nthen leave"])
        let counted = try #require(objects.first { $0["mark"] as? String == "counted" })
        #expect(Set(counted.keys) == ["mark", "afterStep", "commit", "timeMicroseconds", "date"])
        #expect(counted["afterStep"] as? Int == 3)
        #expect(counted["commit"] as? Int == 3)
        #expect(counted["step"] == nil, "a mark line is told from a step line by its keys")
        let step3 = try #require(objects.first { $0["step"] as? Int == 3 })
        let step4 = try #require(objects.first { $0["step"] as? Int == 4 })
        let time = try #require(counted["timeMicroseconds"] as? Int)
        #expect(try #require(step3["timeMicroseconds"] as? Int) <= time)
        #expect(time <= (try #require(step4["timeMicroseconds"] as? Int)))
        #expect(objects.first { $0["mark"] as? String == "started" }?["afterStep"] as? Int == 0)
    }

    @Test func replayShowsTheMarksAmongItsSteps() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try record(in: folder)
        let all = try CLI.run(["replay", journal])
        expectSuccess(all)
        #expect(Self.landmarks(all.outLines) == [Self.started, "#1", "#2", "#3", Self.counted, "#4", Self.greeting])
        // A range shows the marks inside it and the one just before its first step.
        let middle = try CLI.run(["replay", journal, "--from", "2", "--to", "3"])
        expectSuccess(middle)
        #expect(Self.landmarks(middle.outLines) == ["#2", "#3", Self.counted])
        let end = try CLI.run(["replay", journal, "--from", "4"])
        expectSuccess(end)
        #expect(Self.landmarks(end.outLines) == [Self.counted, "#4", Self.greeting])
    }

    @Test func theTodoFixturesMarksAreInItsLog() throws {
        let result = try CLI.run(["log", Repo.todo])
        expectSuccess(result)
        let lines = result.outLines
        let mark = try #require(lines.firstIndex(of: #"── mark "signed in" (after step 4) ──"#), "\(result)")
        #expect(lines[mark - 1].hasPrefix("#4 "))
        #expect(lines[mark + 1].hasPrefix("#5 "))
    }
}
