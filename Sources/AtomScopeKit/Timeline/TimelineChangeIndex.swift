@_spi(JournalReading) import AtomJournal

/// When each atom id changed and was recomputed, read from the lists the skim noted them in.
///
/// The lists stay where the skim wrote them: copying them into arrays of their own once the
/// skim was done moved every noted step again, into memory touched for the first time, which
/// cost an open of a million steps more than the copy itself (about 30 MB of fresh pages).
struct TimelineChangeIndex {
    /// The notes, which nothing adds to any more: their lists stay valid while this holds them.
    private let notes: StepNotes
    private let slotOfID: [String: Int]

    init(notes: StepNotes, ids: [String]) {
        self.notes = notes
        slotOfID = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Calls `body` with the steps (from 1, ascending) that changed atom `id`; empty for an id
    /// that never changed or that the journal does not define.
    func withChanges<Result>(of id: String, _ body: (UnsafeBufferPointer<Int32>) -> Result) -> Result {
        withExtendedLifetime(notes) {
            body(slotOfID[id].map { notes.changes(ofSlot: $0) } ?? UnsafeBufferPointer(start: nil, count: 0))
        }
    }

    /// Calls `body` with the steps (from 1, ascending) that recomputed atom `id`, as
    /// ``withChanges(of:_:)`` does.
    func withRecomputes<Result>(of id: String, _ body: (UnsafeBufferPointer<Int32>) -> Result) -> Result {
        withExtendedLifetime(notes) {
            body(slotOfID[id].map { notes.recomputes(ofSlot: $0) } ?? UnsafeBufferPointer(start: nil, count: 0))
        }
    }
}
