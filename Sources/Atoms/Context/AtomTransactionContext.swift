/// The context an atom computes its value with.
///
/// Atoms watched through it become the atom's dependencies: when one of them changes, the
/// atom is recomputed. Each computation records afresh what it watched.
@MainActor
public struct AtomTransactionContext: AtomWatchableContext, _AtomStoreContext {
    @usableFromInline let store: AtomStore

    // Inlinable, as the reads and writes that use them are (see `AtomViewContext`).
    @inlinable public var _store: AtomStore { store }
    @inlinable public var _scopeChain: _AtomScopeChain? {
        guard let scope else { return nil }
        return _AtomScopeChain(state: scope)
    }
    /// The nesting depth of the evaluation, whose frame the store keeps (``EvaluationFrames``).
    @usableFromInline var depth: Int
    @usableFromInline var token: Int
    /// The scope the evaluating atom resolves atoms in; `nil` for the root.
    @usableFromInline let scope: ScopeState?
    /// The work an async atom's evaluation starts; `nil` for other atoms.
    @usableFromInline let run: AsyncRun?
    /// The evaluation's frame when it is one the store keeps for its whole life
    /// (``EvaluationFrames/lasts(depth:)``): valid as long as this context holds the
    /// store, so that the inlined watch reads it with no call into the store. `nil` for deeper
    /// evaluations and for contexts that never watch.
    @usableFromInline var frame: FrameRef?

    /// A context for the evaluation at `depth`, whose frame (`nil` for a context that never
    /// watches) the caller has at hand; the context keeps the frame's address only if it lasts.
    @inlinable
    init(store: AtomStore, depth: Int, token: Int, frame: FrameRef?, scope: ScopeState?, run: AsyncRun?) {
        self.store = store
        self.depth = depth
        self.token = token
        self.scope = scope
        self.run = run
        self.frame = EvaluationFrames.lasts(depth: depth) ? frame : nil
    }

    /// The status of the asynchronous work of the atom this evaluation watched last (a
    /// modifier's base, right after the modified atom watched it); `nil` for a synchronous one.
    @usableFromInline
    func lastWatchedStatus() -> Any? {
        store.lastWatchedNode(depth: depth)?.asyncStatus
    }

    /// The value of an atom, made a dependency of the atom being computed.
    ///
    /// An async atom's work may also watch after an `await`: the atom then depends on what it
    /// watched from that moment on, until its work is superseded. Anywhere else after the
    /// computation returned (a stored closure), it only reads.
    @inlinable @inline(__always)
    public func watch<A: Atom>(_ atom: A, at location: SourceLocation) -> A.Produced {
        // Inlinable, so that watching a dependency this evaluation or the last one watched
        // (the common case) compiles, in the atom's own module, to a key comparison and a load
        // of the value; the recomputation it hands over is compiled there too
        // (`TypedEvaluation.swift`).
        let key = atom.key
        let found: NodeRef?
        if let frame {
            // The frame's memory, not the store's fields: these accesses are to a pointer's
            // pointee, which the runtime never checks (the proof at `NodeBase` covers them).
            found = frame.pointee.sameDependency(token: token, type: ObjectIdentifier(A.self)) { Node<A>.hasKey(cell: $0, key) }
        } else {
            found = store.sameDependency(depth: depth, token: token, type: ObjectIdentifier(A.self)) { Node<A>.hasKey(cell: $0, key) }
        }
        if let found {
            return Node<A>.currentValue(cell: found, in: store)
        }
        return watchFirst(atom)
    }

    /// A watch of an atom that this evaluation and the last one had not watched: out of line,
    /// so that the watch above stays small enough to be inlined into the atom's function.
    @inlinable @inline(never)
    func watchFirst<A: Atom>(_ atom: A) -> A.Produced {
        store.watch(atom, depth: depth, token: token, scope: scope, run: run, typed: { Node<A>.evaluateTyped($0, with: &$1) })
    }

}
