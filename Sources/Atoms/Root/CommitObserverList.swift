/// A store's commit observers, in a list the store owns and each of its observations shares.
///
/// An observation cancels itself here, not through the store: a weak reference to the store
/// would give the store a side table, and from then on every retain and release of the store
/// (one pair per recomputed atom, through its contexts) takes the runtime's slow path, about
/// 130 instructions a recomputed atom for as long as anything observes commits. The store
/// removes cancelled observers, and stops tracking changes when none is left, before its next
/// transaction and before it makes a commit (`AtomStore.pruneCancelledObservers()`), so a
/// cancelled observer gets no commit after it was cancelled, as if it had been removed at once.
///
/// Exclusivity: `entries` and `cancelled` are read at every transaction while anything
/// observes, and their run-time checks cost about 150 instructions a commit. They are not
/// checked: every access is a single read, append or assignment on the main actor, and the
/// one closure run during an access (the filter in `removeCancelled()`) only reads a local
/// copy. An observer that cancels or adds an observation during delivery changes the list,
/// not the copy the store iterates.
@MainActor
final class CommitObserverList {
    struct Entry {
        let id: Int
        let body: @MainActor (AtomCommit) -> Void
    }

    @exclusivity(unchecked) private(set) var entries: [Entry] = []
    /// Observations cancelled since the store last removed them.
    @exclusivity(unchecked) private(set) var cancelled: [Int] = []

    var isEmpty: Bool { entries.isEmpty }

    func append(id: Int, body: @escaping @MainActor (AtomCommit) -> Void) {
        entries.append(Entry(id: id, body: body))
    }

    func cancel(id: Int) {
        cancelled.append(id)
    }

    /// Whether an observation was cancelled since the store last removed the cancelled ones.
    var hasCancelled: Bool { !cancelled.isEmpty }

    /// Removes the cancelled observers; returns whether there were any.
    func removeCancelled() -> Bool {
        guard !cancelled.isEmpty else { return false }
        let ids = cancelled
        cancelled.removeAll()
        entries.removeAll { ids.contains($0.id) }
        return true
    }
}
