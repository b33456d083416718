// Seed conformance: the "Modifier" guide — `changes` and `changes(of:)` on CountAtom.
//
// Each `CountDisplayView` of the seed is a view context of one AtomRoot; a `writer`
// context plays whoever sets the count.

import Atoms
import Testing

@Suite("Seed conformance: changes / changes(of:)")
@MainActor
struct ModifierConformanceTests {
    // MARK: Seed declaration

    struct CountAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int {
            12345
        }
    }

    // MARK: Harness

    /// A derived atom downstream of `CountAtom().changes`, counting its evaluations.
    struct DisplayedCountAtom: ValueAtom, Hashable {
        let probe: ProbeKey

        func value(context: Context) -> String {
            probe.hit()
            return "Count: \(context.watch(CountAtom().changes))"
        }
    }

    struct ProbeKey: Hashable, Sendable {
        let probe: ConformanceProbe

        @MainActor
        func hit() {
            probe.hit()
        }

        static func == (lhs: ProbeKey, rhs: ProbeKey) -> Bool {
            lhs.probe === rhs.probe
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(probe))
        }
    }

    // MARK: Tests

    @Test("changes(of: \\.description) derives a String from the Int state")
    func changesOfDescriptionValue() {
        let context = AtomTestContext()

        let description = context.watch(CountAtom().changes(of: \.description))
        let typed: String = description
        #expect(typed == "12345")

        context.set(54321, for: CountAtom())
        #expect(context.read(CountAtom().changes(of: \.description)) == "54321")
    }

    @Test("changes passes the Int through unchanged")
    func changesValue() {
        let context = AtomTestContext()

        let count = context.watch(CountAtom().changes)
        let typed: Int = count
        #expect(typed == 12345)
        #expect(count.description == "12345")
    }

    @Test("A view watching CountAtom().changes is not notified when the count is set to an equal value")
    func changesStopsEqualUpdates() {
        let root = AtomRoot()
        defer { withExtendedLifetime(root) {} }
        let display = root.context()
        let writer = root.context()
        let updates = ConformanceProbe()
        display.onUpdate = { updates.hit() }

        #expect(display.watch(CountAtom().changes) == 12345)

        writer.set(12345, for: CountAtom())
        #expect(updates.count == 0)

        writer.set(1, for: CountAtom())
        #expect(updates.count == 1)
        #expect(display.read(CountAtom().changes) == 1)

        writer[CountAtom()] += 0
        #expect(updates.count == 1)

        writer[CountAtom()] += 1
        #expect(updates.count == 2)
        #expect(display.read(CountAtom().changes) == 2)
    }

    @Test("A view watching CountAtom().changes(of: \\.description) is notified only when the description differs")
    func changesOfStopsEqualUpdates() {
        let root = AtomRoot()
        defer { withExtendedLifetime(root) {} }
        let display = root.context()
        let writer = root.context()
        let updates = ConformanceProbe()
        display.onUpdate = { updates.hit() }

        #expect(display.watch(CountAtom().changes(of: \.description)) == "12345")

        writer.set(12345, for: CountAtom())
        #expect(updates.count == 0)

        writer.set(7, for: CountAtom())
        #expect(updates.count == 1)
        #expect(display.read(CountAtom().changes(of: \.description)) == "7")
    }

    @Test("Without the modifier, setting an equal value still updates the watcher")
    func withoutModifierEqualValueUpdates() {
        let root = AtomRoot()
        defer { withExtendedLifetime(root) {} }
        let plain = root.context()
        let filtered = root.context()
        let writer = root.context()
        let plainUpdates = ConformanceProbe()
        let filteredUpdates = ConformanceProbe()
        plain.onUpdate = { plainUpdates.hit() }
        filtered.onUpdate = { filteredUpdates.hit() }

        plain.watch(CountAtom())
        filtered.watch(CountAtom().changes)

        writer.set(12345, for: CountAtom())
        #expect(plainUpdates.count == 1)
        #expect(filteredUpdates.count == 0)
    }

    @Test("changes also stops propagation to downstream atoms, not only to views")
    func changesStopsDownstreamAtoms() {
        let probe = ConformanceProbe()
        let atom = DisplayedCountAtom(probe: ProbeKey(probe: probe))
        let context = AtomTestContext()
        let updates = ConformanceProbe()
        context.onUpdate = { updates.hit() }

        #expect(context.watch(atom) == "Count: 12345")
        #expect(probe.count == 1)

        context.set(12345, for: CountAtom())
        #expect(probe.count == 1)
        #expect(updates.count == 0)

        context.set(12, for: CountAtom())
        #expect(probe.count == 2)
        #expect(updates.count == 1)
        #expect(context.read(atom) == "Count: 12")
    }
}
