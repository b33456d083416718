// cellx layers (1000, 2500, 5000): 4 sources holding 1, 2, 3, 4; each layer adds 4 nodes
// computed from the previous layer (p1 = prev.p2, p2 = prev.p1 − prev.p3,
// p3 = prev.p2 + prev.p4, p4 = prev.p3), each with an effect.
// Measured per fresh build: read the last layer, one batch setting the sources to
// 4, 3, 2, 1, read the last layer again. The values are checked against BENCHMARKS.md.

import Atoms
import Benchmark

private let cellxLayers = [1000, 2500, 5000]
private let cellxNewSources = [4, 3, 2, 1]

/// The value of property `p` (0-based) of a layer, from the previous layer's four values.
@inline(__always)
private func cellxRule(_ p: Int, _ prev: (Int) -> Int) -> Int {
    switch p {
    case 0: return prev(1)
    case 1: return prev(0) - prev(2)
    case 2: return prev(1) + prev(3)
    default: return prev(2)
    }
}

// MARK: atoms

private struct CellxSource: StateAtom, Hashable {
    let p: Int
    func defaultValue(context: Context) -> Int { p + 1 }
}

/// Property `p` of layer `layer` (layer 0 is the sources).
private struct CellxNode: ValueAtom, Hashable {
    let layer: Int
    let p: Int
    func value(context: Context) -> Int {
        let below = layer - 1
        return cellxRule(p) { q in
            below == 0 ? context.watch(CellxSource(p: q)) : context.watch(CellxNode(layer: below, p: q))
        }
    }
}

@MainActor
private final class CellxAtoms: CellxCase {
    let layers: Int
    let root = AtomRoot()
    let reader: AtomViewContext
    var effects: [EffectCounter] = []

    init(layers: Int) {
        self.layers = layers
        reader = root.context()
        effects.reserveCapacity(4 * layers)
        // Subscribe layer by layer from the sources up, so each new node finds its
        // inputs already computed.
        for layer in 1...layers {
            for p in 0..<4 {
                let node = CellxNode(layer: layer, p: p)
                effects.append(EffectCounter(root) { $0.watch(node) })
            }
        }
    }

    func lastLayer() -> [Int] {
        (0..<4).map { reader.read(CellxNode(layer: layers, p: $0)) }
    }

    func measure() -> (before: [Int], after: [Int]) {
        let before = lastLayer()
        reader.batch {
            for p in 0..<4 {
                reader.set(cellxNewSources[p], for: CellxSource(p: p))
            }
        }
        let after = lastLayer()
        return (before, after)
    }

    func lastLayerSeenByEffects() -> [Int] {
        effects.suffix(4).map(\.seen)
    }
}

// MARK: baseline

@MainActor
private struct CellxBaseline: CellxCase {
    let layers: Int
    /// values[4 * layer + p]; layer 0 holds the sources.
    var values: [Int]
    var effectRuns: [Int]
    var effectSeen: [Int]

    init(layers: Int) {
        self.layers = layers
        values = [Int](repeating: 0, count: 4 * (layers + 1))
        effectRuns = [Int](repeating: 0, count: 4 * (layers + 1))
        effectSeen = [Int](repeating: 0, count: 4 * (layers + 1))
        for p in 0..<4 { values[p] = p + 1 }
        for layer in 1...layers {
            let base = 4 * layer
            let below = base - 4
            for p in 0..<4 {
                values[base + p] = cellxRule(p) { values[below + $0] }
                effectSeen[base + p] = values[base + p]
            }
        }
    }

    func lastLayer() -> [Int] {
        (0..<4).map { values[4 * layers + $0] }
    }

    /// One batch: write the sources, then push the change up layer by layer, recomputing
    /// only nodes with a changed input and running the effect of each node that changed.
    private mutating func batchWrite(_ sources: [Int]) {
        var changed = (false, false, false, false)
        for p in 0..<4 where values[p] != sources[p] {
            values[p] = sources[p]
            switch p {
            case 0: changed.0 = true
            case 1: changed.1 = true
            case 2: changed.2 = true
            default: changed.3 = true
            }
        }
        var layer = 1
        while layer <= layers && (changed.0 || changed.1 || changed.2 || changed.3) {
            let base = 4 * layer
            let below = base - 4
            let inputs = (changed.1, changed.0 || changed.2, changed.1 || changed.3, changed.2)
            var next = (false, false, false, false)
            func update(_ p: Int, _ dirty: Bool) -> Bool {
                guard dirty else { return false }
                let value = cellxRule(p) { values[below + $0] }
                guard value != values[base + p] else { return false }
                values[base + p] = value
                effectRuns[base + p] += 1
                effectSeen[base + p] = value
                return true
            }
            next.0 = update(0, inputs.0)
            next.1 = update(1, inputs.1)
            next.2 = update(2, inputs.2)
            next.3 = update(3, inputs.3)
            changed = next
            layer += 1
        }
    }

    mutating func measure() -> (before: [Int], after: [Int]) {
        let before = lastLayer()
        batchWrite(cellxNewSources)
        let after = lastLayer()
        return (before, after)
    }

    func lastLayerSeenByEffects() -> [Int] {
        Array(effectSeen.suffix(4))
    }
}

func registerCellx() {
    for layers in cellxLayers {
        cellxBenchmark("cellx.\(layers).atoms", layers: layers, CellxAtoms.self)
        cellxBenchmark("cellx.\(layers).baseline", layers: layers, CellxBaseline.self)
    }
}
