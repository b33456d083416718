@testable import AtomJournal
import Testing

/// An index keeps its steps' entries as differences from each block's first, and a block whose
/// differences do not fit whole: every entry reads back as it was appended, whatever the
/// blocks are, and a split index's moves of its first steps move those alone.
@Suite struct StepEntryListTests {
    private typealias Entry = JournalIndex.StepEntry

    /// `count` entries, the file offsets growing; with `jumps`, a commit or time now and then
    /// hours or 2^32 apart, or back (a block's differences then stop fitting), and a frame
    /// now and then 4 GiB on.
    private func entries(_ count: Int, jumps: Bool, numbers: inout FormatSeededRandom) -> [Entry] {
        var offset = 36
        var commit = 0
        var time: Int64 = 0
        return (0..<count).map { _ in
            offset += 17 + numbers.below(40)
            commit += 1
            time += Int64(numbers.below(100_000))
            if jumps {
                switch numbers.below(300) {
                case 0: time += 5_000_000_000  // about 83 minutes
                case 1: time -= Int64(numbers.below(1_000))
                case 2: commit += 1 << 32
                case 3: offset += 1 << 32
                case 4: commit -= min(commit, numbers.below(3))
                default: break
                }
            }
            return Entry(offset: offset, commit: commit, time: time)
        }
    }

    private func expectSame(_ list: JournalIndex.StepEntryList, _ model: [Entry], _ comment: Comment) {
        #expect(list.count == model.count, comment)
        for position in model.indices where list[position] != model[position] {
            Issue.record("entry \(position) is \(list[position]), not \(model[position]): \(comment)")
            return
        }
    }

    @Test func everyEntryReadsBackAsAppended() {
        var numbers = FormatSeededRandom(seed: 41)
        var keptWhole = 0
        for count in [0, 1, 255, 256, 257, 511, 512, 1_000, 3_000] {
            for jumps in [false, true] {
                let model = entries(count, jumps: jumps, numbers: &numbers)
                let list = JournalIndex.StepEntryList(model)
                expectSame(list, model, "\(count) entries, jumps: \(jumps)")
                if !jumps {
                    #expect(list.wide.isEmpty, "\(count) entries that fit their blocks")
                    #expect(list.differences.count == count)
                }
                keptWhole += list.wide.count
            }
        }
        // The jumps did make blocks that are kept whole.
        #expect(keptWhole > 1_000)
    }

    /// Each block holds what fits: a step an hour and a half after its block's first keeps
    /// that block whole from its first entry on, and the next block is differences again.
    @Test func aBlockIsKeptWholeFromTheStepThatDoesNotFit() {
        let block = JournalIndex.StepEntryList.blockSize
        var model = (0..<(3 * block)).map { Entry(offset: 100 + 20 * $0, commit: $0, time: Int64($0)) }
        model[block + 7] = Entry(offset: model[block + 7].offset, commit: block + 7, time: 5_400_000_000)
        for position in (block + 8)..<model.count {
            model[position] = Entry(offset: model[position].offset, commit: position, time: 5_400_000_000 + Int64(position))
        }
        let list = JournalIndex.StepEntryList(model)
        expectSame(list, model, "one late step")
        #expect(list.blocks.map { $0.start < 0 } == [false, true, false])
        #expect(list.wide.count == block)
    }

    @Test func movingTheEntriesBeforeAPositionMovesThoseAlone() {
        var numbers = FormatSeededRandom(seed: 43)
        for jumps in [false, true] {
            let model = entries(1_300, jumps: jumps, numbers: &numbers)
            for end in [0, 1, 100, 255, 256, 257, 700, 1_024, 1_299, 1_300] {
                var list = JournalIndex.StepEntryList(model)
                list.move(before: end, commit: 9_000, time: 77_000)
                let moved = model.enumerated().map { position, entry in
                    position < end ? Entry(offset: entry.offset, commit: entry.commit + 9_000, time: entry.time + 77_000) : entry
                }
                expectSame(list, moved, "moved before \(end), jumps: \(jumps)")
                // Nothing after the move's end: no block is kept whole for it.
                if end == model.count, !jumps {
                    #expect(list.wide.isEmpty)
                }
                // The list grows on after the move, as the first half's scan appends to it.
                let later = entries(600, jumps: jumps, numbers: &numbers).map {
                    Entry(offset: $0.offset + model[model.count - 1].offset, commit: $0.commit + model[model.count - 1].commit, time: $0.time)
                }
                for entry in later {
                    list.append(entry)
                }
                expectSame(list, moved + later, "grown after moving before \(end), jumps: \(jumps)")
            }
        }
    }

    /// A block kept whole by the move, before the open block that was already kept whole:
    /// the open block's entries are gathered again at the end of the whole entries, where its
    /// next ones go (the C loop writes them there too).
    @Test func theOpenBlockKeptWholeStaysTogetherAfterAnEarlierOneIs() {
        let block = JournalIndex.StepEntryList.blockSize
        var model = (0..<(block + 10)).map { Entry(offset: 100 + 20 * $0, commit: $0, time: Int64($0)) }
        // The open block (the second) is kept whole from its third entry.
        model[block + 2] = Entry(offset: model[block + 2].offset, commit: block + 2, time: -5)
        var list = JournalIndex.StepEntryList(model)
        #expect(list.blocks.map { $0.start < 0 } == [false, true])
        list.move(before: 100, commit: 1, time: 1)
        #expect(list.blocks.map { $0.start < 0 } == [true, true])
        #expect(list.blocks.last.map { ~$0.start + list.count % block } == list.wide.count)
        model = model.enumerated().map { $0 < 100 ? Entry(offset: $1.offset, commit: $1.commit + 1, time: $1.time + 1) : $1 }
        for position in model.count..<(2 * block) {
            let entry = Entry(offset: 100 + 20 * position, commit: position, time: Int64(position))
            model.append(entry)
            list.append(entry)
        }
        expectSame(list, model, "after the earlier block was kept whole")
    }
}
