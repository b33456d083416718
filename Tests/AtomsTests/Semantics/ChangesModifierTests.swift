import Atoms
import Testing

@MainActor
@Suite("changes and changes(of:)")
struct ChangesModifierTests {
    @Test func changesStopsPropagationWhenTheValueIsEqual() {
        let probe = Probe()
        let source = Source(name: "source", probe: probe)
        let parity = Derived(name: "parity", probe: probe) { $0.watch(source) % 2 }
        let after = Derived(name: "after", probe: probe) { $0.watch(parity.changes) * 10 }
        let context = AtomTestContext()
        var notifications = 0
        context.watch(after)
        context.onUpdate = { notifications += 1 }
        probe.events.removeAll()

        context.set(2, for: source)  // parity stays 0
        #expect(probe.count("parity") == 1)
        #expect(probe.count("after") == 0)
        #expect(notifications == 0)

        context.set(3, for: source)  // parity becomes 1
        #expect(probe.count("after") == 1)
        #expect(context.read(after) == 10)
        #expect(notifications == 1)
    }

    @Test func changesOfStopsPropagationWhenThePropertyIsEqual() {
        struct Person: Equatable { var name: String; var age: Int }
        struct PersonAtom: StateAtom, Hashable {
            func defaultValue(context: Context) -> Person { Person(name: "Ann", age: 30) }
        }
        let context = AtomTestContext()
        var notifications = 0
        #expect(context.watch(PersonAtom().changes(of: \.name)) == "Ann")
        context.onUpdate = { notifications += 1 }

        context[PersonAtom()].age += 1
        #expect(notifications == 0)

        context[PersonAtom()].name = "Bea"
        #expect(notifications == 1)
        #expect(context.read(PersonAtom().changes(of: \.name)) == "Bea")
    }

    @Test func modifiedAtomIdNamesTheModifierStably() {
        let context = AtomTestContext()
        let probe = Probe()
        context.watch(Source(name: "s", probe: probe).changes)
        let ids = context.snapshot().atoms.map(\.atom.id.rawValue)
        #expect(ids.contains("Source(s).changes"))
        #expect(!ids.contains { $0.contains("0x") })
    }
}
