/// What the C loop of a skim does with the steps it takes for a sink that only counts or notes
/// them (``Journal/skimSteps(into:splittingInto:join:target:_:)``), and where it does it.

/// What the C loop of a skim does with the steps it takes, in place of lending them to the
/// sink's visit: counts them into `stat`'s tally, or notes them in the timeline's index.
package enum StepSkimTarget {
    case counting(StepSkimCounting)
    case noting(StepNotes)
}

/// What one slot of a skim that counts holds (`StepSkimCounting`): the changes, recomputes and
/// value bytes of the atoms of one id, and the last step that counted each, so that a step
/// counts once per slot (and the first, for counts by atom number). Its layout is C's
/// `atomscope_slot_counts`.
package struct StepSlotCounts: Sendable, BitwiseCopyable {
    package var changes = 0
    package var recomputes = 0
    package var valueBytes = 0
    package var lastChange = -1
    package var lastRecompute = -1
    /// The first step that counted a change, and a recompute (-1 before any): kept by counts
    /// by atom number (`StepNumberTally`), which sums the numbers of one id by them.
    package var firstChange = -1
    package var firstRecompute = -1

    package init() {}
}

/// Where a skim counts the steps the C loop takes, in place of lending them to the sink
/// (``StepSkimTarget/counting(_:)``): the sink's slot of each atom number (-1 for none;
/// numbers past the end count nowhere) and its counts by slot, both valid for the whole skim. The sink must count the steps it is lent
/// (the ones the Swift skim reads) by the same rules: each value entry and released atom a
/// change of its slot (once a step) adding the value's bytes, each recomputed atom a
/// recompute (once a step).
package struct StepSkimCounting {
    package let slotOfNumber: UnsafeBufferPointer<Int32>
    package let counts: UnsafeMutablePointer<StepSlotCounts>

    package init(slotOfNumber: UnsafeBufferPointer<Int32>, counts: UnsafeMutablePointer<StepSlotCounts>) {
        self.slotOfNumber = slotOfNumber
        self.counts = counts
    }
}
