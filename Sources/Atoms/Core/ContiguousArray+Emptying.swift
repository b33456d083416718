extension ContiguousArray {
    /// Empties the list for reuse, keeping its capacity. Most transactions leave most of the
    /// engine's lists empty, and emptying an empty list would still check its buffer's
    /// uniqueness, at every write.
    @inline(__always)
    mutating func emptyForReuse() {
        if !isEmpty {
            removeAll(keepingCapacity: true)
        }
    }
}
