import CCRC32C

/// `atomscope stat`'s counts of each step's changes, made while opening indexes the journal
/// (`Journal.init(url:progress:countingSteps:notingSteps:beforeIndexing:)`): each frame is read and checked once,
/// where counting after the index read and checked every frame a second time.
///
/// The ids that `stat` counts by are not known while the scan runs (a definition may come
/// after the split of a split index), so this counts by atom number, by the rules of
/// ``JournalStepChanges/count(at:into:slot:)``; ``StepCountsByNumber`` then sums the numbers
/// of each id, where that can be exact. The C skim counts the usual steps over the index loop's
/// frames without checking them again; every other step is skimmed here.
///
/// Counts by number are kept for numbers below ``capacity``, which grows to take a larger
/// number when a step names one, up to the reader's limit (`TakenStepRoom`); a step naming a
/// number past it, or one whose payload does not skim, leaves the tally incomplete, and
/// `stat` counts in a pass of its own instead, which reports what is wrong.
final class StepNumberTally: TakenStepReader {
    private static let initialCapacity = 1 << 10

    // Exclusivity: not checked at run time (a few accesses a run of steps). A tally belongs
    // to one index builder on one thread, and its methods call out only to the skims, which
    // cannot reach it.
    @exclusivity(unchecked) private(set) var capacity = 0
    /// The counts of each number below ``capacity``, and the identity table the C skim maps
    /// numbers to slots by: allocated here and freed in `deinit`.
    @exclusivity(unchecked) private var counts = UnsafeMutablePointer<StepSlotCounts>.allocate(capacity: 0)
    @exclusivity(unchecked) private var identity = UnsafeMutablePointer<Int32>.allocate(capacity: 0)

    /// A tally for `reader`'s journal: at most 2^20 numbers, 56 MiB of counts.
    override init(for reader: JournalReader) {
        super.init(for: reader)
        grow(toHold: Self.initialCapacity - 1)
    }

    deinit {
        counts.deallocate()
        identity.deallocate()
    }

    /// Makes room for number `number`: doubles, or more, up to ``limit``.
    private func grow(toHold number: Int) {
        let larger = min(limit, max(2 * capacity, number + 1, Self.initialCapacity))
        guard larger > capacity else { return }
        let moreCounts = UnsafeMutablePointer<StepSlotCounts>.allocate(capacity: larger)
        moreCounts.moveInitialize(from: counts, count: capacity)
        (moreCounts + capacity).initialize(repeating: StepSlotCounts(), count: larger - capacity)
        counts.deallocate()
        counts = moreCounts
        let moreIdentity = UnsafeMutablePointer<Int32>.allocate(capacity: larger)
        for number in 0..<larger { moreIdentity[number] = Int32(number) }
        identity.deallocate()
        identity = moreIdentity
        capacity = larger
    }

    /// Counts, with the C skim, a run of the steps the index's loop took (``readRun(_:from:to:sequence:seed:position:)``).
    override func skimRun(_ taken: TakenStepFrames, from at: TakenStepFrames.Stop, seed: UInt32, runs: StepSkimRuns) -> TakenStepFrames.Stop {
        var at = at
        while true {
            let room = capacity
            let counting = StepSkimCounting(slotOfNumber: UnsafeBufferPointer(start: identity, count: room), counts: counts)
            let skimmed = runs.skim(taken.frames, from: at.offset, sequence: at.sequence, seed: seed, counting: counting, trusted: true, step: at.position)
            at = TakenStepFrames.Stop(offset: skimmed.position, sequence: skimmed.sequence, position: Int(skimmed.step_position))
            // The last step taken named numbers past the room, which counted nowhere: those
            // items are counted here, in room made for them, and the run goes on.
            guard skimmed.beyond >= 0, !incomplete else { return at }
            guard let payload = taken.payload(at: Int(skimmed.beyond)) else {
                giveUp()
                return at
            }
            count(payload, at: at.position - 1, from: room)
        }
    }

    override func read(_ payload: UnsafeRawBufferPointer, at position: Int) {
        count(payload, at: position)
    }

    /// Counts the step whose payload is `payload`, at step `position`: the items that name
    /// numbers from `first` on.
    func count(_ payload: UnsafeRawBufferPointer, at position: Int, from first: Int = 0) {
        guard let changes = skimmed(payload) else { return }
        let named = max(changes.values.lazy.map(\.atom).max() ?? -1, changes.released.max() ?? -1, changes.recomputed.max() ?? -1)
        if named >= capacity {
            guard named < limit else {
                giveUp()
                return
            }
            grow(toHold: named)
        }
        let capacity = capacity
        changes.count(at: position, into: UnsafeMutableBufferPointer(start: counts, count: capacity)) { $0 >= first && $0 < capacity ? $0 : nil }
    }

