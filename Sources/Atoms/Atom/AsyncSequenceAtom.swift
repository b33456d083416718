/// An atom that iterates an `AsyncSequence` and provides the latest element as an
/// ``AsyncPhase``: `suspending` until the first element, `success` with each element, and
/// `failure` if the sequence throws.
///
/// ```swift
/// struct TicksAtom: AsyncSequenceAtom, Hashable {
///     func sequence(context: Context) -> AsyncStream<Int> {
///         clock.ticks()
///     }
/// }
/// ```
/// Each element is one commit (`sequence element TicksAtom`). The iteration stops when the
/// atom is recomputed or released.
public protocol AsyncSequenceAtom: AsyncAtom, _AsyncWorkAtom where Produced == AsyncPhase<Sequence.Element, any Error> {
    /// The type of sequence.
    associatedtype Sequence: AsyncSequence

    /// Creates the sequence to iterate. What it watches becomes a dependency.
    @MainActor
    func sequence(context: Context) -> Sequence
}

public extension AsyncSequenceAtom {
    @MainActor
    func _produce(context: AtomTransactionContext) -> AsyncPhase<Sequence.Element, any Error> {
        let sequence = sequence(context: context)
        return context.store.startSequence(for: Self.self, context: context) { sequence }
    }

    var _kind: AtomKind { .asyncSequence }
}
