/// The callers suspended in a context's `waitForUpdate(timeout:)`, resumed together by the
/// subscriber's next update, or one by one when their time runs out.
///
/// One type for every context that can wait, so that the view context and the test context
/// wait the same way. It listens through ``Subscriber/onUpdateInternal``, which the store
/// calls after ``Subscriber/onUpdate``: the app's own `onUpdate` stays the app's.
@MainActor
final class UpdateWaiters {
    private var waiters: [Int: (continuation: CheckedContinuation<Bool, Never>, timeout: Task<Void, Never>?)] = [:]
    private var nextWaiter = 0
    private let subscriber: Subscriber

    /// Listens to the subscriber's updates while anyone waits. The subscriber holds the
    /// waiters weakly: they live as long as the context that owns them.
    ///
    /// Only while anyone waits: a weak reference loaded at every update of every context
    /// (the object then has a side table, so each load and release takes the runtime's slow
    /// path) cost more than the rest of an effect's notification.
    init(listeningTo subscriber: Subscriber) {
        self.subscriber = subscriber
    }

    private func listen() {
        subscriber.onUpdateInternal = { [weak self] in
            self?.resumeAll(updated: true)
        }
    }

    /// Suspends until the next update (`true`) or until `duration` seconds have passed
    /// (`false`); `nil` waits as long as it takes.
    func wait(timeout duration: Double?) async -> Bool {
        let id = nextWaiter
        nextWaiter += 1
        return await withCheckedContinuation { continuation in
            var timeout: Task<Void, Never>?
            if let duration {
                // `Task.sleep` takes UInt64 nanoseconds, which run out after about 584 years:
                // a longer (or infinite) timeout is clamped to about 317 years instead of
                // trapping. A negative or NaN one does not wait at all.
                let seconds = duration > 0 ? min(duration, 1e10) : 0
                timeout = Task { [weak self] in
                    try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                    guard !Task.isCancelled else { return }
                    self?.resume(id, updated: false)
                }
            }
            if waiters.isEmpty { listen() }
            waiters[id] = (continuation, timeout)
        }
    }

    /// Resumes every waiter, in the order they started waiting: with `true` for an update,
    /// with `false` when the context goes away.
    func resumeAll(updated: Bool) {
        // Called at every update of the subscriber, almost always with no one waiting.
        guard !waiters.isEmpty else { return }
        for id in waiters.keys.sorted() {
            resume(id, updated: updated)
        }
    }

    private func resume(_ id: Int, updated: Bool) {
        guard let waiter = waiters.removeValue(forKey: id) else { return }
        if waiters.isEmpty { subscriber.onUpdateInternal = nil }
        waiter.timeout?.cancel()
        waiter.continuation.resume(returning: updated)
    }
}
