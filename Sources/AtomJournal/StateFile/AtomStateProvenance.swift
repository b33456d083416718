import Foundation

/// Where the values of a state file came from, so that a person holding the file can go
/// back to the moment it captured.
///
/// Every field is optional: a file exported from a journal knows the journal and the
/// step, one written from a live store knows only its commit.
public struct AtomStateProvenance: Hashable, Sendable {
    /// The journal the values were exported from, as the exporter was given it.
    public var journal: String?
    /// The journal step whose state the file holds.
    public var step: Int?
    /// The number of the store's commit that produced the state.
    public var commit: Int?
    /// When that commit happened. The file keeps it exactly: reading the file back gives
    /// this very `Date`.
    public var time: Date?

    /// Creates a provenance.
    public init(journal: String? = nil, step: Int? = nil, commit: Int? = nil, time: Date? = nil) {
        self.journal = journal
        self.step = step
        self.commit = commit
        self.time = time
    }

    /// Whether the provenance says nothing, in which case the file leaves it out.
    var isEmpty: Bool {
        journal == nil && step == nil && commit == nil && time == nil
    }
}
