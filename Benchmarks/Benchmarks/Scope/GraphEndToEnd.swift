// `atomscope graph JOURNAL -o out.svg`, end to end, on the journals of apps of 200, 1,000
// and 5,000 atoms with a real app's shape (ExampleLargeApp: hubs, feature modules with layers
// of derived atoms, pipelines, screens; seed 1, 100 actions): the release binary as a child
// process, as a user runs it — process start, opening the journal, the state at its last step,
// DOT, the render worker (its own process) with the automatic layout, the SVG sanitizer and
// the file write. Beside it, in the same iterations and alternating which goes first:
//
// - `sameEngine`: the Graphviz binary of the engine atomscope chose, with the same settings
//   (`dot -Gmclimit=… -Tsvg`, `sfdp -Goverlap=… -Tsvg`), on the same DOT: what the layout
//   itself costs, so the ratio is atomscope's own overhead;
// - `dotDefault`: plain `dot -Tsvg` on the same DOT (the baseline), only where the
//   choice is `dot`: on the 5,000-atom graph it runs for minutes (measured once, apart, in
//   docs/PERFORMANCE.md).
//
// Every run is checked: exit status 0 and one `<g id="node…">` per node of the graph in each
// SVG, so only complete, successful renders count. The goals (issue 14): 200 atoms ≤ 2 s,
// 1,000 ≤ 5 s, 5,000 ≤ 10 s.
//
// The binaries come from the main package's release build (scripts/bench builds them):
// `atomscope` and `ExampleLargeApp` in `$ATOMSCOPE_RELEASE_DIR`, by default `.build/release`
// of the repository this file is in.

import AtomScopeRender
import Benchmark
import BenchmarkSupport
import Foundation

private enum ReleaseBinaries {
    static let directory: URL = {
        if let path = ProcessInfo.processInfo.environment["ATOMSCOPE_RELEASE_DIR"], !path.isEmpty {
            return URL(filePath: path)
        }
        // Benchmarks/Benchmarks/Scope/GraphEndToEnd.swift → the repository.
        return URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appending(path: ".build/release")
    }()

    static func binary(_ name: String) -> URL {
        let url = directory.appending(path: name)
        check(FileManager.default.isExecutableFile(atPath: url.path),
              "no \(url.path): build it with `swift build -c release --product \(name)` in the repository (scripts/bench does)")
        return url
    }
}

@MainActor
private final class EndToEndCase {
    let atoms: Int
    let directory: URL
    let journal: URL
    let output: URL
    let dot: Data
    let shape: GraphShape
    let plan: GraphLayoutPlan
    let atomscope: URL
    let engine: URL
    let dotBinary: URL
    var runs = 0

    init(atoms: Int) {
        self.atoms = atoms
        directory = TemporaryDirectory.make("graph-e2e-\(atoms)")
        journal = directory.appending(path: "app.journal")
        output = directory.appending(path: "graph.svg")
        atomscope = ReleaseBinaries.binary("atomscope")
        let recorded = ChildRun.run(ReleaseBinaries.binary("ExampleLargeApp"), [journal.path, "--atoms", String(atoms), "--seed", "1"])
        check(recorded.status == 0, "ExampleLargeApp exited \(recorded.status): \(String(decoding: recorded.errors, as: UTF8.self))")
        // The DOT atomscope draws, from atomscope itself.
        let drawn = ChildRun.run(atomscope, ["graph", journal.path, "--dot"])
        check(drawn.status == 0, "atomscope graph --dot exited \(drawn.status): \(String(decoding: drawn.errors, as: UTF8.self))")
        dot = drawn.output
        let text = String(decoding: dot, as: UTF8.self)
        shape = must("measuring the \(atoms)-atom graph") { () throws(GraphRenderError) in try GraphRenderer().measure(dot: text) }
        check(shape.nodeCount > atoms, "\(atoms) atoms drew \(shape.nodeCount) nodes: atoms and screens expected")
        plan = GraphLayoutPlan.automatic(for: shape)
        engine = GraphvizCommand.executable(for: plan.layout)
        dotBinary = GraphvizCommand.executable(for: .dot)
    }

