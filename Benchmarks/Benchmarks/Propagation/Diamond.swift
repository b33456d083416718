// kairo "diamond": source → 5 nodes (source + 1) → sum node → effect.
// iter(): write the source once, then 500 writes; sum = (i + 1) · 5; 500 effect runs.

import Atoms
import Benchmark

private let diamondWidth = 5
private let diamondWrites = 500

// MARK: atoms

private struct DiamondSource: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 0 }
}

private struct DiamondBranch: ValueAtom, Hashable {
    let i: Int
    func value(context: Context) -> Int { context.watch(DiamondSource()) + 1 }
}

private struct DiamondSum: ValueAtom, Hashable {
    func value(context: Context) -> Int {
        var sum = 0
        for i in 0..<diamondWidth {
            sum += context.watch(DiamondBranch(i: i))
        }
        return sum
    }
}

@MainActor
private final class DiamondAtoms: KairoGraph {
    let root = AtomRoot()
    let writer: AtomViewContext
    let effect: EffectCounter

    init() {
        writer = root.context()
        effect = EffectCounter(root) { $0.watch(DiamondSum()) }
        check(effect.seen == diamondWidth, "diamond atoms: initial sum \(effect.seen)")
    }

    func iter() {
        writer.set(1, for: DiamondSource())
        check(writer.read(DiamondSum()) == 2 * diamondWidth, "diamond atoms: sum after write 1")
        effect.resetRuns()
        for i in 0..<diamondWrites {
            writer.set(i, for: DiamondSource())
            let sum = writer.read(DiamondSum())
            check(sum == (i + 1) * diamondWidth, "diamond atoms: sum \(sum) at \(i)")
        }
        check(effect.runs == diamondWrites, "diamond atoms: effect ran \(effect.runs) times, expected \(diamondWrites)")
        check(effect.seen == diamondWrites * diamondWidth, "diamond atoms: effect saw \(effect.seen)")
    }
}

// MARK: baseline

@MainActor
private struct DiamondBaseline: KairoGraph {
    var source = 0
    var branches = [Int](repeating: 0, count: diamondWidth)
    var sum = 0
    var effectRuns = 0
    var effectSeen = 0

    init() {
        recompute()
        effectSeen = sum
    }

    private mutating func recompute() {
        var total = 0
        for i in 0..<diamondWidth {
            branches[i] = source + 1
            total += branches[i]
        }
        sum = total
    }

    private mutating func write(_ value: Int) {
        guard value != source else { return }
        source = value
        let old = sum
        recompute()
        if sum != old {
            effectRuns += 1
            effectSeen = sum
        }
    }

    mutating func iter() {
        write(1)
        check(sum == 2 * diamondWidth, "diamond baseline: sum after write 1")
        effectRuns = 0
        for i in 0..<diamondWrites {
            write(i)
            check(sum == (i + 1) * diamondWidth, "diamond baseline: sum \(sum) at \(i)")
        }
        check(effectRuns == diamondWrites, "diamond baseline: effect ran \(effectRuns) times")
        check(effectSeen == diamondWrites * diamondWidth, "diamond baseline: effect saw \(effectSeen)")
    }
}

func registerDiamond() {
    kairoBenchmark("kairo.diamond.atoms", DiamondAtoms.self)
    kairoBenchmark("kairo.diamond.baseline", DiamondBaseline.self)
    kairoAllocationBenchmark("allocations.diamond.501", DiamondAtoms.self)
}
