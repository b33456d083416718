// Seed conformance: "Atom Effect" (UpdateEffect persistence, the CountTimerEffect class,
// and the predefined InitializeEffect / UpdateEffect / ReleaseEffect / MergedEffect).
//
// Harness substitutions, so that the tests are hermetic on Linux:
// - `UserDefaults` is an in-memory store with the same two methods the seed calls,
//   reached through a nested typealias so the seed's code reads unchanged;
// - `Timer` is a manual timer with the same `scheduledTimer(withTimeInterval:repeats:)`
//   and `invalidate()` shape; a test fires it by hand instead of waiting a second.

import Atoms
import Testing

// MARK: - UpdateEffect persistence

@Suite("Seed conformance: UpdateEffect persistence", .serialized)
@MainActor
struct EffectPersistenceConformanceTests {
    /// In-memory stand-in for `UserDefaults`.
    @MainActor
    final class InMemoryDefaults {
        static let standard = InMemoryDefaults()

        private var integers: [String: Int] = [:]
        private(set) var writeCount = 0

        func integer(forKey key: String) -> Int {
            integers[key] ?? 0
        }

        func set(_ value: Int, forKey key: String) {
            integers[key] = value
            writeCount += 1
        }

        func removeAll() {
            integers = [:]
            writeCount = 0
        }
    }

    typealias UserDefaults = InMemoryDefaults

    // MARK: Seed declaration

    struct CounterAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int {
            UserDefaults.standard.integer(forKey: "persistence_key")
        }

        func effect(context: CurrentContext) -> some AtomEffect {
            UpdateEffect {
                UserDefaults.standard.set(context.read(self), forKey: "persistence_key")
            }
        }
    }

    // MARK: Tests

    @Test("The default value is read from the persistent store")
    func defaultValueComesFromStore() {
        UserDefaults.standard.removeAll()
        UserDefaults.standard.set(41, forKey: "persistence_key")
        let writesBefore = UserDefaults.standard.writeCount

        let context = AtomTestContext()
        #expect(context.watch(CounterAtom()) == 41)
        // UpdateEffect does not run when the atom is merely initialized.
        #expect(UserDefaults.standard.writeCount == writesBefore)
    }

    @Test("Every update is written back with the new (settled) value")
    func updatesArePersisted() {
        UserDefaults.standard.removeAll()

        let context = AtomTestContext()
        #expect(context.watch(CounterAtom()) == 0)
        #expect(UserDefaults.standard.writeCount == 0)

        context.set(3, for: CounterAtom())
        #expect(UserDefaults.standard.integer(forKey: "persistence_key") == 3)
        #expect(UserDefaults.standard.writeCount == 1)

        context[CounterAtom()] += 1
        #expect(UserDefaults.standard.integer(forKey: "persistence_key") == 4)
        #expect(UserDefaults.standard.writeCount == 2)

        context.modify(CounterAtom()) { $0 *= 10 }
        #expect(UserDefaults.standard.integer(forKey: "persistence_key") == 40)
        #expect(UserDefaults.standard.writeCount == 3)
    }

    @Test("A value persisted by one store is the default value in a fresh store")
    func persistedValueSurvivesRelease() {
        UserDefaults.standard.removeAll()

        do {
            let context = AtomTestContext()
            context.watch(CounterAtom())
            context.set(7, for: CounterAtom())
            context.unwatch(CounterAtom())
            #expect(context.lookup(CounterAtom()) == nil)
        }

        let fresh = AtomTestContext()
        #expect(fresh.watch(CounterAtom()) == 7)

        // Through an AtomRoot view context as well.
        let root = AtomRoot()
        defer { withExtendedLifetime(root) {} }
        let view = root.context()
        #expect(view.watch(CounterAtom()) == 7)
        view[CounterAtom()] += 1
        #expect(UserDefaults.standard.integer(forKey: "persistence_key") == 8)
    }
}

// MARK: - Stateful effect class (CountTimerEffect)

@Suite("Seed conformance: CountTimerEffect", .serialized)
@MainActor
struct CountTimerEffectConformanceTests {
    /// A manual stand-in for `Foundation.Timer`: `fireAll()` ticks every valid timer once.
    @MainActor
    final class ManualTimer {
        static var scheduled: [ManualTimer] = []

        private let block: @MainActor (ManualTimer) -> Void
        private(set) var isValid = true

        private init(block: @escaping @MainActor (ManualTimer) -> Void) {
            self.block = block
        }

        static func scheduledTimer(
            withTimeInterval interval: Double,
            repeats: Bool,
            block: @escaping @MainActor (ManualTimer) -> Void
        ) -> ManualTimer {
            let timer = ManualTimer(block: block)
            scheduled.append(timer)
            return timer
        }

        static func fireAll() {
            for timer in scheduled where timer.isValid {
                timer.block(timer)
            }
        }

        static var validCount: Int {
            scheduled.filter(\.isValid).count
        }

        func invalidate() {
            isValid = false
        }
    }

    typealias Timer = ManualTimer

    /// What the seed prints, recorded instead; `instance` tells effect instances apart.
    static var events: [String] = []
    static var nextInstance = 0

    static func resetHarness() {
        events = []
        nextInstance = 0
        ManualTimer.scheduled = []
    }

    // MARK: Seed declarations

    struct CounterAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int {
            0
        }

