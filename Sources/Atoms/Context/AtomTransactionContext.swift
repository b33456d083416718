/// The context an atom computes its value with.
///
/// Atoms watched through it become the atom's dependencies: when one of them changes, the
/// atom is recomputed. Each computation records afresh what it watched.
@MainActor
public struct AtomTransactionContext: AtomWatchableContext {
    let store: AtomStore
    let frame: Int
    let token: Int

    init(store: AtomStore, frame: Int, token: Int) {
        self.store = store
        self.frame = frame
        self.token = token
    }

    /// The value of an atom, made a dependency of the atom being computed. Used after the
    /// computation returned (from a stored closure), it only reads.
    public func watch<Node: Atom>(_ atom: Node, at location: SourceLocation) -> Node.Produced {
        store.watch(atom, frame: frame, token: token)
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
