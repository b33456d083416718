// The typed fast path of a watch inside an evaluation. `AtomTransactionContext.watch` is
// inlinable, so it is compiled in the module that defines the atom, where `A` is known: the
// key comparison is a comparison of the atom's own key type, and reading the value is a load,
// without generic metadata, witness tables or `AnyHashable`. The engine's fields are touched
// only here, in non-generic functions of this module: code inlined elsewhere would check
// exclusivity on every access to them, as `@exclusivity(unchecked)` is this module's own
// setting. Everything else (a new or switched dependency, a watch after the evaluation
// returned) takes the general path in `AtomStore.watch(_:frame:token:scope:run:)`.

extension EvaluationFrame {
    /// The dependency the evaluating node's last evaluation watched at this position, if it
    /// is of `type` and `matches` (which compares keys), confirmed as watched again; else the
    /// dependency just confirmed, watched again. `nil` for anything else.
    @usableFromInline
    func sameDependency(token: Int, type: ObjectIdentifier, matches: (NodeBase) -> Bool) -> NodeBase? {
        guard self.token == token, !diverged else { return nil }
        let confirmed = self.confirmed
        if confirmed < previous.count {
            let candidate = previous[confirmed]
            if candidate.key.type == type, matches(candidate) {
                self.confirmed = confirmed + 1
                candidate.watchToken = token
                return candidate
            }
        }
        if confirmed > 0 {
            let candidate = previous[confirmed - 1]
            if candidate.key.type == type, matches(candidate) {
                return candidate
            }
        }
        return nil
    }
}

extension Node {
    /// The candidate as a `Node<A>` if it caches `atom`: the comparison every lookup
    /// without hashing makes.
    @inlinable
    @inline(__always)
    static func matching(_ candidate: NodeBase, _ atom: A) -> Node<A>? {
        // A node's key holds its atom's type identity, so a node of `A`'s type is a `Node<A>`.
        guard candidate.key.type == ObjectIdentifier(A.self) else { return nil }
        return hasKey(candidate, atom.key) ? unsafeDowncast(candidate, to: Node<A>.self) : nil
    }

    /// Whether a node of `A`'s type caches the atom with this key.
    @inlinable
    @inline(__always)
    static func hasKey(_ candidate: NodeBase, _ key: A.Key) -> Bool {
        unsafeDowncast(candidate, to: Node<A>.self).atom.key == key
    }
}

extension AtomStore {
    /// Brings a node up to date if a write marked it, so that its value can be read.
    @usableFromInline
    func prepareRead(_ node: NodeBase) {
        if node.mark != .clean {
            ensureFresh(node)
        }
        guard node.hasValue else {
            preconditionFailure("Atoms: \(node.diagnosticName()) was used while its own value was being computed.")
        }
    }
}
