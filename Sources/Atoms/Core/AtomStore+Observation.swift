// How object atoms follow their object: a change notification, from any thread, wakes a
// main-actor task that commits the node's (unchanged) object as changed, so that downstream
// atoms recompute and subscribers are notified. Notifications in one main-actor turn share
// one commit.

extension AtomStore {
    /// Starts a run that commits the node's value as changed each time `signal` wakes it.
    ///
    /// - Parameters:
    ///   - start: Subscribes to the object's changes; returns what unsubscribes, if anything.
    ///   - rearm: Called on each wake-up before the commit, for observation that fires once
    ///     and must be registered again (Observation's `withObservationTracking`).
    func observeChanges<A: Atom>(
        for _: A.Type, context: AtomTransactionContext,
        rearm: (@MainActor (ChangeSignal) -> Void)? = nil,
        start: @MainActor (ChangeSignal) -> (@MainActor () -> Void)?
    ) {
        let run = beginRun(context, kind: .object)
        let signal = ChangeSignal()
        let unsubscribe = start(signal)
        let task = Self.immediateTask { @MainActor [weak self] in
            for await _ in signal.wakeUps {
                // A wake-up buffered before the run stopped must not re-register anything.
                guard run.isActive else { break }
                signal.accept()
                rearm?(signal)
                self?.deliverCurrentValue(from: run, as: A.self)
            }
        }
        run.stop = {
            signal.close()
            unsubscribe?()
            task.cancel()
        }
    }

    /// Commits the node's current value as changed, as the run's kind names it.
    private func deliverCurrentValue<A: Atom>(from run: AsyncRun, as _: A.Type) {
        guard let node = run.node as? Node<A>, let value = node.value else { return }
        deliver(value, status: nil, from: run, as: A.self, failed: false, isLast: false)
    }
}
