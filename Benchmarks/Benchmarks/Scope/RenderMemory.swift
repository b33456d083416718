// Memory after 1,000 renders in one process, as a REPL session that draws the graph at step
// after step would do: a 50-node atom graph (AtomGraph) rendered to SVG in-process 1,000
// times, with a different atom highlighted as changed each time (50 DOT variants, made
// before the first render). Each render is timed and checked to name all 50 nodes.
//
// Resident memory (/proc/self/statm) is read before the first render, after it (the libgvc
// context and plugins, pango and fontconfig included, are loaded then) and after 10, 100 and
// 1,000 renders. The growth that matters is from the first render to the 1,000th.
//
// Not the plugin's malloc metrics (`memoryLeakedBytes`, `mallocFreeDelta`): with the malloc
// interposer hooked, this benchmark aborts in pango's own "[pango] FcInit" thread with
// "corrupted double-linked list" (2 runs of 2); without them it never did (3 of 3), so the
// hooked interposer racing that background thread is the likely cause, not libgvc.
//
// One iteration: the measurement is the session itself. The plugin runs this benchmark in a
// process of its own, so nothing has rendered before.

import AtomScopeKit
import AtomScopeRender
import Benchmark
import BenchmarkSupport
import Foundation

private let renderCount = 1_000
private let graphNodes = 50

func registerRenderMemory() {
    let render = metric("render")
    let rss = (before: metric("rssBefore"), first: metric("rssAfter1"), ten: metric("rssAfter10"),
               hundred: metric("rssAfter100"), thousand: metric("rssAfter1000"))
    // Exported samples keep about 3 significant digits (HDR histograms): 38 MB reads ±20 KB.
    // The growths are exported as metrics of their own, precise to 0.1% of the growth. A
    // shrink (negative growth) is exported as such, since a sample cannot be negative.
    let growth = (loading: metric("rssGrowthBeforeTo1"), session: metric("rssGrowth1To1000"), late: metric("rssGrowth100To1000"),
                  sessionShrink: metric("rssShrink1To1000"), lateShrink: metric("rssShrink100To1000"))
    Benchmark(
        "scope.render-memory.50x1000",
        configuration: benchmarkConfiguration(
            [render, rss.before, rss.first, rss.ten, rss.hundred, rss.thousand,
             growth.loading, growth.session, growth.late, growth.sessionShrink, growth.lateShrink],
            warmup: 0, iterations: 1
        )
    ) { benchmark in
        let (times, readings) = await MainActor.run {
            let model = AtomGraph.model(nodes: graphNodes)
            let atomIDs = model.nodes.filter { $0.kind != .subscriber }.map(\.id)
            let variants: [String] = (0..<graphNodes).map { variant in
                var drawn = model
                for index in drawn.nodes.indices {
                    drawn.nodes[index].changed = drawn.nodes[index].id == atomIDs[variant % atomIDs.count]
                }
                return GraphStyle().dot(for: drawn)
            }
            let renderer = GraphRenderer()
            var times = [Int](repeating: 0, count: renderCount)
            var readings = [Int](repeating: 0, count: 5)
            readings[0] = ProcessMemory.residentBytes()
            for index in 0..<renderCount {
                let dot = variants[index % variants.count]
                var rendered: RenderedGraph?
                times[index] = nanoseconds {
                    rendered = must("render \(index + 1)") { () throws(GraphRenderError) in
                        try renderer.render(dot: dot, format: .svg, layout: nil)
                    }
                }
                guard let rendered else { fatalError("no render") }
                let named = AtomGraph.nodeGroups(in: rendered.data)
                check(named == graphNodes, "render \(index + 1): \(named) node groups, expected \(graphNodes)")
                check(rendered.warnings.isEmpty, "render \(index + 1): Graphviz warned \(rendered.warnings)")
                check(rendered.layout == .dot, "render \(index + 1): a 50-node graph laid out with \(rendered.layout)")
                switch index + 1 {
                case 1: readings[1] = ProcessMemory.residentBytes()
                case 10: readings[2] = ProcessMemory.residentBytes()
                case 100: readings[3] = ProcessMemory.residentBytes()
                case renderCount: readings[4] = ProcessMemory.residentBytes()
                default: break
                }
            }
            return (times, readings)
        }
        for time in times { benchmark.measurement(render, time) }
        benchmark.measurement(rss.before, readings[0])
        benchmark.measurement(rss.first, readings[1])
        benchmark.measurement(rss.ten, readings[2])
        benchmark.measurement(rss.hundred, readings[3])
        benchmark.measurement(rss.thousand, readings[4])
        benchmark.measurement(growth.loading, max(0, readings[1] - readings[0]))
        benchmark.measurement(growth.session, max(0, readings[4] - readings[1]))
        benchmark.measurement(growth.sessionShrink, max(0, readings[1] - readings[4]))
        benchmark.measurement(growth.late, max(0, readings[4] - readings[3]))
        benchmark.measurement(growth.lateShrink, max(0, readings[3] - readings[4]))
    }
}
