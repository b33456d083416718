// kairo "broad": 50 independent branches: source + i → node (+1) → effect.
// iter(): write the source once, then for i in 0..<50 write i; 2,500 effect runs.

import Atoms
import Benchmark

private let broadWidth = 50

// MARK: atoms

private struct BroadSource: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 0 }
}

/// source + i
private struct BroadOffset: ValueAtom, Hashable {
    let i: Int
    func value(context: Context) -> Int { context.watch(BroadSource()) + i }
}

/// (source + i) + 1
private struct BroadNode: ValueAtom, Hashable {
    let i: Int
    func value(context: Context) -> Int { context.watch(BroadOffset(i: i)) + 1 }
}

@MainActor
private final class BroadAtoms: KairoGraph {
    let root = AtomRoot()
    let writer: AtomViewContext
    var effects: [EffectCounter] = []

    init() {
        writer = root.context()
        for i in 0..<broadWidth {
            effects.append(EffectCounter(root) { $0.watch(BroadNode(i: i)) })
        }
    }

    func iter() {
        writer.set(1, for: BroadSource())
        for effect in effects { effect.resetRuns() }
        let last = BroadNode(i: broadWidth - 1)
        for i in 0..<broadWidth {
            writer.set(i, for: BroadSource())
            check(writer.read(last) == i + broadWidth, "broad atoms: last = \(writer.read(last)) at \(i)")
        }
        var runs = 0
        for effect in effects { runs += effect.runs }
        check(runs == broadWidth * broadWidth, "broad atoms: \(runs) effect runs, expected \(broadWidth * broadWidth)")
        check(effects[broadWidth - 1].seen == 2 * broadWidth - 1, "broad atoms: last effect saw \(effects[broadWidth - 1].seen)")
    }
}

// MARK: baseline

@MainActor
private struct BroadBaseline: KairoGraph {
    var source = 0
    var offsets = [Int](repeating: 0, count: broadWidth)
    var nodes = [Int](repeating: 0, count: broadWidth)
    var effectRuns = [Int](repeating: 0, count: broadWidth)
    var effectSeen = [Int](repeating: 0, count: broadWidth)

    init() {
        for i in 0..<broadWidth {
            offsets[i] = source + i
            nodes[i] = offsets[i] + 1
            effectSeen[i] = nodes[i]
        }
    }

    private mutating func write(_ value: Int) {
        guard value != source else { return }
        source = value
        for i in 0..<broadWidth {
            let offset = source + i
            guard offset != offsets[i] else { continue }
            offsets[i] = offset
            let node = offset + 1
            guard node != nodes[i] else { continue }
            nodes[i] = node
            effectRuns[i] += 1
            effectSeen[i] = node
        }
    }

    mutating func iter() {
        write(1)
        for i in 0..<broadWidth { effectRuns[i] = 0 }
        for i in 0..<broadWidth {
            write(i)
            check(nodes[broadWidth - 1] == i + broadWidth, "broad baseline: last at \(i)")
        }
        var runs = 0
        for i in 0..<broadWidth { runs += effectRuns[i] }
        check(runs == broadWidth * broadWidth, "broad baseline: \(runs) effect runs")
        check(effectSeen[broadWidth - 1] == 2 * broadWidth - 1, "broad baseline: last effect saw \(effectSeen[broadWidth - 1])")
    }
}

func registerBroad() {
    kairoBenchmark("kairo.broad.atoms", BroadAtoms.self)
    kairoBenchmark("kairo.broad.baseline", BroadBaseline.self)
    kairoAllocationBenchmark("allocations.broad.51", BroadAtoms.self)
}
