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

    /// Dependency lists are compared by scanning up to 16 entries and through sets beyond:
    /// every change of length around that switch records exactly what was watched, and a
    /// dropped source no longer recomputes the node.
    @Test(arguments: [(0, 15), (15, 16), (16, 17), (17, 18), (18, 15), (17, 16), (16, 14), (3, 20), (20, 3)])
    func dependencyListsOfEveryLengthAroundTheSwitch(from: Int, to: Int) {
        let probe = Probe()
        let count = Source(name: "count", probe: probe, initial: from)
        let sources = (0..<20).map { Source(name: "s\($0)", probe: probe, initial: $0) }
        let sum = Derived(name: "sum", probe: probe) { context in
            (0..<context.watch(count)).reduce(0) { $0 + context.watch(sources[$1]) }
        }
        let context = AtomTestContext()
        #expect(context.watch(sum) == (0..<from).reduce(0, +))
        context.set(to, for: count)
        #expect(context.read(sum) == (0..<to).reduce(0, +))
        let expected = (["Source(count)"] + (0..<to).map { "Source(s\($0))" }).sorted()
        #expect(upstreamIDs(of: sum, in: context) == expected)
        for index in to..<max(from, to) {
            #expect(context.lookup(sources[index]) == nil)
        }
        probe.events.removeAll()
        if to < 20 {
            context.set(100, for: sources[to])
            #expect(probe.count("sum") == 0)
        }
    }

    private func upstreamIDs(of atom: Derived, in context: AtomTestContext) -> [String] {
        let snapshot = context.snapshot()
        return snapshot.edges.filter { $0.downstream.id.rawValue == atomIDText(for: atom) }
            .map(\.upstream.id.rawValue).sorted()
    }
}
