/// Compares two values when their type is `Equatable`; values of other types never compare
/// equal, so a restore treats them as changed.
func valuesEqual<T>(_ lhs: T, _ rhs: T) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return lhs.isEqual(to: rhs)
}

extension Equatable {
    func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
