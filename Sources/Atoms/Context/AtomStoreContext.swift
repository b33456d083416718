/// A context that works directly on a store. The four contexts differ in how they watch;
/// everything else they do the same way, here.
///
/// An implementation detail that has to be public for the contexts' conformances; do not
/// conform to it yourself.
@MainActor
public protocol _AtomStoreContext: AtomContext {
    /// The store the context works on.
    var _store: AtomStore { get }
    /// The scope the context resolves atoms in; `nil` for the root.
    var _scopeChain: _AtomScopeChain? { get }
}

extension _AtomStoreContext {
    var scope: ScopeState? { _scopeChain?.state }
}

public extension _AtomStoreContext {
    // Inlinable, so that reading one of the atoms a program returns to compiles, in the
    // caller's module, to a comparison of keys and a load (see `TypedWrite.swift`).
    @inlinable
    func read<A: Atom>(_ atom: A) -> A.Produced {
        guard let scope = _scopeChain else { return _store.typedRead(atom) }
        return _store.read(atom, in: scope.state, at: nil)
    }

    // Inlinable, so that setting one of the atoms a program returns to compiles, in the
    // caller's module, to a comparison of keys and a typed store (see `TypedWrite.swift`).
    @inlinable
    func set<A: StateAtom>(_ value: A.Produced, for atom: A, at location: SourceLocation) {
        guard let scope = _scopeChain else { return _store.typedSet(value, for: atom, at: location) }
        _store.set(value, for: atom, in: scope.state, at: location)
    }

    func modify<Node: StateAtom>(_ atom: Node, at location: SourceLocation, body: (inout Node.Produced) -> Void) {
        _store.modify(atom, in: scope, at: location, body: body)
    }

    func reset<Node: Atom>(_ atom: Node, at location: SourceLocation) {
        _store.reset(atom, in: scope, at: location)
    }

    func batch<T>(_ label: String?, at location: SourceLocation, _ body: () throws -> T) rethrows -> T {
        try _store.batch(label: label, at: location, body)
    }

    func refresh<Node: AsyncAtom>(_ atom: Node, at location: SourceLocation) async -> Node.Produced {
        await atom._refresh(context: AtomCurrentContext(store: _store, scope: scope), at: location)
    }

    func refresh<Node: Refreshable>(_ atom: Node, at location: SourceLocation) async -> Node.Produced {
        await _store.refreshCustom(atom, in: scope, at: location)
    }
}
