/// The fields of a node that propagation reads and writes for every node it reaches, kept out
/// of line in memory the node owns, so that marking and pulling reach them through a plain
/// pointer.
///
/// Reached through the node object instead, each visit retained and released the node (a
/// strong reference taken out of an unretained list is retained around every use, and the
/// standard library's borrowing call, `_withUnsafeGuaranteedRef`, makes a main-actor closure
/// check its executor on every call). Through a ``NodeRef``, a visit is loads and stores.
///
/// The cell lives exactly as long as its node: ``NodeBase`` allocates it in `init` and frees it
/// in `deinit`. A cell in a list is alive for the reason its node is (``NodeList``). Its fields
/// are the node's and follow the node's proof of exclusive access (at ``NodeBase``): pointer
/// accesses are not checked at run time in any case.
struct NodeCell {
    /// The node this cell belongs to, unretained: the node owns the cell.
    let node: Unmanaged<NodeBase>
    var mark = NodeBase.Mark.clean
    var isAlive = true
    var isEvaluating = false
    /// Cleared when the node's scope ends, so that the scope releases it like any other.
    var isKeepAlive: Bool
    /// Whether a refresh keeps the node alive until its work delivers.
    var isHeld = false
    /// The epoch of the transaction in which a restore set the value directly.
    var restoredEpoch = 0
    /// Upstream atoms in the order the last evaluation watched them, without duplicates.
    var upstream = NodeList()
    var downstream = IdentitySet<NodeList>()
    var subscribers = IdentitySet<ContiguousArray<Subscriber>>()

    /// Whether nothing holds the node: it is released at the end of the transaction.
    var isUnused: Bool {
        !isKeepAlive && downstream.isEmpty && subscribers.isEmpty && !isHeld
    }
}

/// Where a node's ``NodeCell`` is.
typealias NodeRef = UnsafeMutablePointer<NodeCell>

extension NodeCell {
    /// Uninitialized memory for a cell followed by a node's value, in one allocation, so that
    /// making a node costs no more allocations than the value's own slot did before the cell.
    /// Freed as a whole from the cell's address.
    static func allocate<Value>(followedBy _: Value.Type) -> (cell: NodeRef, value: UnsafeMutablePointer<Value>) {
        let alignment = MemoryLayout<Value>.alignment
        let offset = (MemoryLayout<NodeCell>.stride + alignment - 1) / alignment * alignment
        let block = UnsafeMutableRawPointer.allocate(
            byteCount: offset + MemoryLayout<Value>.size,
            alignment: Swift.max(MemoryLayout<NodeCell>.alignment, alignment)
        )
        return (block.bindMemory(to: NodeCell.self, capacity: 1), (block + offset).bindMemory(to: Value.self, capacity: 1))
    }
}
