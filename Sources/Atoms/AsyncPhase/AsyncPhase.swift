/// Where an asynchronous operation stands: still running, finished with a value, or failed.
///
/// ```swift
/// switch context.watch(FetchWeatherAtom().phase) {
/// case .suspending: print("loading")
/// case .success(let weather): print(weather)
/// case .failure(let error): print(error)
/// }
/// ```
/// The failure type follows typed throws: `AsyncPhase<T, Never>` cannot fail, and an atom
/// that `throws(FetchError)` produces `AsyncPhase<T, FetchError>`.
public enum AsyncPhase<Success, Failure: Error> {
    /// The operation has not finished.
    case suspending
    /// The operation finished with a value.
    case success(Success)
    /// The operation failed.
    case failure(Failure)

    /// The phase of a finished operation.
    public init(_ result: Result<Success, Failure>) {
        switch result {
        case .success(let value): self = .success(value)
        case .failure(let error): self = .failure(error)
        }
    }

    /// Runs an operation to its end and captures how it ended.
    ///
    /// ```swift
    /// phase = await AsyncPhase { try await api.fetchMessages(offset: 0) }
    /// ```
    /// The operation runs on the caller's actor, so it may capture the caller's state (a
    /// main-actor object's properties) without being `Sendable`.
    public init(isolation: isolated (any Actor)? = #isolation, _ body: () async throws(Failure) -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }

    /// Whether the operation is still running.
    public var isSuspending: Bool {
        if case .suspending = self { return true }
        return false
    }

    /// Whether the operation finished with a value.
    public var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }

    /// Whether the operation failed.
    public var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }

    /// The value, if the operation finished with one.
    public var value: Success? {
        if case .success(let value) = self { return value }
        return nil
    }

    /// The error, if the operation failed.
    public var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// The finished operation as a `Result`, or `nil` while it is still running.
    public var result: Result<Success, Failure>? {
        switch self {
        case .suspending: nil
        case .success(let value): .success(value)
        case .failure(let error): .failure(error)
        }
    }

    /// Transforms the value, keeping the phase.
    public func map<NewSuccess>(_ transform: (Success) -> NewSuccess) -> AsyncPhase<NewSuccess, Failure> {
        flatMap { .success(transform($0)) }
    }

    /// Transforms the error, keeping the phase.
    public func mapError<NewFailure>(_ transform: (Failure) -> NewFailure) -> AsyncPhase<Success, NewFailure> {
        flatMapError { .failure(transform($0)) }
    }

    /// Replaces a value with the phase `transform` returns for it.
    public func flatMap<NewSuccess>(_ transform: (Success) -> AsyncPhase<NewSuccess, Failure>) -> AsyncPhase<NewSuccess, Failure> {
        switch self {
        case .suspending: .suspending
        case .success(let value): transform(value)
        case .failure(let error): .failure(error)
        }
    }

    /// Replaces an error with the phase `transform` returns for it.
    public func flatMapError<NewFailure>(_ transform: (Failure) -> AsyncPhase<Success, NewFailure>) -> AsyncPhase<Success, NewFailure> {
        switch self {
        case .suspending: .suspending
        case .success(let value): .success(value)
        case .failure(let error): transform(error)
        }
    }
}

extension AsyncPhase: Sendable where Success: Sendable {}
extension AsyncPhase: Equatable where Success: Equatable, Failure: Equatable {}
extension AsyncPhase: Hashable where Success: Hashable, Failure: Hashable {}