    /// `atomscope graph JOURNAL -o out.svg`; checks it and returns nanoseconds.
    func runAtomscope() -> Int {
        try? FileManager.default.removeItem(at: output)
        var run = ChildRun.Result(status: -1, output: Data(), errors: Data())
        let time = nanoseconds { run = ChildRun.run(atomscope, ["graph", journal.path, "-o", output.path]) }
        check(run.status == 0, "atomscope graph exited \(run.status): \(String(decoding: run.errors, as: UTF8.self))")
        let svg = must("reading \(output.path)") { try Data(contentsOf: output) }
        checkWhole(svg, "atomscope's")
        return time
    }

    /// The Graphviz binary on the same DOT; checks the SVG and returns nanoseconds.
    func runGraphviz(_ executable: URL, attributes: [String: String]) -> Int {
        var svg = Data()
        let time = nanoseconds { svg = GraphvizCommand.svg(executable, dot: dot, attributes: attributes) }
        checkWhole(svg, "\(executable.lastPathComponent)'s")
        return time
    }

    private func checkWhole(_ svg: Data, _ whose: String) {
        let groups = AtomGraph.nodeGroups(in: svg)
        check(groups == shape.nodeCount, "\(atoms) atoms: \(whose) SVG has \(groups) node groups of \(shape.nodeCount)")
    }

    /// The plan as a number for the table: 0 dot with Graphviz's defaults, 1 and 2 dot with
    /// the moderate and strong limits, 3 sfdp.
    var tier: Int {
        GraphLayoutPlan.dotTier(for: shape) ?? GraphLayoutPlan.dotTiers.count
    }

    static var cases: [Int: EndToEndCase] = [:]
}

func registerGraphEndToEnd() {
    for (atoms, iterations) in [(200, 10), (1_000, 5), (5_000, 3)] {
        let ours = metric("atomscope")
        let same = metric("sameEngine")
        let plain = metric("dotDefault")
        let tier = metric("tier")
        let nodes = metric("nodes")
        let edges = metric("edges")
        let virtual = metric("virtualNodes")
        Benchmark(
            "scope.graph-e2e.\(atoms)",
            configuration: benchmarkConfiguration(
                [ours, same, plain, tier, nodes, edges, virtual], warmup: 1, iterations: iterations,
                setup: { await MainActor.run { EndToEndCase.cases[atoms] = EndToEndCase(atoms: atoms) } },
                teardown: {
                    await MainActor.run {
                        if let graph = EndToEndCase.cases[atoms] { TemporaryDirectory.remove(graph.directory) }
                        EndToEndCase.cases[atoms] = nil
                    }
                }
            )
        ) { benchmark in
            let sample = await MainActor.run {
                guard let graph = EndToEndCase.cases[atoms] else { fatalError("no journal") }
                var times = (atomscope: 0, same: 0, plain: 0)
                @MainActor func runBaselines() {
                    times.same = graph.runGraphviz(graph.engine, attributes: graph.plan.attributes)
                    if graph.plan.layout == .dot { times.plain = graph.runGraphviz(graph.dotBinary, attributes: [:]) }
                }
                if graph.runs % 2 == 0 {
                    times.atomscope = graph.runAtomscope()
                    runBaselines()
                } else {
                    runBaselines()
                    times.atomscope = graph.runAtomscope()
                }
                graph.runs += 1
                return (times, graph.tier, graph.shape)
            }
            benchmark.measurement(ours, sample.0.atomscope)
            benchmark.measurement(same, sample.0.same)
            if sample.0.plain > 0 { benchmark.measurement(plain, sample.0.plain) }
            benchmark.measurement(tier, sample.1)
            benchmark.measurement(nodes, sample.2.nodeCount)
            benchmark.measurement(edges, sample.2.edgeCount)
            benchmark.measurement(virtual, sample.2.virtualNodeCount)
        }
    }
}
