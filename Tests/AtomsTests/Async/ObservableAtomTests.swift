import Atoms
import Observation
import Testing

@MainActor
@Suite("Observable atoms")
struct ObservableAtomTests {
    @Observable
    final class Cart {
        var items: [String] = []
        var note = ""
    }

    /// Tracks `items` only; `tracking` counts how often the atom registers its tracking.
    struct CartAtom: ObservableAtom, Hashable {
        let tracking: CallCounter
        func object(context: Context) -> Cart { Cart() }
        func track(_ cart: Cart) {
            tracking.hit()
            _ = cart.items
        }
    }

    struct ItemCountAtom: ValueAtom, Hashable {
        let cart: CartAtom
        let counter: CallCounter
        func value(context: Context) -> Int {
            counter.hit()
            return context.watch(cart).items.count
        }
    }

    @Test func aTrackedChangeUpdatesDownstreamAtomsInOneCommit() async {
        let context = AtomTestContext()
        let counter = CallCounter()
        let count = ItemCountAtom(cart: CartAtom(tracking: CallCounter()), counter: counter)
        let log = CommitLog(context)
        #expect(context.watch(count) == 0)
        let cart = context.read(count.cart)
        cart.items.append("apple")
        cart.items.append("pear")
        #expect(await context.wait(for: count, timeout: 300) { $0 == 2 })
        await drainMainActor()
        #expect(log.causes.filter { $0.hasPrefix("object changed CartAtom") }.count == 1)
        #expect(counter.count == 2)
    }

    @Test func anUntrackedPropertyCommitsNothing() async {
        let context = AtomTestContext()
        let atom = CartAtom(tracking: CallCounter())
        let log = CommitLog(context)
        let cart = context.watch(atom)
        cart.note = "ignored"
        await drainMainActor()
        #expect(!log.causes.contains { $0.hasPrefix("object changed") })
        cart.items = ["tracked"]
        #expect(await context.wait(for: atom, timeout: 300) { _ in log.causes.contains { $0.hasPrefix("object changed") } })
        #expect(log.causes.filter { $0.hasPrefix("object changed") }.count == 1)
    }

    @Test func trackingIsRegisteredAgainAfterEachChangeAndStopsOnRelease() async {
        let context = AtomTestContext()
        let tracking = CallCounter()
        let atom = CartAtom(tracking: tracking)
        let sentinel = CartAtom(tracking: CallCounter())
        let log = CommitLog(context)
        let cart = context.watch(atom)
        let other = context.watch(sentinel)
        #expect(tracking.count == 1)
        cart.items = ["a"]
        #expect(await context.wait(for: atom, timeout: 300) { _ in tracking.count == 2 })
        context.unwatch(atom)
        cart.items = ["b"]
        // A change of the released cart would be handled before this one.
        other.items = ["c"]
        #expect(await context.wait(for: sentinel, timeout: 300) { _ in log.causes.count(where: { $0.hasPrefix("object changed") }) == 2 })
        #expect(tracking.count == 2)
        cart.items = ["d"]
        #expect(tracking.count == 2)
    }
}
