@_spi(JournalReading) import AtomJournal

/// When each atom id changed and was recomputed, read from the lists the skim noted them in.
///
/// The lists stay where the skim wrote them: copying them into arrays of their own once the
/// skim was done moved every noted step again, into memory touched for the first time, which
/// cost an open of a million steps more than the copy itself (about 30 MB of fresh pages).
/// For the same reason a split skim's two halves keep their lists apart (``StepNumbers``).
struct TimelineChangeIndex {
    /// The notes, which nothing adds to any more: their lists stay valid while this holds them.
    private let head: StepNotes
    /// The notes of the steps after `head`'s (a split skim's second half), if any.
    private let tail: StepNotes?
    private let slots: AtomSlots

    init(head: StepNotes, tail: StepNotes?, slots: AtomSlots) {
        self.head = head
        self.tail = tail
        self.slots = slots
    }

    /// Calls `body` with the steps that changed atom `id`; empty for an id that never changed
    /// or that the journal does not define.
    func withChanges<Result>(of id: String, _ body: (StepNumbers) -> Result) -> Result {
        withExtendedLifetime((head, tail)) {
            body(numbers(of: id) { notes, slot in notes.changes(ofSlot: slot) })
        }
    }

    /// Calls `body` with the steps that recomputed atom `id`, as ``withChanges(of:_:)`` does.
    func withRecomputes<Result>(of id: String, _ body: (StepNumbers) -> Result) -> Result {
        withExtendedLifetime((head, tail)) {
            body(numbers(of: id) { notes, slot in notes.recomputes(ofSlot: slot) })
        }
    }

    private func numbers(of id: String, _ list: (StepNotes, Int) -> UnsafeBufferPointer<Int32>) -> StepNumbers {
        guard let slot = slots.slotOfID[id] else { return StepNumbers(head: .init(start: nil, count: 0), tail: .init(start: nil, count: 0)) }
        return StepNumbers(head: list(head, slot), tail: tail.map { list($0, slot) } ?? .init(start: nil, count: 0))
    }
}

/// One atom's step numbers (from 1, ascending): those of a split skim's first half, then
/// those of its second, where each half noted them. Valid only inside the call that hands
/// it out.
struct StepNumbers: RandomAccessCollection {
    let head: UnsafeBufferPointer<Int32>
    let tail: UnsafeBufferPointer<Int32>

    var startIndex: Int { 0 }

    var endIndex: Int { head.count + tail.count }

    subscript(position: Int) -> Int32 {
        position < head.count ? head[position] : tail[position - head.count]
    }
}
