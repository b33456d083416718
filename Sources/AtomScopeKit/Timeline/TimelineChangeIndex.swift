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
    /// Each id's list in the notes: its slot, or for notes by number, its one number that
    /// has any.
    private let listOfID: [String: Int]
    /// For notes by number, the ids of several numbers that have notes: their lists merged.
    private let merged: [String: MergedLists]

    init(head: StepNotes, tail: StepNotes?, slots: AtomSlots) {
        self.head = head
        self.tail = tail
        listOfID = slots.slotOfID
        merged = [:]
    }

    /// The change index from notes by atom number made while the journal was opened
    /// (`Journal.notedSteps`), when they pass the checks the timeline's own pass makes
    /// (`ChangeIndexBuilder.note`): every atom, location and subscriber they name is defined,
    /// every commit follows the one before, and the steps can be numbered in 32 bits.
    /// `nil` otherwise, for that pass to name the problem.
    init?(noted: NotedSteps, index: JournalIndex) {
        let steps = index.steps
        guard steps.count < Int(Int32.max), steps.firstOutOfOrder >= steps.count else { return nil }
        // A set per id: an atom made again and again has a number for each time.
        var numbersOfID: [String: Set<Int>] = [:]
        for notes in [noted.head, noted.tail].compactMap({ $0 }) {
            for number in 0..<notes.slotCount where !notes.changes(ofSlot: number).isEmpty || !notes.recomputes(ofSlot: number).isEmpty {
                guard let definition = index.atoms[number] else { return nil }
                numbersOfID[definition.id, default: []].insert(number)
            }
            guard StepNotes.numbers(in: notes.namedAtoms).allSatisfy({ index.atoms[$0] != nil }),
                  StepNotes.numbers(in: notes.namedLocations).allSatisfy({ index.locations[$0] != nil }),
                  StepNotes.numbers(in: notes.namedSubscribers).allSatisfy({ index.subscribers[$0] != nil })
            else { return nil }
        }
        head = noted.head
        tail = noted.tail
        var listOfID: [String: Int] = [:]
        var merged: [String: MergedLists] = [:]
        for (id, numbers) in numbersOfID {
            if numbers.count == 1, let number = numbers.first {
                listOfID[id] = number
            } else {
                merged[id] = MergedLists(numbers, head: noted.head, tail: noted.tail)
            }
        }
        self.listOfID = listOfID
        self.merged = merged
    }

    /// Calls `body` with the steps that changed atom `id`; empty for an id that never changed
    /// or that the journal does not define.
    func withChanges<Result>(of id: String, _ body: (StepNumbers) -> Result) -> Result {
        if let lists = merged[id] { return lists.changes.withNumbers(body) }
        return withExtendedLifetime((head, tail)) {
            body(numbers(of: id) { notes, slot in notes.changes(ofSlot: slot) })
        }
    }

    /// Calls `body` with the steps that recomputed atom `id`, as ``withChanges(of:_:)`` does.
    func withRecomputes<Result>(of id: String, _ body: (StepNumbers) -> Result) -> Result {
        if let lists = merged[id] { return lists.recomputes.withNumbers(body) }
        return withExtendedLifetime((head, tail)) {
            body(numbers(of: id) { notes, slot in notes.recomputes(ofSlot: slot) })
        }
    }

    private func numbers(of id: String, _ list: (StepNotes, Int) -> UnsafeBufferPointer<Int32>) -> StepNumbers {
        let none = UnsafeBufferPointer<Int32>(start: nil, count: 0)
        guard let slot = listOfID[id] else { return StepNumbers(head: none, tail: none) }
        func from(_ notes: StepNotes?) -> UnsafeBufferPointer<Int32> {
            guard let notes, slot < notes.slotCount else { return none }
            return list(notes, slot)
        }
        return StepNumbers(head: from(head), tail: from(tail))
    }
}

/// The notes by number of an id that several atom numbers had (an atom released and made
/// again under a new number), merged: each step once, in order.
private struct MergedLists {
    struct Numbers {
        let head: [Int32]
        let tail: [Int32]

        func withNumbers<Result>(_ body: (StepNumbers) -> Result) -> Result {
            head.withUnsafeBufferPointer { head in tail.withUnsafeBufferPointer { tail in body(StepNumbers(head: head, tail: tail)) } }
        }
    }

    let changes: Numbers
    let recomputes: Numbers

    init(_ numbers: Set<Int>, head: StepNotes, tail: StepNotes?) {
        func merge(_ notes: StepNotes?, _ list: (StepNotes, Int) -> UnsafeBufferPointer<Int32>) -> [Int32] {
            guard let notes else { return [] }
            var steps: [Int32] = []
            for number in numbers where number < notes.slotCount { steps.append(contentsOf: list(notes, number)) }
            steps.sort()
            var unique: [Int32] = []
            unique.reserveCapacity(steps.count)
            for step in steps where unique.last != step { unique.append(step) }
            return unique
        }
        changes = Numbers(head: merge(head) { $0.changes(ofSlot: $1) }, tail: merge(tail) { $0.changes(ofSlot: $1) })
        recomputes = Numbers(head: merge(head) { $0.recomputes(ofSlot: $1) }, tail: merge(tail) { $0.recomputes(ofSlot: $1) })
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
