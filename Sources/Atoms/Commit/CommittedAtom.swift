/// An atom of a commit as the store holds it, for a recorder that writes each commit while
/// its observer runs: the atom's number, and its value read in place, without the
/// ``AtomInfo`` and `Any` that each ``AtomValueChange`` of ``AtomCommit/changes`` costs.
///
/// Read it during the observer's call. The value it reads is the one its commit gave the
/// atom; once a later commit has replaced it, ``withCommittedValue(_:)`` returns `nil` and
/// ``value`` is `nil`, never a newer value.
@_spi(Recording)
@MainActor
public struct CommittedAtom {
    /// The node's cell, unretained. A commit's atoms are read while their nodes live: during
    /// the observers' calls, when every node of the commit is in the store or, released, in
    /// the transaction log, which holds it until the next transaction begins; and by the
    /// change set, which the store builds before that (`AtomStore.settlePendingCommit()`).
    /// A commit kept past that holds its nodes (`CommitRecord.keepNodes()`).
    @usableFromInline let cell: NodeRef
    /// The node's committed revision when the commit was made.
    @usableFromInline let revision: Int
    /// The committed value's bits, when the store compared it as one 8-byte word (see
    /// ``committedWord``); meaningful only with `hasWord`.
    @usableFromInline let word: UInt64
    @usableFromInline let hasWord: Bool

    init(_ cell: NodeRef) {
        self.cell = cell
        revision = cell.pointee.committed.revision
        word = 0
        hasWord = false
    }

    /// An atom whose committed value the store compared, and copied, as the 8-byte `word`.
    init(_ cell: NodeRef, word: UInt64) {
        self.cell = cell
        revision = cell.pointee.committed.revision
        self.word = word
        hasWord = true
    }

    /// The bits of the value the commit gave the atom, when the store compared them as one
    /// 8-byte word (an `Int`, a `UInt`, the other 8-byte integers): taken during the
    /// commit, so they are the commit's value whatever commits came after, and reading them
    /// asks nothing of the store. `nil` for any other value, and for the first commit of an
    /// atom (the store finds how to compare a type at its first comparison). A recorder that
    /// knows the atom's values are `Int`s reads its values from here.
    @inlinable
    public var committedWord: UInt64? { hasWord ? word : nil }

    /// The node, for what the cell does not hold.
    var node: NodeBase { cell.pointee.node.takeUnretainedValue() }

    /// The atom's number in its store (``AtomInfo/number``).
    @inlinable
    public var number: Int { cell.pointee.number }

    /// Calls `body` with the atom's committed value in place and its type, without boxing it.
    /// Returns `nil`, without calling `body`, when a later commit has replaced the value or
    /// when the atom is asynchronous (its value is then the status of its work: use
    /// ``value``). The pointer is valid only during `body`.
    public func withCommittedValue<Result>(_ body: (UnsafeRawPointer, any Any.Type) -> Result) -> Result? {
        guard cell.pointee.committed.revision == revision, let address = cell.pointee.committed.address else { return nil }
        return body(address, cell.pointee.committed.type)
    }

    /// The atom's committed value when it is of type `T`, read in place; `nil` when it is of
    /// another type, or when ``withCommittedValue(_:)`` would return `nil`.
    @inlinable
    public func committedValue<T>(as type: T.Type) -> T? {
        // Not `Optional.map`: a closure formed in main-actor code checks the executor at
        // each call.
        guard let address = committedAddress(of: type) else { return nil }
        return address.load(as: T.self)
    }

    /// Where the committed value is when it is still the commit's and of type `type`, else
    /// `nil`. Inlinable: a recorder asks for every changed atom, and the answer is three loads.
    @inlinable
    public func committedAddress(of type: any Any.Type) -> UnsafeRawPointer? {
        guard cell.pointee.committed.revision == revision, let address = cell.pointee.committed.address,
              cell.pointee.committed.type == type
        else { return nil }
        return UnsafeRawPointer(address)
    }

    /// What the observer of `token` last kept here with ``keepObserverState(_:token:)``;
    /// `nil` when it kept nothing, or another observer kept something since.
    @inlinable
    public func observerState(token: Int) -> UnsafeMutableRawPointer? {
        cell.pointee.committed.observerToken == token ? cell.pointee.committed.observerState : nil
    }

    /// Keeps `state` in the atom's cell for the observer of `token`, replacing what any
    /// observer kept there.
    public func keepObserverState(_ state: UnsafeMutableRawPointer?, token: Int) {
        cell.pointee.committed.observerState = state
        cell.pointee.committed.observerToken = token
    }

    /// The value the commit gave the atom, boxed; `nil` when the atom has none or a later
    /// commit has replaced it.
    public var value: Any? {
        guard cell.pointee.committed.revision == revision else { return nil }
        return node.committedAnyValue
    }
}

/// A dependency that a commit added or removed, as the store holds it.
@_spi(Recording)
@MainActor
public struct CommittedEdge {
    let upstream: NodeBase
    let downstream: NodeBase

    /// The number of the atom being watched.
    public var upstreamNumber: Int { upstream.number }
    /// The number of the atom that watches it.
    public var downstreamNumber: Int { downstream.number }
}

/// A subscription that a commit added or removed, as the store holds it.
@_spi(Recording)
@MainActor
public struct CommittedSubscription {
    let node: NodeBase
    let subscriber: Subscriber

    /// The number of the watched atom.
    public var atomNumber: Int { node.number }
    /// The subscriber.
    public var subscriberInfo: SubscriberInfo { subscriber.info }
}
