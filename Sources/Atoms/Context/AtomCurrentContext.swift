/// The context effects and custom resets work with: it reads and writes, but cannot watch.
@MainActor
public struct AtomCurrentContext: AtomContext, _AtomStoreContext {
    let store: AtomStore

    public var _store: AtomStore { store }

    init(store: AtomStore) {
        self.store = store
    }

}
