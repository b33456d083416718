@testable import AtomJournal
import Testing

/// A split index keeps each half's steps where that half wrote them; the collection reads
/// them as one list, and compares by its entries alone.
@Suite struct JournalStepEntriesTests {
    private func entries(_ range: Range<Int>) -> [JournalIndex.StepEntry] {
        range.map { JournalIndex.StepEntry(offset: 100 + 30 * $0, commit: 2 * $0, time: Int64(7 * $0)) }
    }

    private func list(_ entries: some Sequence<JournalIndex.StepEntry>) -> JournalIndex.StepEntryList {
        JournalIndex.StepEntryList(entries)
    }

    @Test func twoHalvesReadAsOneList() {
        let all = entries(0..<10)
        let split = JournalIndex.StepEntries(head: list(all[..<4]), tail: list(all[4...]))
        #expect(split.count == 10)
        #expect(Array(split) == all)
        for position in all.indices {
            #expect(split[position] == all[position], "position \(position)")
        }
        #expect(split.first == all.first && split.last == all.last)
        #expect(Array(split[3..<6]) == Array(all[3..<6]))
        #expect(split.indices == 0..<10)
        #expect(split.reversed().map { $0.commit } == all.reversed().map { $0.commit })
    }

    @Test func equalityIgnoresWhereTheHalvesMeet() {
        let all = entries(0..<6)
        let one = JournalIndex.StepEntries(head: list(all), tail: list([]))
        let two = JournalIndex.StepEntries(head: list(all[..<1]), tail: list(all[1...]))
        let emptyHead = JournalIndex.StepEntries(head: list([]), tail: list(all))
        #expect(one == two && two == emptyHead)
        #expect(emptyHead[0] == all[0] && emptyHead.count == 6)
        #expect(one != JournalIndex.StepEntries(head: list(all[..<5]), tail: list([])))
        #expect(JournalIndex.StepEntries().isEmpty && JournalIndex.StepEntries() == JournalIndex.StepEntries(head: list([]), tail: list([])))
    }
}
