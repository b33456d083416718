extension JournalIndex {
    /// A block of ``StepEntryList/blockSize`` steps: its first step's entry, and where its
    /// entries lie; laid out as the C loop's `atomscope_step_block`.
    @usableFromInline
    struct StepBlock: Sendable {
        @usableFromInline var offset: Int
        @usableFromInline var commit: Int
        @usableFromInline var time: Int64
        /// Where the block's first entry lies in ``StepEntryList/differences``; for a block
        /// kept whole, the complement (`~`) of where it lies in ``StepEntryList/wide``.
        @usableFromInline var start: Int
    }

    /// A step's entry as its differences from its block's first step; laid out as the C
    /// loop's `atomscope_step_difference`.
    @usableFromInline
    struct StepDifference: Sendable {
        @usableFromInline var offset: UInt32
        @usableFromInline var commit: UInt32
        @usableFromInline var time: UInt32

        static let zero = StepDifference(offset: 0, commit: 0, time: 0)
    }

    /// Step entries as an index builds them, in half the memory of whole entries: in blocks of
    /// 256 steps, each block's first entry whole, and every entry as three 32-bit differences
    /// from it.
    ///
    /// An index of a million steps is the largest memory an open fills, and every page of it is
    /// touched for the first time, which costs more than writing it: at 24 bytes a step, the
    /// entries were two thirds of the page faults of `atomscope stat`. A block whose
    /// differences do not fit (a step more than 4 GiB of file, 2^32 commits or about 71
    /// minutes after the block's first, or one before it) keeps its entries whole in ``wide``,
    /// as a journal of a person's slow steps does; the differences of such a block from before
    /// it was kept whole are left where they were, read by nothing.
    @usableFromInline
    struct StepEntryList: Sendable {
        @usableFromInline static var blockSize: Int { 256 }

        @usableFromInline private(set) var blocks: [StepBlock] = []
        @usableFromInline private(set) var differences: [StepDifference] = []
        /// The entries of the blocks kept whole, each block's together.
        @usableFromInline private(set) var wide: [StepEntry] = []
        @usableFromInline private(set) var count = 0

        /// How many entries of blocks of differences the list has room for without growing.
        var capacity: Int { differences.capacity }

        @usableFromInline init() {}

        /// A list of `entries`, appended one by one.
        init(_ entries: some Sequence<StepEntry>) {
            for entry in entries {
                append(entry)
            }
        }

        @inlinable subscript(position: Int) -> StepEntry {
            // A position past the last entry but within the open block would read another
            // block's entry (or a difference left behind), not trap as an array does.
            precondition(position >= 0 && position < count, "step entry position out of range")
            let block = blocks[position / Self.blockSize]
            let place = position % Self.blockSize
            if block.start < 0 {
                return wide[~block.start &+ place]
            }
            let difference = differences[block.start &+ place]
            return StepEntry(
                offset: block.offset &+ Int(difference.offset),
                commit: block.commit &+ Int(difference.commit),
                time: block.time &+ Int64(difference.time)
            )
        }

        /// Room for `count` entries in all, in one block of memory each for the differences
        /// and the blocks.
        mutating func reserveCapacity(_ count: Int) {
            differences.reserveCapacity(count)
            blocks.reserveCapacity(count / Self.blockSize + 1)
        }

        /// The block the next entry falls in, when it does not start one.
        var openBlock: StepBlock? {
            count % Self.blockSize == 0 ? nil : blocks.last
        }

        mutating func append(_ entry: StepEntry) {
            let place = count % Self.blockSize
            count += 1
            if place == 0 {
                blocks.append(StepBlock(offset: entry.offset, commit: entry.commit, time: entry.time, start: differences.count))
                differences.append(.zero)
                return
            }
            let last = blocks.count - 1
            if blocks[last].start >= 0 {
                if let difference = Self.difference(of: entry, from: blocks[last]) {
                    differences.append(difference)
                    return
                }
                keepWhole(block: last, entries: place)
            }
            wide.append(entry)
        }

        /// Appends what the C loop writes with `write`: it is given room for `room`
        /// differences, for the whole entries of an open block kept whole, and for the blocks
        /// it starts, and returns how many steps it took and how many of each it wrote.
        mutating func appendWritten(
            room: Int,
            _ write: (
                _ differences: UnsafeMutableBufferPointer<StepDifference>,
                _ wide: UnsafeMutableBufferPointer<StepEntry>,
                _ blocks: UnsafeMutableBufferPointer<StepBlock>
            ) -> (steps: Int, differences: Int, wide: Int, blocks: Int)
        ) {
            // Whole entries only for the rest of an open block kept whole: blocks start as
            // differences. No room is asked of `wide` otherwise: adding none to an empty array
            // writes to the storage every empty array shares, a race between two indexes.
            let wideRoom = (openBlock?.start ?? 0) < 0 ? Self.blockSize : 0
            var steps = 0
            blocks.append(addingCapacity: room / Self.blockSize + 1) { blockSpan in
                blockSpan.withUnsafeMutableBufferPointer { blockBuffer, blocksWritten in
                    func writeDifferences(wholeRoom: UnsafeMutableBufferPointer<StepEntry>) -> Int {
                        var wholeWritten = 0
                        differences.append(addingCapacity: room) { span in
                            span.withUnsafeMutableBufferPointer { buffer, written in
                                let done = write(
                                    UnsafeMutableBufferPointer(rebasing: buffer[written...]),
                                    wholeRoom,
                                    UnsafeMutableBufferPointer(rebasing: blockBuffer[blocksWritten...])
                                )
                                written += done.differences
                                blocksWritten += done.blocks
                                wholeWritten = done.wide
                                steps = done.steps
                            }
                        }
                        return wholeWritten
                    }
                    if wideRoom > 0 {
                        wide.append(addingCapacity: wideRoom) { wideSpan in
                            wideSpan.withUnsafeMutableBufferPointer { wideBuffer, wideWritten in
                                wideWritten += writeDifferences(wholeRoom: UnsafeMutableBufferPointer(rebasing: wideBuffer[wideWritten...]))
                            }
                        }
                    } else {
                        _ = writeDifferences(wholeRoom: UnsafeMutableBufferPointer(start: nil, count: 0))
                    }
                }
            }
            count += steps
        }

        /// Moves the commits and times of the entries before position `end` by `commit` and
        /// `time` (a split index's second half, whose steps before its first keyframe were
        /// counted from zero). A block with entries on both sides of `end` is kept whole.
        mutating func move(before end: Int, commit: Int64, time: Int64) {
            let split = min(max(end, 0), count)
            let straddling = split / Self.blockSize
            if split < count, split % Self.blockSize != 0, blocks[straddling].start >= 0 {
                keepWhole(block: straddling, entries: min(Self.blockSize, count - straddling * Self.blockSize))
            }
            for block in 0..<((split + Self.blockSize - 1) / Self.blockSize) {
                guard blocks[block].start < 0 else {
                    blocks[block].commit = Int(truncatingIfNeeded: commit &+ Int64(truncatingIfNeeded: blocks[block].commit))
                    blocks[block].time = time &+ blocks[block].time
                    continue
                }
                let start = ~blocks[block].start
                for place in 0..<min(Self.blockSize, split - block * Self.blockSize) {
                    let entry = wide[start + place]
                    wide[start + place] = StepEntry(
                        offset: entry.offset,
                        commit: Int(truncatingIfNeeded: commit &+ Int64(truncatingIfNeeded: entry.commit)),
                        time: time &+ entry.time
                    )
                }
            }
            // The open block, if it is kept whole, must end `wide`: its next entries are
            // appended there (here and by the C loop). Keeping the straddling block whole put
            // that block's entries after it.
            if let open = openBlock, open.start < 0, ~open.start + count % Self.blockSize != wide.count {
                keepWhole(block: blocks.count - 1, entries: count % Self.blockSize)
            }
        }

        /// The position of the first entry whose commit is not above the one before it (the
        /// entry before the list's first has `previous`; none when `nil`), or `nil` when every
        /// one is; `previous` ends as the last entry's commit. A block at a time, without the
        /// subscript's checks and division per entry.
        func firstCommitOutOfOrder(after previous: inout Int?) -> Int? {
            for block in blocks.indices {
                let first = block * Self.blockSize
                let entries = min(Self.blockSize, count - first)
                let base = blocks[block]
                if base.start < 0 {
                    for place in 0..<entries {
                        let commit = wide[~base.start + place].commit
                        if let last = previous, commit <= last { return first + place }
                        previous = commit
                    }
                    continue
                }
                // Within a block every commit is the block's plus a difference that fits 32
                // bits unsigned, so commits rise exactly where the differences do: one
                // comparison of neighbours an entry.
                let found: Int? = differences.withUnsafeBufferPointer { differences in
                    guard entries > 0, let block = differences.baseAddress.map({ $0 + base.start }) else { return nil }
                    let head = base.commit &+ Int(block[0].commit)
                    if let last = previous, head <= last { return first }
                    var before = block[0].commit
                    for place in 1..<entries {
                        let commit = block[place].commit
                        if commit <= before { return first + place }
                        before = commit
                    }
                    previous = base.commit &+ Int(before)
                    return nil
                }
                if let found { return found }
            }
            return nil
        }

        /// Keeps block `block`'s entries whole from now on: its first `entries` are copied to
        /// the end of `wide`.
        private mutating func keepWhole(block: Int, entries: Int) {
            let first = block * Self.blockSize
            let whole = (first..<(first + entries)).map { self[$0] }
            blocks[block].start = ~wide.count
            wide.append(contentsOf: whole)
        }

        /// `entry`'s differences from `block`'s first entry; `nil` when one is negative or
        /// over 2^32 - 1. As the C loop's: unsigned, so that a negative one wraps over.
        private static func difference(of entry: StepEntry, from block: StepBlock) -> StepDifference? {
            let offset = UInt64(bitPattern: Int64(entry.offset)) &- UInt64(bitPattern: Int64(block.offset))
            let commit = UInt64(bitPattern: Int64(entry.commit)) &- UInt64(bitPattern: Int64(block.commit))
            let time = UInt64(bitPattern: entry.time) &- UInt64(bitPattern: block.time)
            guard offset | commit | time <= UInt64(UInt32.max) else { return nil }
            return StepDifference(offset: UInt32(offset), commit: UInt32(commit), time: UInt32(time))
        }
    }
}
