#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

extension AtomStore {
    /// Subscribes to a publisher; each value, and a failure, becomes the node's value.
    ///
    /// A publisher may emit on any thread. Its events go, in order, through a stream to a
    /// main-actor task that delivers each one as a commit of its own; the failure keeps the
    /// publisher's own type. Stopping the run cancels the subscription.
    func startPublisher<A: Atom, Events: Publisher>(
        for _: A.Type, context: AtomTransactionContext, publisher: Events
    ) -> AsyncPhase<Events.Output, Events.Failure>
    where A.Produced == AsyncPhase<Events.Output, Events.Failure>, Events.Output: Sendable {
        let run = beginRun(context, kind: .publisher)
        let (events, continuation) = AsyncStream<Result<Events.Output, Events.Failure>>.makeStream()
        let subscription = publisher.sink(
            // `@Sendable` keeps these closures nonisolated: they run on whatever thread the
            // publisher emits on, not on the main actor this function runs on.
            receiveCompletion: { @Sendable completion in
                if case .failure(let error) = completion {
                    continuation.yield(.failure(error))
                }
                continuation.finish()
            },
            receiveValue: { @Sendable value in continuation.yield(.success(value)) }
        )
        let task = Self.immediateTask { @MainActor [weak self] in
            for await event in events {
                switch event {
                case .success(let value):
                    self?.deliver(.success(value), status: nil, from: run, as: A.self, failed: false, isLast: false)
                case .failure(let error):
                    self?.deliver(.failure(error), status: nil, from: run, as: A.self, failed: true, isLast: true)
                    return
                }
            }
            run.finish()
        }
        run.stop = {
            subscription.cancel()
            continuation.finish()
            task.cancel()
        }
        return run.synchronousValue as? A.Produced ?? .suspending
    }
}
