@testable import Atoms
import Testing

/// A released node may be kept and given to its atom again (`RetiredNodes`): nothing a user
/// sees changes. The value goes when it did without reuse, the atom comes back with a new
/// number and no value, and nodes that something else holds, or that have more to forget
/// than their value, are never reused.
@MainActor
@Suite("Retired nodes")
struct RetiredNodesTests {
    /// Counts the instances alive, to see when a value is destroyed.
    final class Tracked {
        @MainActor static var alive = 0
        let value: Int
        init(_ value: Int) {
            self.value = value
            MainActor.assumeIsolated { Self.alive += 1 }
        }
        deinit { MainActor.assumeIsolated { Self.alive -= 1 } }
    }

    struct Source: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct Boxed: ValueAtom, Hashable {
        func value(context: Context) -> Tracked { Tracked(context.watch(Source()) * 10) }
    }

    struct Negated: ValueAtom, Hashable {
        func value(context: Context) -> Int { -context.watch(Source()) }
    }

    /// Watches `Boxed` when the source is odd and `Negated` when it is even.
    struct Switching: ValueAtom, Hashable {
        func value(context: Context) -> Int {
            context.watch(Source()) % 2 != 0 ? context.watch(Boxed()).value : context.watch(Negated())
        }
    }

    struct Numbered: ValueAtom, Hashable {
        let index: Int
        func value(context: Context) -> Int { context.watch(Source()) + index }
    }

    private func node<A: Atom>(_ atom: A, in root: AtomRoot) -> NodeBase? {
        root.store.nodes.node(for: AtomKey(atom))
    }

    /// The node kept for `atom`'s return, if any. Holding no node before (a reference held
    /// keeps a node from being kept).
    private func retired<A: Atom>(_ atom: A, in root: AtomRoot) -> NodeBase? {
        root.store.retiredNodes.node(for: AtomKey(atom))
    }

    @Test func anAtomThatComesBackGetsItsNodeWithANewNumberAndNoOldValue() throws {
        let root = AtomRoot()
        let view = root.context()
        let writer = root.context()
        // Watched, so that the source keeps what is written (an unwatched atom is released).
        _ = writer.watch(Source())
        writer.set(1, for: Source())
        #expect(view.watch(Switching()) == 10)
        let firstNumber = try #require(node(Boxed(), in: root)).number
        writer.set(2, for: Source())
        #expect(view.read(Switching()) == -2)
        #expect(node(Boxed(), in: root) == nil)
        let kept = try #require(retired(Boxed(), in: root))
        #expect(kept.number == firstNumber)
        #expect(!kept.hasValue)
        writer.set(3, for: Source())
        #expect(view.read(Switching()) == 30)
        let again = try #require(node(Boxed(), in: root))
        #expect(again === kept, "the released node is used again")
        #expect(again.number > firstNumber, "with a number no atom had")
        #expect(retired(Boxed(), in: root) == nil)
        var numbers: Set<Int> = []
        for value in 4...40 {
            writer.set(value, for: Source())
            #expect(view.read(Switching()) == (value % 2 != 0 ? value * 10 : -value))
            let found = value % 2 != 0 ? node(Boxed(), in: root) : node(Negated(), in: root)
            let current = try #require(found)
            #expect(numbers.insert(current.number).inserted, "numbers are never reused")
        }
    }

    @Test func aValueIsDestroyedWhenItsAtomIsReleasedNotWhenItsNodeIsReused() {
        let root = AtomRoot()
        let view = root.context()
        let writer = root.context()
        _ = writer.watch(Source())
        let before = Tracked.alive
        writer.set(1, for: Source())
        _ = view.watch(Switching())
        #expect(Tracked.alive == before + 1)
        writer.set(2, for: Source())
        #expect(Tracked.alive == before, "the released atom's value is gone at once")
        writer.set(3, for: Source())
        #expect(Tracked.alive == before + 1)
        view.unwatchAll()
        #expect(Tracked.alive == before)
    }

    @Test func aSnapshotFromBeforeANodeWasReusedRestoresAndKeepsItsNumbers() throws {
        let root = AtomRoot()
        let view = root.context()
        let writer = root.context()
        _ = writer.watch(Source())
        writer.set(1, for: Source())
        _ = view.watch(Switching())
        let snapshot = view.snapshot()
        let boxedNumber = try #require(node(Boxed(), in: root)).number
        writer.set(2, for: Source())
        writer.set(3, for: Source())
        writer.set(4, for: Source())
        #expect(view.read(Switching()) == -4)
        #expect(snapshot.atoms.first { $0.atom.id.rawValue.contains("Boxed") }?.atom.number == boxedNumber)
        view.restore(snapshot)
        #expect(view.read(Source()) == 1)
        #expect(view.read(Switching()) == 10)
    }

