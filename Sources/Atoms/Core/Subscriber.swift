/// Something outside the graph that watches atoms: a view context or a test context.
///
/// The store holds subscribers strongly through the nodes they watch; the context that owns
/// a subscriber unsubscribes it when the context goes away, so no cycle keeps either alive.
/// The fields marked `@exclusivity(unchecked)` skip the runtime's exclusivity check: see the
/// proof at ``NodeBase``.
@MainActor
@usableFromInline
final class Subscriber {
    let number: Int
    /// Where the subscriber first watched an atom; until then, where it was created.
    var location: SourceLocation
    /// The name the app gave the context (`root.context(name: "TodoScreen")`), shown instead
    /// of the location.
    let name: String?
    @exclusivity(unchecked) var hasWatched = false
    /// The atoms this subscriber watches; changed only through ``addWatched(_:)``,
    /// ``removeWatched(_:)`` and ``removeAllWatched()``, which keep ``firstWatchedCell``.
    @exclusivity(unchecked) private(set) var watching = IdentitySet<ContiguousArray<NodeBase>>()
    /// The cell of the first node in `watching`: what an effect re-reading the one atom it
    /// watches finds inline in `AtomViewContext.watch`, with no call. Valid while that node
    /// is in `watching`, which holds it; `nil` when nothing is watched.
    @usableFromInline @exclusivity(unchecked) private(set) var firstWatchedCell: NodeRef?
    var onUpdate: (@MainActor () -> Void)?
    /// Called after `onUpdate`, for waiters that the owning context manages itself.
    var onUpdateInternal: (@MainActor () -> Void)?
    @exclusivity(unchecked) var notifiedEpoch = 0
    /// The scope of the context that owns the subscriber; `nil` for the root.
    @usableFromInline let scope: ScopeState?

    init(number: Int, location: SourceLocation, scope: ScopeState?, name: String? = nil) {
        self.number = number
        self.location = location
        self.scope = scope
        // An empty name could not be shown; it counts as none, as journals read it.
        self.name = name?.isEmpty == false ? name : nil
    }

    /// Adds a watched node, if it was not watched already.
    func addWatched(_ node: NodeBase) {
        guard watching.insert(node) else { return }
        if firstWatchedCell == nil { firstWatchedCell = node.cell }
    }

    /// Removes a watched node, if it was watched.
    func removeWatched(_ node: NodeBase) {
        watching.remove(node)
        // A removal may move another node to the front.
        firstWatchedCell = watching.items.first?.cell
    }

    /// Removes every watched node.
    func removeAllWatched() {
        watching.removeAll()
        firstWatchedCell = nil
    }

    /// The node of `atom` among the few this subscriber watches, found by comparing keys.
    func watchedNode<A: Atom>(for atom: A) -> Node<A>? {
        let key = atom.key
        guard let cell = watchedCell(type: ObjectIdentifier(A.self), matches: { Node<A>.hasKey(cell: $0, key) }) else { return nil }
        // A node of `A`'s type is a `Node<A>` (its key holds the type's identity).
        return unsafeDowncast(cell.pointee.node.takeUnretainedValue(), to: Node<A>.self)
    }

    /// The cell of the node of `type` that `matches` (which compares keys) among the few
    /// nodes this subscriber watches; `nil` if it watches none such, or more than the few.
    ///
    /// Called with a typed comparison from `AtomViewContext.watch`, which is inlinable: a
    /// context watching again what it watches (an effect re-reading its leaf) compares the
    /// atom's own key type and loads the value in the caller's module, where the generic
    /// `AtomStore.watch(_:subscriber:at:typed:)` asked the runtime for associated types and
    /// witnesses at each step, about 500 instructions a re-watch. A node found here has this
    /// subscriber among its own subscribers (`subscribe` and `unsubscribe` change both sides
    /// together). The list is read in place, here in this module, so `watching` keeps its
    /// unchecked access and no copy of it is retained.
    @usableFromInline
    func watchedCell(type: ObjectIdentifier, matches: (NodeRef) -> Bool) -> NodeRef? {
        let count = watching.items.count
        guard count <= Self.scannedLength else { return nil }
        for index in 0..<count {
            let cell = watching.items[index].cell
            if cell.pointee.atomType == type, matches(cell) { return cell }
        }
        return nil
    }

    /// How many watched atoms are searched by comparing keys; beyond, one hash costs less.
    private static var scannedLength: Int { 8 }

    var info: SubscriberInfo {
        SubscriberInfo(number: number, location: location, name: name)
    }
}
