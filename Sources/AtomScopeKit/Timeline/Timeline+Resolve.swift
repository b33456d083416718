extension Timeline {
    /// The atom id a user meant: the id itself, or the only id that the query starts, or
    /// equals or starts ignoring case, or is contained in ignoring case, tried in that
    /// order.
    ///
    /// - Throws: ``AtomScopeError/ambiguousAtom(query:matches:)`` when several ids match
    ///   equally well, or ``AtomScopeError/unknownAtom(path:query:suggestions:)`` with the
    ///   nearest ids by edit distance when none matches.
    public func resolve(atom query: String) throws(AtomScopeError) -> String {
        let resolution = AtomQuery.resolve(query, among: catalog.atomIDs)
        switch resolution {
        case .found(let id): return id
        case .ambiguous(let matches): throw .ambiguousAtom(query: query, matches: matches)
        case .unknown(let suggestions): throw .unknownAtom(path: path, query: query, suggestions: suggestions)
        }
    }

    /// The ids that complete a prefix, for tab completion, sorted.
    public func atomIDs(completing prefix: String) -> [String] {
        catalog.atomIDs.filter { $0.hasPrefix(prefix) }
    }
}
