#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// An atom that creates an observable object and keeps the atoms and subscribers that watch it
/// up to date with the object's changes.
///
/// ```swift
/// class Contact: ObservableObject {
///     @Published var name = ""
/// }
///
/// struct ContactAtom: ObservableObjectAtom, Hashable {
///     func object(context: Context) -> Contact {
///         Contact()
///     }
/// }
/// ```
/// The value is the object itself, which stays the same instance while it changes. On Apple
/// platforms the object is a Combine `ObservableObject`; on Linux an OpenCombine one
/// (`import OpenCombine`).
///
/// `objectWillChange` fires *before* a change, so the atom does not commit at that moment:
/// it hops to the main actor and commits once the code that changed the object has run, when
/// readers see the new state. Every `objectWillChange` in one main-actor turn joins the same
/// commit (`object changed ContactAtom`): setting three properties in a row recomputes what
/// depends on the object once, not three times. Change the object on the main actor; a change
/// made on another thread is committed on the main actor soon after, and may be seen before it
/// has finished.
///
/// When an atom that ``object(context:)`` watches changes, a new object is created and the
/// old one is no longer followed; to use other atoms without recreating the object, pass the
/// object an ``AtomContext`` and `read` through it.
public protocol ObservableObjectAtom: _AsyncWorkAtom where Produced == ObjectType {
    /// The type of object.
    associatedtype ObjectType: ObservableObject

    /// Creates the object. Atoms it watches become dependencies.
    @MainActor
    func object(context: Context) -> ObjectType
}

public extension ObservableObjectAtom {
    @MainActor
    func _produce(context: AtomTransactionContext) -> ObjectType {
        let object = object(context: context)
        context.store.observeChanges(for: Self.self, context: context) { signal in
            // Nonisolated: `objectWillChange` fires on the thread that changes the object.
            let subscription = object.objectWillChange.sink { @Sendable _ in signal.send() }
            return { subscription.cancel() }
        }
        return object
    }

    var _kind: AtomKind { .observableObject }
}
