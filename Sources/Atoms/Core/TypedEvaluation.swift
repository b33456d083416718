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
        let node = unsafeDowncast(base, to: Node<A>.self)
        // The context stays the engine's (borrowed here), so this module never copies or
        // destroys it, which it would do through generic value witnesses.
        let propagates = store.runTypedEvaluation(of: base) { context, hadValue in
            let newValue = node.atom._produce(context: context)
            if hadValue {
                let propagates = node.atom._shouldPropagate(from: node.slot.pointee, to: newValue)
                node.slot.pointee = newValue
                return propagates
            }
            node.slot.initialize(to: newValue)
            return true
        }
        return propagates ?? base.evaluate(in: store)
    }

    /// Installs the typed recomputation if the node has none.
    func install(_ typed: TypedEvaluation?) {
        if let typed, typedEvaluate == nil {
            typedEvaluate = typed
        }
    }
}

extension AtomStore {
    /// Runs a typed evaluation of `node`: `body` computes with the context, stores the value
    /// (told whether there was one) and returns whether it propagates. Returns `nil`, having
    /// run nothing, if the node needs the general evaluation.
    @usableFromInline
    func runTypedEvaluation(of node: NodeBase, _ body: (AtomTransactionContext, Bool) -> Bool) -> Bool? {
        guard !node.startsAsyncWork, !hasOverrides, node.scope == nil, !node.isEvaluating,
              !DeepEvaluation.needsHandOff(depth: evaluationDepth + 1)
        else { return nil }
        let frame = beginEvaluation(of: node)
        let hadValue = node.hasValue
        let propagates = body(AtomTransactionContext(store: self, frame: frame, token: frame.token, scope: nil, run: nil), hadValue)
        node.hasValue = true
        endEvaluation(of: node, in: frame)
        return propagates
    }
}
