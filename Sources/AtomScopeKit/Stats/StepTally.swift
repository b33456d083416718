@_spi(JournalReading) import AtomJournal

/// What `atomscope stat` counts per atom slot as it skims every step in a pass of its own
/// (where the counts made while the journal was opened cannot be used): changes, recomputes
/// and value bytes, each step counted once per slot.
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

    /// Counts one step's changes (``JournalStepChanges/count(at:into:slot:)``). Numbers the
    /// journal never defines count nowhere: opening the timeline is what reports them.
    func count(_ position: Int, _ changes: JournalStepChanges) {
        let slots = slots
        changes.count(at: position, into: counts) { slots.slot(of: $0) }
    }
}
