@_spi(JournalReading) import AtomJournal

/// Builds the timeline's index of when each atom changed, and checks each step's references,
/// in a pass over the steps of its own: where the notes made while the journal was opened
/// cannot be used (`TimelineChangeIndex(noted:index:)`), and for tests that ask for it. It is
/// the reference those notes are checked against, and names every problem.
///
/// It may read a million steps at a time, so the per-item work
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
    /// step is noted once per slot. 32 bits a step: the lists of a million steps are the
    /// largest memory an open holds. The skim notes the usual steps in C into the same lists
    /// (`target`), by the rules of `note`.
    private let notes: StepNotes
    /// The notes of the steps after these, appended from a split skim's second half.
    private var tail: StepNotes?
    /// Whether the journal's numbers are small enough for the tables the C loop checks with.
    private let notesInC: Bool
    // Why no runtime exclusivity check: the builder is used by one skim on one thread, and
    // `note` calls out to nothing that could reach it again.
    /// The last step noted here (1-based); see ``lastStep``.
    @exclusivity(unchecked) private var lastStepNotedHere = 0

    /// The last step noted (1-based), here or by the skim's C loop, for an error that comes
    /// from elsewhere.
    var lastStep: Int { max(lastStepNotedHere, notes.lastNotedInC) }

    /// A builder for `index`; `ordered` is the position of the first step whose commit does
    /// not follow the one before (`StepEntries.firstOutOfOrder`), worked out once for both
    /// halves of a split skim.
    init(index: JournalIndex, slots: AtomSlots, path: String, ordered: Int) {
        self.slots = slots
        locations = NumberTable(present: index.locations.keys)
        subscribers = NumberTable(present: index.subscribers.keys)
        steps = index.steps
        self.path = path
        let slotTable = slots.slotTable
        let locationTable = locations.table
        let subscriberTable = subscribers.table
        notesInC = slotTable != nil && locationTable != nil && subscriberTable != nil
        notes = StepNotes(
            slots: slots.ids.count, slotOf: slotTable ?? [],
            locations: locationTable ?? [], subscribers: subscriberTable ?? [],
            limit: min(ordered, index.steps.count), steps: index.steps.count
        )
    }

    /// What the skim's C loop does with the steps it takes: notes them here, when the tables
    /// allow.
    var target: StepSkimTarget? { notesInC ? .noting(notes) : nil }

    /// Notes one step's changes, after checking what it refers to. The checks run in the
    /// order they always have (cause, location, values, released, recomputed, edges,
    /// subscriptions, then the commit), so the first problem is the one named.
    func note(_ position: Int, _ step: JournalStepChanges) throws(AtomScopeError) {
        let number = position + 1
        lastStepNotedHere = number
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
            notes.noteRecompute(slot: try slot(atom, "a released or recomputed atom", step: number), step: listed)
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
    /// what this one noted: every step of this one comes before every step of that one. The
    /// first builder appended keeps its lists as they are, as this one's tail; any later one's
    /// are copied after that tail's.
    func append(_ later: ChangeIndexBuilder) {
        if let tail {
            tail.append(later.notes)
        } else {
            tail = later.notes
        }
        if let laterTail = later.tail {
            tail?.append(laterTail)
        }
        lastStepNotedHere = max(lastStep, later.lastStep)
    }

    /// The steps that changed and that recomputed each atom, by id, in the lists noted here
    /// and by the builders appended: nothing may be noted after this. The lists give back the
    /// room they did not fill, which a timeline would otherwise hold for as long as it is open.
    func finish() -> TimelineChangeIndex {
        notes.trim()
        tail?.trim()
        return TimelineChangeIndex(head: notes, tail: tail, slots: slots)
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
        notes.noteChange(slot: slot, step: step)
    }
}
