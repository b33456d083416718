import Atoms
import Testing

/// An observation reaches its store's observer list, never the store itself: cancelling stops
/// delivery at once, and the store drops the observer before its next transaction.
@MainActor
@Suite("Commit observation: cancelling, releasing, and the store's lifetime")
struct ObservationLifecycleTests {
    struct Counter: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    @Test("A cancelled or released observation gets no later commit")
    func cancelledObservationsGetNothingMore() {
        let root = AtomRoot()
        let context = root.context()
        var cancelledSeen: [Int] = []
        var releasedSeen: [Int] = []
        var stayingSeen: [Int] = []
        let cancelled = root.store.observeCommits { cancelledSeen.append($0.number) }
        var released: AtomObservation? = root.store.observeCommits { releasedSeen.append($0.number) }
        let staying = root.store.observeCommits { stayingSeen.append($0.number) }
        context.set(1, for: Counter())
        cancelled.cancel()
        cancelled.cancel()  // twice is harmless
        released = nil
        context.set(2, for: Counter())
        context.set(3, for: Counter())
        #expect(cancelledSeen.count == 1)
        #expect(releasedSeen.count == 1)
        #expect(stayingSeen.count == 3)
        #expect(released == nil)
        withExtendedLifetime(staying) {}
    }

    @Test("Observers cancelled or added during a delivery: the one cancelled still gets that commit, the one added gets the next")
    func changesDuringDelivery() {
        let root = AtomRoot()
        let context = root.context()
        var lateSeen: [Int] = []
        var added: [AtomObservation] = []
        var second: AtomObservation?
        var secondSeen: [Int] = []
        let first = root.store.observeCommits { commit in
            second?.cancel()
            if added.isEmpty {
                added.append(root.store.observeCommits { lateSeen.append($0.number) })
            }
        }
        second = root.store.observeCommits { secondSeen.append($0.number) }
        context.set(1, for: Counter())
        context.set(2, for: Counter())
        #expect(secondSeen.count == 1, "cancelled during the first delivery, after it began")
        #expect(lateSeen.count == 1, "added during the first delivery: it gets the second commit only")
        withExtendedLifetime((first, added)) {}
    }

    /// Cancels the observation it holds when an atom computes: user code mid-transaction.
    @MainActor
    final class Canceller: Hashable {
        var observation: AtomObservation?

        nonisolated static func == (lhs: Canceller, rhs: Canceller) -> Bool { lhs === rhs }
        nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    struct CancellingAtom: ValueAtom, Hashable {
        let canceller: Canceller

        func value(context: Context) -> Int {
            canceller.observation?.cancel()
            return context.watch(Counter())
        }
    }

    @Test("An observer cancelled during a transaction gets no commit of it")
    func cancelledMidTransaction() {
        let root = AtomRoot()
        let canceller = Canceller()
        var seen = 0
        canceller.observation = root.store.observeCommits { _ in seen += 1 }
        let context = root.context()
        _ = context.watch(CancellingAtom(canceller: canceller))
        context.set(1, for: Counter())
        #expect(seen == 0)
    }

    @Test("An observation keeps neither its store alive nor working once the store is gone")
    func observationDoesNotKeepTheStore() {
        weak var weakStore: AtomStore?
        var observation: AtomObservation?
        var seen = 0
        do {
            let root = AtomRoot()
            weakStore = root.store
            observation = root.store.observeCommits { _ in seen += 1 }
            root.context().set(1, for: Counter())
        }
        #expect(weakStore == nil)
        #expect(seen == 1)
        observation?.cancel()
        observation = nil
    }
}
