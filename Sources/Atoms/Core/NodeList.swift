/// A list of nodes that neither retains them nor is reference counted itself: a copy is three
/// words, and it holds each node's cell (``NodeCell``), which propagation reads without
/// touching a reference count.
///
/// Propagation and evaluation read a node's upstream and downstream lists for every node they
/// reach. As arrays of references, each read retained and released the array's buffer or the
/// node: about six reference-count operations per node of a deep write, a third of its
/// instructions. The lists of the graph are these instead.
///
/// Why no node in one is ever freed while listed: the store's table (`AtomStore.nodes`) holds
/// every node until the node is released, and a node is released only when nothing is
/// downstream of it (`isUnused`); release then removes it from the downstream list of each of
/// its upstream nodes. So a node in another's upstream list has that node downstream and is
/// not released, and a node in another's downstream list is removed before it is released.
///
/// An evaluation frame's `watched` holds the atoms one evaluation watched: alive until the
/// transaction ends, since nothing is released before then.
///
/// Who frees the memory: each list has one owner (a node's cell, or a frame), which frees it
/// when it is replaced and when the owner goes away. A copy made elsewhere (the evaluation
/// frame's `previous`) is a view: valid until the owner's field next changes, and never
/// mutated or freed itself.
@usableFromInline
struct NodeList: RandomAccessCollection {
    @usableFromInline private(set) var base: UnsafeMutablePointer<NodeRef>?
    @usableFromInline private(set) var count = 0
    private var capacity = 0

    @usableFromInline
    init() {}

    @usableFromInline var startIndex: Int { 0 }
    @usableFromInline var endIndex: Int { count }

    @usableFromInline
    subscript(position: Int) -> NodeBase {
        cell(at: position).pointee.node.takeUnretainedValue()
    }

    /// The cell of the node at `position`.
    @inlinable
    @inline(__always)
    func cell(at position: Int) -> NodeRef {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "NodeList index out of range")
        return base.unsafelyUnwrapped[position]
    }

    /// The cell at `position`, which the caller has just compared with `count`, with nothing
    /// in between that could change the list: a loop over a list that can grow while it runs
    /// reads its count at every step, and the check in `cell(at:)` repeated it.
    @inlinable
    @inline(__always)
    func cell(uncheckedAt position: Int) -> NodeRef {
        base.unsafelyUnwrapped[position]
    }

    // Not through `UnsafeMutablePointer.regrown`, which the other lists use: the same steps
    // through the helper changed how the optimiser inlined `append` into the marking and
    // settling loops, about 100 instructions more a deep write (session 25, measured).
    mutating func reserveCapacity(_ minimum: Int) {
        guard minimum > capacity else { return }
        let grown = UnsafeMutablePointer<NodeRef>.allocate(capacity: minimum)
        if let base {
            grown.update(from: base, count: count)
            base.deallocate()
        }
        base = grown
        capacity = minimum
    }

    mutating func append(_ node: NodeBase) {
        append(cell: node.cell)
    }

    /// Appends the node of `cell`.
    mutating func append(cell: NodeRef) {
        if count == capacity {
            reserveCapacity(Swift.max(4, capacity * 2))
        }
        base.unsafelyUnwrapped[count] = cell
        count += 1
    }

    /// Appends the nodes of `other`.
    mutating func append(contentsOf other: Slice<NodeList>) {
        reserveCapacity(count + other.count)
        // A range, not `other.indices`: the slice's indices went through generic code of the
        // standard library that asked for the range's metadata at every call.
        for position in other.startIndex..<other.endIndex {
            append(cell: other.base.cell(at: position))
        }
    }

    /// Puts `node` at `position`, in place of the node there.
    mutating func replace(at position: Int, with node: NodeBase) {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "NodeList index out of range")
        base.unsafelyUnwrapped[position] = node.cell
    }

    /// Removes the node at `position`, moving the later ones down.
    mutating func remove(at position: Int) {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "NodeList index out of range")
        let base = base.unsafelyUnwrapped
        (base + position).update(from: base + position + 1, count: count - position - 1)
        count -= 1
    }

    mutating func removeLast() {
        precondition(count > 0, "NodeList is empty")
        count -= 1
    }

    /// Removes and returns the last cell; `nil` when the list is empty.
    mutating func popLast() -> NodeRef? {
        guard count > 0 else { return nil }
        count -= 1
        return base.unsafelyUnwrapped[count]
    }

    /// Empties the list, keeping its memory.
    mutating func removeAll() {
        count = 0
    }

    /// Whether the list holds the node of `cell`.
    func contains(cell: NodeRef) -> Bool {
        var position = 0
        while position < count {
            if base.unsafelyUnwrapped[position] == cell { return true }
            position &+= 1
        }
        return false
    }

    /// Whether the list holds the same nodes as `other`, in the same order.
    func elementsEqual(cells other: Slice<NodeList>) -> Bool {
        guard count == other.count else { return false }
        var position = 0
        while position < count {
            if base.unsafelyUnwrapped[position] != other.base.cell(at: other.startIndex &+ position) { return false }
            position &+= 1
        }
        return true
    }

    /// Whether the list holds `node` (compared by identity).
    func contains(_ node: NodeBase) -> Bool {
        contains(cell: node.cell)
    }

    /// Where the list holds `node` (compared by identity).
    func firstIndex(identicalTo node: NodeBase) -> Int? {
        let target = node.cell
        for position in 0..<count where base.unsafelyUnwrapped[position] == target {
            return position
        }
        return nil
    }

    /// Frees the memory; only the owner calls it, once, and uses the list no more.
    func deallocate() {
        base?.deallocate()
    }
}
