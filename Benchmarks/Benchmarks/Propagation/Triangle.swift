// kairo "triangle": c0 = source, c_k = c_(k-1) + 1 for k < 10; sum of all 10 → effect.
// iter(): write the source once, then 100 writes; sum = 45 + 10 · i.

import Atoms
import Benchmark

private let triangleWidth = 10
private let triangleWrites = 100
private let triangleConstant = (0..<triangleWidth).reduce(0, +) // 45

// MARK: atoms

private struct TriangleSource: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 0 }
}

private struct TriangleNode: ValueAtom, Hashable {
    let k: Int
    func value(context: Context) -> Int {
        k == 0 ? context.watch(TriangleSource()) : context.watch(TriangleNode(k: k - 1)) + 1
    }
}

private struct TriangleSum: ValueAtom, Hashable {
    func value(context: Context) -> Int {
        var sum = 0
        for k in 0..<triangleWidth {
            sum += context.watch(TriangleNode(k: k))
        }
        return sum
    }
}

@MainActor
private final class TriangleAtoms: KairoGraph {
    let root = AtomRoot()
    let writer: AtomViewContext
    let effect: EffectCounter

    init() {
        writer = root.context()
        effect = EffectCounter(root) { $0.watch(TriangleSum()) }
        check(effect.seen == triangleConstant, "triangle atoms: initial sum \(effect.seen)")
    }

    func iter() {
        writer.set(1, for: TriangleSource())
        check(writer.read(TriangleSum()) == triangleConstant + triangleWidth, "triangle atoms: sum after write 1")
        effect.resetRuns()
        for i in 0..<triangleWrites {
            writer.set(i, for: TriangleSource())
            let sum = writer.read(TriangleSum())
            check(sum == triangleConstant + i * triangleWidth, "triangle atoms: sum \(sum) at \(i)")
        }
        check(effect.runs == triangleWrites, "triangle atoms: effect ran \(effect.runs) times, expected \(triangleWrites)")
        check(effect.seen == triangleConstant + (triangleWrites - 1) * triangleWidth, "triangle atoms: effect saw \(effect.seen)")
    }
}

// MARK: baseline

@MainActor
private struct TriangleBaseline: KairoGraph {
    var source = 0
    var nodes = [Int](repeating: 0, count: triangleWidth)
    var sum = 0
    var effectRuns = 0
    var effectSeen = 0

    init() {
        recompute()
        effectSeen = sum
    }

    private mutating func recompute() {
        nodes[0] = source
        var total = nodes[0]
        for k in 1..<triangleWidth {
            nodes[k] = nodes[k - 1] + 1
            total += nodes[k]
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
        check(sum == triangleConstant + triangleWidth, "triangle baseline: sum after write 1")
        effectRuns = 0
        for i in 0..<triangleWrites {
            write(i)
            check(sum == triangleConstant + i * triangleWidth, "triangle baseline: sum \(sum) at \(i)")
        }
        check(effectRuns == triangleWrites, "triangle baseline: effect ran \(effectRuns) times")
        check(effectSeen == triangleConstant + (triangleWrites - 1) * triangleWidth, "triangle baseline: effect saw \(effectSeen)")
    }
}

func registerTriangle() {
    kairoBenchmark("kairo.triangle.atoms", TriangleAtoms.self)
    kairoBenchmark("kairo.triangle.baseline", TriangleBaseline.self)
}
