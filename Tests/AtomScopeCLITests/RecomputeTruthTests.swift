import AtomJournal
import Atoms
import Foundation
import Testing

/// A change is a change of value: an atom recomputed to an equal value k times and changed m
/// times is reported m times by every command, and the k recomputes only where asked for.
@MainActor
@Suite("Recomputes are not changes")
struct RecomputeTruthTests {
    struct SourceAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    /// Changes only when the source crosses a multiple of ten.
    struct BucketAtom: ValueAtom, Hashable {
        func value(context: Context) -> Int { context.watch(SourceAtom()) / 10 }
    }

    /// Not `Equatable`, so the rule compares its JSON.
    struct Label: Encodable {
        var text: String
    }

    struct LabelAtom: ValueAtom, Hashable {
        func value(context: Context) -> Label { Label(text: "bucket \(context.watch(BucketAtom()))") }
    }

    /// Steps: 1 watch (BucketAtom initialized: a change), 2–4 sources 1, 2, 3 (recomputed),
    /// 5 source 10 (changed), 6 source 20 (changed), 7 source 21 (recomputed). So m = 3 and
    /// k = 4 for BucketAtom, and the same for LabelAtom.
    static let changeSteps = [1, 5, 6]
    static let recomputeSteps = [2, 3, 4, 7]

