@testable import AtomJournal
@testable import AtomScopeKit
import Foundation
import Testing

/// `stat` counts what each step changed while the journal is opened (`StepNumberTally`): by
/// atom number, in C over the frames the index's loop has just checked and in Swift for the
/// rest, summed by id afterwards. Those counts must be the ones a pass of their own gives,
/// however the index reads the steps (split anywhere, in C or in Swift), and where summing
/// by number cannot be exact (two numbers of one id both counted, a number past the tally's
/// limit, a payload that does not skim) `stat` must count in its own pass instead.
@Suite struct CountedWhileOpeningTests {
    /// The counts made while indexing with a reader set up by `configure`, by id; `nil` when
    /// they cannot be summed by id (or were not made).
    private func countedWhileIndexing(_ url: URL, configure: (JournalReader) -> Void = { _ in }) throws -> [String: ReferenceUsage]? {
        let index = try Journal(url: url, countingSteps: true, beforeIndexing: configure).index
        let slots = AtomSlots(index.atoms)
        guard let counts = index.stepCounts?.bySlot(slots.ids.count, slot: { slots.slot(of: $0) }) else { return nil }
        return Dictionary(uniqueKeysWithValues: slots.ids.enumerated().map { slot, id in
            (id, ReferenceUsage(changes: counts[slot].changes, recomputes: counts[slot].recomputes, valueBytes: counts[slot].valueBytes))
        })
    }

    @Test(arguments: 0..<6)
    func countsMadeWhileIndexingAreTheCountsOfAPassOfTheirOwn(seed: Int) throws {
        let url = try CountedJournal.write(seed: UInt64(seed) + 11, sharedIDs: false)
        defer { SyntheticJournal.remove(url) }
        let plain = try JournalStatistics(journal: Journal(url: url))
        let reference = try ReferenceUsage.of(Journal(url: url))
        #expect(ReferenceUsage.of(plain) == reference)
        #expect(try countedWhileIndexing(url) == reference)
        #expect(try countedWhileIndexing(url) { $0.skimsPortably = true } == reference, "every step skimmed in Swift")
        #expect(try countedWhileIndexing(url) { $0.indexesPortably = true } == reference, "every step indexed in Swift")
        let size = try Data(contentsOf: url).count
        for at in [size / 5, size / 2, size * 4 / 5] {
            let split = IndexSplit(minimum: 0, at: at, chunk: 4 << 10, waitsForAThread: true)
            #expect(try countedWhileIndexing(url) { $0.indexSplit = split } == reference, "split at \(at)")
        }
        // And `stat` itself, opened counting, reports what it reports without.
        #expect(try JournalStatistics(url: url) == plain)
    }

    /// Numbers 4 and 5 share the ids of 1 and 2, and steps name them in any order: a step
    /// that names two numbers of one id counts once for it, which counts by number cannot
    /// tell where the numbers' steps overlap, so `stat` counts in its own pass, and gets it
    /// right.
    @Test(arguments: 0..<3)
    func idsOfSeveralCountedNumbersAreCountedInAPassOfTheirOwn(seed: Int) throws {
        let url = try CountedJournal.write(seed: UInt64(seed) + 31, sharedIDs: true)
        defer { SyntheticJournal.remove(url) }
        #expect(try countedWhileIndexing(url) == nil)
        let counting = try Journal(url: url, countingSteps: true)
        #expect(counting.index.stepCounts != nil)
        #expect(ReferenceUsage.of(try JournalStatistics(journal: counting)) == (try ReferenceUsage.of(counting)))
    }

