/// The context effects and custom resets work with: it reads and writes, but cannot watch.
@MainActor
public struct AtomCurrentContext: AtomContext {
    let store: AtomStore

    init(store: AtomStore) {
        self.store = store
    }

    public func read<Node: Atom>(_ atom: Node) -> Node.Produced {
        store.read(atom, at: nil)
    }

    public func set<Node: StateAtom>(_ value: Node.Produced, for atom: Node, at location: SourceLocation) {
        store.set(value, for: atom, at: location)
    }

    public func modify<Node: StateAtom>(_ atom: Node, at location: SourceLocation, body: (inout Node.Produced) -> Void) {
        store.modify(atom, at: location, body: body)
    }

    public func reset<Node: Atom>(_ atom: Node, at location: SourceLocation) {
        store.reset(atom, at: location)
    }

    public func batch<T>(_ label: String?, at location: SourceLocation, _ body: () throws -> T) rethrows -> T {
        try store.batch(label: label, at: location, body)
    }
}
