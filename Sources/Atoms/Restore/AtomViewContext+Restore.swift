extension AtomViewContext {
    /// Sets every cached atom whose id `source` holds a decodable value for, as one
    /// transaction whose commit has the cause `restore`.
    ///
    /// Restored values are authoritative: they are not recomputed, and only subscribers
    /// whose watched values differ are notified. Entries that cannot be applied (an atom
    /// that is not cached, a value type that is not `Decodable`, a value that does not
    /// decode, a redacted or display-only entry) are skipped, never fatal, and listed in
    /// the report with the reason.
    @discardableResult
    public func restore(from source: some AtomValueSource, fileID: String = #fileID, line: UInt = #line) -> AtomRestoreReport {
        store.restore(from: source, at: SourceLocation(fileID: fileID, line: line))
    }
}
