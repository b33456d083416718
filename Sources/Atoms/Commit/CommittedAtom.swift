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
    @usableFromInline let node: NodeBase
    /// The node's committed revision when the commit was made.
    @usableFromInline let revision: Int

    init(_ node: NodeBase) {
        self.node = node
        revision = node.committedRevision
    }

    /// The atom's number in its store (``AtomInfo/number``).
    @inlinable
    public var number: Int { node.number }

    /// Calls `body` with the atom's committed value in place and its type, without boxing it.
    /// Returns `nil`, without calling `body`, when a later commit has replaced the value or
    /// when the atom is asynchronous (its value is then the status of its work: use
    /// ``value``). The pointer is valid only during `body`.
    @inlinable
    public func withCommittedValue<Result>(_ body: (UnsafeRawPointer, any Any.Type) -> Result) -> Result? {
        guard node.committedRevision == revision else { return nil }
        return node.withCommittedValue(body)
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
    /// `nil`. Not inlinable on purpose: here the node's fields are read without the
    /// exclusivity checks and accessor calls that code inlined into a recorder pays for each.
    public func committedAddress(of type: any Any.Type) -> UnsafeRawPointer? {
        guard node.committedRevision == revision, let address = node.committedAddress, node.committedType == type else { return nil }
        return address
    }

    /// The value the commit gave the atom, boxed; `nil` when the atom has none or a later
    /// commit has replaced it.
    public var value: Any? {
        guard node.committedRevision == revision else { return nil }
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
