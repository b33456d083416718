import Atoms

/// The count.
struct CounterAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 0 }
}

/// How much one increment adds; a batch changes it together with the count.
struct StepSizeAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 1 }
}

/// Twice the count: a derived atom that changes with every increment.
struct DoubledAtom: ValueAtom, Hashable {
    func value(context: Context) -> Int {
        context.watch(CounterAtom()) * 2
    }
}

/// Whether the count is even or odd.
enum Parity: String, Codable, Hashable, Sendable {
    case even, odd
}

/// The count's parity: derived from the doubled value's source, so it changes only on
/// every other increment of one and a journal shows it skipping commits.
struct ParityAtom: ValueAtom, Hashable {
    func value(context: Context) -> Parity {
        context.watch(CounterAtom()).isMultiple(of: 2) ? .even : .odd
    }
}
