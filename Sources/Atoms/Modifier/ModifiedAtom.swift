/// An atom that watches another atom and produces a modifier's transformation of its value.
///
/// Create one through a modifier such as ``Atom/changes`` rather than directly.
public struct ModifiedAtom<Node: Atom, Modifier: AtomModifier>: Atom where Node.Produced == Modifier.Base {
    /// Combines the original atom's key and the modifier's key.
    public struct Key: Hashable, Sendable {
        let atomKey: Node.Key
        let modifierKey: Modifier.Key
    }

    let atom: Node
    let modifier: Modifier

    public var key: Key {
        Key(atomKey: atom.key, modifierKey: modifier.key)
    }

    public var _kind: AtomKind { .modified }

    @MainActor
    public func _produce(context: AtomTransactionContext) -> Modifier.Produced {
        modifier.modify(value: context.watch(atom))
    }

    @MainActor
    public func _shouldPropagate(from oldValue: Modifier.Produced, to newValue: Modifier.Produced) -> Bool {
        modifier.shouldPropagate(from: oldValue, to: newValue)
    }
}

extension ModifiedAtom: CustomAtomIdentifiable {
    func atomIDText() -> String {
        "\(Atoms.atomIDText(for: atom)).\(modifier.idSuffix)"
    }
}
