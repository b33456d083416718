import Atoms
import Testing

@MainActor
@Suite("Overrides")
struct OverrideTests {
    struct Numbered: ValueAtom, Hashable {
        let number: Int
        func value(context: Context) -> Int {
            OverrideRuns.count += 1
            return number
        }
    }

    @Test func instanceOverrideBeatsTypeOverride() {
        let context = AtomTestContext()
        context.override(Numbered(number: 1)) { _ in 100 }
        context.override(Numbered.self) { atom in atom.number * -1 }
        #expect(context.watch(Numbered(number: 1)) == 100)
        #expect(context.watch(Numbered(number: 2)) == -2)
    }

    @Test func overriddenAtomNeverRunsItsOwnFunction() {
        OverrideRuns.count = 0
        let root = AtomRoot().override(Numbered.self) { _ in 0 }
        let context = root.context()
        context.watch(Numbered(number: 5))
        context.reset(Numbered(number: 5))
        #expect(context.read(Numbered(number: 5)) == 0)
        #expect(OverrideRuns.count == 0)
    }

    @Test func rootInstanceOverrideAppliesOnlyToThatInstance() {
        let root = AtomRoot().override(Numbered(number: 3)) { _ in 33 }
        let context = root.context()
        #expect(context.watch(Numbered(number: 3)) == 33)
        #expect(context.watch(Numbered(number: 4)) == 4)
    }
}

@MainActor
enum OverrideRuns {
    static var count = 0
}
