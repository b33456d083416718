@testable import Atoms
import Testing

@MainActor
@Suite("Dynamic dependencies")
struct DynamicDependencyTests {
    @Test func recomputeRecordsExactlyWhatItWatchedThisTime() {
        let probe = Probe()
        let flag = Source(name: "flag", probe: probe)
        let a = Source(name: "a", probe: probe, initial: 1)
        let b = Source(name: "b", probe: probe, initial: 2)
        let pick = Derived(name: "pick", probe: probe) { context in
            context.watch(flag) == 0 ? context.watch(a) : context.watch(b)
        }
        let context = AtomTestContext()
        #expect(context.watch(pick) == 1)
        #expect(upstreamIDs(of: pick, in: context) == ["Source(a)", "Source(flag)"])

        context.set(1, for: flag)
        #expect(context.read(pick) == 2)
        #expect(upstreamIDs(of: pick, in: context) == ["Source(b)", "Source(flag)"])

        // `a` is no longer a dependency: writing it must not recompute `pick`.
        probe.events.removeAll()
        context.set(100, for: a)
        #expect(probe.count("pick") == 0)
    }

    @Test func droppedDependencyIsReleasedWhenNothingElseUsesIt() {
        let probe = Probe()
        let flag = Source(name: "flag", probe: probe)
        let a = Source(name: "a", probe: probe, initial: 1)
        let b = Source(name: "b", probe: probe, initial: 2)
        let pick = Derived(name: "pick", probe: probe) { context in
            context.watch(flag) == 0 ? context.watch(a) : context.watch(b)
        }
        let context = AtomTestContext()
        context.watch(pick)
        #expect(context.lookup(a) == 1)

        context.set(1, for: flag)
        #expect(context.lookup(a) == nil)
        #expect(context.lookup(b) == 2)
    }

    @Test func droppedDependencyStaysWhileSomethingElseUsesIt() {
        let probe = Probe()
        let flag = Source(name: "flag", probe: probe)
        let a = Source(name: "a", probe: probe, initial: 1)
        let pick = Derived(name: "pick", probe: probe) { context in
            context.watch(flag) == 0 ? context.watch(a) : 0
        }
        let context = AtomTestContext()
        context.watch(pick)
        context.watch(a)
        context.set(1, for: flag)
        #expect(context.lookup(a) == 1)
    }

    @Test func repeatedWatchesOfOneAtomAreOneDependency() {
        let probe = Probe()
        let source = Source(name: "source", probe: probe, initial: 2)
        let sum = Derived(name: "sum", probe: probe) { context in
            (0..<30).reduce(0) { total, _ in total + context.watch(source) }
        }
        let context = AtomTestContext()
        #expect(context.watch(sum) == 60)
        context.set(3, for: source)
        #expect(context.read(sum) == 90)
        #expect(upstreamIDs(of: sum, in: context) == ["Source(source)"])
    }

    private func upstreamIDs(of atom: Derived, in context: AtomTestContext) -> [String] {
        let snapshot = context.snapshot()
        return snapshot.edges.filter { $0.downstream.id.rawValue == atomIDText(for: atom) }
            .map(\.upstream.id.rawValue).sorted()
    }
}
