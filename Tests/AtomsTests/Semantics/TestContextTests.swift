import Atoms
import Testing

@MainActor
@Suite("AtomTestContext")
struct TestContextTests {
    struct Count: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    @Test func lookupCreatesNothing() {
        let context = AtomTestContext()
        #expect(context.lookup(Count()) == nil)
        #expect(context.snapshot().atoms.isEmpty)
        context.watch(Count())
        #expect(context.lookup(Count()) == 0)
    }

    @Test func waitForUpdateResumesOnTheNextUpdate() async {
        let context = AtomTestContext()
        context.watch(Count())
        Task { @MainActor in context.set(1, for: Count()) }
        let updated = await context.waitForUpdate(timeout: 60)
        #expect(updated)
        #expect(context.read(Count()) == 1)
    }

    @Test func waitForUpdateTimesOutWithoutAnUpdate() async {
        let context = AtomTestContext()
        context.watch(Count())
        let updated = await context.waitForUpdate(timeout: 0.01)
        #expect(!updated)
    }

    @Test func subscriptAndModifyWriteThroughTheContext() {
        let context = AtomTestContext()
        context.watch(Count())
        context[Count()] += 2
        context.modify(Count()) { $0 *= 10 }
        #expect(context.read(Count()) == 20)
        context.reset(Count())
        #expect(context.read(Count()) == 0)
    }
}
