/// The context an atom computes its value with.
///
/// Atoms watched through it become the atom's dependencies: when one of them changes, the
/// atom is recomputed. Each computation records afresh what it watched.
@MainActor
public struct AtomTransactionContext: AtomWatchableContext, _AtomStoreContext {
    let store: AtomStore

    public var _store: AtomStore { store }
    public var _scopeChain: _AtomScopeChain? { scope.map(_AtomScopeChain.init) }
    let frame: EvaluationFrame
    let token: Int
    /// The scope the evaluating atom resolves atoms in; `nil` for the root.
    let scope: ScopeState?

    init(store: AtomStore, frame: EvaluationFrame, token: Int, scope: ScopeState?) {
        self.store = store
        self.frame = frame
        self.token = token
        self.scope = scope
    }

    /// The value of an atom, made a dependency of the atom being computed. Used after the
    /// computation returned (from a stored closure), it only reads.
    public func watch<Node: Atom>(_ atom: Node, at location: SourceLocation) -> Node.Produced {
        store.watch(atom, frame: frame, token: token, scope: scope)
    }

}
