extension RangeReplaceableCollection {
    /// Empties the collection for reuse, keeping its capacity. Most transactions leave most
    /// of the engine's lists empty, and most commits most of a recorder's buffers, and
    /// emptying an empty array still replaces its whole range and checks its buffer's
    /// uniqueness (about 60 instructions), at every write.
    @inlinable @inline(__always)
    package mutating func emptyForReuse() {
        if !isEmpty {
            removeAll(keepingCapacity: true)
        }
    }
}
