@_spi(JournalReading) import AtomJournal

/// What `atomscope stat` counts per atom slot as it skims every step: changes, recomputes and
/// value bytes, each step counted once per slot.
///
/// The counts live in memory the tally allocates once (`FixedBuffer`): the pass updates
/// several of them per value entry, a million steps at a time. Where the journal's atom
/// numbers are small enough for a table of their slots, the skim counts the usual steps in C
/// into the same memory (``counting``), by the rules of ``count(_:_:)``; this counts the
/// steps it is lent.
struct StepTally {
    typealias SlotCounts = StepSlotCounts

    private let slots: AtomSlots
    private let storage: FixedBuffer<SlotCounts>
    private let counts: UnsafeMutableBufferPointer<SlotCounts>
    /// The slot of each atom number, for the C loop; `nil` when there is no table.
    private let slotTable: FixedBuffer<Int32>?

    init(slots: AtomSlots) {
        self.slots = slots
        storage = FixedBuffer(count: slots.ids.count, repeating: SlotCounts())
        counts = storage.elements
        slotTable = slots.slotTable.map { table in
            let buffer = FixedBuffer<Int32>(count: table.count, repeating: -1)
            _ = buffer.elements.update(fromContentsOf: table)
            return buffer
        }
    }

    /// Where the skim may count steps in C: valid as long as this tally.
    var counting: StepSkimCounting? {
        guard let slotTable, let base = counts.baseAddress else { return nil }
        return StepSkimCounting(slotOfNumber: UnsafeBufferPointer(slotTable.elements), counts: base)
    }

    /// The counts of one slot.
    func counts(ofSlot slot: Int) -> SlotCounts { counts[slot] }

    /// Adds the counts of a tally of later steps (the second half of a split skim): a step
    /// counts once per slot in one half or the other, never in both.
    func add(_ later: StepTally) {
        for slot in counts.indices {
            counts[slot].changes += later.counts[slot].changes
            counts[slot].recomputes += later.counts[slot].recomputes
            counts[slot].valueBytes += later.counts[slot].valueBytes
        }
    }

    /// Counts one step's changes. Numbers the journal never defines count nowhere: opening
    /// the timeline is what reports them.
    func count(_ position: Int, _ changes: JournalStepChanges) {
        for value in changes.values {
            guard let slot = slots.slot(of: value.atom) else { continue }
            counts[slot].valueBytes += value.bytes
            countChange(slot, at: position)
        }
        for atom in changes.released {
            guard let slot = slots.slot(of: atom) else { continue }
            countChange(slot, at: position)
        }
        for atom in changes.recomputed {
            guard let slot = slots.slot(of: atom), counts[slot].lastRecompute != position else { continue }
            counts[slot].lastRecompute = position
            counts[slot].recomputes += 1
        }
        if !changes.patches.isEmpty { countPatches(changes) }
    }

    /// A patched value's bytes are its edits', not its placeholder's: the first patch of
    /// each atom replaces the placeholder bytes of that atom's entries in the step, as the
    /// timeline applies it.
    private func countPatches(_ changes: JournalStepChanges) {
        var entries: [Int: (count: Int, bytes: Int)] = [:]
        for value in changes.values {
            entries[value.atom, default: (0, 0)].count += 1
            entries[value.atom, default: (0, 0)].bytes += value.bytes
        }
        var patched = Set<Int>()
        for patch in changes.patches where patched.insert(patch.atom).inserted {
            guard let slot = slots.slot(of: patch.atom), let entry = entries[patch.atom] else { continue }
            counts[slot].valueBytes += entry.count * patch.bytes - entry.bytes
        }
    }

    private func countChange(_ slot: Int, at position: Int) {
        guard counts[slot].lastChange != position else { return }
        counts[slot].lastChange = position
        counts[slot].changes += 1
    }
}
