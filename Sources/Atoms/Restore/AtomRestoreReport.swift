/// What a restore from an ``AtomValueSource`` did with each entry of the source.
///
/// A restore never fails as a whole: one bad entry must not keep the others from being
/// restored, so the report is where a caller learns what did not come back.
public struct AtomRestoreReport: Hashable, Sendable, CustomStringConvertible {
    /// The atoms whose values were set from the source, ordered by id, including those
    /// whose value was already equal.
    public let restored: [AtomID]
    /// The restored atoms whose value differed, ordered by id: only their subscribers were
    /// notified.
    public let changed: [AtomID]
    /// The entries that were not applied, ordered by id.
    public let skipped: [AtomRestoreSkip]

    /// Creates a report.
    public init(restored: [AtomID], changed: [AtomID], skipped: [AtomRestoreSkip]) {
        self.restored = restored
        self.changed = changed
        self.skipped = skipped
    }

    /// Whether every entry of the source was restored.
    public var isComplete: Bool { skipped.isEmpty }

    /// A summary, then one line per skipped entry.
    public var description: String {
        var lines = ["restored \(restored.count) atom\(restored.count == 1 ? "" : "s") (\(changed.count) changed), skipped \(skipped.count)"]
        lines += skipped.map { "  \($0)" }
        return lines.joined(separator: "\n")
    }
}
