@testable import AtomJournal
import Foundation
import Synchronization
import Testing

/// Opening a large journal indexes its second half on another thread, from the first valid
/// frame after a split, counting commits and times from zero until its first keyframe. The
/// index, and any error, must be what one scan from the start gives, wherever the split
/// falls: on a frame, inside one, inside a frame longer than the search, before damage,
/// after it, in a torn end, between a step and the keyframe that places it.
@Suite struct SplitIndexTests {
    private func open(_ url: URL, split: IndexSplit) throws -> (outcome: IndexOutcome, work: ScanWork) {
        try IndexOutcome.open(url) { $0.indexSplit = split }
    }

    /// A journal of steps with every kind of record among them: definitions that arrive
    /// late (and one that replaces an earlier one), marks, keyframes `keyframeEvery` steps
    /// apart (none after the first with `nil`), and values of a few sizes, one of them longer
    /// than a split's search.
    private func records(steps count: Int, keyframeEvery: Int?, numbers: inout FormatSeededRandom, longValueAt: Int? = nil) -> [JournalRecord] {
        var records: [JournalRecord] = [
            .atomDefinition(JournalAtomDefinition(number: 0, id: "Count", kind: "state", valueType: "Int", isRestorable: true, isSensitive: false, isKeepAlive: false)),
            .locationDefinition(JournalLocationDefinition(number: 0, fileID: "App/Main.swift", line: 3)),
            .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [JournalValueEntry(atom: 0, value: .json("0"))], edges: [], subscriptions: [])),
        ]
        var commit = 0
        var time: Int64 = 0
        for step in 0..<count {
            commit += numbers.below(10) == 0 ? 2 + numbers.below(100_000) : 1
            time += Int64(numbers.below(3) == 0 ? 10_000 + numbers.below(900_000) : numbers.below(60))
            let text = String(repeating: "x", count: step == longValueAt ? 80_000 : numbers.below(numbers.below(20) == 0 ? 300 : 12))
            records.append(.step(JournalStep(
                commit: commit, time: time, operation: "set", updated: [JournalValueEntry(atom: 0, value: .json("\"\(text)\""))]
            )))
            if let keyframeEvery, step % keyframeEvery == keyframeEvery - 1 {
                records.append(.keyframe(JournalKeyframe(commit: commit, time: time, atoms: [], edges: [], subscriptions: [])))
            }
            switch numbers.below(300) {
            case 0: records.append(.mark(JournalMark(commit: commit, time: time, label: "mark \(step)")))
            case 1: records.append(.atomDefinition(JournalAtomDefinition(
                number: 1 + numbers.below(3), id: "Late\(step)", kind: "value", valueType: "Int", isRestorable: false, isSensitive: false, isKeepAlive: false)))
            case 2: records.append(.subscriberDefinition(JournalSubscriberDefinition(number: numbers.below(2), fileID: "App/View.swift", line: step)))
            case 3: records.append(.locationDefinition(JournalLocationDefinition(number: 1, fileID: "App/Model.swift", line: step)))
            default: break
            }
        }
        records.append(.close(JournalClose(commit: commit, time: time, stepCount: count)))
        return records
    }

    private func bytes(_ records: [JournalRecord]) -> [UInt8] {
        FormatSpec.journal(salt: FormatSpec.vectorSalt, metadata: [:], records: records)
    }

    /// Split points around frame starts (on one, a byte either side) and anywhere.
    private func splitPoints(_ journal: [UInt8], count: Int, numbers: inout FormatSeededRandom) -> [Int] {
        let layout = FormatSpec.layout(of: journal)
        var points: [Int] = []
        for _ in 0..<count {
            let frame = layout.frames[numbers.below(layout.frames.count)]
            points.append(frame.offset + numbers.below(3) - 1)
            points.append(layout.headerSize + 1 + numbers.below(journal.count - layout.headerSize - 1))
        }
        return points
    }

    /// The index of a whole journal split anywhere is the index of one scan, and the second
    /// half really is indexed apart when the split falls near the middle.
    @Test func aWholeJournalIndexesAlikeWhereverItSplits() throws {
        let folder = try FormatScratchFolder()
        var numbers = FormatSeededRandom(seed: 21)
        for (index, keyframeEvery) in [256, 17, nil].enumerated() {
            let journal = bytes(records(steps: 3_000, keyframeEvery: keyframeEvery, numbers: &numbers))
            let url = try folder.write(journal, name: "whole-\(index)")
            let whole = try open(url, split: .never)
            #expect(whole.outcome.error == nil && whole.outcome.steps.count == 3_000)
            #expect(whole.work.framesIndexedApart == 0)
            for point in splitPoints(journal, count: 20, numbers: &numbers) {
                let split = try open(url, split: IndexSplit(minimum: 0, at: point, waitsForAThread: true))
                #expect(split.outcome == whole.outcome, "keyframes every \(keyframeEvery.map(String.init) ?? "never"), split at \(point)")
            }
            let middle = try open(url, split: IndexSplit(minimum: 0, waitsForAThread: true))
            #expect(middle.outcome == whole.outcome)
            if JournalIndexBuilder.takesRuns {
                #expect(middle.work.framesIndexedApart > 1_000)
            }
        }
    }

    /// The second half's steps stay in the array its thread wrote them to: the index holds
    /// the first half's and then those, and no copy joins them.
    @Test func theSecondHalfsStepsAreKeptWhereItsThreadWroteThem() throws {
        guard JournalIndexBuilder.takesRuns else { return }
        let folder = try FormatScratchFolder()
        var numbers = FormatSeededRandom(seed: 26)
        let url = try folder.write(bytes(records(steps: 3_000, keyframeEvery: 256, numbers: &numbers)), name: "kept")
        let whole = try open(url, split: .never)
        let reader = try JournalReader(url: url)
        reader.indexSplit = IndexSplit(minimum: 0, waitsForAThread: true)
        let index = try JournalIndex(reader: reader)
        #expect(reader.work.framesIndexedApart > 1_000)
        #expect(index.steps.head.count > 1_000 && index.steps.tail.count > 1_000)
        #expect(index.steps.head.count + index.steps.tail.count == 3_000)
        #expect(Array(index.steps) == whole.outcome.steps)
    }

    /// The first half's array is sized for the first half: the second half's steps never go
    /// into it. Room for the whole file would be about 40,000 entries here.
    @Test func theFirstHalfReservesRoomForItsOwnStepsOnly() throws {
        guard JournalIndexBuilder.takesRuns else { return }
        let folder = try FormatScratchFolder()
        var records: [JournalRecord] = [
            .atomDefinition(JournalAtomDefinition(number: 0, id: "Count", kind: "state", valueType: "Int", isRestorable: true, isSensitive: false, isKeepAlive: false)),
            .keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: [])),
        ]
        for commit in 1...40_000 {
            records.append(.step(JournalStep(commit: commit, time: Int64(commit), operation: "set", updated: [JournalValueEntry(atom: 0, value: .json("\(commit)"))])))
        }
        let url = try folder.write(bytes(records), name: "room")
        let reader = try JournalReader(url: url)
        reader.indexSplit = IndexSplit(minimum: 0, waitsForAThread: true)
        let index = try JournalIndex(reader: reader)
        #expect(index.steps.count == 40_000 && index.steps.tail.count > 0)
        #expect(index.steps.head.capacity < 30_000, "room for \(index.steps.head.capacity) steps in the first half's array")
    }

    /// A frame after the split whose sequence number is the largest there is (it does not
    /// follow the frame before: damage) is where the second half starts; its count of frames
    /// wraps there rather than trapping, the halves do not join, and the index is one scan's.
    /// The frame is a step longer than the skims take in C, so that counting and noting it
    /// while opening walk past it in Swift too.
    @Test func aSequenceNumberAtItsLargestAfterTheSplitDoesNotTrap() throws {
        let folder = try FormatScratchFolder()
        var numbers = FormatSeededRandom(seed: 40)
        var journal = bytes(records(steps: 600, keyframeEvery: 64, numbers: &numbers, longValueAt: 300))
        let layout = FormatSpec.layout(of: journal)
        let long = try #require(layout.frames.max { $0.size < $1.size })
        let payload = Array(journal[(long.offset + 17)..<(long.offset + long.size)])
        let replaced = FormatSpec.frame(type: journal[long.offset + 8], sequence: .max, payload: payload, salt: FormatSpec.vectorSalt)
        journal.replaceSubrange(long.offset..<(long.offset + long.size), with: replaced)
        let url = try folder.write(journal, name: "largest")
        let split = IndexSplit(minimum: 0, at: long.offset, chunk: 4 << 10, waitsForAThread: true)
        let whole = try open(url, split: .never)
        #expect(try open(url, split: split).outcome == whole.outcome)
        let plain = Result { () throws(JournalError) in try Journal(url: url) }
        let counting = Result { () throws(JournalError) in
            try Journal(url: url, countingSteps: true, notingSteps: true, beforeIndexing: { $0.indexSplit = split })
        }
        #expect(plain.map(\.index.steps.count) == counting.map(\.index.steps.count))
    }

    /// The second half's job is waited for once: finishing again, or cancelling after it
    /// finished, returns at once (its semaphore is signalled once), and hands nothing over
    /// twice. The calls run on a thread of their own, so that a wait that never returns fails
    /// this test after half a minute instead of holding up the suite.
    @Test func aSecondHalfFinishedOrCancelledAgainReturnsAtOnce() throws {
        let folder = try FormatScratchFolder()
        var numbers = FormatSeededRandom(seed: 27)
        let journal = bytes(records(steps: 2_000, keyframeEvery: 256, numbers: &numbers))
        let url = try folder.write(journal, name: "settled")
        let layout = FormatSpec.layout(of: journal)
        let reader = try JournalReader(url: url)
        let middle = layout.headerSize + (journal.count - layout.headerSize) / 2
        let half = IndexSecondHalf(of: reader, from: middle, search: 64 << 10, chunk: 16 << 10, handsOver: true)
        let unstarted = IndexSecondHalf(of: reader, from: middle, search: 64 << 10, chunk: 16 << 10, handsOver: false)
        let outcome = Mutex<[Bool]>([])
        let returned = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let first = half.finish(waitingForAThread: true) != nil
            half.cancel()
            let second = half.finish(waitingForAThread: true) != nil
            unstarted.cancel()
            let taken = unstarted.finish() != nil
            unstarted.cancel()
            outcome.withLock { $0 = [first, second, taken] }
            returned.signal()
        }
        #expect(returned.wait(timeout: .now() + 30) == .success, "a second wait on the job never returned")
        #expect(outcome.withLock { $0 } == [true, false, false], "the steps are handed over once, and none from a job taken back")
    }

    /// Damage before the split, after it and at it, a torn end, a frame repeated or removed:
    /// the same error, or the same index and ending, as one scan.
    @Test func aDamagedOrTornJournalIndexesAlikeWhereverItSplits() throws {
        let folder = try FormatScratchFolder()
        var numbers = FormatSeededRandom(seed: 22)
        let journal = bytes(records(steps: 2_000, keyframeEvery: 64, numbers: &numbers))
        let layout = FormatSpec.layout(of: journal)
        for case_ in 0..<60 {
            var damaged = journal
            switch case_ % 4 {
            case 0:
                let at = layout.headerSize + numbers.below(journal.count - layout.headerSize)
                damaged[at] ^= UInt8(1 + numbers.below(255))
            case 1:
                damaged.removeSubrange((layout.headerSize + numbers.below(journal.count - layout.headerSize))...)
            case 2:
                let frame = layout.frames[1 + numbers.below(layout.frames.count - 1)]
                damaged.insert(contentsOf: journal[frame.offset..<frame.end], at: frame.end)
            default:
                let frame = layout.frames[1 + numbers.below(layout.frames.count - 1)]
                damaged.removeSubrange(frame.offset..<frame.end)
            }
            let url = try folder.write(damaged, name: "damaged-\(case_)")
            let whole = try open(url, split: .never)
            for point in splitPoints(damaged, count: 4, numbers: &numbers) {
                let split = try open(url, split: IndexSplit(minimum: 0, at: point, waitsForAThread: true))
                #expect(split.outcome == whole.outcome, "case \(case_), split at \(point)")
            }
        }
    }

    /// A commit that goes past the largest `Int` in the second half, before its first
    /// keyframe: counted from zero it stays small, so only joining the halves can tell, and
    /// the error must be the one scan's.
    @Test func aCommitOverflowingAfterTheSplitIsTheSameError() throws {
        let folder = try FormatScratchFolder()
        var records: [JournalRecord] = [
            .atomDefinition(JournalAtomDefinition(number: 0, id: "Count", kind: "state", valueType: "Int", isRestorable: true, isSensitive: false, isKeepAlive: false)),
            .keyframe(JournalKeyframe(commit: Int.max - 1_000, time: 0, atoms: [], edges: [], subscriptions: [])),
        ]
        for step in 1...1_500 {
            // Written as differences: the step after Int.max wraps below zero.
            records.append(.step(JournalStep(commit: (Int.max - 1_000) &+ step, time: Int64(step), operation: "set")))
        }
        let journal = bytes(records)
        let url = try folder.write(journal)
        let whole = try open(url, split: .never)
        #expect(whole.outcome.error != nil)
        let layout = FormatSpec.layout(of: journal)
        for frame in [layout.frames[600], layout.frames[900], layout.frames[1_000]] {
            let split = try open(url, split: IndexSplit(minimum: 0, at: frame.offset, waitsForAThread: true))
            #expect(split.outcome == whole.outcome, "split at \(frame.offset)")
        }
    }

    /// A split inside a value longer than the search finds no frame to start from; a split
    /// just before it starts there. Either way, the one scan's index.
    @Test func aSplitInsideAFrameLongerThanTheSearchScansOnAlone() throws {
        let folder = try FormatScratchFolder()
        var numbers = FormatSeededRandom(seed: 23)
        let journal = bytes(records(steps: 1_000, keyframeEvery: 50, numbers: &numbers, longValueAt: 500))
        let url = try folder.write(journal)
        let whole = try open(url, split: .never)
        let long = try #require(FormatSpec.layout(of: journal).frames.first { $0.size > 80_000 })
        let search = IndexSplit().search
        #expect(long.size > search)
        for point in [long.offset, long.offset + 1, long.offset + long.size / 2, long.end - 1, long.end] {
            let split = try open(url, split: IndexSplit(minimum: 0, at: point, waitsForAThread: true))
            #expect(split.outcome == whole.outcome, "split at \(point)")
            if JournalIndexBuilder.takesRuns {
                // Inside the frame, past the search's reach, nothing is indexed apart.
                #expect((split.work.framesIndexedApart > 0) == (point <= long.offset || point >= long.end - search), "split at \(point)")
            }
        }
    }

    /// Each half reads its own chunks: frames cross their ends, and one frame is longer than
    /// a chunk, in either half.
    @Test func halvesReadInSmallChunksIndexAlike() throws {
        let folder = try FormatScratchFolder()
        var numbers = FormatSeededRandom(seed: 25)
        for (index, longValueAt) in [2_000, 14_000].enumerated() {
            let journal = bytes(records(steps: 16_000, keyframeEvery: 256, numbers: &numbers, longValueAt: longValueAt))
            let url = try folder.write(journal, name: "chunks-\(index)")
            let whole = try open(url, split: .never)
            #expect(whole.outcome.error == nil && whole.outcome.steps.count == 16_000)
            for point in [nil] + splitPoints(journal, count: 3, numbers: &numbers) {
                let split = try open(url, split: IndexSplit(minimum: 0, at: point, chunk: 16 << 10, waitsForAThread: true))
                #expect(split.outcome == whole.outcome, "long value at step \(longValueAt), split at \(point.map(String.init) ?? "the middle")")
                if JournalIndexBuilder.takesRuns, point == nil {
                    // Every frame from the middle on, the long one included.
                    let layout = FormatSpec.layout(of: journal)
                    let middle = layout.headerSize + (journal.count - layout.headerSize) / 2
                    #expect(split.work.framesIndexedApart == layout.frames.count { $0.offset >= middle })
                }
            }
        }
    }

    /// Progress counts both halves' bytes, never goes back (not even when the first half
    /// scans the second again, after damage), and ends at the file's size.
    @Test func progressCountsBothHalvesAndNeverGoesBack() throws {
        let folder = try FormatScratchFolder()
        var numbers = FormatSeededRandom(seed: 26)
        var journal = bytes(records(steps: 12_000, keyframeEvery: 256, numbers: &numbers))
        let clean = try folder.write(journal, name: "clean")
        // A flipped byte three quarters in: the second half stops there, the first scans on.
        journal[journal.count * 3 / 4] ^= 0x40
        let damaged = try folder.write(journal, name: "damaged")
        for url in [clean, damaged] {
            final class Reports { var values: [Int] = [] }
            let reports = Reports()
            let (outcome, _) = try IndexOutcome.open(url) { reader in
                reader.indexSplit = IndexSplit(minimum: 0, chunk: 16 << 10, waitsForAThread: true)
                reader.progress = { reports.values.append($0) }
            }
            let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
            #expect(reports.values == reports.values.sorted(), "\(url.lastPathComponent)")
            #expect(reports.values.allSatisfy { $0 <= size })
            if outcome.error == nil {
                #expect(reports.values.last == size)
            }
            #expect(reports.values.count > 10)
        }
    }

    /// The combined progress adds the second half's bytes, stops at the file's size, and
    /// holds its highest figure while the first half scans again what it had counted.
    @Test func combinedProgressAddsTheHalvesAndNeverGoesBack() {
        final class Reports { var values: [Int] = [] }
        let reports = Reports()
        var scanned = 0
        let progress = SplitProgress(fileSize: 1_000, secondHalf: { scanned }, report: { reports.values.append($0) })
        progress.firstHalfRead(100)
        scanned = 300
        progress.firstHalfRead(200)
        progress.firstHalfRead(200)  // nothing new
        scanned = 900
        progress.firstHalfRead(450)  // past the end: the file's size
        // Joined or given up: the first half alone from here.
        progress.secondHalf = { 0 }
        progress.firstHalfRead(600)  // scanning again what the second half had counted
        progress.firstHalfRead(1_000)
        #expect(reports.values == [100, 500, 1_000])
    }

    /// When no thread takes the second half up, the first half scans on alone.
    @Test func aSecondHalfNoThreadTookIsScannedByTheFirst() throws {
        let folder = try FormatScratchFolder()
        var numbers = FormatSeededRandom(seed: 24)
        let url = try folder.write(bytes(records(steps: 2_000, keyframeEvery: 100, numbers: &numbers)))
        let whole = try open(url, split: .never)
        let alone = try open(url, split: IndexSplit(minimum: 0, handsOver: false))
        #expect(alone.outcome == whole.outcome)
        #expect(alone.work.framesIndexedApart == 0)
    }

    /// Journals past the minimum split by default; smaller ones never do.
    @Test func onlyLargeJournalsSplit() {
        let split = IndexSplit()
        #expect(split.point(first: 100, fileSize: 100 + (1 << 20)) == nil)
        if split.minimum == 16 << 20 {
            #expect(split.point(first: 100, fileSize: 100 + (32 << 20)) == 100 + (16 << 20))
        }
        #expect(IndexSplit(minimum: 0, at: 100).point(first: 100, fileSize: 1_000) == nil)
        #expect(IndexSplit(minimum: 0, at: 1_000).point(first: 100, fileSize: 1_000) == nil)
        #expect(IndexSplit(minimum: 0, at: 500).point(first: 100, fileSize: 1_000) == 500)
    }
}
