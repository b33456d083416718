import Atoms
import Testing

@MainActor
@Suite("Snapshot and restore")
struct SnapshotRestoreTests {
    struct Count: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct Label: StateAtom, Hashable {
        func defaultValue(context: Context) -> String { "a" }
    }

    struct Doubled: ValueAtom, Hashable {
        func value(context: Context) -> Int { context.watch(Count()) * 2 }
    }

    @Test func snapshotCapturesValuesEdgesAndSubscriptions() {
        let root = AtomRoot()
        let context = root.context()
        context.watch(Doubled())
        context.set(3, for: Count())
        let snapshot = context.snapshot()
        #expect(snapshot.lookup(Count()) == 3)
        #expect(snapshot.lookup(Doubled()) == 6)
        #expect(snapshot.lookup(Label()) == nil)
        #expect(snapshot.edges.map { "\($0.upstream.id)->\($0.downstream.id)" } == ["Count->Doubled"])
        #expect(snapshot.subscriptions.map(\.atom.id.rawValue) == ["Doubled"])
        #expect(snapshot.subscriptions.first?.subscriber.location.fileID == #fileID)
    }

    @Test func restoreNotifiesExactlyTheSubscribersWhoseWatchedValuesDiffer() {
        let root = AtomRoot()
        let countWatcher = root.context()
        let labelWatcher = root.context()
        countWatcher.watch(Doubled())
        labelWatcher.watch(Label())
        let snapshot = countWatcher.snapshot()

        countWatcher.set(5, for: Count())
        #expect(countWatcher.read(Doubled()) == 10)

        var countNotifications = 0
        var labelNotifications = 0
        countWatcher.onUpdate = { countNotifications += 1 }
        labelWatcher.onUpdate = { labelNotifications += 1 }
        countWatcher.restore(snapshot)

        #expect(countWatcher.read(Count()) == 0)
        #expect(countWatcher.read(Doubled()) == 0)
        #expect(countNotifications == 1)
        #expect(labelNotifications == 0)

        // Restoring the same values again changes nothing and notifies no one.
        countWatcher.restore(snapshot)
        #expect(countNotifications == 1)
    }

    @Test func restoreIsOneCommitWithCauseRestore() {
        let root = AtomRoot()
        var causes: [AtomOperation] = []
        root.observeCommits { causes.append($0.cause.operation) }
        let context = root.context()
        context.watch(Doubled())
        let snapshot = context.snapshot()
        context.set(4, for: Count())
        causes.removeAll()
        context.restore(snapshot)
        #expect(causes == [.restore])
    }

    @Test func restoreRecreatesReleasedAtomsWithTheirValues() {
        let root = AtomRoot()
        let context = root.context()
        context.watch(Label())
        context.set("b", for: Label())
        let snapshot = context.snapshot()
        context.unwatchAll()
        #expect(context.snapshot().lookup(Label()) == nil)
        context.watch(Count())
        context.restore(snapshot)
        // Nothing watches the recreated atom, so it was released again at the end of the
        // restore; a watched one keeps the restored value.
        context.watch(Label())
        context.restore(snapshot)
        #expect(context.read(Label()) == "b")
    }
}
