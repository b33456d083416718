import AtomJournal
import AtomScopeKit
import Atoms
import Foundation
import Testing

@MainActor
@Suite("Scoped atoms in journals and graphs")
struct ScopedGraphTests {
    struct PaneID: Hashable, Sendable {}

    struct QueryAtom: StateAtom, Scoped, Hashable {
        var scopeID: PaneID { PaneID() }
        func defaultValue(context: Context) -> String { "" }
    }

    struct TotalAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    @Test func aScopedAtomIsDrawnInsideItsScopesCluster() throws {
        let folder = try TimelineFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "scoped.journal")
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: url)
        let pane = AtomScope(in: root, id: PaneID())
        let context = pane.context()
        _ = context.watch(QueryAtom())
        _ = context.watch(TotalAtom())
        context.set("cats", for: QueryAtom())
        try recorder.close()

        let timeline = try Timeline(url: url)
        #expect(timeline.atomIDs.contains("QueryAtom @ PaneID()"))
        #expect(try timeline.resolve(atom: "QueryAtom") == "QueryAtom @ PaneID()")
        let dot = try timeline.graph(at: timeline.stepCount)
        let cluster = try #require(dot.range(of: "subgraph \"cluster_0\" {"))
        let clusterEnd = try #require(dot.range(of: "  }", range: cluster.upperBound..<dot.endIndex))
        let body = dot[cluster.upperBound..<clusterEnd.lowerBound]
        #expect(body.contains("label=\"PaneID()\""))
        #expect(body.contains("\"QueryAtom @ PaneID()\""))
        #expect(!body.contains("\"TotalAtom\""))
    }

    @Test func excludingATypeAlsoExcludesItsScopedAtoms() throws {
        let folder = try TimelineFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "excluded.journal")
        let root = AtomRoot()
        var options = JournalRecorderOptions()
        options.exclude(QueryAtom.self)
        let recorder = try JournalRecorder(root: root, url: url, options: options)
        let context = AtomScope(in: root, id: PaneID()).context()
        _ = context.watch(QueryAtom())
        _ = context.watch(TotalAtom())
        try recorder.close()
        #expect(try Timeline(url: url).atomIDs == ["TotalAtom"])
    }
}
