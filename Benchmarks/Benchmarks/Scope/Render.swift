// SVG rendering of atom graphs of 10, 100, 1,000 and 5,000 nodes (AtomGraph, DOT from
// GraphStyle): in this process with `GraphRenderer().render(dot:format: .svg, layout: nil)`
// — nil is the automatic engine choice, which the renderer makes from the parsed graph's shape
// (GraphLayoutPlan: the engine and the limits or settings it runs with) — next to running the
// Graphviz binary of the engine it chose with the same settings (`dot -Gmclimit=… -Tsvg` or
// `sfdp -Goverlap=… -Tsvg`) as a subprocess on the same DOT (Foundation Process, DOT written
// to stdin, SVG read from stdout). Each iteration times one of each, alternating which goes
// first; both SVGs must have one `<g id="node…">` per node.
//
// Setup builds the graph and its DOT and makes the process's first render (libgvc context
// and plugin loading), reported apart as `firstRender`; that render's engine is the
// automatic choice every measured render must repeat. Whether the SVGs are byte-identical
// to the binary's is reported (not checked) for that first render and for each measured one:
// with Graphviz 2.43, `dot` output is identical every time, while `sfdp` output is identical
// only for the process's first sfdp layout (later ones differ from it, and equal each other).

import AtomScopeKit
import AtomScopeRender
import Benchmark
import BenchmarkSupport
import Foundation

@MainActor
private final class RenderCase {
    let nodes: Int
    let dot: String
    let dotData: Data
    let edges: Int
    let layout: GraphLayout
    /// What the automatic choice sets besides the engine, given to the binary as well.
    let attributes: [String: String]
    let executable: URL
    let firstRender: Int
    /// Whether the process's first render is byte-identical to the binary's SVG.
    let firstIdentical: Bool
    var runs = 0

    init(nodes: Int) {
        self.nodes = nodes
        let model = AtomGraph.model(nodes: nodes)
        edges = model.edges.count
        let text = GraphStyle().dot(for: model)
        dot = text
        dotData = Data(text.utf8)
        var rendered: RenderedGraph?
        firstRender = nanoseconds {
            rendered = must("first render of \(nodes) nodes") { () throws(GraphRenderError) in
                try GraphRenderer().render(dot: text, format: .svg, layout: nil)
            }
        }
        guard let rendered else { fatalError("no render") }
        check(AtomGraph.nodeGroups(in: rendered.data) == nodes,
              "\(nodes)-node SVG has \(AtomGraph.nodeGroups(in: rendered.data)) node groups")
        layout = rendered.layout
        let plan = GraphLayoutPlan.automatic(for: must("measuring \(nodes) nodes") { () throws(GraphRenderError) in
            try GraphRenderer().measure(dot: text)
        })
        check(plan.layout == layout, "\(nodes) nodes: rendered with \(layout), the plan says \(plan.layout)")
        attributes = plan.attributes
        executable = GraphvizCommand.executable(for: layout)
        firstIdentical = GraphvizCommand.svg(executable, dot: dotData, attributes: attributes) == rendered.data
    }

    static var cases: [Int: RenderCase] = [:]
}

func registerRender() {
    // Iterations per size: layout dominates at 1,000 nodes and beyond; keep the target's
    // runtime to minutes.
    for (nodes, iterations) in [(10, 40), (100, 20), (1_000, 5), (5_000, 3)] {
        let inProcess = metric("inProcess")
        let subprocess = metric("subprocess")
        let first = metric("firstRender")
        let sfdp = metric("usesSfdp")
        let edgeCount = metric("edges")
        let bytes = metric("svgBytes")
        let identical = metric("identicalSVG")
        let firstIdentical = metric("identicalFirstSVG")
        Benchmark(
            "scope.render.\(nodes)",
            configuration: benchmarkConfiguration(
                [inProcess, subprocess, first, sfdp, edgeCount, bytes, identical, firstIdentical], warmup: 1, iterations: iterations,
                setup: { await MainActor.run { RenderCase.cases[nodes] = RenderCase(nodes: nodes) } },
                teardown: { await MainActor.run { RenderCase.cases[nodes] = nil } }
            )
        ) { benchmark in
            let sample = await MainActor.run {
                guard let graph = RenderCase.cases[nodes] else { fatalError("no graph") }
                var rendered: RenderedGraph?
                var svg = Data()
                var inProcessTime = 0
                var subprocessTime = 0
                func renderInProcess() {
                    inProcessTime = nanoseconds {
                        rendered = must("rendering \(nodes) nodes") { () throws(GraphRenderError) in
                            try GraphRenderer().render(dot: graph.dot, format: .svg, layout: nil)
                        }
                    }
                }
                func renderSubprocess() {
                    subprocessTime = nanoseconds { svg = GraphvizCommand.svg(graph.executable, dot: graph.dotData, attributes: graph.attributes) }
                }
                if graph.runs % 2 == 0 { renderInProcess(); renderSubprocess() } else { renderSubprocess(); renderInProcess() }
                graph.runs += 1
                guard let rendered else { fatalError("no render") }
                check(rendered.layout == graph.layout, "\(nodes) nodes: engine \(rendered.layout), first render chose \(graph.layout)")
                let ours = AtomGraph.nodeGroups(in: rendered.data)
                let theirs = AtomGraph.nodeGroups(in: svg)
                check(ours == nodes, "\(nodes)-node in-process SVG has \(ours) node groups")
                check(theirs == nodes, "\(nodes)-node `\(graph.layout.rawValue) -Tsvg` SVG has \(theirs) node groups")
                return (inProcessTime, subprocessTime, graph.firstRender, graph.layout == .sfdp ? 1 : 0, graph.edges,
                        rendered.data.count, rendered.data == svg ? 1 : 0, graph.firstIdentical ? 1 : 0)
            }
            benchmark.measurement(inProcess, sample.0)
            benchmark.measurement(subprocess, sample.1)
            benchmark.measurement(first, sample.2)
            benchmark.measurement(sfdp, sample.3)
            benchmark.measurement(edgeCount, sample.4)
            benchmark.measurement(bytes, sample.5)
            benchmark.measurement(identical, sample.6)
            benchmark.measurement(firstIdentical, sample.7)
        }
    }
}
