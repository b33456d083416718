/// The context effects and custom resets work with: it reads and writes, but cannot watch.
@MainActor
public struct AtomCurrentContext: AtomContext, _AtomStoreContext {
    let store: AtomStore
    let scope: ScopeState?

    public var _store: AtomStore { store }
    public var _scopeChain: _AtomScopeChain? { scope.map(_AtomScopeChain.init) }

    init(store: AtomStore, scope: ScopeState?) {
        self.store = store
        self.scope = scope
    }
}