        func effect(context: CurrentContext) -> some AtomEffect {
            CountTimerEffect()
        }
    }

    final class CountTimerEffect: AtomEffect {
        private var timer: Timer?
        private let instance: Int

        init() {
            CountTimerEffectConformanceTests.nextInstance += 1
            instance = CountTimerEffectConformanceTests.nextInstance
        }

        func initialized(context: Context) {
            CountTimerEffectConformanceTests.events.append("#\(instance) initialized")
            timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
                context[CounterAtom()] += 1
            }
        }

        func updated(context: Context) {
            CountTimerEffectConformanceTests.events.append("#\(instance) Count: \(context.read(CounterAtom()))")
        }

        func released(context: Context) {
            CountTimerEffectConformanceTests.events.append("#\(instance) released")
            timer?.invalidate()
            timer = nil
        }
    }

    // MARK: Tests

    @Test("initialized starts the timer once; each tick increments the counter and runs updated")
    func timerDrivesCounter() {
        Self.resetHarness()
        let context = AtomTestContext()
        let updates = ConformanceProbe()
        context.onUpdate = { updates.hit() }

        #expect(context.watch(CounterAtom()) == 0)
        #expect(Self.events == ["#1 initialized"])
        #expect(ManualTimer.validCount == 1)

        // Watching again does not initialize the effect again.
        context.watch(CounterAtom())
        #expect(Self.events == ["#1 initialized"])

        ManualTimer.fireAll()
        #expect(context.read(CounterAtom()) == 1)
        #expect(updates.count == 1)

        ManualTimer.fireAll()
        #expect(context.read(CounterAtom()) == 2)
        #expect(updates.count == 2)

        // The same effect instance saw every event, and `updated` read the settled value.
        #expect(Self.events == ["#1 initialized", "#1 Count: 1", "#1 Count: 2"])
    }

    @Test("A write from outside the effect also reaches updated")
    func externalWriteReachesUpdated() {
        Self.resetHarness()
        let context = AtomTestContext()

        context.watch(CounterAtom())
        context.set(10, for: CounterAtom())
        ManualTimer.fireAll()

        #expect(context.read(CounterAtom()) == 11)
        #expect(Self.events == ["#1 initialized", "#1 Count: 10", "#1 Count: 11"])
    }

    @Test("released invalidates the timer when nothing uses the atom any more; a new use creates a new effect")
    func releaseStopsTimer() {
        Self.resetHarness()
        let context = AtomTestContext()

        context.watch(CounterAtom())
        ManualTimer.fireAll()
        context.unwatch(CounterAtom())

        #expect(Self.events == ["#1 initialized", "#1 Count: 1", "#1 released"])
        #expect(ManualTimer.validCount == 0)
        #expect(context.lookup(CounterAtom()) == nil)

        // Once released, the old timer is gone: firing changes nothing and creates nothing.
        ManualTimer.fireAll()
        #expect(context.lookup(CounterAtom()) == nil)

        // Used again: a fresh value and a fresh effect instance.
        #expect(context.watch(CounterAtom()) == 0)
        #expect(Self.events.last == "#2 initialized")
        #expect(ManualTimer.validCount == 1)
        ManualTimer.fireAll()
        #expect(context.read(CounterAtom()) == 1)
        #expect(Self.events.last == "#2 Count: 1")
    }
}

// MARK: - Predefined effects

@Suite("Seed conformance: predefined effects")
@MainActor
struct PredefinedEffectsConformanceTests {
    struct LoggedCounterAtom: StateAtom, Hashable {
        let probe: ProbeBox

        func defaultValue(context: Context) -> Int {
            0
        }

        func effect(context: CurrentContext) -> some AtomEffect {
            MergedEffect(
                InitializeEffect {
                    probe.record("initialize \(context.read(self))")
                },
                UpdateEffect {
                    probe.record("update \(context.read(self))")
                },
                ReleaseEffect {
                    probe.record("release")
                }
            )
        }
    }

    /// Holds a probe while keying atoms by identity, so each test has its own atom.
    struct ProbeBox: Hashable, Sendable {
        let probe: ConformanceProbe

        @MainActor
        func record(_ entry: String) {
            probe.record(entry)
        }

        static func == (lhs: ProbeBox, rhs: ProbeBox) -> Bool {
            lhs.probe === rhs.probe
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(probe))
        }
    }

    @Test("InitializeEffect, UpdateEffect and ReleaseEffect run at the matching lifecycle events")
    func lifecycle() {
        let probe = ConformanceProbe()
        let atom = LoggedCounterAtom(probe: ProbeBox(probe: probe))
        let context = AtomTestContext()

        #expect(probe.log.isEmpty)

        context.watch(atom)
        #expect(probe.log == ["initialize 0"])

        context[atom] += 1
        context[atom] += 1
        #expect(probe.log == ["initialize 0", "update 1", "update 2"])

        context.unwatch(atom)
        #expect(probe.log == ["initialize 0", "update 1", "update 2", "release"])
    }

    @Test("read of an unused atom initializes and releases it at once")
    func readInitializesAndReleases() {
        let probe = ConformanceProbe()
        let atom = LoggedCounterAtom(probe: ProbeBox(probe: probe))
        let context = AtomTestContext()

        #expect(context.read(atom) == 0)
        #expect(probe.log == ["initialize 0", "release"])
        #expect(context.lookup(atom) == nil)
    }
}
