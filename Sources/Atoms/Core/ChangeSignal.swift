import Synchronization

/// Turns change notifications that may arrive on any thread into wake-ups of one main-actor
/// consumer, at most one pending at a time.
///
/// Every notification that arrives before the consumer runs joins the wake-up already pending,
/// so a burst of changes in one main-actor turn becomes one commit.
final class ChangeSignal: Sendable {
    private struct State {
        var isPending = false
        var isClosed = false
    }

    private let state = Mutex(State())
    /// The wake-ups. Holds at most one element: a second notification never queues a second
    /// wake-up while one is pending.
    let wakeUps: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (wakeUps, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Notes a change. Safe to call from any thread.
    func send() {
        let wakes = state.withLock { state in
            guard !state.isClosed, !state.isPending else { return false }
            state.isPending = true
            return true
        }
        if wakes { continuation.yield() }
    }

    /// Called by the consumer as it handles a wake-up: changes from now on wake it again.
    func accept() {
        state.withLock { $0.isPending = false }
    }

    /// Stops the wake-ups for good.
    func close() {
        state.withLock { $0.isClosed = true }
        continuation.finish()
    }
}