    /// An atom made again under a new number, as a store does after releasing it: its
    /// numbers' steps follow one another, sharing at most the step that released one and
    /// made the next, so the counts by number sum to the id's exactly, split anywhere too.
    @Test(arguments: 0..<4)
    func anAtomMadeAgainUnderNewNumbersIsCountedExactly(seed: Int) throws {
        var numbers = SyntheticJournal.Numbers(seed: UInt64(seed) + 61)
        var records: [JournalRecord] = [SyntheticJournal.atom(0, "Count"), .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: []))]
        var live = 1
        var next = 2
        records.append(SyntheticJournal.atom(live, "Made"))
        for commit in 1...2_000 {
            var step = JournalStep(commit: commit, time: Int64(commit), operation: "set", updated: [SyntheticJournal.entry(0, "\(commit)")])
            switch numbers.below(10) {
            case 0:
                // Released and made again in this step.
                step.released = [live]
                records.append(SyntheticJournal.atom(next, "Made"))
                step.initialized = [SyntheticJournal.entry(next, "0")]
                live = next
                next += 1
            case 1:
                // Released here, made again in a later step.
                step.released = [live]
                records.append(.step(step))
                records.append(SyntheticJournal.atom(next, "Made"))
                live = next
                next += 1
                continue
            case 2, 3:
                step.recomputed = [live]
            default:
                step.updated.append(SyntheticJournal.entry(live, "\(numbers.below(100))"))
            }
            records.append(.step(step))
        }
        let url = try SyntheticJournal.write(records)
        defer { SyntheticJournal.remove(url) }
        let reference = try ReferenceUsage.of(Journal(url: url))
        #expect(try countedWhileIndexing(url) == reference)
        let size = try Data(contentsOf: url).count
        for at in [size / 3, size / 2, size * 2 / 3] {
            let split = IndexSplit(minimum: 0, at: at, chunk: 4 << 10, waitsForAThread: true)
            #expect(try countedWhileIndexing(url) { $0.indexSplit = split } == reference, "split at \(at)")
        }
        #expect(try countedWhileIndexing(url) { $0.skimsPortably = true } == reference)
        #expect(try JournalStatistics(url: url) == JournalStatistics(journal: Journal(url: url)))
    }

    /// A number past the tally's first room makes it grow; one past its limit (a number per
    /// 8 bytes of file, 4,096 at least, 2^20 at most: `TakenStepRoom`) leaves it incomplete,
    /// and `stat` counts in its own pass.
    @Test func numbersPastTheRoomGrowItAndNumbersPastTheLimitAreLeftToAPassOfTheirOwn() throws {
        let grown = try CountedJournal.write(seed: 41, sharedIDs: false, extra: [2_000, 3_500])
        defer { SyntheticJournal.remove(grown) }
        let reference = try ReferenceUsage.of(Journal(url: grown))
        #expect(reference["Extra3500"]?.changes == 1)
        #expect(try countedWhileIndexing(grown) == reference)
        #expect(try countedWhileIndexing(grown) { $0.skimsPortably = true } == reference)

        for far in [100_000, TakenStepRoom.most + 3] {
            let beyond = try CountedJournal.write(seed: 42, sharedIDs: false, extra: [far])
            defer { SyntheticJournal.remove(beyond) }
            #expect(try Data(contentsOf: beyond).count / 8 < far, "the file is small enough for \(far) to be past its limit")
            #expect(try countedWhileIndexing(beyond) == nil)
            let counting = try Journal(url: beyond, countingSteps: true)
            #expect(counting.index.stepCounts == nil)
            let statistics = try JournalStatistics(journal: counting)
            #expect(ReferenceUsage.of(statistics) == (try ReferenceUsage.of(counting)))
            #expect(statistics.perAtom.first { $0.id == "Extra\(far)" }?.changes == 1)
        }
    }

    /// A step whose payload does not skim is indexed (opening reads only its commit and
    /// time) but not counted: `stat` then counts in its own pass, which names the step, as it
    /// does for a journal opened without counting.
    @Test func aStepThatDoesNotSkimIsNamedAsWithoutCounting() throws {
        var records: [JournalRecord] = [SyntheticJournal.atom(0, "Count"), .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: []))]
        for commit in 1...50 {
            records.append(.step(JournalStep(commit: commit, time: Int64(commit), operation: "set", updated: [SyntheticJournal.entry(0, commit == 30 ? "\"ZZZZ\"" : "\(commit)")])))
        }
        let url = try SyntheticJournal.write(records)
        defer { SyntheticJournal.remove(url) }
        // Step 30's value tag (JSON, 0) made one no version knows, its frame's checksum made
        // again: a valid frame with a payload that does not skim.
        let salt = try Journal(url: url).header.salt
        var bytes = [UInt8](try Data(contentsOf: url))
        let value: [UInt8] = [0, 6] + Array("\"ZZZZ\"".utf8)
        let at = try #require((0...(bytes.count - value.count)).first { Array(bytes[$0..<($0 + value.count)]) == value })
        bytes[at] = 9
        let frame = try #require((0..<at).reversed().first { start in
            let length = Int(bytes[start]) | Int(bytes[start + 1]) << 8 | Int(bytes[start + 2]) << 16 | Int(bytes[start + 3]) << 24
            return start + 17 + length > at && start + 17 <= at && bytes[start + 8] == RecordType.step.rawValue && length < 64
        })
        let length = Int(bytes[frame]) | Int(bytes[frame + 1]) << 8
        let checksum = CRC32C.mask(CRC32C.checksum(salt + Array(bytes[(frame + 8)..<(frame + 17 + length)])))
        for byte in 0..<4 { bytes[frame + 4 + byte] = UInt8(truncatingIfNeeded: checksum >> (8 * UInt32(byte))) }
        try Data(bytes).write(to: url)

        let counting = try Journal(url: url, countingSteps: true)
        #expect(counting.index.steps.count == 50)
        #expect(counting.index.stepCounts == nil)
        let plain = Result { try JournalStatistics(journal: Journal(url: url)) }
        let counted = Result { try JournalStatistics(journal: counting) }
        #expect("\(plain)".contains("unknown value tag 9"))
        #expect("\(plain)" == "\(counted)")
    }
}
