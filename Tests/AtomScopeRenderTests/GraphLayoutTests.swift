import Foundation
import Testing
import AtomScopeKit
@testable import AtomScopeRender

@Suite("GraphLayout and GraphFormat")
struct GraphLayoutTests {
    @Test func automaticChoiceCountsPlacedNodes() {
        #expect(GraphLayout.automaticThreshold == 2_500)
        #expect(GraphLayout.automatic(nodeCount: 0) == .dot)
        #expect(GraphLayout.automatic(nodeCount: 2_500) == .dot)
        #expect(GraphLayout.automatic(nodeCount: 2_501) == .sfdp)
        #expect(GraphLayout.automatic(nodeCount: 5_000) == .sfdp)
        #expect(GraphLayout.automatic(nodeCount: 200, virtualNodeCount: 2_300) == .dot)
        #expect(GraphLayout.automatic(nodeCount: 200, virtualNodeCount: 9_900) == .sfdp)
        #expect(GraphLayout.automatic(nodeCount: .max, virtualNodeCount: .max) == .sfdp)
    }

    @Test func renderingWithoutALayoutMeasuresTheGraph() throws {
        let renderer = GraphRenderer()
        #expect(try renderer.render(dot: dependencyGraph(nodes: 300), format: .plain).layout == .dot)
        #expect(try renderer.render(dot: dependencyGraph(nodes: GraphLayout.automaticThreshold + 1), format: .plain).layout == .sfdp)
        // 200 nodes, but about 10,000 virtual ones: `dot` would take minutes.
        let started = ContinuousClock.now
        #expect(try renderer.render(dot: chainWithFanOut(nodes: 200), format: .plain).layout == .sfdp)
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(try renderer.render(dot: chainWithFanOut(nodes: 60), format: .plain).layout == .dot)
    }

    @Test func theVirtualNodeEstimateFollowsEdgeSpans() throws {
        func estimate(_ dot: String) -> Int? {
            GraphvizSession.shared.virtualNodeEstimate(dot: dot)
        }
        #expect(estimate("digraph { a -> b -> c }") == 0)
        #expect(estimate("digraph { a -> b -> c -> d; a -> d }") == 2)
        #expect(estimate("digraph { a -> b -> c -> a }") == 1)  // the cycle closer spans 2 ranks
        #expect(estimate("graph { a -- b -- c; a -- c }") == 1)
        #expect(estimate(chainWithFanOut(nodes: 200)) == 9_900)
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
