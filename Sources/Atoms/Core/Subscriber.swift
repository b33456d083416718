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
    @exclusivity(unchecked) var watching = IdentitySet<ContiguousArray<NodeBase>>()
    var onUpdate: (@MainActor () -> Void)?
    /// Called after `onUpdate`, for waiters that the owning context manages itself.
    var onUpdateInternal: (@MainActor () -> Void)?
    @exclusivity(unchecked) var notifiedEpoch = 0
    /// The scope of the context that owns the subscriber; `nil` for the root.
    let scope: ScopeState?

    init(number: Int, location: SourceLocation, scope: ScopeState?, name: String? = nil) {
        self.number = number
        self.location = location
        self.scope = scope
        // An empty name could not be shown; it counts as none, as journals read it.
        self.name = name?.isEmpty == false ? name : nil
    }

    /// The node of `atom` among the few this subscriber watches, found by comparing keys.
    func watchedNode<A: Atom>(for atom: A) -> Node<A>? {
        let nodes = watching.items
        guard nodes.count <= Self.scannedLength else { return nil }
        for node in nodes {
            if let typed = Node.matching(node, atom) { return typed }
        }
        return nil
    }

    /// How many watched atoms are searched by comparing keys; beyond, one hash costs less.
    static var scannedLength: Int { 8 }

    var info: SubscriberInfo {
        SubscriberInfo(number: number, location: location, name: name)
    }
}