    /// Adds the counts of the steps right after this tally's (a split index's second half),
    /// whose positions count from 0 at step `offset` of the journal.
    func add(_ later: StepNumberTally, from offset: Int) {
        guard !incomplete else { return }
        guard !later.incomplete else {
            giveUp()
            return
        }
        if later.capacity > capacity { grow(toHold: later.capacity - 1) }
        for number in 0..<later.capacity {
            let next = later.counts[number]
            if next.changes > 0 {
                if counts[number].changes == 0 { counts[number].firstChange = next.firstChange + offset }
                counts[number].lastChange = next.lastChange + offset
            }
            if next.recomputes > 0 {
                if counts[number].recomputes == 0 { counts[number].firstRecompute = next.firstRecompute + offset }
                counts[number].lastRecompute = next.lastRecompute + offset
            }
            counts[number].changes += next.changes
            counts[number].recomputes += next.recomputes
            counts[number].valueBytes += next.valueBytes
        }
    }

    /// What was counted, or `nil` when the tally is incomplete.
    var result: StepCountsByNumber? {
        guard !incomplete else { return nil }
        // Every step was counted below the capacity of its time, which only grows.
        var used = capacity
        while used > 0, counts[used - 1].changes == 0, counts[used - 1].recomputes == 0, counts[used - 1].valueBytes == 0 {
            used -= 1
        }
        return StepCountsByNumber(counts: Array(UnsafeBufferPointer(start: counts, count: used)))
    }
}

/// `atomscope stat`'s counts by atom number, made while the journal was indexed
/// (``JournalIndex/stepCounts``): every number that any step names is counted here.
package struct StepCountsByNumber: Sendable {
    /// The counts of numbers 0, 1, …; numbers past the end counted nothing.
    package let counts: [StepSlotCounts]

    /// The counts summed by slot, `slot(of:)` giving each number's (`nil` for a number the
    /// journal never defines, which counts nowhere); `nil` when that cannot be exact.
    ///
    /// A step that names two numbers of one id (an atom released and made again under a new
    /// number) counts once for the id. Each number's counted steps lie between its first and
    /// its last; where the numbers' stretches follow one another, a step can be counted for
    /// two of them only where one's last is the next one's first, and that step is counted
    /// once. Stretches that overlap more than that cannot be told apart from counts.
    package func bySlot(_ slots: Int, slot: (Int) -> Int?) -> [StepSlotCounts]? {
        var numbersOfSlot = [[Int]](repeating: [], count: slots)
        for (number, counted) in counts.enumerated() where counted.changes != 0 || counted.recomputes != 0 || counted.valueBytes != 0 {
            guard let index = slot(number) else { continue }
            numbersOfSlot[index].append(number)
        }
        var summed = [StepSlotCounts](repeating: StepSlotCounts(), count: slots)
        for (index, numbers) in numbersOfSlot.enumerated() where !numbers.isEmpty {
            if numbers.count == 1 {
                summed[index] = counts[numbers[0]]
                continue
            }
            let stretches = numbers.map { counts[$0] }
            guard let changes = Self.once(stretches.filter { $0.changes > 0 }.map { ($0.changes, $0.firstChange, $0.lastChange) }),
                  let recomputes = Self.once(stretches.filter { $0.recomputes > 0 }.map { ($0.recomputes, $0.firstRecompute, $0.lastRecompute) })
            else { return nil }
            summed[index].changes = changes
            summed[index].recomputes = recomputes
            summed[index].valueBytes = stretches.reduce(0) { $0 + $1.valueBytes }
        }
        return summed
    }

    /// The steps counted by numbers whose counts and stretches (first and last step) are
    /// given, each step once; `nil` when two stretches overlap in more than an end.
    private static func once(_ stretches: [(count: Int, first: Int, last: Int)]) -> Int? {
        let ordered = stretches.sorted { $0.first < $1.first }
        var total = 0
        for (position, stretch) in ordered.enumerated() {
            total += stretch.count
            guard position > 0 else { continue }
            let before = ordered[position - 1]
            if before.last > stretch.first { return nil }
            if before.last == stretch.first { total -= 1 }
        }
        return total
    }
}
