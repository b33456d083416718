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
    let store: AtomStore

    public var _store: AtomStore { store }
    public var _scopeChain: _AtomScopeChain? { subscriber.scope.map(_AtomScopeChain.init) }
    let subscriber: Subscriber
    /// Keeps the root or scope that made the context, and with it their observers and
    /// scoped atoms, alive while the context is used.
    private let owner: AnyObject?

    init(store: AtomStore, owner: AnyObject?, scope: ScopeState?, location: SourceLocation, name: String? = nil) {
        self.store = store
        self.owner = owner
        subscriber = store.makeSubscriber(at: location, scope: scope, name: name)
    }

    isolated deinit {
        store.unwatchAll(subscriber: subscriber, at: nil)
    }

    /// Called once after each transaction that changed an atom this context watches.
    public var onUpdate: (@MainActor () -> Void)? {
        get { subscriber.onUpdate }
        set { subscriber.onUpdate = newValue }
    }

    public func watch<Node: Atom>(_ atom: Node, at location: SourceLocation) -> Node.Produced {
        store.watch(atom, subscriber: subscriber, at: location)
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
