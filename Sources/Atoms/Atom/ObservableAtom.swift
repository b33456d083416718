import Observation

/// An atom that creates an `@Observable` object and keeps the atoms and subscribers that watch
/// it up to date with the changes of the properties it tracks.
///
/// ```swift
/// @Observable final class Cart {
///     var items: [Item] = []
///     var note = ""
/// }
///
/// struct CartAtom: ObservableAtom, Hashable {
///     func object(context: Context) -> Cart { Cart() }
///     func track(_ cart: Cart) { _ = cart.items }
/// }
/// ```
/// Observation only reports changes of the properties that were read inside
/// `withObservationTracking`, and an `@Observable` type offers no "any property changed"
/// notification. Rather than guess — reading every property through reflection would miss
/// computed ones and track private storage — the atom asks you to read what matters in
/// ``track(_:)``. Above, editing `note` commits nothing; changing `items` does. Read
/// everything to follow the whole object.
///
/// Tracking fires once, before the change, on the thread that made it. The atom then hops to
/// the main actor, tracks again (reading the new values, so no change between the two is
/// lost), and commits once the change has happened. Every change in one main-actor turn joins
/// the same commit (`object changed CartAtom`). When the atom is recomputed or released, the
/// object is no longer tracked.
public protocol ObservableAtom: _AsyncWorkAtom where Produced == ObjectType {
    /// The type of object.
    associatedtype ObjectType: Observable & AnyObject

    /// Creates the object. Atoms it watches become dependencies.
    @MainActor
    func object(context: Context) -> ObjectType

    /// Reads the properties whose changes update the atom's watchers. Called on the main actor
    /// when the object is created and again after each change.
    @MainActor
    func track(_ object: ObjectType)
}

public extension ObservableAtom {
    @MainActor
    func _produce(context: AtomTransactionContext) -> ObjectType {
        let object = object(context: context)
        let arm: @MainActor (ChangeSignal) -> Void = { signal in
            withObservationTracking {
                track(object)
            } onChange: {
                signal.send()
            }
        }
        context.store.observeChanges(for: Self.self, context: context, rearm: arm) { signal in
            arm(signal)
            return nil
        }
        return object
    }

    var _kind: AtomKind { .observable }
}
