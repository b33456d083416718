/// An atom that starts a throwing task and provides the `Task`.
///
/// ```swift
/// struct FetchMoviesAtom: ThrowingTaskAtom, Hashable {
///     func value(context: Context) async throws -> [Movie] {
///         try await fetchMovies()
///     }
/// }
///
/// let movies = try await context.watch(FetchMoviesAtom()).value
/// ```
public protocol ThrowingTaskAtom: AsyncAtom, _AsyncWorkAtom where Produced == Task<Value, any Error> {
    /// The type of the task's result.
    associatedtype Value: Sendable

    /// The asynchronous work. What it watches, before or after an `await`, is a dependency.
    @MainActor
    func value(context: Context) async throws -> Value
}

public extension ThrowingTaskAtom {
    @MainActor
    func _produce(context: AtomTransactionContext) -> Task<Value, any Error> {
        context.store.startThrowingTask(for: Self.self, context: context) {
            try await value(context: context)
        }
    }

    @MainActor
    func _adoptOverride(_ value: Task<Value, any Error>, context: AtomTransactionContext) -> Task<Value, any Error> {
        _ = context.store.startThrowingTask(for: Self.self, context: context) { try await value.value }
        return value
    }

    var _kind: AtomKind { .throwingTask }
}
