/// An atom that provides a read-write value.
///
/// The value starts as ``defaultValue(context:)`` and changes through `set`, `modify`, the
/// context subscript, or `reset`. If the default value watches other atoms, a change of
/// one of them resets the state to the new default.
///
/// ```swift
/// struct CounterAtom: StateAtom, Hashable {
///     func defaultValue(context: Context) -> Int { 0 }
/// }
/// ```
public protocol StateAtom: Atom where Produced == Value {
    /// The type of value this atom holds.
    associatedtype Value

    /// Computes the initial value, and the value after a reset.
    @MainActor
    func defaultValue(context: Context) -> Value
}

public extension StateAtom {
    @MainActor
    func _produce(context: AtomTransactionContext) -> Value {
        defaultValue(context: context)
    }

    var _kind: AtomKind { .state }
}
