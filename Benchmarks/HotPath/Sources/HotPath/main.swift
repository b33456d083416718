// A fixed synchronous workload for instruction counts: 20,000 writes, each propagating through
// a kairo-deep chain of 50 derived atoms and a diamond of 5, with one subscriber. Run it under
// `valgrind --tool=callgrind` (scripts/hot-path) to compare the engine's cost between commits
// without the noise of wall-clock time.

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
    func value(context: Context) -> Int {
        (0..<5).reduce(0) { $0 + context.watch(DiamondSide(index: $1)) }
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

import Foundation

exit(MainActor.assumeIsolated { run() })
