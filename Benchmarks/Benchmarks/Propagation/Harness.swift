// Shared plumbing for the propagation benchmarks: configurations that match
// BENCHMARKS.md, the hop onto the main actor (all Atoms API is @MainActor),
// loud value checks, and the effect subscriber used by every shape.

import Atoms
import Benchmark

/// Kairo: the graph is built once; one benchmark iteration = 500 calls of `iter()`;
/// 10 measured iterations (after one warm-up) so p0 is "best of 10 runs".
let kairoIterCalls = 500
nonisolated(unsafe) let kairoConfiguration = Benchmark.Configuration(
    metrics: [.wallClock],
    timeUnits: .nanoseconds, // exported samples keep full precision; scripts/bench formats them
    warmupIterations: 1,
    maxDuration: .seconds(600),
    maxIterations: 10
)

/// Cellx: one benchmark iteration = one fresh build; only the read / batch write /
/// read is measured; exactly 10 measured iterations, so the sum of the 10 samples
/// is "the sum of 10 builds" (the script adds them up).
nonisolated(unsafe) let cellxConfiguration = Benchmark.Configuration(
    metrics: [.wallClock],
    timeUnits: .nanoseconds,
    warmupIterations: 0,
    maxDuration: .seconds(600),
    maxIterations: 10
)

/// Carries a non-Sendable value across the hop to the main actor. The benchmark
/// runner waits for the hop to finish, so there is never concurrent access.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}

/// Fails the benchmark run loudly: a fast wrong answer is a failure.
@inline(__always)
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
           file: StaticString = #fileID, line: UInt = #line) {
    if !condition() {
        fatalError("benchmark check failed: \(message())", file: file, line: line)
    }
}

/// A graph that is built once and then driven by `iter()` (the kairo shapes). Atoms graphs
/// are classes; the hand-written baselines are structs with mutating methods (plain Swift
/// value types, so their stored properties need no dynamic exclusivity checks).
@MainActor
protocol KairoGraph {
    init()
    mutating func iter()
}

/// Holds a built graph between benchmark iterations.
@MainActor
final class GraphBox<G: KairoGraph> {
    var graph: G
    init(_ graph: G) { self.graph = graph }
}

/// Graphs built so far, by benchmark name (built once, on first use, outside the measurement).
@MainActor
enum GraphCache {
    static var graphs: [String: AnyObject] = [:]

    static func box<G: KairoGraph>(_ name: String, _ type: G.Type) -> GraphBox<G> {
        if let box = graphs[name] as? GraphBox<G> { return box }
        let box = GraphBox(G())
        graphs[name] = box
        return box
    }

    static func drop(_ name: String) {
        graphs[name] = nil
    }
}

/// Registers a kairo benchmark: builds the graph once, and each benchmark iteration
/// runs `calls` (500) `iter()` calls inside one main-actor hop, with the hop itself outside
/// the measured region.
func kairoBenchmark<G: KairoGraph>(
    _ name: String, _ type: G.Type,
    configuration: Benchmark.Configuration = kairoConfiguration, calls: Int = kairoIterCalls
) {
    Benchmark(name, configuration: configuration) { benchmark in
        let handle = Unchecked(value: benchmark)
        await MainActor.run {
            let box = GraphCache.box(name, G.self)
            handle.value.startMeasurement()
            for _ in 0..<calls {
                box.graph.iter()
            }
            handle.value.stopMeasurement()
        }
    } teardown: {
        await MainActor.run { GraphCache.drop(name) }
    }
}

/// A cellx case: `build()` is not measured; `measure()` is (read, batch write, read).
@MainActor
protocol CellxCase {
    init(layers: Int)
    mutating func measure() -> (before: [Int], after: [Int])
    /// What the effects of the last layer saw last (checked outside the measurement).
    func lastLayerSeenByEffects() -> [Int]
}

