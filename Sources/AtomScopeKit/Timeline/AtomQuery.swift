/// Matching what a user typed against atom ids.
enum AtomQuery {
    enum Resolution: Equatable {
        case found(String)
        case ambiguous([String])
        case unknown(suggestions: [String])
    }

    /// How many suggestions an unknown query gets.
    static let suggestionCount = 3

    static func resolve(_ query: String, among ids: [String]) -> Resolution {
        if ids.contains(query) { return .found(query) }
        let folded = query.lowercased()
        let foldedIDs = ids.map { $0.lowercased() }
        let rules: [(String, String) -> Bool] = [
            { id, _ in id.hasPrefix(query) },
            { _, lower in lower == folded },
            { _, lower in lower.hasPrefix(folded) },
            { _, lower in !folded.isEmpty && lower.contains(folded) },
        ]
        for rule in rules {
            let matches = zip(ids, foldedIDs).filter { rule($0, $1) }.map(\.0)
            if matches.count == 1 { return .found(matches[0]) }
            if matches.count > 1 { return .ambiguous(matches) }
        }
        return .unknown(suggestions: suggestions(for: folded, among: ids, folded: foldedIDs))
    }

    /// The ids nearest to a query by edit distance (ignoring case), nearest first, among
    /// those near enough to be a plausible typo.
    private static func suggestions(for query: String, among ids: [String], folded: [String]) -> [String] {
        guard !query.isEmpty else { return [] }
        let limit = max(2, query.count / 2)
        let queryScalars = Array(query.unicodeScalars.prefix(EditDistance.maximumLength))
        var scored: [(distance: Int, id: String)] = []
        for (id, lower) in zip(ids, folded) {
            let scalars = Array(lower.unicodeScalars.prefix(EditDistance.maximumLength))
            // An id is also near when the query is near its start: `cunt` for `CountAtom`.
            let whole = EditDistance.between(queryScalars, scalars)
            let start = EditDistance.between(queryScalars, Array(scalars.prefix(queryScalars.count)))
            let distance = min(whole, start + 1)
            if distance <= limit {
                scored.append((distance, id))
            }
        }
        scored.sort { ($0.distance, $0.id) < ($1.distance, $1.id) }
        return scored.prefix(suggestionCount).map(\.id)
    }
}

/// Levenshtein distance: insertions, deletions and substitutions of Unicode scalars.
enum EditDistance {
    /// Longer texts are compared by this many scalars, so that no query costs more than a
    /// small fixed amount per id.
    static let maximumLength = 128

    static func between(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar]) -> Int {
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for (i, left) in lhs.enumerated() {
            current[0] = i + 1
            for (j, right) in rhs.enumerated() {
                let substitution = previous[j] + (left == right ? 0 : 1)
                current[j + 1] = min(substitution, previous[j + 1] + 1, current[j] + 1)
            }
            swap(&previous, &current)
        }
        return previous[rhs.count]
    }
}
