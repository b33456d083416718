// A fixed synchronous workload for instruction counts. Without arguments: 20,000 writes, each
// propagating through a kairo-deep chain of 50 derived atoms and a diamond of 5, with one
// subscriber (scripts/hot-path compares that total between commits). With `deep N`: N writes
// of kairo deep exactly as the benchmark makes them (the write, the effect's re-watch of the
// leaf, a read of the leaf), so that the difference between two counts of writes, divided by
// their difference, is the instructions of one deep write without start-up costs. The other
// shapes (`broad`, `diamond`, `repeated`, `unstable`, `avoidable` N, `cellx` BATCHES) are
// measured the same way.
// Run it under `valgrind --tool=callgrind` to compare the engine's cost without the noise of
// wall-clock time.

import Atoms

struct Source: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 0 }
}

struct ChainNode: ValueAtom, Hashable {
    let index: Int
    func value(context: Context) -> Int {
        (index == 0 ? context.watch(Source()) : context.watch(ChainNode(index: index - 1))) + 1
    }
}

struct DiamondSide: ValueAtom, Hashable {
    let index: Int
    func value(context: Context) -> Int { context.watch(Source()) + index }
}

struct DiamondSum: ValueAtom, Hashable {
    // A plain loop, as the benchmark writes it: a main-actor closure given to `reduce` checks
    // its executor at every call, a tenth of a write.
    func value(context: Context) -> Int {
        var sum = 0
        for index in 0..<5 {
            sum += context.watch(DiamondSide(index: index))
        }
        return sum
    }
}

@MainActor
func run() -> Int32 {
    let writes = 20_000
    let root = AtomRoot()
    let view = root.context()
    var updates = 0
    view.onUpdate = { updates += 1 }
    _ = view.watch(ChainNode(index: 49))
    _ = view.watch(DiamondSum())
    let writer = root.context()
    for value in 0..<writes {
        writer.set(value, for: Source())
    }
    let last = writes - 1
    guard view.read(ChainNode(index: 49)) == last + 50, view.read(DiamondSum()) == 5 * last + 10, updates == writes else {
        print("HotPath: wrong values (chain \(view.read(ChainNode(index: 49))), sum \(view.read(DiamondSum())), updates \(updates))")
        return 1
    }
    print("HotPath: \(writes) writes, values checked")
    return 0
}

/// kairo deep: the chain of 50 with one effect that watches the leaf again on each update.
@MainActor
func runDeep(writes: Int) -> Int32 {
    let leaf = ChainNode(index: 49)
    let root = AtomRoot()
    let effect = root.context()
    var runs = 0
    var seen = effect.watch(leaf)
    effect.onUpdate = {
        runs += 1
        seen = effect.watch(leaf)
    }
    let writer = root.context()
    var correct = true
    for value in 1...writes {
        writer.set(value, for: Source())
        correct = correct && writer.read(leaf) == value + 50
    }
    guard correct, runs == writes, seen == writes + 50 else {
        print("HotPath deep: wrong values (runs \(runs), seen \(seen))")
        return 1
    }
    print("HotPath deep: \(writes) writes, values checked")
    return 0
}

struct UnstableDouble: ValueAtom, Hashable {
    func value(context: Context) -> Int { context.watch(Source()) * 2 }
}

struct UnstableInverse: ValueAtom, Hashable {
    func value(context: Context) -> Int { -context.watch(Source()) }
}

/// kairo unstable's node: its dependencies switch with the parity of the source.
struct UnstableNode: ValueAtom, Hashable {
    func value(context: Context) -> Int {
        var sum = 0
        for _ in 0..<20 {
            sum += context.watch(Source()) % 2 != 0 ? context.watch(UnstableDouble()) : context.watch(UnstableInverse())
        }
        return sum
    }
}

struct AvoidableC1: ValueAtom, Hashable {
    func value(context: Context) -> Int { context.watch(Source()) }
}

struct AvoidableC2: ValueAtom, Hashable {
    func value(context: Context) -> Int {
        _ = context.watch(AvoidableC1())
        return 0
    }
}

/// kairo avoidable's c3, without its busy loop: the equality cut-off at c2 stops every write.
struct AvoidableC3: ValueAtom, Hashable {
    func value(context: Context) -> Int { context.watch(AvoidableC2().changes) + 1 }
}

/// kairo repeated's node: the same source watched 30 times, one dependency.
struct RepeatedNode: ValueAtom, Hashable {
    func value(context: Context) -> Int {
        var sum = 0
        for _ in 0..<30 {
            sum += context.watch(Source())
        }
        return sum
    }
}

/// N writes of one kairo shape (`unstable`, `avoidable`, `repeated` or `diamond`), an effect re-watching its leaf and
/// a read of the leaf after each write, as the benchmark makes them.
@MainActor
func runShape<Leaf: Atom<Int> & Hashable>(_ leaf: Leaf, writes: Int, expected: (Int) -> Int) -> Int32 {
    let root = AtomRoot()
    let effect = root.context()
    var seen = effect.watch(leaf)
    effect.onUpdate = { seen = effect.watch(leaf) }
    let writer = root.context()
    var correct = true
    for value in 1...writes {
        writer.set(value, for: Source())
        correct = correct && writer.read(leaf) == expected(value) && seen == expected(value)
    }
    guard correct else {
        print("HotPath: wrong values for \(Leaf.self)")
        return 1
    }
    print("HotPath \(Leaf.self): \(writes) writes, values checked")
    return 0
}

