import CCRC32C

/// `atomscope stat`'s counts of each step's changes, made while opening indexes the journal
/// (``Journal/init(url:progress:countingSteps:)``): each frame is read and checked once,
/// where counting after the index read and checked every frame a second time.
///
/// The ids that `stat` counts by are not known while the scan runs (a definition may come
/// after the split of a split index), so this counts by atom number, by the rules of
/// ``JournalStepChanges/count(at:into:slot:)``; ``StepCountsByNumber`` then sums the numbers
/// of each id, where that is exact. The C skim counts the usual steps over the index loop's
/// frames without checking them again; every other step is skimmed here.
///
/// Counts by number are kept for numbers below ``capacity``, which grows to take a larger
/// number when a step names one, up to ``limit``; a step naming a number past it, or one
/// whose payload does not skim, leaves the tally ``incomplete``, and `stat` counts in a pass
/// of its own instead, which reports what is wrong.
final class StepNumberTally {
    /// The most numbers counted: 40 MiB of counts.
    static let limit = 1 << 20
    private static let initialCapacity = 1 << 10

    private(set) var capacity = 0
    /// The counts of each number below ``capacity``, and the identity table the C skim maps
    /// numbers to slots by: allocated here and freed in `deinit`.
    private var counts = UnsafeMutablePointer<StepSlotCounts>.allocate(capacity: 0)
    private var identity = UnsafeMutablePointer<Int32>.allocate(capacity: 0)
    /// Whether a step could not be counted (see the type).
    private(set) var incomplete = false
    private let changes = JournalStepChanges()
    /// The C skim's lists; `nil` counts every step here.
    private let runs: StepSkimRuns?

    /// A tally for `reader`'s journal.
    init(for reader: JournalReader) {
        runs = StepSkimRuns(for: reader)
        grow(toHold: Self.initialCapacity - 1)
    }

    deinit {
        counts.deallocate()
        identity.deallocate()
    }

    /// Makes room for number `number`: doubles, or more, up to ``limit``.
    private func grow(toHold number: Int) {
        let larger = min(Self.limit, max(2 * capacity, number + 1, Self.initialCapacity))
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

    /// Counts the step frames from `start` to `end` in `bytes`, which the index's loop has
    /// just checked and taken, the first at step `position` with sequence number `sequence`.
    func countRun(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int, sequence: UInt64, seed: UInt32, position: Int) {
        guard !incomplete, start < end else { return }
        let frames = UnsafeRawBufferPointer(rebasing: bytes[..<end])
        var offset = start
        var sequence = sequence
        var position = position
        while offset < end {
            if let runs {
                let counting = StepSkimCounting(slotOfNumber: UnsafeBufferPointer(start: identity, count: capacity), counts: counts)
                let skimmed = runs.skim(frames, from: offset, sequence: sequence, seed: seed, counting: counting, trusted: true, step: position)
                let taken = Int(skimmed.step_position) - position
                offset = skimmed.position
                sequence = skimmed.sequence
                position += taken
                guard offset < end else { break }
            }
            // The frame the C skim left (or every frame, without it): its payload after the
            // header, of the length the header says; the index's loop checked both.
            let length = Int(frames.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
            let payloadStart = offset + JournalFormat.frameHeaderSize
            guard payloadStart + length <= end else {
                incomplete = true
                return
            }
            count(UnsafeRawBufferPointer(rebasing: frames[payloadStart..<(payloadStart + length)]), at: position)
            if incomplete { return }
            offset = payloadStart + length
            sequence += 1
            position += 1
        }
    }

    /// Counts the step whose payload is `payload`, at step `position`.
    func count(_ payload: UnsafeRawBufferPointer, at position: Int) {
        guard !incomplete else { return }
        var bytes = ByteReader(payload)
        do {
            try bytes.skimStep(into: changes)
        } catch {
            incomplete = true
            return
        }
        let named = max(changes.values.lazy.map(\.atom).max() ?? -1, changes.released.max() ?? -1, changes.recomputed.max() ?? -1)
        if named >= capacity {
            guard named < Self.limit else {
                incomplete = true
                return
            }
            grow(toHold: named)
        }
        let capacity = capacity
        changes.count(at: position, into: UnsafeMutableBufferPointer(start: counts, count: capacity)) { $0 < capacity ? $0 : nil }
    }

    /// Adds the counts of the steps right after this tally's (a split index's second half).
    func add(_ later: StepNumberTally) {
        guard !incomplete else { return }
        guard !later.incomplete else {
            incomplete = true
            return
        }
        if later.capacity > capacity { grow(toHold: later.capacity - 1) }
        for number in 0..<later.capacity {
            counts[number].changes += later.counts[number].changes
            counts[number].recomputes += later.counts[number].recomputes
            counts[number].valueBytes += later.counts[number].valueBytes
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
    /// journal never defines, which counts nowhere); `nil` when two numbers of one slot both
    /// counted something: a step that names both counts once for the slot, which counts by
    /// number cannot tell.
    package func bySlot(_ slots: Int, slot: (Int) -> Int?) -> [StepSlotCounts]? {
        var summed = [StepSlotCounts](repeating: StepSlotCounts(), count: slots)
        var taken = [Bool](repeating: false, count: slots)
        for (number, counted) in counts.enumerated() where counted.changes != 0 || counted.recomputes != 0 || counted.valueBytes != 0 {
            guard let index = slot(number) else { continue }
            guard !taken[index] else { return nil }
            taken[index] = true
            summed[index] = counted
        }
        return summed
    }
}
