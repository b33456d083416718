import Atoms
import Testing

@MainActor
@Suite("Task atoms")
struct TaskAtomTests {
    struct QueryAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 1 }
    }

    typealias Box = GateBox<Int, String>

    struct SearchAtom: TaskAtom, Hashable {
        let box: Box
        func value(context: Context) async -> String {
            let query = context.watch(QueryAtom())
            return await box.gate.waitNotingCancellation(query)
        }
    }

    struct FailingAtom: ThrowingTaskAtom, Hashable {
        struct Failure: Error, CustomStringConvertible { var description: String { "no network" } }
        func value(context: Context) async throws -> Int {
            await Task.yield()
            throw Failure()
        }
    }

    @Test func theTaskDeliversItsValueAndThePhaseFollowsInOneCommit() async {
        let context = AtomTestContext()
        let box = Box()
        let log = CommitLog(context)
        let task = context.watch(SearchAtom(box: box))
        #expect(context.watch(SearchAtom(box: box).phase).isSuspending)
        #expect(box.gate.started == [1])

        box.gate.open(1, with: "one")
        #expect(await task.value == "one")
        let finished = await context.wait(for: SearchAtom(box: box).phase, timeout: 300) { $0.value == "one" }
        #expect(finished)
        let last = log.causes.last ?? ""
        #expect(last.hasPrefix("task finished SearchAtom"))
        let updated = log.updated.last ?? []
        #expect(updated.count == 2)
        #expect(updated.contains { $0.hasPrefix("SearchAtom(") && $0.contains("success(\"one\")") })
        #expect(updated.contains { $0.hasPrefix("SearchAtom(") && $0.contains(".phase=") })
    }

    @Test func aSupersededTaskNeverOverwritesANewerResult() async {
        let context = AtomTestContext()
        let box = Box()
        let first = context.watch(SearchAtom(box: box))
        #expect(context.watch(SearchAtom(box: box).phase).isSuspending)
        context.set(2, for: QueryAtom())
        let second = context.watch(SearchAtom(box: box))
        #expect(box.gate.started == [1, 2])

        // The newer query finishes first, the older one after it.
        box.gate.open(2, with: "two")
        #expect(await second.value == "two")
        #expect(await context.wait(for: SearchAtom(box: box).phase, timeout: 300) { $0.value == "two" })
        box.gate.open(1, with: "one")
        #expect(await first.value == "one")

        #expect(box.gate.cancelled == [1])
        #expect(context.read(SearchAtom(box: box).phase).value == "two")
    }

    @Test func releasingTheAtomCancelsItsTask() async {
        let context = AtomTestContext()
        let box = Box()
        let task = context.watch(SearchAtom(box: box))
        context.unwatch(SearchAtom(box: box))
        #expect(context.lookup(SearchAtom(box: box)) == nil)
        box.gate.open(1, with: "late")
        _ = await task.value
        #expect(box.gate.cancelled == [1])
        #expect(context.lookup(SearchAtom(box: box)) == nil)
    }

    @Test func aThrowingTaskFailsIntoThePhase() async {
        let context = AtomTestContext()
        let log = CommitLog(context)
        let task = context.watch(FailingAtom())
        #expect(context.watch(FailingAtom().phase).isSuspending)
        await #expect(throws: FailingAtom.Failure.self) { try await task.value }
        #expect(await context.wait(for: FailingAtom().phase, timeout: 300) { $0.isFailure })
        #expect(log.causes.last?.hasPrefix("task failed FailingAtom") == true)
        #expect(context.read(FailingAtom().phase).error is FailingAtom.Failure)
    }

    @Test func anOverridingTaskIsFollowedToo() async {
        let context = AtomTestContext()
        let box = Box()
        context.override(SearchAtom(box: box)) { _ in Task { "stub" } }
        let task = context.watch(SearchAtom(box: box))
        #expect(await task.value == "stub")
        #expect(await context.wait(for: SearchAtom(box: box).phase, timeout: 300) { $0.value == "stub" })
        #expect(box.gate.started.isEmpty)
    }
}
