/// The asynchronous work one evaluation of an async atom started: a task, a sequence being
/// iterated, a subscription.
///
/// A node keeps its current run. Recomputing or releasing the node cancels the run, and a
/// cancelled run delivers nothing, so a late result of superseded work can never overwrite
/// a newer one.
@MainActor
@usableFromInline
final class AsyncRun {
    /// The node the run delivers to. Weak: the run outlives nothing it serves.
    weak var node: NodeBase?
    /// Whether deliveries still land. False once the run is cancelled or finished.
    private(set) var isActive = true
    /// Stops the underlying work; set by the atom kind that started it.
    var stop: (@MainActor () -> Void)?
    /// Operations to name in the commits that deliveries start; set by the kind that starts
    /// the work.
    var kind: AsyncRunKind
    /// What the work watched after the evaluation returned (after an `await`), so that
    /// those dependencies outlive this run only if it watched them again.
    var lateWatched: ContiguousArray<NodeBase> = []

    /// A value delivered while the evaluation that started the run was still running:
    /// the evaluation returns it directly instead of a placeholder.
    var synchronousValue: Any?
    var deliveredSynchronously = false

    /// Set when a refresh started the run: the node keeps its old value until the first
    /// delivery, and then takes `pendingValue` (a task atom's new task) or the delivered one.
    var isRefresh = false
    var pendingValue: Any?
    /// Set when a refresh computed an atom nothing used: the run keeps the node alive until
    /// its first delivery.
    var holdsNode = false
    /// The node's value after the last delivery, for a refresh whose node is gone by then.
    var lastDelivered: Any?

    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(node: NodeBase?, kind: AsyncRunKind) {
        self.node = node
        self.kind = kind
    }

    /// Stops the work; nothing it produces from now on lands.
    func cancel() {
        guard isActive else { return }
        isActive = false
        let stop = self.stop
        self.stop = nil
        stop?()
        resumeWaiters()
    }

    /// Marks the run done after its last delivery.
    func finish() {
        isActive = false
        stop = nil
        resumeWaiters()
    }

    /// Suspends until the next delivery, or until the run ends.
    func waitForDelivery() async {
        guard isActive else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func resumeWaiters() {
        let waiting = waiters
        waiters.removeAll()
        for waiter in waiting {
            waiter.resume()
        }
    }
}

/// The operations that a run's deliveries are committed as.
struct AsyncRunKind {
    var value: CauseOperation
    var failure: CauseOperation

    static let task = AsyncRunKind(value: .taskFinished, failure: .taskFailed)
    static let sequence = AsyncRunKind(value: .sequenceElement, failure: .sequenceFailed)
    static let publisher = AsyncRunKind(value: .publisherValue, failure: .publisherFailed)
    static let object = AsyncRunKind(value: .objectChanged, failure: .objectChanged)
}
