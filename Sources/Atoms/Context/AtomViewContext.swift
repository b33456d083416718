/// A context for code outside the graph (a CLI screen, a server handler, a test) that
/// watches atoms the way a SwiftUI view does in other atom libraries.
///
/// Get one from ``AtomRoot/context(name:fileID:line:)``, or from
/// ``AtomScope/context(name:fileID:line:)`` to resolve ``Scoped`` atoms and scoped overrides in
/// that scope. Its ``watch(_:at:)`` makes the context a subscriber, shown by the name given
/// to `context(name:)` or, without one, by where it first watched (`File.swift:line`);
/// ``onUpdate`` is called once after each transaction that changed something it watches, and
/// ``waitForUpdate(timeout:)`` awaits the next one. The context stops watching when you call
/// ``unwatchAll(fileID:line:)`` or when it is released.
@MainActor
public final class AtomViewContext: AtomWatchableContext, _AtomStoreContext {
    @usableFromInline let store: AtomStore

    // Inlinable, as the reads and writes that use them are: a call to each getter at every
    // `set` and `read` of the context cost about 40 instructions and a retain.
    @inlinable public var _store: AtomStore { store }
    @inlinable public var _scopeChain: _AtomScopeChain? {
        guard let scope = subscriber.scope else { return nil }
        return _AtomScopeChain(state: scope)
    }
    @usableFromInline let subscriber: Subscriber
    /// Keeps the root or scope that made the context, and with it their observers and
    /// scoped atoms, alive while the context is used.
    private let owner: AnyObject?
    private let waiters: UpdateWaiters

    init(store: AtomStore, owner: AnyObject?, scope: ScopeState?, location: SourceLocation, name: String? = nil) {
        self.store = store
        self.owner = owner
        subscriber = store.makeSubscriber(at: location, scope: scope, name: name)
        waiters = UpdateWaiters(listeningTo: subscriber)
    }

    isolated deinit {
        store.unwatchAll(subscriber: subscriber, at: nil)
        waiters.resumeAll(updated: false)
    }

    /// Called once after each transaction that changed an atom this context watches.
    public var onUpdate: (@MainActor () -> Void)? {
        get { subscriber.onUpdate }
        set { subscriber.onUpdate = newValue }
    }

    /// Waits until an atom this context watches is updated.
    ///
    /// Resumes after the next transaction that changed something the context watches, the
    /// same transaction after which ``onUpdate`` is called (first ``onUpdate``, then the
    /// waiters); ``onUpdate`` itself is left alone. Updates of atoms the context does not
    /// watch do not wake it.
    ///
    /// ```swift
    /// let screen = root.context(name: "SearchScreen")
    /// _ = screen.watch(SearchAtom().phase)
    /// if await screen.waitForUpdate(timeout: 5) {
    ///     print(screen.watch(SearchAtom().phase))
    /// }
    /// ```
    /// - Parameter duration: Seconds to wait at most; `nil` waits as long as it takes.
    /// - Returns: `true` if an update arrived, `false` if the time ran out first.
    @discardableResult
    public func waitForUpdate(timeout duration: Double? = nil) async -> Bool {
        await waiters.wait(timeout: duration)
    }

    // Inlinable, so that the recomputation it hands over for a new atom is compiled in the
    // atom's module (`TypedEvaluation.swift`).
    @inlinable
    public func watch<A: Atom>(_ atom: A, at location: SourceLocation) -> A.Produced {
        // An atom this context watches already: found and read typed, first where an effect
        // that watches one atom finds it (`Subscriber.firstWatchedCell`), then among the
        // others (`Subscriber.watchedCell`).
        let key = atom.key
        if let first = subscriber.firstWatchedCell, first.pointee.atomType == ObjectIdentifier(A.self),
           Node<A>.hasKey(cell: first, key) {
            return Node<A>.currentValue(cell: first, in: store)
        }
        if let found = subscriber.watchedCell(type: ObjectIdentifier(A.self), matches: { Node<A>.hasKey(cell: $0, key) }) {
            return Node<A>.currentValue(cell: found, in: store)
        }
        return store.watch(atom, subscriber: subscriber, at: location, typed: { Node<A>.evaluateTyped($0, with: &$1) })
    }

    /// Stops watching one atom; it is released if nothing else uses it.
    public func unwatch<Node: Atom>(_ atom: Node, fileID: String = #fileID, line: UInt = #line) {
        store.unwatch(atom, subscriber: subscriber, at: SourceLocation(fileID: fileID, line: line))
    }

    /// Stops watching every atom; those that nothing else uses are released.
    public func unwatchAll(fileID: String = #fileID, line: UInt = #line) {
        store.unwatchAll(subscriber: subscriber, at: SourceLocation(fileID: fileID, line: line))
    }

    /// Captures the values, dependencies and subscriptions of the whole store.
    public func snapshot() -> Snapshot {
        store.makeSnapshot()
    }

    /// Puts a snapshot's values back in one transaction, notifying only the subscribers
    /// whose watched values differ.
    public func restore(_ snapshot: Snapshot, fileID: String = #fileID, line: UInt = #line) {
        store.restore(snapshot, at: SourceLocation(fileID: fileID, line: line))
    }
}
