import Atoms
import Testing

@MainActor
@Suite("Async phase and sequence atoms")
struct AsyncPhaseAtomTests {
    enum LookupError: Error, Equatable { case notFound }

    struct IDAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 1 }
    }

    typealias Box = GateBox<Int, Int>

    struct LookupAtom: AsyncPhaseAtom, Hashable {
        let box: Box
        func value(context: Context) async throws(LookupError) -> Int {
            let id = context.watch(IDAtom())
            let found = await box.gate.wait(id)
            defer { box.gate.noteFinished(id) }
            guard found >= 0 else { throw .notFound }
            return found
        }
    }

    struct ImmediateAtom: AsyncPhaseAtom, Hashable {
        func value(context: Context) async -> String { "ready" }
    }

    final class StreamBox: Hashable, Sendable {
        let stream: AsyncThrowingStream<Int, any Error>
        let continuation: AsyncThrowingStream<Int, any Error>.Continuation
        init() { (stream, continuation) = AsyncThrowingStream.makeStream() }
        static func == (lhs: StreamBox, rhs: StreamBox) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    struct TicksAtom: AsyncSequenceAtom, Hashable {
        let box: StreamBox
        func sequence(context: Context) -> AsyncThrowingStream<Int, any Error> { box.stream }
    }

    struct Stopped: Error {}

    @Test func typedThrowsGiveTheFailureType() async {
        let context = AtomTestContext()
        let box = Box()
        let phase: AsyncPhase<Int, LookupError> = context.watch(LookupAtom(box: box))
        #expect(phase == .suspending)
        box.gate.open(1, with: -1)
        #expect(await context.wait(for: LookupAtom(box: box), timeout: 300) { $0 == .failure(.notFound) })
    }

    @Test func aFunctionThatNeverSuspendsIsASuccessAtOnce() {
        let context = AtomTestContext()
        let log = CommitLog(context)
        let phase: AsyncPhase<String, Never> = context.watch(ImmediateAtom())
        #expect(phase == .success("ready"))
        #expect(log.causes.count == 1)
    }

    @Test func supersededPhasesNeverLandOutOfOrder() async {
        let context = AtomTestContext()
        let box = Box()
        #expect(context.watch(LookupAtom(box: box)) == .suspending)
        context.set(2, for: IDAtom())
        #expect(context.watch(LookupAtom(box: box)) == .suspending)
        box.gate.open(2, with: 20)
        #expect(await context.wait(for: LookupAtom(box: box), timeout: 300) { $0 == .success(20) })
        box.gate.open(1, with: 10)
        await box.gate.finished(1)
        #expect(context.read(LookupAtom(box: box)) == .success(20))
    }

    @Test func eachElementIsOneCommit() async {
        let context = AtomTestContext()
        let box = StreamBox()
        let log = CommitLog(context)
        #expect(context.watch(TicksAtom(box: box)).isSuspending)
        box.continuation.yield(1)
        #expect(await context.wait(for: TicksAtom(box: box), timeout: 300) { $0.value == 1 })
        box.continuation.yield(2)
        #expect(await context.wait(for: TicksAtom(box: box), timeout: 300) { $0.value == 2 })
        box.continuation.finish(throwing: Stopped())
        #expect(await context.wait(for: TicksAtom(box: box), timeout: 300) { $0.error is Stopped })
        let causes = log.causes.filter { $0.contains("TicksAtom") && !$0.hasPrefix("watch") }
        #expect(causes.count == 3)
        #expect(causes.prefix(2).allSatisfy { $0.hasPrefix("sequence element TicksAtom") })
        #expect(causes.last?.hasPrefix("sequence failed TicksAtom") == true)
    }

    /// Each call waits for its own gate, so a refresh can be held open.
    struct AttemptAtom: AsyncPhaseAtom, Hashable {
        let box: Box
        func value(context: Context) async -> Int {
            let attempt = box.gate.started.count + 1
            let value = await box.gate.wait(attempt)
            defer { box.gate.noteFinished(attempt) }
            return value
        }
    }

    @Test func refreshKeepsTheOldValueUntilTheNewOneArrives() async {
        let context = AtomTestContext()
        let box = Box()
        let log = CommitLog(context)
        #expect(context.watch(AttemptAtom(box: box)) == .suspending)
        box.gate.open(1, with: 10)
        #expect(await context.wait(for: AttemptAtom(box: box), timeout: 300) { $0 == .success(10) })

        var seen: [AsyncPhase<Int, Never>] = []
        context.onUpdate = { seen.append(context.read(AttemptAtom(box: box))) }
        let refreshed = Task { await context.refresh(AttemptAtom(box: box)) }
        await box.gate.started(2)
        #expect(context.read(AttemptAtom(box: box)) == .success(10))
        box.gate.open(2, with: 20)
        #expect(await refreshed.value == .success(20))
        #expect(seen == [.success(20)])
        #expect(log.causes.suffix(2).map { $0.components(separatedBy: " ").prefix(2).joined(separator: " ") } == ["refresh AttemptAtom(box:", "task finished"])
    }

    struct CountAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct LabelAtom: ValueAtom, Refreshable, Hashable {
        func value(context: Context) -> String { "count \(context.watch(CountAtom()))" }
        func refresh(context: CurrentContext) async -> String {
            context[CountAtom()] += 1
            return "refreshed"
        }
    }

    @Test func aCustomRefreshStoresWhatItReturns() async {
        let context = AtomTestContext()
        #expect(context.watch(LabelAtom()) == "count 0")
        #expect(await context.refresh(LabelAtom()) == "refreshed")
        #expect(context.read(LabelAtom()) == "refreshed")
        #expect(context.read(CountAtom()) == 1)
    }

    @Test func waitTimesOutWhenThePredicateNeverHolds() async {
        let context = AtomTestContext()
        let box = Box()
        #expect(await context.wait(for: LookupAtom(box: box), timeout: 0.01) { $0.isSuccess } == false)
    }
}