    @Test func aRecordingStoreKeepsNone() {
        let root = AtomRoot()
        let observation = root.store.observeCommits { _ in }
        let view = root.context()
        let writer = root.context()
        _ = writer.watch(Source())
        writer.set(1, for: Source())
        _ = view.watch(Switching())
        writer.set(2, for: Source())
        writer.set(3, for: Source())
        #expect(retired(Boxed(), in: root) == nil)
        #expect(retired(Negated(), in: root) == nil)
        #expect(view.read(Switching()) == 30)
        observation.cancel()
    }

    /// Counts an effect's calls.
    final class EffectLog {
        var initialized = 0
        var released = 0
    }

    struct LogEffect: AtomEffect {
        let log: EffectLog
        func initialized(context: Context) { log.initialized += 1 }
        func released(context: Context) { log.released += 1 }
    }

    struct WithEffect: ValueAtom, Hashable {
        @MainActor static var log = EffectLog()
        func value(context: Context) -> Int { context.watch(Source()) }
        func effect(context: CurrentContext) -> LogEffect { LogEffect(log: Self.log) }
    }

    struct InScope: ValueAtom, Scoped, Hashable {
        func value(context: Context) -> Int { context.watch(Source()) + 1 }
    }

    @Test func anAtomWithAnEffectIsMadeAgainAndItsEffectToldEachTime() {
        let root = AtomRoot()
        WithEffect.log = EffectLog()
        for round in 1...3 {
            let view = root.context()
            #expect(view.watch(WithEffect()) == 0)
            view.unwatchAll()
            #expect(node(WithEffect(), in: root) == nil)
            #expect(retired(WithEffect(), in: root) == nil)
            #expect(WithEffect.log.initialized == round)
            #expect(WithEffect.log.released == round)
        }
    }

    @Test func aScopedAtomIsNotKept() {
        let root = AtomRoot()
        // The source stays watched, so that the scoped atom is the only one released.
        let keeper = root.context()
        _ = keeper.watch(Source())
        let scope = AtomScope(in: root)
        for _ in 1...3 {
            let view = scope.context()
            #expect(view.watch(InScope()) == 1)
            view.unwatchAll()
            #expect(root.store.retiredNodes.isEmpty)
        }
        withExtendedLifetime(keeper) {}
    }

    @Test func moreReleasedAtomsThanAreKeptAllComeBackRight() {
        let root = AtomRoot()
        let writer = root.context()
        _ = writer.watch(Source())
        let count = RetiredNodes.capacity * 2 + 3
        for round in 1...3 {
            writer.set(round, for: Source())
            let view = root.context()
            for index in 0..<count {
                #expect(view.watch(Numbered(index: index)) == round + index)
            }
            view.unwatchAll()
            #expect((0..<count).allSatisfy { node(Numbered(index: $0), in: root) == nil })
        }
    }

    /// A class atom, keyed by its number.
    // Sendable by its one `let` of a Sendable type: no state changes after `init`, so sharing
    // an instance across threads shares nothing mutable.
    class Plain: ValueAtom, Hashable, @unchecked Sendable {
        let id: Int
        init(id: Int) { self.id = id }
        func value(context: Context) -> Int { context.watch(Source()) + id }
        static func == (left: Plain, right: Plain) -> Bool { left.id == right.id }
        func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    /// An instance of it that is `KeepAlive`: watched as a `Plain`, it has traits of its own.
    final class Kept: Plain, KeepAlive, @unchecked Sendable {}

    /// Watches `Plain(id: 1)` while the source is odd: as a `Kept` instance when `kept`.
    struct SwitchingPlain: ValueAtom, Hashable {
        let kept: Bool
        func value(context: Context) -> Int {
            guard context.watch(Source()) % 2 != 0 else { return 0 }
            return context.watch(kept ? Kept(id: 1) as Plain : Plain(id: 1))
        }
    }

    /// A node retired by an instance of a class atom is not given to an instance of a
    /// subclass with the same key, whose traits differ (here `KeepAlive`): the subclass's
    /// atom gets a node of its own, kept alive when nothing watches it.
    @Test func aRetiredNodeOfAClassAtomIsNotGivenToAnInstanceOfASubclass() throws {
        let root = AtomRoot()
        let view = root.context()
        let writer = root.context()
        _ = view.watch(SwitchingPlain(kept: false))
        writer.set(1, for: Source())
        #expect(view.watch(SwitchingPlain(kept: false)) == 2)
        writer.set(2, for: Source())
        let kept = try #require(retired(Plain(id: 1), in: root))
        view.unwatch(SwitchingPlain(kept: false))
        #expect(view.watch(SwitchingPlain(kept: true)) == 0)
        writer.set(3, for: Source())
        #expect(view.watch(SwitchingPlain(kept: true)) == 4)
        let fresh = try #require(node(Plain(id: 1), in: root))
        #expect(fresh !== kept)
        #expect(fresh.isKeepAlive)
        writer.set(4, for: Source())
        // Kept alive: still in the store, not retired.
        #expect(node(Plain(id: 1), in: root) === fresh)
    }
}
