import Atoms

/// Hands out suspended operations that a test completes explicitly, in any order, so async
/// tests never wait on time.
@MainActor
final class Gate<Key: Hashable, Value: Sendable> {
    private var waiting: [Key: [CheckedContinuation<Value, Never>]] = [:]
    private var opened: [Key: Value] = [:]
    private(set) var started: [Key] = []
    private(set) var cancelled: [Key] = []

    private var startWaiters: [Key: [CheckedContinuation<Void, Never>]] = [:]

    /// Suspends until an operation waits for `key`.
    func started(_ key: Key) async {
        if started.contains(key) { return }
        await withCheckedContinuation { startWaiters[key, default: []].append($0) }
    }

    /// Suspends until `open(key, with:)`; returns at once if it was opened already.
    func wait(_ key: Key) async -> Value {
        started.append(key)
        for continuation in startWaiters.removeValue(forKey: key) ?? [] {
            continuation.resume()
        }
        if let value = opened[key] { return value }
        return await withCheckedContinuation { waiting[key, default: []].append($0) }
    }

    /// Like `wait`, then notes whether the task was cancelled meanwhile.
    func waitNotingCancellation(_ key: Key) async -> Value {
        let value = await wait(key)
        if Task.isCancelled { cancelled.append(key) }
        noteFinished(key)
        return value
    }

    private var finished: Set<Key> = []
    private var finishWaiters: [Key: [CheckedContinuation<Void, Never>]] = [:]

    /// Called by an operation as it returns. Everything it does in the same main-actor job,
    /// the store's delivery included, happens before `finished(key)` resumes.
    func noteFinished(_ key: Key) {
        finished.insert(key)
        for continuation in finishWaiters.removeValue(forKey: key) ?? [] {
            continuation.resume()
        }
    }

    /// Suspends until the operation for `key` has returned.
    func finished(_ key: Key) async {
        if finished.contains(key) { return }
        await withCheckedContinuation { finishWaiters[key, default: []].append($0) }
    }

    func open(_ key: Key, with value: Value) {
        opened[key] = value
        for continuation in waiting.removeValue(forKey: key) ?? [] {
            continuation.resume(returning: value)
        }
    }
}

/// A gate that can be part of an atom's key: equal only to itself.
final class GateBox<Key: Hashable, Value: Sendable>: Hashable, Sendable {
    let gate: Gate<Key, Value>

    @MainActor init() { gate = Gate() }

    static func == (lhs: GateBox, rhs: GateBox) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Collects commit causes and changes of a store.
@MainActor
final class CommitLog {
    private(set) var causes: [String] = []
    private(set) var updated: [[String]] = []
    private var observation: AtomObservation?

    init(_ context: AtomTestContext) {
        observation = context.observeCommits { [weak self] commit in
            self?.causes.append(commit.cause.description)
            self?.updated.append(commit.changes.updated.map { "\($0.atom.id)=\(String(describing: $0.value!))" })
        }
    }
}
