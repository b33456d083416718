// kairo "mux": 100 sources → one node building a [Int: Int] of all values → 100 nodes
// reading one entry each → 100 nodes (+1) → 100 effects.
// iter(): write sources 0..9 with i, then again with 2·i (20 writes); each effect sees
// its own source + 1. The +1 nodes cut propagation off when their entry is unchanged
// (`changes`), so exactly 18 effects run per iter (the writes to source 0 change nothing).

import Atoms
import Benchmark

private let muxWidth = 100
private let muxWritten = 10
private let muxEffectRunsPerIter = 2 * (muxWritten - 1)

// MARK: atoms

private struct MuxSource: StateAtom, Hashable {
    let i: Int
    func defaultValue(context: Context) -> Int { 0 }
}

private struct MuxAll: ValueAtom, Hashable {
    func value(context: Context) -> [Int: Int] {
        var all: [Int: Int] = [:]
        all.reserveCapacity(muxWidth)
        for i in 0..<muxWidth {
            all[i] = context.watch(MuxSource(i: i))
        }
        return all
    }
}

private struct MuxEntry: ValueAtom, Hashable {
    let i: Int
    func value(context: Context) -> Int { context.watch(MuxAll())[i]! }
}

private struct MuxPlus: ValueAtom, Hashable {
    let i: Int
    func value(context: Context) -> Int { context.watch(MuxEntry(i: i).changes) + 1 }
}

@MainActor
private final class MuxAtoms: KairoGraph {
    let root = AtomRoot()
    let writer: AtomViewContext
    var effects: [EffectCounter] = []

    init() {
        writer = root.context()
        for i in 0..<muxWidth {
            effects.append(EffectCounter(root) { $0.watch(MuxPlus(i: i)) })
        }
    }

    func iter() {
        for effect in effects { effect.resetRuns() }
        for i in 0..<muxWritten {
            writer.set(i, for: MuxSource(i: i))
            let plus = writer.read(MuxPlus(i: i))
            check(plus == i + 1, "mux atoms: node \(i) = \(plus), expected \(i + 1)")
            check(effects[i].seen == i + 1, "mux atoms: effect \(i) saw \(effects[i].seen), expected \(i + 1)")
        }
        for i in 0..<muxWritten {
            writer.set(i * 2, for: MuxSource(i: i))
            let plus = writer.read(MuxPlus(i: i))
            check(plus == i * 2 + 1, "mux atoms: node \(i) = \(plus), expected \(i * 2 + 1)")
            check(effects[i].seen == i * 2 + 1, "mux atoms: effect \(i) saw \(effects[i].seen), expected \(i * 2 + 1)")
        }
        var runs = 0
        for effect in effects { runs += effect.runs }
        check(runs == muxEffectRunsPerIter, "mux atoms: \(runs) effect runs, expected \(muxEffectRunsPerIter)")
    }
}

// MARK: baseline

@MainActor
private struct MuxBaseline: KairoGraph {
    var sources = [Int](repeating: 0, count: muxWidth)
    var all: [Int: Int] = [:]
    var entries = [Int](repeating: 0, count: muxWidth)
    var plus = [Int](repeating: 0, count: muxWidth)
    var effectRuns = [Int](repeating: 0, count: muxWidth)
    var effectSeen = [Int](repeating: 0, count: muxWidth)

    init() {
        rebuildAll()
        for i in 0..<muxWidth {
            entries[i] = all[i]!
            plus[i] = entries[i] + 1
            effectSeen[i] = plus[i]
        }
    }

    private mutating func rebuildAll() {
        var all: [Int: Int] = [:]
        all.reserveCapacity(muxWidth)
        for i in 0..<muxWidth {
            all[i] = sources[i]
        }
        self.all = all
    }

    private mutating func write(_ i: Int, _ value: Int) {
        guard sources[i] != value else { return }
        sources[i] = value
        rebuildAll()
        for j in 0..<muxWidth {
            let entry = all[j]!
            guard entry != entries[j] else { continue }
            entries[j] = entry
            plus[j] = entry + 1
            effectRuns[j] += 1
            effectSeen[j] = plus[j]
        }
    }

    mutating func iter() {
        for i in 0..<muxWidth { effectRuns[i] = 0 }
        for i in 0..<muxWritten {
            write(i, i)
            check(plus[i] == i + 1 && effectSeen[i] == i + 1, "mux baseline: node \(i)")
        }
        for i in 0..<muxWritten {
            write(i, i * 2)
            check(plus[i] == i * 2 + 1 && effectSeen[i] == i * 2 + 1, "mux baseline: node \(i)")
        }
        var runs = 0
        for i in 0..<muxWidth { runs += effectRuns[i] }
        check(runs == muxEffectRunsPerIter, "mux baseline: \(runs) effect runs")
    }
}

func registerMux() {
    kairoBenchmark("kairo.mux.atoms", MuxAtoms.self)
    kairoBenchmark("kairo.mux.baseline", MuxBaseline.self)
}
