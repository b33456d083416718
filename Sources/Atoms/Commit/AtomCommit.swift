/// The end of one transaction, as commit observers receive it.
@MainActor
public struct AtomCommit {
    /// The commit's number within its store. It only grows.
    public let number: Int
    /// What started the transaction.
    public let cause: AtomCause
    /// What the transaction changed.
    public let changes: AtomChangeSet

    private let store: AtomStore

    init(number: Int, cause: AtomCause, changes: AtomChangeSet, store: AtomStore) {
        self.number = number
        self.cause = cause
        self.changes = changes
        self.store = store
    }

    /// Captures the whole store. Called from the observer, before any later transaction, it
    /// is the state this commit produced.
    ///
    /// Costs O(store size): the change set alone is what keeps recording O(changes).
    public func snapshot() -> Snapshot {
        store.makeSnapshot()
    }
}
