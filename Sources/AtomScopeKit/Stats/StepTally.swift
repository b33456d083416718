import AtomJournal

/// What `atomscope stat` counts per atom slot as it skims every step: changes, recomputes and
/// value bytes, each step counted once per slot.
///
/// The counts live in memory the tally allocates once (`FixedBuffer`): the pass updates
/// several of them per value entry, a million steps at a time.
struct StepTally {
    struct SlotCounts {
        var changes = 0
        var recomputes = 0
        var valueBytes = 0
        /// The last step that counted a change or a recompute, so that a step counts once.
        var lastChange = -1
        var lastRecompute = -1
    }

    private let slots: AtomSlots
    private let storage: FixedBuffer<SlotCounts>
    private let counts: UnsafeMutableBufferPointer<SlotCounts>
    /// This step's value entries, so that a patch (format 1.3) replaces its placeholder's
    /// bytes with its edits' bytes.
    private var stepValues: [(atom: Int, slot: Int, bytes: Int)] = []
    private var patched: [Int] = []
    private var currentStep = -1

    init(slots: AtomSlots) {
        self.slots = slots
        storage = FixedBuffer(count: slots.ids.count, repeating: SlotCounts())
        counts = storage.elements
    }

    /// The counts of one slot.
    func counts(ofSlot slot: Int) -> SlotCounts { counts[slot] }

    mutating func visit(_ position: Int, _ item: JournalStepItem) {
        if position != currentStep {
            currentStep = position
            if !stepValues.isEmpty { stepValues.removeAll(keepingCapacity: true) }
            if !patched.isEmpty { patched.removeAll(keepingCapacity: true) }
        }
        switch item {
        case .initialized(let atom, let bytes), .updated(let atom, let bytes):
            guard let slot = slots.slot(of: atom) else { return }
            counts[slot].valueBytes += bytes
            stepValues.append((atom, slot, bytes))
            countChange(slot, at: position)
        case .released(let atom):
            guard let slot = slots.slot(of: atom) else { return }
            countChange(slot, at: position)
        case .recomputed(let atom):
            guard let slot = slots.slot(of: atom), counts[slot].lastRecompute != position else { return }
            counts[slot].lastRecompute = position
            counts[slot].recomputes += 1
        case .cause, .edge, .subscription, .end:
            return
        case .patch(let atom, let bytes):
            // The first patch of an atom is its value, as the timeline applies it.
            guard !patched.contains(atom) else { return }
            patched.append(atom)
            for value in stepValues where value.atom == atom {
                counts[value.slot].valueBytes += bytes - value.bytes
            }
        }
    }

    private func countChange(_ slot: Int, at position: Int) {
        guard counts[slot].lastChange != position else { return }
        counts[slot].lastChange = position
        counts[slot].changes += 1
    }
}
