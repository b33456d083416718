/// The fields of a node that propagation reads and writes for every node it reaches, kept out
/// of line in memory the node owns, so that marking and pulling reach them through a plain
/// pointer.
///
/// Reached through the node object instead, each visit retained and released the node (a
/// strong reference taken out of an unretained list is retained around every use, and the
/// standard library's borrowing call, `_withUnsafeGuaranteedRef`, makes a main-actor closure
/// check its executor on every call). Through a ``NodeRef``, a visit is loads and stores.
///
/// The cell lives exactly as long as its node: ``Node`` allocates its block (``NodeBlock``) and
/// ``NodeBase`` frees it in `deinit`. A cell in a list is alive for the reason its node is
/// (``NodeList``). Its fields are the node's and follow the node's proof of exclusive access
/// (at ``NodeBase``): pointer accesses are not checked at run time in any case.
@usableFromInline
struct NodeCell {
    /// The node this cell belongs to, unretained: the node owns the cell.
    let node: Unmanaged<NodeBase>
    /// The atom's number in its store (the node's); a recycled node takes a new one
    /// (``RetiredNodes``).
    @usableFromInline var number: Int
    /// The identity of the atom's type (the node's `key.type`), compared before the atom's
    /// own key by the typed lookups.
    @usableFromInline let atomType: ObjectIdentifier
    /// Whether the atom starts asynchronous work when evaluated (``NodeBase``'s).
    @usableFromInline let startsAsyncWork: Bool
    /// Whether a scope owns the node.
    @usableFromInline let isScoped: Bool
    /// Whether the atom has an effect (``NodeBase``'s).
    let hasEffect: Bool
    /// The epoch of the last transaction that changed the value.
    var changedEpoch = 0
    /// The epoch of the transaction that initialized the node.
    var initializedEpoch = 0
    @usableFromInline var mark = NodeBase.Mark.clean
    @usableFromInline var hasValue = false
    var isAlive = true
    @usableFromInline var isEvaluating = false
    /// The token of the last evaluation that watched this node, to skip duplicates cheaply.
    @usableFromInline var watchToken = 0
    /// The atom type, through which a recomputation reaches the type's own
    /// ``Atom/_recompute(cell:context:)`` (`TypedEvaluation.swift`); `nil` for a generic atom
    /// type, which has `typedEvaluate` instead.
    var recomputer: (any Atom.Type)?
    /// The node's recomputation compiled for its atom type by the typed entry point that first
    /// watched it (`TypedEvaluation.swift`), for a generic atom type; `nil` until then.
    var typedEvaluate: TypedEvaluation?
    /// Cleared when the node's scope ends, so that the scope releases it like any other.
    var isKeepAlive: Bool
    /// Whether a refresh keeps the node alive until its work delivers.
    var isHeld = false
    /// The epoch of the transaction in which a restore set the value directly.
    var restoredEpoch = 0
    /// Upstream atoms in the order the last evaluation watched them, without duplicates.
    @usableFromInline var upstream = NodeList()
    var downstream = IdentitySet<NodeList>()
    var subscribers = IdentitySet<ContiguousArray<Subscriber>>()
    /// Whether the node has its description (``NodeBase/cachedInfo``).
    var hasInfo = false
    /// The value the last commit reported, while commits are observed.
    @usableFromInline var committed = CommittedState()

    /// Starts the cell of a retired node over as a new node's, numbered `number`
    /// (``RetiredNodes``): every field that records what happened to the node goes back to
    /// its initial value. What belongs to the atom's type stays (the constants above, the
    /// recomputations, the committed value's bit width and revision, which goes on
    /// counting), and the lists, empty since the release, keep their memory. A field added
    /// above that records the node's history must be reset here.
    mutating func renew(number: Int) {
        self.number = number
        changedEpoch = 0
        initializedEpoch = 0
        mark = .clean
        hasValue = false
        isAlive = true
        isEvaluating = false
        watchToken = 0
        isHeld = false
        restoredEpoch = 0
        hasInfo = false
        committed.observerState = nil
        committed.observerToken = 0
    }

    /// Whether nothing holds the node: it is released at the end of the transaction.
    var isUnused: Bool {
        !isKeepAlive && downstream.isEmpty && subscribers.isEmpty && !isHeld
    }
}

/// Where a node's ``NodeCell`` is.
@usableFromInline
typealias NodeRef = UnsafeMutablePointer<NodeCell>

/// The memory of a ``Node``: its cell, then its atom, then its value, in one allocation.
///
/// One allocation, so that making a node costs no more than the value's own slot did before
/// the cell; and the atom and the value at offsets that code specialised for the atom type
/// computes at compile time, so that a typed watch or recomputation goes from a cell to the
/// atom's key and value without touching the node object (whose every use from an unretained
/// reference is a retain and a release). Freed as a whole from the cell's address.
@usableFromInline
enum NodeBlock {
    @inlinable
    static func atomOffset<A>(_: A.Type) -> Int {
        rounded(MemoryLayout<NodeCell>.stride, to: MemoryLayout<A>.alignment)
    }

    @inlinable
    static func valueOffset<A, Value>(_: A.Type, _: Value.Type) -> Int {
        rounded(atomOffset(A.self) + MemoryLayout<A>.size, to: MemoryLayout<Value>.alignment)
    }

    @inlinable
    static func rounded(_ offset: Int, to alignment: Int) -> Int {
        (offset + alignment - 1) / alignment * alignment
    }

    /// Uninitialized memory for a cell, an atom of type `A` and a value of type `Value`.
    static func allocate<A, Value>(_: A.Type, _: Value.Type) -> NodeRef {
        let block = UnsafeMutableRawPointer.allocate(
            byteCount: valueOffset(A.self, Value.self) + MemoryLayout<Value>.size,
            alignment: Swift.max(MemoryLayout<NodeCell>.alignment, MemoryLayout<A>.alignment, MemoryLayout<Value>.alignment)
        )
        // Binding the three parts before any is initialized, each to its own type.
        _ = (block + atomOffset(A.self)).bindMemory(to: A.self, capacity: 1)
        _ = (block + valueOffset(A.self, Value.self)).bindMemory(to: Value.self, capacity: 1)
        return block.bindMemory(to: NodeCell.self, capacity: 1)
    }

    /// The atom in the block of `cell`, for a node of atom type `A`.
    @inlinable
    static func atom<A>(in cell: NodeRef, _: A.Type) -> UnsafeMutablePointer<A> {
        (UnsafeMutableRawPointer(cell) + atomOffset(A.self)).assumingMemoryBound(to: A.self)
    }

    /// The value slot in the block of `cell`, for a node of atom type `A` and value type `Value`.
    @inlinable
    static func value<A, Value>(in cell: NodeRef, _: A.Type, _: Value.Type) -> UnsafeMutablePointer<Value> {
        (UnsafeMutableRawPointer(cell) + valueOffset(A.self, Value.self)).assumingMemoryBound(to: Value.self)
    }
}
