// kairo "unstable": node = 20 × (source is odd ? double(source) : inverse(source)) → effect.
// iter(): write the source once, then 100 writes; the node's dependencies switch between
// double and inverse on every write; node = 40 · i for odd i, −20 · i for even i.

import Atoms
import Benchmark

private let unstableReads = 20
private let unstableWrites = 100

private func unstableExpected(_ source: Int) -> Int {
    source % 2 != 0 ? unstableReads * 2 * source : unstableReads * -source
}

// MARK: atoms

private struct UnstableSource: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 0 }
}

private struct UnstableDouble: ValueAtom, Hashable {
    func value(context: Context) -> Int { context.watch(UnstableSource()) * 2 }
}

private struct UnstableInverse: ValueAtom, Hashable {
    func value(context: Context) -> Int { -context.watch(UnstableSource()) }
}

private struct UnstableNode: ValueAtom, Hashable {
    func value(context: Context) -> Int {
        var sum = 0
        for _ in 0..<unstableReads {
            sum += context.watch(UnstableSource()) % 2 != 0
                ? context.watch(UnstableDouble())
                : context.watch(UnstableInverse())
        }
        return sum
    }
}

@MainActor
private final class UnstableAtoms: KairoGraph {
    let root = AtomRoot()
    let writer: AtomViewContext
    let effect: EffectCounter

    init() {
        writer = root.context()
        effect = EffectCounter(root) { $0.watch(UnstableNode()) }
        check(effect.seen == 0, "unstable atoms: initial \(effect.seen)")
        // The dependencies switch with the parity of the source.
        for value in [0, 1, 2, 3] {
            writer.set(value, for: UnstableSource())
            check(effect.seen == unstableExpected(value), "unstable atoms: effect saw \(effect.seen) for \(value)")
            let deps = dependencies(of: "UnstableNode", in: writer)
            let expected = value % 2 != 0 ? ["UnstableDouble", "UnstableSource"] : ["UnstableInverse", "UnstableSource"]
            check(deps == expected, "unstable atoms: UnstableNode depends on \(deps) for source \(value), expected \(expected)")
        }
    }

    func iter() {
        writer.set(1, for: UnstableSource())
        check(writer.read(UnstableNode()) == unstableExpected(1), "unstable atoms: node after write 1")
        effect.resetRuns()
        for i in 0..<unstableWrites {
            writer.set(i, for: UnstableSource())
            let node = writer.read(UnstableNode())
            check(node == unstableExpected(i), "unstable atoms: node \(node) at \(i), expected \(unstableExpected(i))")
        }
        check(effect.runs == unstableWrites, "unstable atoms: effect ran \(effect.runs) times, expected \(unstableWrites)")
        check(effect.seen == unstableExpected(unstableWrites - 1), "unstable atoms: effect saw \(effect.seen)")
    }
}

// MARK: baseline

@MainActor
private struct UnstableBaseline: KairoGraph {
    var source = 0
    var double = 0
    var inverse = 0
    var node = 0
    var effectRuns = 0
    var effectSeen = 0

    init() {
        recompute()
        effectSeen = node
    }

    /// Recomputes only what the node currently depends on, like a dynamic graph would.
    private mutating func recompute() {
        var sum = 0
        if source % 2 != 0 {
            double = source * 2
            for _ in 0..<unstableReads { sum += double }
        } else {
            inverse = -source
            for _ in 0..<unstableReads { sum += inverse }
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
        check(node == unstableExpected(1), "unstable baseline: node after write 1")
        effectRuns = 0
        for i in 0..<unstableWrites {
            write(i)
            check(node == unstableExpected(i), "unstable baseline: node \(node) at \(i)")
        }
        check(effectRuns == unstableWrites, "unstable baseline: effect ran \(effectRuns) times")
        check(effectSeen == unstableExpected(unstableWrites - 1), "unstable baseline: effect saw \(effectSeen)")
    }
}

func registerUnstable() {
    kairoBenchmark("kairo.unstable.atoms", UnstableAtoms.self)
    kairoBenchmark("kairo.unstable.baseline", UnstableBaseline.self)
}
