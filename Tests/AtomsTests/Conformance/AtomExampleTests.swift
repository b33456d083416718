// Seed conformance: the "Quick Overview", "Atom" and "Property Wrapper" guides without the
// views — CounterAtom, explicit keys (UserNameAtom, atom families), LocaleAtom, and what
// `@Watch` / `@WatchState` do through a view context.

import Atoms
import Foundation
import Testing

@Suite("Seed conformance: atoms and keys")
@MainActor
struct AtomExampleConformanceTests {
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

    struct LocaleAtom: ValueAtom, Hashable {
        func value(context: Context) -> Locale {
            .current
        }
    }

    /// The `@Watch` example's atom ("John").
    struct WatchedUserNameAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> String {
            "John"
        }
    }

    /// The `@WatchState` example's atom ("Jim").
    struct EditedUserNameAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> String {
            "Jim"
        }
    }

    // MARK: AtomTransactionContext example (CoreLocation replaced by stand-ins)

    /// Stand-in for CoreLocation's delegate protocol.
    protocol CLLocationManagerDelegate: AnyObject {}

    protocol LocationManagerProtocol: AnyObject {
        var delegate: CLLocationManagerDelegate? { get set }
    }

    /// Stand-in for `CLLocationManager`.
    final class CLLocationManager: LocationManagerProtocol {
        weak var delegate: CLLocationManagerDelegate?
    }

    final class LocationManagerDelegate: NSObject, CLLocationManagerDelegate {}

    struct LocationManagerDelegateAtom: ValueAtom, Hashable {
        func value(context: Context) -> LocationManagerDelegate {
            LocationManagerDelegate()
        }
    }

    struct LocationManagerAtom: ValueAtom, Hashable {
        func value(context: Context) -> any LocationManagerProtocol {
            let delegate = context.watch(LocationManagerDelegateAtom())
            let manager = CLLocationManager()
            manager.delegate = delegate
            return manager
        }
    }

    // MARK: Tests

    @Test("AtomTransactionContext: an atom builds its value from another atom it watches")
    func transactionContextWatch() {
        let context = AtomTestContext()

        let manager = context.watch(LocationManagerAtom())
        let delegate = context.lookup(LocationManagerDelegateAtom())
        #expect(delegate != nil)
        #expect(manager.delegate === delegate)

        // Both are cached: the same instances come back.
        #expect(context.watch(LocationManagerAtom()) === manager)
        #expect(context.read(LocationManagerDelegateAtom()) === delegate)

        // Resetting the upstream delegate recomputes the manager with the new delegate.
        context.reset(LocationManagerDelegateAtom())
        let newManager = context.watch(LocationManagerAtom())
        let newDelegate = context.lookup(LocationManagerDelegateAtom())
        #expect(newManager !== manager)
        #expect(newDelegate !== delegate)
        #expect(newManager.delegate === newDelegate)
    }

    @Test("Quick overview: a stepper and a display share CounterAtom without passing bindings")
    func sharedCounter() {
        let root = AtomRoot()
        defer { withExtendedLifetime(root) {} }
        let counterView = root.context()
        let countStepper = root.context()
        let displayUpdates = ConformanceProbe()
        counterView.onUpdate = { displayUpdates.hit() }

        #expect(counterView.watch(CounterAtom()) == 0)
        #expect(countStepper.watch(CounterAtom()) == 0)

        // `Stepper(value: $count)` increments through the WatchState binding.
        countStepper[CounterAtom()] += 1
        countStepper[CounterAtom()] += 1
        countStepper[CounterAtom()] -= 1

        #expect(counterView.read(CounterAtom()) == 1)
        #expect(displayUpdates.count == 3)
    }

    @Test("The key synthesized from Hashable: equal atoms share one value")
    func hashableKey() {
        let context = AtomTestContext()
        context.watch(CounterAtom())
        context[CounterAtom()] = 3
        let another = CounterAtom()
        #expect(context.read(another) == 3)
        #expect(CounterAtom().key == another.key)
    }

    @Test("An explicit key associates the value with the userID")
    func explicitKey() {
        let context = AtomTestContext()

        #expect(UserNameAtom(userID: 1).key == 1)
        #expect(context.watch(UserNameAtom(userID: 1)) == "Robert")
        #expect(context.watch(UserNameAtom(userID: 2)) == "Robert")

        context.set("Alice", for: UserNameAtom(userID: 1))
        #expect(context.read(UserNameAtom(userID: 1)) == "Alice")
        #expect(context.read(UserNameAtom(userID: 2)) == "Robert")

        context[UserNameAtom(userID: 2)] += " Jr."
        #expect(context.read(UserNameAtom(userID: 2)) == "Robert Jr.")
        #expect(context.read(UserNameAtom(userID: 1)) == "Alice")
    }

    @Test("ValueAtom provides a read-only value (LocaleAtom)")
    func valueAtom() {
        let context = AtomTestContext()
        #expect(context.watch(LocaleAtom()).identifier == Locale.current.identifier)
    }

    @Test("@Watch / @WatchState: watching views see writes, and \"Clear\" sets the state to empty")
    func watchAndWatchState() {
        let root = AtomRoot()
        defer { withExtendedLifetime(root) {} }
        let display = root.context()
        let input = root.context()
        let displayUpdates = ConformanceProbe()
        display.onUpdate = { displayUpdates.hit() }

        #expect(display.watch(WatchedUserNameAtom()) == "John")
        #expect(input.watch(EditedUserNameAtom()) == "Jim")

        input.watch(WatchedUserNameAtom())
        input[WatchedUserNameAtom()] = "Johnny"
        #expect(display.read(WatchedUserNameAtom()) == "Johnny")
        #expect(displayUpdates.count == 1)

        // Button("Clear") { name = "" }
        input[EditedUserNameAtom()] = ""
        #expect(input.read(EditedUserNameAtom()) == "")
        #expect(displayUpdates.count == 1)
    }

    @Test("The values are cached while a view uses them and dropped when it is dismantled")
    func cachedUntilViewDismantled() {
        let root = AtomRoot()
        defer { withExtendedLifetime(root) {} }
        let observer = root.context()

        do {
            let view = root.context()
            view.watch(CounterAtom())
            view[CounterAtom()] = 5
            #expect(observer.snapshot().lookup(CounterAtom()) == 5)
            withExtendedLifetime(view) {}
        }

        // The view context is gone: its subscription went with it.
        #expect(observer.snapshot().lookup(CounterAtom()) == nil)
        #expect(observer.read(CounterAtom()) == 0)
    }
}