/// kairo broad's offset: source + i.
struct BroadOffset: ValueAtom, Hashable {
    let i: Int
    func value(context: Context) -> Int { context.watch(Source()) + i }
}

/// kairo broad's node: (source + i) + 1.
struct BroadNode: ValueAtom, Hashable {
    let i: Int
    func value(context: Context) -> Int { context.watch(BroadOffset(i: i)) + 1 }
}

/// N writes of kairo broad as the benchmark makes them: one source, 50 branches of an offset
/// and a node, an effect on each node that watches it again on each update, and a read of
/// the last node after each write.
@MainActor
func runBroad(writes: Int) -> Int32 {
    let width = 50
    let root = AtomRoot()
    var effects: [AtomViewContext] = []
    var runs = 0
    var seen = 0
    for i in 0..<width {
        let effect = root.context()
        let node = BroadNode(i: i)
        _ = effect.watch(node)
        effect.onUpdate = {
            runs += 1
            seen = effect.watch(node)
        }
        effects.append(effect)
    }
    let writer = root.context()
    var correct = true
    for value in 1...writes {
        writer.set(value, for: Source())
        correct = correct && writer.read(BroadNode(i: width - 1)) == value + width && seen == value + width
    }
    guard correct, runs == writes * width else {
        print("HotPath broad: wrong values (runs \(runs))")
        return 1
    }
    print("HotPath broad: \(writes) writes, values checked")
    return 0
}

/// A cellx node: property `p` of layer `layer` (layer 0 is four sources holding 1 to 4).
struct CellxNode: ValueAtom, Hashable {
    let layer: Int
    let p: Int
    func value(context: Context) -> Int {
        guard layer > 0 else { return context.watch(CellxSource(p: p)) }
        let below = layer - 1
        switch p {
        case 0: return context.watch(CellxNode(layer: below, p: 1))
        case 1: return context.watch(CellxNode(layer: below, p: 0)) - context.watch(CellxNode(layer: below, p: 2))
        case 2: return context.watch(CellxNode(layer: below, p: 1)) + context.watch(CellxNode(layer: below, p: 3))
        default: return context.watch(CellxNode(layer: below, p: 2))
        }
    }
}

struct CellxSource: StateAtom, Hashable {
    let p: Int
    func defaultValue(context: Context) -> Int { p + 1 }
}

/// cellx's write, as the benchmark makes it on 100 layers (an effect on every node that
/// watches it again on each update): N batches, each setting the four sources to 4, 3, 2, 1
/// or back to 1, 2, 3, 4, then reading the last layer.
@MainActor
func runCellx(batches: Int) -> Int32 {
    let layers = 100
    let root = AtomRoot()
    var effects: [AtomViewContext] = []
    var runs = 0
    for layer in 1...layers {
        for p in 0..<4 {
            let node = CellxNode(layer: layer, p: p)
            let effect = root.context()
            _ = effect.watch(node)
            effect.onUpdate = {
                runs += 1
                _ = effect.watch(node)
            }
            effects.append(effect)
        }
    }
    let writer = root.context()
    let lastLayer = { (0..<4).map { writer.read(CellxNode(layer: layers, p: $0)) } }
    let initial = lastLayer()
    for batch in 0..<batches {
        let values = batch % 2 == 0 ? [4, 3, 2, 1] : [1, 2, 3, 4]
        writer.batch {
            for p in 0..<4 {
                writer.set(values[p], for: CellxSource(p: p))
            }
        }
    }
    // An even number of batches puts the sources back, and the last layer with them.
    let final = lastLayer()
    guard runs > 0, batches % 2 == 1 || final == initial else {
        print("HotPath cellx: wrong values (runs \(runs), \(initial) then \(final))")
        return 1
    }
    print("HotPath cellx: \(batches) batches, values checked")
    return 0
}

import Foundation

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "cellx", let batches = Int(arguments[2]), batches > 0 {
    exit(MainActor.assumeIsolated { runCellx(batches: batches) })
}
if arguments.count == 3, arguments[1] == "deep", let writes = Int(arguments[2]), writes > 0 {
    exit(MainActor.assumeIsolated { runDeep(writes: writes) })
}
if arguments.count == 3, arguments[1] == "unstable", let writes = Int(arguments[2]), writes > 0 {
    exit(MainActor.assumeIsolated { runShape(UnstableNode(), writes: writes) { 20 * ($0 % 2 != 0 ? 2 * $0 : -$0) } })
}
if arguments.count == 3, arguments[1] == "avoidable", let writes = Int(arguments[2]), writes > 0 {
    exit(MainActor.assumeIsolated { runShape(AvoidableC3(), writes: writes) { _ in 1 } })
}
if arguments.count == 3, arguments[1] == "repeated", let writes = Int(arguments[2]), writes > 0 {
    exit(MainActor.assumeIsolated { runShape(RepeatedNode(), writes: writes) { 30 * $0 } })
}
if arguments.count == 3, arguments[1] == "broad", let writes = Int(arguments[2]), writes > 0 {
    exit(MainActor.assumeIsolated { runBroad(writes: writes) })
}
if arguments.count == 3, arguments[1] == "diamond", let writes = Int(arguments[2]), writes > 0 {
    exit(MainActor.assumeIsolated { runShape(DiamondSum(), writes: writes) { 5 * $0 + 10 } })
}
exit(MainActor.assumeIsolated { run() })
