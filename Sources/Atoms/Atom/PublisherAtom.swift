#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// An atom that subscribes to a publisher and provides its latest event as an
/// ``AsyncPhase``: `suspending` until the first value, `success` with each value, and
/// `failure` with the publisher's own failure type when it fails.
///
/// ```swift
/// struct TimerAtom: PublisherAtom, Hashable {
///     func publisher(context: Context) -> AnyPublisher<Date, Never> {
///         Timer.publish(every: 1, on: .main, in: .default)
///             .autoconnect()
///             .eraseToAnyPublisher()
///     }
/// }
/// ```
/// On Apple platforms the publisher is a Combine publisher; on Linux, where Combine does not
/// exist, it is an OpenCombine publisher (`import OpenCombine`), so the same atom compiles on
/// both.
///
/// Publishers may emit on any thread, so their values cross to the main actor and must be
/// `Sendable`; they arrive in the order the publisher emitted them. Each value is one commit
/// (`publisher value TimerAtom`), a failure one commit (`publisher failed TimerAtom`). The
/// subscription is cancelled when the atom is recomputed or released, and nothing a cancelled
/// subscription emitted after that lands.
public protocol PublisherAtom: AsyncAtom, _AsyncWorkAtom where Produced == AsyncPhase<Publisher.Output, Publisher.Failure> {
    #if canImport(Combine)
    /// The type of publisher. Its values cross threads to reach the store, hence `Sendable`.
    associatedtype Publisher: Combine.Publisher where Publisher.Output: Sendable
    #else
    /// The type of publisher. Its values cross threads to reach the store, hence `Sendable`.
    associatedtype Publisher: OpenCombine.Publisher where Publisher.Output: Sendable
    #endif

    /// Creates the publisher to subscribe to. What it watches becomes a dependency, and a
    /// change of one of them subscribes to a new publisher.
    @MainActor
    func publisher(context: Context) -> Publisher
}

public extension PublisherAtom {
    @MainActor
    func _produce(context: AtomTransactionContext) -> AsyncPhase<Publisher.Output, Publisher.Failure> {
        context.store.startPublisher(for: Self.self, context: context, publisher: publisher(context: context))
    }

    var _kind: AtomKind { .publisher }
}
