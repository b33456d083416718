import AtomJournal
import Atoms
import Foundation
import Testing

/// Scoped atoms through the whole tool: recorded by the recorder, drawn as clusters by
/// `graph`, and named with their scope by `log`.
@MainActor
@Suite("Scoped journals")
struct ScopedJournalTests {
    struct QueryAtom: StateAtom, Scoped, Hashable {
        func defaultValue(context: Context) -> String { "" }
    }

    struct CountAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    /// Two panes, each typing its own query, and a count in the root.
    private func recordPanes(in folder: TemporaryDirectory) throws -> String {
        let url = folder.file("panes.journal")
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: url)
        let left = AtomScope(in: root, id: "left")
        let right = AtomScope(in: root, id: "right")
        let leftContext = left.context()
        let rightContext = right.context()
        _ = leftContext.watch(QueryAtom())
        _ = rightContext.watch(QueryAtom())
        _ = leftContext.watch(CountAtom())
        leftContext.set("owls", for: QueryAtom())
        rightContext.set("bats", for: QueryAtom())
        leftContext[CountAtom()] += 1
        try recorder.close()
        return url.path
    }

    @Test func graphDrawsEachScopeAsACluster() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try recordPanes(in: folder)
        let result = try CLI.run(["graph", journal, "--dot"])
        expectSuccess(result)
        let dot = result.out
        let clusters = dot.components(separatedBy: "subgraph \"cluster_").dropFirst()
        #expect(clusters.count == 2, "\(dot)")
        let bodies = clusters.map { $0.components(separatedBy: "\n  }").first ?? "" }
        #expect(bodies.contains { $0.contains("label=\"left\"") && $0.contains("\"QueryAtom @ left\"") })
        #expect(bodies.contains { $0.contains("label=\"right\"") && $0.contains("\"QueryAtom @ right\"") })
        #expect(!bodies.contains { $0.contains("\"CountAtom\"") })
    }

    @Test func logTakesAScopedIDAndAmbiguityIsAClearError() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try recordPanes(in: folder)

        let left = try CLI.run(["log", journal, "--atom", "QueryAtom @ left"])
        expectSuccess(left)
        #expect(left.outLines.count == 2, "\(left)")
        #expect(left.out.contains("watch QueryAtom @ left"), "\(left)")
        #expect(left.out.contains("set QueryAtom @ left"), "\(left)")

        let ambiguous = try CLI.run(["log", journal, "--atom", "QueryAtom"])
        expectNoCrash(ambiguous)
        #expect(ambiguous.status != 0)
        #expect(ambiguous.err.split(separator: "\n").count == 1, "\(ambiguous)")
        #expect(ambiguous.err.contains("QueryAtom @ left") && ambiguous.err.contains("QueryAtom @ right"), "\(ambiguous)")
    }
}
