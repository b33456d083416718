import Atoms
import Testing

@MainActor
@Suite("Deep graphs")
struct DeepGraphTests {
    struct Root: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct Link: ValueAtom, Hashable {
        let index: Int
        func value(context: Context) -> Int {
            index == 0 ? context.watch(Root()) : context.watch(Link(index: index - 1)) + 1
        }
    }

    @Test func chainOf100000BuiltFromTheSourceOutwardUpdatesWithoutOverflow() {
        let context = AtomTestContext()
        let length = 100_000
        for index in 0..<length {
            context.watch(Link(index: index))
        }
        context.set(1, for: Root())
        #expect(context.read(Link(index: length - 1)) == length)
        context.set(2, for: Root())
        #expect(context.read(Link(index: length - 1)) == length + 1)
    }

    @Test func coldChainOf5000ComputesWhenCalledFromTheMainActor() {
        let context = AtomTestContext()
        #expect(context.watch(Link(index: 4_999)) == 4_999)
        context.set(10, for: Root())
        #expect(context.read(Link(index: 4_999)) == 5_009)
    }

    struct Source: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 1 }
    }

    /// A task at the bottom of a cold chain: deep enough that its first computation runs on
    /// the helper stack, where the task cannot start inside the evaluation.
    struct DeepTask: TaskAtom, Hashable {
        func value(context: Context) async -> Int {
            context.watch(Source()) * 100
        }
    }

    struct TaskLink: ValueAtom, Hashable {
        let index: Int
        func value(context: Context) -> AsyncPhase<Int, Never> {
            index == 0 ? context.watch(DeepTask().phase) : context.watch(TaskLink(index: index - 1))
        }
    }

    @Test func aTaskFirstComputedDeepInAColdChainStillDelivers() async {
        let context = AtomTestContext()
        let top = TaskLink(index: 400)
        _ = context.watch(top)
        #expect(await context.wait(for: top, timeout: 300) { $0.value == 100 })
    }
}
