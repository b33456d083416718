import Atoms
import Testing

@MainActor
@Suite("Glitch-free propagation")
struct PropagationTests {
    /// source -> left, right -> bottom; bottom must see left and right from the same write.
    @Test func diamondRecomputesEachAtomOnceAfterItsUpstreams() {
        let probe = Probe()
        let source = Source(name: "source", probe: probe)
        let left = Derived(name: "left", probe: probe) { $0.watch(source) + 1 }
        let right = Derived(name: "right", probe: probe) { $0.watch(source) * 2 }
        var seen: [(Int, Int)] = []
        let bottom = Derived(name: "bottom", probe: probe) { context in
            let pair = (context.watch(left), context.watch(right))
            seen.append(pair)
            return pair.0 + pair.1
        }
        let context = AtomTestContext()
        var notifications = 0
        context.onUpdate = { notifications += 1 }
        #expect(context.watch(bottom) == 1)
        probe.events.removeAll()
        seen.removeAll()

        context.set(10, for: source)

        #expect(context.read(bottom) == 31)
        #expect(probe.count("left") == 1)
        #expect(probe.count("right") == 1)
        #expect(probe.count("bottom") == 1)
        let bottomIndex = probe.events.firstIndex(of: "bottom") ?? -1
        #expect(bottomIndex > (probe.events.firstIndex(of: "left") ?? Int.max))
        #expect(bottomIndex > (probe.events.firstIndex(of: "right") ?? Int.max))
        // Never computed from a stale upstream: every observed pair is consistent.
        #expect(seen.allSatisfy { $0.0 == 11 && $0.1 == 20 })
        #expect(notifications == 1)
    }

    /// A write marks every direct dependent before what lies below them (settling then finds
    /// a join's upstreams current). Joins that are also direct dependents, and a second level
    /// of joins, must still be recomputed once each, after every one of their upstreams.
    @Test func joinsAtSeveralLevelsRecomputeOnceAfterAllTheirUpstreams() {
        let probe = Probe()
        let source = Source(name: "source", probe: probe)
        let x = Derived(name: "x", probe: probe) { $0.watch(source) + 1 }
        let y = Derived(name: "y", probe: probe) { $0.watch(source) * 2 }
        // A join of x and y that also watches the source directly.
        let z = Derived(name: "z", probe: probe) { $0.watch(x) + $0.watch(y) + $0.watch(source) }
        // A second-level join: z, and x again.
        var inconsistent = 0
        let w = Derived(name: "w", probe: probe) { context in
            let (zValue, xValue, sourceValue) = (context.watch(z), context.watch(x), context.watch(source))
            if zValue != (sourceValue + 1) + sourceValue * 2 + sourceValue || xValue != sourceValue + 1 {
                inconsistent += 1
            }
            return zValue + xValue
        }
        let context = AtomTestContext()
        #expect(context.watch(w) == 2)
        for value in 1...5 {
            probe.events.removeAll()
            context.set(value, for: source)
            #expect(context.read(w) == 4 * value + 1 + value + 1)
            for name in ["x", "y", "z", "w"] {
                #expect(probe.count(name) == 1, "\(name) after writing \(value)")
            }
            let order = probe.events
            func position(_ name: String) -> Int { order.firstIndex(of: name) ?? -1 }
            #expect(position("z") > position("x") && position("z") > position("y"), "\(order)")
            #expect(position("w") > position("z"), "\(order)")
        }
        #expect(inconsistent == 0)
    }

    @Test func subscriberWatchingSeveralChangedAtomsIsNotifiedOncePerTransaction() {
        let probe = Probe()
        let source = Source(name: "source", probe: probe)
        let a = Derived(name: "a", probe: probe) { $0.watch(source) + 1 }
        let b = Derived(name: "b", probe: probe) { $0.watch(source) + 2 }
        let context = AtomTestContext()
        context.watch(source)
        context.watch(a)
        context.watch(b)
        var notifications = 0
        context.onUpdate = { notifications += 1 }

        context.set(1, for: source)
        #expect(notifications == 1)

        context.batch {
            context.set(2, for: source)
            context.set(3, for: source)
        }
        #expect(notifications == 2)
        #expect(context.read(b) == 5)
    }

    @Test func unevenDiamondNeverObservesAGlitch() {
        // source -> long chain of 3 -> join, and source -> join directly.
        let probe = Probe()
        let source = Source(name: "source", probe: probe)
        let c3 = Self.chainOfThree(from: source, probe: probe)
        var mismatches = 0
        let join = Derived(name: "join", probe: probe) { context in
            let direct = context.watch(source)
            let viaChain = context.watch(c3)
            if direct != viaChain { mismatches += 1 }
            return direct + viaChain
        }
        let context = AtomTestContext()
        context.watch(join)
        for value in 1...20 {
            context.set(value, for: source)
        }
        #expect(mismatches == 0)
        #expect(probe.count("join") == 21)
        #expect(context.read(join) == 40)
    }

    /// The uneven diamond with the join listed before the chain's head among the source's
    /// dependents (it watched the source before the chain existed, and the chain only later):
    /// the join is settled first, and must find the chain marked below the head and wait for
    /// it, though nothing has recomputed the head yet.
    @Test func unevenDiamondWhoseJoinIsSettledFirstNeverObservesAGlitch() {
        let probe = Probe()
        let source = Source(name: "source", probe: probe)
        let joined = Source(name: "joined", probe: probe)
        let c3 = Self.chainOfThree(from: source, probe: probe)
        var mismatches = 0
        let join = Derived(name: "join", probe: probe) { context in
            let direct = context.watch(source)
            guard context.watch(joined) != 0 else { return direct }
            let viaChain = context.watch(c3)
            if direct != viaChain { mismatches += 1 }
            return direct + viaChain
        }
        let context = AtomTestContext()
        context.watch(join)
        context.watch(c3)
        context.set(1, for: joined)
        for value in 1...20 {
            probe.events.removeAll()
            context.set(value, for: source)
            #expect(probe.count("join") == 1)
        }
        #expect(mismatches == 0)
        #expect(context.read(join) == 40)
    }

    @Test func readInsideABatchSeesTheWritesBeforeIt() {
        let probe = Probe()
        let source = Source(name: "source", probe: probe)
        let doubled = Derived(name: "doubled", probe: probe) { $0.watch(source) * 2 }
        let context = AtomTestContext()
        context.watch(doubled)
        let inside = context.batch {
            context.set(4, for: source)
            return context.read(doubled)
        }
        #expect(inside == 8)
    }

    /// c1, c2 and c3, each watching the one before, c1 the source; returns c3.
    private static func chainOfThree(from source: Source, probe: Probe) -> Derived {
        let c1 = Derived(name: "c1", probe: probe) { $0.watch(source) }
        let c2 = Derived(name: "c2", probe: probe) { $0.watch(c1) }
        return Derived(name: "c3", probe: probe) { $0.watch(c2) }
    }
}
