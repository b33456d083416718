/// An atom that watches another atom and produces a modifier's transformation of its value.
///
/// Create one through a modifier such as ``Atom/changes`` rather than directly.
///
/// Its key, its computation and its cut-off are inlinable, like the typed watch
/// (`TypedWatch.swift`): compiled once in this module for every atom type, a watch of
/// `CountAtom().changes` asked the runtime for the generic metadata of the key and of the
/// node at every recomputation, about a tenth of a write that the cut-off stops.
public struct ModifiedAtom<Node: Atom, Modifier: AtomModifier>: Atom where Node.Produced == Modifier.Base {
    /// Combines the original atom's key and the modifier's key.
    public struct Key: Hashable, Sendable {
        @usableFromInline let atomKey: Node.Key
        @usableFromInline let modifierKey: Modifier.Key

        @usableFromInline
        init(atomKey: Node.Key, modifierKey: Modifier.Key) {
            self.atomKey = atomKey
            self.modifierKey = modifierKey
        }

        @inlinable
        public static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.atomKey == rhs.atomKey && lhs.modifierKey == rhs.modifierKey
        }

        @inlinable
        public func hash(into hasher: inout Hasher) {
            hasher.combine(atomKey)
            hasher.combine(modifierKey)
        }
    }

    @usableFromInline let atom: Node
    @usableFromInline let modifier: Modifier

    @usableFromInline
    init(atom: Node, modifier: Modifier) {
        self.atom = atom
        self.modifier = modifier
    }

    @inlinable
    public var key: Key {
        Key(atomKey: atom.key, modifierKey: modifier.key)
    }

    public var _kind: AtomKind { .modified }

    @inlinable
    @MainActor
    public func _produce(context: AtomTransactionContext) -> Modifier.Produced {
        let value = context.watch(atom)
        return modifier._modify(value: value) { context.lastWatchedStatus() }
    }

    @inlinable
    @MainActor
    public func _shouldPropagate(from oldValue: Modifier.Produced, to newValue: Modifier.Produced) -> Bool {
        modifier.shouldPropagate(from: oldValue, to: newValue)
    }

    /// A modifier sees its base's value and nothing else: it has no context to watch with.
    @inlinable
    public static var _followsBase: Bool { true }

    /// The base's value read where its node keeps it, when that node is the base atom's own,
    /// settled, synchronous and holding a value: what `_produce(context:)` would watch.
    /// An asynchronous base is left to the evaluation, whose modifier may ask for its status.
    @inlinable
    @MainActor
    public func _produce(fromBase base: UnsafeMutableRawPointer) -> Modifier.Produced? {
        let cell = base.assumingMemoryBound(to: NodeCell.self)
        guard cell.pointee.atomType == ObjectIdentifier(Node.self), !cell.pointee.startsAsyncWork,
              cell.pointee.hasValue, cell.pointee.mark == .clean
        else { return nil }
        return modifier._modify(value: NodeBlock.value(in: cell, Node.self, Node.Produced.self).pointee) { nil }
    }
}

extension ModifiedAtom: CustomAtomIdentifiable {
    func atomIDText() -> String {
        "\(Atoms.atomIDText(for: atom)).\(modifier.idSuffix)"
    }

    /// The modified atom's redacted id, with the same ordinal as the atom it modifies.
    func redactedAtomIDText(ordinal: SensitiveOrdinal) -> String {
        "\(Atoms.redactedAtomIDText(for: atom, ordinal: ordinal)).\(modifier.idSuffix)"
    }
}

extension ModifiedAtom: AsyncAtom where Node: AsyncAtom {
    /// Refreshes the original atom, then provides the modified value.
    @MainActor
    public func _refresh(context: AtomCurrentContext, at location: SourceLocation?) async -> Modifier.Produced {
        _ = await atom._refresh(context: context, at: location)
        return context.store.read(self, in: context.scope, at: nil)
    }
}

extension ModifiedAtom: _AsyncStatusFollowing where Modifier: _AsyncStatusReading {}

/// A modified scoped atom lives where the atom it modifies lives, so that `.phase` or
/// `.changes` of a scoped atom follows that scope's value instead of the root's.
extension ModifiedAtom: Scoped where Node: Scoped {
    public var scopeID: Node.ScopeID { atom.scopeID }
}

/// A modified sensitive atom derives its value from the secret (`.phase` holds the task's
/// result, `.changes` the value itself), so it is kept out of journals too.
extension ModifiedAtom: Sensitive where Node: Sensitive {}
