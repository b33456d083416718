// A fixed synchronous workload for instruction counts. Without arguments: 20,000 writes, each
// propagating through a kairo-deep chain of 50 derived atoms and a diamond of 5, with one
// subscriber (scripts/hot-path compares that total between commits). With `deep N`: N writes
// of kairo deep exactly as the benchmark makes them (the write, the effect's re-watch of the
// leaf, a read of the leaf), so that the difference between two counts of writes, divided by
// their difference, is the instructions of one deep write without start-up costs.
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

import Foundation

let arguments = CommandLine.arguments
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
if arguments.count == 3, arguments[1] == "diamond", let writes = Int(arguments[2]), writes > 0 {
    exit(MainActor.assumeIsolated { runShape(DiamondSum(), writes: writes) { 5 * $0 + 10 } })
}
exit(MainActor.assumeIsolated { run() })