    private func record(in folder: TemporaryDirectory) throws -> String {
        let url = folder.file("buckets.journal")
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: url)
        let screen = root.context()
        _ = screen.watch(LabelAtom())
        for value in [1, 2, 3, 10, 20, 21] {
            screen.set(value, for: SourceAtom())
        }
        try recorder.close()
        return url.path
    }

    /// Every commit of a root, in order.
    @MainActor
    final class CommitLog {
        private(set) var all: [AtomCommit] = []
        private var observation: AtomObservation?

        init(_ root: AtomRoot) {
            observation = root.store.observeCommits { [weak self] in self?.all.append($0) }
        }

        func cancel() { observation?.cancel() }
    }

    @Test func theChangeSetTellsChangesFromRecomputes() {
        let root = AtomRoot()
        let commits = CommitLog(root)
        defer { commits.cancel() }
        let screen = root.context()
        _ = screen.watch(LabelAtom())
        screen.set(1, for: SourceAtom())
        screen.set(10, for: SourceAtom())
        screen.set(10, for: SourceAtom())
        let ids = commits.all.map { commit in
            (commit.changes.updated.map(\.atom.id.rawValue).sorted(), commit.changes.recomputed.map(\.id.rawValue).sorted())
        }
        #expect(ids.count == 4, "\(ids)")
        #expect(ids[1].0 == ["SourceAtom"] && ids[1].1 == ["BucketAtom", "LabelAtom"], "\(ids)")
        #expect(ids[2].0 == ["BucketAtom", "LabelAtom", "SourceAtom"] && ids[2].1 == [])
        // Setting a state atom to the value it has is not a change either.
        #expect(ids[3].0 == [] && ids[3].1 == ["BucketAtom", "LabelAtom", "SourceAtom"])
    }

    /// A `.changes` atom stops propagation at an equal value; its recompute is still reported.
    @Test func aRecomputeThatStopsPropagationIsReported() {
        let root = AtomRoot()
        let commits = CommitLog(root)
        defer { commits.cancel() }
        let screen = root.context()
        _ = screen.watch(BucketAtom().changes)
        screen.set(1, for: SourceAtom())
        let last = commits.all.last?.changes
        #expect(last?.updated.map(\.atom.id.rawValue) == ["SourceAtom"])
        #expect(last?.recomputed.map(\.id.rawValue).sorted() == ["BucketAtom", "BucketAtom.changes"])
    }

    @Test func logAndLogJSONCountOnlyChanges() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try record(in: folder)
        for atom in ["BucketAtom", "LabelAtom"] {
            let log = try CLI.run(["log", journal, "--atom", atom])
            expectSuccess(log)
            #expect(log.outLines.map(stepNumber) == Self.changeSteps, "\(log)")

            let withRecomputes = try CLI.run(["log", journal, "--atom", atom, "--recomputed"])
            expectSuccess(withRecomputes)
            #expect(withRecomputes.outLines.map(stepNumber) == (Self.changeSteps + Self.recomputeSteps).sorted())
            #expect(withRecomputes.outLines.filter { $0.contains("recomputed, unchanged: \(atom)") || $0.contains("recomputed, unchanged: BucketAtom, LabelAtom") }.count == 4, "\(withRecomputes)")
        }

        let json = try CLI.run(["log", journal, "--json"])
        expectSuccess(json)
        var changed: [Int] = []
        var recomputed: [Int] = []
        for line in json.outLines {
            let object = try jsonObject(line)
            let step = try #require(object["step"] as? Int)
            if (object["changed"] as? [String])?.contains("BucketAtom") == true { changed.append(step) }
            if (object["recomputed"] as? [String])?.contains("BucketAtom") == true { recomputed.append(step) }
        }
        #expect(changed == Self.changeSteps)
        #expect(recomputed == Self.recomputeSteps)
    }

    @Test func statAndStatJSONCountOnlyChanges() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try record(in: folder)
        let json = try CLI.run(["stat", journal, "--json"])
        expectSuccess(json)
        let atoms = try #require(try jsonObject(json.out)["perAtom"] as? [[String: Any]])
        let bucket = try #require(atoms.first { $0["id"] as? String == "BucketAtom" })
        #expect(bucket["changes"] as? Int == 3)
        #expect(bucket["recomputes"] as? Int == 4)

        let text = try CLI.run(["stat", journal])
        expectSuccess(text)
        let row = try #require(text.outLines.first { $0.hasSuffix(" BucketAtom") })
        #expect(row.split(separator: " ").first == "3", "\(row)")
        let withRecomputes = try CLI.run(["stat", journal, "--recomputed"])
        let recomputeRow = try #require(withRecomputes.outLines.first { $0.hasSuffix(" BucketAtom") })
        #expect(recomputeRow.split(separator: " ").prefix(2) == ["3", "4"], "\(recomputeRow)")
    }

    @Test func replayShowsOnlyChangesUnlessAsked() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try record(in: folder)
        let replay = try CLI.run(["replay", journal])
        expectSuccess(replay)
        let bucketLines = replay.outLines.filter { $0.hasPrefix("    ") && $0.contains("BucketAtom") && !$0.contains("edge") }
        #expect(bucketLines == ["    + BucketAtom = 0", "    BucketAtom: 0 -> 1", "    BucketAtom: 1 -> 2"], "\(replay)")

        let withRecomputes = try CLI.run(["replay", journal, "--recomputed"])
        expectSuccess(withRecomputes)
        #expect(withRecomputes.outLines.filter { $0 == "    = BucketAtom recomputed, unchanged" }.count == 4, "\(withRecomputes)")
    }

    @Test func theREPLFindsOnlyChanges() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try record(in: folder)
        let script = ["when BucketAtom", "goto 2", "next-change BucketAtom", "prev-change BucketAtom", "goto 7", "prev-change BucketAtom", "why BucketAtom", "quit"]
        let result = try CLI.run(["repl", journal], stdin: Data(script.map { $0 + "\n" }.joined().utf8))
        expectSuccess(result)
        let lines = result.outLines
        #expect(lines.first == "BucketAtom changed in 3 steps:", "\(result)")
        #expect(Array(lines.dropFirst().prefix(3).map(stepNumber)) == Self.changeSteps, "\(result)")
        // The three changes listed, then: goto 2, forward to 5, back to 1; goto 7, back to 6.
        let headers = lines.filter { $0.hasPrefix("#") }.map(stepNumber)
        #expect(headers == [1, 5, 6, 2, 5, 1, 7, 6], "\(result)")
        #expect(result.out.contains("BucketAtom last changed at step 6"), "\(result)")
        #expect(result.out.contains("because SourceAtom changed"), "\(result)")
    }

    @Test func graphChangesHighlightsOnlyChanges() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try record(in: folder)
        func highlighted(at step: Int) throws -> Set<String> {
            let result = try CLI.run(["graph", journal, "--step", "\(step)", "--changes", "--dot"])
            expectSuccess(result)
            return Set(result.outLines.filter { $0.contains("#dc2626") }.compactMap { line in
                line.split(separator: "\"").dropFirst().first.map(String.init)
            })
        }
        #expect(try highlighted(at: 7) == ["SourceAtom"])
        #expect(try highlighted(at: 6) == ["SourceAtom", "BucketAtom", "LabelAtom"])
    }

    private func stepNumber(_ line: String) -> Int {
        guard line.hasPrefix("#") else { return -1 }
        return Int(line.dropFirst().prefix { $0.isNumber }) ?? -1
    }
}