func cellxBenchmark<C: CellxCase>(_ name: String, layers: Int, _ type: C.Type) {
    guard let expected = cellxExpected[layers] else {
        fatalError("no expected values for cellx \(layers)")
    }
    Benchmark(name, configuration: cellxConfiguration) { benchmark in
        let box = Unchecked(value: benchmark)
        await MainActor.run {
            var graph = C(layers: layers)
            box.value.startMeasurement()
            let (before, after) = graph.measure()
            box.value.stopMeasurement()
            check(before == expected.before, "\(name): before = \(before), expected \(expected.before)")
            check(after == expected.after, "\(name): after = \(after), expected \(expected.after)")
            let seen = graph.lastLayerSeenByEffects()
            check(seen == expected.after, "\(name): last-layer effects saw \(seen), expected \(expected.after)")
            // The graph (and, for atoms, its root and subscribers) is torn down here,
            // outside the measured region.
            withExtendedLifetime(graph) {}
        }
    }
}

/// Expected last-layer values from BENCHMARKS.md, before / after the batch write.
let cellxExpected: [Int: (before: [Int], after: [Int])] = [
    1000: ([-3, -6, -2, 2], [-2, -4, 2, 3]),
    2500: ([-3, -6, -2, 2], [-2, -4, 2, 3]),
    5000: ([2, 4, -1, -6], [-2, 1, -4, -4]),
]

/// An "effect": one subscriber (AtomViewContext) per effect that watches the leaf
/// atom and counts how often it is told about an update. On each update it reads
/// the leaf again (by watching it, as a view re-rendering would), like a JS effect
/// that re-runs `leaf.read()`.
@MainActor
final class EffectCounter {
    let context: AtomViewContext
    private(set) var runs = 0
    private(set) var seen: Int
    private let observe: @MainActor (AtomViewContext) -> Int

    init(_ root: AtomRoot, _ observe: @escaping @MainActor (AtomViewContext) -> Int) {
        context = root.context()
        self.observe = observe
        seen = observe(context)
        context.onUpdate = { [unowned self] in
            self.runs += 1
            self.seen = self.observe(self.context)
        }
    }

    func resetRuns() {
        runs = 0
    }
}

/// The "busy" computation of the avoidable shape: a 100-step loop the optimiser keeps.
@inline(never)
func busy() {
    var a = 0
    for _ in 0..<100 {
        a = identity(a) &+ 1
    }
    blackHole(a)
}

/// The ids of the atoms that the atom with id `downstream` depends on right now, sorted
/// (from a snapshot of the store: used outside the measured region only).
@MainActor
func dependencies(of downstream: String, in context: AtomViewContext) -> [String] {
    context.snapshot().edges
        .filter { $0.downstream.id.rawValue == downstream }
        .map(\.upstream.id.rawValue)
        .sorted()
}

/// Allocations per steady-state write, from the benchmark package's malloc counters: one
/// sample is `allocationIters` calls of `iter()` on a graph built and run in the warm-up
/// iteration, so that caches, buffers and lazily made metadata exist already.
/// `allocations.empty` measures nothing, for the counters' own overhead; scripts/bench-vs-js
/// takes it off and divides by the writes (the last part of the name: writes per `iter()`).
let allocationIters = 10
// `nonisolated(unsafe)` because `Benchmark.Configuration` is not `Sendable`: a `let` made once,
// before any benchmark runs, and only read after, so no two threads ever race on it.
nonisolated(unsafe) let allocationConfiguration = Benchmark.Configuration(
    metrics: [.mallocCountTotal],
    warmupIterations: 1,
    maxDuration: .seconds(60),
    maxIterations: 5
)

func kairoAllocationBenchmark<G: KairoGraph>(_ name: String, _ type: G.Type) {
    kairoBenchmark(name, type, configuration: allocationConfiguration, calls: allocationIters)
}

func registerAllocations() {
    Benchmark("allocations.empty", configuration: allocationConfiguration) { benchmark in
        let handle = Unchecked(value: benchmark)
        await MainActor.run {
            handle.value.startMeasurement()
            handle.value.stopMeasurement()
        }
    }
}
