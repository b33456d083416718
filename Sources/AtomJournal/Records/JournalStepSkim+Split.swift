import Synchronization

extension Journal {
    /// Hands what each step changed to `visit`, in order within each half, as ``skimSteps(_:)``
    /// does, but for a large journal on two threads at once: the steps from the middle one on
    /// go to a second sink, on another thread, with a reader of their own.
    ///
    /// The index says where every step starts, so the second half starts at a step frame
    /// (with the sequence number its header holds) and scans to the end; the first half
    /// scans up to that frame and must arrive there with the same sequence number. Only then
    /// are the two sinks joined. If the halves do not meet, or the second half stops at an
    /// error, its sink is dropped and the first half scans on alone: every answer, and every
    /// error, is the one a single scan gives. Small journals, or a machine with one
    /// processor, are skimmed in one scan (``JournalReader/skimSplit``).
    ///
    /// - Parameters:
    ///   - sink: what the first half's steps, or all of them, are given to.
    ///   - makeSecond: a sink for the second half, made only when the journal is split.
    ///   - join: adds the second sink's steps after the first's, once both halves are done.
    ///   - target: what the C loop does with the steps it takes for a sink that only counts
    ///     them or notes them (``StepSkimTarget``), by the rules the sink's `visit` follows;
    ///     `visit` then sees only the others.
    ///   - visit: one step, with the sink of its half; called on two threads at once, each
    ///     with its own sink, so it must touch nothing else that changes.
    /// - Returns: how many valid frames the skim read, as ``skimSteps(_:)`` returns.
    @discardableResult
    package func skimSteps<Sink>(
        into sink: Sink,
        splittingInto makeSecond: () -> Sink,
        join: (Sink, Sink) -> Void,
        target: (Sink) -> StepSkimTarget? = { _ in nil },
        _ visit: @escaping @Sendable (Sink, Int, JournalStepChanges) throws -> Void
    ) throws -> Int {
        let split = reader.skimSplit
        guard let point = split.point(first: reader.header.size, fileSize: reader.fileSize),
              let middle = firstStep(atOrAfter: point) else {
            let body: (Int, JournalStepChanges) throws -> Void = { position, changes in try visit(sink, position, changes) }
            return try scanAll(StepSkimVisitor(path: reader.path, runs: StepSkimRuns(for: reader), target: target(sink), body: body))
        }
        let offset = index.steps[middle].offset
        let second = makeSecond()
        let secondTarget = target(second)
        let twin = JournalReader(twinOf: reader)
        twin.readsAhead = false
        twin.scanChunk = split.chunk
        let stop = SkimStop()
        let scanned = SkimStop.Counter()
        twin.progress = { read in scanned.set(read - offset) }
        let path = reader.path
        let job = HandOff(handsOver: split.handsOver) { () -> SecondSkim? in
            guard let start = try? twin.framePosition(at: offset) else { return nil }
            var visitor = StepSkimVisitor(path: path, from: middle, stop: stop, runs: StepSkimRuns(for: twin), target: secondTarget) { position, changes in
                try visit(second, position, changes)
            }
            guard (try? twin.scan(from: start, until: .max, recovering: false, damaged: { _ in }, &visitor)) != nil else { return nil }
            return SecondSkim(start: start, frames: visitor.frames)
        }

        // The first half, up to the second's first frame, reading no chunk past it.
        var visitor = StepSkimVisitor(path: path, runs: StepSkimRuns(for: reader), target: target(sink)) { position, changes in
            try visit(sink, position, changes)
        }
        let report = reader.progress
        let progress = report.map { report in
            SplitProgress(fileSize: reader.fileSize, secondHalf: { scanned.value }, report: report)
        }
        reader.progress = progress.map { progress in { progress.firstHalfRead($0) } }
        // Each half reads its own chunks, of the size whose buffers the index's halves
        // already faulted in: a chunk of another size is fresh memory, which costs more to
        // touch than the read that fills it.
        let (chunk, readsAhead) = (reader.scanChunk, reader.readsAhead)
        reader.readLimit = offset
        reader.readsAhead = false
        reader.scanChunk = split.chunk
        defer {
            reader.readLimit = .max
            reader.readsAhead = readsAhead
            reader.scanChunk = chunk
            reader.progress = report
        }
        let reached: ScanOutcome
        do {
            reached = try reader.scan(from: ScanPosition(offset: reader.header.size), until: offset, recovering: false, damaged: { _ in }, &visitor)
        } catch {
            stop.set()
            _ = job.cancel()
            if let visitorError = visitor.visitorError { throw visitorError }
            throw error
        }
        reader.readLimit = .max
        reader.readsAhead = readsAhead
        reader.scanChunk = chunk
        let secondHalf = job.result(waitingForAThread: split.waitsForAThread && split.handsOver)
        progress?.secondHalf = { 0 }
        guard case .reached(let position) = reached else {
            // The frames ended before the second half's first: the file changed since it
            // was indexed, and the first half's scan said how it ends.
            report?(reader.fileSize)
            return visitor.frames
        }
        if let secondHalf, secondHalf.start.offset == position.offset, secondHalf.start.expected == position.expected {
            join(sink, second)
            report?(reader.fileSize)
            return visitor.frames + secondHalf.frames
        }
        // The halves did not meet, or the second stopped: the first scans on alone, and
        // meets whatever stopped the second by the same rules.
        do {
            _ = try reader.scan(from: position, until: .max, recovering: false, damaged: { _ in }, &visitor)
        } catch {
            if let visitorError = visitor.visitorError { throw visitorError }
            throw error
        }
        report?(reader.fileSize)
        return visitor.frames
    }

    /// The position in ``JournalIndex/steps`` of the first step that starts at or after
    /// `offset`; `nil` when there is none, or it is the first step (nothing to split).
    private func firstStep(atOrAfter offset: Int) -> Int? {
        let steps = index.steps
        var low = 0
        var high = steps.count
        while low < high {
            let middle = (low + high) / 2
            if steps[middle].offset < offset { low = middle + 1 } else { high = middle }
        }
        return low > 0 && low < steps.count ? low : nil
    }
}

/// What the second half of a split skim visited: where it started, and its frames.
private struct SecondSkim {
    let start: ScanPosition
    let frames: Int
}

/// A flag and a counter one thread sets and another reads: the stop of a split skim's second
/// half, and the bytes it has scanned, for the progress.
final class SkimStop: Sendable {
    private let flag = Atomic<Bool>(false)

    var isSet: Bool { flag.load(ordering: .relaxed) }

    func set() {
        flag.store(true, ordering: .relaxed)
    }

    final class Counter: Sendable {
        private let count = Atomic<Int>(0)

        var value: Int { count.load(ordering: .relaxed) }

        func set(_ value: Int) {
            count.store(value, ordering: .relaxed)
        }
    }
}
