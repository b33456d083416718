/// A graph's size and the shape of its ranks: what decides how long `dot` takes to lay it out,
/// and so which engine ``GraphLayoutPlan/automatic(for:)`` picks.
///
/// `dot` places nodes on ranks and gives every edge that crosses ranks one virtual node per
/// rank it passes, then orders and positions all of them: its work follows the placed nodes and
/// the edges, not the node count. A chain of 200 atoms with an edge from its root to every
/// other atom has 200 nodes but about 10,000 placed ones.
public struct GraphShape: Sendable, Hashable {
    /// The graph's nodes.
    public var nodeCount: Int
    /// The graph's edges.
    public var edgeCount: Int
    /// The ranks of a longest-path ranking (edges that close a cycle left out, as `dot` reverses
    /// them): the nodes on the longest chain of edges; 0 for an empty graph.
    public var rankCount: Int
    /// The virtual nodes `dot` would add: for every edge, the ranks it spans minus one, in the
    /// longest-path ranking. `dot` ranks by network simplex, which shortens edges, so this is
    /// an upper bound (about twice `dot`'s own count on atom graphs).
    public var virtualNodeCount: Int

    /// Creates a shape from counts measured elsewhere (``GraphRenderer/measure(dot:)``
    /// measures a DOT graph).
    public init(nodeCount: Int, edgeCount: Int, rankCount: Int = 0, virtualNodeCount: Int = 0) {
        self.nodeCount = nodeCount
        self.edgeCount = edgeCount
        self.rankCount = rankCount
        self.virtualNodeCount = virtualNodeCount
    }

    /// The nodes `dot` places: the graph's own and the virtual ones (`Int.max` on overflow).
    public var placedNodeCount: Int {
        let (sum, overflow) = nodeCount.addingReportingOverflow(virtualNodeCount)
        return overflow ? .max : sum
    }
}
