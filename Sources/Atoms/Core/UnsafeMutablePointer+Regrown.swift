extension UnsafeMutablePointer {
    /// New memory for `capacity` elements, holding the first `count` elements moved out of
    /// `base`, whose memory is freed: how the commit's `CommittedAtomStorage` and the
    /// `OwnedReferenceList` grow (`NodeList` keeps its own steps; see there). `count` is at most `capacity`.
    static func regrown(from base: UnsafeMutablePointer?, count: Int, capacity: Int) -> UnsafeMutablePointer {
        let grown = allocate(capacity: capacity)
        if let base {
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        return grown
    }
}
