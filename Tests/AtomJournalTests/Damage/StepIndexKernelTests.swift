@testable import AtomJournal
import Foundation
import Testing

/// Opening a journal indexes most steps in C (`atomscope_index_steps`): the usual steps one
/// at a time, the others four frames checksummed side by side; the Swift loop is the
/// reference. Both must give the same index,
/// or the same error, on every journal: steps with differences of every varint size, commits
/// that go negative, frames of many sizes, damage and torn ends anywhere, and frames that
/// cross the reader's 4 MiB chunks.
@Suite struct StepIndexKernelTests {
    private func open(_ url: URL, portably: Bool) throws -> (outcome: IndexOutcome, takenInRuns: Int, takenSingly: Int) {
        let (outcome, work) = try IndexOutcome.open(url) { $0.indexesPortably = portably }
        return (outcome, work.framesTakenInRuns, work.framesTakenSingly)
    }

    /// A `plain` journal's steps all have one-byte differences, except the negative commit's,
    /// so that the C loop takes all of them.
    private func records(steps count: Int, numbers: inout FormatSeededRandom, negativeCommitAt: Int? = nil, plain: Bool = false) -> [JournalRecord] {
        var records: [JournalRecord] = [
            .atomDefinition(JournalAtomDefinition(number: 0, id: "Count", kind: "state", valueType: "Int", isRestorable: true, isSensitive: false, isKeepAlive: false)),
            .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [JournalValueEntry(atom: 0, value: .json("0"))], edges: [], subscriptions: [])),
        ]
        var commit = 0
        var time: Int64 = 0
        let keyframeEvery = 20 + numbers.below(300)
        for step in 0..<count {
            switch plain ? 19 : numbers.below(20) {
            case 0: commit += 64 + numbers.below(8_000)  // a two-byte commit difference
            case 1: commit += 70_000 + numbers.below(1 << 30)  // longer
            case 2: commit -= min(commit, numbers.below(50))  // back, never below zero
            default: commit += 1
            }
            if step == negativeCommitAt {
                // Below zero for this step alone: the next one's difference brings it back.
                records.append(.step(JournalStep(commit: -1 - numbers.below(1_000), time: time, operation: "set")))
                continue
            }
            switch plain ? 0 : numbers.below(10) {
            case 0...4: time += Int64(numbers.below(60))
            case 5...7: time += Int64(64 + numbers.below(8_000))
            case 8: time += Int64(10_000 + numbers.below(1_000_000_000))
            default: time -= Int64(numbers.below(5_000))
            }
            // Mostly short values, some longer, a few over the 1 KiB the C loop checksums
            // from zero.
            let longest = switch numbers.below(40) {
            case 0: 1_500
            case 1...4: 300
            default: 12
            }
            let text = String(repeating: "x", count: numbers.below(longest))
            records.append(.step(JournalStep(
                commit: commit, time: time, operation: "set", updated: [JournalValueEntry(atom: 0, value: .json("\"\(text)\""))]
            )))
            if step % keyframeEvery == keyframeEvery - 1 {
                records.append(.keyframe(JournalKeyframe(commit: commit, time: time, atoms: [], edges: [], subscriptions: [])))
            }
            if numbers.below(500) == 0 {
                records.append(.mark(JournalMark(commit: commit, time: time, label: "mark \(step)")))
            }
        }
        return records
    }

    private func bytes(_ records: [JournalRecord]) -> [UInt8] {
        FormatSpec.journal(salt: FormatSpec.vectorSalt, metadata: [:], records: records)
    }

    /// Where the processor has the CRC instructions, the C loop runs: the index's lists are laid
    /// out as its structs (the tests below that need it would otherwise pass without it).
    @Test func theCLoopRunsWhereTheProcessorCan() {
        #if arch(x86_64)
        #expect(JournalIndexBuilder.takesRuns == CRC32C.hardware)
        #endif
    }

    @Test func randomJournalsWholeDamagedAndTornIndexAlike() throws {
        let folder = try FormatScratchFolder()
        var numbers = FormatSeededRandom(seed: 16)
        var takenInRuns = 0
        for seed in 0..<150 {
            let negative = seed % 10 == 9 ? numbers.below(400) : nil
            var journal = bytes(records(steps: 50 + numbers.below(1_500), numbers: &numbers, negativeCommitAt: negative))
            let headerSize = FormatSpec.layout(of: journal).headerSize
            switch seed % 3 {
            case 1:
                let at = headerSize + numbers.below(journal.count - headerSize)
                journal[at] ^= UInt8(1 + numbers.below(255))
            case 2:
                journal.removeSubrange((headerSize + numbers.below(journal.count - headerSize))...)
            default:
                break
            }
            let url = try folder.write(journal, name: "journal-\(seed)")
            let portable = try open(url, portably: true)
            let kernel = try open(url, portably: false)
            #expect(kernel.outcome == portable.outcome, "journal \(seed)")
            #expect(portable.takenInRuns == 0)
            takenInRuns += kernel.takenInRuns
        }
        // The C loop really ran, wherever the processor has the CRC instructions.
        if JournalIndexBuilder.takesRuns {
            #expect(takenInRuns > 30_000)
        }
    }

    /// Every step with short differences is the C loop's, whatever its size, the steps right
    /// after a keyframe or a mark too (the Swift loop checks those frames and hands the steps
    /// after them back to the C loop), but those among the journal's first four frames, which
    /// the Swift loop checks before any run: a checksum the C loop got wrong would hand the
    /// frame to the Swift loop unnoticed.
    @Test func theCLoopTakesEveryStepWithShortDifferences() throws {
        guard JournalIndexBuilder.takesRuns else { return }
        let folder = try FormatScratchFolder()
        var numbers = FormatSeededRandom(seed: 11)
        let records = records(steps: 3_000, numbers: &numbers, plain: true)
        let url = try folder.write(bytes(records))
        let kernel = try open(url, portably: false)
        #expect(kernel.outcome == (try open(url, portably: true)).outcome)
        let keyframes = kernel.outcome.keyframes.count
        #expect(keyframes > 5)
        #expect(kernel.takenInRuns >= 3_000 - 2)
    }

    /// Steps a person's actions make, each 8 ms to minutes after the last (a time difference
    /// of three to five varint bytes), and commits that jump: the C loop takes these too.
    @Test func theCLoopTakesStepsWithLongerDifferences() throws {
        guard JournalIndexBuilder.takesRuns else { return }
        let folder = try FormatScratchFolder()
        var numbers = FormatSeededRandom(seed: 13)
        var records = records(steps: 2_000, numbers: &numbers, plain: true)
        var commit = 0
        var time: Int64 = 0
        for index in records.indices {
            switch records[index] {
            case .step(var step):
                commit += numbers.below(4) == 0 ? 70_000 + numbers.below(1 << 30) : 1
                time += [10_000, 300_000, 60_000_000, 7_200_000_000][numbers.below(4)] + Int64(numbers.below(1_000))
                step.commit = commit
                step.time = time
                records[index] = .step(step)
            case .keyframe(var keyframe):
                // A keyframe holds the state after the step before it.
                keyframe.commit = commit
                keyframe.time = time
                records[index] = .keyframe(keyframe)
            default:
                break
            }
        }
        let url = try folder.write(bytes(records))
        let kernel = try open(url, portably: false)
        #expect(kernel.outcome.error == nil)
        #expect(kernel.outcome == (try open(url, portably: true)).outcome)
        let keyframes = kernel.outcome.keyframes.count
        #expect(keyframes > 5)
        // But one step a block at most: where a block's differences stop fitting (hours
        // apart, commits 2^32 apart), the Swift loop keeps the block whole, and the C loop
        // takes its later steps whole.
        #expect(kernel.takenInRuns >= 2_000 - 2 - Self.blocks(2_000))
    }

    /// How many blocks of entries (`StepEntryList`) `steps` steps fill.
    private static func blocks(_ steps: Int) -> Int {
        (steps + JournalIndex.StepEntryList.blockSize - 1) / JournalIndex.StepEntryList.blockSize
    }

    /// Steps of every size from the shortest to past the 1 KiB the one-frame loop takes, with
    /// time differences of one to five varint bytes: each short one is taken in C, and the
    /// index is the Swift loop's.
    @Test func stepsOfEverySizeAndTimeDifferenceIndexAlike() throws {
        guard JournalIndexBuilder.takesRuns else { return }
        let folder = try FormatScratchFolder()
        let differences: [Int64] = [3, 100, 300_000, 60_000_000, 7_200_000_000]
        var records: [JournalRecord] = [
            .atomDefinition(JournalAtomDefinition(number: 0, id: "Text", kind: "state", valueType: "String", isRestorable: true, isSensitive: false, isKeepAlive: false)),
            .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [JournalValueEntry(atom: 0, value: .json("\"\""))], edges: [], subscriptions: [])),
        ]
        var time: Int64 = 0
        var steps = 0
        for length in 0...1_100 {
            for difference in differences {
                time += difference
                steps += 1
                let text = String(repeating: "y", count: length)
                records.append(.step(JournalStep(
                    commit: steps, time: time, operation: "set", updated: [JournalValueEntry(atom: 0, value: .json("\"\(text)\""))]
                )))
            }
        }
        let journal = bytes(records)
        let stepFrames = FormatSpec.layout(of: journal).frames.filter { journal[$0.offset + 8] == RecordType.step.rawValue }
        #expect(stepFrames.count == steps)
        // Every frame size from the smallest step up to past 1 KiB checksummed.
        #expect(Set(stepFrames.map(\.size)).isSuperset(of: Set(40...1_060)))
        // The usual steps: under 1 KiB checksummed, the time difference under five bytes.
        let usual = stepFrames.indices.filter { stepFrames[$0].size - 17 <= 1_014 && differences[$0 % differences.count] < 1 << 27 }.count
        let url = try folder.write(journal)
        let kernel = try open(url, portably: false)
        #expect(kernel.outcome.error == nil && kernel.outcome.steps.count == steps)
        #expect(kernel.outcome == (try open(url, portably: true)).outcome)
        #expect(kernel.takenInRuns >= steps - 3 - Self.blocks(steps))
        // Each usual step the short way (a checksum it got wrong would hand the frame on to
        // the four-lane loop unnoticed), but a few the reader checks itself (after the
        // keyframe, where its reads of the file meet), and one a block at most where the
        // block's differences stop fitting.
        #expect(kernel.takenSingly >= usual - 10 - Self.blocks(steps) && kernel.takenSingly <= usual, "\(kernel.takenSingly) of \(usual) usual steps taken singly")
    }

    /// One byte changed anywhere in a short step (its header, its differences, its value) is
    /// the same error, or the same index, in C as in Swift, for every size the one-frame loop
    /// checksums as five words.
    @Test func aChangedByteInAShortStepIsTheSameOutcome() throws {
        let folder = try FormatScratchFolder()
        var numbers = FormatSeededRandom(seed: 23)
        for length in 0...24 {
            var records: [JournalRecord] = [
                .atomDefinition(JournalAtomDefinition(number: 0, id: "Text", kind: "state", valueType: "String", isRestorable: true, isSensitive: false, isKeepAlive: false)),
                .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: [])),
            ]
            for step in 1...12 {
                records.append(.step(JournalStep(
                    commit: step, time: Int64(step) * 300_000, operation: "set",
                    updated: [JournalValueEntry(atom: 0, value: .json("\"\(String(repeating: "z", count: length))\""))]
                )))
            }
            let journal = bytes(records)
            let frame = FormatSpec.layout(of: journal).frames[8]
            for at in frame.offset..<frame.end {
                var changed = journal
                changed[at] ^= UInt8(1 + numbers.below(255))
                let url = try folder.write(changed, name: "changed-\(length)-\(at)")
                let portable = try open(url, portably: true)
                let kernel = try open(url, portably: false)
                #expect(kernel.outcome == portable.outcome, "value of \(length) bytes, byte \(at - frame.offset) of the frame")
            }
        }
    }

    @Test func aNegativeCommitIsTheSameError() throws {
        let folder = try FormatScratchFolder()
        var numbers = FormatSeededRandom(seed: 3)
        for at in [7, 100, 333, 500, 599] {
            let url = try folder.write(bytes(records(steps: 600, numbers: &numbers, negativeCommitAt: at, plain: true)), name: "negative-\(at)")
            let portable = try open(url, portably: true)
            let kernel = try open(url, portably: false)
            #expect(portable.outcome.error != nil)
            #expect(kernel.outcome == portable.outcome, "negative commit at step \(at)")
        }
    }

    /// A frame again, or a frame missing: valid checksums, wrong sequence numbers.
    @Test func aRepeatedOrMissingFrameIsTheSameError() throws {
        let folder = try FormatScratchFolder()
        var numbers = FormatSeededRandom(seed: 5)
        let journal = bytes(records(steps: 800, numbers: &numbers, plain: true))
        let frames = FormatSpec.layout(of: journal).frames
        for index in [10, 200, 401, 650] {
            let frame = frames[index]
            var repeated = journal
            repeated.insert(contentsOf: journal[frame.offset..<frame.end], at: frame.end)
            var missing = journal
            missing.removeSubrange(frame.offset..<frame.end)
            for (name, damaged) in [("repeated", repeated), ("missing", missing)] {
                let url = try folder.write(damaged, name: "\(name)-\(index)")
                let portable = try open(url, portably: true)
                let kernel = try open(url, portably: false)
                #expect(portable.outcome.error != nil)
                #expect(kernel.outcome == portable.outcome, "frame \(index) \(name)")
            }
        }
    }

    @Test func framesAcrossTheReadersChunksIndexAlike() throws {
        let folder = try FormatScratchFolder()
        var numbers = FormatSeededRandom(seed: 41)
        // About 10 MB: two chunk boundaries, each crossed by some frame.
        let journal = bytes(records(steps: 170_000, numbers: &numbers))
        #expect(journal.count > 2 * JournalReader.chunkSize)
        let url = try folder.write(journal)
        let portable = try open(url, portably: true)
        let kernel = try open(url, portably: false)
        #expect(portable.outcome.error == nil && portable.outcome.steps.count == 170_000)
        #expect(kernel.outcome == portable.outcome)
    }
}
