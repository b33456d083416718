// A node's recomputation compiled for its atom type. `AtomStore.produce` and `Node.evaluate`
// are compiled once for every atom type (generic code is not specialised across modules), so
// each recompute there asks the runtime for metadata and copies values through witness
// tables. The typed entry points (watch from an evaluation or a view context, inlinable) hand
// the engine `Node<A>.evaluateTyped`, specialised in the atom's module, which the node keeps
// and settling calls instead. It covers the synchronous atom of the root without override;
// anything else (async work, overrides, scopes, a cycle, a hand-off to a deeper stack) goes
// through `evaluate(in:)` as before.

/// A node's recomputation: returns whether the change propagates.
@usableFromInline
typealias TypedEvaluation = @MainActor (NodeBase, AtomStore) -> Bool

extension Node {
    /// Recomputes the node with `A` known; see the top of this file.
    @inlinable
    static func evaluateTyped(_ base: NodeBase, in store: AtomStore) -> Bool {
        guard let context = store.beginTypedEvaluation(of: base) else {
            return base.evaluate(in: store)
        }
        let node = unsafeDowncast(base, to: Node<A>.self)
        let newValue = node.atom._produce(context: context)
        store.endEvaluation(of: base, in: context.frame)
        if store.replacesValue(of: base) {
            let propagates = node.atom._shouldPropagate(from: node.slot.pointee, to: newValue)
            node.slot.pointee = newValue
            return propagates
        }
        node.slot.initialize(to: newValue)
        return true
    }

    /// Installs the typed recomputation if the node has none.
    func install(_ typed: TypedEvaluation?) {
        if let typed, typedEvaluate == nil {
            typedEvaluate = typed
        }
    }
}

extension AtomStore {
    /// Starts a typed evaluation of `node` and returns its context, or returns `nil` if it
    /// needs the general one.
    @usableFromInline
    func beginTypedEvaluation(of node: NodeBase) -> AtomTransactionContext? {
        guard !node.startsAsyncWork, !hasOverrides, node.scope == nil, !node.isEvaluating,
              !DeepEvaluation.needsHandOff(depth: evaluationDepth + 1)
        else { return nil }
        let frame = beginEvaluation(of: node)
        return AtomTransactionContext(store: self, frame: frame, token: frame.token, scope: nil, run: nil)
    }

    /// Whether the node held a value before the one about to be stored; it holds one after.
    @usableFromInline
    func replacesValue(of node: NodeBase) -> Bool {
        defer { node.hasValue = true }
        return node.hasValue
    }
}
