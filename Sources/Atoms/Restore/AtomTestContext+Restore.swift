extension AtomTestContext {
    /// Sets every cached atom whose id `source` holds a decodable value for, as one
    /// transaction whose commit has the cause `restore`, so that a test can start from a
    /// state captured elsewhere.
    ///
    /// Only atoms already cached are matched: watch the atoms first. Entries that cannot be
    /// applied are skipped and listed in the report with the reason.
    @discardableResult
    public func restore(from source: some AtomValueSource, fileID: String = #fileID, line: UInt = #line) -> AtomRestoreReport {
        store.restore(from: source, at: SourceLocation(fileID: fileID, line: line))
    }
}
