@_spi(JournalReading) import AtomJournal

/// Builds the timeline's index of when each atom changed, and checks each step's references,
/// as the steps are skimmed when a journal is opened.
///
/// Every reading command opens through here, a million steps at a time, so the per-item work
/// touches no dictionary and no array: each slot's steps go to a list of its own that
/// checks nothing when it grows, and the definitions a step may name are looked up by
/// number in tables built once.
///
/// A class, so that the skim's closure captures a constant: a captured `var` is boxed and
/// checked for exclusivity at every step.
final class ChangeIndexBuilder {
    private let slots: AtomSlots
    private let locations: NumberTable
    private let subscribers: NumberTable
    private let steps: JournalIndex.StepEntries
    private let path: String
    /// Per slot, the steps (1-based, ascending) that changed it and that recomputed it; a
    /// step is noted once per slot, so a list's last step is the one to compare with. 32
    /// bits a step: the lists of a million steps are the largest memory an open holds.
    private let changesStorage: FixedBuffer<StepList<Int32>>
    private let changes: UnsafeMutableBufferPointer<StepList<Int32>>
    private let recomputesStorage: FixedBuffer<StepList<Int32>>
    private let recomputes: UnsafeMutableBufferPointer<StepList<Int32>>
    // Why no runtime exclusivity check: the builder is used by one skim on one thread, and
    // `note` calls out to nothing that could reach it again.
    /// The last step noted (1-based), for an error that comes from elsewhere.
    @exclusivity(unchecked) private(set) var lastStep = 0

    init(index: JournalIndex, slots: AtomSlots, path: String) {
        self.slots = slots
        locations = NumberTable(present: index.locations.keys)
        subscribers = NumberTable(present: index.subscribers.keys)
        steps = index.steps
        self.path = path
        changesStorage = FixedBuffer(count: slots.ids.count, repeating: StepList())
        changes = changesStorage.elements
        recomputesStorage = FixedBuffer(count: slots.ids.count, repeating: StepList())
        recomputes = recomputesStorage.elements
    }

    deinit {
        for slot in changes.indices {
            changes[slot].deallocate()
            recomputes[slot].deallocate()
        }
    }

    /// Notes one step's changes, after checking what it refers to. The checks run in the
    /// order they always have (cause, location, values, released, recomputed, edges,
    /// subscriptions, then the commit), so the first problem is the one named.
    func note(_ position: Int, _ step: JournalStepChanges) throws(AtomScopeError) {
        let number = position + 1
        lastStep = number
        // Over two billion steps take more memory to index than a machine has; the number
        // must still not trap.
        guard let listed = Int32(exactly: number) else {
            throw .malformedStep(path: path, step: number, reason: "the journal has more steps than a timeline can index")
        }
        if let atom = step.causeAtom { try check(atom, "its cause", step: number) }
        if let location = step.causeLocation, locations[location] == nil {
            throw .malformedStep(path: path, step: number, reason: "its cause refers to location \(location), which the journal never defines")
        }
        for value in step.values {
            noteChange(try slot(value.atom, "a value", step: number), step: listed)
        }
        for atom in step.released {
            noteChange(try slot(atom, "a released or recomputed atom", step: number), step: listed)
        }
        for atom in step.recomputed {
            let slot = try slot(atom, "a released or recomputed atom", step: number)
            if recomputes[slot].last != listed { recomputes[slot].append(listed) }
        }
        for edge in step.edges {
            try check(edge.first, "an edge", step: number)
            try check(edge.second, "an edge", step: number)
        }
        for subscription in step.subscriptions {
            try check(subscription.first, "a subscription", step: number)
            if subscribers[subscription.second] == nil {
                throw .malformedStep(path: path, step: number, reason: "a subscription refers to subscriber \(subscription.second), which the journal never defines")
            }
        }
        // The index and this pass read the file separately: a file rewritten in between can
        // disagree, and must not trap.
        guard position < steps.count else {
            throw .malformedStep(path: path, step: number, reason: "the file changed while it was read")
        }
        if position > 0, steps[position].commit <= steps[position - 1].commit {
            throw .malformedStep(path: path, step: number, reason: "its commit \(steps[position].commit) does not follow the previous step's \(steps[position - 1].commit)")
        }
    }

    /// Adds what a builder of later steps noted (the second half of a split skim), after
    /// what this one noted: every step of this one comes before every step of that one.
    func append(_ later: ChangeIndexBuilder) {
        for slot in changes.indices {
            changes[slot].append(contentsOf: later.changes[slot].elements)
            recomputes[slot].append(contentsOf: later.recomputes[slot].elements)
        }
        lastStep = max(lastStep, later.lastStep)
    }

    /// The steps that changed and that recomputed each atom, by id.
    func finish() -> (changes: [String: [Int]], recomputes: [String: [Int]]) {
        (byID(changes), byID(recomputes))
    }

    private func byID(_ lists: UnsafeMutableBufferPointer<StepList<Int32>>) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for (slot, id) in slots.ids.enumerated() where lists[slot].count > 0 {
            result[id] = lists[slot].elements.map(Int.init)
        }
        return result
    }

    @inline(__always)
    private func slot(_ atom: Int, _ role: String, step: Int) throws(AtomScopeError) -> Int {
        guard let slot = slots.slot(of: atom) else {
            throw .malformedStep(path: path, step: step, reason: "\(role) refers to atom \(atom), which the journal never defines")
        }
        return slot
    }

    @inline(__always)
    private func check(_ atom: Int, _ role: String, step: Int) throws(AtomScopeError) {
        _ = try slot(atom, role, step: step)
    }

    @inline(__always)
    private func noteChange(_ slot: Int, step: Int32) {
        if changes[slot].last != step { changes[slot].append(step) }
    }
}
