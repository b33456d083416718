// Seed conformance: "Atom Override" and the Preview example — overriding in AtomRoot by
// instance and by type, with the instance override winning.

import Atoms
import Testing

@Suite("Seed conformance: overrides")
@MainActor
struct OverrideConformanceTests {
    // MARK: Seed declarations

    struct CounterAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int {
            0
        }
    }

    struct UserNameAtom: StateAtom {
        let userID: Int

        var key: Int {
            userID
        }

        func defaultValue(context: Context) -> String {
            "Robert"
        }
    }

    protocol APIClientProtocol {
        func fetchHeadline() -> String
    }

    struct APIClient: APIClientProtocol {
        func fetchHeadline() -> String {
            "live headline"
        }
    }

    struct StubAPIClient: APIClientProtocol {
        func fetchHeadline() -> String {
            "stub headline"
        }
    }

    struct APIClientAtom: ValueAtom, Hashable {
        func value(context: Context) -> any APIClientProtocol {
            APIClient()
        }
    }

    // MARK: Harness

    /// A derived atom, to show an override applies wherever the overridden atom is used.
    struct DoubledCounterAtom: ValueAtom, Hashable {
        func value(context: Context) -> Int {
            context.watch(CounterAtom()) * 2
        }
    }

    /// An atom that counts its own evaluations.
    struct CountingAtom: ValueAtom, Hashable {
        let probe: ProbeKey

        func value(context: Context) -> Int {
            probe.hit()
            return -1
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

    @Test("AtomRoot override: CounterAtom is 456 anywhere, also inside atoms that watch it")
    func rootInstanceOverride() {
        let root = AtomRoot()
            .override(CounterAtom()) { _ in
                456
            }
        defer { withExtendedLifetime(root) {} }

        let view = root.context()
        #expect(view.watch(CounterAtom()) == 456)
        #expect(view.watch(DoubledCounterAtom()) == 912)
        #expect(root.context().read(CounterAtom()) == 456)
    }

    @Test("Without the override the real default is used (roots are hermetic)")
    func noOverrideInAnotherRoot() {
        let overridden = AtomRoot().override(CounterAtom()) { _ in 456 }
        let plain = AtomRoot()
        defer { withExtendedLifetime((overridden, plain)) {} }

        #expect(overridden.context().read(CounterAtom()) == 456)
        #expect(plain.context().read(CounterAtom()) == 0)
    }

    @Test("Preview example: APIClientAtom overridden with StubAPIClient")
    func previewStubOverride() {
        let root = AtomRoot()
            .override(APIClientAtom()) { _ in
                StubAPIClient()
            }
        defer { withExtendedLifetime(root) {} }

        let api = root.context().watch(APIClientAtom())
        #expect(api is StubAPIClient)
        #expect(api.fetchHeadline() == "stub headline")

        let plainRoot = AtomRoot()
        defer { withExtendedLifetime(plainRoot) {} }
        let live = plainRoot.context().read(APIClientAtom())
        #expect(live is APIClient)
    }

    @Test("Type override: every UserNameAtom gets a value computed from the atom instance")
    func rootTypeOverride() {
        let root = AtomRoot()
            .override(UserNameAtom.self) { atom in
                "User #\(atom.userID)"
            }
        defer { withExtendedLifetime(root) {} }

        let view = root.context()
        #expect(view.watch(UserNameAtom(userID: 1)) == "User #1")
        #expect(view.watch(UserNameAtom(userID: 2)) == "User #2")
    }

    @Test("An instance override beats a type override, in either registration order")
    func instanceBeatsType() {
        let typeFirst = AtomRoot()
            .override(UserNameAtom.self) { atom in "type \(atom.userID)" }
            .override(UserNameAtom(userID: 7)) { _ in "instance" }
        let instanceFirst = AtomRoot()
            .override(UserNameAtom(userID: 7)) { _ in "instance" }
            .override(UserNameAtom.self) { atom in "type \(atom.userID)" }
        defer { withExtendedLifetime((typeFirst, instanceFirst)) {} }

        for root in [typeFirst, instanceFirst] {
            let view = root.context()
            #expect(view.watch(UserNameAtom(userID: 7)) == "instance")
            #expect(view.watch(UserNameAtom(userID: 8)) == "type 8")
        }
    }

    @Test("An overridden atom never runs its own function")
    func overriddenAtomDoesNotRun() {
        let probe = ConformanceProbe()
        let atom = CountingAtom(probe: ProbeKey(probe: probe))

        let root = AtomRoot().override(atom) { _ in 100 }
        let byType = AtomRoot().override(CountingAtom.self) { _ in 200 }
        defer { withExtendedLifetime((root, byType)) {} }

        #expect(root.context().watch(atom) == 100)
        #expect(byType.context().watch(atom) == 200)
        #expect(probe.count == 0)

        let test = AtomTestContext()
        test.override(atom) { _ in 300 }
        #expect(test.watch(atom) == 300)
        #expect(probe.count == 0)

        // Sanity: without an override it does run.
        #expect(AtomTestContext().read(atom) == -1)
        #expect(probe.count == 1)
    }

    @Test("An overridden StateAtom is still writable; reset returns to the overridden value")
    func overriddenStateIsWritable() {
        let root = AtomRoot().override(CounterAtom()) { _ in 456 }
        defer { withExtendedLifetime(root) {} }
        let view = root.context()

        #expect(view.watch(CounterAtom()) == 456)
        view[CounterAtom()] += 1
        #expect(view.read(CounterAtom()) == 457)
        #expect(view.read(DoubledCounterAtom()) == 914)

        view.reset(CounterAtom())
        #expect(view.read(CounterAtom()) == 456)
    }
}
