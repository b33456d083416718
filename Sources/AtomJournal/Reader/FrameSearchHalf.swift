import CCRC32C
import Dispatch
import Synchronization

/// The second half of a split search, swept by a job on another thread.
///
/// The job sweeps in slices so that it can stop early when the first half finds a frame
/// before the split. If no thread has taken the job up by the time the first half is done
/// (every thread of the pool busy, perhaps waiting on searches of their own), the first half
/// takes the job back and sweeps on alone, so a split search is never slower than one sweep
/// by more than the handing over, and cannot wait on a pool it is part of.
final class FrameSearchHalf: @unchecked Sendable {
    // Why `@unchecked Sendable` is safe: the job touches `search`, `storage` and `status`
    // only after it has moved `state` from `queued` to `running`, and signals `done` when it
    // is through with them; the reader reads them only after waiting on `done`, which it does
    // only when the job has run or is running (its own move from `queued` to `abandoned`
    // failed). A job that finds the half abandoned touches nothing but `state`.
    // The window's bytes are only read, and the reader keeps them alive and unchanged until it
    // has waited or the job can no longer start sweeping.
    private var storage = FrameSearchStorage()
    private var search: atomscope_frame_search
    private var status = ATOMSCOPE_FRAME_SEARCH_REACHED_END
    private let state = Atomic<Int>(State.queued)
    private let cancelled = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    private enum State {
        static let queued = 0
        static let running = 1
        static let abandoned = 2
    }

    /// The bytes swept between two looks at `cancelled`: a multiple of 16, so that the
    /// sweep's blocks keep their places.
    static let slice: Int64 = 64 << 10

    /// Starts sweeping `from ..< end` with the fixed fields of `like` and none of its
    /// candidates, from a register of 0; with `handsOver` false, as if no thread were free.
    init(like: atomscope_frame_search, window: UnsafePointer<UInt8>, base: Int64, from: Int64, to end: Int64, handsOver: Bool = true) {
        search = atomscope_frame_search()
        search.damaged = like.damaged
        search.expected = like.expected
        search.file_size = like.file_size
        search.seed = like.seed
        search.maximum_payload = like.maximum_payload
        search.window_limit = like.window_limit
        search.offset = from
        search.reg = 0
        storage.lend(to: &search)
        guard handsOver else { return }
        let address = UInt(bitPattern: window)
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            guard state.compareExchange(expected: State.queued, desired: State.running, ordering: .acquiringAndReleasing).exchanged else {
                return
            }
            var status = ATOMSCOPE_FRAME_SEARCH_REACHED_END
            if let window = UnsafePointer<UInt8>(bitPattern: address) {
                while search.offset < end, status == ATOMSCOPE_FRAME_SEARCH_REACHED_END, !cancelled.load(ordering: .relaxed) {
                    let stop = min(end, search.offset + Self.slice)
                    status = atomscope_frame_search_sweep(&search, window, base, stop)
                    while status == ATOMSCOPE_FRAME_SEARCH_FULL {
                        storage.grow(&search)
                        status = atomscope_frame_search_sweep(&search, window, base, stop)
                    }
                }
            }
            self.status = status
            done.signal()
        }
    }

    /// Takes the job back if no thread has started it.
    private func abandon() -> Bool {
        state.compareExchange(expected: State.queued, desired: State.abandoned, ordering: .acquiringAndReleasing).exchanged
    }

    /// Waits for the sweep to reach its end or find a frame; `nil` when it had not started,
    /// and now never will.
    func finish() -> (status: Int32, search: atomscope_frame_search)? {
        if abandon() { return nil }
        done.wait()
        return (status, search)
    }

    /// Stops the sweep at its next slice and waits for it; returns where it stopped.
    func cancel() -> Int64 {
        cancelled.store(true, ordering: .relaxed)
        if abandon() { return search.offset }
        done.wait()
        return search.offset
    }
}
