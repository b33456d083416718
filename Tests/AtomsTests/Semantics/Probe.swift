import Atoms

/// Records what atoms computed, in order, so that tests can assert how often and in which
/// order the engine ran them. Atoms carry it and use an explicit key, so each test's atoms
/// are independent of every other test's.
@MainActor
final class Probe: Sendable {
    var events: [String] = []
    var values: [String: Int] = [:]

    func count(_ name: String) -> Int {
        events.filter { $0 == name }.count
    }
}

struct Source: StateAtom {
    let name: String
    let probe: Probe
    var initial = 0
    var key: String { name }

    func defaultValue(context: Context) -> Int {
        probe.events.append(name)
        return initial
    }
}

/// A derived atom computed by a closure over its context.
struct Derived: ValueAtom {
    let name: String
    let probe: Probe
    let compute: @MainActor @Sendable (Context) -> Int
    var key: String { name }

    func value(context: Context) -> Int {
        probe.events.append(name)
        return compute(context)
    }
}
