/// Stored atom values, keyed by atom id, that a store can restore without knowing how they
/// were stored.
///
/// `Atoms` does no file I/O, so a state file, a database row or a test fixture all reach
/// ``AtomViewContext/restore(from:fileID:line:)`` through this protocol: the source says
/// what it holds for each id, and each atom decodes its own value into its own type.
///
/// ```swift
/// let report = context.restore(from: source)
/// for skip in report.skipped {
///     log("\(skip.id): \(skip.reason)")
/// }
/// ```
public protocol AtomValueSource {
    /// Every atom id the source holds an entry for, restorable or not.
    ///
    /// Restore reports ids that match no cached atom, so the source has to be able to
    /// list them rather than only answer lookups.
    var atomIDs: [AtomID] { get }

    /// What the source holds for an atom, or `nil` if it holds nothing for that id.
    func entry(for id: AtomID) -> AtomSourceEntry?
}
