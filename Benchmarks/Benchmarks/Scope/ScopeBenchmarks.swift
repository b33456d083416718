// Entry point of the Scope benchmark target: what AtomScopeKit (the `atomscope` tool's
// library) costs its users — random seeks through a Timeline over a 1,000,000-step journal,
// the diff of two states of 10,000 atoms, SVG rendering through libgvc in-process next to
// the Graphviz binary as a subprocess, memory after 1,000 renders in one process, and
// `atomscope graph` end to end on journals of 200, 1,000 and 5,000 atoms.
// scripts/bench runs them and prints one table; shared/BENCHMARKS.md ("Beyond propagation")
// and issue 4 ("Benchmarks") say what is measured and the aims.

import Benchmark
import BenchmarkSupport

let benchmarks: @Sendable () -> Void = {
    registerSeek()
    registerDiff()
    registerRender()
    registerRenderMemory()
    registerJSONParsing()
    registerGraphEndToEnd()
}
