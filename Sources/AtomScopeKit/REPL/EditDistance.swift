/// The Levenshtein distance between two strings, ignoring case, for "did you mean"
/// suggestions.
public func editDistance(_ lhs: String, _ rhs: String) -> Int {
    EditDistance.between(Array(lhs.lowercased().unicodeScalars), Array(rhs.lowercased().unicodeScalars))
}
