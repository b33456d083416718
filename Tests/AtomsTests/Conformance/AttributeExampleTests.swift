// Seed conformance: the "Attribute" guide — `Resettable` (RandomIntAtom and its private
// RandomNumberGeneratorAtom) and `KeepAlive`.
//
// The seed leaves `CustomRandomNumberGenerator` undefined; here it is a deterministic
// SplitMix64 generator whose seed is the number of generators created so far, so a new
// generator (what resetting RandomNumberGeneratorAtom produces) is observable.

import Atoms
import Testing

@Suite("Seed conformance: Resettable", .serialized)
@MainActor
struct ResettableConformanceTests {
    struct CustomRandomNumberGenerator: RandomNumberGenerator {
        @MainActor static var created = 0

        private(set) var state: UInt64
        let seed: UInt64

        @MainActor
        init() {
            Self.created += 1
            self.init(seed: UInt64(Self.created))
        }

        init(seed: UInt64) {
            self.seed = seed
            self.state = seed
        }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The value RandomIntAtom computes from a generator created with `seed`.
    static func expectedInt(seed: UInt64) -> Int {
        var generator = CustomRandomNumberGenerator(seed: seed)
        return .random(in: 0..<100, using: &generator)
    }

    // MARK: Seed declarations

    struct RandomIntAtom: ValueAtom, Resettable, Hashable {
        func value(context: Context) -> Int {
            var generator = context.watch(RandomNumberGeneratorAtom())
            return .random(in: 0..<100, using: &generator)
        }

        func reset(context: CurrentContext) {
            context.reset(RandomNumberGeneratorAtom())
        }
    }

    private struct RandomNumberGeneratorAtom: ValueAtom, Hashable {
        func value(context: Context) -> CustomRandomNumberGenerator {
            CustomRandomNumberGenerator()
        }
    }

    // MARK: Tests

    @Test("The harness generator gives different first values for seeds 1, 2 and 3")
    func harnessSanity() {
        let values = [1, 2, 3].map { Self.expectedInt(seed: $0) }
        #expect(Set(values).count == 3)
    }

    @Test("RandomIntAtom derives its value from the generator atom and is cached while watched")
    func cachedWhileWatched() {
        CustomRandomNumberGenerator.created = 0
        let context = AtomTestContext()

        let first = context.watch(RandomIntAtom())
        #expect(first == Self.expectedInt(seed: 1))
        #expect(context.lookup(RandomNumberGeneratorAtom())?.seed == 1)

        // Reading again does not recompute anything.
        #expect(context.watch(RandomIntAtom()) == first)
        #expect(context.read(RandomIntAtom()) == first)
        #expect(CustomRandomNumberGenerator.created == 1)
    }

    @Test("Resetting RandomIntAtom runs its custom reset: the private generator is reset, the value is redrawn")
    func customResetThroughTestContext() {
        CustomRandomNumberGenerator.created = 0
        let context = AtomTestContext()
        let updates = ConformanceProbe()
        context.onUpdate = { updates.hit() }

        #expect(context.watch(RandomIntAtom()) == Self.expectedInt(seed: 1))

        context.reset(RandomIntAtom())
        #expect(CustomRandomNumberGenerator.created == 2)
        #expect(context.lookup(RandomNumberGeneratorAtom())?.seed == 2)
        #expect(context.watch(RandomIntAtom()) == Self.expectedInt(seed: 2))
        #expect(updates.count == 1)

        context.reset(RandomIntAtom())
        #expect(CustomRandomNumberGenerator.created == 3)
        #expect(context.watch(RandomIntAtom()) == Self.expectedInt(seed: 3))
        #expect(updates.count == 2)
    }

    @Test("Custom reset works the same from a view context")
    func customResetThroughViewContext() {
        CustomRandomNumberGenerator.created = 0
        let root = AtomRoot()
        defer { withExtendedLifetime(root) {} }
        let view = root.context()
        let updates = ConformanceProbe()
        view.onUpdate = { updates.hit() }

        #expect(view.watch(RandomIntAtom()) == Self.expectedInt(seed: 1))
        view.reset(RandomIntAtom())
        #expect(view.read(RandomIntAtom()) == Self.expectedInt(seed: 2))
        #expect(updates.count == 1)
    }
}

@Suite("Seed conformance: KeepAlive")
@MainActor
struct KeepAliveConformanceTests {
    /// A state atom with `KeepAlive`; the seed's FetchMasterDataAtom itself, a
    /// ThrowingTaskAtom, is in AsyncAtomExampleTests.swift.
    struct MasterDataAtom: StateAtom, KeepAlive, Hashable {
        func defaultValue(context: Context) -> [String] {
            ["initial"]
        }
    }

    /// The same atom without the attribute.
    struct DraftAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> [String] {
            ["initial"]
        }
    }

    /// Counts evaluations, to show a KeepAlive value is not recomputed after unwatching.
    struct ExpensiveKeepAliveAtom: ValueAtom, KeepAlive, Hashable {
        let probe: ProbeKey

        func value(context: Context) -> Int {
            probe.hit()
            return 42
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

    @Test("A KeepAlive atom keeps its value after it is no longer watched; a plain atom is released")
    func keepAliveSurvivesUnwatch() {
        let context = AtomTestContext()

        context.watch(MasterDataAtom())
        context.watch(DraftAtom())
        context[MasterDataAtom()].append("fetched")
        context[DraftAtom()].append("typed")

        context.unwatch(MasterDataAtom())
        context.unwatch(DraftAtom())

        #expect(context.lookup(MasterDataAtom()) == ["initial", "fetched"])
        #expect(context.lookup(DraftAtom()) == nil)

        #expect(context.watch(MasterDataAtom()) == ["initial", "fetched"])
        #expect(context.watch(DraftAtom()) == ["initial"])
    }

    @Test("A KeepAlive atom that is only read stays cached")
    func keepAliveSurvivesRead() {
        let context = AtomTestContext()

        #expect(context.read(MasterDataAtom()) == ["initial"])
        #expect(context.lookup(MasterDataAtom()) == ["initial"])

        #expect(context.read(DraftAtom()) == ["initial"])
        #expect(context.lookup(DraftAtom()) == nil)
    }

    @Test("A KeepAlive value is computed once, not again after its last watcher leaves")
    func keepAliveIsNotRecomputed() {
        let probe = ConformanceProbe()
        let atom = ExpensiveKeepAliveAtom(probe: ProbeKey(probe: probe))
        let root = AtomRoot()
        defer { withExtendedLifetime(root) {} }

        do {
            let view = root.context()
            #expect(view.watch(atom) == 42)
            view.unwatchAll()
        }
        do {
            let view = root.context()
            #expect(view.watch(atom) == 42)
        }
        #expect(probe.count == 1)
        #expect(root.context().snapshot().lookup(atom) == 42)
    }
}
