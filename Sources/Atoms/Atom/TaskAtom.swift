/// An atom that starts a non-throwing task and provides the `Task`.
///
/// ```swift
/// struct FetchUserAtom: TaskAtom, Hashable {
///     func value(context: Context) async -> User? {
///         await fetchUser()
///     }
/// }
///
/// let user = await context.watch(FetchUserAtom()).value
/// ```
/// Watch ``TaskAtom/phase`` instead to get an ``AsyncPhase`` that updates when the task
/// finishes.
public protocol TaskAtom: AsyncAtom, _AsyncWorkAtom where Produced == Task<Value, Never> {
    /// The type of the task's result.
    associatedtype Value: Sendable

    /// The asynchronous work. What it watches, before or after an `await`, is a dependency.
    @MainActor
    func value(context: Context) async -> Value
}

public extension TaskAtom {
    @MainActor
    func _produce(context: AtomTransactionContext) -> Task<Value, Never> {
        context.store.startTask(for: Self.self, context: context) {
            await value(context: context)
        }
    }

    @MainActor
    func _adoptOverride(_ value: Task<Value, Never>, context: AtomTransactionContext) -> Task<Value, Never> {
        _ = context.store.startTask(for: Self.self, context: context) { await value.value }
        return value
    }

    var _kind: AtomKind { .task }
}
