import Atoms

/// A stub search service whose responses the session releases explicitly, in any order.
///
/// Each call to ``search(_:)`` is a numbered request that suspends until ``respond(to:with:)``
/// releases it. The stub ignores cancellation, as a network response already on its way
/// would: a superseded search still returns, and the store must drop what it returns.
/// Nothing here waits on time; every wait is a continuation that the session resumes.
@MainActor
final class ScriptedSearchAPI: SearchAPI, CustomStringConvertible {
    private(set) var queries: [String] = []
    private var pending: [Int: CheckedContinuation<Result<[Song], SearchError>, Never>] = [:]
    private var requestWaiters: [Int: [CheckedContinuation<String, Never>]] = [:]

    nonisolated var description: String { "ScriptedSearchAPI" }

    func search(_ query: String) async throws(SearchError) -> [Song] {
        queries.append(query)
        let number = queries.count
        for waiter in requestWaiters.removeValue(forKey: number) ?? [] {
            waiter.resume(returning: query)
        }
        let result = await withCheckedContinuation { pending[number] = $0 }
        return try result.get()
    }

    /// Waits until request `number` (counting from 1) has been made and returns its query.
    func request(_ number: Int) async -> String {
        if number <= queries.count { return queries[number - 1] }
        return await withCheckedContinuation { requestWaiters[number, default: []].append($0) }
    }

    /// Releases the response of request `number`, which must be waiting for it.
    func respond(to number: Int, with result: Result<[Song], SearchError>) {
        guard let continuation = pending.removeValue(forKey: number) else {
            preconditionFailure("request \(number) is not waiting for a response")
        }
        continuation.resume(returning: result)
    }
}
