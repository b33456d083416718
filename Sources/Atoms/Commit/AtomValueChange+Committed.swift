/// The node a change's value came from, and which of its committed values that was.
struct CommittedValueSource {
    let node: NodeBase
    let revision: Int
}

extension AtomValueChange {
    /// Calls `body` with the change's value where the store keeps it, and its type, without
    /// boxing it in `Any`: for a recorder, which would otherwise pay the runtime's existential
    /// copies and casts for every value of every commit. Returns `nil`, without calling `body`,
    /// when the value is not there any more (a later commit replaced it, or the atom is
    /// asynchronous and its value is the status of its work): ``value`` holds it then.
    ///
    /// The pointer is valid only during `body`; the value there is of the type passed. The
    /// change is passed by address: a method call on a change read through a pointer would
    /// copy the whole change (its atom's strings, its boxed value) first.
    @_spi(Recording)
    @MainActor
    public static func withCommittedValue<Result>(
        of change: UnsafePointer<AtomValueChange>, _ body: (UnsafeRawPointer, any Any.Type) -> Result
    ) -> Result? {
        guard let source = change.pointee.source, source.node.committedRevision == source.revision else { return nil }
        return source.node.withCommittedValue(body)
    }
}
