import Dispatch
import Synchronization

/// Work offered to a thread of the global pool, which its owner takes back and does itself if
/// no thread has started it by the time the owner needs the result: the owner may itself be
/// running on the pool, and must never wait on a pool whose threads are all waiting too.
///
/// The work runs exactly once, on the pool's thread or on the owner's, and owns what it
/// captured until ``result()`` returns: the owner must not touch those things meanwhile.
final class HandOff<Result>: @unchecked Sendable {
    // Why `@unchecked Sendable` is safe: `work` is called and `outcome` touched only by the
    // one thread that moves `state` away from `queued`: the pool's (to `running`) or the owner's
    // (to `abandoned`). The pool's thread writes `outcome` before signalling `done`, and the
    // owner reads it only after waiting on `done`, which it does only when its own move failed,
    // that is, when the pool's thread is running or has run the work. What the work captured
    // is the caller's to keep away from other threads until then (see the type's comment).
    private let work: () -> Result
    private var outcome: Result?
    private let state = Atomic<Int>(HandOffState.queued)
    private let done = DispatchSemaphore(value: 0)

    /// Offers `work` to the pool; with `handsOver` false, to nobody, as when every thread is
    /// busy: ``result()`` then does it.
    init(handsOver: Bool, _ work: @escaping () -> Result) {
        self.work = work
        guard handsOver else { return }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            guard state.compareExchange(expected: HandOffState.queued, desired: HandOffState.running, ordering: .acquiringAndReleasing).exchanged else {
                return
            }
            outcome = self.work()
            done.signal()
        }
    }

    /// The work's result: waited for if a thread of the pool started it, else computed here,
    /// now, on the caller's thread; with `waitingForAThread` (for tests, and only when the
    /// work was handed over), always the pool's.
    func result(waitingForAThread: Bool = false) -> Result {
        if !waitingForAThread,
           state.compareExchange(expected: HandOffState.queued, desired: HandOffState.abandoned, ordering: .acquiringAndReleasing).exchanged {
            return work()
        }
        done.wait()
        // The pool's thread sets `outcome` before it signals `done`: this is the only way
        // here, since the owner's move from `queued` failed.
        return outcome.unsafelyUnwrapped
    }

    /// Takes the work back undone if no thread has started it, else waits for the thread and
    /// returns what it produced.
    func cancel() -> Result? {
        if state.compareExchange(expected: HandOffState.queued, desired: HandOffState.abandoned, ordering: .acquiringAndReleasing).exchanged {
            return nil
        }
        done.wait()
        return outcome
    }
}

/// Where a ``HandOff``'s work stands.
private enum HandOffState {
    static let queued = 0
    static let running = 1
    static let abandoned = 2
}
