#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Atoms
import Synchronization
import Testing

/// A test context, the store it owns and every value in that store go away when the test
/// lets go of the context, whatever the test did with it: a suite makes thousands of them.
///
/// The values are the telling part: nodes and subscribers refer to each other, so a store
/// that went away without breaking those cycles left its nodes, and their values, behind
/// (about 1.2 KB per context that watched two atoms).
@MainActor
@Suite("AtomTestContext: release")
struct AtomTestContextReleaseTests {
    /// A value whose lifetime a test can see.
    final class Payload: Sendable {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    struct CounterAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct PayloadAtom: ValueAtom, Hashable {
        func value(context: Context) -> Payload { Payload(context.watch(CounterAtom())) }
    }

    struct DoubledAtom: ValueAtom, Hashable {
        func value(context: Context) -> Int { context.watch(PayloadAtom()).number * 2 }
    }

    struct LoadAtom: TaskAtom, Hashable {
        func value(context: Context) async -> Int { context.watch(CounterAtom()) + 1 }
    }

    /// Work that never ends by itself: only the context going away stops it.
    struct EndlessTaskAtom: TaskAtom, Hashable {
        func value(context: Context) async -> Int {
            _ = context.watch(PayloadAtom())
            try? await Task.sleep(for: .seconds(86_400))
            return 0
        }
    }

    /// A stream that never finishes, so its iteration runs until it is cancelled.
    final class Stream: Hashable, Sendable {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        static func == (lhs: Stream, rhs: Stream) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    struct StreamAtom: AsyncSequenceAtom, Hashable {
        let source: Stream
        func sequence(context: Context) -> AsyncStream<Int> { source.stream }
    }

    final class Profile: ObservableObject {
        @Published var name = ""
    }

    struct ProfileAtom: ObservableObjectAtom, Hashable {
        func object(context: Context) -> Profile { Profile() }
    }

    final class Log {
        var commits = 0
        var updates = 0
    }

    /// Set from the stream's termination handler, which may run on any thread.
    final class Flag: Sendable {
        let isSet = Mutex(false)
    }

    /// Weak references to what a use of a context left behind.
    final class Leftovers {
        weak var context: AtomTestContext?
        weak var store: AtomStore?
        weak var payload: Payload?
    }

    /// Creates a context, hands it to `use` (which watches ``PayloadAtom`` or something that
    /// does), lets go of the context and reports what is still alive.
    private func leftovers(
        watchingPayload: Bool = true,
        after use: (AtomTestContext) async -> Void
    ) async -> Leftovers {
        let leftovers = Leftovers()
        do {
            let context = AtomTestContext()
            leftovers.context = context
            leftovers.store = context._store
            await use(context)
            leftovers.payload = context.lookup(PayloadAtom())
            #expect((leftovers.payload != nil) == watchingPayload, "the use watched PayloadAtom")
        }
        return leftovers
    }

    private func expectReleased(_ leftovers: Leftovers, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(leftovers.context == nil, "the context is still alive", sourceLocation: sourceLocation)
        #expect(leftovers.store == nil, "the context's store is still alive", sourceLocation: sourceLocation)
        #expect(leftovers.payload == nil, "a value of the context's store is still alive", sourceLocation: sourceLocation)
    }

    @Test func anUnusedContextIsReleased() async {
        let leftovers = await leftovers(watchingPayload: false) { _ in }
        #expect(leftovers.context == nil)
        #expect(leftovers.store == nil)
    }

    @Test func aContextThatWatchedAndWroteIsReleased() async {
        let leftovers = await leftovers { context in
            #expect(context.watch(DoubledAtom()) == 0)
            context.set(2, for: CounterAtom())
            #expect(context.watch(DoubledAtom()) == 4)
            context.reset(CounterAtom())
        }
        expectReleased(leftovers)
    }

    @Test func aContextWithOverridesIsReleased() async {
        expectReleased(await leftovers { context in
            context.override(CounterAtom()) { _ in 5 }
            context.override(DoubledAtom.self) { _ in 100 }
            #expect(context.watch(DoubledAtom()) == 100)
            #expect(context.watch(PayloadAtom()).number == 5)
        })
    }

    @Test func aContextObservingCommitsAndUpdatesIsReleased() async {
        let log = Log()
        expectReleased(await leftovers { context in
            let observation = context.observeCommits { _ in log.commits += 1 }
            context.onUpdate = { log.updates += 1 }
            _ = context.watch(DoubledAtom())
            context.set(1, for: CounterAtom())
            #expect(log.commits == 2)
            #expect(log.updates == 1)
            _ = observation
        })
        // An observation kept after the context is gone holds nothing alive either.
        var kept: AtomObservation?
        expectReleased(await leftovers { context in
            kept = context.observeCommits { _ in log.commits += 1 }
            _ = context.watch(DoubledAtom())
        })
        kept?.cancel()
    }

    @Test func aContextThatWaitedForAnUpdateIsReleased() async {
        expectReleased(await leftovers { context in
            _ = context.watch(DoubledAtom())
            let writer = Task { @MainActor [weak context] in context?.set(3, for: CounterAtom()) }
            #expect(await context.waitForUpdate(timeout: 300))
            await writer.value
            // A wait that runs out, and a wait for a value.
            #expect(await context.waitForUpdate(timeout: 0.01) == false)
            let other = Task { @MainActor [weak context] in context?.set(4, for: CounterAtom()) }
            #expect(await context.wait(for: DoubledAtom(), timeout: 300) { $0 == 8 })
            await other.value
        })
    }

    @Test func aContextWithFinishedAsyncWorkIsReleased() async {
        expectReleased(await leftovers { context in
            _ = context.watch(PayloadAtom())
            #expect(await context.watch(LoadAtom()).value == 1)
            context.set(1, for: CounterAtom())
            #expect(await context.refresh(LoadAtom()).value == 2)
            let profile = context.watch(ProfileAtom())
            profile.name = "changed"
            #expect(await context.waitForUpdate(timeout: 300))
        })
    }

    /// Work still running when the context goes is cancelled: a stream's iteration ends at
    /// once, and a task as soon as it sees the cancellation, after which nothing holds the
    /// store.
    @Test func aContextWithWorkInFlightCancelsItAndIsReleased() async {
        let source = Stream()
        let streamEnded = Flag()
        source.continuation.onTermination = { @Sendable _ in
            streamEnded.isSet.withLock { $0 = true }
        }
        var endless: Task<Int, Never>?
        let leftovers = await leftovers { context in
            endless = context.watch(EndlessTaskAtom())
            _ = context.watch(StreamAtom(source: source))
            source.continuation.yield(1)
            #expect(await context.wait(for: StreamAtom(source: source), timeout: 300) { $0.value == 1 })
        }
        #expect(leftovers.context == nil)
        // Cancelling an iteration calls the stream's termination handler at once.
        #expect(streamEnded.isSet.withLock { $0 }, "the stream of a context that is gone is still iterated")
        #expect(endless?.isCancelled == true, "the task of a context that is gone still runs")
        guard let endless, endless.isCancelled else { return }
        _ = await endless.value
        expectReleased(leftovers)
    }
}
