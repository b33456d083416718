/// An atom that runs an asynchronous function and provides its ``AsyncPhase``: `suspending`
/// until the function returns, then `success` or `failure`.
///
/// The failure type follows typed throws:
///
/// | function | value |
/// |---|---|
/// | `async throws(E) -> T` | `AsyncPhase<T, E>` |
/// | `async throws -> T` | `AsyncPhase<T, any Error>` |
/// | `async -> T` | `AsyncPhase<T, Never>` |
///
/// ```swift
/// struct FetchTrendingSongsAtom: AsyncPhaseAtom, Hashable {
///     func value(context: Context) async throws(FetchSongsError) -> [Song] {
///         try await fetchTrendingSongs()
///     }
/// }
/// ```
public protocol AsyncPhaseAtom: AsyncAtom, _AsyncWorkAtom where Produced == AsyncPhase<Success, Failure> {
    /// The type of the function's result.
    associatedtype Success
    /// The type of error the function throws.
    associatedtype Failure: Error

    /// The asynchronous work. What it watches, before or after an `await`, is a dependency.
    @MainActor
    func value(context: Context) async throws(Failure) -> Success
}

public extension AsyncPhaseAtom {
    @MainActor
    func _produce(context: AtomTransactionContext) -> AsyncPhase<Success, Failure> {
        context.store.startPhase(for: Self.self, context: context) { () async throws(Failure) -> Success in
            try await value(context: context)
        }
    }

    var _kind: AtomKind { .asyncPhase }
}
