/// The atoms of one list of a commit (initialized, updated, recomputed or released), as the
/// store lists them: a view of memory that the commit's record owns, and keeps while a view of
/// it exists.
///
/// A recorder reads the updated atoms of every commit. As a `ContiguousArray`, the list cost
/// the store about 15 instructions an atom to append (a uniqueness and a capacity check of the
/// array's buffer, the count written back) and the general `replaceSubrange` to empty
/// before the next commit; in memory the record owns, an append is a store and a count, and
/// emptying is setting the count.
@_spi(Recording)
public struct CommittedAtoms: RandomAccessCollection {
    /// The record whose memory this is: while the view holds it, the store neither empties
    /// nor reuses it (`AtomStore.settlePendingCommit()` reuses only a record nothing else
    /// references), so the memory stays as the commit left it.
    @usableFromInline let owner: AnyObject
    @usableFromInline let base: UnsafePointer<CommittedAtom>?
    /// How many atoms the list holds.
    public let count: Int

    init(_ storage: CommittedAtomStorage, owner: AnyObject) {
        self.owner = owner
        base = UnsafePointer(storage.base)
        count = storage.count
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    /// The atom at `position`.
    @inlinable
    public subscript(position: Int) -> CommittedAtom {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "CommittedAtoms index out of range")
        return base.unsafelyUnwrapped[position]
    }

    /// Walks the atoms with one comparison each, where indexing compared twice (the end, then
    /// the index's own check).
    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(owner: owner, next: base, end: base.map { $0 + count })
    }

    /// The atoms in order; it keeps the record, as the view does.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let owner: AnyObject
        @usableFromInline var position: UnsafePointer<CommittedAtom>?
        @usableFromInline let end: UnsafePointer<CommittedAtom>?

        @inlinable
        init(owner: AnyObject, next: UnsafePointer<CommittedAtom>?, end: UnsafePointer<CommittedAtom>?) {
            self.owner = owner
            position = next
            self.end = end
        }

        @inlinable
        public mutating func next() -> CommittedAtom? {
            guard let current = position, current != end else { return nil }
            position = current + 1
            return current.pointee
        }
    }
}

/// The memory of one of a record's atom lists (``CommittedAtoms``): grown by doubling, emptied
/// by setting the count, freed by the record. `CommittedAtom` is two plain words, so nothing
/// needs destroying.
struct CommittedAtomStorage {
    private(set) var base: UnsafeMutablePointer<CommittedAtom>?
    private(set) var count = 0
    private var capacity = 0

    var isEmpty: Bool { count == 0 }

    /// Makes room for `minimum` atoms in all.
    mutating func reserveCapacity(_ minimum: Int) {
        guard minimum > capacity else { return }
        base = .regrown(from: base, count: count, capacity: minimum)
        capacity = minimum
    }

    @inline(__always)
    mutating func append(_ atom: CommittedAtom) {
        if count == capacity {
            reserveCapacity(Swift.max(8, capacity * 2))
        }
        (base.unsafelyUnwrapped + count).initialize(to: atom)
        count += 1
    }

    /// Empties the list, keeping its memory.
    mutating func removeAll() {
        count = 0
    }

    /// Frees the memory; the list is empty after.
    mutating func deallocate() {
        base?.deallocate()
        base = nil
        count = 0
        capacity = 0
    }
}
