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
    func read<Node: Atom>(_ atom: Node) -> Node.Produced {
        _store.read(atom, in: scope, at: nil)
    }

    func set<Node: StateAtom>(_ value: Node.Produced, for atom: Node, at location: SourceLocation) {
        _store.set(value, for: atom, in: scope, at: location)
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
