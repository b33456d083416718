import Atoms
import Testing

private let countAtom = WritableAtom(0)
private let otherCountAtom = WritableAtom(0)
private let greetingAtom = WritableAtom { context in "hello \(context.watch(countAtom))" }
private let doubledAtom = DerivedAtom { context in context.watch(countAtom) * 2 }

private enum LookupError: Error, Equatable { case missing }

private let lookupAtom = PhaseAtom { (context) async throws(LookupError) -> Int in
    let count = context.watch(countAtom)
    guard count >= 0 else { throw .missing }
    return count * 10
}

private let labelAtom = DerivedAtomFamily { (id: Int, context) in
    "item \(id) of \(context.watch(countAtom))"
}

private let squareAtom = PhaseAtomFamily { (id: Int, context) async -> Int in
    id * id
}

@MainActor
@Suite("Closure-style atoms")
struct ClosureAtomTests {
    @Test func writableAtomsHoldStateAndAreDistinctDefinitions() {
        let context = AtomTestContext()
        #expect(context.watch(countAtom) == 0)
        context.set(3, for: countAtom)
        #expect(context.watch(countAtom) == 3)
        #expect(context.watch(otherCountAtom) == 0)
        context.reset(countAtom)
        #expect(context.watch(countAtom) == 0)
    }

    @Test func aComputedDefaultFollowsWhatItWatches() {
        let context = AtomTestContext()
        #expect(context.watch(greetingAtom) == "hello 0")
        context.set("changed", for: greetingAtom)
        #expect(context.watch(greetingAtom) == "changed")
        context.set(1, for: countAtom)
        #expect(context.watch(greetingAtom) == "hello 1")
    }

    @Test func derivedAtomsRecompute() {
        let context = AtomTestContext()
        #expect(context.watch(doubledAtom) == 0)
        context.set(4, for: countAtom)
        #expect(context.watch(doubledAtom) == 8)
    }

    @Test func phaseAtomsKeepTheClosuresFailureType() async {
        let context = AtomTestContext()
        #expect(context.watch(lookupAtom) == .success(0))
        context.set(2, for: countAtom)
        #expect(await context.wait(for: lookupAtom, timeout: 300) { $0 == .success(20) })
        context.set(-1, for: countAtom)
        #expect(await context.wait(for: lookupAtom, timeout: 300) { $0 == .failure(.missing) })
    }

    @Test func familyMembersAreOneAtomPerParameter() async {
        let context = AtomTestContext()
        #expect(context.watch(labelAtom(1)) == "item 1 of 0")
        #expect(context.watch(labelAtom(2)) == "item 2 of 0")
        context.set(5, for: countAtom)
        #expect(context.watch(labelAtom(1)) == "item 1 of 5")
        #expect(labelAtom(1).key == labelAtom(1).key)
        #expect(labelAtom(1).key != labelAtom(2).key)
        #expect(await context.wait(for: squareAtom(7), timeout: 300) { $0 == .success(49) })
    }

    @Test func idsNameTheDefinitionAndTheParameter() {
        let context = AtomTestContext()
        _ = context.watch(countAtom)
        _ = context.watch(otherCountAtom)
        _ = context.watch(labelAtom(3))
        let ids = Set(context.snapshot().atoms.map { "\($0.atom.id)" })
        #expect(ids.contains("WritableAtom(ClosureAtomTests.swift:4)"))
        #expect(ids.contains("WritableAtom(ClosureAtomTests.swift:5)"))
        #expect(ids.contains("DerivedAtom(ClosureAtomTests.swift:17, 3)"))
    }
}
