import AtomJournal

/// Builds the timeline's index of when each atom changed, and checks each step's references,
/// as the steps are skimmed when a journal is opened.
///
/// Every reading command opens through here, a million steps at a time, so the per-item work
/// touches no dictionary and no nested array: changes go to one flat list sorted into slots
/// at the end, and the definitions a step may name are looked up by number in tables built
/// once.
struct ChangeIndexBuilder {
    private let slots: AtomSlots
    private let locations: NumberSet
    private let subscribers: NumberSet
    private let steps: [JournalIndex.StepEntry]
    private let path: String
    /// Per slot, the last step (1-based) that noted a change or a recompute, so that a step
    /// counts once per slot.
    private let lastNotedStorage: FixedBuffer<(change: Int, recompute: Int)>
    private let lastNoted: UnsafeMutableBufferPointer<(change: Int, recompute: Int)>
    /// (slot, step) pairs in step order.
    private var changes: [(slot: Int32, step: Int)] = []
    private var recomputes: [(slot: Int32, step: Int)] = []
    /// The step's first problem by rank (cause, location, values, released, recomputed, edges,
    /// subscriptions): reported once its bytes have all decoded, as they were always checked.
    private var problem: (rank: Int, reason: String)?

    init(index: JournalIndex, slots: AtomSlots, path: String) {
        self.slots = slots
        locations = NumberSet(index.locations.keys)
        subscribers = NumberSet(index.subscribers.keys)
        steps = index.steps
        self.path = path
        lastNotedStorage = FixedBuffer(count: slots.ids.count, repeating: (0, 0))
        lastNoted = lastNotedStorage.elements
    }

    mutating func visit(_ position: Int, _ item: JournalStepItem) throws(AtomScopeError) {
        let number = position + 1
        switch item {
        case .cause(let atom, let location):
            if let atom { _ = slot(atom, rank: 0, "its cause") }
            if let location, !locations.contains(location) {
                found(1, "its cause refers to location \(location), which the journal never defines")
            }
        case .initialized(let atom, _):
            noteChange(slot(atom, rank: 2, "a value"), step: number)
        case .updated(let atom, _):
            noteChange(slot(atom, rank: 3, "a value"), step: number)
        case .released(let atom):
            noteChange(slot(atom, rank: 4, "a released or recomputed atom"), step: number)
        case .recomputed(let atom):
            guard let slot = slot(atom, rank: 5, "a released or recomputed atom"), lastNoted[slot].recompute != number else { return }
            lastNoted[slot].recompute = number
            recomputes.append((Int32(slot), number))
        case .edge(let upstream, let downstream):
            _ = slot(upstream, rank: 6, "an edge")
            _ = slot(downstream, rank: 6, "an edge")
        case .subscription(let atom, let subscriber):
            _ = slot(atom, rank: 7, "a subscription")
            if !subscribers.contains(subscriber) {
                found(7, "a subscription refers to subscriber \(subscriber), which the journal never defines")
            }
        case .patch:
            break
        case .end:
            if let problem {
                throw .malformedStep(path: path, step: number, reason: problem.reason)
            }
            // The index and this pass read the file separately: a file rewritten in between
            // can disagree, and must not trap.
            guard position < steps.count else {
                throw .malformedStep(path: path, step: number, reason: "the file changed while it was read")
            }
            if position > 0, steps[position].commit <= steps[position - 1].commit {
                throw .malformedStep(path: path, step: number, reason: "its commit \(steps[position].commit) does not follow the previous step's \(steps[position - 1].commit)")
            }
        }
    }

    /// The steps that changed and that recomputed each atom, by id.
    func finish() -> (changes: [String: [Int]], recomputes: [String: [Int]]) {
        (grouped(changes), grouped(recomputes))
    }

    private func grouped(_ pairs: [(slot: Int32, step: Int)]) -> [String: [Int]] {
        var bySlot = [[Int]](repeating: [], count: slots.ids.count)
        for (slot, step) in pairs {
            bySlot[Int(slot)].append(step)
        }
        var result: [String: [Int]] = [:]
        for (slot, id) in slots.ids.enumerated() where !bySlot[slot].isEmpty {
            result[id] = bySlot[slot]
        }
        return result
    }

    private mutating func slot(_ atom: Int, rank: Int, _ role: String) -> Int? {
        guard let slot = slots.slot(of: atom) else {
            found(rank, "\(role) refers to atom \(atom), which the journal never defines")
            return nil
        }
        return slot
    }

    private mutating func noteChange(_ slot: Int?, step: Int) {
        guard let slot, lastNoted[slot].change != step else { return }
        lastNoted[slot].change = step
        changes.append((Int32(slot), step))
    }

    private mutating func found(_ rank: Int, _ reason: @autoclosure () -> String) {
        if rank < problem?.rank ?? .max { problem = (rank, reason()) }
    }
}

/// Which of a set of non-negative numbers are present, by index when they are small enough
/// for a table, else by hashing.
private struct NumberSet {
    private let table: [Bool]?
    private let set: Set<Int>

    init(_ numbers: some Collection<Int>) {
        let largest = numbers.max() ?? -1
        if largest < max(1 << 16, 16 * numbers.count), (numbers.min() ?? 0) >= 0 {
            var table = [Bool](repeating: false, count: largest + 1)
            for number in numbers { table[number] = true }
            self.table = table
            set = []
        } else {
            table = nil
            set = Set(numbers)
        }
    }

    func contains(_ number: Int) -> Bool {
        guard let table else { return set.contains(number) }
        return number >= 0 && number < table.count && table[number]
    }
}
