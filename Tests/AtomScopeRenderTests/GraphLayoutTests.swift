import Foundation
import Testing
import AtomScopeKit
@testable import AtomScopeRender

@Suite("GraphLayout and GraphFormat")
struct GraphLayoutTests {
    // The automatic choice is a function of the shape: these pin its rows and bounds, never
    // a time.

    @Test func smallGraphsGetDotWithGraphvizsDefaults() {
        let plan = GraphLayoutPlan.automatic(for: GraphShape(nodeCount: 0, edgeCount: 0))
        #expect(plan == GraphLayoutPlan(layout: .dot))
        // The 200-atom app: 217 nodes, 503 edges, 984 virtual.
        #expect(GraphLayoutPlan.automatic(for: GraphShape(nodeCount: 217, edgeCount: 503, rankCount: 25, virtualNodeCount: 984)).attributes.isEmpty)
        #expect(GraphLayoutPlan.automatic(for: GraphShape(nodeCount: 1_000, edgeCount: 2_500, virtualNodeCount: 1_500)) == GraphLayoutPlan(layout: .dot))
    }

    @Test func midSizeGraphsGetDotWithLimitsThatGrowWithPlacedNodes() {
        let moderate = GraphLayoutPlan.dotTiers[1].attributes
        let strong = GraphLayoutPlan.dotTiers[2].attributes
        #expect(moderate == ["mclimit": "0.5", "nslimit": "1", "nslimit1": "1"])
        #expect(strong == ["mclimit": "0.2", "nslimit": "0.5", "nslimit1": "0.5", "searchsize": "10"])
        func plan(_ nodes: Int, _ edges: Int, virtual: Int) -> GraphLayoutPlan {
            GraphLayoutPlan.automatic(for: GraphShape(nodeCount: nodes, edgeCount: edges, virtualNodeCount: virtual))
        }
        // One placed node or one edge past the defaults' row.
        #expect(plan(1_000, 2_500, virtual: 1_501) == GraphLayoutPlan(layout: .dot, attributes: moderate))
        #expect(plan(1_000, 2_501, virtual: 1_500) == GraphLayoutPlan(layout: .dot, attributes: moderate))
        // The 1,000-atom app: 1,087 nodes, 2,676 edges, 5,908 virtual.
        #expect(plan(1_087, 2_676, virtual: 5_908) == GraphLayoutPlan(layout: .dot, attributes: moderate))
        #expect(plan(2_000, 8_000, virtual: 6_000) == GraphLayoutPlan(layout: .dot, attributes: moderate))
        #expect(plan(2_000, 8_000, virtual: 6_001) == GraphLayoutPlan(layout: .dot, attributes: strong))
        // A chain of 200 with fan-out from its root: minutes for unlimited `dot`.
        #expect(plan(200, 299, virtual: 9_900) == GraphLayoutPlan(layout: .dot, attributes: strong))
        #expect(plan(2_500, 8_000, virtual: 13_500) == GraphLayoutPlan(layout: .dot, attributes: strong))
    }

    @Test func largeDenseOrDeepGraphsGetSfdpWithOverlapRemoval() {
        let sfdp = GraphLayoutPlan(layout: .sfdp, attributes: GraphLayoutPlan.sfdpAttributes)
        #expect(GraphLayoutPlan.sfdpAttributes["overlap"] == "prism20")
        #expect(GraphLayoutPlan.sfdpAttributes["splines"] == "false")
        func plan(_ nodes: Int, _ edges: Int, virtual: Int) -> GraphLayoutPlan {
            GraphLayoutPlan.automatic(for: GraphShape(nodeCount: nodes, edgeCount: edges, virtualNodeCount: virtual))
        }
        #expect(plan(2_500, 8_000, virtual: 13_501) == sfdp)  // placed nodes
        #expect(plan(2_500, 8_001, virtual: 0) == sfdp)       // edges
        #expect(plan(2_501, 2_500, virtual: 0) == sfdp)       // the graph's own nodes
        // The 5,000-atom app: 5,443 nodes, 13,202 edges, 33,770 virtual.
        #expect(plan(5_443, 13_202, virtual: 33_770) == sfdp)
        // 141 × 141 complete bipartite: two ranks, no virtual node, but 19,881 edges.
        #expect(plan(282, 19_881, virtual: 0) == sfdp)
        #expect(plan(.max, .max, virtual: .max) == sfdp)
        #expect(GraphShape(nodeCount: .max, edgeCount: 0, virtualNodeCount: 1).placedNodeCount == .max)
    }

