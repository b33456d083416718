import Atoms
import Testing

/// `AtomViewContext.waitForUpdate(timeout:)`. The writes run in tasks on the main actor, which
/// can only start once the test suspends in the wait, so the waiter is always in place before
/// the write; the timeouts only bound a failing wait, except where running out is the point.
@MainActor
@Suite("AtomViewContext: waitForUpdate")
struct AtomViewContextWaitTests {
    struct Watched: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct Unwatched: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    final class Counter {
        var count = 0
    }

    @Test("Waiting, then a write of a watched atom from another task, returns true")
    func wakesOnAWatchedUpdate() async {
        let root = AtomRoot()
        let screen = root.context(name: "Screen")
        _ = screen.watch(Watched())
        let writer = root.context()
        Task { @MainActor in writer.set(1, for: Watched()) }
        let updated = await screen.waitForUpdate(timeout: 300)
        #expect(updated)
        #expect(screen.watch(Watched()) == 1)
    }

    @Test("With no update, the wait runs out and returns false")
    func timesOut() async {
        let root = AtomRoot()
        let screen = root.context()
        _ = screen.watch(Watched())
        let updated = await screen.waitForUpdate(timeout: 0.05)
        #expect(!updated)
    }

    @Test("The context listens only while someone waits, and again at each new wait")
    func listensAgainAtEachWait() async {
        let root = AtomRoot()
        let screen = root.context()
        _ = screen.watch(Watched())
        let writer = root.context()
        Task { @MainActor in writer.set(1, for: Watched()) }
        #expect(await screen.waitForUpdate(timeout: 300))
        // Updates with no one waiting, then a wait that runs out, then two waits at once.
        writer.set(2, for: Watched())
        writer.set(3, for: Watched())
        #expect(await screen.waitForUpdate(timeout: 0.05) == false)
        // Queued in this order on the main actor: both waits are in place before the write.
        let first = Task { @MainActor in await screen.waitForUpdate(timeout: 300) }
        let second = Task { @MainActor in await screen.waitForUpdate(timeout: 300) }
        Task { @MainActor in writer.set(4, for: Watched()) }
        let woken = await first.value
        let alsoWoken = await second.value
        #expect(woken && alsoWoken)
        Task { @MainActor in writer.set(5, for: Watched()) }
        #expect(await screen.waitForUpdate(timeout: 300))
        #expect(screen.watch(Watched()) == 5)
    }

    @Test("An update of an atom the context does not watch does not wake it")
    func ignoresUnwatchedUpdates() async {
        let root = AtomRoot()
        let screen = root.context()
        _ = screen.watch(Watched())
        let writer = root.context()
        _ = writer.watch(Unwatched())
        let wrote = Counter()
        // Queued on the main actor before the wait's timer starts, so it writes before the
        // wait can run out: a wait woken by it would return true.
        Task { @MainActor in
            writer.set(5, for: Unwatched())
            wrote.count += 1
        }
        let woken = await screen.waitForUpdate(timeout: 0.2)
        #expect(!woken)
        #expect(wrote.count == 1)
        #expect(writer.read(Unwatched()) == 5)

        // The context still wakes for what it watches.
        Task { @MainActor in writer.set(2, for: Watched()) }
        #expect(await screen.waitForUpdate(timeout: 300))
    }

    @Test("Waiting leaves the app's onUpdate alone: it is called once per update, and kept")
    func leavesOnUpdateAlone() async {
        let root = AtomRoot()
        let screen = root.context()
        let redraws = Counter()
        screen.onUpdate = { redraws.count += 1 }
        _ = screen.watch(Watched())
        let writer = root.context()

        Task { @MainActor in writer.set(1, for: Watched()) }
        #expect(await screen.waitForUpdate(timeout: 300))
        #expect(redraws.count == 1)
        #expect(screen.onUpdate != nil)

        // No waiter now: onUpdate alone is called.
        writer.set(2, for: Watched())
        #expect(redraws.count == 2)
    }

    @Test("An infinite timeout waits for the update; a negative or NaN one does not wait")
    func extremeTimeouts() async {
        let root = AtomRoot()
        let screen = root.context()
        _ = screen.watch(Watched())
        let writer = root.context()
        // Converted to nanoseconds unclamped, an infinite timeout would trap.
        Task { @MainActor in writer.set(1, for: Watched()) }
        #expect(await screen.waitForUpdate(timeout: .infinity))
        #expect(!(await screen.waitForUpdate(timeout: -1)))
        #expect(!(await screen.waitForUpdate(timeout: .nan)))
    }

    @Test("A scope's context waits the same way")
    func scopeContextWaits() async {
        let root = AtomRoot()
        let scope = AtomScope(in: root)
        let screen = scope.context()
        _ = screen.watch(Watched())
        let writer = root.context()
        Task { @MainActor in writer.set(3, for: Watched()) }
        #expect(await screen.waitForUpdate(timeout: 300))
        #expect(screen.read(Watched()) == 3)
    }
}
