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

    /// Where an atom keeps the context of its computation, to use it after the computation.
    @MainActor
    final class KeptContext {
        var context: AtomTransactionContext?
        var computations = 0
    }

    struct Other: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 7 }
    }

    /// The bottom of a cold chain, computed `depth` evaluations deep, which keeps its context.
    struct Keeper: ValueAtom, Hashable {
        let kept: KeptContextBox
        func value(context: Context) -> Int {
            kept.box.computations += 1
            kept.box.context = context
            return context.watch(Source())
        }
    }

    struct KeptContextBox: Hashable {
        let box: KeptContext
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.box === rhs.box }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(box)) }
    }

    struct KeeperLink: ValueAtom, Hashable {
        let index: Int
        let kept: KeptContextBox
        func value(context: Context) -> Int {
            index == 0 ? context.watch(Keeper(kept: kept)) : context.watch(KeeperLink(index: index - 1, kept: kept))
        }
    }

    /// Frames beyond the first few are freed once every evaluation has returned; a context
    /// kept from that deep must then only read, as any context kept past its computation.
    @Test(arguments: [0, 200])
    func aContextKeptFromADeepComputationOnlyReadsAfterwards(depth: Int) throws {
        let context = AtomTestContext()
        let kept = KeptContextBox(box: KeptContext())
        #expect(context.watch(KeeperLink(index: depth, kept: kept)) == 1)
        #expect(kept.box.computations == 1)
        // Another shallow evaluation, so that the frames the keeper used are reused or gone.
        #expect(context.watch(Link(index: 3)) == 3)
        #expect(context.watch(Other()) == 7)
        let keptContext = try #require(kept.box.context)
        #expect(keptContext.watch(Other()) == 7)
        context.set(8, for: Other())
        #expect(keptContext.watch(Other()) == 8)
        // The read made no dependency: changing `Other` does not compute the keeper again.
        #expect(kept.box.computations == 1)
        context.set(2, for: Source())
        #expect(context.read(KeeperLink(index: depth, kept: kept)) == 2)
        #expect(kept.box.computations == 2)
    }
}
