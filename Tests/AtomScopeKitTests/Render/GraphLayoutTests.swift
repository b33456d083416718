import Testing
@testable import AtomScopeKit

@Suite("GraphLayout and GraphFormat")
struct GraphLayoutTests {
    @Test func automaticChoiceSwitchesToSfdpAboveTheThreshold() {
        #expect(GraphLayout.automaticThreshold == 1_000)
        #expect(GraphLayout.automatic(nodeCount: 0) == .dot)
        #expect(GraphLayout.automatic(nodeCount: 1_000) == .dot)
        #expect(GraphLayout.automatic(nodeCount: 1_001) == .sfdp)
        #expect(GraphLayout.automatic(nodeCount: 5_000) == .sfdp)
    }

    @Test func renderingWithoutALayoutUsesTheAutomaticChoice() throws {
        let small = try GraphRenderer().render(dot: dependencyGraph(nodes: 50), format: .plain)
        #expect(small.layout == .dot)
        let large = try GraphRenderer().render(dot: dependencyGraph(nodes: GraphLayout.automaticThreshold + 1), format: .plain)
        #expect(large.layout == .sfdp)
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
