// kairo "repeated": one node reads the same source 30 times and sums → effect.
// iter(): write the source once, then 100 writes; node = 30 · i; the node has exactly one
// dependency, so the effect runs once per write (100 per iter).

import Atoms
import Benchmark

private let repeatedReads = 30
private let repeatedWrites = 100

// MARK: atoms

private struct RepeatedSource: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 0 }
}

private struct RepeatedNode: ValueAtom, Hashable {
    func value(context: Context) -> Int {
        var sum = 0
        for _ in 0..<repeatedReads {
            sum += context.watch(RepeatedSource())
        }
        return sum
    }
}

@MainActor
private final class RepeatedAtoms: KairoGraph {
    let root = AtomRoot()
    let writer: AtomViewContext
    let effect: EffectCounter

    init() {
        writer = root.context()
        effect = EffectCounter(root) { $0.watch(RepeatedNode()) }
        check(effect.seen == 0, "repeated atoms: initial \(effect.seen)")
        // 30 watches of the same source make one dependency, before and after a recompute.
        checkOneDependency()
        writer.set(2, for: RepeatedSource())
        check(effect.seen == 2 * repeatedReads, "repeated atoms: effect saw \(effect.seen) after write 2")
        checkOneDependency()
    }

    private func checkOneDependency() {
        let deps = dependencies(of: "RepeatedNode", in: writer)
        check(deps == ["RepeatedSource"], "repeated atoms: RepeatedNode depends on \(deps), expected exactly [RepeatedSource]")
    }

    func iter() {
        writer.set(1, for: RepeatedSource())
        check(writer.read(RepeatedNode()) == repeatedReads, "repeated atoms: node after write 1")
        effect.resetRuns()
        for i in 0..<repeatedWrites {
            writer.set(i, for: RepeatedSource())
            let node = writer.read(RepeatedNode())
            check(node == i * repeatedReads, "repeated atoms: node \(node) at \(i)")
        }
        check(effect.runs == repeatedWrites, "repeated atoms: effect ran \(effect.runs) times, expected \(repeatedWrites)")
        check(effect.seen == (repeatedWrites - 1) * repeatedReads, "repeated atoms: effect saw \(effect.seen)")
    }
}

// MARK: baseline

@MainActor
private struct RepeatedBaseline: KairoGraph {
    var source = 0
    var node = 0
    var effectRuns = 0
    var effectSeen = 0

    init() {
        recompute()
        effectSeen = node
    }

    private mutating func recompute() {
        var sum = 0
        for _ in 0..<repeatedReads {
            sum += source
        }
        node = sum
    }

    private mutating func write(_ value: Int) {
        guard value != source else { return }
        source = value
        let old = node
        recompute()
        if node != old {
            effectRuns += 1
            effectSeen = node
        }
    }

    mutating func iter() {
        write(1)
        check(node == repeatedReads, "repeated baseline: node after write 1")
        effectRuns = 0
        for i in 0..<repeatedWrites {
            write(i)
            check(node == i * repeatedReads, "repeated baseline: node \(node) at \(i)")
        }
        check(effectRuns == repeatedWrites, "repeated baseline: effect ran \(effectRuns) times")
        check(effectSeen == (repeatedWrites - 1) * repeatedReads, "repeated baseline: effect saw \(effectSeen)")
    }
}

func registerRepeated() {
    kairoBenchmark("kairo.repeated.atoms", RepeatedAtoms.self)
    kairoBenchmark("kairo.repeated.baseline", RepeatedBaseline.self)
}
