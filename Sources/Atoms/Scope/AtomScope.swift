/// A part of an app with state of its own: ``Scoped`` atoms and scoped overrides live per
/// scope, and end with it.
///
/// A scope is a child of a root or of another scope. Contexts made by the scope resolve
/// atoms through it:
///
/// ```swift
/// let root = AtomRoot()
/// let pane = AtomScope(in: root, id: PaneScopeID())
///     .scopedOverride(APIClientAtom()) { _ in StubAPIClient() }
///     .scopedObserve { snapshot in print(snapshot.lookup(SearchQueryAtom()) ?? "") }
/// let context = pane.context()
/// context.set("cats", for: SearchQueryAtom())     // SearchQueryAtom is Scoped
/// ```
///
/// - An override made with ``scopedOverride(_:with:)`` applies to contexts of this scope
///   only, not to nested scopes; the overridden atom is kept in this scope.
/// - A nested scope shares a scoped atom with an outer one when the atom's
///   ``Scoped/scopeID`` names the outer scope's id.
/// - ``init(inheriting:fileID:line:)`` makes a scope that resolves exactly as a given
///   context does, overrides included.
/// - When the scope ends (``close(fileID:line:)``, or when the scope and every context it
///   made are gone), every atom it owns is released, `KeepAlive` atoms too, in one commit.
@MainActor
public final class AtomScope {
    /// The store the scope belongs to.
    public let store: AtomStore
    let state: ScopeState
    /// Keeps the parent scope, root or inherited context alive while this scope is.
    private let parent: AnyObject

    /// Creates a scope directly below a root.
    ///
    /// - Parameter id: Matched against the ``Scoped/scopeID`` of scoped atoms; its
    ///   description also names the scope in atom ids. Without one, the scope is named by
    ///   where it was created.
    public init(in root: AtomRoot, id: (any Hashable & Sendable)? = nil, fileID: String = #fileID, line: UInt = #line) {
        store = root.store
        parent = root
        state = root.store.makeScope(id: id, parent: nil, location: SourceLocation(fileID: fileID, line: line))
    }

    /// Creates a scope nested in another scope.
    public init(in parentScope: AtomScope, id: (any Hashable & Sendable)? = nil, fileID: String = #fileID, line: UInt = #line) {
        store = parentScope.store
        parent = parentScope
        state = parentScope.store.makeScope(id: id, parent: parentScope.state, location: SourceLocation(fileID: fileID, line: line))
    }

    /// Creates a scope that resolves atoms exactly as `context` does: in the context's
    /// scope, with its overrides, adding only the overrides and observers made on it. Use it
    /// to observe or adjust part of an app without losing what the parent scope set up.
    public init(inheriting context: AtomViewContext, fileID: String = #fileID, line: UInt = #line) {
        store = context.store
        parent = context
        state = context.store.makeScope(
            id: nil, parent: context.subscriber.scope, location: SourceLocation(fileID: fileID, line: line), isTransparent: true
        )
    }

    isolated deinit {
        close()
    }

    /// The scope's name, as scoped atom ids end with it (`SearchQueryAtom @ NAME`).
    public var name: String { state.name }

    /// A new context that reads, writes and watches atoms through this scope.
    ///
    /// - Parameter name: What commits, snapshot graphs, journals and `atomscope` call the
    ///   context as a subscriber; without one (or with an empty one), the `File.swift:line`
    ///   where it first watched.
    public func context(name: String? = nil, fileID: String = #fileID, line: UInt = #line) -> AtomViewContext {
        AtomViewContext(store: store, owner: self, scope: state, location: SourceLocation(fileID: fileID, line: line), name: name)
    }

    /// Replaces one atom instance's value for contexts of this scope only. Applies from the
    /// atom's next computation.
    @discardableResult
    public func scopedOverride<Node: Atom>(_ atom: Node, with value: @escaping @MainActor (Node) -> Node.Produced) -> AtomScope {
        state.overrides.set(atom, value: value)
        return self
    }

    /// Replaces the value of every atom of a type for contexts of this scope only. An
    /// instance override still wins.
    @discardableResult
    public func scopedOverride<Node: Atom>(_ atomType: Node.Type, with value: @escaping @MainActor (Node) -> Node.Produced) -> AtomScope {
        state.overrides.set(atomType, value: value)
        return self
    }

    /// Receives a snapshot after every commit that changed an atom of this scope or an atom
    /// that a context of this scope watches. The snapshot's ``Snapshot/lookup(_:)`` finds
    /// atoms as this scope sees them.
    @discardableResult
    public func scopedObserve(_ onUpdate: @escaping @MainActor (Snapshot) -> Void) -> AtomScope {
        store.addScopeObserver(onUpdate, for: state, owner: ObjectIdentifier(self))
        return self
    }

    /// Ends the scope: releases every atom it and its nested scopes own, `KeepAlive` atoms
    /// too, in one commit, and stops its observers. Contexts of an ended scope still work,
    /// but keep what they create only as long as they watch it.
    public func close(fileID: String = #fileID, line: UInt = #line) {
        store.removeScopeObservers(owner: ObjectIdentifier(self))
        guard state.isOpen else { return }
        store.endScope(state, at: SourceLocation(fileID: fileID, line: line))
    }
}
