/// An atom that provides a read-only value derived from its context.
///
/// Use it for derived data and for dependency injection. The value is computed the first
/// time the atom is used and recomputed whenever an atom it watches changes.
///
/// ```swift
/// struct DoubledAtom: ValueAtom, Hashable {
///     func value(context: Context) -> Int {
///         context.watch(CounterAtom()) * 2
///     }
/// }
/// ```
public protocol ValueAtom: Atom where Produced == Value {
    /// The type of value this atom provides.
    associatedtype Value

    /// Computes the value. Atoms watched through `context` become dependencies.
    @MainActor
    func value(context: Context) -> Value
}

public extension ValueAtom {
    @MainActor
    func _produce(context: AtomTransactionContext) -> Value {
        value(context: context)
    }

    var _kind: AtomKind { .value }
}