    @Test func aNamedEngineRunsWithoutLimits() {
        #expect(GraphLayoutPlan.named(.dot) == GraphLayoutPlan(layout: .dot))
        #expect(GraphLayoutPlan.named(.neato) == GraphLayoutPlan(layout: .neato))
        #expect(GraphLayoutPlan.named(.sfdp) == GraphLayoutPlan(layout: .sfdp, attributes: GraphLayoutPlan.sfdpAttributes))
    }

    @Test func renderingWithoutALayoutMeasuresTheGraph() throws {
        let renderer = GraphRenderer()
        #expect(try renderer.render(dot: dependencyGraph(nodes: 300), format: .plain).layout == .dot)
        #expect(try renderer.render(dot: dependencyGraph(nodes: 2_501), format: .plain).layout == .sfdp)
        // 200 nodes but about 10,000 virtual ones: `dot`, with the limits that keep it short.
        #expect(try renderer.render(dot: chainWithFanOut(nodes: 200), format: .plain).layout == .dot)
        #expect(try renderer.render(dot: chainWithFanOut(nodes: 300), format: .plain).layout == .sfdp)
    }

    @Test func thePlansAttributesReachGraphvizUnlessTheGraphSetsItsOwn() throws {
        let renderer = GraphRenderer()
        // 100 nodes and 2,450 virtual ones: the moderate row.
        let limited = try renderer.render(dot: chainWithFanOut(nodes: 100), format: .dot).text
        #expect(limited.contains("mclimit=0.5"))
        #expect(limited.contains("nslimit=1"))
        #expect(limited.contains("nslimit1=1"))
        let own = try renderer.render(dot: chainWithFanOut(nodes: 100).replacingOccurrences(of: "digraph G {", with: "digraph G { nslimit=3;"), format: .dot).text
        #expect(own.contains("nslimit=3"))
        #expect(own.contains("mclimit=0.5"))
        let named = try renderer.render(dot: chainWithFanOut(nodes: 100), format: .dot, layout: .dot).text
        #expect(!named.contains("mclimit"))
        let sfdp = try renderer.render(dot: "digraph { a -> b; overlap=scale }", format: .dot, layout: .sfdp).text
        #expect(sfdp.contains("overlap=scale"))
        #expect(sfdp.contains("outputorder=edgesfirst"))
    }

    @Test func theShapeCountsRanksAndEdgeSpans() throws {
        func shape(_ dot: String) throws -> GraphShape {
            try GraphRenderer().measure(dot: dot)
        }
        #expect(try shape("digraph { a -> b -> c }") == GraphShape(nodeCount: 3, edgeCount: 2, rankCount: 3, virtualNodeCount: 0))
        #expect(try shape("digraph { a -> b -> c -> d; a -> d }") == GraphShape(nodeCount: 4, edgeCount: 4, rankCount: 4, virtualNodeCount: 2))
        // The cycle closer spans 2 ranks.
        #expect(try shape("digraph { a -> b -> c -> a }") == GraphShape(nodeCount: 3, edgeCount: 3, rankCount: 3, virtualNodeCount: 1))
        #expect(try shape("graph { a -- b -- c; a -- c }").virtualNodeCount == 1)
        #expect(try shape("digraph { }") == GraphShape(nodeCount: 0, edgeCount: 0))
        #expect(try shape(chainWithFanOut(nodes: 200)) == GraphShape(nodeCount: 200, edgeCount: 299, rankCount: 200, virtualNodeCount: 9_900))
        #expect(throws: GraphRenderError.self) { try shape("digraph { a -> ; }") }
    }

    @Test func namesParseCaseInsensitivelyAndUnknownOnesAreTypedErrors() throws {
        #expect(try GraphLayout(name: "SFDP") == .sfdp)
        #expect(try GraphFormat(name: "Svg") == .svg)
        #expect(throws: GraphRenderError.unknownLayout("circo")) { try GraphLayout(name: "circo") }
        #expect(throws: GraphRenderError.unknownFormat("gif")) { try GraphFormat(name: "gif") }
    }

    @Test func errorDescriptionsAreOneLine() {
        let errors: [GraphRenderError] = [
            .invalidDOT(message: "a\nb"), .unknownFormat("gif"), .unknownLayout("circo"),
            .workerCrashed(signal: 6, message: "corrupted\nheap"), .workerTimedOut(after: .seconds(60)),
        ]
        for error in errors {
            #expect(!error.description.contains("\n"))
        }
        #expect(GraphRenderError.unknownLayout("circo").description == "unknown layout 'circo' (use one of: dot, sfdp, neato)")
    }
}
