/// The end of one transaction, as commit observers receive it.
@MainActor
public struct AtomCommit {
    /// The commit's number within its store. It only grows.
    public let number: Int

    // A commit is copied to each observer and destroyed after: with the cause's strings and
    // optionals stored here, that cost a recorder about 1,500 instructions a commit in value
    // witnesses. The cause lives in the record, which a commit kept past its observer's call
    // keeps (`AtomStore.settlePendingCommit()`).
    private let record: CommitRecord
    private let store: AtomStore

    init(number: Int, record: CommitRecord, store: AtomStore) {
        self.number = number
        self.record = record
        self.store = store
    }

    /// What started the transaction.
    public var cause: AtomCause {
        let pending = record.cause
        var atom: AtomID?
        if let node = pending.node { atom = store.info(for: node).id }
        return AtomCause(
            operation: pending.operation,
            atom: atom,
            atomNumber: pending.node?.number,
            location: pending.location,
            label: pending.label
        )
    }

    /// ``AtomCause/operation`` of ``cause``, without building the cause.
    @_spi(Recording)
    public var causeOperation: AtomOperation { record.cause.operation }

    /// ``AtomCause/atomNumber`` of ``cause``, without building the cause.
    @_spi(Recording)
    public var causeAtomNumber: Int? { record.cause.node?.number }

    /// ``AtomCause/location`` of ``cause``, without building the cause.
    @_spi(Recording)
    public var causeLocation: SourceLocation? { record.cause.location }

    /// ``AtomCause/label`` of ``cause``, without building the cause.
    @_spi(Recording)
    public var causeLabel: String? { record.cause.label }

    /// What the transaction changed.
    ///
    /// Built the first time it is asked for, from the store's nodes. A commit kept past its
    /// observer's call keeps this commit's values: the store builds the change set of a kept
    /// commit before the next transaction can change them.
    public var changes: AtomChangeSet {
        record.changes(in: store)
    }

    /// Captures the whole store. Called from the observer, before any later transaction, it
    /// is the state this commit produced.
    ///
    /// Costs O(store size): the change set alone is what keeps recording O(changes).
    public func snapshot() -> Snapshot {
        store.makeSnapshot()
    }

    // MARK: For a recorder

    /// Whether the commit has more than updated atoms: atoms initialized, recomputed or
    /// released, or dependencies or subscriptions that appeared or disappeared.
    ///
    /// A recorder that sees `false` reads ``updatedAtoms`` alone: each list read costs a
    /// retain and a release, even an empty one.
    @_spi(Recording)
    public var hasMoreThanUpdates: Bool { record.hasMoreThanUpdates }

    /// Calls `body` with ``updatedAtoms`` in place, without the view: a view keeps the
    /// commit's record, a retain and a release a commit. The pointer is valid only during
    /// `body`.
    @_spi(Recording)
    @inlinable
    public func withUpdatedAtoms<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<CommittedAtom>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // The commit keeps its record, whose memory this is, for the whole call.
        try body(updatedAtomsBuffer)
    }

    /// The memory of the updated atoms' list, valid while this commit lives: read it
    /// through ``withUpdatedAtoms(_:)``, which keeps the commit for the whole call.
    @_spi(Recording)
    public var updatedAtomsBuffer: UnsafeBufferPointer<CommittedAtom> {
        UnsafeBufferPointer(start: record.updated.base, count: record.updated.count)
    }

    /// Atoms that came into existence (``AtomChangeSet/initialized``), read in place.
    @_spi(Recording)
    public var initializedAtoms: CommittedAtoms { record.atoms(record.initialized) }

    /// Atoms whose value changed (``AtomChangeSet/updated``), read in place.
    @_spi(Recording)
    public var updatedAtoms: CommittedAtoms { record.atoms(record.updated) }

    /// Atoms recomputed or set to an equal value (``AtomChangeSet/recomputed``).
    @_spi(Recording)
    public var recomputedAtoms: CommittedAtoms { record.atoms(record.recomputed) }

    /// Atoms released (``AtomChangeSet/released``).
    @_spi(Recording)
    public var releasedAtoms: CommittedAtoms { record.atoms(record.released) }

    /// Dependencies that appeared (``AtomChangeSet/edgesAdded``).
    @_spi(Recording)
    public var addedEdges: ContiguousArray<CommittedEdge> { record.edgesAdded }

    /// Dependencies that disappeared (``AtomChangeSet/edgesRemoved``).
    @_spi(Recording)
    public var removedEdges: ContiguousArray<CommittedEdge> { record.edgesRemoved }

    /// Subscriptions that appeared (``AtomChangeSet/subscriptionsAdded``).
    @_spi(Recording)
    public var addedSubscriptions: ContiguousArray<CommittedSubscription> { record.subscriptionsAdded }

    /// Subscriptions that disappeared (``AtomChangeSet/subscriptionsRemoved``).
    @_spi(Recording)
    public var removedSubscriptions: ContiguousArray<CommittedSubscription> { record.subscriptionsRemoved }

    /// The description of one of the commit's atoms, as ``changes`` would give it.
    @_spi(Recording)
    public func info(of atom: CommittedAtom) -> AtomInfo {
        store.info(for: atom.node)
    }
}
