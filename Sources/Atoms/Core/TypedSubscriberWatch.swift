// The typed fast path of a view context watching again an atom it already watches (an effect
// re-reading its leaf at each update, a screen reading what it shows). Inlinable in
// `AtomViewContext.watch`, like the typed watch inside an evaluation (`TypedWatch.swift`):
// the atom's key is compared with its own key type and the value loaded typed in the caller's
// module, where the general `watch(_:subscriber:at:typed:)`, compiled once for every atom
// type, asked the runtime for associated types and witnesses at each step, about 500
// instructions a re-watch. The subscriber's list is read here, in a non-generic function of
// this module, so that its fields keep their unchecked access.

extension AtomStore {
    /// The cell of the node of `type` that `matches` (which compares keys) among the few
    /// nodes `subscriber` watches; `nil` if it watches none such, or more than the few.
    ///
    /// A node in a subscriber's `watching` has the subscriber among its own subscribers
    /// (`subscribe` and `unsubscribe` change both sides together), so the caller reads it as
    /// the general watch reads a node it found subscribed.
    @usableFromInline
    func watchedCell(of subscriber: Subscriber, type: ObjectIdentifier, matches: (NodeRef) -> Bool) -> NodeRef? {
        // Read in place, not through a copy of the list (a retain and a release of its storage).
        let count = subscriber.watching.items.count
        guard count <= Subscriber.scannedLength else { return nil }
        for index in 0..<count {
            let cell = subscriber.watching.items[index].cell
            if cell.pointee.atomType == type, matches(cell) { return cell }
        }
        return nil
    }
}
