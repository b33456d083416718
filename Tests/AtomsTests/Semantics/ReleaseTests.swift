import Atoms
import Testing

@MainActor
@Suite("Release")
struct ReleaseTests {
    struct Tracked: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 1 }
        func effect(context: CurrentContext) -> some AtomEffect {
            ReleaseEffect { LifecycleLog.shared.events.append("released") }
        }
    }

    struct Kept: StateAtom, KeepAlive, Hashable {
        func defaultValue(context: Context) -> Int { 1 }
        func effect(context: CurrentContext) -> some AtomEffect {
            ReleaseEffect { LifecycleLog.shared.events.append("kept released") }
        }
    }

    struct Upstream: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 5 }
    }

    struct Downstream: ValueAtom, Hashable {
        func value(context: Context) -> Int { context.watch(Upstream()) + 1 }
    }

    @Test func atomWithoutSubscriberOrDownstreamIsReleasedAndItsEffectRuns() {
        LifecycleLog.shared.events.removeAll()
        let context = AtomTestContext()
        context.watch(Tracked())
        context.set(7, for: Tracked())
        #expect(context.lookup(Tracked()) == 7)

        context.unwatch(Tracked())
        #expect(context.lookup(Tracked()) == nil)
        #expect(LifecycleLog.shared.events == ["released"])
        // Used again, it starts over from its default.
        #expect(context.watch(Tracked()) == 1)
    }

    @Test func keepAliveAtomSurvivesWithoutSubscribers() {
        LifecycleLog.shared.events.removeAll()
        let context = AtomTestContext()
        context.watch(Kept())
        context.set(9, for: Kept())
        context.unwatch(Kept())
        #expect(context.lookup(Kept()) == 9)
        #expect(LifecycleLog.shared.events.isEmpty)
    }

    @Test func releasingADownstreamAtomReleasesItsUnusedUpstream() {
        let context = AtomTestContext()
        context.watch(Downstream())
        #expect(context.lookup(Upstream()) == 5)
        context.unwatch(Downstream())
        #expect(context.lookup(Downstream()) == nil)
        #expect(context.lookup(Upstream()) == nil)
    }

    @Test func readOfAnUncachedAtomComputesItAndReleasesItAtOnce() {
        let context = AtomTestContext()
        #expect(context.read(Downstream()) == 6)
        #expect(context.lookup(Downstream()) == nil)
        #expect(context.lookup(Upstream()) == nil)
    }

    @Test func releasedViewContextStopsWatching() {
        let root = AtomRoot()
        var context: AtomViewContext? = root.context()
        context?.watch(Downstream())
        let observer = root.context()
        #expect(observer.snapshot().lookup(Downstream()) == 6)
        context = nil
        #expect(observer.snapshot().lookup(Downstream()) == nil)
    }

    @Test func unwatchAllStopsWatchingEverything() {
        let root = AtomRoot()
        let context = root.context()
        context.watch(Downstream())
        context.watch(Upstream())
        context.unwatchAll()
        #expect(context.snapshot().atoms.isEmpty)
    }
}

@MainActor
final class LifecycleLog {
    static let shared = LifecycleLog()
    var events: [String] = []
}
