/// A context for unit tests: a store of its own, overrides, and ways to observe and await
/// updates.
///
/// ```swift
/// @MainActor @Test func doubles() {
///     let context = AtomTestContext()
///     context.override(CounterAtom()) { _ in 2 }
///     #expect(context.watch(DoubledAtom()) == 4)
/// }
/// ```
/// Each test context is hermetic: no state is shared with other contexts. Releasing the
/// context releases its store and every value in it, and cancels the work of async atoms
/// still running (tasks, sequences, subscriptions, object observations).
@MainActor
public final class AtomTestContext: AtomWatchableContext, _AtomStoreContext {
    let store = AtomStore()

    public var _store: AtomStore { store }
    public var _scopeChain: _AtomScopeChain? { nil }
    let subscriber: Subscriber
    private let waiters: UpdateWaiters

    /// Creates a context with an empty store.
    public init(fileID: String = #fileID, line: UInt = #line) {
        subscriber = store.makeSubscriber(at: SourceLocation(fileID: fileID, line: line), scope: nil)
        waiters = UpdateWaiters(listeningTo: subscriber)
    }

    isolated deinit {
        waiters.resumeAll(updated: false)
        // The store is this context's alone, so its work ends with it: a task or a stream
        // still running would otherwise keep the store, and everything in it, alive.
        store.stopAllWork()
    }

    /// Called once after each transaction that changed an atom this context watches.
    public var onUpdate: (@MainActor () -> Void)? {
        get { subscriber.onUpdate }
        set { subscriber.onUpdate = newValue }
    }

    public func watch<Node: Atom>(_ atom: Node, at location: SourceLocation) -> Node.Produced {
        store.watch(atom, subscriber: subscriber, at: location)
    }

    /// The cached value of an atom, or `nil` if it is not cached. Creates nothing.
    public func lookup<Node: Atom>(_ atom: Node) -> Node.Produced? {
        store.lookupNode(atom, in: nil)?.value
    }


    /// Simulates that the atom is no longer watched: it is released if nothing else uses it.
    public func unwatch<Node: Atom>(_ atom: Node, fileID: String = #fileID, line: UInt = #line) {
        store.unwatch(atom, subscriber: subscriber, at: SourceLocation(fileID: fileID, line: line))
    }

    /// Replaces the value of one atom instance. Applies from the atom's next computation.
    public func override<Node: Atom>(_ atom: Node, with value: @escaping @MainActor (Node) -> Node.Produced) {
        store.overrides.set(atom, value: value)
    }

    /// Replaces the value of every atom of a type. An instance override still wins.
    public func override<Node: Atom>(_ atomType: Node.Type, with value: @escaping @MainActor (Node) -> Node.Produced) {
        store.overrides.set(atomType, value: value)
    }

    /// Captures the values, dependencies and subscriptions of the context's store.
    public func snapshot() -> Snapshot {
        store.makeSnapshot()
    }

    /// Puts a snapshot's values back in one transaction.
    public func restore(_ snapshot: Snapshot, fileID: String = #fileID, line: UInt = #line) {
        store.restore(snapshot, at: SourceLocation(fileID: fileID, line: line))
    }

    /// Receives every commit of the context's store.
    public func observeCommits(_ body: @escaping @MainActor (AtomCommit) -> Void) -> AtomObservation {
        store.observeCommits(body)
    }

    /// Waits until an atom this context watches is updated.
    ///
    /// - Parameter duration: Seconds to wait at most; `nil` waits as long as it takes.
    /// - Returns: `true` if an update arrived, `false` if the time ran out first.
    @discardableResult
    public func waitForUpdate(timeout duration: Double? = nil) async -> Bool {
        await waiters.wait(timeout: duration)
    }

    /// Watches an atom and waits until its value satisfies `predicate`.
    ///
    /// ```swift
    /// let loaded = await context.wait(for: FetchBookAtom(isbn: isbn).phase, timeout: 5) { $0.isSuccess }
    /// ```
    /// - Parameter duration: Seconds to wait at most; `nil` waits as long as it takes.
    /// - Returns: `true` once the value satisfies `predicate` (at once if it already does),
    ///   `false` if the time ran out first.
    @discardableResult
    public func wait<Node: Atom>(
        for atom: Node, timeout duration: Double? = nil,
        fileID: String = #fileID, line: UInt = #line,
        until predicate: (Node.Produced) -> Bool
    ) async -> Bool {
        let location = SourceLocation(fileID: fileID, line: line)
        let clock = ContinuousClock()
        let deadline = duration.map { clock.now.advanced(by: .seconds(max(0, $0))) }
        while true {
            if predicate(watch(atom, at: location)) { return true }
            var remaining: Double?
            if let deadline {
                let left = clock.now.duration(to: deadline)
                guard left > .zero else { return false }
                remaining = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
            }
            guard await waitForUpdate(timeout: remaining) else {
                return predicate(watch(atom, at: location))
            }
        }
    }
}
