// A node's recomputation compiled for its atom type. `AtomStore.produce` and `Node.evaluate`
// are compiled once for every atom type (generic code is not specialised across modules), so
// each recompute there asks the runtime for metadata and copies values through witness
// tables. `Node<A>.evaluateTyped` is inlinable, and reaches settling in one of two ways:
//
// - For an atom type that is not generic, through the type's conformance: the default
//   `Atom._recompute(cell:context:)` below is inlinable, so the witness that the atom's own
//   module emits for its conformance is `evaluateTyped` specialised for that type. The node
//   keeps the type (`NodeCell.recomputer`) and settling calls the witness: a call through a
//   table, where a stored closure was copied, retained and released around every
//   recomputation (about 27 instructions each, 1,350 of a deep write).
// - For a generic atom type, whose conformance's witness is generic code, through a closure
//   that the typed entry points (watch from an evaluation or a view context, inlinable) form
//   where the type is known, and that the node keeps (`NodeCell.typedEvaluate`).
//
// It covers the synchronous atom of the root without override; anything else (async work,
// overrides, scopes, a cycle, a hand-off to a deeper stack) goes through `evaluate(in:)` as
// before.

/// A node's recomputation, given the node's cell and a context of the store's root that the
/// caller lends for it (``AtomTransactionContext/evaluation(of:)``): returns whether the
/// change propagates.
@usableFromInline
typealias TypedEvaluation = @MainActor (NodeRef, inout AtomTransactionContext) -> Bool

extension Node {
    /// Recomputes the node with `A` known; see the top of this file. It reaches the atom and
    /// the value through the cell's block (``NodeBlock``), not through the node object.
    @inlinable
    static func evaluateTyped(_ cell: NodeRef, with context: inout AtomTransactionContext) -> Bool {
        let atom = NodeBlock.atom(in: cell, A.self)
        let slot = NodeBlock.value(in: cell, A.self, A.Produced.self)
        // A modified atom (`.changes`) recomputed from its base's value: its one dependency
        // cannot change, so no frame confirms it (about 110 instructions of avoidable's
        // write). Only once it has a value, its dependency made by a first evaluation. The
        // node counts as evaluating while the modifier runs, as in an evaluation: a
        // modifier is an app's code, and whatever it reaches of the store finds the node
        // as the evaluation would leave it (not marked again, a cycle if read).
        if A._followsBase, cell.pointee.hasValue, cell.pointee.upstream.count == 1, !cell.pointee.isEvaluating,
           !cell.pointee.isScoped, !context.store.hasOverrides {
            cell.pointee.isEvaluating = true
            let newValue = atom.pointee._produce(fromBase: UnsafeMutableRawPointer(cell.pointee.upstream.cell(at: 0)))
            cell.pointee.isEvaluating = false
            if let newValue {
                let propagates = atom.pointee._shouldPropagate(from: slot.pointee, to: newValue)
                slot.pointee = newValue
                return propagates
            }
        }
        // The context stays the engine's (borrowed here), so this module never copies or
        // destroys it, which it would do through generic value witnesses.
        let propagates = context.runTypedEvaluation(of: cell) { context, hadValue in
            let newValue = atom.pointee._produce(context: context)
            if hadValue {
                let propagates = atom.pointee._shouldPropagate(from: slot.pointee, to: newValue)
                slot.pointee = newValue
                return propagates
            }
            slot.initialize(to: newValue)
            return true
        }
        return propagates ?? context.store.evaluate(cell)
    }

    /// Installs the typed recomputation if the node has none.
    func install(_ typed: TypedEvaluation?) {
        if let typed, cell.pointee.recomputer == nil, typedEvaluate == nil {
            typedEvaluate = typed
        }
    }
}

extension Atom {
    /// Recomputes the node whose cell is at `cell`, with `Self` known: the witness of every
    /// conformance that is not generic is this, specialised for its type (see the top of
    /// this file).
    @MainActor @inlinable
    public static func _recompute(cell: UnsafeMutableRawPointer, context: inout AtomTransactionContext) -> Bool {
        Node<Self>.evaluateTyped(cell.assumingMemoryBound(to: NodeCell.self), with: &context)
    }
}

extension AtomTransactionContext {
    /// A context of `store`'s root for typed evaluations to take in turn
    /// (``runTypedEvaluation(of:_:)`` sets its evaluation's fields): one retain of the store
    /// for all of them, where a context built for each evaluation retained and released the
    /// store around every node, about 40 instructions (2,000 of a deep write).
    static func evaluation(of store: AtomStore) -> AtomTransactionContext {
        AtomTransactionContext(store: store, depth: 0, token: 0, frame: nil, scope: nil, run: nil)
    }

    /// Runs a typed evaluation of `node` with this context, made the evaluation's: `body`
    /// computes with it, stores the value (told whether there was one) and returns whether
    /// it propagates. Returns `nil`, having run nothing, if the node needs the general
    /// evaluation. The context must be one of the root (``evaluation(of:)``); an atom that
    /// keeps a copy keeps the evaluation's fields, which the next evaluation does not touch.
    ///
    /// Inlined, with the evaluation's beginning and end and the frames they take, into the
    /// atom's module (`Node.evaluateTyped`): as a call taking the computation as a closure,
    /// each evaluation paid two calls, their frames and the reloads around them, about 47
    /// instructions; 2,350 of a deep write (50 evaluations), 10%.
    @inlinable @inline(__always)
    mutating func runTypedEvaluation(of cell: NodeRef, _ body: (AtomTransactionContext, Bool) -> Bool) -> Bool? {
        guard !cell.pointee.startsAsyncWork, !store.hasOverrides, !cell.pointee.isScoped, !cell.pointee.isEvaluating,
              !DeepEvaluation.needsHandOff(depth: store.evaluationDepth &+ 1)
        else { return nil }
        let (depth, token, frame) = store.beginEvaluation(of: cell)
        let hadValue = cell.pointee.hasValue
        self.depth = depth
        self.token = token
        self.frame = EvaluationFrames.lasts(depth: depth) ? frame : nil
        let propagates = body(self, hadValue)
        cell.pointee.hasValue = true
        store.endEvaluation(of: cell, depth: depth, frame: frame)
        return propagates
    }
}

extension AtomStore {
    /// Whether the node of `cell` has a typed recomputation (see the top of this file).
    @inline(__always)
    func hasTypedRecomputation(_ cell: NodeRef) -> Bool {
        cell.pointee.recomputer != nil || cell.pointee.typedEvaluate != nil
    }

    /// Recomputes the node of `cell` the typed way when it has one, otherwise the general way;
    /// returns whether the change propagates.
    @inline(__always)
    func runRecomputation(of cell: NodeRef, with context: inout AtomTransactionContext) -> Bool {
        if let recomputer = cell.pointee.recomputer {
            return recomputer._recompute(cell: UnsafeMutableRawPointer(cell), context: &context)
        }
        if let typed = cell.pointee.typedEvaluate {
            return typed(cell, &context)
        }
        return evaluate(cell)
    }

    /// The general recomputation of the node of `cell`, for what the typed one does not cover.
    @usableFromInline
    func evaluate(_ cell: NodeRef) -> Bool {
        cell.pointee.node.takeUnretainedValue().evaluate(in: self)
    }
}
