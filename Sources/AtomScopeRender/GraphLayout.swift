/// A Graphviz layout engine used by ``GraphRenderer``.
///
/// The raw value is Graphviz's engine name.
public enum GraphLayout: String, Sendable, CaseIterable, Hashable {
    /// Hierarchical layout: the clearest for dependency graphs, but super-linear in size.
    case dot
    /// Scalable force-directed layout: the only choice for thousands of nodes.
    case sfdp
    /// Spring-model layout.
    case neato

    /// The largest layered size (``automatic(nodeCount:virtualNodeCount:)``) that the
    /// automatic choice still lays out with ``dot``.
    ///
    /// `dot`'s cost does not follow the node count: it follows the nodes it actually places,
    /// which include one virtual node per rank that an edge crosses. Measured on this
    /// project's reference machine (Debian 12, Graphviz 2.43), `dot -Tsvg`:
    ///
    /// | graph                                   | nodes | + virtual | dot     | sfdp   |
    /// |-----------------------------------------|------:|----------:|--------:|-------:|
    /// | dependency DAG, 1–2 upstreams, shallow   |   500 |     1,126 |  0.09 s | 0.07 s |
    /// | dependency DAG, 5 scope clusters         | 1,005 |     5,394 |  0.82 s | 0.16 s |
    /// | dependency DAG                           | 2,000 |    10,305 |  6 s    | 0.33 s |
    /// | chain of 100 plus fan-out from its root  |   100 |     2,550 |  1.2 s  |        |
    /// | chain of 130 plus fan-out from its root  |   130 |     4,290 |  9.3 s  |        |
    /// | chain of 200 plus fan-out from its root  |   200 |    10,100 | > 120 s |        |
    /// | 200 nodes, 8 random upstreams each       |   200 |    14,991 |  58 s   |        |
    /// | dependency DAG (issue #4)                | 5,000 |           | 15 min  | 3 s    |
    ///
    /// So a 200-node graph can stall `dot` for minutes while a shallow 1,000-node one takes
    /// under a second. Up to 2,500 placed nodes, every shape measured stayed at or under
    /// 1.2 s with `dot`, whose layered drawing is the readable one; beyond that `dot`'s time
    /// climbs steeply and `sfdp` stays under a second up to thousands of nodes.
    public static let automaticThreshold = 2_500

    /// The engine to use when the user named none: ``dot`` while `nodeCount` plus
    /// `virtualNodeCount` is at most ``automaticThreshold``, ``sfdp`` beyond.
    ///
    /// - Parameters:
    ///   - nodeCount: the graph's nodes.
    ///   - virtualNodeCount: the virtual nodes `dot` would add: for each edge, the ranks it
    ///     spans minus one. ``GraphRenderer`` estimates it from the parsed graph (ranks by
    ///     longest path, an upper bound of `dot`'s own ranking) when it is given no layout;
    ///     pass 0 when unknown.
    public static func automatic(nodeCount: Int, virtualNodeCount: Int = 0) -> GraphLayout {
        let (placed, overflow) = nodeCount.addingReportingOverflow(virtualNodeCount)
        return !overflow && placed <= automaticThreshold ? .dot : .sfdp
    }

    /// Parses an engine name such as `dot` (case-insensitive).
    public init(name: String) throws(GraphRenderError) {
        guard let layout = GraphLayout(rawValue: name.lowercased()) else {
            throw .unknownLayout(name)
        }
        self = layout
    }
}
