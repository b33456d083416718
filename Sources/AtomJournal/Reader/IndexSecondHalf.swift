import Dispatch
import Synchronization

/// The second half of a split index (see ``IndexSplit``), built by a job on another thread
/// with a reader of its own.
///
/// The job takes only what the fast path of a scan takes: whole, valid frames, in sequence,
/// that the index builder accepts. At anything else (damage, a torn end, a step whose commit
/// it cannot place) it stops, and the first half's scan reads on from there by the reader's
/// full rules, so that what opening reports never depends on the split. If no thread has
/// taken the job up by the time the first half is done, the first half takes it back and
/// scans on alone: a split index cannot wait on a pool it is part of.
final class IndexSecondHalf: @unchecked Sendable {
    // Why `@unchecked Sendable` is safe: the job touches `reader` and `indexed` only after it
    // has moved `state` from `queued` to `running`, and signals `done` when it is through
    // with them; the first half reads and clears `indexed` only after waiting on `done`,
    // which it does only when the job has run or is running (its own move from `queued` to
    // `abandoned` failed). A job that finds the half abandoned touches nothing but `state`.
    // The reader is a twin (``JournalReader/init(twinOf:)``) that nothing else uses; it reads
    // through the first half's descriptor, which stays open until the first half has waited.
    // `settled` belongs to the first half alone.
    private let reader: JournalReader
    private var indexed: Indexed?
    private let state = Atomic<Int>(State.queued)
    private let cancelled = Atomic<Bool>(false)
    private let scanned = Atomic<Int>(0)
    private let done = DispatchSemaphore(value: 0)
    /// Whether the first half has waited for the job or taken it back: `done` is signalled
    /// once, so a second wait would never return. The first half's alone.
    private var settled = false
    /// Whether the half counts and notes its steps' changes as well
    /// (``JournalIndexBuilder/tally``, ``JournalIndexBuilder/noter``).
    private let counting: Bool
    private let noting: Bool

    private enum State {
        static let queued = 0
        static let running = 1
        static let abandoned = 2
    }

    /// What the job took: from the first frame it found after the split to the first it did
    /// not take, the index of those frames, and the work its reader did.
    struct Indexed {
        let start: ScanPosition
        let stop: ScanPosition
        /// A variable, so that the first half takes its steps over (``JournalIndexBuilder/absorb(_:)``).
        var builder: JournalIndexBuilder
        let work: ScanWork
    }

    /// Starts indexing the frames of `original`'s file from the first valid one at or after
    /// `split`, looking at most `search` bytes for it; with `handsOver` false, as if no
    /// thread were free.
    init(of original: JournalReader, from split: Int, search: Int, chunk: Int, handsOver: Bool, counting: Bool = false, noting: Bool = false) {
        reader = JournalReader(twinOf: original)
        self.counting = counting
        self.noting = noting
        reader.readsAhead = false
        reader.scanChunk = chunk
        guard handsOver else { return }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            guard state.compareExchange(expected: State.queued, desired: State.running, ordering: .acquiringAndReleasing).exchanged else {
                return
            }
            indexed = index(from: split, search: search)
            done.signal()
        }
    }

    /// The bytes the job has scanned so far, for the first half's progress.
    var bytesScanned: Int {
        scanned.load(ordering: .relaxed)
    }

    /// Takes the job back if no thread has started it.
    private func abandon() -> Bool {
        state.compareExchange(expected: State.queued, desired: State.abandoned, ordering: .acquiringAndReleasing).exchanged
    }

    /// Waits for the job and hands over what it indexed, keeping no reference to it (so that
    /// its arrays are the caller's alone); `nil` when it found no frame to start from, or had
    /// not started (and now never will) and `waitingForAThread` is false.
    func finish(waitingForAThread: Bool = false) -> Indexed? {
        if !settled {
            settled = true
            if !waitingForAThread, abandon() { return nil }
            done.wait()
        }
        defer { indexed = nil }
        return indexed
    }

    /// Stops the job at its next chunk and waits for it; returns at once once the job was
    /// waited for or taken back.
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
        guard !settled else { return }
        settled = true
        if abandon() { return }
        done.wait()
    }

    private func index(from split: Int, search: Int) -> Indexed? {
        guard let start = try? reader.firstFrame(from: split, within: search) else { return nil }
        var builder = JournalIndexBuilder(reader: reader, reservingFor: reader.fileSize - split, counting: counting, noting: noting)
        var position = start
        let headerSize = JournalFormat.frameHeaderSize
        while position.offset < reader.fileSize, !cancelled.load(ordering: .relaxed) {
            do {
                try reader.load(offset: position.offset, count: min(reader.fileSize - position.offset, headerSize))
            } catch {
                break
            }
            var taken = reader.takeWhole(from: position.offset, before: .max, expected: position.expected, &builder)
            if taken.frames == 0, taken.failure == nil, let size = reader.plausibleFrameSize(at: position.offset) {
                // A frame the window does not hold whole (one longer than a chunk): read it
                // whole, once.
                do {
                    try reader.load(offset: position.offset, count: size)
                } catch {
                    break
                }
                taken = reader.takeWhole(from: position.offset, before: .max, expected: position.expected, &builder)
            }
            if taken.frames > 0 {
                position = ScanPosition(offset: position.offset + taken.consumed, expected: position.expected &+ taken.frames, lastType: taken.last)
                scanned.store(position.offset - start.offset, ordering: .relaxed)
            }
            if taken.frames == 0 || taken.failure != nil {
                break
            }
        }
        return Indexed(start: start, stop: position, builder: builder, work: reader.work)
    }
}
