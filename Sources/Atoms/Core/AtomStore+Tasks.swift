// How the async atom kinds start their work. Each function starts a run for the node being
// evaluated and returns what the evaluation produces right away; later results arrive through
// `deliver`.

extension AtomStore {
    /// Starts a task whose result is the node's status; the node's value is the task.
    func startTask<A: Atom, Success: Sendable>(
        for _: A.Type, context: AtomTransactionContext, body: @escaping @MainActor () async -> Success
    ) -> Task<Success, Never> {
        let run = beginRun(context, kind: .task)
        if !run.isRefresh {
            run.node?.asyncStatus = AsyncPhase<Success, Never>.suspending
        }
        let task = Self.immediateTask { @MainActor [weak self] in
            let value = await body()
            self?.deliver(nil, status: AsyncPhase<Success, Never>.success(value), from: run, as: A.self, failed: false, isLast: true)
            return value
        }
        run.stop = { task.cancel() }
        return task
    }

    /// Starts a throwing task whose outcome is the node's status; the node's value is the task.
    func startThrowingTask<A: Atom, Success: Sendable>(
        for _: A.Type, context: AtomTransactionContext, body: @escaping @MainActor () async throws -> Success
    ) -> Task<Success, any Error> {
        let run = beginRun(context, kind: .task)
        if !run.isRefresh {
            run.node?.asyncStatus = AsyncPhase<Success, any Error>.suspending
        }
        let task = Self.immediateThrowingTask { @MainActor [weak self] in
            do {
                let value = try await body()
                self?.deliver(nil, status: AsyncPhase<Success, any Error>.success(value), from: run, as: A.self, failed: false, isLast: true)
                return value
            } catch {
                self?.deliver(nil, status: AsyncPhase<Success, any Error>.failure(error), from: run, as: A.self, failed: true, isLast: true)
                throw error
            }
        }
        run.stop = { task.cancel() }
        return task
    }

    /// Starts a task whose outcome becomes the node's value.
    func startPhase<A: Atom, Success, Failure: Error>(
        for _: A.Type, context: AtomTransactionContext, body: @escaping @MainActor () async throws(Failure) -> Success
    ) -> AsyncPhase<Success, Failure> where A.Produced == AsyncPhase<Success, Failure> {
        let run = beginRun(context, kind: .task)
        let task = Self.immediateTask { @MainActor [weak self] in
            let phase: AsyncPhase<Success, Failure>
            do throws(Failure) {
                phase = .success(try await body())
            } catch {
                phase = .failure(error)
            }
            self?.deliver(phase, status: nil, from: run, as: A.self, failed: phase.isFailure, isLast: true)
        }
        run.stop = { task.cancel() }
        return run.synchronousValue as? A.Produced ?? .suspending
    }

    /// Iterates a sequence; each element, and a failure, becomes the node's value.
    func startSequence<A: Atom, Elements: AsyncSequence>(
        for _: A.Type, context: AtomTransactionContext, elements: @escaping @MainActor () -> Elements
    ) -> AsyncPhase<Elements.Element, any Error> where A.Produced == AsyncPhase<Elements.Element, any Error> {
        let run = beginRun(context, kind: .sequence)
        let task = Self.immediateTask { @MainActor [weak self] in
            do {
                for try await element in elements() {
                    self?.deliver(.success(element), status: nil, from: run, as: A.self, failed: false, isLast: false)
                }
                run.finish()
            } catch {
                self?.deliver(.failure(error), status: nil, from: run, as: A.self, failed: true, isLast: true)
            }
        }
        run.stop = { task.cancel() }
        return run.synchronousValue as? A.Produced ?? .suspending
    }

    /// A task that starts running synchronously on the main actor, so that what an async atom
    /// watches before its first suspension is recorded by the evaluation itself; later watches
    /// go through `lateWatch`.
    static func immediateTask<Success: Sendable>(
        _ operation: sending @escaping @MainActor () async -> Success
    ) -> Task<Success, Never> {
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            return Task.immediate(operation: operation)
        }
        return Task(operation: operation)
    }

    static func immediateThrowingTask<Success: Sendable>(
        _ operation: sending @escaping @MainActor () async throws -> Success
    ) -> Task<Success, any Error> {
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            return Task.immediate(operation: operation)
        }
        return Task(operation: operation)
    }
}
