// kairo "avoidable": source → c1 → c2 (always 0) → c3 (busy) → c4 → c5 → effect (busy).
// iter(): write the source once, then 1,000 writes; c5 = 6 throughout, and c3, c4, c5 and
// the effect never re-run after the first time: c3 watches `c2.changes`, so the unchanged
// 0 from c2 stops propagation.

import Atoms
import Benchmark

private let avoidableWrites = 1_000

/// How often c3, c4 and c5 have computed. Atoms are Sendable values, so the counters live
/// in a global; the benchmark only touches them on the main actor.
private struct AvoidableRuns {
    var c3 = 0
    var c4 = 0
    var c5 = 0
}

nonisolated(unsafe) private var avoidableRuns = AvoidableRuns()

// MARK: atoms

private struct AvoidableSource: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 0 }
}

private struct AvoidableC1: ValueAtom, Hashable {
    func value(context: Context) -> Int { context.watch(AvoidableSource()) }
}

private struct AvoidableC2: ValueAtom, Hashable {
    func value(context: Context) -> Int {
        _ = context.watch(AvoidableC1())
        return 0
    }
}

private struct AvoidableC3: ValueAtom, Hashable {
    func value(context: Context) -> Int {
        avoidableRuns.c3 += 1
        busy()
        return context.watch(AvoidableC2().changes) + 1
    }
}

private struct AvoidableC4: ValueAtom, Hashable {
    func value(context: Context) -> Int {
        avoidableRuns.c4 += 1
        return context.watch(AvoidableC3()) + 2
    }
}

private struct AvoidableC5: ValueAtom, Hashable {
    func value(context: Context) -> Int {
        avoidableRuns.c5 += 1
        return context.watch(AvoidableC4()) + 3
    }
}

@MainActor
private final class AvoidableAtoms: KairoGraph {
    let root = AtomRoot()
    let writer: AtomViewContext
    let effect: AtomViewContext
    var effectRuns = 0

    init() {
        avoidableRuns = AvoidableRuns()
        writer = root.context()
        effect = root.context()
        blackHole(effect.watch(AvoidableC5()))
        busy()
        effect.onUpdate = { [unowned self] in
            self.effectRuns += 1
            blackHole(self.effect.watch(AvoidableC5()))
            busy()
        }
        checkNoReruns()
    }

    private func checkNoReruns() {
        let runs = avoidableRuns
        check(runs.c3 == 1 && runs.c4 == 1 && runs.c5 == 1 && effectRuns == 0,
              "avoidable atoms: re-ran c3 \(runs.c3 - 1), c4 \(runs.c4 - 1), c5 \(runs.c5 - 1), effect \(effectRuns) times")
    }

    func iter() {
        writer.set(1, for: AvoidableSource())
        check(writer.read(AvoidableC5()) == 6, "avoidable atoms: c5 after write 1")
        for i in 0..<avoidableWrites {
            writer.set(i, for: AvoidableSource())
            let c5 = writer.read(AvoidableC5())
            check(c5 == 6, "avoidable atoms: c5 = \(c5) at \(i)")
        }
        check(writer.read(AvoidableC1()) == avoidableWrites - 1, "avoidable atoms: c1 did not follow the source")
        checkNoReruns()
    }
}

// MARK: baseline

@MainActor
private struct AvoidableBaseline: KairoGraph {
    var source = 0
    var c1 = 0
    var c2 = 0
    var c3 = 0
    var c4 = 0
    var c5 = 0
    var runs = AvoidableRuns()
    var effectRuns = 0

    init() {
        c1 = source
        c2 = computeC2()
        computeFromC3()
        blackHole(c5)
        busy()
        checkNoReruns()
    }

    private func computeC2() -> Int {
        blackHole(c1)
        return 0
    }

    private mutating func computeFromC3() {
        runs.c3 += 1
        busy()
        c3 = c2 + 1
        runs.c4 += 1
        c4 = c3 + 2
        runs.c5 += 1
        c5 = c4 + 3
    }

    private mutating func write(_ value: Int) {
        guard value != source else { return }
        source = value
        guard c1 != source else { return }
        c1 = source
        let newC2 = computeC2()
        guard newC2 != c2 else { return }
        c2 = newC2
        let oldC5 = c5
        computeFromC3()
        if c5 != oldC5 {
            effectRuns += 1
            blackHole(c5)
            busy()
        }
    }

    private func checkNoReruns() {
        check(runs.c3 == 1 && runs.c4 == 1 && runs.c5 == 1 && effectRuns == 0,
              "avoidable baseline: re-ran c3 \(runs.c3 - 1), c4 \(runs.c4 - 1), c5 \(runs.c5 - 1), effect \(effectRuns) times")
    }

    mutating func iter() {
        write(1)
        check(c5 == 6, "avoidable baseline: c5 after write 1")
        for i in 0..<avoidableWrites {
            write(i)
            check(c5 == 6, "avoidable baseline: c5 = \(c5) at \(i)")
        }
        check(c1 == avoidableWrites - 1, "avoidable baseline: c1 did not follow the source")
        checkNoReruns()
    }
}

func registerAvoidable() {
    kairoBenchmark("kairo.avoidable.atoms", AvoidableAtoms.self)
    kairoBenchmark("kairo.avoidable.baseline", AvoidableBaseline.self)
}
