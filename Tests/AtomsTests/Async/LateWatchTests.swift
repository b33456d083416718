import Atoms
import Testing

@MainActor
@Suite("Watching after an await")
struct LateWatchTests {
    typealias Box = GateBox<Int, Int>

    struct LateQueryAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> String { "a" }
    }

    struct UsesLateAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Bool { true }
    }

    /// Waits for its attempt's gate, then watches the query, if `UsesLateAtom` says so.
    struct LateSearchAtom: AsyncPhaseAtom, Hashable {
        let box: Box
        func value(context: Context) async -> String {
            let usesQuery = context.watch(UsesLateAtom())
            let attempt = box.gate.started.count + 1
            _ = await box.gate.wait(attempt)
            defer { box.gate.noteFinished(attempt) }
            return usesQuery ? context.watch(LateQueryAtom()) : "none"
        }
    }

    @Test func aWatchAfterAnAwaitIsADependencyAndKeepsItsAtom() async {
        let context = AtomTestContext()
        let box = Box()
        var causes: [String] = []
        let observation = context.observeCommits { causes.append($0.cause.description) }
        defer { observation.cancel() }
        #expect(context.watch(LateSearchAtom(box: box)) == .suspending)
        box.gate.open(1, with: 0)
        await box.gate.finished(1)
        #expect(context.read(LateSearchAtom(box: box)) == .success("a"))
        #expect(causes.contains("watch LateQueryAtom"))
        #expect(context.snapshot().edges.contains { $0.upstream.id == "LateQueryAtom" && $0.downstream.id.rawValue.hasPrefix("LateSearchAtom") })

        // Only the late edge keeps the query alive: the write recomputes the search, which
        // keeps the edge, so the query keeps its new value for the next run to read.
        context.set("b", for: LateQueryAtom())
        #expect(context.read(LateSearchAtom(box: box)) == .suspending)
        box.gate.open(2, with: 0)
        await box.gate.finished(2)
        #expect(context.read(LateSearchAtom(box: box)) == .success("b"))
    }

    @Test func aLateDependencyIsDroppedWhenLaterWorkNoLongerWatchesIt() async {
        let context = AtomTestContext()
        let box = Box()
        _ = context.watch(LateSearchAtom(box: box))
        box.gate.open(1, with: 0)
        await box.gate.finished(1)
        #expect(context.lookup(LateQueryAtom()) == "a")

        context.set(false, for: UsesLateAtom())
        box.gate.open(2, with: 0)
        await box.gate.finished(2)
        #expect(context.read(LateSearchAtom(box: box)) == .success("none"))
        #expect(context.lookup(LateQueryAtom()) == nil)
        #expect(!context.snapshot().edges.contains { $0.upstream.id == "LateQueryAtom" })
    }

    @Test func releasingTheAtomReleasesWhatItWatchedLate() async {
        let context = AtomTestContext()
        let box = Box()
        _ = context.watch(LateSearchAtom(box: box))
        box.gate.open(1, with: 0)
        await box.gate.finished(1)
        context.unwatch(LateSearchAtom(box: box))
        #expect(context.lookup(LateSearchAtom(box: box)) == nil)
        #expect(context.lookup(LateQueryAtom()) == nil)
    }
}
