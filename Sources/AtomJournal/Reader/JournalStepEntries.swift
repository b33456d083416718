extension JournalIndex {
    /// Every step's entry, in order, as ``JournalIndex/steps`` holds them.
    ///
    /// A collection rather than an array because a large journal is indexed in two halves at
    /// once (see `IndexSplit`): each half writes its entries into memory of its own, and the
    /// index keeps both as they were written. Joining them into one array copied the second
    /// half's entries, 12 MB for a million steps, a tenth of the time an open takes.
    ///
    /// Positions run from 0 to `count - 1` whatever the halves are, and two collections with
    /// the same entries are equal however they are split.
    public struct StepEntries: RandomAccessCollection, Sendable, Equatable {
        /// The first half's entries, or all of them when the index was not split.
        @usableFromInline let head: StepEntryList
        /// The entries after `head`'s.
        @usableFromInline let tail: StepEntryList

        /// The entries of `head`, then those of `tail`.
        init(head: StepEntryList, tail: StepEntryList) {
            if head.count == 0 {
                self.head = tail
                self.tail = StepEntryList()
            } else {
                self.head = head
                self.tail = tail
            }
        }

        /// No entries.
        public init() {
            head = StepEntryList()
            tail = StepEntryList()
        }

        @inlinable public var startIndex: Int { 0 }

        @inlinable public var endIndex: Int { head.count + tail.count }

        @inlinable public subscript(position: Int) -> StepEntry {
            let split = head.count
            return position < split ? head[position] : tail[position - split]
        }

        @inlinable public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.elementsEqual(rhs)
        }
    }
}

extension JournalIndex.StepEntries {
    /// The position of the first step whose commit does not follow the one before, or the
    /// count when every commit does: where a skim that notes steps in C must stop and leave
    /// the step to the check that names it.
    package var firstOutOfOrder: Int {
        var previous: Int?
        if let found = head.firstCommitOutOfOrder(after: &previous) { return found }
        if let found = tail.firstCommitOutOfOrder(after: &previous) { return head.count + found }
        return count
    }
}
