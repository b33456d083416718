// kairo "deep": source → chain of 50 nodes, each `prev + 1` → 1 effect.
// iter(): write the source once, then for i in 0..<50 write i; the effect runs 50 times.

import Atoms
import Benchmark

private let deepLength = 50

// MARK: atoms

private struct DeepSource: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 0 }
}

private struct DeepNode: ValueAtom, Hashable {
    let i: Int
    func value(context: Context) -> Int {
        (i == 0 ? context.watch(DeepSource()) : context.watch(DeepNode(i: i - 1))) + 1
    }
}

private let deepLeaf = DeepNode(i: deepLength - 1)

@MainActor
private final class DeepAtoms: KairoGraph {
    let root = AtomRoot()
    let writer: AtomViewContext
    let effect: EffectCounter
    let leaf = deepLeaf

    init() {
        writer = root.context()
        effect = EffectCounter(root) { $0.watch(deepLeaf) }
        check(effect.seen == deepLength, "deep atoms: initial leaf \(effect.seen)")
    }

    func iter() {
        writer.set(1, for: DeepSource())
        effect.resetRuns()
        for i in 0..<deepLength {
            writer.set(i, for: DeepSource())
            check(writer.read(leaf) == deepLength + i, "deep atoms: leaf \(writer.read(leaf)) at \(i)")
        }
        check(effect.runs == deepLength, "deep atoms: effect ran \(effect.runs) times, expected \(deepLength)")
        check(effect.seen == 2 * deepLength - 1, "deep atoms: effect saw \(effect.seen)")
    }
}

// MARK: baseline

@MainActor
private struct DeepBaseline: KairoGraph {
    var source = 0
    var nodes = [Int](repeating: 0, count: deepLength)
    var effectRuns = 0
    var effectSeen = 0

    init() {
        recompute()
        effectSeen = nodes[deepLength - 1]
    }

    private mutating func recompute() {
        var previous = source
        for i in 0..<deepLength {
            previous += 1
            nodes[i] = previous
        }
    }

    private mutating func write(_ value: Int) {
        guard value != source else { return }
        source = value
        let old = nodes[deepLength - 1]
        recompute()
        if nodes[deepLength - 1] != old {
            effectRuns += 1
            effectSeen = nodes[deepLength - 1]
        }
    }

    mutating func iter() {
        write(1)
        effectRuns = 0
        for i in 0..<deepLength {
            write(i)
            check(nodes[deepLength - 1] == deepLength + i, "deep baseline: leaf at \(i)")
        }
        check(effectRuns == deepLength, "deep baseline: effect ran \(effectRuns) times")
        check(effectSeen == 2 * deepLength - 1, "deep baseline: effect saw \(effectSeen)")
    }
}

func registerDeep() {
    kairoBenchmark("kairo.deep.atoms", DeepAtoms.self)
    kairoBenchmark("kairo.deep.baseline", DeepBaseline.self)
    kairoAllocationBenchmark("allocations.deep.51", DeepAtoms.self)
}
