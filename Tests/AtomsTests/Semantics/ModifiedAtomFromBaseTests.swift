@testable import Atoms
import Testing

/// A modified atom (`.changes`, any `AtomModifier`) is recomputed from its base's value where
/// the base's node keeps it, without an evaluation (`Atom._produce(fromBase:)`), once a first
/// evaluation made the base its dependency; the values and the cut-off are the evaluation's.
@MainActor
@Suite("Modified atoms recomputed from their base")
struct ModifiedAtomFromBaseTests {
    struct Source: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 1 }
    }

    /// Recomputed at every write of the source; its value changes only with the source's tens.
    struct Tens: ValueAtom, Hashable {
        func value(context: Context) -> Int { context.watch(Source()) / 10 }
    }

    /// A modifier that changes the value's type, and propagates every recomputation.
    struct Described: AtomModifier {
        typealias Base = Int
        var key: Int { 0 }
        var idSuffix: String { "described" }
        func modify(value: Int) -> String { "tens: \(value)" }
    }

    /// Counts its recomputations, so that the cut-off above it shows.
    final class Runs: @unchecked Sendable {
        // Only touched on the main actor, by the tests and the atoms they watch.
        var count = 0
    }

    struct AfterChanges: ValueAtom, Hashable {
        let runs: Runs
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.runs === rhs.runs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(runs)) }
        func value(context: Context) -> Int {
            runs.count += 1
            return context.watch(Tens().changes) + 1
        }
    }

    @Test func aModifierThatMapsTheValueFollowsEachChangeOfTheBase() {
        let root = AtomRoot()
        let view = root.context()
        #expect(view.watch(Tens().modifier(Described())) == "tens: 0")
        for value in [10, 25, 7, 130] {
            view.set(value, for: Source())
            #expect(view.watch(Tens().modifier(Described())) == "tens: \(value / 10)")
        }
    }

    @Test func changesStopsAtAnEqualValueAndPassesADifferentOne() {
        let root = AtomRoot()
        let view = root.context()
        let runs = Runs()
        #expect(view.watch(AfterChanges(runs: runs)) == 1)
        #expect(runs.count == 1)
        // 1 → 5: `Tens` recomputes to the same 0, and `.changes` stops it.
        view.set(5, for: Source())
        #expect(view.watch(AfterChanges(runs: runs)) == 1)
        #expect(runs.count == 1)
        view.set(42, for: Source())
        #expect(view.watch(AfterChanges(runs: runs)) == 5)
        #expect(runs.count == 2)
        view.set(47, for: Source())
        #expect(view.watch(AfterChanges(runs: runs)) == 5)
        #expect(runs.count == 2)
    }

    @Test func aRecomputationFromTheBaseRunsNoEvaluation() {
        let root = AtomRoot()
        let view = root.context()
        _ = view.watch(Tens().changes)
        let before = root.store.nextToken
        view.set(20, for: Source())
        #expect(view.watch(Tens().changes) == 2)
        // One evaluation, `Tens`'s: the modified atom took its base's value in place.
        #expect(root.store.nextToken == before + 1)
    }

    @Test func withOverridesTheModifiedAtomIsEvaluatedAndStillFollows() {
        let root = AtomRoot().override(Tens()) { _ in 9 }
        let view = root.context()
        #expect(view.watch(Tens().changes) == 9)
        #expect(view.watch(Tens().modifier(Described())) == "tens: 9")
        view.set(20, for: Source())
        #expect(view.watch(Tens().changes) == 9)
        #expect(view.watch(Tens().modifier(Described())) == "tens: 9")
    }
}
